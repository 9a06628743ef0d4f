#include "report_file.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "numplace/json.hpp"

namespace np::verify {

namespace fs = std::filesystem;

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
    return j;
}

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
    char extra = 0;
    if (std::sscanf(shard.c_str(), "%u/%u%c", &r.shard_index, &r.shard_count, &extra) != 2 || r.shard_index < 1 ||
        r.shard_index > r.shard_count)
        throw std::runtime_error("bad shard '" + shard + "'");
    r.plugins = j.at("plugins").get<std::vector<std::string>>();
    r.oracle = j.at("oracle").get<std::string>();
    return r;
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
    if (r.shown_puzzle || r.shown_answer) {
        const Geometry g = (r.shown_puzzle ? *r.shown_puzzle : *r.shown_answer).geometry;
        j["box"] = {g.box_rows, g.box_cols};
    }
    if (r.shown_puzzle) j["puzzle"] = r.shown_puzzle->cells;
    if (r.shown_answer) j["answer"] = r.shown_answer->cells;
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
    const Geometry g{box[0].get<int>(), box[1].get<int>()};
    if (!g.valid() || g.side() > 25) throw std::runtime_error("'box' " + box.dump() + " is no box shape numplace knows");
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

// ---- The digest ------------------------------------------------------------------------

ReportDigest::ReportDigest() { sha_.update("numplace verify report 3\n"); }

void ReportDigest::add(std::string_view line) {
    sha_.update(line);
    sha_.update("\n");
}

std::string ReportDigest::finish() { return "sha256:" + sha_.finish(); }

// ---- Reading as it streams ---------------------------------------------------------------

// The report's top-level object, a value at a time: a row is parsed alone,
// so a report of a million rows is read in the memory of one.
class ReportReader::Scanner {
public:
    static constexpr std::size_t kLongestValue = 256u << 20;
    explicit Scanner(std::istream& in) : in_(in) {}

    // Skips white space; the next character (EOF at the end).
    int peek() {
        while (std::isspace(in_.peek())) in_.get();
        return in_.peek();
    }
    bool take(char c) {
        if (peek() != c) return false;
        in_.get();
        return true;
    }
    // One whole JSON value's text, or "" (and `why`) when there is none.
    std::string value(std::string& why) {
        std::string text;
        const int first = peek();
        if (first == EOF) return none(why, "it ends early (a truncated file?)");
        if (first == '{' || first == '[' || first == '"') return nested(why);
        // A number, true, false or null: to the next delimiter.
        while (in_.peek() != EOF && std::string_view(",:}] \t\r\n").find(static_cast<char>(in_.peek())) == std::string_view::npos)
            if ((text += static_cast<char>(in_.get())).size() > 64) return none(why, "a value too long");
        return text;
    }

private:
    // An object, array or string: to the character that closes it.
    std::string nested(std::string& why) {
        std::string text;
        int depth = 0;
        bool quoted = false;
        for (int c; (c = in_.get()) != EOF;) {
            text += static_cast<char>(c);
            if (text.size() > kLongestValue) return none(why, "a value over 256 MiB");
            if (quoted) {
                if (c == '\\' && in_.peek() != EOF) text += static_cast<char>(in_.get());
                else if (c == '"') quoted = false;
            } else if (c == '"') {
                quoted = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                --depth;
            }
            if (!quoted && depth == 0) return text;
        }
        return none(why, "it ends early (a truncated file?)");
    }
    static std::string none(std::string& why, const char* what) {
        why = what;
        return "";
    }
    std::istream& in_;
};

ReportReader::ReportReader(std::istream& in, std::string name, Incomplete incomplete)
    : scan_(std::make_unique<Scanner>(in)), name_(std::move(name)), incomplete_(incomplete) {}

ReportReader::~ReportReader() = default;

std::unique_ptr<ReportReader> ReportReader::open(const std::string& path, Incomplete incomplete, std::string& error) {
    auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*file) {
        error = path + ": cannot read";
        return nullptr;
    }
    auto reader = std::make_unique<ReportReader>(*file, path, incomplete);
    reader->owned_ = std::move(file);
    return reader;
}

