// Two runs compared (docs/report.md, "Two runs compared"). bench: each
// plugin's rate as a ratio to a baseline plugin's on the same dataset in the
// same run (absolute rates move with the machine's load), old against new;
// a plugin regresses when the median of its cells' changes is a drop of more
// than --fail-on-regression. verify: rows matched by entry, plugin and
// operation; a row regresses when it fails now and did not before.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "report/report.hpp"

namespace np::report {

namespace {

std::string kind_of(const Report& r) { return std::holds_alternative<VerifyReport>(r) ? "verify" : "bench"; }

std::string baseline_of(const json& doc) {
    const json settings = doc.value("settings", json::object());
    return settings.contains("baseline") && settings["baseline"].is_string() ? settings["baseline"].get<std::string>() : "";
}

// The measured rate of (plugin, dataset), when there is one above 0.
std::optional<double> rate_of(const json& doc, const std::string& plugin, const std::string& dataset) {
    for (const json& row : doc.at("rows"))
        if (row.value("plugin", "") == plugin && row.value("dataset", "") == dataset && row.value("status", "") == "measured" &&
            row.contains("rate") && row["rate"].is_number() && row["rate"].get<double>() > 0)
            return row["rate"].get<double>();
    return std::nullopt;
}

bool measures(const json& doc, const std::string& plugin) {
    const json& rows = doc.at("rows");
    return std::any_of(rows.begin(), rows.end(), [&](const json& row) {
        return row.value("plugin", "") == plugin && row.value("status", "") == "measured";
    });
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string status_of(const json& doc, const std::string& plugin, const std::string& dataset) {
    for (const json& row : doc.at("rows"))
        if (row.value("plugin", "") == plugin && row.value("dataset", "") == dataset) return row.value("status", "");
    return "";
}

// The cells of `now`'s measured rows, each against the same cell of
// `before`; `now`'s findings that `before` did not have.
void ratio_cells(const BenchReport& before, const BenchReport& now, Comparison& c) {
    for (const json& row : now.doc.at("rows")) {
        const std::string plugin = row.value("plugin", ""), dataset = row.value("dataset", "");
        if (row.value("status", "") == "finding" && status_of(before.doc, plugin, dataset) != "finding")
            c.new_findings.push_back(plugin + " on " + dataset + ": " + row.value("kind", "") + ": " + row.value("message", ""));
        if (plugin == c.baseline || row.value("status", "") != "measured") continue;
        const auto old_rate = rate_of(before.doc, plugin, dataset), new_rate = rate_of(now.doc, plugin, dataset);
        const auto old_base = rate_of(before.doc, c.baseline, dataset), new_base = rate_of(now.doc, c.baseline, dataset);
        if (!old_rate) c.unmatched.push_back(plugin + " on " + dataset + ": no measured row in " + before.path);
        else if (!old_base || !new_base) c.unmatched.push_back(plugin + " on " + dataset + ": no " + c.baseline + " figure on this dataset in " + (old_base ? now.path : before.path));
        else c.cells.push_back({dataset, plugin, *old_rate / *old_base, *new_rate / *new_base, *old_rate, *new_rate});
    }
    for (const json& row : now.doc.at("rows")) {
        const std::string plugin = row.value("plugin", ""), dataset = row.value("dataset", "");
        const auto old_base = rate_of(before.doc, plugin, dataset), new_base = rate_of(now.doc, plugin, dataset);
        const bool seen = std::any_of(c.baseline_cells.begin(), c.baseline_cells.end(),
                                      [&](const RatioCell& b) { return b.dataset == dataset; });
        if (plugin == c.baseline && old_base && new_base && !seen)
            c.baseline_cells.push_back({dataset, plugin, 1, 1, *old_base, *new_base});
    }
    for (const json& row : before.doc.at("rows")) {
        const std::string plugin = row.value("plugin", ""), dataset = row.value("dataset", "");
        if (plugin != c.baseline && row.value("status", "") == "measured" && !rate_of(now.doc, plugin, dataset) &&
            status_of(now.doc, plugin, dataset) != "finding")
            c.unmatched.push_back(plugin + " on " + dataset + ": no measured row in " + now.path);
    }
}

void plugin_changes(Comparison& c) {
    std::vector<std::string> order;
    for (const RatioCell& cell : c.cells)
        if (std::find(order.begin(), order.end(), cell.plugin) == order.end()) order.push_back(cell.plugin);
    for (const std::string& plugin : order) {
        std::vector<double> changes;
        for (const RatioCell& cell : c.cells)
            if (cell.plugin == plugin) changes.push_back(cell.change_percent());
        PluginChange p{plugin, changes.size(), median(changes), false};
        p.regressed = c.fail_percent && p.median_percent < -*c.fail_percent;
        c.regressed = c.regressed || p.regressed;
        c.plugins.push_back(p);
    }
}

std::optional<Comparison> compare_bench(const BenchReport& before, const BenchReport& now, const CompareOptions& options,
                                        std::string& error) {
    Comparison c;
    c.old_path = before.path, c.new_path = now.path, c.kind = "bench";
    c.fail_percent = options.fail_percent;
    c.baseline = options.baseline;
    if (c.baseline.empty()) c.baseline = baseline_of(now.doc);
    if (c.baseline.empty()) c.baseline = baseline_of(before.doc);
    if (c.baseline.empty()) {
        error = now.path + ": no baseline: neither report's settings name one (bench --baseline); give --baseline PLUGIN";
        return std::nullopt;
    }
    for (const BenchReport* r : {&before, &now})
        if (!measures(r->doc, c.baseline)) {
            error = r->path + ": baseline " + c.baseline + " has no measured row in this report (--baseline PLUGIN)";
            return std::nullopt;
        }
    ratio_cells(before, now, c);
    plugin_changes(c);
    c.regressed = c.regressed || (c.fail_percent && !c.new_findings.empty());
    return c;
}

int change_rank(const StatusChange& s) {
    if (s.newly_failing()) return 0;
    if (s.old_status == "fail") return 1;  // no longer failing
    return 2;
}

Comparison compare_verify(const VerifyReport& before, const VerifyReport& now, const CompareOptions& options) {
    Comparison c;
    c.old_path = before.path, c.new_path = now.path, c.kind = "verify";
    c.fail_percent = options.fail_percent;
    for (const auto& [key, status] : now.statuses) {
        const auto old = before.statuses.find(key);
        const std::string old_status = old == before.statuses.end() ? "absent" : old->second;
        if (old_status != status) c.changes.push_back({key, old_status, status});
    }
    for (const auto& [key, status] : before.statuses)
        if (now.statuses.count(key) == 0) c.changes.push_back({key, status, "absent"});
    std::stable_sort(c.changes.begin(), c.changes.end(),
                     [](const StatusChange& a, const StatusChange& b) { return change_rank(a) < change_rank(b); });
    c.regressed = c.fail_percent.has_value() && !c.changes.empty() && c.changes.front().newly_failing();
    return c;
}

std::string percent(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f%%", v);
    return text;
}

std::string ratio(double v) {
    char text[32];
    std::snprintf(text, sizeof text, v >= 0.1 ? "%.3f" : "%.3g", v);
    return text;
}

std::string pad(const std::string& s, std::size_t width) { return s.size() >= width ? s : s + std::string(width - s.size(), ' '); }

std::size_t widest(const std::vector<std::string>& texts, std::size_t least) {
    for (const auto& t : texts) least = std::max(least, t.size());
    return least;
}

std::string rate(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    return text;
}

std::string bench_text(const Comparison& c) {
    std::ostringstream out;
    out << "judged by rates as ratios to " << c.baseline << "'s on the same dataset in the same run (ratios cancel the "
        << "machine); puzzles/s shown, not judged\n";
    const auto rows = table_rows(c);
    std::vector<std::string> datasets, plugins;
    for (const RatioCell* cell : rows) datasets.push_back(cell->dataset), plugins.push_back(cell->plugin);
    const std::size_t dw = widest(datasets, 7) + 2, pw = widest(plugins, 6) + 2;
    out << pad("dataset", dw) << pad("plugin", pw) << pad("old ratio", 11) << pad("new ratio", 11) << pad("change", 10)
        << pad("old /s", 11) << "new /s\n";
    for (const RatioCell* cell : rows) {
        const bool base = cell->plugin == c.baseline;
        out << pad(cell->dataset, dw) << pad(cell->plugin, pw) << pad(ratio(cell->old_ratio), 11)
            << pad(ratio(cell->new_ratio), 11) << pad(base ? "baseline" : percent(cell->change_percent()), 10)
            << pad(rate(cell->old_rate), 11) << rate(cell->new_rate) << "\n";
    }
    for (const PluginChange& p : c.plugins)
        out << p.plugin << ": median change " << percent(p.median_percent) << " over " << p.cells
            << (p.cells == 1 ? " cell" : " cells") << (p.regressed ? "  REGRESSED" : "") << "\n";
    for (const std::string& u : c.unmatched) out << "not compared: " << u << "\n";
    for (const std::string& f : c.new_findings) out << "now a finding: " << f << "\n";
    return out.str();
}

std::string verify_text(const Comparison& c) {
    std::ostringstream out;
    if (c.changes.empty()) return "no row changed status\n";
    std::vector<std::string> entries, plugins;
    for (const StatusChange& s : c.changes) entries.push_back(s.key.entry), plugins.push_back(s.key.plugin);
    const std::size_t ew = widest(entries, 5) + 2, pw = widest(plugins, 6) + 2;
    out << pad("entry", ew) << pad("plugin", pw) << pad("operation", 11) << pad("old", 9) << "new\n";
    for (const StatusChange& s : c.changes)
        out << pad(s.key.entry, ew) << pad(s.key.plugin, pw) << pad(s.key.operation, 11) << pad(s.old_status, 9)
            << s.new_status << (s.newly_failing() ? "  NEWLY FAILING" : "") << "\n";
    return out.str();
}

std::string rule_text(const Comparison& c) {
    if (!c.fail_percent) return "no --fail-on-regression";
    char text[96];
    if (c.kind == "bench")
        std::snprintf(text, sizeof text, "regression = a median drop of more than %g%% or a new finding", *c.fail_percent);
    else std::snprintf(text, sizeof text, "regression = a row that starts failing");
    return text;
}

}  // namespace

std::vector<const RatioCell*> table_rows(const Comparison& c) {
    std::vector<const RatioCell*> rows;
    for (const RatioCell& base : c.baseline_cells) {
        rows.push_back(&base);
        for (const RatioCell& cell : c.cells)
            if (cell.dataset == base.dataset) rows.push_back(&cell);
    }
    return rows;
}

std::optional<Comparison> compare(const Report& before, const Report& now, const CompareOptions& options, std::string& error) {
    if (kind_of(before) != kind_of(now)) {
        const auto& path = [](const Report& r) {
            return std::holds_alternative<VerifyReport>(r) ? std::get<VerifyReport>(r).path : std::get<BenchReport>(r).path;
        };
        error = path(now) + ": a " + kind_of(now) + " report, but " + path(before) + " is a " + kind_of(before) +
                " report: --compare takes two reports of the same kind";
        return std::nullopt;
    }
    if (const auto* v = std::get_if<VerifyReport>(&now)) return compare_verify(std::get<VerifyReport>(before), *v, options);
    return compare_bench(std::get<BenchReport>(before), std::get<BenchReport>(now), options, error);
}

std::string compare_text(const Comparison& c) {
    return "numplace report --compare " + c.old_path + " " + c.new_path + " (" + c.kind + ")\n" +
           (c.kind == "bench" ? bench_text(c) : verify_text(c));
}

std::string compare_summary(const Comparison& c) {
    std::ostringstream out;
    out << "compare " << c.kind << ": ";
    if (c.kind == "bench") {
        out << "baseline " << c.baseline << ", " << c.plugins.size() << " plugins, " << c.cells.size() << " cells";
        for (const PluginChange& p : c.plugins) out << "; " << p.plugin << " " << percent(p.median_percent);
        if (!c.new_findings.empty())
            out << "; " << c.new_findings.size() << (c.new_findings.size() == 1 ? " new finding" : " new findings");
    } else {
        std::size_t newly = 0, fixed = 0;
        for (const StatusChange& s : c.changes) newly += s.newly_failing(), fixed += change_rank(s) == 1;
        out << c.changes.size() << " rows changed status, " << newly << " newly failing, " << fixed << " no longer failing";
    }
    out << "; " << rule_text(c) << ": " << (c.regressed ? "REGRESSED" : c.fail_percent ? "none" : "not judged");
    return out.str();
}

}  // namespace np::report
