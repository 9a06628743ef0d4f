// The bench chart: one grouped bar chart as a self-contained SVG file.
// Datasets on the horizontal axis, one bar per plugin in each group, the
// rate (puzzles/s) on a log scale with labelled ticks, a title, a legend and
// each bar's value written on it, so that the picture reads without the
// table. No plugin or dataset is known by name here. A library of its own
// (numplace_chart): bench writes it (--chart) and report draws it in a page,
// and neither links the other for it.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace np::report {

struct ChartData {
    std::string title;                  // e.g. "numplace bench: puzzles per second"
    std::string subtitle;               // e.g. the machine, the date, --limit
    std::string unit = "puzzles/s";     // the value axis' label
    std::vector<std::string> groups;    // datasets, left to right
    std::vector<std::string> series;    // plugins: one bar per group each, in the legend
    // values[group][series]: the rate, or nullopt when there is no figure
    // (the plugin failed the warm-up or does not support the shape); such a
    // bar is drawn as a short grey hatched stub marked "n/a". Rows may be
    // short: a missing entry counts as nullopt, and so do NaN, infinities
    // and rates <= 0, which a log scale cannot show.
    std::vector<std::vector<std::optional<double>>> values;
};

// The chart as SVG 1.1 text (UTF-8, every label XML-escaped, no external
// references, the same bytes for the same data in any locale). Never throws
// on odd data: without groups, series or any positive finite figure it is a
// small valid SVG that says "no figures"; odd single figures become "n/a".
// Layout: title and subtitle top left, the legend in rows under them (never
// over the bars), the log axis with ticks at powers of ten on the left, the
// groups side by side with their names wrapped underneath; the chart widens
// with groups x series rather than thinning the bars.
std::string svg_chart(const ChartData& data);

}  // namespace np::report
