// What numplace rate and rate --compare share: a row (an input, its parse,
// the plugin's answer and the harness's rating) and how rows come to be.
#pragma once

#include <functional>
#include <vector>

#include "cli.hpp"
#include "numplace/host.hpp"
#include "numplace/input.hpp"
#include "rating.hpp"

namespace np::cli {

struct RateRow {
    InputItem item;
    ParseResult parsed;
    SolveOutcome outcome;
    rating::Rating rated;
};

// Whether the rating of a row stands: a puzzle, a plugin that answered
// without fault, and every technique in the table.
bool row_rated(const RateRow& row);

struct CompareSetup {
    // Reads the inputs into `rows`, rated by the chosen plugin when `rate`
    // is set; a non-zero exit code when that cannot start.
    std::function<int(bool rate, std::vector<RateRow>& rows)> rate;
};

int compare_ratings(const Args& args, Streams io, const CompareSetup& setup);
std::vector<FlagSpec> compare_flags();

}  // namespace np::cli
