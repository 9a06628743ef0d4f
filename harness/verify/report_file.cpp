#include "verify/report_file.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "numplace/json.hpp"

namespace np::verify {

namespace fs = std::filesystem;

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

ReportReader::ReportReader(std::istream& in, std::string name, Incomplete incomplete, Unchecked unchecked)
    : scan_(std::make_unique<Scanner>(in)), name_(std::move(name)), incomplete_(incomplete), unchecked_(unchecked) {}

ReportReader::~ReportReader() = default;

std::unique_ptr<ReportReader> ReportReader::open(const std::string& path, Incomplete incomplete, std::string& error,
                                                 Unchecked unchecked) {
    auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*file) {
        error = path + ": cannot read";
        return nullptr;
    }
    auto reader = std::make_unique<ReportReader>(*file, path, incomplete, unchecked);
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
    if (!checked() && unchecked_ == Unchecked::refuse) return fail(refusal_of_unchecked());
    if (run_.version >= 3) digest_.add(report_file::line(*run));
    std::string why;
    const auto rows = scan_->take(',') ? key_of(*scan_, why) : std::nullopt;
    if (!rows || *rows != "rows") return fail("no 'rows' after its run");
    if (!scan_->take('[')) return fail("'rows' is not a list");
    return true;
}

// Without a digest a report edited by hand (a status flipped, rows dropped,
// the whole relabelled as version 2 to skip its digest) reads like one
// numplace wrote: only the user can vouch for it.
std::string ReportReader::refusal_of_unchecked() const {
    const std::string how = "; read it only if you vouch for it, with --accept-unchecked (what is built from it is "
                            "marked unchecked)";
    if (run_.version < 3)
        return "a version " + std::to_string(run_.version) +
               " report has no digest or unit counts, so whether it is whole and unedited cannot be checked" + how;
    return "it is marked unchecked (" + run_.unchecked.front() + (run_.unchecked.size() > 1 ? "; ..." : "") + ")" + how;
}

std::vector<std::string> ReportReader::unchecked_reasons() const {
    if (run_.version >= 3) return run_.unchecked;
    return {name_ + ": a version " + std::to_string(run_.version) + " report (no digest or unit counts)"};
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
