// What numplace rate and rate --compare share: a row (an input, its parse,
// the plugin's answer and the harness's rating) and how rows come to be.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/choose.hpp"
#include "cli/cli.hpp"
#include "numplace/host.hpp"
#include "numplace/input.hpp"
#include "rating/rating.hpp"
#include "cli/commands/settle.hpp"

namespace np::cli {

struct RateRow {
    InputItem item;
    ParseResult parsed;
    SolveOutcome outcome;
    rating::Rating rated;
    const ChosenPlugin* plugin = nullptr;  // the explainer of its shape; none for an invalid input
    Settled settled;                       // by the oracle, before it is rated
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

// Puzzles rated in parallel: -j, else the usable CPUs; 1 with --in-process.
unsigned rate_threads(const Args& args);

// A plugin as a rater (rate_plugins.cpp): `plugin:NAME` in --compare names
// a plugin or a command-line solver whose answers report a `rating` counter.
inline constexpr const char* kPluginRaterPrefix = "plugin:";
bool is_plugin_rater(const std::string& rater);
// The plugin such a rater names, able to solve; nullopt (one line said)
// when it cannot be used. Asked before any puzzle is rated.
std::optional<Plugin> plugin_rater(const Args& args, Streams io, const std::string& rater);
// Solves each row's puzzle with it: the rating it claims, one per row, NaN
// where it gives none. A counter `se_rating` (tenths of Sudoku Explainer's
// scale) is taken before `rating`; the ratings are SE-style (classes and
// differences apply) when every one it gave was.
struct PluginRatings {
    std::vector<double> values;
    bool se_scale = false;
};
PluginRatings plugin_ratings(const Args& args, const Plugin& plugin, const std::vector<RateRow>& rows);
std::vector<FlagSpec> compare_flags();

}  // namespace np::cli
