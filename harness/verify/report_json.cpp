// The JSON report's values: the run, a row and the summary to and from
// JSON (report_file.hpp), and what a row may carry so that every report the
// writer produces is one the reader accepts: a grid enters a row only when
// its shape is one the ABI allows and its values are in range for it.
#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "numplace/json.hpp"
#include "verify/report_file.hpp"

namespace np::verify {

bool Row::same_as(const Row& o) const {
    const bool same_proof = proof.has_value() == o.proof.has_value() && (!proof || proof->status == o.proof->status);
    return entry == o.entry && plugin == o.plugin && operation == o.operation && status == o.status && kind == o.kind &&
           same_proof;
}

namespace report_file {

json run_to_json(const RunInfo& run) {
    json j;
    if (run.version >= 3) j["id"] = run.id;
    j["fingerprint"] = run.fingerprint;
    j["shard"] = std::to_string(run.shard_index) + "/" + std::to_string(run.shard_count);
    if (run.version >= 3) {
        j["units"] = run.units;
        j["rows"] = run.rows;
    }
    j["plugins"] = run.plugins;
    j["oracle"] = run.oracle;
    if (run.version >= 2) {
        json files = json::array();
        for (const auto& f : run.files) files.push_back(harness::to_json(f));
        j["files"] = files;
    }
    if (run.version >= 3) j["outputs"] = {{"junit", run.junit}, {"regressions", run.regressions}};
    // Only when some rows were never checked: a checked run's head stays as
    // it was. Versions 1 and 2 are unchecked as a whole and have no place
    // for it.
    if (run.version >= 3 && !run.unchecked.empty()) j["unchecked"] = run.unchecked;
    return j;
}

namespace {

// "unchecked": a list of one or more reasons, each text.
std::vector<std::string> unchecked_from_json(const json& v) {
    if (!v.is_array() || v.empty() || !std::all_of(v.begin(), v.end(), [](const json& t) { return t.is_string(); }))
        throw std::runtime_error("'unchecked' is not a list of reasons");
    return v.get<std::vector<std::string>>();
}

}  // namespace

RunInfo run_from_json(const json& j, int version) {
    RunInfo r;
    r.version = version;
    if (version >= 3) {
        r.id = j.at("id").get<std::string>();
        r.units = whole_number(j.at("units"), "units");
        r.rows = whole_number(j.at("rows"), "rows");
        r.junit = j.at("outputs").at("junit").get<std::string>();
        r.regressions = j.at("outputs").at("regressions").get<std::string>();
    }
    if (version >= 2)
        for (const json& f : j.at("files")) r.files.push_back(harness::plugin_file_from_json(f));
    r.fingerprint = j.at("fingerprint").get<std::string>();
    const std::string shard = j.at("shard").get<std::string>();
    std::string why;
    const auto parsed = parse_shard(shard, why);
    if (!parsed) throw std::runtime_error("bad shard '" + shard + "': " + why);
    r.shard_index = parsed->first;
    r.shard_count = parsed->second;
    if (version >= 3 && j.contains("unchecked")) r.unchecked = unchecked_from_json(j["unchecked"]);
    r.plugins = j.at("plugins").get<std::vector<std::string>>();
    r.oracle = j.at("oracle").get<std::string>();
    return r;
}

std::string grid_problem(const Grid& grid) {
    const Geometry g = grid.geometry;
    // Each side checked before their product: a forged shape must not overflow it.
    if (g.box_rows < 1 || g.box_cols < 1 || g.box_rows > static_cast<int>(NP_MAX_SIDE) ||
        g.box_cols > static_cast<int>(NP_MAX_SIDE) || !g.valid())
        return "its box shape " + std::to_string(g.box_rows) + "x" + std::to_string(g.box_cols) +
               " is none the ABI allows";
    const auto side = static_cast<std::size_t>(g.side());
    if (grid.cells.size() != side * side)
        return "it has " + std::to_string(grid.cells.size()) + " cells, not " + std::to_string(side * side);
    const auto out = std::find_if(grid.cells.begin(), grid.cells.end(), [&](uint8_t v) { return v > side; });
    if (out != grid.cells.end())
        return "a cell holds " + std::to_string(*out) + ", outside 0 to " + std::to_string(side);
    return "";
}

void admit_grids(Row& r) {
    auto admit = [&r](std::optional<Grid>& grid, const char* what) {
        if (!grid) return;
        if (const std::string why = grid_problem(*grid); !why.empty()) {
            grid.reset();
            r.finding += std::string(r.finding.empty() ? "" : "; ") + what + " not shown: " + why;
        }
    };
    admit(r.shown_puzzle, "its puzzle grid");
    admit(r.shown_answer, "its answer grid");
    admit(r.shown_refuting, "the refuting grid");
    // One "box" serves both grids.
    if (r.shown_puzzle && r.shown_answer && !(r.shown_puzzle->geometry == r.shown_answer->geometry)) {
        r.shown_answer.reset();
        r.finding += std::string(r.finding.empty() ? "" : "; ") + "its answer grid not shown: its shape is not the puzzle's";
    }
}

json row_to_json(const Row& r) {
    json j{{"entry", r.entry}, {"plugin", r.plugin}, {"operation", r.operation},
           {"status", std::string(status_name(r.status))}};
    if (r.kind != Kind::none) j["kind"] = std::string(kind_name(r.kind));
    if (!r.finding.empty()) j["finding"] = r.finding;
    j["verdict"] = r.verdict;
    j["micros"] = r.micros;
    if (r.claimed_micros != 0) j["claimed_micros"] = r.claimed_micros;
    if (r.proof) {
        j["proof"] = proof_status_name(r.proof->status);
        j["proof_bytes"] = r.proof->bytes;
        j["proof_micros"] = r.proof->micros;
    }
    j["unit"] = r.derived ? json(nullptr) : json(r.unit);
    if (!r.derived) j["unit_rows"] = r.unit_rows;
    // Only when set: the rows of a run without hangs stay as they were.
    if (r.not_run) j["not_run"] = true;
    // Version 4 (rows kept from older reports have none of these).
    if (r.cpu_micros) j["cpu_micros"] = *r.cpu_micros;
    if (r.tags) j["tags"] = *r.tags;
    if (!r.reproduce.empty()) j["reproduce"] = r.reproduce;
    // The writer admitted these (admit_grids); a grid the reader would
    // refuse is still never written, whoever calls.
    const Grid* puzzle = r.shown_puzzle && grid_problem(*r.shown_puzzle).empty() ? &*r.shown_puzzle : nullptr;
    const Grid* answer = r.shown_answer && grid_problem(*r.shown_answer).empty() ? &*r.shown_answer : nullptr;
    if (puzzle && answer && !(puzzle->geometry == answer->geometry)) answer = nullptr;
    if (puzzle || answer) {
        const Geometry g = (puzzle ? puzzle : answer)->geometry;
        j["box"] = {g.box_rows, g.box_cols};
    }
    if (puzzle) j["puzzle"] = puzzle->cells;
    if (answer) j["answer"] = answer->cells;
    const Grid* refuting = r.shown_refuting && grid_problem(*r.shown_refuting).empty() ? &*r.shown_refuting : nullptr;
    if (refuting && (puzzle || answer) && (puzzle ? puzzle : answer)->geometry == refuting->geometry) {
        j["refuting"] = refuting->cells;
        j["refuting_source"] = r.refuting_source;
    }
    // A failed row's entry with its truth, as corpus YAML, so that a merged
    // or resumed report still writes every regression.
    if (r.regression) j["regression"] = corpus::to_yaml(*r.regression);
    if (r.step_regression) j["regression"] = corpus::to_yaml(*r.step_regression);
    return j;
}

namespace {

// A row's "proof", "proof_bytes" and "proof_micros": all three or none (a
// row of a run without proofs, or of a report written before them).
std::optional<RowProof> proof_from_json(const json& row) {
    if (!row.contains("proof")) {
        if (row.contains("proof_bytes") || row.contains("proof_micros")) throw std::runtime_error("proof sizes without 'proof'");
        return std::nullopt;
    }
    RowProof p;
    const std::string name = row.at("proof").get<std::string>();
    bool known = false;
    for (ProofStatus s : {ProofStatus::absent, ProofStatus::checked, ProofStatus::rejected})
        if (name == proof_status_name(s)) p.status = s, known = true;
    if (!known) throw std::runtime_error("unknown proof status '" + name + "'");
    p.bytes = whole_number(row.at("proof_bytes"), "proof_bytes");
    p.micros = whole_number(row.at("proof_micros"), "proof_micros");
    return p;
}

// A row's "regression": one corpus entry, a puzzle or a step, checked like
// any corpus file.
void read_regression(const json& v, Row& row) {
    if (!v.is_string()) throw std::runtime_error("'regression' is not corpus YAML text");
    auto loaded = corpus::load_text(v.get<std::string>(), "regression");
    if (!loaded.ok() || loaded.corpus.entries() != 1 || loaded.corpus.puzzles.size() + loaded.corpus.steps.size() != 1)
        throw std::runtime_error("'regression' is not one well-formed puzzle or step entry" +
                                 (loaded.errors.empty() ? std::string() : ": " + loaded.errors.front().text()));
    if (loaded.corpus.steps.empty()) row.regression = std::move(loaded.corpus.puzzles.front());
    else row.step_regression = std::move(loaded.corpus.steps.front());
}

// A grid of a version 4 row ("puzzle", "answer") in the shape of its "box":
// side x side values, each 0 (empty) to side.
Grid grid_from_json(const json& row, const char* name) {
    const json& box = row.at("box");
    if (!box.is_array() || box.size() != 2 || !box[0].is_number_unsigned() || !box[1].is_number_unsigned())
        throw std::runtime_error("'box' is not [rows, columns]");
    // Every shape the ABI allows (the writer's, side up to NP_MAX_SIDE);
    // each side bounded before their product is taken.
    const auto sides = std::make_pair(box[0].get<uint64_t>(), box[1].get<uint64_t>());
    const Geometry g{static_cast<int>(std::min<uint64_t>(sides.first, NP_MAX_SIDE + 1)),
                     static_cast<int>(std::min<uint64_t>(sides.second, NP_MAX_SIDE + 1))};
    if (!g.valid()) throw std::runtime_error("'box' " + box.dump() + " is no box shape numplace knows");
    const json& cells = row.at(name);
    const auto side = static_cast<unsigned>(g.side());
    if (!cells.is_array() || cells.size() != side * side)
        throw std::runtime_error(std::string("'") + name + "' is not " + std::to_string(side * side) + " cells");
    Grid grid(g);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (!cells[i].is_number_unsigned() || cells[i].get<uint64_t>() > side)
            throw std::runtime_error(std::string("'") + name + "' holds " + cells[i].dump() + ", not 0 to " +
                                     std::to_string(side));
        grid.cells[i] = static_cast<uint8_t>(cells[i].get<uint64_t>());
    }
    return grid;
}

// A version 4 row's own fields, each checked: --merge and --resume read
// reports a person may have edited.
void read_v4_fields(const json& row, Row& x) {
    if (row.contains("tags")) {
        const json& tags = row["tags"];
        if (!tags.is_array() || !std::all_of(tags.begin(), tags.end(), [](const json& t) { return t.is_string(); }))
            throw std::runtime_error("'tags' is not a list of strings");
        x.tags = tags.get<std::vector<std::string>>();
    }
    if (row.contains("reproduce")) {
        if (!row["reproduce"].is_string()) throw std::runtime_error("'reproduce' is not a command line");
        x.reproduce = row["reproduce"].get<std::string>();
    }
    if (row.contains("cpu_micros")) x.cpu_micros = whole_number(row["cpu_micros"], "cpu_micros");
    if (row.contains("box") && !row.contains("puzzle") && !row.contains("answer"))
        throw std::runtime_error("'box' without a 'puzzle' or 'answer'");
    if (row.contains("puzzle")) x.shown_puzzle = grid_from_json(row, "puzzle");
    if (row.contains("answer")) x.shown_answer = grid_from_json(row, "answer");
    if (row.contains("refuting")) {
        if (!row.contains("box")) throw std::runtime_error("'refuting' without a 'box'");
        x.shown_refuting = grid_from_json(row, "refuting");
        x.refuting_source = row.value("refuting_source", "");
    }
}

}  // namespace

Row row_from_json(const json& row, int version) {
    Row x;
    x.entry = row.at("entry").get<std::string>();
    x.plugin = row.at("plugin").get<std::string>();
    x.operation = row.at("operation").get<std::string>();
    const auto status = status_from_name(row.at("status").get<std::string>());
    if (!status) throw std::runtime_error("unknown status");
    x.status = *status;
    const auto kind = kind_from_name(row.value("kind", ""));
    if (!kind) throw std::runtime_error("unknown failure kind");
    x.kind = *kind;
    x.finding = row.value("finding", "");
    x.verdict = row.value("verdict", "");
    x.micros = row.contains("micros") ? whole_number(row["micros"], "micros") : 0;
    x.claimed_micros = row.contains("claimed_micros") ? whole_number(row["claimed_micros"], "claimed_micros") : 0;
    x.proof = proof_from_json(row);
    x.derived = row.at("unit").is_null();
    x.not_run = row.value("not_run", false);
    x.unit = x.derived ? UINT64_MAX : whole_number(row.at("unit"), "unit", UINT64_MAX - 1);
    if (version >= 3 && !x.derived) x.unit_rows = whole_number(row.at("unit_rows"), "unit_rows");
    if (row.contains("regression")) read_regression(row["regression"], x);
    if (version >= 4) read_v4_fields(row, x);
    return x;
}

json summary_to_json(const RunInfo& run, const Ending& ending, const Tally& tally) {
    json j = {{"rows", tally.rows()}, {"failed", tally.failed()}, {"plugins", tally.plugins_json(run.plugins)}};
    if (run.version >= 4) {
        json cpu = json::object();
        for (const auto& [plugin, t] : ending.cpu) cpu[plugin] = {{"cpu_seconds", t.cpu_seconds}, {"wall_seconds", t.wall_seconds}};
        j["cpu"] = cpu;
    }
    j["input_errors"] = ending.input_errors;
    j["interrupted"] = ending.interrupted;
    j["exit_code"] = ending.exit_code;
    return j;
}

Ending ending_from_json(const json& summary) {
    Ending e;
    e.input_errors = summary.at("input_errors").get<std::vector<std::string>>();
    e.interrupted = summary.at("interrupted").get<bool>();
    e.exit_code = static_cast<int>(whole_number(summary.at("exit_code"), "exit_code", 255));
    if (summary.contains("cpu")) {
        const json& cpu = summary["cpu"];
        if (!cpu.is_object()) throw std::runtime_error("'cpu' is not an object of plugins");
        for (const auto& item : cpu.items()) {
            // Named copies, not a structured binding: clang 14 (the sanitize
            // preset) cannot capture a binding in a lambda.
            const std::string plugin = item.key();
            const json& t = item.value();
            auto seconds = [&](const char* name) {
                if (!t.is_object() || !t.contains(name) || !t[name].is_number() || t[name].get<double>() < 0)
                    throw std::runtime_error("cpu of " + plugin + ": '" + name + "' is not a number of seconds");
                return t[name].get<double>();
            };
            e.cpu[plugin] = {seconds("cpu_seconds"), seconds("wall_seconds")};
        }
    }
    return e;
}

std::string line(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace report_file

std::optional<std::pair<uint32_t, uint32_t>> parse_shard(std::string_view text, std::string& why) {
    const auto slash = text.find('/');
    // Digits only: from_chars takes no space or '+', and an unsigned one no '-'.
    auto number = [](std::string_view digits, uint32_t& n) {
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return false;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
        return ec == std::errc() && end == digits.data() + digits.size();
    };
    uint32_t index = 0, count = 0;
    if (slash == std::string_view::npos || !number(text.substr(0, slash), index) || !number(text.substr(slash + 1), count))
        return why = "expected I/N, two whole numbers", std::nullopt;
    if (count < 1 || count > kMaxShards)
        return why = "N must be 1 to " + std::to_string(kMaxShards), std::nullopt;
    if (index < 1 || index > count) return why = "I must be 1 to N", std::nullopt;
    return std::make_pair(index, count);
}

}  // namespace np::verify
