// A verify report's section of the page, and the filters over its rows.
#include <algorithm>
#include <set>

#include "report/grid_svg.hpp"
#include "report/html.hpp"
#include "report/sections.hpp"

namespace np::report {

namespace {

using html::escape;

// The plugins in the run's order, then any other name the rows carry (host).
std::vector<std::string> plugins_of(const VerifyReport& r) {
    std::vector<std::string> names;
    if (r.run.contains("plugins")) names = r.run["plugins"].get<std::vector<std::string>>();
    for (const auto& [plugin, counts] : r.counts)
        if (std::find(names.begin(), names.end(), plugin) == names.end()) names.push_back(plugin);
    return names;
}

std::string seconds_cell(const json& holder, const char* key, double scale) {
    if (!holder.is_object() || !holder.contains(key) || !holder[key].is_number()) return "<td></td>";
    const double s = holder[key].get<double>() * scale;
    return html::number_cell(s, html::figure(s));
}

std::string outcomes_table(const VerifyReport& r) {
    const json cpu = r.summary.value("cpu", json::object()), plugins = r.summary.value("plugins", json::object());
    const bool has_cpu = !cpu.empty();
    std::string out = "<table class=\"sortable outcomes\"><thead><tr><th class=\"t\">plugin</th><th>pass</th><th>fail</th>"
                      "<th>unknown</th><th>skip</th><th>rows' time (s)</th>";
    if (has_cpu) out += "<th>CPU (s)</th><th>wall (s)</th>";
    out += "</tr></thead><tbody>\n";
    for (const std::string& plugin : plugins_of(r)) {
        const auto found = r.counts.find(plugin);
        const auto n = [&](const char* status) -> uint64_t {
            if (found == r.counts.end()) return 0;
            const auto it = found->second.find(status);
            return it == found->second.end() ? 0 : it->second;
        };
        out += "<tr><td class=\"t\">" + escape(plugin) + "</td>";
        for (const char* status : {"pass", "fail", "unknown", "skip"})
            out += html::number_cell(static_cast<double>(n(status)), html::count(n(status)));
        out += seconds_cell(plugins.value(plugin, json::object()), "micros", 1e-6);
        if (has_cpu)
            out += seconds_cell(cpu.value(plugin, json::object()), "cpu_seconds", 1) +
                   seconds_cell(cpu.value(plugin, json::object()), "wall_seconds", 1);
        out += "</tr>\n";
    }
    return out + "</tbody></table>\n";
}

// The command that runs the row again: the report's own (version 4), else
// the usual one for a corpus entry, said to be a suggestion.
std::string reproduce_of(const VerifyRow& row) {
    if (!row.reproduce.empty()) return "<div>reproduce: <code class=\"reproduce\">" + escape(row.reproduce) + "</code></div>";
    return "<div class=\"meta\">no command recorded (report before version 4); for a corpus entry: <code>" +
           escape("numplace verify --ids " + row.entry + " --plugins " + row.plugin) +
           "</code> with the inputs and --plugin-dir of the run</div>";
}

// The attributes the filters read (plugin, kind, status, tags).
std::string row_attributes(const VerifyRow& row) {
    const std::string tags = json(row.tags).dump(-1, ' ', true, json::error_handler_t::replace);
    return " data-plugin=\"" + escape(row.plugin) + "\" data-kind=\"" + escape(row.kind) + "\" data-status=\"" +
           escape(row.status) + "\" data-tags=\"" + escape(tags) + "\"";
}

std::string row_html(const VerifyRow& row) {
    std::string out = "<div class=\"vrow\"" + row_attributes(row) + ">\n<div class=\"text\">";
    std::string head = "<b class=\"entry\">" + escape(row.entry) + "</b> · " + escape(row.operation) + " · " +
                       "<span class=\"status\">" + escape(row.status) + (row.kind.empty() ? "" : ": " + escape(row.kind)) +
                       "</span>";
    if (!row.verdict.empty()) head += " · says " + escape(row.verdict);
    head += " · " + html::figure(static_cast<double>(row.micros) / 1000) + " ms";
    if (row.cpu_micros) head += " (CPU " + html::figure(static_cast<double>(*row.cpu_micros) / 1000) + " ms)";
    out += "<div>" + head + "</div>";
    if (!row.finding.empty()) out += "<div class=\"finding\">" + escape(row.finding) + "</div>";
    if (!row.tags.empty()) {
        std::string list;
        for (const auto& t : row.tags) list += (list.empty() ? "" : ", ") + t;
        out += "<div class=\"meta\">tags: " + escape(list) + "</div>";
    }
    out += reproduce_of(row) + "</div>\n" + grid_svg(row) + "</div>\n";
    return out;
}

// An unknown or skipped row in its folded list: one line, no grid.
std::string brief_row_html(const VerifyRow& row) {
    std::string out = "<div class=\"vrow brief\"" + row_attributes(row) + "><b class=\"entry\">" + escape(row.entry) +
                      "</b> · " + escape(row.plugin) + " · " + escape(row.operation);
    if (!row.verdict.empty()) out += " · says " + escape(row.verdict);
    out += " · " + html::figure(static_cast<double>(row.micros) / 1000) + " ms";
    if (!row.finding.empty()) out += " · <span class=\"finding\">" + escape(row.finding) + "</span>";
    if (!row.reproduce.empty()) out += " · <code class=\"reproduce\">" + escape(row.reproduce) + "</code>";
    return out + "</div>\n";
}

// Failed rows as cards, grouped by plugin and kind; plugins in the order of
// the table.
std::string failed_html(const VerifyReport& r) {
    std::vector<std::pair<std::string, std::string>> groups;  // (plugin, kind)
    for (const std::string& plugin : plugins_of(r))
        for (const VerifyRow& row : r.shown) {
            const std::pair<std::string, std::string> g{plugin, row.kind};
            if (row.plugin == plugin && row.status == "fail" && std::find(groups.begin(), groups.end(), g) == groups.end())
                groups.push_back(g);
        }
    std::string out;
    for (const auto& [plugin, kind] : groups) {
        std::string rows;
        std::size_t n = 0;
        for (const VerifyRow& row : r.shown)
            if (row.plugin == plugin && row.status == "fail" && row.kind == kind) rows += row_html(row), ++n;
        out += "<div class=\"vgroup\"><h3>" + escape(plugin) + ": " + escape(kind.empty() ? "fail" : kind) + " (" +
               html::count(n) + (n == 1 ? " row" : " rows") + ")</h3>\n" + rows + "</div>\n";
    }
    return out;
}

// The rows of one status other than fail (unknown, skip), folded into one
// count that opens on demand; plugins in the order of the table.
std::string folded_html(const VerifyReport& r, const std::string& status, const std::string& one,
                        const std::string& many) {
    std::string rows;
    std::size_t n = 0;
    for (const std::string& plugin : plugins_of(r))
        for (const VerifyRow& row : r.shown)
            if (row.plugin == plugin && row.status == status) rows += brief_row_html(row), ++n;
    if (n == 0) return "";
    return "<details class=\"folded\" data-status=\"" + escape(status) + "\" data-one=\"" + escape(one) +
           "\" data-many=\"" + escape(many) + "\"><summary>" + html::count(n) + " " + escape(n == 1 ? one : many) +
           "</summary>\n" + rows + "</details>\n";
}

// Failed rows as cards; the others folded into one count a status: unknown,
// skip, then any other status an edited report may hold.
std::string rows_html(const VerifyReport& r) {
    std::vector<std::string> statuses = {"unknown", "skip"};
    for (const VerifyRow& row : r.shown)
        if (row.status != "fail" && std::find(statuses.begin(), statuses.end(), row.status) == statuses.end())
            statuses.push_back(row.status);
    std::string out = failed_html(r);
    for (const std::string& status : statuses) {
        if (status == "unknown") out += folded_html(r, status, "unknown answer", "unknown answers");
        else if (status == "skip") out += folded_html(r, status, "skipped row", "skipped rows");
        else out += folded_html(r, status, "row with status " + status, "rows with status " + status);
    }
    return out;
}

// A report built from reports read with --accept-unchecked says so first:
// some of its rows were never checked by a digest.
std::string unchecked_note(const VerifyReport& r) {
    if (!r.run.contains("unchecked")) return "";
    std::string reasons;
    for (const auto& why : r.run["unchecked"]) reasons += "<li>" + escape(why.get<std::string>()) + "</li>";
    return "<p class=\"note\">Unchecked: some of its rows come from reports read with "
           "<code>--accept-unchecked</code>, which no digest checked:</p><ul class=\"note\">" + reasons + "</ul>\n";
}

std::string version_note(const VerifyReport& r) {
    if (r.version >= 4) return unchecked_note(r);
    return "<p class=\"note\">A version " + std::to_string(r.version) +
           " report: its rows carry no answer grid, tags or reproducing command, and its summary no CPU time. A failed "
           "row's grid shows the puzzle and expected solution of its regression entry, when it has one.</p>\n" +
           unchecked_note(r);
}

std::string summary_line(const VerifyReport& r) {
    std::string text = "version " + std::to_string(r.version) + "; " + html::count(r.rows) + " rows";
    if (r.run.contains("oracle")) text += "; oracle " + r.run["oracle"].get<std::string>();
    if (r.run.contains("shard")) text += "; shard " + r.run["shard"].get<std::string>();
    if (r.summary.contains("exit_code")) text += "; exit code " + r.summary["exit_code"].dump();
    if (r.summary.value("interrupted", false)) text += "; interrupted";
    if (r.run.contains("unchecked")) text += "; unchecked";
    return "<p class=\"meta\">" + escape(text) + "</p>\n";
}

void add_options(std::set<std::string>& plugins, std::set<std::string>& kinds, std::set<std::string>& tags,
                 std::set<std::string>& statuses, const VerifyReport& r) {
    for (const VerifyRow& row : r.shown) {
        plugins.insert(row.plugin);
        if (!row.kind.empty()) kinds.insert(row.kind);
        tags.insert(row.tags.begin(), row.tags.end());
        statuses.insert(row.status);
    }
}

std::string select(const std::string& name, const std::set<std::string>& values) {
    std::string out = "<label>" + name + " <select id=\"f-" + name + "\"><option value=\"\">all</option>";
    for (const auto& v : values) out += "<option value=\"" + escape(v) + "\">" + escape(v) + "</option>";
    return out + "</select></label>";
}

}  // namespace

std::string filter_bar(const std::vector<const VerifyReport*>& reports) {
    std::set<std::string> plugins, kinds, tags, statuses;
    for (const VerifyReport* r : reports) add_options(plugins, kinds, tags, statuses, *r);
    return "<div class=\"filters\">" + select("plugin", plugins) + select("kind", kinds) + select("tag", tags) +
           select("status", statuses) + " <span id=\"f-count\" class=\"meta\"></span></div>\n";
}

std::string verify_section(const VerifyReport& r, int number) {
    std::string out = "<section class=\"verify\" id=\"report-" + std::to_string(number) + "\">\n<h2>Verify: " +
                      escape(r.path) + "</h2>\n" + summary_line(r) + version_note(r);
    out += "<h3>Plugins × outcomes</h3>\n" + outcomes_table(r);
    out += "<h3>Rows that did not pass (" + html::count(r.shown.size() + r.not_shown) + ")</h3>\n";
    if (r.not_shown != 0)
        out += "<p class=\"note\">The first " + html::count(r.shown.size()) + " are listed; " + html::count(r.not_shown) +
               " more are in the report.</p>\n";
    if (r.shown.empty()) out += "<p class=\"good\">Every row passed.</p>\n";
    return out + rows_html(r) + "</section>\n";
}

}  // namespace np::report
