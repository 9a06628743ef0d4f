// Sinks: the JSON report and reading it back, merging shards, JUnit, the
// regressions corpus file, and the terminal summary.
#include <algorithm>
#include <array>
#include <iomanip>
#include <map>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "numplace/json.hpp"
#include "verify.hpp"

namespace np::verify {

using json = nlohmann::ordered_json;

bool Row::same_as(const Row& o) const {
    return entry == o.entry && plugin == o.plugin && operation == o.operation && status == o.status && kind == o.kind;
}

void finalize(Report& report, double min_conclusive) {
    // Drop derived rows from an earlier finalize (a merge recomputes them).
    report.rows.erase(std::remove_if(report.rows.begin(), report.rows.end(), [](const Row& r) { return r.derived; }),
                      report.rows.end());
    std::stable_sort(report.rows.begin(), report.rows.end(), [](const Row& a, const Row& b) { return a.unit < b.unit; });
    // A plugin that answers unknown to everything must not pass.
    for (const auto& plugin : report.plugins) {
        std::size_t judged = 0, conclusive = 0;
        for (const Row& r : report.rows) {
            if (r.plugin != plugin || r.status == Status::skip) continue;
            ++judged;
            if (r.status != Status::unknown) ++conclusive;
        }
        if (judged == 0) continue;
        const double share = static_cast<double>(conclusive) / static_cast<double>(judged);
        if (share >= min_conclusive) continue;
        Row r;
        r.unit = UINT64_MAX;
        r.entry = "conclusive-share";
        r.plugin = plugin;
        r.operation = "all";
        r.status = Status::fail;
        r.kind = Kind::inconclusive;
        std::ostringstream words;
        words << "conclusive on " << conclusive << " of " << judged << " rows (" << std::fixed << std::setprecision(1)
              << 100.0 * share << "%), below --min-conclusive " << 100.0 * min_conclusive << "%";
        r.finding = words.str();
        r.derived = true;
        report.rows.push_back(std::move(r));
    }
    const bool failed = std::any_of(report.rows.begin(), report.rows.end(), [](const Row& r) { return r.status == Status::fail; });
    report.exit_code = !report.input_errors.empty() ? 2 : failed ? 1 : 0;
}

json to_json(const Report& report) {
    json rows = json::array();
    for (const Row& r : report.rows) {
        json j{{"entry", r.entry}, {"plugin", r.plugin}, {"operation", r.operation},
               {"status", std::string(status_name(r.status))}};
        if (r.kind != Kind::none) j["kind"] = std::string(kind_name(r.kind));
        if (!r.finding.empty()) j["finding"] = r.finding;
        j["verdict"] = r.verdict;
        j["micros"] = r.micros;
        j["unit"] = r.derived ? json(nullptr) : json(r.unit);
        // Only when set: the rows of a run without hangs are as they were.
        if (r.not_run) j["not_run"] = true;
        // A failed row's entry with its truth, as corpus YAML, so that a
        // merged or resumed report still writes every regression.
        if (r.regression) j["regression"] = corpus::to_yaml(*r.regression);
        rows.push_back(std::move(j));
    }
    json per_plugin = json::object();
    for (const auto& plugin : report.plugins) {
        std::map<std::string, uint64_t> counts;
        for (const Row& r : report.rows)
            if (r.plugin == plugin) ++counts[r.status == Status::fail ? "fail" : std::string(status_name(r.status))];
        per_plugin[plugin] = {{"pass", counts["pass"]}, {"fail", counts["fail"]}, {"unknown", counts["unknown"]},
                              {"skip", counts["skip"]}, {"micros", plugin_micros(report, plugin)}};
    }
    json summary{{"rows", report.rows.size()},
                 {"failed", std::count_if(report.rows.begin(), report.rows.end(),
                                          [](const Row& r) { return r.status == Status::fail; })},
                 {"plugins", per_plugin},
                 {"input_errors", report.input_errors},
                 {"interrupted", report.interrupted},
                 {"exit_code", report.exit_code}};
    json run{{"fingerprint", report.fingerprint},
             {"shard", std::to_string(report.shard_index) + "/" + std::to_string(report.shard_count)},
             {"plugins", report.plugins},
             {"oracle", report.oracle}};
    if (report.version >= 2) {
        json files = json::array();
        for (const auto& f : report.files) files.push_back(harness::to_json(f));
        run["files"] = files;
    }
    return {{"numplace_verify", report.version}, {"run", run}, {"rows", rows}, {"summary", summary}};
}

namespace {

// A row's "regression": one corpus entry, checked like any corpus file.
corpus::PuzzleEntry regression_entry(const json& v) {
    if (!v.is_string()) throw std::runtime_error("'regression' is not corpus YAML text");
    auto loaded = corpus::load_text(v.get<std::string>(), "regression");
    if (!loaded.ok() || loaded.corpus.puzzles.size() != 1)
        throw std::runtime_error("'regression' is not one well-formed corpus entry" +
                                 (loaded.errors.empty() ? std::string() : ": " + loaded.errors.front().text()));
    return std::move(loaded.corpus.puzzles.front());
}

}  // namespace

std::optional<Report> from_json(const json& j, std::string& error) {
    try {
        // The version is compared as a whole number: a float there is no version.
        if (!j.is_object() || !j.contains("numplace_verify") || !j["numplace_verify"].is_number_integer() ||
            j["numplace_verify"].get<int64_t>() < 1 || j["numplace_verify"].get<int64_t>() > kReportVersion) {
            error = "not a numplace verify report (version 1 to " + std::to_string(kReportVersion) + ")";
            return std::nullopt;
        }
        Report r;
        r.version = static_cast<int>(j["numplace_verify"].get<int64_t>());
        const json& run = j.at("run");
        if (r.version >= 2)
            for (const json& f : run.at("files")) r.files.push_back(harness::plugin_file_from_json(f));
        r.fingerprint = run.at("fingerprint").get<std::string>();
        const std::string shard = run.at("shard").get<std::string>();
        if (std::sscanf(shard.c_str(), "%u/%u", &r.shard_index, &r.shard_count) != 2 || r.shard_index < 1 ||
            r.shard_index > r.shard_count) {
            error = "bad shard '" + shard + "'";
            return std::nullopt;
        }
        r.plugins = run.at("plugins").get<std::vector<std::string>>();
        r.oracle = run.at("oracle").get<std::string>();
        for (const json& row : j.at("rows")) {
            Row x;
            x.entry = row.at("entry").get<std::string>();
            x.plugin = row.at("plugin").get<std::string>();
            x.operation = row.at("operation").get<std::string>();
            auto status = status_from_name(row.at("status").get<std::string>());
            if (!status) {
                error = "a row has an unknown status";
                return std::nullopt;
            }
            x.status = *status;
            auto kind = kind_from_name(row.value("kind", ""));
            if (!kind) {
                error = "a row has an unknown failure kind";
                return std::nullopt;
            }
            x.kind = *kind;
            x.finding = row.value("finding", "");
            x.verdict = row.value("verdict", "");
            x.micros = row.contains("micros") ? whole_number(row["micros"], "micros") : 0;
            x.derived = row.at("unit").is_null();
            x.not_run = row.value("not_run", false);
            x.unit = x.derived ? UINT64_MAX : whole_number(row.at("unit"), "unit", UINT64_MAX - 1);
            if (row.contains("regression")) x.regression = regression_entry(row["regression"]);
            r.rows.push_back(std::move(x));
        }
        const json& summary = j.at("summary");
        r.input_errors = summary.at("input_errors").get<std::vector<std::string>>();
        r.interrupted = summary.at("interrupted").get<bool>();
        r.exit_code = static_cast<int>(whole_number(summary.at("exit_code"), "exit_code", 255));
        return r;
    } catch (const std::exception& e) {
        error = std::string("malformed report: ") + e.what();
        return std::nullopt;
    }
}

std::optional<Report> merge(std::vector<Report> shards, double min_conclusive, std::string& error) {
    if (shards.empty()) {
        error = "no reports to merge";
        return std::nullopt;
    }
    const Report& first = shards.front();
    std::set<uint32_t> seen;
    for (const Report& s : shards) {
        // The fingerprint holds the plugins' SHA-256s (not their paths: shards
        // may run on machines that install numplace elsewhere).
        if (s.fingerprint != first.fingerprint || s.shard_count != first.shard_count || s.plugins != first.plugins ||
            s.version != first.version) {
            error = "shard " + std::to_string(s.shard_index) + "/" + std::to_string(s.shard_count) +
                    " comes from a different run (other inputs, plugins, settings or shard count)";
            return std::nullopt;
        }
        if (!seen.insert(s.shard_index).second) {
            error = "shard " + std::to_string(s.shard_index) + "/" + std::to_string(s.shard_count) + " is given twice";
            return std::nullopt;
        }
    }
    for (uint32_t i = 1; i <= first.shard_count; ++i)
        if (!seen.count(i)) {
            error = "shard " + std::to_string(i) + "/" + std::to_string(first.shard_count) + " is missing";
            return std::nullopt;
        }
    Report merged;
    merged.version = first.version;
    merged.files = first.files;
    merged.plugins = first.plugins;
    merged.oracle = first.oracle;
    merged.fingerprint = first.fingerprint;
    for (Report& s : shards) {
        for (Row& r : s.rows)
            if (!r.derived) merged.rows.push_back(std::move(r));
        for (auto& e : s.input_errors)
            if (std::find(merged.input_errors.begin(), merged.input_errors.end(), e) == merged.input_errors.end())
                merged.input_errors.push_back(e);
        merged.interrupted = merged.interrupted || s.interrupted;
    }
    finalize(merged, min_conclusive);
    return merged;
}

namespace {

std::string xml_escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default:
                // XML 1.0 has no place for most control characters.
                if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += ' ';
                else out += c;
        }
    }
    return out;
}

}  // namespace

