// numplace verify: every plugin judged on every entry (harness/verify).
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands/commands.hpp"
#include "cli/shared.hpp"
#include "verify/report_writer.hpp"
#include "verify/verify.hpp"

namespace np::cli {

namespace {


// Progress on stderr: on a terminal, a bar redrawn in place; otherwise (a
// CI log) a line every kLogSeconds, so that a long run shows it is alive.
// NUMPLACE_PROGRESS_SECONDS sets that interval (tests set 0: a line at each
// update, so they see one without waiting on the clock).
class Progress {
public:
    static constexpr double kLogSeconds = 30;
    Progress() : terminal_(isatty(STDERR_FILENO) != 0), start_(std::chrono::steady_clock::now()) {
        const char* every = std::getenv("NUMPLACE_PROGRESS_SECONDS");
        interval_ = every != nullptr && *every != '\0' ? std::max(0.0, std::atof(every)) : kLogSeconds;
        next_ = interval_;
    }
    void operator()(std::size_t done, std::size_t total) {
        if (total == 0) return;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (terminal_) bar(done, total, seconds);
        else if (seconds >= next_) log_line(done, total, seconds);
    }

private:
    // "about N s left" from the pace so far, or "" when it cannot be told.
    static std::string left(std::size_t done, std::size_t total, double seconds) {
        if (done == 0 || done >= total) return "";
        const auto rest = static_cast<long>(seconds * static_cast<double>(total - done) / static_cast<double>(done));
        return ", about " + std::to_string(rest) + " s left";
    }
    void bar(std::size_t done, std::size_t total, double seconds) {
        const int width = 30, filled = static_cast<int>(width * done / total);
        std::cerr << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
                  << std::string(static_cast<std::size_t>(width - filled), '.') << "] " << done << "/" << total
                  << " entries" << left(done, total, seconds);
        if (done > 0 && done < total) std::cerr << "   ";
        if (done == total) std::cerr << "                    \n";
        std::cerr.flush();
    }
    void log_line(std::size_t done, std::size_t total, double seconds) {
        std::cerr << "numplace verify: " << done << "/" << total << " entries after " << static_cast<long>(seconds)
                  << " s" << left(done, total, seconds) << "\n";
        std::cerr.flush();
        if (interval_ > 0)
            while (next_ <= seconds) next_ += interval_;
    }