bool ReportReader::fail(const std::string& what) {
    if (error_.empty()) error_ = name_ + ": " + what;
    return false;
}

namespace {

// One key of the top-level object and the ':' after it; "" at its end.
template <class Scanner>
std::optional<std::string> key_of(Scanner& scan, std::string& why) {
    const std::string text = scan.value(why);
    if (text.empty()) return std::nullopt;
    const json key = json::parse(text, nullptr, false);
    if (!key.is_string() || !scan.take(':')) return why = "not a JSON object of named values", std::nullopt;
    return key.get<std::string>();
}

}  // namespace

// One top-level value that must come next, by name: the run before the
// rows is what lets the rows be checked as they stream.
std::optional<json> ReportReader::named_value(const char* name) {
    std::string why;
    const auto key = key_of(*scan_, why);
    if (!key) return fail(why), std::nullopt;
    if (*key != name)
        return fail("'" + *key + "' where '" + name + "' should be: not a numplace verify report, or one reordered by hand"),
               std::nullopt;
    json value = json::parse(scan_->value(why), nullptr, false);
    if (value.is_discarded()) return fail(why.empty() ? std::string("'") + name + "' is not JSON" : why), std::nullopt;
    return value;
}

bool ReportReader::begin() {
    if (!scan_->take('{')) return fail("not a numplace verify report (no JSON object)");
    const auto version = named_value("numplace_verify");
    if (!version) return false;
    if (!version->is_number_integer() || version->get<int64_t>() < 1 || version->get<int64_t>() > kReportVersion)
        return fail("not a numplace verify report (version 1 to " + std::to_string(kReportVersion) + ")");
    run_.version = static_cast<int>(version->get<int64_t>());
    if (!scan_->take(',')) return fail("it ends after its version");
    const auto run = named_value("run");
    if (!run) return false;
    try {
        run_ = report_file::run_from_json(*run, run_.version);
    } catch (const std::exception& e) {
        return fail(std::string("malformed run: ") + e.what());
    }
    if (run_.version >= 3) digest_.add(report_file::line(*run));
    std::string why;
    const auto rows = scan_->take(',') ? key_of(*scan_, why) : std::nullopt;
    if (!rows || *rows != "rows") return fail("no 'rows' after its run");
    if (!scan_->take('[')) return fail("'rows' is not a list");
    return true;
}

bool ReportReader::next(Row& row) {
    if (failed() || rows_ended_) return false;
    if (scan_->take(']')) {
        rows_ended_ = true;
        return in_unit_ ? close_unit() && false : false;
    }
    std::string why;
    const std::string text = scan_->value(why);
    const json value = json::parse(text, nullptr, false);
    if (text.empty() || value.is_discarded())
        return fail("row " + std::to_string(rows_read_ + 1) + ": " + (why.empty() ? "not JSON" : why));
    try {
        row = report_file::row_from_json(value, run_.version);
    } catch (const std::exception& e) {
        return fail("row " + std::to_string(rows_read_ + 1) + ": malformed: " + e.what());
    }
    ++rows_read_;
    if (run_.version >= 3) digest_.add(report_file::line(value));
    if (!check_row(row)) return false;
    tally_.add(row);
    if (!scan_->take(',') && scan_->peek() != ']') return fail("rows not separated by ',' after row " + std::to_string(rows_read_));
    return true;
}