std::string junit_xml(const Report& report) {
    std::ostringstream out;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"numplace verify\">\n";
    // The host's own rows (an entry it could not read) come first, as in the table.
    std::vector<std::string> suites = report.plugins;
    if (std::any_of(report.rows.begin(), report.rows.end(), [](const Row& r) { return r.plugin == "host"; }))
        suites.insert(suites.begin(), "host");
    for (const auto& plugin : suites) {
        std::size_t tests = 0, failures = 0, skipped = 0;
        double seconds = 0;
        for (const Row& r : report.rows) {
            if (r.plugin != plugin) continue;
            ++tests;
            failures += r.status == Status::fail;
            skipped += r.status == Status::skip || r.status == Status::unknown;
            seconds += static_cast<double>(r.micros) / 1e6;
        }
        out << "  <testsuite name=\"" << xml_escape(plugin) << "\" tests=\"" << tests << "\" failures=\"" << failures
            << "\" skipped=\"" << skipped << "\" time=\"" << seconds << "\">\n";
        for (const Row& r : report.rows) {
            if (r.plugin != plugin) continue;
            out << "    <testcase classname=\"" << xml_escape(plugin) << "." << xml_escape(r.operation) << "\" name=\""
                << xml_escape(r.entry) << "\" time=\"" << static_cast<double>(r.micros) / 1e6 << "\"";
            if (r.status == Status::pass) {
                out << "/>\n";
                continue;
            }
            out << ">\n";
            if (r.status == Status::fail)
                out << "      <failure type=\"" << xml_escape(std::string(kind_name(r.kind))) << "\" message=\"" << xml_escape(r.finding)
                    << "\"/>\n";
            else
                out << "      <skipped message=\"" << xml_escape(std::string(status_name(r.status)) +
                                                             (r.finding.empty() ? "" : ": " + r.finding))
                    << "\"/>\n";
            out << "    </testcase>\n";
        }
        out << "  </testsuite>\n";
    }
    out << "</testsuites>\n";
    return out.str();
}

