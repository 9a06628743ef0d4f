// numplace bench: plugins compared on puzzle datasets (or as generators) in
// the format the field knows from tdoku's benchmark table. Every answer is
// certified and judged against an independent oracle; a plugin that answers
// wrong gets a finding in its row, never a figure.
//
// For each dataset and plugin, in a child process of its own (a crash or a
// hang costs that row only, and the child's peak memory is the row's):
//   1. warm-up: --warmup seconds of certified solving, to estimate the rate;
//   2. the sample: the whole file when rate x --seconds covers it, else a
//      seeded random sample of that many puzzles (the same order for every
//      plugin: a faster plugin times a longer prefix of it);
//   3. a certification pass over the sample: every answer certified by the
//      host and its verdict checked against the oracle's complete search;
//   4. the timed pass, without certification, in a child of its own whose
//      CPU time (wait4) and wall time numplace reads as it reaps it; every
//      timed answer is then compared with the certified one (a different
//      one is certified and judged on its own).
// Each dataset's sample of per-puzzle times (--sample-cap) is the same
// puzzles for every plugin: the first of the seeded order. Those the timed
// pass reaches keep its times; the rest are timed one by one in step 3.
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "report/chart.hpp"
#include "numplace/grid.hpp"
#include "numplace/host.hpp"
#include "judge/judge.hpp"
#include "runner/runner.hpp"
#include "setup/setup.hpp"