// A row against the rows before it and the run: what a deleted, doubled,
// moved or relabelled row breaks.
bool ReportReader::check_row(const Row& row) {
    const std::string where = "row " + std::to_string(rows_read_) + " (" + row.entry + ", " + row.plugin + "): ";
    if (row.plugin != "host" && std::find(run_.plugins.begin(), run_.plugins.end(), row.plugin) == run_.plugins.end())
        return fail(where + "a plugin this report's run did not judge");
    if (row.derived) {
        if (in_unit_ && !close_unit()) return false;
        derived_seen_ = true;
        return true;
    }
    if (derived_seen_) return fail(where + "a unit's row after the run's own rows");
    if (run_.version >= 3) {
        if (row.unit >= run_.units) return fail(where + "unit " + std::to_string(row.unit) + " past the run's " + std::to_string(run_.units));
        if (row.unit % run_.shard_count != run_.shard_index - 1)
            return fail(where + "unit " + std::to_string(row.unit) + " belongs to shard " +
                        std::to_string(row.unit % run_.shard_count + 1) + "/" + std::to_string(run_.shard_count) +
                        ", not to this report's shard " + std::to_string(run_.shard_index) + "/" +
                        std::to_string(run_.shard_count) + " (a relabelled report?)");
    }
    if (in_unit_ && row.unit != unit_) {
        if (row.unit < unit_) return fail(where + "unit " + std::to_string(row.unit) + " after unit " + std::to_string(unit_) + ": rows out of order");
        if (!close_unit()) return false;
    }
    if (!in_unit_) {
        in_unit_ = true;
        unit_ = row.unit;
        unit_entry_ = row.entry;
        unit_must_ = row.unit_rows;
        unit_count_ = 0;
        unit_not_run_ = false;
        unit_calls_.clear();
    }
    if (row.entry != unit_entry_) return fail(where + "unit " + std::to_string(unit_) + " is " + unit_entry_ + " in the rows before");
    if (row.unit_rows != unit_must_) return fail(where + "its unit's row count differs from the rows before");
    if (!unit_calls_.emplace(row.plugin, row.operation).second) return fail(where + "a second row for the same call (a duplicated row)");
    ++unit_count_;
    unit_not_run_ = unit_not_run_ || row.not_run;
    return true;
}

// The unit just read: all its rows there?
bool ReportReader::close_unit() {
    in_unit_ = false;
    unit_rows_read_ += unit_count_;
    if (run_.version >= 3 && unit_count_ != unit_must_ && incomplete_ == Incomplete::refuse)
        return fail("unit " + std::to_string(unit_) + " (" + unit_entry_ + ") has " + std::to_string(unit_count_) +
                    " of its " + std::to_string(unit_must_) + " rows (rows deleted?)");
    if (on_unit) on_unit(unit_, unit_count_, run_.version >= 3 ? unit_must_ : 0, unit_not_run_);
    return true;
}

bool ReportReader::end() {
    Row ignored;
    while (next(ignored)) {
    }
    if (failed()) return false;
    std::string why;
    if (!scan_->take(',')) return fail("it ends after its rows (a truncated file?)");
    const auto summary = named_value("summary");
    if (!summary) return false;
    if (!summary->is_object()) return fail("the summary is not a JSON object");
    // Version 1 and 2 reports may end with the strings that were not UTF-8.
    if (scan_->take(',')) {
        const auto extra = key_of(*scan_, why);
        if (!extra || *extra != "not_utf8" || run_.version >= 3 || scan_->value(why).empty())
            return fail("more after its summary");
    }
    if (!scan_->take('}') || scan_->peek() != EOF) return fail("more after its summary");
    return check_summary(*summary);
}

namespace {

// A plugin's summary "proofs" (present when its rows carry proofs) against
// its rows'.
bool same_proof_counts(const json& summary, const PluginCounts& c) {
    if (!summary.contains("proofs")) return c.proofs.rows() == 0;
    const json& p = summary.at("proofs");
    return whole_number(p.at("checked"), "checked") == c.proofs.checked &&
           whole_number(p.at("rejected"), "rejected") == c.proofs.rejected &&
           whole_number(p.at("absent"), "absent") == c.proofs.absent &&
           whole_number(p.at("bytes"), "bytes") == c.proofs.bytes && whole_number(p.at("micros"), "micros") == c.proofs.micros;
}

}  // namespace