std::string regressions_yaml(const Report& report) {
    std::string yaml;
    std::set<std::string> written;
    for (const Row& r : report.rows) {
        if (r.status != Status::fail || !r.regression || !written.insert(r.regression->id).second) continue;
        corpus::PuzzleEntry e = *r.regression;
        // Every plugin that failed it, as tags.
        for (const Row& o : report.rows)
            if (o.status == Status::fail && o.regression && o.regression->id == e.id &&
                std::find(e.tags.begin(), e.tags.end(), o.plugin) == e.tags.end())
                e.tags.push_back(o.plugin);
        yaml += corpus::to_yaml(e);
    }
    return yaml.empty() ? "[]\n" : yaml;
}

uint64_t plugin_micros(const Report& report, const std::string& plugin) {
    uint64_t micros = 0;
    for (const Row& r : report.rows)
        if (r.plugin == plugin) micros += r.micros;
    return micros;
}

namespace {

// One line per plugin whose calls --max-timeouts kept back, so that the
// skips are not mistaken for shapes it does not take.
void print_not_run(const Report& report, std::ostream& out) {
    std::map<std::string, std::pair<std::size_t, std::string>> by_plugin;  // count, reason
    for (const Row& r : report.rows)
        if (r.not_run) {
            auto& [count, reason] = by_plugin[r.plugin];
            ++count;
            reason = r.finding;
        }
    for (const auto& [plugin, what] : by_plugin)
        out << "SKIP " << plugin << ": " << what.first << " rows " << what.second
            << "; --resume with this run's report runs them\n";
}

}  // namespace

