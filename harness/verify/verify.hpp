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
//                        truth (corpus; on plain files, ranked: certified
//                        witnesses, a checked proof, the oracle's complete
//                        search) to pass / fail + kind + finding / unknown /
//                        skip; the generator checker's verdicts
//   harness/truth/       what asks plugins for the truth: the generator
//                        checker's calls, the step checker's prover
//   report_json.cpp      the JSON report's values: rows and run to and from
//                        JSON; the intake of a row's grids (admit_grids)
//   report_file.cpp      the reader that checks a report as it streams it
//                        (--merge, --resume), the digest
//   report_writer.cpp    sinks: rows stream to the JSON report, JUnit and
//                        regressions temporaries as they are judged; the
//                        table is built from counts (tally.cpp)
//   merge.cpp            --merge: shard reports joined as they stream
//
// A row is one entry x one plugin. Nothing here knows a plugin by name: the
// oracle is whichever plugin --oracle names (harness/setup).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "corpus/corpus.hpp"
#include "judge/judge.hpp"
#include "numplace/grid.hpp"
#include "runner/runner.hpp"
#include "setup/setup.hpp"

namespace np::verify {

using judge::Kind;
using judge::Status;
using judge::kind_name;
using judge::status_name;
using judge::kind_from_name;
using judge::status_from_name;

// What became of a row's proof (docs/proofs.md): the host's checker's
// verdict on it, its size and the checker's time.
struct RowProof {
    ProofStatus status = ProofStatus::absent;
    uint64_t bytes = 0;   // what the plugin wrote (all of it, over the budget too)
    uint64_t micros = 0;  // the checker's time, on this process's clock
    bool operator==(const RowProof&) const = default;
};

struct Row {
    uint64_t unit = 0;        // the work unit it came from: rows sort by it
    std::string entry;        // corpus id, FILE:LINE, or a generator check's name
    std::string plugin;
    std::string operation;    // solve, count, check, generate, parse
    Status status = Status::skip;
    Kind kind = Kind::none;   // why it failed (judge.hpp)
    std::string finding;      // what happened, in words
    std::string verdict;      // what the plugin answered
    uint64_t micros = 0;          // the call's time on this process's clock
    uint64_t claimed_micros = 0;  // the worker's own measure: the plugin's claim (0 in process)
    uint64_t unit_rows = 0;   // how many rows its unit has (version 3; 0 for derived rows)
    bool derived = false;     // computed over the whole run (the conclusive share)
    // A call not made because its plugin had timed out --max-timeouts times
    // (a skip row): --resume runs its unit again.
    bool not_run = false;
    // Its answer's proof: on solve and count rows whose call was made and on
    // generate rows of puzzles (absent when the run asked for none,
    // --max-proof-bytes 0); nullopt on other rows and on the rows of reports
    // written before proofs (no "proof" key: no proof).
    std::optional<RowProof> proof;
    // The entry with its established truth, for --regressions (failures only,
    // and only when the corpus or a complete oracle search established it).
    std::optional<corpus::PuzzleEntry> regression;
    // In its place when the failure is a bad step: the step regression
    // (corpus kind `step`), the state before it with its truth by the oracle.
    std::optional<corpus::StepEntry> step_regression;
    // Version 4 (docs/report-format.md). The entry's tags and a command that
    // reruns the row: on every row a version 4 run judges (nullopt and ""
    // on rows kept from older reports; derived rows have tags, no command).
    std::optional<std::vector<std::string>> tags;
    std::string reproduce;
    // A plain puzzle's row: the plugins whose answers its judgement rests on
    // (the truth's parties, or the answer it contradicts), named with its own
    // in `reproduce`'s --plugins. Not in the report.
    std::vector<std::string> parties;
    // A failed row's grids: the puzzle it was about (givens; a generator's
    // offending result) and the plugin's answer grid when it gave one.
    std::optional<Grid> shown_puzzle, shown_answer;
    // A failed answer's refutation, when it is another solution: one the
    // truth holds (a unique solution, a certified witness) or another
    // plugin's certified one, and whose it is (report version 4, optional).
    std::optional<Grid> shown_refuting;
    std::string refuting_source;
    // The call's CPU time as the runner read it, where it could tell it
    // apart and the call took at least 10 ms (runner::kCpuItemMicros).
    std::optional<uint64_t> cpu_micros;

