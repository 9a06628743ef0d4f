// Shared helpers for the tests: where things are, running the CLI, reading
// datasets.
#pragma once

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/format.hpp"
#include "numplace/host.hpp"
#include "numplace/sandbox.hpp"  // sanitizer_build

namespace np::test {

// The datasets folder: $NUMPLACE_DATASETS, else the configured default
// (../shared/datasets beside the source tree). nullopt when it is absent.
std::optional<std::string> datasets_dir();
// Use at the top of a test: skips it (visibly, as [  SKIPPED ]) when the
// dataset file is absent; otherwise yields its full path.
#define NP_REQUIRE_DATASET(var, file)                                              \
    std::string var;                                                               \
    do {                                                                           \
        auto np_dir_ = ::np::test::datasets_dir();                                 \
        if (!np_dir_) GTEST_SKIP() << "datasets folder absent; set NUMPLACE_DATASETS"; \
        var = *np_dir_ + "/" + (file);                                             \
        if (!::np::test::file_exists(var)) GTEST_SKIP() << "dataset absent: " << var; \
    } while (0)

// One row of tdoku_solution_counts.tsv (see the datasets' SOURCES.md): the
// puzzle, its solution count as tdoku publishes it, and the solution when the
// count is 1.
struct PublishedCount {
    std::string puzzle;
    uint64_t count = 0;
    std::string solution;
};
// The rows of that file after its header; a malformed row fails the test
// (ADD_FAILURE) and is left out.
std::vector<PublishedCount> published_counts(const std::string& tsv_path);

bool file_exists(const std::string& path);
std::vector<std::string> read_lines(const std::string& path);  // without blank lines
std::string read_file(const std::string& path);                 // every byte; "" when it cannot be read

// The registry loaded from the build's plugin folder only.
const PluginRegistry& bundled_plugins();
const Plugin& bundled_plugin(const std::string& name);  // fails the test if absent

struct CliRun {
    int exit_code = -1;
    std::string out, err;
};
// Runs the built numplace binary with these arguments (no shell quoting
// worries: each argument is passed as is) and `input` on stdin.
CliRun run_cli(const std::vector<std::string>& args, const std::string& input = "",
               const std::vector<std::pair<std::string, std::string>>& env = {});
// The environment for a run in which a plugin's real SIGSEGV must kill the
// process that hosts it. Under AddressSanitizer (the sanitize preset) the
// process would catch the signal itself, print its report and exit 1;
// handle_segv=0 leaves it to kill the process as in any other build
// (elsewhere ASAN_OPTIONS is unused).
std::vector<std::pair<std::string, std::string>> real_segv();
// The same for another program of the build (numplace_benchmarks).
CliRun run_program(const std::string& binary, const std::vector<std::string>& args, const std::string& input = "",
                   const std::vector<std::pair<std::string, std::string>>& env = {});

// A CLI run in the background, for tests that signal it mid-run or measure
// its memory. Tests wait on what the run has done (its CPU time, its output),
// never on the clock: a loaded machine only makes them slower. stdout goes to
// a temporary file, as with run_cli; stderr too, or to a pseudo-terminal
// (ErrTo::terminal) so that the CLI prints the progress lines it prints only
// on a terminal (verify's "done/total entries", bench's "plugin: dataset").
class BackgroundCli {
public:
    enum class ErrTo { file, terminal };
    BackgroundCli(const std::vector<std::string>& args, const std::string& input = "", ErrTo err = ErrTo::file);
    ~BackgroundCli();
    BackgroundCli(const BackgroundCli&) = delete;
    BackgroundCli& operator=(const BackgroundCli&) = delete;
    // Polls (every 10 ms, up to about `limit_seconds`: a cap for a run that
    // never gets there, not a measure of speed) until `ready` holds; false
    // when the cap is reached first, or the run ended without it. `ready` sees the CPU
    // time (user + system, seconds) of the run and of its worker processes,
    // and its stdout so far; err_so_far() gives its stderr.
    bool wait_until(const std::function<bool(double cpu_seconds, const std::string& out)>& ready,
                    double limit_seconds = 120);
    std::string err_so_far() const;
    void signal(int signo);
    // Waits for the end; also gives its peak resident size in KiB (wait4).
    CliRun finish(long* max_rss_kib = nullptr);

private:
    void stop_reader();
    int pid_ = -1;
    std::string dir_;
    bool ended_ = false;
    int status_ = 0;
    struct ::rusage usage_ {};
    struct Terminal;
    std::unique_ptr<Terminal> terminal_;  // set with ErrTo::terminal
};

// The last "DONE/TOTAL entries" of verify's progress line in `err` (a
// terminal's output), as {done, total}; {0, 0} before the first.
std::pair<std::size_t, std::size_t> verify_progress(const std::string& err);

// ---- Puzzles and answers ----------------------------------------------------
// A line-format puzzle; a parse failure fails the test (and yields an empty grid).
Grid parse(std::string_view text, std::optional<Geometry> size = {});
std::string text_of(const Grid& grid);  // line format
// A solution is right when it has the puzzle's shape, is full, obeys the
// rules (by the framework's check_rules, not by any plugin) and keeps every given.
::testing::AssertionResult solves(const Grid& puzzle, const Grid& solution);
Budget node_budget(uint64_t max_nodes);
// A full grid made without any plugin: value(r, c) = (C*(r mod R) + r div R + c)
// mod N, its values relabelled by a seeded permutation.
Grid pattern_grid(Geometry geometry, uint64_t seed);
// A full grid from a generating plugin: result 0 of `seed`'s sequence from
// `generator`, which a test names so that it is never the plugin under test.
// Certified here by the framework's check_rules (full, every rule kept), so
// no plugin vouches for it. Unlike pattern_grid, grids of different seeds
// share no structure. When the generator fails, runs out of `max_nodes` or
// makes a bad grid, the test fails (ADD_FAILURE, with why) and the grid
// returned is empty: a rapidcheck property should RC_ASSERT(grid.is_full()).
Grid generated_grid(const std::string& generator, Geometry geometry, uint64_t seed,
                    uint64_t max_nodes = 1'000'000);
// Empties each cell with probability percent/100, drawn from a seeded Rng.
Grid remove_cells(const Grid& full, int percent, uint64_t seed);
std::vector<std::string> split_tabs(const std::string& line);

// ---- The independent prover ----------------------------------------------------
// A plugin's own output (a generated puzzle, a count) is proved by another
// plugin's code: exhaustive-count (exact cover, dancing links), which shares
// no search and no rule code with the others. Its search must reach a
// conclusion within the node budget: a search cut short is a failure of the
// test, never a pass and never a skip. (exhaustive-count's own tests use
// other provers: published counts, test-side counters, backtrack, bitmask-mrv.)
const Plugin& oracle();  // exhaustive-count
// The number of solutions of `puzzle`, counted by the oracle up to `limit`
// (NP_UNLIMITED: all) within `max_nodes`. Conclusive answers only: an
// exhausted search (the exact count), or `limit` solutions reached (at least
// that many; the two witnesses are certified). nullopt, with the reason in
// `why`, when the budget stopped the search first (unknown) or the oracle
// refused or failed.
std::optional<uint64_t> oracle_count(const Grid& puzzle, uint64_t limit, uint64_t max_nodes,
                                     std::string* why = nullptr);
// The oracle proves exactly one solution (a complete search), and when
// `solution` is given, that it is this one.
::testing::AssertionResult oracle_proves_unique(const Grid& puzzle, uint64_t max_nodes,
                                                const Grid* solution = nullptr);
// The oracle finds two distinct solutions (so a clue that could go was not needed).
::testing::AssertionResult oracle_proves_several(const Grid& puzzle, uint64_t max_nodes);
// The oracle's complete count is `expected`.
::testing::AssertionResult oracle_counts(const Grid& puzzle, uint64_t expected, uint64_t max_nodes);

// exhaustive-count's node budget for one proof in the plugin tests: far more
// than any of their puzzles needs (the largest, a clue removed from a minimal
// 16x16 puzzle, takes about 600,000 nodes), so that only a broken search
// reaches it; a proof that does not finish within it fails the test.
inline constexpr uint64_t kProofNodes = 5'000'000;

// Seed 002's example board and its one solution, the puzzle many tests start
// from (older tests still spell them out).
inline constexpr const char* kSeed002Puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
inline constexpr const char* kSeed002Solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// "none", "unique" or "multiple" as the oracle proves it (limit 2, within
// kProofNodes), or why it could not.
std::string proved_class(const Grid& puzzle);

// Every witness of `out` solves the puzzle (check_rules, not a plugin), and
// two witnesses differ.
void expect_witnesses_solve(const Grid& puzzle, const SolveOutcome& out);
// `plugin`'s count of `puzzle` to `limit` is the oracle's, its witnesses
// (up to two) solve the puzzle and differ; returns the oracle's count.
uint64_t expect_count_as_oracle(const Plugin& plugin, const Grid& puzzle, uint64_t limit,
                                const OptionList& options = {});
// Candidate masks are the problem a 9x9 plugin solves: seed 002 with the
// solution's value taken from one cell's mask has no solution; with another
// value taken, the one solution (counts by the oracle, never the plugin).
void expect_masks_are_the_problem(const Plugin& plugin, const OptionList& options = {});
// Every puzzle of a dataset file (../shared; the test skips, visibly,
// without it) through `plugin`, bitmask-mrv and the oracle with limit 2:
// the same verdicts and counts, the same witness of a unique puzzle, and
// every witness solves the puzzle (for the fast plugins' slow tests).
void agree_on_dataset(const std::string& plugin, const std::string& file);
// The counter `name` a plugin reported in its call's stats; nullopt when it
// reported none.
std::optional<uint64_t> counter(const CallStats& stats, const std::string& name);

std::string fixture_dir();   // the fixture plugins built for the loader tests
std::string liar_dir();      // fixture-liar and fixture-liar-b (fixture_liar.c)
std::string variant_fixture_dir();  // fixture-variant (fixture_variant.c): kinds declared, one grid answered
std::string broken_dir();    // fixture-undefined: a plugin that cannot load
std::string plugin_dir();    // the build's plugin folder
std::string source_dir();    // tests/ in the source tree

}  // namespace np::test
