// Internal to the host: the reading of a command-line solver's output, apart
// from running the solver, so that tests (the libFuzzer target
// tests/libfuzzer/external_output.cpp) can feed it any text. Not installed.
#pragma once

#include <string>

#include "numplace/plugin_api.h"

namespace np::detail {

// What solve() makes of `text`, a solver's whole output (for `input: lines`,
// its answer line), after the solver ended normally: the status, and
// `result` filled in for the host to certify. `instance` comes from
// ExternalPlugin::create() of the description that says how to read it.
int read_solver_output(void* instance, const np_solve_request& request, const std::string& text,
                       np_solve_result& result);

}  // namespace np::detail
