#include "report/plots.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "report/chart.hpp"
#include "report/html.hpp"

namespace np::report {

namespace {

constexpr std::array<const char*, 8> kColours = {"#0072B2", "#E69F00", "#009E73", "#D55E00",
                                                 "#56B4E9", "#CC79A7", "#F0E442", "#000000"};

std::string num(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", v);
    return text;
}

struct Frame {
    double left = 64, top = 34, width = 400, height = 260;
    int lo = 0, hi = 1;          // decades of the time axis
    std::size_t most = 1;        // puzzles on the x axis
    double x(double solved) const { return left + solved / static_cast<double>(most) * width; }
    double y(double us) const { return top + height - (std::log10(us) - lo) / (hi - lo) * height; }
};

std::string axes(const Frame& f, const std::string& dataset) {
    std::string out = "<text x=\"" + num(f.left) + "\" y=\"18\" font-size=\"13\" font-weight=\"bold\">" +
                      html::escape("Cactus: " + dataset) + "</text>\n";
    for (int d = f.lo; d <= f.hi; ++d) {
        const double y = f.y(std::pow(10.0, d));
        out += "<line x1=\"" + num(f.left) + "\" y1=\"" + num(y) + "\" x2=\"" + num(f.left + f.width) + "\" y2=\"" + num(y) +
               "\" stroke=\"#e3e3e3\"/><text x=\"" + num(f.left - 6) + "\" y=\"" + num(y + 4) +
               "\" text-anchor=\"end\" font-size=\"11\">" + html::figure(std::pow(10.0, d)) + "</text>\n";
    }
    for (int k = 0; k <= 4; ++k) {
        const double solved = std::round(static_cast<double>(f.most) * k / 4);  // whole puzzles, where they are
        out += "<text x=\"" + num(f.x(solved)) + "\" y=\"" + num(f.top + f.height + 16) +
               "\" text-anchor=\"middle\" font-size=\"11\">" + html::figure(solved) + "</text>\n";
    }
    out += "<rect x=\"" + num(f.left) + "\" y=\"" + num(f.top) + "\" width=\"" + num(f.width) + "\" height=\"" +
           num(f.height) + "\" fill=\"none\" stroke=\"#666\"/>\n";
    out += "<text x=\"" + num(f.left + f.width / 2) + "\" y=\"" + num(f.top + f.height + 34) +
           "\" text-anchor=\"middle\" font-size=\"12\">puzzles solved</text>";
    out += "<text x=\"14\" y=\"" + num(f.top + f.height / 2) + "\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 14 " +
           num(f.top + f.height / 2) + ")\">µs per puzzle (log)</text>\n";
    return out;
}

// One plugin's line: its k-th fastest time at x = k.
std::string line_of(const Frame& f, const std::vector<double>& sorted, const char* stroke) {
    std::string points;
    for (std::size_t k = 0; k < sorted.size(); ++k)
        points += (points.empty() ? "" : " ") + num(f.x(static_cast<double>(k + 1))) + "," + num(f.y(sorted[k]));
    return "<polyline class=\"cactus-line\" points=\"" + points + "\" fill=\"none\" stroke=\"" + stroke +
           "\" stroke-width=\"2\"/>\n";
}

std::string legend(const Frame& f, const std::vector<Series>& series, const std::vector<std::vector<double>>& sorted) {
    std::string out;
    double y = f.top + f.height + 52;
    for (std::size_t n = 0; n < series.size(); ++n, y += 16)
        out += "<rect x=\"" + num(f.left) + "\" y=\"" + num(y - 9) + "\" width=\"10\" height=\"10\" fill=\"" + colour(series[n].colour) +
               "\"/><text x=\"" + num(f.left + 16) + "\" y=\"" + num(y) + "\" font-size=\"12\">" +
               html::escape(series[n].plugin + ": " + std::to_string(sorted[n].size()) + " of " +
                            std::to_string(series[n].us.size()) + " timed") + "</text>\n";
    return out;
}

// Every `from` in `text` becomes `to`; the search goes on after `to`.
void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

}  // namespace

const char* colour(std::size_t n) { return kColours[n % kColours.size()]; }

std::string cactus_svg(const std::string& dataset, const std::vector<Series>& series) {
    std::vector<std::vector<double>> sorted;
    Frame f;
    double lo = INFINITY, hi = -INFINITY;
    for (const Series& s : series) {
        sorted.emplace_back();
        for (const auto& us : s.us)
            if (us && *us > 0) sorted.back().push_back(*us), lo = std::min(lo, *us), hi = std::max(hi, *us);
        std::sort(sorted.back().begin(), sorted.back().end());
        f.most = std::max(f.most, s.us.size());
    }
    if (lo > hi) return "";
    f.lo = static_cast<int>(std::floor(std::log10(lo)));
    f.hi = std::max(f.lo + 1, static_cast<int>(std::ceil(std::log10(hi))));
    const double height = f.top + f.height + 52 + 16 * static_cast<double>(series.size());
    std::string out = "<svg class=\"cactus\" width=\"" + num(f.left + f.width + 20) + "\" height=\"" + num(height) +
                      "\" font-family=\"sans-serif\">\n" + axes(f, dataset);
    for (std::size_t n = 0; n < series.size(); ++n) out += line_of(f, sorted[n], colour(series[n].colour));
    return out + legend(f, series, sorted) + "</svg>";
}

std::string bars_svg(const std::string& dataset, const std::vector<std::pair<std::string, std::optional<double>>>& rates,
                     int number) {
    ChartData data;
    data.title = "puzzles per second: " + dataset;
    data.groups = {dataset};
    data.values.emplace_back();
    for (const auto& [plugin, rate] : rates) data.series.push_back(plugin), data.values.back().push_back(rate);
    std::string svg = svg_chart(data);
    // Inline in HTML: no XML declaration, and a hatch pattern id of its own.
    // Only the pattern's id and its references are renamed, matched with
    // their quotes: a label is escaped (no '"' in it), so a dataset or
    // plugin named "hatch-1001" stays as written.
    if (const auto start = svg.find("<svg"); start != std::string::npos) svg.erase(0, start);
    const std::string id = "hatch-" + std::to_string(number);
    replace_all(svg, "id=\"hatch\"", "id=\"" + id + "\"");
    replace_all(svg, "\"url(#hatch)\"", "\"url(#" + id + ")\"");
    return svg;
}

}  // namespace np::report
