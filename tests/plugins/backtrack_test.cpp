// Tests of the backtrack plugin, loaded through the host like any plugin.
//
// backtrack is the plain reference solver, so these tests hold it to exact
// answers: published solutions and solution counts, located rule violations,
// and the generator's determinism contract. Where no published answer exists,
// its counts and unique / multiple verdicts are proved by exhaustive-count
// (test_support's oracle), never by backtrack itself; the property test cuts
// its puzzles from grids that bitmask-mrv generates. No test asserts a
// duration: node budgets bound the work.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/format.hpp"
#include "numplace/host.hpp"
#include "numplace/random.hpp"
#include "numplace/reason.hpp"
#include "test_support.hpp"

namespace {

using np::test::expect_witnesses_solve;
using np::test::kProofNodes;
using np::test::proved_class;
using np::test::generated_grid;
using np::test::node_budget;
using np::test::oracle_count;
using np::test::oracle_counts;
using np::test::parse;
using np::test::text_of;
using np::test::solves;
using np::test::pattern_grid;
using np::test::remove_cells;
using np::test::split_tabs;

using np::Budget;
using np::Geometry;
using np::Grid;
using np::Verdict;

const np::Plugin& backtrack() { return np::test::bundled_plugin("backtrack"); }

// ---- The descriptor ---------------------------------------------------------

TEST(Backtrack, DescribesItself) {
    const np::Plugin& plugin = backtrack();
    EXPECT_EQ(plugin.name(), "backtrack");
    EXPECT_EQ(plugin.version(), "1.0.0");
    EXPECT_FALSE(plugin.description().empty());
    EXPECT_TRUE(plugin.can(NP_CAP_SOLVE));
    EXPECT_TRUE(plugin.can(NP_CAP_COUNT));
    EXPECT_TRUE(plugin.can(NP_CAP_PROVE_UNIQUE));
    EXPECT_TRUE(plugin.can(NP_CAP_GENERATE_GRID));
    EXPECT_FALSE(plugin.can(NP_CAP_GENERATE_PUZZLE));
    EXPECT_FALSE(plugin.can(NP_CAP_CHECK_GRID));
    EXPECT_EQ(plugin.max_side(), 25u);
    EXPECT_TRUE(plugin.options().empty());
    EXPECT_TRUE(plugin.supports(Geometry{5, 5}));
    EXPECT_TRUE(plugin.supports(Geometry{1, 4}));
    EXPECT_FALSE(plugin.supports(Geometry{5, 6}));
}

// ---- Solving ------------------------------------------------------------------

// The example board printed in seed 002. As printed, that code's search for
// the first empty cell breaks only the inner loop and reports "solved" on the
// unchanged board; here the answer must be the real, unique solution.
TEST(Backtrack, SolvesSeed002Board) {
    const Grid puzzle = parse(
        "53..7...."
        "6..195..."
        ".98....6."
        "8...6...3"
        "4..8.3..1"
        "7...2...6"
        ".6....28."
        "...419..5"
        "....8..79");
    const Grid expected = parse(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    const auto out = backtrack().solve(puzzle, NP_UNLIMITED, {}, node_budget(10'000'000));
    ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
    EXPECT_TRUE(out.complete);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
    EXPECT_EQ(out.count, 1u);
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_TRUE(solves(puzzle, out.solutions[0]));
    EXPECT_EQ(out.solutions[0], expected);
    EXPECT_GT(out.stats.nodes, 0u);
    EXPECT_LE(out.stats.guesses, out.stats.nodes);
}

// A full, valid grid is its own unique solution (the root node has no empty
// cell at all).
TEST(Backtrack, FullGridIsItsOwnSolution) {
    const Grid full = parse(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    const auto out = backtrack().solve(full, NP_UNLIMITED, {}, {});
    ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_EQ(out.solutions[0], full);
    EXPECT_EQ(out.stats.nodes, 1u);
}

// The only empty cell is the last one: a search that loses the cell it found
// (seed 002) or stops one cell short would get this wrong.
TEST(Backtrack, FillsTheLastCell) {
    Grid puzzle = parse(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    puzzle.at(8, 8) = 0;
    const auto out = backtrack().solve(puzzle, NP_UNLIMITED, {}, {});
    ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_EQ(out.solutions[0].at(8, 8), 9);
}

TEST(Backtrack, KaggleFirst1000AreUniqueWithThePublishedSolution) {
    NP_REQUIRE_DATASET(puzzles_path, "kaggle_1m_first1000.txt");
    NP_REQUIRE_DATASET(solutions_path, "kaggle_1m_first1000.solutions.txt");
    const auto puzzles = np::test::read_lines(puzzles_path);
    const auto solutions = np::test::read_lines(solutions_path);
    ASSERT_EQ(puzzles.size(), 1000u);
    ASSERT_EQ(solutions.size(), puzzles.size());

    int wrong = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const Grid puzzle = parse(puzzles[i]);
        const Grid expected = parse(solutions[i]);
        // These puzzles are easy: a few thousand nodes at most prove them.
        const auto out = backtrack().solve(puzzle, 2, {}, node_budget(1'000'000));
        const bool right = out.verdict == Verdict::unique && out.solutions.size() == 1 &&
                           out.solutions[0] == expected;
        if (!right && ++wrong <= 5) {
            ADD_FAILURE() << "puzzle " << i + 1 << " " << puzzles[i] << ": verdict "
                          << np::verdict_name(out.verdict) << ", count " << out.count << ", "
                          << out.message;
        }
    }
    EXPECT_EQ(wrong, 0);
}

// tdoku's test puzzles with 0, 1 and up to 847 solutions. Plain backtracking
// proves most of them within the node budget; for the rest the count found
// so far must not exceed the published one.
TEST(Backtrack, TdokuSolutionCountsAreExact) {
    NP_REQUIRE_DATASET(puzzles_path, "tdoku_solution_counts.txt");
    NP_REQUIRE_DATASET(table_path, "tdoku_solution_counts.tsv");
    const auto puzzles = np::test::read_lines(puzzles_path);
    auto table = np::test::read_lines(table_path);
    ASSERT_FALSE(table.empty());
    table.erase(table.begin());  // header
    ASSERT_EQ(table.size(), puzzles.size());

    const uint64_t kNodeBudget = 4'000'000;
    int complete_none = 0, complete_one = 0, complete_many = 0, stopped = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const auto fields = split_tabs(table[i]);
        ASSERT_GE(fields.size(), 2u) << table[i];
        ASSERT_EQ(fields[0], puzzles[i]) << "the .tsv and .txt do not line up at " << i + 1;
        const uint64_t published = std::stoull(fields[1]);
        const Grid puzzle = parse(puzzles[i]);
        SCOPED_TRACE("puzzle " + std::to_string(i + 1) + " " + puzzles[i] + " published count " +
                     fields[1]);

        const auto out = backtrack().solve(puzzle, NP_UNLIMITED, {}, node_budget(kNodeBudget));
        ASSERT_NE(out.verdict, Verdict::error) << out.message;
        ASSERT_NE(out.verdict, Verdict::invalid) << out.message;
        expect_witnesses_solve(puzzle, out);
        EXPECT_EQ(out.solutions.size(), std::min<uint64_t>(out.count, 2));

        if (out.complete) {
            EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
            EXPECT_EQ(out.count, published);
            if (published == 0) {
                EXPECT_EQ(out.verdict, Verdict::none);
                ++complete_none;
            } else if (published == 1) {
                EXPECT_EQ(out.verdict, Verdict::unique);
                if (fields.size() >= 3 && !fields[2].empty() && out.solutions.size() == 1) {
                    EXPECT_EQ(text_of(out.solutions[0]), fields[2]);
                }
                ++complete_one;
            } else {
                EXPECT_EQ(out.verdict, Verdict::multiple);
                ++complete_many;
            }
        } else {
            EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
            EXPECT_LE(out.count, published);
            EXPECT_GE(out.stats.nodes, kNodeBudget - 1);
            ++stopped;
        }
    }
    RecordProperty("complete_none", complete_none);
    RecordProperty("complete_one", complete_one);
    RecordProperty("complete_many", complete_many);
    RecordProperty("stopped_on_budget", stopped);
    EXPECT_GE(complete_none, 3);
    EXPECT_GE(complete_one, 3);
    EXPECT_GE(complete_many, 3);
}

// ---- Duplicate givens ------------------------------------------------------------

// The located-duplicate cases for every solver (this one included, with
// each of its enumerated options) are in contract_test.cpp.

// With duplicates in a row and in a column, the row is reported (rows are
// checked first, as in the framework's check_rules).
TEST(Backtrack, ReportsRowsBeforeColumns) {
    Grid puzzle(Geometry{3, 3});
    puzzle.at(0, 0) = 1;
    puzzle.at(5, 0) = 1;  // column duplicate, earlier in row-major order
    puzzle.at(6, 3) = 2;
    puzzle.at(6, 8) = 2;  // row duplicate
    const auto out = backtrack().solve(puzzle, 1, {}, {});
    ASSERT_EQ(out.verdict, Verdict::invalid);
    ASSERT_TRUE(out.error.has_value());
    EXPECT_EQ(out.error->code, np::ReasonCode::duplicate_in_row);
    EXPECT_EQ(out.error->row, 7);
    EXPECT_EQ(out.error->column, 9);
}

// ---- Shapes and limits --------------------------------------------------------------

TEST(Backtrack, EmptyGridLimitOneIsFound) {
    const Grid empty(Geometry{3, 3});
    const auto out = backtrack().solve(empty, 1, {}, node_budget(100'000));
    ASSERT_EQ(out.verdict, Verdict::found) << out.message;
    EXPECT_EQ(out.count, 1u);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
    EXPECT_FALSE(out.complete);
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_TRUE(solves(empty, out.solutions[0]));
}

// There are 288 full 4x4 grids.
TEST(Backtrack, CountsAll288Grids4x4) {
    const Grid empty(Geometry{2, 2});
    const auto out = backtrack().solve(empty, NP_UNLIMITED, {}, {});
    ASSERT_EQ(out.verdict, Verdict::multiple) << out.message;
    EXPECT_TRUE(out.complete);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
    EXPECT_EQ(out.count, 288u);
    ASSERT_EQ(out.solutions.size(), 2u);
    expect_witnesses_solve(empty, out);
}

// Stopping exactly at the limit: the limit is reported, not exhaustion.
TEST(Backtrack, StopsAtTheLimit) {
    const Grid empty(Geometry{2, 2});
    const auto out = backtrack().solve(empty, 100, {}, {});
    EXPECT_EQ(out.verdict, Verdict::multiple);
    EXPECT_EQ(out.count, 100u);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
    EXPECT_FALSE(out.complete);
}

// 6x6 in both orientations: a pattern grid with cells removed is solved, and
// its solutions agree with the givens; with one cell removed per row it is
// unique by construction (a fixed grid is all that proof needs); with half
// removed, the count is exhaustive-count's.
TEST(Backtrack, SixBySixShapes) {
    for (Geometry geometry : {Geometry{2, 3}, Geometry{3, 2}}) {
        SCOPED_TRACE(geometry.name());
        const Grid empty(geometry);
        const auto first = backtrack().solve(empty, 1, {}, node_budget(100'000));
        ASSERT_EQ(first.verdict, Verdict::found) << first.message;
        ASSERT_EQ(first.solutions.size(), 1u);
        EXPECT_TRUE(solves(empty, first.solutions[0]));

        const Grid full = pattern_grid(geometry, 6);
        ASSERT_TRUE(np::check_rules(full).empty());
        // One cell emptied per row: each is forced by its row, so unique.
        Grid easy = full;
        for (int r = 0; r < 6; ++r) easy.at(r, (r * 5) % 6) = 0;
        const auto unique = backtrack().solve(easy, NP_UNLIMITED, {}, node_budget(100'000));
        ASSERT_EQ(unique.verdict, Verdict::unique) << unique.message;
        EXPECT_EQ(unique.solutions.at(0), full);

        // Half the cells emptied: whatever the count, it is exact and every
        // witness fits.
        const Grid half = remove_cells(full, 50, 66);
        const auto counted = backtrack().solve(half, NP_UNLIMITED, {}, node_budget(10'000'000));
        EXPECT_TRUE(counted.complete) << counted.message;
        EXPECT_GE(counted.count, 1u);
        EXPECT_TRUE(oracle_counts(half, counted.count, kProofNodes));
        expect_witnesses_solve(half, counted);
    }
}

// Big shapes: a grid made by the plugin's own generator (certified by
// check_rules), with some cells removed. The seeds are ones whose 16x16 and
// 25x25 grids the generator finishes within its node budget (for 25x25 its
// work varies a lot from seed to seed), and the share of removed cells keeps
// the puzzles easy for plain backtracking. Unique or multiple is checked
// against exhaustive-count's proof.
TEST(Backtrack, SolvesSixteenAndTwentyFive) {
    struct Case {
        Geometry geometry;
        uint64_t generator_seed;
        int removed_percent;
    };
    for (const Case& c : {Case{{4, 4}, 2, 30}, Case{{5, 5}, 1, 25}}) {
        SCOPED_TRACE(c.geometry.name());
        const auto made =
            backtrack().generate(c.geometry, NP_GENERATE_GRID, c.generator_seed, 1, {}, node_budget(5'000'000));
        ASSERT_TRUE(made.ok) << made.message;
        ASSERT_EQ(made.results.size(), 1u) << made.message;
        const Grid& full = made.results[0];
        ASSERT_TRUE(np::check_rules(full).empty());
        const Grid puzzle = remove_cells(full, c.removed_percent, 1625);
        ASSERT_LT(puzzle.given_count(), full.given_count());

        const auto first = backtrack().solve(puzzle, 1, {}, node_budget(2'000'000));
        ASSERT_EQ(first.verdict, Verdict::found) << first.message;
        ASSERT_EQ(first.solutions.size(), 1u);
        EXPECT_TRUE(solves(puzzle, first.solutions[0]));

        // Asking for two solutions finishes too; a unique answer must be the
        // grid the puzzle was cut from.
        const auto two = backtrack().solve(puzzle, 2, {}, node_budget(2'000'000));
        ASSERT_TRUE(two.verdict == Verdict::unique || two.verdict == Verdict::multiple)
            << np::verdict_name(two.verdict) << " " << two.message;
        expect_witnesses_solve(puzzle, two);
        if (two.verdict == Verdict::unique) {
            EXPECT_EQ(two.solutions.at(0), full);
        }
        EXPECT_EQ(proved_class(puzzle), np::verdict_name(two.verdict));
    }
}

// A 1 x 4 shape: boxes are the rows, so this is a 4x4 Latin square (576).
TEST(Backtrack, CountsLatinSquaresForOneByFour) {
    const Grid empty(Geometry{1, 4});
    const auto out = backtrack().solve(empty, NP_UNLIMITED, {}, {});
    ASSERT_TRUE(out.complete) << out.message;
    EXPECT_EQ(out.count, 576u);
}

TEST(Backtrack, RefusesShapesAboveTwentyFive) {
    const Grid big(Geometry{5, 6});
    const auto out = backtrack().solve(big, 1, {}, node_budget(1000));
    EXPECT_EQ(out.verdict, Verdict::error);
    EXPECT_FALSE(out.message.empty());
}

TEST(Backtrack, RejectsAnyOption) {
    const Grid empty(Geometry{2, 2});
    const auto out = backtrack().solve(empty, 1, {{"order", "ascending"}}, {});
    EXPECT_EQ(out.verdict, Verdict::error);
    EXPECT_NE(out.message.find("order"), std::string::npos) << out.message;
}

// ---- Budget ----------------------------------------------------------------------------

TEST(Backtrack, NodeBudgetStopsCounting) {
    const Grid empty(Geometry{3, 3});
    const auto out = backtrack().solve(empty, NP_UNLIMITED, {}, node_budget(10'000));
    EXPECT_TRUE(out.verdict == Verdict::found || out.verdict == Verdict::unknown ||
                out.verdict == Verdict::multiple)
        << np::verdict_name(out.verdict);
    EXPECT_FALSE(out.complete);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
    EXPECT_LE(out.stats.nodes, 10'000u);
    expect_witnesses_solve(empty, out);
}

// Counting every 9x9 grid (about 6.7e21) cannot finish: returning at all
// means the deadline stopped it. No duration is asserted.
TEST(Backtrack, DeadlineStopsCounting) {
    const Grid empty(Geometry{3, 3});
    Budget budget;
    budget.timeout_seconds = 0.2;
    const auto out = backtrack().solve(empty, NP_UNLIMITED, {}, budget);
    EXPECT_FALSE(out.complete);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
    EXPECT_GT(out.count, 2u);
    EXPECT_EQ(out.verdict, Verdict::multiple);
}

// ---- Property: solving a puzzle cut from a full grid -------------------------------------

// Whatever cells are removed from a full grid (bitmask-mrv's, from a drawn
// seed), the puzzle has a solution; the witnesses fit the givens; when the
// answer is "unique" it is the grid the puzzle was cut from; and unique or
// multiple is what exhaustive-count proves.
RC_GTEST_PROP(BacktrackProperty, PuzzlesCutFromAGridAreSolved, ()) {
    const auto shape = *rc::gen::elementOf(
        std::vector<std::pair<int, int>>{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {1, 3}});
    const Geometry geometry{shape.first, shape.second};
    const auto seed = *rc::gen::arbitrary<uint64_t>();
    const Grid full = generated_grid("bitmask-mrv", geometry, seed);
    RC_ASSERT(full.is_full());
    std::vector<bool> keep =
        *rc::gen::container<std::vector<bool>>(static_cast<std::size_t>(geometry.cell_count()),
                                               rc::gen::arbitrary<bool>());
    Grid puzzle = full;
    for (std::size_t i = 0; i < keep.size(); ++i)
        if (!keep[i]) puzzle.cells[i] = 0;

    const auto out = backtrack().solve(puzzle, 2, {}, node_budget(2'000'000));
    RC_ASSERT(out.verdict != Verdict::error);
    RC_ASSERT(out.verdict != Verdict::invalid);
    RC_ASSERT(out.verdict != Verdict::none);
    if (out.verdict == Verdict::unknown) return;  // budget; allowed, not expected
    RC_ASSERT(!out.solutions.empty());
    for (const Grid& solution : out.solutions) RC_ASSERT(static_cast<bool>(solves(puzzle, solution)));
    if (out.verdict == Verdict::unique) RC_ASSERT(out.solutions[0] == full);
    if (out.solutions.size() == 2) RC_ASSERT(out.solutions[0] != out.solutions[1]);
    if (out.verdict == Verdict::unique || out.verdict == Verdict::multiple)
        RC_ASSERT(proved_class(puzzle) == std::string(np::verdict_name(out.verdict)));
}

// ---- Generating ----------------------------------------------------------------------------

TEST(BacktrackGenerate, GridsAreFullAndValid) {
    for (Geometry geometry : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 2}, Geometry{3, 3},
                              Geometry{3, 4}, Geometry{4, 3}, Geometry{4, 4}}) {
        SCOPED_TRACE(geometry.name());
        const auto out =
            backtrack().generate(geometry, NP_GENERATE_GRID, 2024, 3, {}, node_budget(20'000'000));
        ASSERT_TRUE(out.ok) << out.message;
        ASSERT_EQ(out.results.size(), 3u) << out.message;
        for (const Grid& grid : out.results) {
            EXPECT_EQ(grid.geometry, geometry);
            EXPECT_TRUE(grid.is_full()) << text_of(grid);
            EXPECT_TRUE(np::check_rules(grid).empty()) << text_of(grid);
        }
        EXPECT_GT(out.stats.nodes, 0u);
    }
}

// Same seed, same output; K=3 is the prefix of K=10; seeds and results
// differ: for every generator in contract_test.cpp.
TEST(BacktrackGenerate, UnknownOptionIsAnError) {
    const auto out =
        backtrack().generate(Geometry{3, 3}, NP_GENERATE_GRID, 1, 1, {{"symmetry", "none"}}, {});
    EXPECT_FALSE(out.ok);
    EXPECT_TRUE(out.results.empty());
    EXPECT_NE(out.message.find("symmetry"), std::string::npos) << out.message;
}

TEST(BacktrackGenerate, PuzzlesAreNotOffered) {
    const auto out = backtrack().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 1, 1, {}, {});
    EXPECT_FALSE(out.ok);
    EXPECT_TRUE(out.results.empty());
}

TEST(BacktrackGenerate, BudgetLimitsTheResults) {
    // A 9x9 grid takes at least 81 nodes, so 200 nodes cannot make ten.
    const auto out =
        backtrack().generate(Geometry{3, 3}, NP_GENERATE_GRID, 5, 10, {}, node_budget(200));
    ASSERT_TRUE(out.ok) << out.message;
    EXPECT_LT(out.results.size(), 10u);
    EXPECT_LE(out.stats.nodes, 200u);
    for (const Grid& grid : out.results) EXPECT_TRUE(np::check_rules(grid).empty());
    // What was produced is the start of what an unlimited call produces.
    const auto full = backtrack().generate(Geometry{3, 3}, NP_GENERATE_GRID, 5, 10, {}, {});
    ASSERT_TRUE(full.ok);
    for (std::size_t i = 0; i < out.results.size(); ++i) EXPECT_EQ(out.results[i], full.results[i]);
}

}  // namespace
