// Whether a puzzle has one solution, settled by the oracle before it is
// rated or explained (issue 41; `numplace rate` and `numplace explain`): a
// puzzle with several solutions, or none, has no rating, and logic that
// runs on it only gets stuck after seconds. The oracle's word stands only
// on its certificate: two distinct solutions, each checked against the
// rules, for "several"; a proof the host checked for "none". Anything less
// leaves the puzzle unsettled, and it is rated.
#pragma once

#include <string>
#include <vector>

#include "runner/runner.hpp"

namespace np::truth {

enum class Solutions { one, several, none, unsettled };

struct Settled {
    Solutions solutions = Solutions::unsettled;
    std::string oracle;  // who settled it
};

// One oracle call (limit 2, proofs asked when it proves) for these puzzles,
// in order; the oracle must prove uniqueness (NP_CAP_PROVE_UNIQUE).
std::vector<Settled> settle(runner::Runner& runner, const Plugin& oracle, const std::vector<const Grid*>& puzzles,
                            const Budget& budget);

}  // namespace np::truth
