// A bench report's section of the page: the table (sortable), the scatter
// of two plugins' per-puzzle times, and per dataset a cactus plot and bars.
#include <algorithm>

#include "report/html.hpp"
#include "report/plots.hpp"
#include "report/sections.hpp"

namespace np::report {

namespace {

using html::escape;

// A column: its header, the row's field, and the scale of its figure.
struct Column {
    const char* header;
    const char* field;
    bool percent = false;
};

const std::vector<Column>& figure_columns() {
    static const std::vector<Column> columns = {
        {"puzzles/s", "rate"},          {"µs/puzzle", "mean_us"},      {"median µs", "median_us"},
        {"p99 µs", "p99_us"},           {"no guess", "no_guess_percent", true}, {"guesses", "guesses"},
        {"nodes", "nodes"},             {"unknown", "unknown"},        {"peak MiB", "peak_mib"},
        {"timed", "timed"},             {"ratio", "ratio"},            {"CPU s", "cpu_seconds"},
        {"wall s", "wall_seconds"},     {"timeouts", "timeouts"},      {"PAR-2 s", "par2_seconds"}};
    return columns;
}

// The columns some row of the report fills: an older report has no CPU time.
std::vector<Column> columns_of(const json& rows) {
    std::vector<Column> out;
    for (const Column& c : figure_columns())
        if (std::any_of(rows.begin(), rows.end(), [&](const json& row) { return row.contains(c.field); })) out.push_back(c);
    return out;
}

std::string header_text(const Column& c, const json& settings) {
    if (std::string(c.field) == "ratio" && settings.contains("baseline"))
        return "vs " + settings["baseline"].get<std::string>();
    return c.header;
}

std::string status_text(const json& row) {
    std::string text = row.value("status", "");
    if (row.contains("kind")) text += " " + row["kind"].get<std::string>();
    return text + ": " + row.value("message", "");
}

std::string table(const json& doc) {
    const json& rows = doc.at("rows");
    const json settings = doc.value("settings", json::object());
    const auto columns = columns_of(rows);
    std::string out = "<div class=\"wide\"><table class=\"sortable bench\"><thead><tr><th class=\"t\">dataset</th><th class=\"t\">plugin</th>";
    for (const Column& c : columns) out += "<th>" + escape(header_text(c, settings)) + "</th>";
    out += "</tr></thead><tbody>\n";
    for (const json& row : rows) {
        out += "<tr><td class=\"t\">" + escape(row.value("dataset", "")) + "</td><td class=\"t\">" +
               escape(row.value("plugin", "")) + "</td>";
        if (row.value("status", "") != "measured") {  // its finding or why it was skipped, across the figures
            out += "<td class=\"t message\" colspan=\"" + std::to_string(columns.size()) + "\">" + escape(status_text(row)) +
                   "</td></tr>\n";
            continue;
        }
        for (const Column& c : columns) {
            if (!row.contains(c.field) || !row[c.field].is_number()) {
                out += "<td data-v=\"NaN\"></td>";
                continue;
            }
            const double v = row[c.field].get<double>();
            std::string text = c.percent ? html::figure(v) + "%" : html::figure(v);
            if (std::string(c.field) == "timed" && row.value("sampled", false) && row.contains("dataset_size") &&
                row["dataset_size"].is_number())
                text += " of " + html::figure(row["dataset_size"].get<double>());  // as bench's own table
            out += html::number_cell(v, text);
        }
        out += "</tr>\n";
    }
    return out + "</tbody></table></div>\n";
}

// Names in the order the rows first give them.
std::vector<std::string> names_of(const json& rows, const char* field) {
    std::vector<std::string> names;
    for (const json& row : rows)
        if (const std::string n = row.value(field, ""); std::find(names.begin(), names.end(), n) == names.end())
            names.push_back(n);
    return names;
}

bool has_puzzles(const json& row) { return row.contains("puzzles") && row["puzzles"].is_object(); }

// {dataset: {plugin: {"index": [...], "us": [...]}}} for the script.
json scatter_data(const json& rows) {
    json data = json::object();
    for (const json& row : rows)
        if (has_puzzles(row)) data[row.value("dataset", "")][row.value("plugin", "")] = row["puzzles"];
    return data;
}

std::string scatter(const json& rows, int number) {
    const json data = scatter_data(rows);
    if (data.empty())
        return "<p class=\"note\">No per-puzzle times in this report (bench reports before version 4 hold "
               "aggregates only): no scatter or cactus plot.</p>\n";
    const std::string id = "scatter-data-" + std::to_string(number);
    return "<h3>Per-puzzle times, two plugins</h3>\n<script type=\"application/json\" id=\"" + id + "\">" +
           html::script_json(data) + "</script>\n<div class=\"scatter\" data-src=\"" + id +
           "\"><label>dataset <select class=\"ds\"></select></label><label>x <select class=\"px\"></select></label>"
           "<label>y <select class=\"py\"></select></label><div class=\"plot\"></div><p class=\"caption meta\"></p>"
           "</div>\n";
}

std::vector<Series> series_of(const json& rows, const std::string& dataset, const std::vector<std::string>& plugins) {
    std::vector<Series> out;
    for (const std::string& plugin : plugins) {
        Series s{plugin, {}};
        for (const json& row : rows)
            if (row.value("dataset", "") == dataset && row.value("plugin", "") == plugin && has_puzzles(row))
                for (const json& us : row["puzzles"].value("us", json::array()))
                    s.us.push_back(us.is_number() ? std::optional<double>(us.get<double>()) : std::nullopt);
        s.colour = static_cast<std::size_t>(&plugin - plugins.data());
        if (!s.us.empty()) out.push_back(std::move(s));
    }
    return out;
}

std::string dataset_plots(const json& rows, const std::string& dataset, const std::vector<std::string>& plugins,
                          int number) {
    std::vector<std::pair<std::string, std::optional<double>>> rates;
    for (const std::string& plugin : plugins) {
        std::optional<double> rate;
        for (const json& row : rows)
            if (row.value("dataset", "") == dataset && row.value("plugin", "") == plugin && row.contains("rate") &&
                row["rate"].is_number())
                rate = row["rate"].get<double>();
        rates.emplace_back(plugin, rate);
    }
    return "<h3>" + escape(dataset) + "</h3>\n<div class=\"plots\">" + cactus_svg(dataset, series_of(rows, dataset, plugins)) +
           bars_svg(dataset, rates, number) + "</div>\n";
}

std::string summary_line(const json& doc) {
    const json settings = doc.value("settings", json::object());
    std::string text = "version " + doc["numplace_bench"].dump() + "; " + doc.value("machine", "") + "; " + doc.value("date", "");
    for (const char* key : {"limit", "seconds", "jobs", "sample_cap", "baseline"})
        if (settings.contains(key))
            text += std::string("; ") + key + " " +
                    (settings[key].is_string() ? settings[key].get<std::string>() : settings[key].dump());
    if (doc.value("interrupted", false)) text += "; interrupted";
    return "<p class=\"meta\">" + escape(text) + "</p>\n";
}

}  // namespace

std::string bench_section(const BenchReport& r, int number) {
    const json& rows = r.doc.at("rows");
    std::string out = "<section class=\"bench\" id=\"report-" + std::to_string(number) + "\">\n<h2>Bench: " +
                      escape(r.path) + "</h2>\n" + summary_line(r.doc);
    out += "<p class=\"meta\">Click a column's header to sort by it.</p>\n" + table(r.doc) + scatter(rows, number);
    const auto plugins = names_of(rows, "plugin");
    int chart = number * 1000;
    for (const std::string& dataset : names_of(rows, "dataset")) out += dataset_plots(rows, dataset, plugins, ++chart);
    for (const json& note : r.doc.value("notes", json::array()))
        if (note.is_string()) out += "<p class=\"note\">" + escape(note.get<std::string>()) + "</p>\n";
    return out + "</section>\n";
}

}  // namespace np::report
