// The JSON report's format, and the reader behind --merge and --resume.
//
// A report is one JSON object written as it runs: {"numplace_verify": 3,
// "run": {...}, "rows": [ one row per line, in unit order, then the derived
// rows ], "summary": {...}}. Version 3 makes a report check itself:
//   run.id        the run that wrote it; its JUnit and regressions files
//                 carry the same id, so a mix of two runs' files is seen
//   run.units     how many units the whole run has (every shard's)
//   run.rows      how many rows this shard's units must have
//   unit_rows     on each row: how many rows its unit has
//   summary.digest  SHA-256 over the run, every row and the summary, each as
//                 the compact JSON line it is written as
// The reader checks as it streams, holding one unit's rows at most: every
// row belongs to a unit of the report's shard, units come in order and each
// has all its rows once, no (unit, plugin, operation) twice, the summary's
// counts are the rows', and the digest matches. The digest shows that a
// report was edited after numplace wrote it; it cannot stop someone who
// edits it and computes the digest again (it is not a signature). A report
// without a digest (versions 1 and 2), or one marked unchecked, is read only
// when the user accepts it (--accept-unchecked). The values of a row are
// converted in report_json.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "numplace/digest.hpp"
#include "verify/tally.hpp"
#include "verify/verify.hpp"

namespace np::verify {

using json = nlohmann::ordered_json;

namespace report_file {
json run_to_json(const RunInfo& run);
// Throw (std::runtime_error, nlohmann's exceptions) on what is malformed.
RunInfo run_from_json(const json& j, int version);
// "" when a row may show this grid (a shape the ABI allows, side x side
// values each 0 to side), else why not, in words and without its values.
std::string grid_problem(const Grid& grid);
// The intake of a row's grids, which may come from a plugin (a refused
// witness, a generator's result): each enters the report only when
// grid_problem says it may; otherwise it is dropped and the finding says
// what was wrong with it. The writer calls it on every row it writes.
void admit_grids(Row& row);
// A row as written; grids that admit_grids would drop are left out.
json row_to_json(const Row& row);
Row row_from_json(const json& j, int version);
// The summary without its digest.
json summary_to_json(const RunInfo& run, const Ending& ending, const Tally& tally);
Ending ending_from_json(const json& summary);
// A value as it is written and digested: compact, invalid UTF-8 replaced.
std::string line(const json& value);
}  // namespace report_file

// SHA-256 over a version 3 report's lines: its run, each row, its summary
// without the digest.
class ReportDigest {
public:
    ReportDigest();
    void add(std::string_view line);
    std::string finish();  // "sha256:" and 64 hex digits

private:
    Sha256 sha_;
};

class ReportReader {
public:
    // --merge refuses a unit that lacks rows; --resume runs it again.
    enum class Incomplete { refuse, allow };
    // A report that cannot be checked whole (version 1 or 2: no digest; or
    // one marked unchecked) is refused unless the user accepts it
    // (--accept-unchecked).
    enum class Unchecked { refuse, accept };

    // `name` (the path) starts every message.
    ReportReader(std::istream& in, std::string name, Incomplete incomplete, Unchecked unchecked = Unchecked::refuse);
    static std::unique_ptr<ReportReader> open(const std::string& path, Incomplete incomplete, std::string& error,
                                              Unchecked unchecked = Unchecked::refuse);
    ~ReportReader();

    // Reads the version and the run: false (and error()) when it is no report.
    bool begin();
    const RunInfo& run() const { return run_; }
    // The next row, checked against those before it; false at the end of
    // the rows or on an error (error() says which).
    bool next(Row& row);
    // Reads the summary and checks the whole: counts, digest, completeness.
    bool end();
    const Ending& ending() const { return ending_; }
    const std::string& error() const { return error_; }
    bool failed() const { return !error_.empty(); }
    // Version 3: completeness and digest were checked; older reports lack
    // what the checks need. A report marked unchecked holds rows that were not.
    bool checked() const { return run_.version >= 3 && run_.unchecked.empty(); }
    // Why this report's rows are not all checked, one reason a line, for
    // the mark of what is built from it (empty when checked()).
    std::vector<std::string> unchecked_reasons() const;

    // Called as each unit's rows end: the unit, how many rows it has, how
    // many it must have (version 3; 0 when the report does not say), and
    // whether one of them is a call --max-timeouts kept back.
    std::function<void(uint64_t unit, uint64_t rows, uint64_t must, bool not_run)> on_unit;

private:
    class Scanner;
    bool fail(const std::string& what);
    std::string refusal_of_unchecked() const;
    std::optional<json> named_value(const char* name);
    bool check_row(const Row& row);
    bool close_unit();
    bool check_summary(const json& summary);

    std::unique_ptr<std::istream> owned_;
    std::unique_ptr<Scanner> scan_;
    std::string name_, error_;
    Incomplete incomplete_;
    Unchecked unchecked_;
    RunInfo run_;
    Ending ending_;
    ReportDigest digest_;
    Tally tally_;
    bool rows_ended_ = false;
    uint64_t rows_read_ = 0, unit_rows_read_ = 0;
    // The unit being read.
    bool in_unit_ = false, derived_seen_ = false, unit_not_run_ = false;
    uint64_t unit_ = 0, unit_count_ = 0, unit_must_ = 0;
    std::string unit_entry_;
    std::set<std::pair<std::string, std::string>> unit_calls_;  // (plugin, operation)
};

// A report's unit rows, a unit at a time, its derived rows left out (a
// merge or a resumed run makes its own): what --merge interleaves and
// --resume copies in among the new rows. Errors stay with the reader.
class UnitReader {
public:
    explicit UnitReader(ReportReader& reader) : reader_(&reader) { advance(); }
    // The unit the next rows belong to; UINT64_MAX when none are left.
    uint64_t next_unit() const { return head_ ? head_->unit : UINT64_MAX; }
    // That unit's rows (none when none are left).
    std::vector<Row> take();

private:
    void advance();
    ReportReader* reader_;
    std::optional<Row> head_;
};

// The id a JUnit or regressions file was stamped with ("" when it has none
// or cannot be read): what --merge, --resume and corpus lint compare.
std::string junit_run_id(const std::string& path);
std::string regressions_run_id(const std::string& path, std::string* report = nullptr);
// A report's run id, from its first bytes ("" when none).
std::string report_run_id(const std::string& path);
// "" when the files written with the report at `report_path` carry its run's
// id (or are gone); else one line naming the file that does not: a run was
// killed between renaming its files.
std::string companions_problem(const std::string& report_path, const RunInfo& run);

}  // namespace np::verify
