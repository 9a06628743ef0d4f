// Reading reports for the page. A verify report may hold a million rows: it
// is parsed with a callback that turns each row into what the page needs and
// drops the JSON, so memory follows the rows that did not pass.
#include <fstream>
#include <stdexcept>

#include "corpus/corpus.hpp"
#include "numplace/json.hpp"
#include "report/report.hpp"

namespace np::report {

namespace {

// A grid's values (or a box's sides): whole numbers, each at most 255, so
// that an edited report cannot overflow anything (grids hold at most 25).
std::vector<int> ints(const json& j, const char* name) {
    std::vector<int> out;
    if (!j.contains(name)) return out;
    if (!j.at(name).is_array()) throw std::runtime_error(std::string("'") + name + "' is not a list");
    for (const json& v : j.at(name)) out.push_back(static_cast<int>(whole_number(v, name, 255)));
    return out;
}

std::vector<int> grid_values(const Grid& grid) { return {grid.cells.begin(), grid.cells.end()}; }

// A v3 failed row's `regression` (the entry as corpus YAML): its puzzle and
// expected solution, for the grid when the row has no `puzzle` of its own.
void read_regression(const json& j, VerifyRow& row) {
    if (!j.contains("regression") || !j.at("regression").is_string()) return;
    const auto loaded = corpus::load_text(j.at("regression").get<std::string>(), "regression");
    if (loaded.corpus.puzzles.size() != 1) return;  // a step entry, or not one entry: no grid
    const corpus::PuzzleEntry& entry = loaded.corpus.puzzles.front();
    if (const Grid* grid = std::get_if<Grid>(&entry.puzzle); grid != nullptr && row.puzzle.empty()) {
        row.puzzle = grid_values(*grid);
        row.box_rows = grid->geometry.box_rows, row.box_cols = grid->geometry.box_cols;
    }
    if (entry.expect.solution)
        row.solution = grid_values(*entry.expect.solution), row.solution_source = entry.source, row.solution_refutes = false;
}

VerifyRow row_of(const json& j) {
    VerifyRow r;
    r.entry = j.at("entry").get<std::string>();
    r.plugin = j.at("plugin").get<std::string>();
    r.operation = j.at("operation").get<std::string>();
    r.status = j.at("status").get<std::string>();
    r.kind = j.value("kind", "");
    r.finding = j.value("finding", "");
    r.verdict = j.value("verdict", "");
    r.reproduce = j.value("reproduce", "");
    if (j.contains("tags")) r.tags = j.at("tags").get<std::vector<std::string>>();
    if (const auto box = ints(j, "box"); box.size() == 2) r.box_rows = box[0], r.box_cols = box[1];
    r.puzzle = ints(j, "puzzle");
    r.answer = ints(j, "answer");
    if (const auto refuting = ints(j, "refuting"); !refuting.empty() && r.solution.empty()) {
        r.solution = refuting;  // the other solution; a regression entry's expected one, read below, wins
        r.solution_refutes = true;
        r.solution_source = j.contains("refuting_source") && j.at("refuting_source").is_string()
                                ? j.at("refuting_source").get<std::string>()
                                : "";
    }
    r.micros = j.contains("micros") ? whole_number(j.at("micros"), "micros") : 0;
    if (j.contains("cpu_micros")) r.cpu_micros = whole_number(j.at("cpu_micros"), "cpu_micros");
    read_regression(j, r);
    return r;
}

// What the callback keeps of a verify report's rows.
struct VerifyCollector {
    VerifyReport& report;
    bool keep_statuses;
    std::string error;