void print_summary(const Report& report, std::ostream& out) {
    for (const Row& r : report.rows)
        if (r.status == Status::fail)
            out << "FAIL " << r.plugin << " " << r.entry << ": " << kind_name(r.kind) << ": " << r.finding << "\n";
    print_not_run(report, out);
    for (const auto& e : report.input_errors) out << "INPUT " << e << "\n";
    // Plugins x outcomes.
    std::vector<std::string> kinds;
    for (const Row& r : report.rows)
        if (r.status == Status::fail && std::find(kinds.begin(), kinds.end(), kind_name(r.kind)) == kinds.end())
            kinds.emplace_back(kind_name(r.kind));
    std::vector<std::string> names = report.plugins;
    if (std::any_of(report.rows.begin(), report.rows.end(), [](const Row& r) { return r.plugin == "host"; }))
        names.insert(names.begin(), "host");
    std::size_t width = 6;
    for (const auto& n : names) width = std::max(width, n.size());
    out << "\n" << std::left << std::setw(static_cast<int>(width)) << "plugin" << std::right << std::setw(8) << "pass";
    for (const auto& k : kinds) out << std::setw(static_cast<int>(std::max<std::size_t>(k.size(), 6) + 2)) << k;
    out << std::setw(9) << "unknown" << std::setw(7) << "skip" << std::setw(13) << "conclusive" << std::setw(11)
        << "seconds" << "\n";
    for (const auto& n : names) {
        std::size_t pass = 0, unknown = 0, skip = 0;
        std::map<std::string, std::size_t> failed;
        for (const Row& r : report.rows) {
            if (r.plugin != n) continue;
            if (r.status == Status::pass) ++pass;
            if (r.status == Status::unknown) ++unknown;
            if (r.status == Status::skip) ++skip;
            if (r.status == Status::fail) ++failed[std::string(kind_name(r.kind))];
        }
        std::size_t failures = 0;
        for (const auto& [k, c] : failed) failures += c;
        const std::size_t judged = pass + failures + unknown;
        out << std::left << std::setw(static_cast<int>(width)) << n << std::right << std::setw(8) << pass;
        for (const auto& k : kinds) out << std::setw(static_cast<int>(std::max<std::size_t>(k.size(), 6) + 2)) << failed[k];
        std::ostringstream share;
        if (judged > 0) share << std::fixed << std::setprecision(1) << 100.0 * static_cast<double>(pass + failures) / static_cast<double>(judged) << "%";
        else share << "-";
        // The time its calls took (rows' micros: the worker's measure of each call).
        std::ostringstream seconds;
        seconds << std::fixed << std::setprecision(1) << static_cast<double>(plugin_micros(report, n)) / 1e6;
        out << std::setw(9) << unknown << std::setw(7) << skip << std::setw(13) << share.str() << std::setw(11)
            << seconds.str() << "\n";
    }
    const auto failed = std::count_if(report.rows.begin(), report.rows.end(), [](const Row& r) { return r.status == Status::fail; });
    out << "\n" << report.rows.size() << " rows, " << failed << " failed";
    if (!report.input_errors.empty()) out << ", " << report.input_errors.size() << " input error(s)";
    if (report.shard_count > 1) out << " (shard " << report.shard_index << "/" << report.shard_count << ")";
    if (report.interrupted) out << "; interrupted";
    out << "\n";
}

}  // namespace np::verify
