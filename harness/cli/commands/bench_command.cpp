// numplace bench: plugins compared on datasets, tdoku's table (harness/bench).
#include <fstream>
#include <iostream>
#include <unistd.h>

#include "bench/bench.hpp"
#include "cli/commands/commands.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

int write_outputs(const bench::Report& report, const Args& args, Streams io) {
    // All or nothing: a set of files from one run, or the ones before.
    std::vector<std::pair<std::string, std::string>> files;
    if (args.has("--json")) files.emplace_back(args.text("--json"), dump_document(bench::to_json(report)) + "\n");
    if (args.has("--csv")) files.emplace_back(args.text("--csv"), bench::to_csv(report));
    if (args.has("--markdown")) files.emplace_back(args.text("--markdown"), bench::to_markdown(report));
    if (args.has("--chart")) files.emplace_back(args.text("--chart"), report::svg_chart(bench::chart_data(report)));
    const bool ok = write_files(files, io.out, io.err);
    // The table goes to stdout unless an output already does.
    bool taken = false;
    for (const char* flag : {"--json", "--csv", "--markdown", "--chart"}) taken |= args.has(flag) && args.text(flag) == "-";
    (taken ? io.err : io.out) << bench::to_table(report);
    for (const auto& note : report.notes) io.err << "numplace bench: " << utf8_clean(note) << "\n";
    if (!ok) return kExitUsage;
    if (report.interrupted) return interrupt_exit_code();
    return bench::exit_code(report);
}

// --resume FILE read into `earlier`, which the settings point at; false
// (said) when it is not JSON.
bool read_resume(const Args& args, nlohmann::json& earlier, bench::Settings& s, std::ostream& err) {
    if (!args.has("--resume")) return true;
    std::ifstream in(args.text("--resume"), std::ios::binary);
    try {
        earlier = nlohmann::json::parse(in);
    } catch (const std::exception& e) {
        err << "numplace bench: --resume " << utf8_clean(args.text("--resume")) << ": not a JSON report (" << e.what()
            << ")\n";
        return false;
    }
    s.resume = &earlier;
    s.resume_name = args.text("--resume");
    return true;
}

// The settings from the flags; false (said) for a usage error.
bool settings_from(const Args& args, bench::Settings& s, std::ostream& err) {
    s.datasets = args.texts("DATASETS");
    s.harness = harness_settings(args);
    s.harness.max_nodes = 0;  // bench times whole solves
    s.harness.runner.in_process = false;  // --isolate means worker processes
    s.size = size_of(args);
    s.limit = args.whole("--limit");
    if (s.limit != 1 && s.limit != 2) {
        err << "numplace bench: --limit " << args.text("--limit")
            << ": expected 1 (first solution) or 2 (prove unique)\n";
        return false;
    }
    s.seconds = args.seconds("--seconds");
    s.warmup = args.seconds("--warmup");
    s.seed = args.whole("--seed");
    s.sample_cap = args.whole("--sample-cap");
    s.jobs = static_cast<unsigned>(args.whole("-j"));
    s.baseline = args.text("--baseline");
    if (args.has("--what")) s.what = args.text("--what") == "grid" ? NP_GENERATE_GRID : NP_GENERATE_PUZZLE;
    if (s.datasets.empty() && !s.what) {
        err << "numplace bench: name DATASET files, or --what grid|puzzle to measure generators\n";
        return false;
    }
    if (!take_options(args, "--option", s.options, err) || !take_options(args, "--rater-option", s.rater_options, err))
        return false;
    s.bands = args.texts("--rating");
    s.technique = args.text("--technique");
    s.rater = args.text("--rater");
    s.table = args.text("--table");
    s.isolate = args.flag("--isolate");
    s.proofs = args.flag("--proofs");
    if (s.proofs) s.harness.max_proof_bytes = args.whole("--max-proof-bytes");
    if (s.isolate && ::access(s.harness.runner.worker_program.c_str(), X_OK) != 0) {
        err << "numplace bench: " << utf8_clean(s.harness.runner.worker_program)
            << " is missing: --isolate runs plugins in it\n";
        return false;
    }
    return true;
}

int run(const Args& args, Streams io) {
    bench::Settings s;
    nlohmann::json earlier;
    if (!read_resume(args, earlier, s, io.err) || !settings_from(args, s, io.err)) return kExitUsage;
    const bool tty = isatty(STDERR_FILENO) != 0;
    s.progress = [&](const std::string& line) {
        if (tty) io.err << "numplace bench: " << utf8_clean(line) << "\n";
    };
    std::string error;
    auto report = bench::run(s, error);
    if (!report) {
        io.err << "numplace bench: " << utf8_clean(error) << "\n";
        return kExitUsage;
    }
    return write_outputs(*report, args, io);
}

