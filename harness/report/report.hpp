// numplace report: verify and bench JSON reports drawn as one self-contained
// HTML page, and two runs of the same kind compared (docs/report.md).
//
// The page measures nothing: every figure, plot and grid comes from the
// reports' rows. Reports of versions 1 to 4 are read; what an older report
// lacks (per-puzzle times, answers, tags, CPU time) is said on the page,
// never made up. Every string from a report (plugin names, findings come
// from untrusted plugins) is escaped before it reaches the page.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace np::report {

using json = nlohmann::ordered_json;

// A verify row as the page shows it. Grids are row-major values, 0 = empty;
// an empty vector when the report does not give one.
struct VerifyRow {
    std::string entry, plugin, operation, status, kind, finding, verdict;
    std::string reproduce;             // v4 `reproduce`; "" when absent
    std::vector<std::string> tags;     // v4 `tags`
    int box_rows = 0, box_cols = 0;    // v4 `box`, or the regression entry's size
    std::vector<int> puzzle, answer;   // v4 `puzzle`/`answer`; puzzle also from `regression`
    std::vector<int> solution;         // the regression entry's expected solution
    std::string solution_source;       // the regression entry's `source`: where that truth came from
    bool solution_refutes = false;     // `solution` is v4 `refuting`: another solution, not the expected one
    uint64_t micros = 0;
    std::optional<uint64_t> cpu_micros;  // v4, optional
};

// Rows are matched across runs by entry, plugin and operation.
struct RowKey {
    std::string entry, plugin, operation;
    auto operator<=>(const RowKey&) const = default;
};

struct VerifyReport {
    std::string path;
    int version = 0;
    json run, summary;
    // Rows per plugin and status ("pass", "fail", "unknown", "skip").
    std::map<std::string, std::map<std::string, uint64_t>> counts;
    std::vector<VerifyRow> shown;  // every row that did not pass, up to kShownRows
    uint64_t rows = 0, not_shown = 0;
    std::map<RowKey, std::string> statuses;  // every row's status (only when asked: --compare)
};

struct BenchReport {
    std::string path;
    int version = 0;
    json doc;  // the whole report: rows hold at most a sample of per-puzzle times
};

using Report = std::variant<VerifyReport, BenchReport>;

// Rows listed on a page at most; the rest are counted ("N more rows").
inline constexpr std::size_t kShownRows = 5000;

// Reads a verify or bench report. nullopt and `error` ("FILE: why", one
// line) when the file cannot be read or is not such a report. A verify
// report is read as it streams, keeping only the rows that did not pass
// (and every row's status when `keep_statuses`).
std::optional<Report> load(const std::string& path, bool keep_statuses, std::string& error);

// The page for one or more reports, in the order given (docs/report.md).
std::string page(const std::vector<Report>& reports);

// ---- Two runs compared (--compare) ------------------------------------------------

struct CompareOptions {
    std::string baseline;  // bench: "" = the reports' settings.baseline
    std::optional<double> fail_percent;  // --fail-on-regression P
};

// One plugin x dataset cell: its rate as a ratio to the baseline's, same
// run; the rates themselves (puzzles/s) are shown, never judged.
struct RatioCell {
    std::string dataset, plugin;
    double old_ratio = 0, new_ratio = 0;
    double old_rate = 0, new_rate = 0;
    double change_percent() const { return (new_ratio / old_ratio - 1) * 100; }
    double rate_change_percent() const { return (new_rate / old_rate - 1) * 100; }
};

// A plugin's verdict under the rule: the median of its cells' changes.
struct PluginChange {
    std::string plugin;
    std::size_t cells = 0;
    double median_percent = 0;
    bool regressed = false;
};

// A verify row whose status changed (or that is in one run only: "absent").
struct StatusChange {
    RowKey key;
    std::string old_status, new_status;
    bool newly_failing() const { return new_status == "fail" && old_status != "fail"; }
};

struct Comparison {
    std::string old_path, new_path, kind;  // kind: "bench" or "verify"
    std::string baseline;
    std::vector<RatioCell> cells;
    std::vector<RatioCell> baseline_cells;  // the baseline's own rates, per dataset measured in both runs (ratio 1)
    std::vector<PluginChange> plugins;
    std::vector<std::string> unmatched;  // cells in one run only, or without a baseline figure
    std::vector<std::string> new_findings;  // bench cells that are findings now and were not before
    std::vector<StatusChange> changes;   // newly failing first
    std::optional<double> fail_percent;
    bool regressed = false;
};

// nullopt and `error` (one line naming the file and why) for reports of
// different kinds, or a bench baseline that is missing or not measured.
std::optional<Comparison> compare(const Report& old_report, const Report& new_report, const CompareOptions& options,
                                  std::string& error);
// The bench table's rows: per dataset, the baseline's own row, then the
// compared cells (a row is the baseline's when its plugin is c.baseline).
std::vector<const RatioCell*> table_rows(const Comparison& c);
std::string compare_text(const Comparison& c);   // the table
std::string compare_summary(const Comparison& c);  // one line for CI
std::string compare_page(const Comparison& c);

}  // namespace np::report
