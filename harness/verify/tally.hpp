// The counts a run keeps instead of its rows: per plugin, how many rows
// passed, failed (by kind), were unknown or skipped, and their time. The
// terminal table, the report's summary and the conclusive-share rows are
// made from these, so memory does not grow with the run; only the first
// kFailLines FAIL lines are kept for the terminal (the report has them all).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "verify/verify.hpp"

namespace np::verify {

// Its rows' proofs (rows that carry one: Row::proof).
struct ProofCounts {
    uint64_t checked = 0, rejected = 0, absent = 0;
    uint64_t bytes = 0, micros = 0;  // summed: sizes, the checker's time
    uint64_t rows() const { return checked + rejected + absent; }
    bool operator==(const ProofCounts&) const = default;
};

struct PluginCounts {
    uint64_t pass = 0, fail = 0, unknown = 0, skip = 0;
    std::map<std::string, uint64_t> failed_by_kind;
    uint64_t micros = 0, claimed_micros = 0;
    ProofCounts proofs;
    uint64_t not_run = 0;        // skips --max-timeouts made
    std::string not_run_reason;  // the last one's words
    bool operator==(const PluginCounts&) const = default;
};

class Tally {
public:
    static constexpr std::size_t kFailLines = 1000;

    void add(const Row& row);
    uint64_t rows() const { return rows_; }
    uint64_t failed() const { return failed_; }
    bool has(const std::string& plugin) const { return plugins_.count(plugin) != 0; }
    const PluginCounts& of(const std::string& plugin) const;

    // The rows of plugins conclusive (not unknown) on fewer than
    // `min_conclusive` of their judged rows: a plugin that answers unknown
    // to everything must not pass. Made before those rows are added.
    std::vector<Row> conclusive_share(const std::vector<std::string>& plugins, double min_conclusive) const;
    // The summary's "plugins" object: counts and time for each of `plugins`,
    // and "proofs" for each whose rows carry proofs.
    nlohmann::ordered_json plugins_json(const std::vector<std::string>& plugins) const;
    // The findings (one line per failed row, the first kFailLines), the
    // plugins kept back by --max-timeouts, the input errors, then a table of
    // plugins x outcomes and their time, and one of their proofs when rows
    // carry proofs.
    void print(const RunInfo& run, const Ending& ending, std::ostream& out) const;
    // The plugins with rows, "host" first when it has any: JUnit's suites.
    std::vector<std::string> suites(const std::vector<std::string>& plugins) const;

private:
    uint64_t rows_ = 0, failed_ = 0;
    std::map<std::string, PluginCounts> plugins_;
    std::vector<std::string> kinds_;  // failure kinds in the order first seen: the table's columns
    std::vector<std::string> fail_lines_;
    uint64_t fail_lines_dropped_ = 0;
};

}  // namespace np::verify
