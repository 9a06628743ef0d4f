// numplace fuzz: random puzzles, metamorphic properties, shrunk failures
// (harness/fuzz).
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "fuzz.hpp"
#include "numplace/format.hpp"
#include "shared.hpp"

namespace np::cli {

namespace {


int run(const Args& args, Streams io) {
    if (!worker_available(args, io.err)) return kExitUsage;
    fuzz::Settings s;
    s.harness = harness_settings(args);
    s.size = size_of(args);
    s.seconds = args.seconds("--seconds");
    s.seed = args.whole("--seed");
    s.seeds = args.whole("--seeds");
    s.shrink_seconds = args.seconds("--shrink-seconds");
    s.reproduce = args.text("--reproduce");
    std::string error;
    auto result = fuzz::run(s, error);
    if (!result) {
        io.err << "numplace fuzz: " << error << "\n";
        return kExitUsage;
    }
    if (!result->finding && result->interrupted) {
        // The seed in flight was cut short: the run goes on from it.
        const uint64_t next = s.seed + result->seeds - (result->seeds > 0);
        io.out << "numplace fuzz: interrupted: nothing found in " << result->cases << " cases; to go on, run again "
               << "with --seed " << next << "\n";
        return interrupt_exit_code();
    }
    if (!result->finding) {
        io.out << "numplace fuzz: nothing found in " << result->cases << " cases (seeds " << s.seed << " to "
               << s.seed + result->seeds - (result->seeds > 0) << ")\n";
        return kExitOk;
    }
    const fuzz::Finding& f = *result->finding;
    std::string again = "numplace fuzz --plugins " + f.plugin;
    for (const auto& dir : s.harness.plugin_dirs) again += " --plugin-dir " + dir;
    if (s.harness.allow_insecure_plugins) again += " --allow-insecure-plugins";
    if (s.size) again += " --size " + s.size->name();
    io.out << "FAIL " << f.plugin << ": " << f.property << ": " << f.message << "\n";
    if (f.generator)  // a generator's output is not shrunk: it is what the call made
        io.out << "  its result (" << f.puzzle.geometry.name() << ", " << f.puzzle.given_count()
               << " givens): " << format_line(f.puzzle) << "\n";
    else
        io.out << (f.shrunk_completely ? "  shrunk puzzle (" : "  partly shrunk (--shrink-seconds ran out) (")
               << f.puzzle.geometry.name() << ", " << f.puzzle.given_count() << " givens): " << format_line(f.puzzle)
               << "\n"
               << "  as found:      " << f.original << "\n";
    io.out << "  find it again: " << again << " --seed " << f.seed << "\n"
           << "  reproduce:     " << again << " --reproduce '" << f.reproduce << "'\n";
    const std::string entry = f.generator ? corpus::to_yaml(*f.generator) : f.entry ? corpus::to_yaml(*f.entry) : "";
    if (!entry.empty()) io.out << "  corpus entry:\n" << entry;
    if (args.has("--regressions") &&
        !write_file(args.text("--regressions"),
                    std::string(f.generator
                                    ? "# Found by numplace fuzz: a generator call and the properties its results must have.\n"
                                    : "# Found by numplace fuzz; the expectation is the oracle's complete search.\n") +
                        (entry.empty() ? "[]\n" : entry),
                    io.out, io.err))
        return kExitUsage;
    return kExitFailed;
}

}  // namespace

Command fuzz_command() {
    return {{"fuzz"},
            "Random puzzles of every shape against metamorphic properties; failures shrunk to small puzzles",
            "rapidcheck draws a shape, a full grid from an independent seed (a generating plugin's, certified, "
            "seen through a random symmetry), and a puzzle: clues removed, plus a wrong clue or a duplicate given. "
            "Each plugin must then: give certified answers; agree with the oracle's complete search (certificates "
            "outrank claims); keep its verdict, and carry its solution along, under a symmetry; stay unique with the "
            "same solution when a clue from the solution is added; never lose solutions when a clue is removed; "
            "call duplicate givens invalid. Each generator is also given a drawn call (grids or puzzles, a seed, a "
            "first index, 1-3 results): every result certified, each puzzle unique by the oracle, the same results "
            "when asked again, from first_index and as a shorter run. A failure is shrunk clue by clue and printed with the --seed that finds "
            "it again, a rapidcheck reproduce string and a corpus entry. Exit 0 when nothing was found in "
            "--seconds, 1 on a failure.",
            with(flags::harness("Plugins to fuzz, a,b (default: every loaded plugin that can solve or generate)",
                                "Plugin whose complete search is the truth (for the oracle itself: another plugin that "
                                "proves uniqueness)"),
                 {{"--seconds", FlagKind::seconds, "Time for the whole run (seeds follow one another until it is up)", "10"},
                  flags::seed("First rapidcheck seed; the run goes on with seed + 1, + 2, ..."),
                  {"--seeds", FlagKind::whole,
                   "Run exactly this many seeds (20 cases each) instead of until --seconds: a fixed, repeatable amount "
                   "of work, for tests",
                   "0"},
                  {"--size", FlagKind::shape, "Only this box shape (default: 2x2, 2x3, 3x3, 3x4, 4x4, 5x5)"},
                  {"--shrink-seconds", FlagKind::seconds,
                   "At most this long shrinking a failure (each step may wait for a hung plugin's watchdog)", "60"},
                  {"--regressions", FlagKind::text,
                   "Write the shrunk puzzle (or the failing generator call) as a corpus entry to FILE.yaml"},
                  {"--reproduce", FlagKind::text, "Run once with this reproduce string from an earlier failure"}}),
            run};
}

}  // namespace np::cli
