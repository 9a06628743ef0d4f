// fuzz --variants: the run (variant_run.cpp). Called by fuzz::run when
// Settings::variants is set, in place of the classic cases. Internal to
// harness/fuzz.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fuzz/context.hpp"
#include "fuzz/fuzz.hpp"

namespace np::fuzz {

// Seeds of variant cases until keep_going findings, the seeds or the time;
// the findings, tallies and counts go into `result`. The kinds drawn are
// Settings::variant_kinds (empty: every kind a tested plugin takes), each
// a tested plugin takes; the plugins judged are the tested ones that take
// some kind. A usage error (no tested plugin takes a kind asked for) is
// returned.
std::optional<std::string> run_variants(const Settings& s, Context& ctx, const std::vector<Plugin>& tested,
                                        Result& result);

}  // namespace np::fuzz