bool ReportReader::check_summary(const json& summary) {
    try {
        ending_ = report_file::ending_from_json(summary);
        if (whole_number(summary.at("rows"), "rows") != tally_.rows() ||
            whole_number(summary.at("failed"), "failed") != tally_.failed())
            return fail("its summary counts " + summary.at("rows").dump() + " rows, " + summary.at("failed").dump() +
                        " failed; its rows are " + std::to_string(tally_.rows()) + ", " +
                        std::to_string(tally_.failed()) + " failed (edited?)");
        const json& plugins = summary.at("plugins");
        for (const auto& p : run_.plugins) {
            const PluginCounts& c = tally_.of(p);
            const json& s = plugins.at(p);
            if (whole_number(s.at("pass"), "pass") != c.pass || whole_number(s.at("fail"), "fail") != c.fail ||
                whole_number(s.at("unknown"), "unknown") != c.unknown || whole_number(s.at("skip"), "skip") != c.skip ||
                !same_proof_counts(s, c))
                return fail("its summary's counts for " + p + " are not its rows' (edited?)");
        }
    } catch (const std::exception& e) {
        return fail(std::string("malformed summary: ") + e.what());
    }
    if (run_.version < 3) return true;
    json without = summary;
    without.erase("digest");
    digest_.add(report_file::line(without));
    if (summary.value("digest", "") != digest_.finish())
        return fail("its digest does not match its contents: the report was changed after numplace wrote it "
                    "(the digest shows edits; it cannot stop someone who computes it again)");
    if (!ending_.interrupted && unit_rows_read_ != run_.rows && incomplete_ == Incomplete::refuse)
        return fail("it holds " + std::to_string(unit_rows_read_) + " of the " + std::to_string(run_.rows) +
                    " rows its units must have, and its run was not interrupted (units deleted?)");
    return true;
}

// ---- A unit at a time ----------------------------------------------------------------------

std::vector<Row> UnitReader::take() {
    std::vector<Row> rows;
    const uint64_t unit = next_unit();
    while (head_ && head_->unit == unit) {
        rows.push_back(std::move(*head_));
        advance();
    }
    return rows;
}

void UnitReader::advance() {
    Row row;
    if (reader_->next(row) && !row.derived) head_ = std::move(row);
    else head_.reset();
}

// ---- Run ids ------------------------------------------------------------------------------

namespace {

// The first `limit` bytes of a regular file ("" when it cannot be read;
// a FIFO is never opened: that would wait for a writer).
std::string head_of(const std::string& path, std::size_t limit) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return "";
    std::ifstream in(path, std::ios::binary);
    std::string text(limit, '\0');
    in.read(text.data(), static_cast<std::streamsize>(limit));
    text.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
    return text;
}

// The text after `marker` up to the first of `stops`.
std::string after(const std::string& text, const std::string& marker, const char* stops) {
    const auto at = text.find(marker);
    if (at == std::string::npos) return "";
    const auto from = at + marker.size();
    return text.substr(from, text.find_first_of(stops, from) - from);
}

}  // namespace

std::string junit_run_id(const std::string& path) { return after(head_of(path, 4096), "<!-- numplace verify run ", " "); }

std::string regressions_run_id(const std::string& path, std::string* report) {
    const std::string head = head_of(path, 4096);
    if (report != nullptr) *report = after(head, "; report: ", "\n");
    return after(head, "# numplace verify run ", ";\n");
}

std::string report_run_id(const std::string& path) {
    const std::string id = after(head_of(path, 4096), "\"run\":{\"id\":\"", "\"");
    return id;
}

std::string companions_problem(const std::string& report_path, const RunInfo& run) {
    if (run.version < 3) return "";
    const fs::path folder = fs::path(report_path).parent_path();
    const std::pair<std::string, std::string (*)(const std::string&)> companions[] = {
        {run.junit, junit_run_id}, {run.regressions, [](const std::string& p) { return regressions_run_id(p); }}};
    for (const auto& [name, id_of] : companions) {
        if (name.empty()) continue;
        const std::string path = (folder / name).string();
        std::error_code ec;
        if (!fs::exists(path, ec)) continue;
        const std::string id = id_of(path);
        if (id != run.id)
            return path + " was written by run " + (id.empty() ? "(none)" : id) + ", its report " + report_path +
                   " by run " + run.id + ": a run was killed between renaming its files; run verify again";
    }
    return "";
}

}  // namespace np::verify
