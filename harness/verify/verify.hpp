// numplace verify: every plugin judged on every entry, by the harness's own
// code. Shaped as sources -> runner -> judge -> sinks:
//
//   sources.cpp          sources: corpus entries, plain puzzle files and
//                        generator checks become work units (one entry, all
//                        its plugins)
//   run.cpp              units across -j threads, each thread with a runner
//                        (harness/runner: worker processes or in-process
//                        sessions); rows in unit order whatever -j is
//   harness/judge/       pure functions from answers and the established
//                        truth (corpus, a complete search by another plugin,
//                        certified witnesses) to pass / fail + kind + finding
//                        / unknown / skip; the generator checker
//   report.cpp           sinks: the JSON report (and reading it back for
//                        --merge), JUnit, the regressions corpus file, the
//                        terminal table
//
// A row is one entry x one plugin. Nothing here knows a plugin by name: the
// oracle is whichever plugin --oracle names (harness/setup).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "judge.hpp"
#include "numplace/grid.hpp"
#include "runner.hpp"
#include "setup.hpp"

namespace np::verify {

using judge::Kind;
using judge::Status;
using judge::kind_name;
using judge::status_name;
using judge::kind_from_name;
using judge::status_from_name;

struct Row {
    uint64_t unit = 0;        // the work unit it came from: rows sort by it
    std::string entry;        // corpus id, FILE:LINE, or a generator check's name
    std::string plugin;
    std::string operation;    // solve, count, check, generate, parse
    Status status = Status::skip;
    Kind kind = Kind::none;   // why it failed (judge.hpp)
    std::string finding;      // what happened, in words
    std::string verdict;      // what the plugin answered
    uint64_t micros = 0;
    bool derived = false;     // computed over the whole run (the conclusive share)
    // A call not made because its plugin had timed out --max-timeouts times
    // (a skip row): --resume runs its unit again.
    bool not_run = false;
    // The entry with its established truth, for --regressions (failures only,
    // and only when the corpus or a complete oracle search established it).
    std::optional<corpus::PuzzleEntry> regression;

    // Rows are "the same" across runs when these agree (timings differ).
    bool same_as(const Row& other) const;
};

// --max-timeouts: after this many timed-out calls of one plugin, its calls
// not yet started are not made.
inline constexpr uint64_t kDefaultMaxTimeouts = 3;

struct Settings {
    harness::Settings harness;              // plugins, folders, oracle, budget, runner, cancel
    std::vector<std::string> paths;         // corpus files and folders, plain puzzle files
    std::optional<Geometry> size;           // shape for plain files; a filter for YAML entries
    std::vector<std::string> tags, ids;     // filters: any of the tags; exact ids
    unsigned jobs = 1;
    double min_conclusive = 0.10;
    uint32_t shard_index = 1, shard_count = 1;  // 1-based
    bool generators = true;                 // the generator sweep over the standard shapes
    // --quick: a fixed, representative subset of the corpus (sources.cpp
    // says which) and a sweep of one seed per shape.
    bool quick = false;
    uint64_t max_timeouts = kDefaultMaxTimeouts;  // 0 = no bound
    // --resume: the report of an earlier run with the same inputs, plugins
    // and settings (interrupted, say). Its rows are kept and their units are
    // not run again, but for a unit with a not_run row: that unit runs again
    // whole. A report of another run is refused.
    const struct Report* resume = nullptr;
    // Called on the calling thread now and then while units run.
    std::function<void(std::size_t done, std::size_t total)> progress;
};

// The report's format: 2 adds run.files (each plugin's and the oracle's file
// and SHA-256, which enter the fingerprint). Version 1 reports are still
// read (--merge, --resume); they are written back as version 1.
inline constexpr int kReportVersion = 2;

struct Report {
    int version = kReportVersion;
    std::vector<Row> rows;            // unit rows in unit order, then derived rows
    std::vector<std::string> plugins; // judged, in load order
    std::string oracle;               // "" when none was loaded
    // The judged plugins' files, then the oracle's (version 2; empty in 1).
    std::vector<harness::PluginFile> files;
    std::string fingerprint;          // hash of inputs, plugins (their SHA-256s) and settings: shards must share it
    uint32_t shard_index = 1, shard_count = 1;
    std::vector<std::string> input_errors;  // unreadable paths, schema errors, lines that are not puzzles
    bool interrupted = false;
    // 0 pass, 1 a row failed, 2 input errors (finalize); the command sets
    // what the process exits with (130 / 143 when interrupted) before it
    // writes the report.
    int exit_code = 0;
};

// Loads the inputs and plugins, runs every unit of this shard and finalizes.
// Usage problems (an unknown plugin) come back as nullopt with `error` set.
std::optional<Report> run(const Settings& settings, std::string& error);

// Adds the derived rows (a plugin conclusive on fewer than `min_conclusive`
// of its judged rows fails) and sets the exit code.
void finalize(Report& report, double min_conclusive);

// ---- Sinks -------------------------------------------------------------------------
nlohmann::ordered_json to_json(const Report& report);
// The report written by to_json, or nullopt with `error` set.
std::optional<Report> from_json(const nlohmann::ordered_json& j, std::string& error);
// Joins shard reports into what one unsharded run gives; refuses a missing
// or doubled shard, or shards of different runs.
std::optional<Report> merge(std::vector<Report> shards, double min_conclusive, std::string& error);
std::string junit_xml(const Report& report);
// Every failed row whose truth is established, as corpus entries (one per
// entry) that `numplace corpus lint` accepts.
std::string regressions_yaml(const Report& report);
// The time spent in a plugin's calls: the sum of its rows' micros.
uint64_t plugin_micros(const Report& report, const std::string& plugin);
// The findings (one line per failed row) and a table of plugins x outcomes
// and their time.
void print_summary(const Report& report, std::ostream& out);

}  // namespace np::verify
