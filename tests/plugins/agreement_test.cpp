// Every plugin against every other, wherever their capabilities and sizes
// overlap, judged by the harness's own judge (harness/judge/judge.hpp), the
// code `numplace verify` runs.
//
// The rules:
//   - every witness is a certificate: a full grid that obeys the rules and
//     keeps every given;
//   - two plugins that both reached a conclusion (a complete search, or two
//     solutions) agree on none / unique / multiple, and on the exact count
//     when both searches were complete;
//   - a plugin that stopped early (budget, limit, or cannot prove) must not
//     contradict a complete answer: its lower bound is at most the exact count,
//     and a `found` solution of a unique puzzle is that solution;
//   - duplicate givens are `invalid` for every plugin, with the same code.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "corpus/corpus.hpp"
#include "judge/judge.hpp"
#include "numplace/format.hpp"
#include "numplace/random.hpp"
#include "test_support.hpp"

namespace {

using np::Grid;
using np::Plugin;
using np::SolveOutcome;
using np::Verdict;

// Each plugin gets this many nodes per puzzle: plenty for the fast ones, and
// it keeps the plain ones (backtrack, naive-dom) from taking the suite hostage.
constexpr uint64_t kNodeBudget = 2'000'000;

// A plugin that suggests a smaller budget (ABI 3.3: logic, which spends all
// it is given on a puzzle it cannot solve) gets that, as in verify.
np::Budget budget_for(const Plugin& p, uint64_t nodes = kNodeBudget) {
    np::Budget budget;
    const uint64_t suggested = p.suggested_max_nodes();
    budget.max_nodes = suggested != 0 ? std::min(nodes, suggested) : nodes;
    return budget;
}

// A variant puzzle (csp's generated jigsaws) goes only to plugins that
// declare its kinds and layout; the host refuses it to the others.
bool takes(const Plugin& p, const Grid& puzzle) { return !puzzle.is_variant() || !p.variant_refusal(*puzzle.variant); }

std::vector<const Plugin*> solvers() {
    std::vector<const Plugin*> out;
    for (const auto& p : np::test::bundled_plugins().plugins())
        if (p.can(NP_CAP_SOLVE)) out.push_back(&p);
    return out;
}

struct Tally {
    int compared = 0;  // pairs where both reached a conclusion
    int checked = 0;   // answers whose certificates were checked
};

// Solves one puzzle with every plugin that supports its size and checks the
// rules above. `expected_count` (when known, e.g. published) must match any
// complete answer too.
void cross_check(const Grid& puzzle, const std::string& label, uint64_t limit, Tally& tally,
                 std::optional<uint64_t> expected_count = std::nullopt) {
    std::map<std::string, SolveOutcome> answers;
    for (const Plugin* p : solvers()) {
        if (!p->supports(puzzle.geometry) || !takes(*p, puzzle)) continue;
        // Counting past two is a capability of its own (qqwing refuses it).
        if (limit > 2 && !p->can(NP_CAP_COUNT)) continue;
        SolveOutcome out = p->solve(puzzle, limit, {}, budget_for(*p));
        ASSERT_NE(out.verdict, Verdict::error) << label << " " << p->name() << ": " << out.message;
        ASSERT_NE(out.verdict, Verdict::invalid) << label << " " << p->name();
        for (const Grid& s : out.solutions) { EXPECT_TRUE(np::test::solves(puzzle, s)) << label << " " << p->name(); }
        if (out.solutions.size() == 2) { EXPECT_NE(out.solutions[0], out.solutions[1]) << label << " " << p->name(); }
        if (out.verdict == Verdict::multiple) { EXPECT_EQ(out.solutions.size(), 2u) << label << " " << p->name(); }
        if (out.complete && expected_count) {
            EXPECT_EQ(out.count, std::min(*expected_count, limit)) << label << " " << p->name();
        }
        ++tally.checked;
        answers.emplace(p->name(), std::move(out));
    }
    // Verdicts are judged as `numplace verify` judges a plain file: by the
    // harness's own judge (certificates outrank claims, then the oracle's
    // complete search, then conclusive answers must not contradict).
    std::vector<np::judge::NamedAnswer> named;
    for (const auto& [name, out] : answers) named.push_back({name, &out});
    const auto oracle = answers.find("exhaustive-count");
    const np::judge::Truth truth = np::judge::truth_from_answers(
        named, oracle == answers.end() ? nullptr : &oracle->second, "exhaustive-count");
    const auto clashes = np::judge::contradictions(named);
    for (std::size_t i = 0; i < named.size(); ++i) {
        const auto j = np::judge::judge_solve(*named[i].outcome, truth, np::judge::Kind::disagreement);
        EXPECT_NE(j.status, np::judge::Status::fail) << label << " " << named[i].plugin << ": " << j.finding;
        EXPECT_EQ(clashes[i], "") << label << " " << named[i].plugin;
    }
    // Exact counts (beyond what a verdict says) agree, and bound every lower bound.
    for (const auto& [a_name, a] : answers) {
        for (const auto& [b_name, b] : answers) {
            if (a_name >= b_name) continue;
            const std::string who = label + ": " + a_name + " vs " + b_name;
            const bool a_sure = a.complete || a.verdict == Verdict::multiple;
            const bool b_sure = b.complete || b.verdict == Verdict::multiple;
            if (a_sure && b_sure) ++tally.compared;
            if (a.complete && b.complete) { EXPECT_EQ(a.count, b.count) << who; }
            if (a.complete && !b.complete) { EXPECT_LE(b.count, a.count) << who; }
            if (b.complete && !a.complete) { EXPECT_LE(a.count, b.count) << who; }
        }
    }
}

std::vector<std::string> sample(const std::vector<std::string>& lines, std::size_t count) {
    if (lines.size() <= count) return lines;
    std::vector<std::string> out;
    const std::size_t step = lines.size() / count;  // spread over the file
    for (std::size_t i = 0; out.size() < count; i += step) out.push_back(lines[i]);
    return out;
}

Grid parse(const std::string& line) { return np::test::parse(line.substr(0, line.find_first_of(" \t:,;"))); }

// Under the sanitizers (several times slower, and checking memory, not
// answers: the Release suite compares every sampled puzzle) a quarter of the
// sample.
std::size_t sampled(std::size_t count) { return np::sanitizer_build() ? count / 4 : count; }

void dataset_agreement(const std::string& path, std::size_t count, Tally& tally) {
    for (const auto& line : sample(np::test::read_lines(path), sampled(count))) cross_check(parse(line), line, 2, tally);
}

TEST(Agreement, ThereAreSeveralProvers) {
    int provers = 0;
    for (const Plugin* p : solvers()) provers += p->can(NP_CAP_PROVE_UNIQUE);
    EXPECT_GE(provers, 2) << "agreement needs at least two plugins that can prove uniqueness";
}

TEST(Agreement, Kaggle) {
    NP_REQUIRE_DATASET(path, "kaggle_1m_first1000.txt");
    Tally t;
    dataset_agreement(path, 100, t);
    EXPECT_GE(t.compared, 100);
}

TEST(Agreement, SeventeenClue) {
    NP_REQUIRE_DATASET(path, "17clue.txt");
    Tally t;
    dataset_agreement(path, 60, t);
    EXPECT_GE(t.compared, static_cast<int>(sampled(60)));
}

TEST(Agreement, Top1465) {
    NP_REQUIRE_DATASET(path, "top1465.txt");
    Tally t;
    dataset_agreement(path, 60, t);
    EXPECT_GE(t.compared, static_cast<int>(sampled(60)));
}

TEST(Agreement, SergBenchmarkHasMultipleSolutions) {
    NP_REQUIRE_DATASET(path, "serg_benchmark.txt");
    Tally t;
    for (const auto& line : sample(np::test::read_lines(path), 60)) {
        Grid puzzle = parse(line);
        cross_check(puzzle, line, 2, t);
        // Every puzzle of this set has two or more solutions.
        for (const Plugin* p : solvers()) {
            if (!p->can(NP_CAP_PROVE_UNIQUE)) continue;
            auto out = p->solve(puzzle, 2, {}, budget_for(*p));
            if (out.verdict != Verdict::unknown && out.verdict != Verdict::found) {
                EXPECT_EQ(out.verdict, Verdict::multiple) << p->name() << " " << line;
            }
        }
    }
    EXPECT_GE(t.compared, 60);
}

TEST(Agreement, TdokuSolutionCountsWithPublishedCounts) {
    NP_REQUIRE_DATASET(path, "tdoku_solution_counts.tsv");
    Tally t;
    auto lines = np::test::read_lines(path);
    for (std::size_t i = 1; i < lines.size(); ++i) {  // row 0 is the header
        std::istringstream row(lines[i]);
        std::string puzzle, count;
        std::getline(row, puzzle, '\t');
        std::getline(row, count, '\t');
        cross_check(parse(puzzle), puzzle, NP_UNLIMITED, t, std::stoull(count));
    }
    EXPECT_GE(t.compared, 42);
}

// Puzzles of other sizes: a generated full grid with cells blanked at random.
TEST(Agreement, GeneratedPuzzlesOfOtherSizes) {
    const Plugin* grids = nullptr;
    for (const auto& p : np::test::bundled_plugins().plugins())
        if (p.can(NP_CAP_GENERATE_GRID) && p.supports({4, 4})) grids = &p;
    ASSERT_NE(grids, nullptr);
    Tally t;
    const std::vector<std::pair<np::Geometry, int>> shapes = {
        {{2, 2}, 10}, {{2, 3}, 20}, {{3, 4}, 40}, {{4, 4}, 60}};
    for (auto [geometry, blanks] : shapes) {
        auto full = grids->generate(geometry, NP_GENERATE_GRID, 1234, 6, {}, {});
        ASSERT_TRUE(full.ok) << full.message;
        np::Rng rng(99);
        for (std::size_t k = 0; k < full.results.size(); ++k) {
            Grid puzzle = full.results[k];
            // More blanks for later puzzles, so some have several solutions.
            const int remove = blanks + static_cast<int>(k) * geometry.side() / 2;
            for (int r = 0; r < remove; ++r) puzzle.cells[rng.below(puzzle.cells.size())] = 0;
            cross_check(puzzle, geometry.name() + " #" + std::to_string(k), 2, t);
        }
    }
    EXPECT_GE(t.compared, 24);
}

// Every generated puzzle is proved unique by exhaustive-count, whose search
// must finish (a generator's puzzle is never vouched for by the generator's
// own search alone); every other prover that finishes agrees. csp's are
// jigsaws (its default variant): only the plugins that take them see them.
TEST(Agreement, GeneratedUniquePuzzlesAreUniqueForEveryProver) {
    Tally t;
    int generators = 0;
    for (const auto& g : np::test::bundled_plugins().plugins()) {
        if (!g.can(NP_CAP_GENERATE_PUZZLE)) continue;
        ++generators;
        for (np::Geometry geometry : {np::Geometry{2, 2}, np::Geometry{2, 3}, np::Geometry{3, 3}}) {
            if (!g.supports(geometry)) continue;
            auto made = g.generate(geometry, NP_GENERATE_PUZZLE, 7, 5, {}, {});
            ASSERT_TRUE(made.ok) << made.message;
            for (const auto& puzzle : made.results) {
                cross_check(puzzle, g.name() + " " + np::format_line(puzzle), 2, t);
                EXPECT_TRUE(np::test::oracle_proves_unique(puzzle, kNodeBudget)) << g.name();
                for (const Plugin* p : solvers()) {
                    if (!p->can(NP_CAP_PROVE_UNIQUE) || !p->supports(puzzle.geometry) || !takes(*p, puzzle)) continue;
                    auto out = p->solve(puzzle, 2, {}, budget_for(*p));
                    if (out.complete) { EXPECT_EQ(out.verdict, Verdict::unique) << p->name(); }
                }
            }
        }
    }
    EXPECT_GE(generators, 1);
    EXPECT_GE(t.compared, 15);
}

TEST(Agreement, DuplicateGivensAreInvalidForEveryPlugin) {
    // Seed 002's board with a second 7 in row 1 (column 6) — also a clash in
    // box 2 with the 7 at column 5.
    Grid puzzle = parse("53..77...6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    for (const Plugin* p : solvers()) {
        auto out = p->solve(puzzle, 2, {}, {});
        EXPECT_EQ(out.verdict, Verdict::invalid) << p->name();
        ASSERT_TRUE(out.error.has_value()) << p->name();
        EXPECT_EQ(out.error->row, 1) << p->name();
        EXPECT_EQ(out.error->value, 7) << p->name();
    }
}

}  // namespace

