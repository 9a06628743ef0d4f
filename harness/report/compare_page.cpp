// Two runs compared, as a page: the same tables as the text, sortable.
#include <cmath>

#include "report/html.hpp"
#include "report/report.hpp"

namespace np::report {

namespace {

using html::escape;

std::string signed_percent(double v) { return (v > 0 ? "+" : "") + html::figure(v) + "%"; }

// A compared cell, or the baseline's own row: its ratios are 1 and its
// change is not judged (a NaN value sorts last).
std::string cell_row(const Comparison& c, const RatioCell& cell) {
    const bool base = cell.plugin == c.baseline;
    return std::string("<tr") + (base ? " class=\"baseline\"" : "") + "><td class=\"t\">" + escape(cell.dataset) +
           "</td><td class=\"t\">" + escape(cell.plugin) + "</td>" +
           html::number_cell(cell.old_rate, html::figure(cell.old_rate)) +
           html::number_cell(cell.new_rate, html::figure(cell.new_rate)) +
           html::number_cell(cell.rate_change_percent(), signed_percent(cell.rate_change_percent())) +
           html::number_cell(cell.old_ratio, html::figure(cell.old_ratio)) +
           html::number_cell(cell.new_ratio, html::figure(cell.new_ratio)) +
           (base ? html::number_cell(NAN, "baseline") : html::number_cell(cell.change_percent(), signed_percent(cell.change_percent()))) +
           "</tr>\n";
}

std::string bench_tables(const Comparison& c) {
    std::string out = "<p class=\"meta\">Each plugin's rate (puzzles/s) and its ratio to " + escape(c.baseline) +
                      "'s on the same dataset in the same run. Judged by the ratios' change: a ratio cancels the "
                      "machine's speed and load, which move the rates; " + escape(c.baseline) +
                      "'s own rows show its rates.</p>\n<table class=\"sortable compare\"><thead><tr>"
                      "<th class=\"t\">dataset</th><th class=\"t\">plugin</th><th>old puzzles/s</th><th>new puzzles/s</th>"
                      "<th>rate change (not judged)</th><th>old ratio</th><th>new ratio</th><th>ratio change (judged)</th>"
                      "</tr></thead><tbody>\n";
    for (const RatioCell* cell : table_rows(c)) out += cell_row(c, *cell);
    out += "</tbody></table>\n<table class=\"sortable plugins\"><thead><tr><th class=\"t\">plugin</th><th>cells</th>"
           "<th>median change</th><th class=\"t\">verdict</th></tr></thead><tbody>\n";
    for (const PluginChange& p : c.plugins)
        out += "<tr><td class=\"t\">" + escape(p.plugin) + "</td>" +
               html::number_cell(static_cast<double>(p.cells), html::count(p.cells)) +
               html::number_cell(p.median_percent, signed_percent(p.median_percent)) + "<td class=\"t" +
               (p.regressed ? " bad\">regressed" : c.fail_percent ? "\">within the limit" : "\">not judged") + "</td></tr>\n";
    out += "</tbody></table>\n";
    for (const std::string& u : c.unmatched) out += "<p class=\"note\">not compared: " + escape(u) + "</p>\n";
    for (const std::string& f : c.new_findings) out += "<p class=\"bad\">now a finding: " + escape(f) + "</p>\n";
    return out;
}

std::string verify_table(const Comparison& c) {
    if (c.changes.empty()) return "<p class=\"good\">No row changed status.</p>\n";
    std::string out = "<table class=\"sortable changes\"><thead><tr><th class=\"t\">entry</th><th class=\"t\">plugin</th>"
                      "<th class=\"t\">operation</th><th class=\"t\">old</th><th class=\"t\">new</th></tr></thead><tbody>\n";
    for (const StatusChange& s : c.changes)
        out += std::string("<tr") + (s.newly_failing() ? " class=\"bad\"" : "") + "><td class=\"t\">" + escape(s.key.entry) +
               "</td><td class=\"t\">" + escape(s.key.plugin) + "</td><td class=\"t\">" + escape(s.key.operation) +
               "</td><td class=\"t\">" + escape(s.old_status) + "</td><td class=\"t\">" + escape(s.new_status) + "</td></tr>\n";
    return out + "</tbody></table>\n";
}

}  // namespace

std::string compare_page(const Comparison& c) {
    std::string body = "<h1>numplace report: two runs compared</h1>\n<p class=\"meta\">old: " + escape(c.old_path) +
                       "<br>new: " + escape(c.new_path) + "</p>\n<p class=\"summary" + (c.regressed ? " bad" : "") + "\">" +
                       escape(compare_summary(c)) + "</p>\n";
    body += c.kind == "bench" ? bench_tables(c) : verify_table(c);
    return html::document("numplace report --compare", body);
}

}  // namespace np::report
