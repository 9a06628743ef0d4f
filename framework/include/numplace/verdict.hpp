// Verdicts: what the host concludes from a plugin's answer.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "numplace/plugin_api.h"

namespace np {

enum class Verdict {
    invalid,   // malformed input, or a rule violation the plugin located
    none,      // complete search, no solution
    found,     // a solution; uniqueness not examined or not concluded
    unique,    // complete search found exactly one
    multiple,  // two or more, with two distinct witnesses
    unknown,   // the budget ran out before any conclusion
    error,     // the plugin could not answer (bad option, unsupported size, failure)
};

std::string_view verdict_name(Verdict v);
std::optional<Verdict> verdict_from_name(std::string_view name);

// What a well-formed answer means (status NP_OK):
//   two or more solutions               -> multiple
//   search exhausted, 0 / 1 solutions   -> none / unique (only from a plugin
//                                          that declares NP_CAP_PROVE_UNIQUE)
//   at least one solution otherwise     -> found (limit 1, budget, or a
//                                          plugin that cannot prove)
//   nothing otherwise                   -> unknown
Verdict decide_verdict(uint64_t count, uint32_t stop, bool plugin_can_prove);

}  // namespace np