// The help paragraph and the flags of `numplace bench`.
const char* const kBenchHelp =
    "DATASETS are files of puzzles: one per line (\"puzzle:count:solution\" lines too), grids, or the first "
    "column of a .tsv after its header. For each dataset and plugin, in a child process of its own: "
    "--warmup seconds of certified solving estimate the rate; the sample is the whole file when rate x "
    "--seconds covers it, else a seeded random sample of that size; a certification pass then certifies "
    "every answer and checks its verdict against the oracle's complete search, and a timed pass measures "
    "(certification off; every timed answer is checked afterwards). A wrong answer, a crash or a hang "
    "gives the row a finding instead of figures. Columns: puzzles/s, microseconds per puzzle (mean, median, "
    "p99), the share solved without guessing (at --limit 2 this includes the uniqueness search, as in "
    "tdoku), guesses and nodes per puzzle, answers 'unknown', the child's peak memory above its start, the timed "
    "pass's CPU seconds (read by numplace from wait4, its child processes' included), and, once a puzzle hit "
    "--timeout, timeouts and PAR-2 (a timed-out or unknown puzzle counts twice the timeout). The JSON also keeps "
    "per-puzzle times for a seeded sample of each dataset, the same puzzles for every plugin (--sample-cap). With "
    "--what and no dataset, generators are measured: results/s and mean clues, every puzzle of the warm-up "
    "proved unique by the oracle. With --what puzzle and --rating (repeatable) or --technique, puzzles made to "
    "order are measured instead, as `numplace generate --rating` makes them: one row per generator and band, "
    "its rate the puzzles kept a second (one thread) and 'tried' the generator's puzzles looked at. Exit 0 "
    "when every row was measured or skipped, 1 on a finding, 2 for usage errors. See docs/benchmarks.md.";

std::vector<FlagSpec> bench_flags() {
    return {{"DATASETS", FlagKind::texts, "Puzzle files (lines, grids, .tsv)"},
            flags::plugins("Plugins to compare, a,b (default: every loaded plugin that can)"),
            flags::plugin_dir(), flags::allow_insecure_plugins(), flags::no_sandbox(),
            {"--size", FlagKind::shape, "Box shape of the dataset lines; for --what, the shape made (default 3x3)"},
            FlagSpec("--limit", FlagKind::whole, "1: the first solution; 2: solve and prove unique", "2").at_least(1),
            {"--seconds", FlagKind::seconds, "Timed seconds per plugin and dataset", "10"},
            {"--warmup", FlagKind::seconds, "Seconds of certified warm-up per plugin and dataset", "1"},
            flags::seed("Seed of the sample's order (and of the generators)"),
            {"--sample-cap", FlagKind::whole,
             "Keep per-puzzle times (JSON 'puzzles') for at most N puzzles of each dataset: the first N of the "
             "seeded order, the same puzzles for every plugin (0: none)",
             "2000"},
            FlagSpec("-j", FlagKind::whole, "Instances in parallel, one thread each", "1").at_least(1),
            flags::call_timeout(),
            flags::oracle("Plugin whose complete search checks verdicts (for the oracle itself: the fastest other "
                          "plugin that proves uniqueness)"),
            {"--baseline", FlagKind::text, "Add each plugin's speed as a ratio of this plugin's, same dataset, same run"},
            {"--what", FlagKind::choice, "Measure generators: grid or puzzle", "", {"grid", "puzzle"}},
            flags::option(),
            {"--rating", FlagKind::texts, "With --what puzzle: measure puzzles made to this ER band (7.0..7.5, 8.0..); "
                                          "repeatable, a row per band"},
            {"--technique", FlagKind::text, "With --what puzzle: measure puzzles whose path uses this technique"},
            {"--rater", FlagKind::text, "The plugin that explains, for --rating and --technique (default: the one "
                                        "loaded plugin that explains)"},
            {"--rater-option", FlagKind::texts, "The rater's option key=value; repeatable (profile=se for SE's "
                                                "easiest path)"},
            {"--table", FlagKind::choice, "Rating table for --rating: se or sukaku", "se", {"se", "sukaku"}},
            {"--json", FlagKind::text, "Write the rows as JSON to FILE (- for stdout)"},
            {"--resume", FlagKind::text,
             "The --json report of an earlier run with the same settings (one that was interrupted): keep its "
             "measured rows and findings, measure only the rest"},
            {"--csv", FlagKind::text, "Write the rows as CSV to FILE (- for stdout)"},
            {"--markdown", FlagKind::text, "Write the table as Markdown to FILE (- for stdout)"},
            {"--chart", FlagKind::text, "Write a bar chart (puzzles/s, log scale) as SVG to FILE"},
            {"--isolate", FlagKind::flag,
             "Run plugins in verify's worker processes (time and memory limits; each puzzle's time is then "
             "numplace's own, taken as it reads the worker's answers, in whole microseconds, so it includes the "
             "worker protocol and certification; there is no peak memory)"},
            flags::memory(),
            {"--proofs", FlagKind::flag,
             "Measure each plugin that can prove (capability proof) twice, as NAME and as NAME+proof, which "
             "writes a proof of every complete search: the certification pass checks them (a rejected one is a "
             "finding; sizes and the checker's speed are listed under the table), the timed pass writes them "
             "into memory (docs/proofs.md)"},
            flags::max_proof_bytes(bench::kProofBytes)};
}

}  // namespace

Command bench_command() {
    return {{"bench"},
            "Compare plugins' speed on puzzle datasets (or as generators): tdoku's table, JSON, CSV, Markdown, a chart",
            kBenchHelp,
            bench_flags(),
            run};
}

}  // namespace np::cli