namespace np::bench {

struct Dataset {
    std::string name;  // the file name without its folder and extension
    std::string path;
    std::vector<Grid> puzzles;
    std::vector<std::string> origins;  // "FILE:LINE" of each puzzle
    std::vector<std::string> errors;   // "FILE:LINE: why" for each line skipped
};

// Puzzle lines (the first field: "puzzle:count:solution" lines work), grids,
// and the first column of a .tsv file after its header line. nullopt and
// `error` when the file cannot be read.
std::optional<Dataset> read_dataset(const std::string& path, std::optional<Geometry> size, std::string& error);

// bench's harness settings: the harness's, without a node limit (bench
// times whole solves; --timeout still bounds each one).
inline harness::Settings whole_solves() {
    harness::Settings h;
    h.max_nodes = 0;
    return h;
}

struct Settings {
    // plugins (empty: every plugin that can solve, or generate --what),
    // folders, oracle, --timeout per puzzle, the runner for --isolate, cancel.
    harness::Settings harness = whole_solves();
    std::vector<std::string> datasets;  // paths; none: generators are measured
    std::optional<Geometry> size;       // for datasets: the lines' shape; for generators: 3x3 by default
    uint64_t limit = 2;                 // 1: first solution; 2: solve and prove unique
    double seconds = 10;                // timed, per plugin x dataset
    double warmup = 1;                  // seconds of warm-up
    uint64_t seed = 0;                  // the sample's order; generators' seed
    uint64_t sample_cap = 2000;         // per-puzzle times kept for at most this many puzzles a dataset
    unsigned jobs = 1;                  // instances in parallel, one thread each
    std::string baseline;               // a plugin: each row's speed as a ratio of its
    std::optional<np_generate_kind> what;  // generators: grids or puzzles
    // Puzzles made to order (--rating, --technique; truth/order.hpp): one
    // row per generator and band, its rate the puzzles kept a second.
    std::vector<std::string> bands;     // "6.0..8.0"; empty with a technique: any rating
    std::string technique;              // "" = any
    std::string rater;                  // "" = the one loaded plugin that explains
    OptionList rater_options;
    std::string table = "se";
    OptionList options;                 // passed to every call
    bool isolate = false;               // plugins in the runner's worker processes (harness.runner)
    // --proofs: each plugin that can prove is measured twice, as NAME and as
    // NAME+proof (writing a proof of every complete search, of at most
    // harness.max_proof_bytes bytes, or kProofBytes when that is 0); the
    // proofs of the certification pass are checked (a rejected one is a
    // finding), those of the timed pass only written (into memory).
    bool proofs = false;
    std::function<void(const std::string&)> progress;  // one line per step
    // --resume: the JSON report of an earlier run with the same settings; its
    // measured rows (and findings) are kept, only the others run.
    const nlohmann::json* resume = nullptr;
    std::string resume_name;  // its file, for messages
};

// The proofs of a NAME+proof row's certification pass: how many the
// framework's checker accepted, their sizes, and its speed (proofs a
// second of its own time, one core).
struct ProofFigures {
    uint64_t checked = 0, unproved = 0;  // unproved: complete searches without a proof
    double bytes_mean = 0, bytes_p99 = 0, check_rate = 0;
};
inline constexpr uint64_t kProofBytes = uint64_t{64} << 20;
inline constexpr const char* kProofSuffix = "+proof";

// Per-puzzle times of a dataset's sample (report version 4): `index` the
// puzzles' indexes in the dataset, in the seeded order, the same for every
// plugin; `us` each one's call in microseconds, nullopt for a timeout, an
// 'unknown' or a puzzle not reached (the last `not_reached` of them).
struct PuzzleTimes {
    std::vector<uint64_t> index;
    std::vector<std::optional<double>> us;
    uint64_t not_reached = 0;
};

struct Row {
    std::string plugin, dataset;
    enum class Status { measured, finding, skipped } status = Status::skipped;
    judge::Kind kind = judge::Kind::none;  // a finding's kind (judge.hpp), as verify's rows have it
    std::string message;  // the finding, or why the row was skipped
    uint64_t dataset_size = 0, timed = 0;  // puzzles (or results) in the file, timed
    bool sampled = false;
    double seconds = 0;   // the timed pass's wall time
    double rate = 0;      // puzzles (results) per second
    double mean_us = 0, median_us = 0, p99_us = 0;
    double no_guess_percent = 0, guesses = 0, nodes = 0;  // per puzzle
    uint64_t unknown = 0;  // answers 'unknown' (a spent budget)
    double mean_clues = 0;  // generated puzzles
    std::optional<uint64_t> candidates;  // made to order: the generator's puzzles tried
    std::optional<double> peak_mib;  // the child's peak resident memory above its start
    std::optional<double> ratio;     // rate / the baseline's rate on the same dataset
    std::optional<ProofFigures> proofs;  // NAME+proof rows
    // Read by numplace, never by the plugin (version 4): the CPU time (user
    // + system, wait4; the workers' /proc figures with --isolate) and wall
    // time of what ran the timed pass (docs/report-format.md).
    std::optional<double> cpu_seconds, wall_seconds;
    // Solving rows (version 4): puzzles of the timed pass that hit the
    // per-puzzle --timeout, the PAR-2 mean seconds a puzzle (nullopt with no
    // timeout), and the sample's per-puzzle times.
    std::optional<uint64_t> timeouts;
    std::optional<double> par2_seconds;
    std::optional<PuzzleTimes> puzzles;
};

struct Report {
    Settings settings;
    std::vector<std::string> dataset_names, plugin_names;
    std::vector<Row> rows;
    std::vector<std::string> notes;  // skipped lines, unconfirmed verdicts
    std::string machine, date, prover;
    // The measured plugins' files and SHA-256s, then the oracle's.
    std::vector<harness::PluginFile> files;
    bool interrupted = false;
};

// The JSON report's format version. Version 2 names finding kinds as verify
// does (certificate, disagreement, contract, crashed, ...); version 3 adds
// "plugins", each plugin's file and SHA-256 (harness::PluginFile); version 4
// adds each row's cpu_seconds, wall_seconds, timeouts, par2_seconds and
// puzzles, and settings.sample_cap (docs/report-format.md). --resume also
// reads versions 1 to 3 (1: wrong, disagrees, failed), whose rows lack them.
constexpr int kReportVersion = 4;

// nullopt and `error` for usage errors (an unknown plugin, no dataset
// readable, a baseline not in the run).
std::optional<Report> run(const Settings& settings, std::string& error);

// 0: every row measured or skipped; 1: a finding.
int exit_code(const Report& report);

nlohmann::json to_json(const Report& report);
// The settings as to_json writes them: what --resume compares.
nlohmann::json settings_json(const Settings& settings);
// The measured and finding rows of a to_json report (their ratios dropped:
// a run computes its own); `error` for a report that is not one.
std::optional<std::vector<Row>> rows_from_json(const nlohmann::json& report, std::string& error);
// For --resume: one line naming the first plugin of `now` whose file's
// SHA-256 is not the one `report` recorded (a version 1 or 2 report recorded
// none: ""), or why the report's "plugins" cannot be read.
std::string changed_plugin_file(const nlohmann::json& report, const std::vector<harness::PluginFile>& now);
std::string to_csv(const Report& report);
std::string to_markdown(const Report& report);
std::string to_table(const Report& report);  // for the screen
report::ChartData chart_data(const Report& report);

}  // namespace np::bench