    bool terminal_;
    std::chrono::steady_clock::time_point start_;
    double interval_ = kLogSeconds, next_ = kLogSeconds;
};


// Where the run's files go. Only one of them may stream to stdout.
std::optional<verify::OutputPaths> output_paths(const Args& args, std::ostream& err) {
    verify::OutputPaths paths{args.text("--report"), args.text("--junit"), args.text("--regressions")};
    if ((paths.report == "-") + (paths.junit == "-") + (paths.regressions == "-") > 1) {
        err << "numplace verify: only one of --report, --junit and --regressions can be - (stdout)\n";
        return std::nullopt;
    }
    return paths;
}

// The end of a run or a merge: the derived rows and the summary written, the
// files renamed (all or none), the notes and the table printed. The exit
// code is the report's: 1 for a failed row, 2 for input errors, 130 / 143
// when interrupted; 2 when a file could not be written.
int finish(verify::ReportWriter& out, verify::Outcome outcome, const Args& args, Streams io) {
    // A merged report with an interrupted shard is as partial as the shard:
    // no signal came to this process, so it says 130 (interrupted).
    const int interrupted_code = interrupt_exit_code() != 0 ? interrupt_exit_code() : kExitSigint;
    std::string error;
    const bool written = out.finish(outcome.ending, args.percent("--min-conclusive") / 100.0, interrupted_code, error);
    for (const auto& note : outcome.notes) io.err << "numplace verify: " << utf8_clean(note) << "\n";
    if (!written) io.err << "numplace verify: " << utf8_clean(error) << " (no file was changed)\n";
    // The table goes to stdout unless the report already does.
    out.tally().print(out.run(), outcome.ending, args.text("--report") != "-" ? io.out : io.err);
    io.out.flush();
    return written ? outcome.ending.exit_code : kExitUsage;
}

int run_merge(const Args& args, Streams io) {
    const auto paths = output_paths(args, io.err);
    if (!paths) return kExitUsage;
    verify::ReportWriter out(*paths);
    std::string error;
    auto merged = verify::merge(args.texts("PATHS"), args.flag("--accept-unchecked"), out, error);
    if (!merged) {
        io.err << "numplace verify --merge: " << utf8_clean(error) << "\n";
        return kExitUsage;
    }
    if (merged->ending.interrupted)
        io.err << "numplace verify --merge: a shard was interrupted, so the merged report is partial "
                  "(finish that shard with verify --resume, then merge again)\n";
    return finish(out, std::move(*merged), args, io);
}

int run(const Args& args, Streams io) {
    if (args.flag("--merge")) {
        if (args.texts("PATHS").empty()) {
            io.err << "numplace verify --merge: name the shard reports to merge\n";
            return kExitUsage;
        }
        return run_merge(args, io);
    }
    if (!worker_available(args, io.err)) return kExitUsage;
    const auto paths = output_paths(args, io.err);
    if (!paths) return kExitUsage;
    verify::Settings s;
    s.harness = harness_settings(args);
    s.resume = args.text("--resume");
    s.paths = args.texts("PATHS");
    s.size = size_of(args);
    s.tags = comma_list(args.text("--tags"));
    s.ids = comma_list(args.text("--ids"));
    s.jobs = args.has("-j") ? static_cast<unsigned>(args.whole("-j")) : usable_cpus();
    s.min_conclusive = args.percent("--min-conclusive") / 100.0;
    s.generators = !args.flag("--no-generator-sweep");
    s.quick = args.flag("--quick");
    s.max_timeouts = args.whole("--max-timeouts");
    s.require_proofs = args.flag("--require-proofs");
    s.deep = args.flag("--deep");
    s.step_sample = args.whole("--step-sample");
    if (s.require_proofs && s.harness.max_proof_bytes == 0) {
        io.err << "numplace verify: --require-proofs needs proofs, and --max-proof-bytes 0 asks for none\n";
        return kExitUsage;
    }
    if (args.has("--shard")) {
        std::string why;
        const auto shard = verify::parse_shard(args.text("--shard"), why);
        if (!shard) {
            io.err << "numplace verify: --shard " << utf8_clean(args.text("--shard")) << ": " << why
                   << " (I/N with 1 <= I <= N <= " << verify::kMaxShards << ")\n";
            return kExitUsage;
        }
        s.shard_index = shard->first;
        s.shard_count = shard->second;
    }
    s.accept_unchecked = args.flag("--accept-unchecked");
    Progress progress;
    s.progress = [&](std::size_t done, std::size_t total) { progress(done, total); };
    verify::ReportWriter out(*paths);
    std::string error;
    auto outcome = verify::run(s, out, error);
    if (!outcome) {
        io.err << "numplace verify: " << utf8_clean(error) << "\n";
        return kExitUsage;
    }
    return finish(out, std::move(*outcome), args, io);
}

// --max-proof-bytes, with verify's default and why it is that.
FlagSpec proof_bytes_flag() {
    FlagSpec spec = flags::max_proof_bytes(verify::kDefaultProofBytes);
    spec.help += ". Default 64 MiB: far above what a search within the default --max-nodes writes, so only "
                 "searches given more nodes are cut, and a bound on what numplace reads and checks per answer";
    return spec;
}

// The failure kinds, as the judge names them: "certificate, expectation, ...".
std::string kind_list() {
    std::string list;
    for (judge::Kind k : judge::all_kinds()) list += (list.empty() ? "" : ", ") + std::string(judge::kind_name(k));
    return list;
}

}  // namespace

Command verify_command() {
    return {{"verify"},
            "Judge plugins on the corpus and on puzzle files: certificates, expectations, agreement, generators",
            "PATHS are YAML corpus files or folders and plain puzzle files (one puzzle per line); without any, the "
            "bundled corpus. Every entry x plugin is a row: pass, fail (" + kind_list() +
                "), unknown (budget spent) or skip, and, for plugins that can prove, its proof: checked, rejected "
                "(a certificate failure) or absent. Plain files are judged by agreement, ranked: two valid different "
                "solutions outrank any claim, then a checked proof (from any plugin, the oracle included), then the "
                "oracle's complete search. With a corpus, every generator also runs on the standard shapes. Exit 0 "
                "when no row failed, 1 when one did, 2 for input or usage errors. See docs/verification.md.",
            with(flags::harness("Plugins to judge, a,b (default: every loaded plugin)",
                                "Plugin whose proof or complete search settles plain puzzles and proves generated "
                                "puzzles unique"),
                 {{"PATHS", FlagKind::texts, "Corpus files or folders, plain puzzle files; with --merge, shard reports"},
                  {"--size", FlagKind::shape, "Box shape for plain files; for YAML entries, a filter"},
                  {"--tags", FlagKind::text, "Only entries with any of these tags, a,b"},
                  {"--ids", FlagKind::text, "Only these entry ids (FILE:LINE for plain files), a,b"},
                  FlagSpec("-j", FlagKind::whole, "Entries judged in parallel (default: the CPUs this process may use)")
                      .at_least(1),
                  {"--min-conclusive", FlagKind::percent,
                   "A plugin conclusive (not unknown) on fewer than this % of its rows fails", "10"},
                  {"--shard", FlagKind::text,
                   "Run shard I of N (1-based, 1 <= I <= N <= " + std::to_string(verify::kMaxShards) + "): every N-th entry"},
                  {"--merge", FlagKind::flag,
                   "PATHS are shard reports: join them into one report and exit code; each is checked first (whole, "
                   "unedited, of one run: docs/verification.md)"},
                  {"--resume", FlagKind::text,
                   "A report of an earlier run with the same arguments (one that was interrupted): keep its rows, run "
                   "only the entries it lacks; a report of other inputs, plugins or settings, or one edited since it "
                   "was written, is refused"},
                  {"--accept-unchecked", FlagKind::flag,
                   "Let --merge and --resume read reports that cannot be checked (version 1 or 2: no digest; or "
                   "marked unchecked), vouching for them yourself; the report written from them is marked unchecked"},
                  {"--report", FlagKind::text, "Write the JSON report (rows and summary) to FILE; - for stdout"},
                  {"--junit", FlagKind::text, "Write a JUnit XML file: a testcase per row"},
                  {"--regressions", FlagKind::text, "Write every failure with an established truth as corpus entries"},
                  {"--no-generator-sweep", FlagKind::flag, "Skip the generators' standard-shape sweep"},
                  {"--quick", FlagKind::flag,
                   "A fixed subset of the corpus (the first few entries of each file, shape and expectation; see "
                   "docs/verification.md) and a generator sweep of seed 1 only; plain files run whole"},
                  proof_bytes_flag(),
                  {"--require-proofs", FlagKind::flag,
                   "Fail (certificate) every unique or none that a plugin able to prove claims without a checked "
                   "proof; a plugin that declares it cannot prove with its options (bitmask-mrv's "
                   "uniqueness=forward-backward) is not failed"},
                  {"--deep", FlagKind::flag,
                   "Check every step of every explanation (plugins that explain) for entailment, by the candidate "
                   "state and by the step's own pattern, with the oracle; by default a seeded sample of 4 steps "
                   "each (--step-sample). Soundness against the solution is checked on every step either way"},
                  FlagSpec("--step-sample", FlagKind::whole,
                           "Steps of each explanation checked for entailment (oracle calls: two per effect, at most "
                           "4 effects a step); 0 checks soundness only", "4"),
                  FlagSpec("--max-timeouts", FlagKind::whole,
                           "After this many timed-out calls of one plugin, its calls not yet started are skipped "
                           "(rows 'not run', which --resume runs again); 0 = no bound",
                           std::to_string(verify::kDefaultMaxTimeouts))}),
            run};
}

}  // namespace np::cli
