// The bench page's static plots: the cactus plot (puzzles solved against
// the time each took) and the bars (bench's own chart, harness/bench).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "report/report.hpp"

namespace np::report {

// One plugin's per-puzzle times on a dataset, microseconds; nullopt for a
// timeout or an answer without a time.
struct Series {
    std::string plugin;
    std::vector<std::optional<double>> us;
    std::size_t colour = 0;  // the plugin's place among the report's, as in the bars
};

// x: puzzles solved, y: time per puzzle (log): each plugin's times sorted.
// "" when no plugin has a time.
std::string cactus_svg(const std::string& dataset, const std::vector<Series>& series);
// bench's bar chart (puzzles/s, log scale) for one dataset's rates, inline.
std::string bars_svg(const std::string& dataset, const std::vector<std::pair<std::string, std::optional<double>>>& rates,
                     int number);
// The colour of the n-th plugin (Okabe-Ito, as bench's chart).
const char* colour(std::size_t n);

}  // namespace np::report
