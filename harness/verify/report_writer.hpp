// The sinks of a run or a merge: rows stream, as they are judged and in
// unit order, to temporaries of the JSON report, the JUnit file and the
// regressions corpus file (harness/output), and are counted (Tally) rather
// than kept. At the end the derived rows and the summary are written and the
// three files are renamed over their targets in a fixed order: regressions,
// JUnit, then the report, each stamped with the run's id. A file that cannot
// be written leaves all three as they were.
#pragma once

#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "verify/report_file.hpp"
#include "verify/tally.hpp"
#include "verify/verify.hpp"

namespace np::output {
class OutputFile;
}

namespace np::verify {

struct OutputPaths {
    std::string report, junit, regressions;  // "" = not written; "-" = stdout
};

class ReportWriter {
public:
    explicit ReportWriter(OutputPaths paths);
    ~ReportWriter();
    ReportWriter(const ReportWriter&) = delete;
    ReportWriter& operator=(const ReportWriter&) = delete;

    // Opens the temporaries and writes the report's head. `run` gets this
    // run's id and the names of the files written with the report.
    bool begin(RunInfo& run, std::string& error);
    // One unit's rows, in unit order; each gets its unit's row count.
    void add_unit(std::vector<Row>& rows);
    // Writes the derived rows (conclusive share, only when the run was not
    // interrupted) and the summary, sets the
    // ending's exit code (`interrupted_code` when it was interrupted), then
    // renames the files. All or none: false and `error` when one failed.
    bool finish(Ending& ending, double min_conclusive, int interrupted_code, std::string& error);
    // Removes the temporaries (a run that cannot go on).
    void abort();

    const Tally& tally() const { return tally_; }
    const RunInfo& run() const { return run_; }

private:
    void write_row(const Row& row);
    void write_regressions(const std::vector<Row>& unit);
    bool write_junit(std::string& error);
    std::string names_relative_to(const std::string& path, const std::string& from) const;

    OutputPaths paths_;
    std::unique_ptr<output::OutputFile> report_, junit_, regressions_;
    RunInfo run_;
    Tally tally_;
    ReportDigest digest_;
    bool first_row_ = true;
    // JUnit's testcases, spooled per suite (an anonymous temporary file
    // each) and joined under their counts at the end.
    std::map<std::string, std::FILE*> spools_;
    bool spool_failed_ = false;
    std::set<std::string> regression_ids_;  // one entry per id in the regressions file
};

}  // namespace np::verify
