// bench --resume: the rows of an earlier run's JSON report read back
// (versions 1 to 4), checked against this run's settings and plugin files,
// and kept as they are; only the other rows run.
#include <stdexcept>

#include "bench/bench_rows.hpp"
#include "numplace/json.hpp"

namespace np::bench {

std::string changed_plugin_file(const json& report, const std::vector<harness::PluginFile>& now) {
    if (!report.contains("plugins")) return "";  // versions 1 and 2
    try {
        for (const json& j : report.at("plugins")) {
            const harness::PluginFile before = harness::plugin_file_from_json(nlohmann::ordered_json(j));
            for (const auto& after : now)
                if (after.plugin == before.plugin)
                    if (auto why = harness::changed_file(before, after); !why.empty()) return why;
        }
    } catch (const std::exception& e) {
        return std::string("its \"plugins\" cannot be read: ") + e.what();
    }
    return "";
}

namespace {

// A finding's kind as a report of `version` names it. Version 1 had words
// of its own: wrong (a refuted certificate), disagrees, failed (a contract
// failure, or a child that died); an unknown word is refused.
judge::Kind kind_in_report(const std::string& name, uint64_t version) {
    if (version == 1) {
        if (name == "wrong") return judge::Kind::certificate;
        if (name == "disagrees") return judge::Kind::disagreement;
        if (name == "failed") return judge::Kind::contract;
    }
    if (auto kind = judge::kind_from_name(name)) return *kind;
    throw std::runtime_error("unknown finding kind '" + name + "'");
}

// A number of seconds that is no negative or non-number: `what` names it.
double seconds_field(const json& j, const char* what) {
    if (!j.is_number() || j.get<double>() < 0) throw std::runtime_error(std::string(what) + " is not a number of seconds");
    return j.get<double>();
}

// A version 4 row's fields, each checked: a report given to --resume may
// have been edited.
void read_v4_fields(const json& j, Row& row, const std::string& where) {
    auto bad = [&](const std::string& what) { throw std::runtime_error(where + ": " + what); };
    try {
        if (j.contains("cpu_seconds")) row.cpu_seconds = seconds_field(j.at("cpu_seconds"), "cpu_seconds");
        if (j.contains("wall_seconds")) row.wall_seconds = seconds_field(j.at("wall_seconds"), "wall_seconds");
        if (j.contains("timeouts")) row.timeouts = whole_number(j.at("timeouts"), "timeouts");
        if (j.contains("par2_seconds") && !j.at("par2_seconds").is_null())
            row.par2_seconds = seconds_field(j.at("par2_seconds"), "par2_seconds");
    } catch (const std::exception& e) {
        bad(e.what());
    }
    if (!j.contains("puzzles")) return;
    const json& p = j.at("puzzles");
    if (!p.is_object() || !p.contains("index") || !p.contains("us") || !p["index"].is_array() || !p["us"].is_array())
        bad("puzzles is not {\"index\": [...], \"us\": [...]}");
    if (p["index"].size() != p["us"].size()) bad("puzzles.index and puzzles.us differ in length");
    PuzzleTimes t;
    for (const json& i : p["index"]) {
        if (!i.is_number_unsigned() || i.get<uint64_t>() >= row.dataset_size)
            bad("puzzles.index holds " + i.dump() + ", not a puzzle of the dataset's " + std::to_string(row.dataset_size));
        t.index.push_back(i.get<uint64_t>());
    }
    for (const json& u : p["us"]) {
        if (u.is_null()) t.us.push_back(std::nullopt);
        else if (u.is_number() && u.get<double>() >= 0) t.us.push_back(u.get<double>());
        else bad("puzzles.us holds " + u.dump() + ", not microseconds or null");
    }
    if (p.contains("not_reached")) {
        if (!p["not_reached"].is_number_unsigned() || p["not_reached"].get<uint64_t>() > t.us.size())
            bad("puzzles.not_reached is not a count of its puzzles");
        t.not_reached = p["not_reached"].get<uint64_t>();
    }
    row.puzzles = std::move(t);
}

}  // namespace

std::optional<std::vector<Row>> rows_from_json(const json& report, std::string& error) {
    std::vector<Row> rows;
    try {
        const uint64_t version = whole_number(report.at("numplace_bench"), "numplace_bench");
        if (version < 1 || version > kReportVersion) throw std::runtime_error("not a numplace bench report");
        for (const json& j : report.at("rows")) {
            Row row;
            row.plugin = j.at("plugin").get<std::string>();
            row.dataset = j.at("dataset").get<std::string>();
            const auto status = j.at("status").get<std::string>();
            if (status == "skipped") continue;  // run again
            if (status == "finding") {
                row.status = Row::Status::finding;
                row.kind = kind_in_report(j.value("kind", std::string()), version);
                row.message = j.at("message").get<std::string>();
                rows.push_back(std::move(row));
                continue;
            }
            if (status != "measured") throw std::runtime_error("row status '" + status + "'");
            row.status = Row::Status::measured;
            row.rate = j.at("rate").get<double>();
            row.mean_us = j.at("mean_us").get<double>();
            row.median_us = j.at("median_us").get<double>();
            row.p99_us = j.at("p99_us").get<double>();
            row.unknown = whole_number(j.at("unknown"), "unknown");
            row.timed = whole_number(j.at("timed"), "timed");
            row.dataset_size = whole_number(j.at("dataset_size"), "dataset_size");
            row.sampled = j.at("sampled").get<bool>();
            row.seconds = j.at("seconds").get<double>();
            row.mean_clues = j.value("mean_clues", 0.0);
            if (j.contains("candidates")) row.candidates = whole_number(j.at("candidates"), "candidates");
            row.no_guess_percent = j.value("no_guess_percent", 0.0);
            row.guesses = j.value("guesses", 0.0);
            row.nodes = j.value("nodes", 0.0);
            if (j.contains("peak_mib")) row.peak_mib = j.at("peak_mib").get<double>();
            if (j.contains("proofs")) {
                const json& p = j.at("proofs");
                row.proofs = ProofFigures{whole_number(p.at("checked"), "checked"), whole_number(p.at("unproved"), "unproved"),
                                          p.at("bytes_mean").get<double>(), p.at("bytes_p99").get<double>(),
                                          p.at("check_rate").get<double>()};
            }
            if (version >= 4) read_v4_fields(j, row, "row " + row.plugin + " on " + row.dataset);
            rows.push_back(std::move(row));
        }
    } catch (const std::exception& e) {
        error = std::string("not a numplace bench JSON report: ") + e.what();
        return std::nullopt;
    }
    return rows;
}

const Row* find_row(const std::vector<Row>& rows, const std::string& plugin, const std::string& dataset) {
    for (const Row& row : rows)
        if (row.plugin == plugin && row.dataset == dataset) return &row;
    return nullptr;
}

// --resume's rows, kept as they are; nullopt and `error` for a report made
// with other settings, or not a report.
std::optional<std::vector<Row>> resumed_rows(const Settings& s, const std::vector<harness::PluginFile>& files,
                                             std::string& error) {
    if (s.resume == nullptr) return std::vector<Row>{};
    const std::string flag = "--resume" + (s.resume_name.empty() ? std::string() : " " + s.resume_name) + ": ";
    if (auto why = changed_plugin_file(*s.resume, files); !why.empty()) {
        error = flag + why + " (a changed plugin is measured again: run without --resume)";
        return std::nullopt;
    }
    const auto then = s.resume->contains("settings") ? s.resume->at("settings") : nlohmann::json();
    auto now = settings_json(s);
    // Reports before version 4 had no sample cap: their rows have no samples.
    if (then.is_object() && !then.contains("sample_cap")) now.erase("sample_cap");
    if (then != now) {
        error = flag + "that report was made with other settings (" + then.dump() + ", this run " + now.dump() + ")";
        return std::nullopt;
    }
    auto rows = rows_from_json(*s.resume, error);
    if (!rows) error = flag + error;
    return rows;
}

}  // namespace np::bench