    void add(const json& j) {
        VerifyRow row = row_of(j);
        ++report.rows;
        ++report.counts[row.plugin][row.status];
        if (keep_statuses) report.statuses[{row.entry, row.plugin, row.operation}] = row.status;
        if (row.status == "pass") return;
        if (report.shown.size() < kShownRows) report.shown.push_back(std::move(row));
        else ++report.not_shown;
    }
};

std::string kind_problem(const json& doc) {
    if (!doc.is_object()) return "not a numplace report (no JSON object)";
    if (!doc.contains("numplace_verify") && !doc.contains("numplace_bench"))
        return "not a numplace report (neither numplace_verify nor numplace_bench)";
    const json& v = doc.contains("numplace_verify") ? doc["numplace_verify"] : doc["numplace_bench"];
    if (!v.is_number_integer() || v.get<int64_t>() < 1 || v.get<int64_t>() > 4) return "unknown report version (1 to 4 are read)";
    if (!doc.contains("rows") || !doc["rows"].is_array()) return "no list of rows";
    return "";
}

// Throws unless `key`, when present, holds a value of the kind `is` tests.
void expect(const json& holder, const char* key, bool (json::*is)() const noexcept, const char* what) {
    if (holder.contains(key) && !(holder.at(key).*is)())
        throw std::runtime_error(std::string("'") + key + "' is not " + what);
}

// Per-puzzle times: index a list of whole numbers, us as long, each a
// number or null.
void check_puzzles(const json& p) {
    if (!p.is_object() || !p.contains("index") || !p.contains("us") || !p["index"].is_array() || !p["us"].is_array() ||
        p["index"].size() != p["us"].size())
        throw std::runtime_error("'puzzles' is not {index: [...], us: [...]} of one length");
    for (const json& i : p["index"]) whole_number(i, "puzzles.index");
    for (const json& us : p["us"])
        if (!us.is_null() && !us.is_number()) throw std::runtime_error("'puzzles.us' holds something other than numbers and null");
}

// Everything of a bench report the page reads has the type it expects.
void check_bench(const json& doc) {
    for (const char* key : {"machine", "date"}) expect(doc, key, &json::is_string, "text");
    expect(doc, "settings", &json::is_object, "an object");
    if (doc.contains("settings")) expect(doc["settings"], "baseline", &json::is_string, "text");
    expect(doc, "interrupted", &json::is_boolean, "true or false");
    for (const json& row : doc.at("rows")) {
        if (!row.is_object()) throw std::runtime_error("a row is not an object");
        for (const char* key : {"plugin", "dataset", "status"}) row.at(key).get<std::string>();
        for (const char* key : {"kind", "message"}) expect(row, key, &json::is_string, "text");
        expect(row, "sampled", &json::is_boolean, "true or false");
        if (row.contains("puzzles")) check_puzzles(row["puzzles"]);
    }
}

// The verify run's and summary's fields the page reads.
void check_verify(const VerifyReport& r) {
    if (!r.run.is_object() || !r.summary.is_object()) throw std::runtime_error("'run' or 'summary' is not an object");
    if (r.run.contains("plugins")) r.run["plugins"].get<std::vector<std::string>>();
    // The mark of a report built from unchecked ones: reasons, shown on the page.
    if (r.run.contains("unchecked")) r.run["unchecked"].get<std::vector<std::string>>();
    for (const char* key : {"oracle", "shard"}) expect(r.run, key, &json::is_string, "text");
    expect(r.summary, "interrupted", &json::is_boolean, "true or false");
}

}  // namespace

std::optional<Report> load(const std::string& path, bool keep_statuses, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return error = path + ": cannot read", std::nullopt;
    VerifyReport verify;
    verify.path = path;
    VerifyCollector collector{verify, keep_statuses, ""};
    bool is_verify = false;
    std::string top_key;
    json::parser_callback_t on_value = [&](int depth, json::parse_event_t event, json& parsed) {
        if (event == json::parse_event_t::key && depth == 1) {
            top_key = parsed.get<std::string>();
            is_verify = is_verify || top_key == "numplace_verify";
        }
        if (event != json::parse_event_t::object_end || depth != 2 || top_key != "rows" || !is_verify) return true;
        try {
            if (collector.error.empty()) collector.add(parsed);
        } catch (const std::exception& e) {
            collector.error = "row " + std::to_string(verify.rows + 1) + ": malformed: " + e.what();
        }
        return false;  // kept (or counted) above: the JSON goes
    };
    json doc;
    try {
        doc = json::parse(in, on_value);
    } catch (const std::exception& e) {
        return error = path + ": not JSON (" + e.what() + ")", std::nullopt;
    }
    if (const std::string why = kind_problem(doc); !why.empty()) return error = path + ": " + why, std::nullopt;
    if (!collector.error.empty()) return error = path + ": " + collector.error, std::nullopt;
    try {
        if (!doc.contains("numplace_verify")) {
            check_bench(doc);
            return BenchReport{path, doc.at("numplace_bench").get<int>(), std::move(doc)};
        }
        verify.version = doc.at("numplace_verify").get<int>();
        verify.run = doc.value("run", json::object());
        verify.summary = doc.value("summary", json::object());
        check_verify(verify);
    } catch (const std::exception& e) {
        return error = path + ": malformed report: " + e.what(), std::nullopt;
    }
    return verify;
}

}  // namespace np::report