// The corpus's expectations hold for every plugin that reaches a conclusion
// (a sample of every eighth entry; the harness's verify will run them all).

namespace {

TEST(Agreement, CorpusSampleExpectationsHold) {
    auto loaded = np::corpus::load({np::test::source_dir() + "/../corpus"});
    ASSERT_TRUE(loaded.ok());
    int checked = 0;
    const auto& puzzles = loaded.corpus.puzzles;
    for (std::size_t i = 0; i < puzzles.size(); i += 8 * (np::sanitizer_build() ? 4 : 1)) {
        const auto& entry = puzzles[i];
        const Grid* grid = std::get_if<Grid>(&entry.puzzle);
        if (grid == nullptr) continue;  // malformed text never reaches a plugin
        for (const Plugin* p : solvers()) {
            if (!p->supports(grid->geometry)) continue;
            if (grid->is_variant() && p->variant_refusal(*grid->variant)) continue;  // refused, never solved
            auto out = p->solve(*grid, 2, {}, entry.max_nodes != 0 ? np::test::node_budget(entry.max_nodes) : budget_for(*p, 300'000));
            const std::string who = entry.id + " " + p->name();
            if (entry.expect.verdict == Verdict::invalid) {
                EXPECT_EQ(out.verdict, Verdict::invalid) << who;
                continue;
            }
            if (out.verdict == Verdict::found && entry.expect.solution) {
                EXPECT_EQ(out.solutions.at(0), *entry.expect.solution) << who;
            }
            if (out.verdict == Verdict::unknown || out.verdict == Verdict::found) continue;
            EXPECT_EQ(out.verdict, entry.expect.verdict) << who;
            if (out.verdict == Verdict::unique) { EXPECT_EQ(out.solutions.at(0), *entry.expect.solution) << who; }
            ++checked;
        }
    }
    EXPECT_GE(checked, np::sanitizer_build() ? 100 : 500);
}

}  // namespace

namespace {

// Every generator's full grids pass the framework's rule check and every
// plugin's grid checker.
TEST(Agreement, GeneratedGridsPassEveryChecker) {
    int grids = 0, checks = 0;
    for (const auto& g : np::test::bundled_plugins().plugins()) {
        if (!g.can(NP_CAP_GENERATE_GRID)) continue;
        for (np::Geometry geometry : {np::Geometry{2, 2}, np::Geometry{2, 3}, np::Geometry{3, 3}, np::Geometry{3, 4}}) {
            if (!g.supports(geometry)) continue;
            auto made = g.generate(geometry, NP_GENERATE_GRID, 11, 4, {}, np::test::node_budget(50'000'000));
            ASSERT_TRUE(made.ok) << g.name() << ": " << made.message;
            for (const Grid& grid : made.results) {
                ++grids;
                EXPECT_TRUE(grid.is_full()) << g.name();
                EXPECT_TRUE(np::check_rules(grid).empty()) << g.name() << " " << np::format_line(grid);
                for (const auto& c : np::test::bundled_plugins().plugins()) {
                    if (!c.can(NP_CAP_CHECK_GRID) || !c.supports(geometry)) continue;
                    auto verdict = c.check(grid, {});
                    ASSERT_TRUE(verdict.ok) << c.name() << ": " << verdict.message;
                    EXPECT_TRUE(verdict.violations.empty()) << c.name() << " rejects " << g.name() << "'s grid";
                    ++checks;
                }
            }
        }
    }
    EXPECT_GE(grids, 30);
    EXPECT_GE(checks, 30);
}

// A minimal puzzle loses uniqueness when any one clue goes, by the oracle
// (exhaustive-count), not by the generator's own search; each of its
// searches must reach a conclusion within the node budget.
TEST(Agreement, MinimalPuzzlesAreMinimalByTheOracle) {
    int generators = 0;
    for (const auto& g : np::test::bundled_plugins().plugins()) {
        if (!g.can(NP_CAP_GENERATE_PUZZLE)) continue;
        bool declares_minimal = false;
        for (const auto& o : g.options()) declares_minimal |= o.key == "minimal";
        if (!declares_minimal) continue;
        ++generators;
        for (np::Geometry geometry : {np::Geometry{2, 3}, np::Geometry{3, 3}}) {
            auto made = g.generate(geometry, NP_GENERATE_PUZZLE, 21, 3, {{"minimal", "1"}}, {});
            ASSERT_TRUE(made.ok) << made.message;
            for (const Grid& puzzle : made.results) {
                ASSERT_TRUE(np::test::oracle_proves_unique(puzzle, kNodeBudget)) << g.name();
                for (std::size_t i = 0; i < puzzle.cells.size(); ++i) {
                    if (puzzle.cells[i] == 0) continue;
                    Grid fewer = puzzle;
                    fewer.cells[i] = 0;
                    EXPECT_TRUE(np::test::oracle_proves_several(fewer, kNodeBudget))
                        << g.name() << " " << np::format_line(puzzle) << " without clue " << i;
                }
            }
        }
    }
    EXPECT_GE(generators, 1);
}

}  // namespace