    // Rows are "the same" across runs when these agree, with their proofs'
    // status (timings and sizes aside).
    bool same_as(const Row& other) const;
};

// --max-timeouts: after this many timed-out calls of one plugin, its calls
// not yet started are not made.
inline constexpr uint64_t kDefaultMaxTimeouts = 3;

// --max-proof-bytes by default: proofs on, so that a plain file's truth rests
// on the checker. 64 MiB is far above what a search within the default
// --max-nodes writes (about a proof node per search node, each at most
// 3 + N bytes: a few MiB even at 25x25), so the bound cuts only proofs of
// searches given many more nodes; and it bounds what the parent reads and
// checks for one answer (docs/verification.md, "Proofs").
inline constexpr uint64_t kDefaultProofBytes = 64ull << 20;

// The report's format: 2 added run.files (each plugin's and the oracle's
// file and SHA-256, which enter the fingerprint); 3 makes a report check
// itself: the run's id and unit count, the rows each unit has, the rows the
// shard must hold, and a digest of it all (report_file.hpp). Versions 1 and
// 2 are still read (--merge, --resume), only with --accept-unchecked, and
// what is built from them is marked (RunInfo::unchecked). 4 adds each
// row's tags and reproducing command, a failed row's grids, the calls' CPU
// time (summary.cpu, a row's cpu_micros): docs/report-format.md. Its digest
// starts with the same line as version 3's.
inline constexpr int kReportVersion = 4;

// What a report says of the run that wrote it, before its rows.
struct RunInfo {
    int version = kReportVersion;
    std::string id;                   // this run's id (version 3): its JUnit and regressions files carry it too
    std::string fingerprint;          // hash of inputs, plugins (their SHA-256s) and settings: shards must share it
    uint32_t shard_index = 1, shard_count = 1;
    uint64_t units = 0;               // the units of the whole run, every shard's (version 3)
    uint64_t rows = 0;                // the rows this shard's units must have, derived rows aside (version 3)
    std::vector<std::string> plugins; // judged, in load order
    std::string oracle;               // "" when none was loaded
    // The judged plugins' files, then the oracle's (version 2 on).
    std::vector<harness::PluginFile> files;
    // The files written with this report, relative to its folder ("" none):
    // --merge and --resume check that they carry this run's id.
    std::string junit, regressions;
    // Version 3 on, "unchecked" in the run: why some of its rows were never
    // checked (each a report read with --accept-unchecked: a version 1 or 2
    // report, which has no digest, or one marked so itself). Empty: every
    // row was judged by the run or read from a checked report. A report
    // that carries it is read only with --accept-unchecked, and what is
    // built from it carries it on.
    std::vector<std::string> unchecked;
};

// --shard I/N and a report's "shard": digits only (no sign, no space, no
// overflow), 1 <= I <= N <= kMaxShards. nullopt, with `why`, otherwise.
inline constexpr uint32_t kMaxShards = 100000;
std::optional<std::pair<uint32_t, uint32_t>> parse_shard(std::string_view text, std::string& why);

// What a report says after its rows.
struct Ending {
    std::vector<std::string> input_errors;  // unreadable paths, schema errors, lines that are not puzzles
    bool interrupted = false;
    // 0 pass, 1 a row failed, 2 input errors; the command exits with 130 /
    // 143 when interrupted.
    int exit_code = 0;
    // Version 4: each plugin's calls' CPU and wall time, read by this
    // process (runner::CpuTime); shards and resumed runs add theirs.
    std::map<std::string, runner::CpuTime> cpu;
    // --quick: the standard shapes its generator sweep left out ("4x4",
    // "5x5"), for the summary line; not written to the report.
    std::vector<std::string> sweep_left_out;
};

// --quick's generator sweep covers the standard shapes up to this side
// (2x2, 2x3, 3x3); the full run covers them all (sources.cpp, add_sweep).
inline constexpr int kQuickSweepSide = 9;

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
    // says which) and a sweep of one seed per shape up to kQuickSweepSide.
    bool quick = false;
    uint64_t max_timeouts = kDefaultMaxTimeouts;  // 0 = no bound
    // --require-proofs: a unique or none from a plugin that can prove, without
    // a checked proof, fails (judge::unproved). Proofs are asked by
    // harness.max_proof_bytes (--max-proof-bytes, default kDefaultProofBytes).
    bool require_proofs = false;
    // --deep: every step of every explanation is checked for entailment (by
    // the state and by its pattern); by default a seeded sample of each
    // (judge/steps.hpp). Soundness is checked on every step either way.
    bool deep = false;
    std::size_t step_sample = 4;  // --step-sample: steps checked per explanation (0: soundness only)
    // --resume: the report of an earlier run with the same inputs, plugins
    // and settings (interrupted, say). Its rows are kept and their units are
    // not run again, but a unit that lacks any of its rows, or has a not_run
    // row, runs again whole. A report of another run, or one edited since it
    // was written, is refused.
    std::string resume;
    // --accept-unchecked: --resume may read a report without a digest
    // (version 1 or 2) or one marked unchecked; the new report is marked.
    bool accept_unchecked = false;
    // Called on the calling thread now and then while units run.
    std::function<void(std::size_t done, std::size_t total)> progress;
};

class ReportWriter;

// What a run or a merge ends with, before `out.finish` (report_writer.hpp)
// adds the derived rows and the exit code: its ending and what the user
// should know (a report that could not be checked, units run again).
struct Outcome {
    Ending ending;
    std::vector<std::string> notes;
};

// Loads the inputs and plugins, runs every unit of this shard and streams
// its rows to `out` (begun here) in unit order. Problems before any unit ran
// (an unknown plugin, a --resume report refused) come back as nullopt with
// `error` set, `out` aborted.
std::optional<Outcome> run(const Settings& settings, ReportWriter& out, std::string& error);

// Joins shard reports (files) into what one unsharded run gives, as they
// stream, into `out` (begun here): refuses a missing or doubled shard,
// shards of different runs, and a report that fails its own checks
// (report_file.hpp); `out` is then aborted.
// With `accept_unchecked` (--accept-unchecked) it also takes reports
// without a digest or marked unchecked, and marks the merged report.
std::optional<Outcome> merge(const std::vector<std::string>& paths, bool accept_unchecked, ReportWriter& out,
                             std::string& error);

}  // namespace np::verify
