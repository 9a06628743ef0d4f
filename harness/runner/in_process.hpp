// The runner that calls plugins in this process (in_process.cpp): one
// Session per plugin; a crash ends the process.
#pragma once

#include <memory>

#include "runner/runner.hpp"

namespace np::runner {

std::unique_ptr<Runner> make_in_process_runner();

}  // namespace np::runner
