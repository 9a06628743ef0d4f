// Tests of the sat plugin (CaDiCaL over a CNF encoding), loaded through the
// host like any plugin.
//
// Every answer is proved by other code, never by sat itself: counts and
// unique / multiple verdicts by exhaustive-count (test_support's oracle),
// witnesses by the framework's check_rules (np::test::solves), the located
// duplicate by hand-worked cases and by backtrack. The large grids come from
// bitmask-mrv's generator. No test asserts a duration: budgets bound the work.
//
// The plugin is built only when libcadical-dev is installed; without it,
// every test here is skipped and says why.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "numplace/format.hpp"
#include "numplace/host.hpp"
#include "numplace/reason.hpp"
#include "test_support.hpp"

namespace {

using np::test::expect_witnesses_solve;
using np::test::kProofNodes;
using np::test::generated_grid;
using np::test::node_budget;
using np::test::oracle_count;
using np::test::oracle_counts;
using np::test::parse;
using np::test::pattern_grid;
using np::test::remove_cells;
using np::test::solves;
using np::test::text_of;

using np::Budget;
using np::Geometry;
using np::Grid;
using np::SolveOutcome;
using np::Verdict;
using RC = np::ReasonCode;

// sat's budget where a test wants an answer, not a budget stop: generous, so
// that only a search that runs away hits it (and then the test fails).
constexpr uint64_t kSatNodes = 50'000'000;

// Every test needs the plugin; without it (libcadical-dev absent when the
// tree was configured) the test is skipped, visibly, with the reason.
class Sat : public ::testing::Test {
protected:
    void SetUp() override {
        plugin_ = np::test::bundled_plugins().find("sat");
        if (plugin_ == nullptr)
            GTEST_SKIP() << "the sat plugin was not built: libcadical-dev (cadical.hpp, libcadical.a) "
                            "was not found when the tree was configured";
    }

    const np::Plugin& sat() const { return *plugin_; }

    SolveOutcome solve(const Grid& puzzle, uint64_t limit, const Budget& budget = node_budget(kSatNodes)) const {
        return plugin_->solve(puzzle, limit, {}, budget);
    }

private:
    const np::Plugin* plugin_ = nullptr;
};

// sat's complete count, checked against exhaustive-count's.
void expect_count_agrees(const SolveOutcome& out, const Grid& puzzle, const std::string& label) {
    SCOPED_TRACE(label + " " + text_of(puzzle));
    ASSERT_NE(out.verdict, Verdict::error) << out.message;
    ASSERT_TRUE(out.complete) << "sat stopped early: " << np::verdict_name(out.verdict) << " " << out.message;
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
    EXPECT_TRUE(oracle_counts(puzzle, out.count, kProofNodes));
    EXPECT_EQ(out.solutions.size(), std::min<uint64_t>(out.count, 2));
    expect_witnesses_solve(puzzle, out);
}

// ---- The descriptor ---------------------------------------------------------

TEST_F(Sat, DescribesItself) {
    EXPECT_EQ(sat().name(), "sat");
    EXPECT_EQ(sat().version(), "1.1.0");
    EXPECT_FALSE(sat().description().empty());
    EXPECT_TRUE(sat().can(NP_CAP_SOLVE));
    EXPECT_TRUE(sat().can(NP_CAP_COUNT));
    EXPECT_TRUE(sat().can(NP_CAP_PROVE_UNIQUE));
    EXPECT_FALSE(sat().can(NP_CAP_GENERATE_GRID));
    EXPECT_FALSE(sat().can(NP_CAP_GENERATE_PUZZLE));
    EXPECT_FALSE(sat().can(NP_CAP_CHECK_GRID));
    EXPECT_EQ(sat().max_side(), 25u);
    EXPECT_TRUE(sat().options().empty());
    EXPECT_TRUE(sat().supports(Geometry{5, 5}));
    EXPECT_TRUE(sat().supports(Geometry{1, 2}));
    EXPECT_TRUE(sat().supports(Geometry{2, 3}));
    EXPECT_FALSE(sat().supports(Geometry{5, 6}));
}

TEST_F(Sat, RejectsAnyOption) {
    const auto out = sat().solve(Grid(Geometry{2, 2}), 1, {{"seed", "1"}}, {});
    EXPECT_EQ(out.verdict, Verdict::error);
    EXPECT_NE(out.message.find("seed"), std::string::npos) << out.message;
}

// ---- Unique puzzles, solved and proved ---------------------------------------

// 9x9 puzzles with one solution each: the seed 002 board (easy), and two
// known hard ones (few givens; propagation alone does not solve them).
TEST_F(Sat, SolvesAndProvesUniqueNineByNine) {
    const char* puzzles[] = {
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    };
    for (const char* text : puzzles) {
        SCOPED_TRACE(text);
        const Grid puzzle = parse(text);
        const auto out = solve(puzzle, 2);
        ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
        EXPECT_TRUE(out.complete);
        EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
        EXPECT_EQ(out.count, 1u);
        ASSERT_EQ(out.solutions.size(), 1u);
        EXPECT_TRUE(solves(puzzle, out.solutions[0]));
        // exhaustive-count proves it unique, with this very solution.
        EXPECT_TRUE(np::test::oracle_proves_unique(puzzle, kProofNodes, &out.solutions[0]));
        // Proving: one call for the model, one more to find the blocking
        // clause unsatisfiable.
        EXPECT_GT(out.stats.nodes, 0u);
        const auto calls = std::find_if(out.stats.counters.begin(), out.stats.counters.end(),
                                        [](const auto& c) { return c.first == "sat_calls"; });
        ASSERT_NE(calls, out.stats.counters.end());
        EXPECT_EQ(calls->second, 2u);
        const auto conflicts = std::find_if(out.stats.counters.begin(), out.stats.counters.end(),
                                            [](const auto& c) { return c.first == "conflicts"; });
        ASSERT_NE(conflicts, out.stats.counters.end());
        EXPECT_EQ(conflicts->second, out.stats.guesses);
    }
}

// A full valid grid is its own unique solution (nothing to block).
TEST_F(Sat, FullGridIsItsOwnSolution) {
    const Grid full = pattern_grid(Geometry{3, 3}, 7);
    const auto out = solve(full, NP_UNLIMITED);
    ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_EQ(out.solutions[0], full);
    EXPECT_TRUE(np::test::oracle_proves_unique(full, kProofNodes, &full));
}

// A single empty cell, the last one.
TEST_F(Sat, FillsTheLastCell) {
    const Grid full = pattern_grid(Geometry{3, 3}, 11);
    Grid puzzle = full;
    puzzle.at(8, 8) = 0;
    const auto out = solve(puzzle, 2);
    ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_EQ(out.solutions[0], full);
}

// A puzzle with no solution (its givens break no rule, but two givens force
// the same value into one cell): none, proved by both.
TEST_F(Sat, NoSolutionIsNone) {
    // Row 1 needs a 9 and its only free cell is in column 9, but column 9
    // has a 9 further down.
    Grid puzzle(Geometry{3, 3});
    for (int col = 0; col < 8; ++col) puzzle.at(0, col) = static_cast<uint8_t>(col + 1);
    puzzle.at(8, 8) = 9;
    const auto out = solve(puzzle, 2);
    ASSERT_EQ(out.verdict, Verdict::none) << out.message;
    EXPECT_TRUE(out.complete);
    EXPECT_EQ(out.count, 0u);
    EXPECT_TRUE(oracle_counts(puzzle, 0, kProofNodes));
}

// ---- Counts ---------------------------------------------------------------------

TEST_F(Sat, CountsThe288FourByFourGrids) {
    const Grid empty(Geometry{2, 2});
    const auto out = solve(empty, NP_UNLIMITED);
    EXPECT_EQ(out.count, 288u);
    expect_count_agrees(out, empty, "empty 2x2");
    EXPECT_EQ(out.verdict, Verdict::multiple);
}

// Boxes that are whole rows (1xN) or whole columns (Nx1): Latin squares,
// 2, 12 and 576 of them; and the smallest shape of all.
TEST_F(Sat, CountsLatinSquares) {
    const std::pair<Geometry, uint64_t> cases[] = {
        {{1, 2}, 2}, {{2, 1}, 2}, {{1, 3}, 12}, {{3, 1}, 12}, {{1, 4}, 576},
    };
    for (const auto& [geometry, total] : cases) {
        const Grid empty(geometry);
        const auto out = solve(empty, NP_UNLIMITED);
        EXPECT_EQ(out.count, total) << geometry.box_rows << "x" << geometry.box_cols;
        expect_count_agrees(out, empty, "empty " + std::to_string(geometry.box_rows) + "x" +
                                            std::to_string(geometry.box_cols));
    }
}

// 6x6 grids (2x3 and 3x2 boxes) with a few givens, 8x8 and 9x9 ones with
// more: sat's complete count is exhaustive-count's. The puzzles are cut from
// grids made without any plugin (pattern_grid); the cases are picked so that
// the counts stay between 1 and a few hundred (sat pays one solver call per
// solution), and the oracle's bound below keeps a changed helper from
// turning one into a marathon.
TEST_F(Sat, CountsAgreeWithExhaustiveCount) {
    struct Case {
        Geometry geometry;
        int percent_removed;
        uint64_t seed;
    };
    const Case cases[] = {
        {{2, 3}, 60, 1}, {{2, 3}, 60, 2}, {{2, 3}, 60, 3}, {{3, 2}, 60, 1}, {{3, 2}, 60, 2},
        {{2, 3}, 70, 1}, {{2, 3}, 70, 3}, {{2, 4}, 55, 1}, {{2, 4}, 55, 2}, {{2, 4}, 55, 3},
        {{3, 3}, 55, 1}, {{3, 3}, 55, 2}, {{3, 3}, 62, 1}, {{3, 3}, 65, 1},
    };
    constexpr uint64_t kMostSolutions = 2000;
    int several = 0;
    for (const Case& c : cases) {
        const Grid puzzle = remove_cells(pattern_grid(c.geometry, c.seed), c.percent_removed, c.seed);
        const std::string label = std::to_string(c.geometry.box_rows) + "x" + std::to_string(c.geometry.box_cols) +
                                  ", " + std::to_string(c.percent_removed) + "% removed, seed " + std::to_string(c.seed);
        std::string why;
        const auto bound = oracle_count(puzzle, kMostSolutions + 1, kProofNodes, &why);
        ASSERT_TRUE(bound.has_value()) << label << ": " << why;
        ASSERT_LE(*bound, kMostSolutions) << label << ": too many solutions for this test; pick another case";
        const auto out = solve(puzzle, NP_UNLIMITED);
        expect_count_agrees(out, puzzle, label);
        several += out.count >= 2;
    }
    // The cases are meant to have several solutions, not just one.
    EXPECT_GE(several, 10);
}

// The limit is honoured: exactly that many, two distinct witnesses, stop at
// the limit.
TEST_F(Sat, StopsAtTheLimit) {
    const Grid empty(Geometry{2, 2});
    for (uint64_t limit : {1u, 2u, 5u, 287u, 288u, 289u}) {
        SCOPED_TRACE("limit " + std::to_string(limit));
        const auto out = solve(empty, limit);
        EXPECT_EQ(out.count, std::min<uint64_t>(limit, 288));
        expect_witnesses_solve(empty, out);
        if (limit <= 288) {
            EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
            EXPECT_FALSE(out.complete);
        } else {
            EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
            EXPECT_TRUE(out.complete);
        }
        EXPECT_EQ(out.verdict, limit == 1 ? Verdict::found : Verdict::multiple);
    }
}

// ---- Several solutions ----------------------------------------------------------

// A 9x9 puzzle with several solutions: `multiple` with two distinct
// witnesses, each a solution; exhaustive-count finds several too.
TEST_F(Sat, MultipleHasTwoDistinctWitnesses) {
    // The seed 002 board without its first two givens (5 and 3): more than
    // one solution.
    const Grid puzzle = parse(
        "....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    ASSERT_TRUE(np::test::oracle_proves_several(puzzle, kProofNodes));
    const auto out = solve(puzzle, 2);
    ASSERT_EQ(out.verdict, Verdict::multiple) << out.message;
    EXPECT_EQ(out.count, 2u);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
    ASSERT_EQ(out.solutions.size(), 2u);
    EXPECT_NE(out.solutions[0], out.solutions[1]);
    expect_witnesses_solve(puzzle, out);
    // And the complete count is the oracle's.
    const auto all = solve(puzzle, NP_UNLIMITED);
    expect_count_agrees(all, puzzle, "seed 002 board less two givens");
}

// ---- Duplicate givens -------------------------------------------------------------

// The single-duplicate cases for every solver are in contract_test.cpp; here
// the ordering among several duplicates: the later cell of the first repeated
// pair, rows first, then columns, then boxes (the plugin guide's rule, which
// backtrack follows; exhaustive-count names the first clashing cell in
// row-major order instead, so it is not the reference here).
TEST_F(Sat, DuplicateGivensAreInvalidAtTheRightCell) {
    struct Given {
        int row, col, value;  // 0-based
    };
    struct Case {
        const char* name;
        Geometry geometry;
        std::vector<Given> givens;
        RC code;
        int row, column, box, value;  // expected, 1-based
    };
    const Case cases[] = {
        // A column clash earlier in row-major order, a row clash later: rows win.
        {"RowsBeforeColumns", {3, 3}, {{0, 0, 1}, {5, 0, 1}, {6, 3, 2}, {6, 8, 2}}, RC::duplicate_in_row, 7, 9, 9, 2},
        // A box clash at (2,2), a row clash later: rows win.
        {"RowsBeforeBoxes", {3, 3}, {{0, 0, 3}, {1, 1, 3}, {4, 4, 6}, {4, 6, 6}}, RC::duplicate_in_row, 5, 7, 6, 6},
        // Two clashes in one row: the pair whose later cell comes first.
        {"FirstPairInARow", {3, 3}, {{2, 1, 3}, {2, 3, 5}, {2, 5, 5}, {2, 7, 3}}, RC::duplicate_in_row, 3, 6, 2, 5},
        // Columns before boxes.
        {"ColumnsBeforeBoxes", {3, 3}, {{0, 0, 4}, {2, 2, 4}, {3, 5, 7}, {8, 5, 7}}, RC::duplicate_in_column, 9, 6, 8, 7},
        // Only a box clash, in a 2x3 shape (box 4 = rows 3-4, columns 4-6).
        {"Box2x3", {2, 3}, {{2, 5, 2}, {3, 3, 2}}, RC::duplicate_in_box, 4, 4, 4, 2},
        // 25x25: a clash in the last box only.
        {"LastBox5x5", {5, 5}, {{20, 24, 13}, {24, 20, 13}}, RC::duplicate_in_box, 25, 21, 25, 13},
        // 16x16: a clash in a column only.
        {"Column4x4", {4, 4}, {{0, 15, 16}, {15, 15, 16}}, RC::duplicate_in_column, 16, 16, 16, 16},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        Grid puzzle(c.geometry);
        for (const Given& g : c.givens) puzzle.at(g.row, g.col) = static_cast<uint8_t>(g.value);
        const auto out = solve(puzzle, 2);
        ASSERT_EQ(out.verdict, Verdict::invalid) << out.message;
        ASSERT_TRUE(out.error.has_value());
        EXPECT_EQ(out.error->code, c.code);
        EXPECT_EQ(out.error->row, c.row);
        EXPECT_EQ(out.error->column, c.column);
        EXPECT_EQ(out.error->box, c.box);
        EXPECT_EQ(out.error->value, c.value);
        EXPECT_FALSE(out.error->message.empty());
        EXPECT_EQ(out.count, 0u);
        EXPECT_TRUE(out.solutions.empty());
        // backtrack, which follows the same rule with code of its own, agrees.
        const auto reference = np::test::bundled_plugin("backtrack").solve(puzzle, 2, {}, node_budget(1000));
        ASSERT_EQ(reference.verdict, Verdict::invalid);
        ASSERT_TRUE(reference.error.has_value());
        EXPECT_EQ(out.error->code, reference.error->code);
        EXPECT_EQ(out.error->row, reference.error->row);
        EXPECT_EQ(out.error->column, reference.error->column);
    }
}

// ---- Large grids ------------------------------------------------------------------

// 16x16 and 25x25 puzzles cut from bitmask-mrv's grids: sat's verdict is the
// oracle's, its witnesses solve the puzzle, and a unique one is the grid the
// clues came from.
struct LargeCase {
    const char* name;
    Geometry geometry;
    uint64_t seed;
    int percent_removed;
    bool unique;  // what the oracle proves (checked): both kinds are covered
};

class SatLarge : public Sat, public ::testing::WithParamInterface<LargeCase> {};

TEST_P(SatLarge, SolvedAndCertified) {
    const LargeCase& c = GetParam();
    const Grid full = generated_grid("bitmask-mrv", c.geometry, c.seed);
    ASSERT_TRUE(full.is_full());
    const Grid puzzle = remove_cells(full, c.percent_removed, c.seed);
    SCOPED_TRACE(text_of(puzzle));

    std::string why;
    const auto proved = oracle_count(puzzle, 2, kProofNodes, &why);
    ASSERT_TRUE(proved.has_value()) << why;
    ASSERT_EQ(*proved == 1, c.unique) << "the oracle counts " << *proved << "; pick another case";

    const auto out = solve(puzzle, 2);
    ASSERT_NE(out.verdict, Verdict::error) << out.message;
    expect_witnesses_solve(puzzle, out);
    if (*proved == 1) {
        ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
        ASSERT_EQ(out.solutions.size(), 1u);
        EXPECT_EQ(out.solutions[0], full);
    } else {
        ASSERT_EQ(*proved, 2u);  // the oracle's limit: two or more
        EXPECT_EQ(out.verdict, Verdict::multiple) << out.message;
        EXPECT_EQ(out.solutions.size(), 2u);
    }
}

INSTANTIATE_TEST_SUITE_P(Shapes, SatLarge,
                         ::testing::Values(LargeCase{"SixteenUnique", {4, 4}, 1, 45, true},
                                           LargeCase{"SixteenMultiple", {4, 4}, 2, 60, false},
                                           LargeCase{"TwentyFiveUnique", {5, 5}, 1, 35, true},
                                           LargeCase{"TwentyFiveUniqueToo", {5, 5}, 3, 35, true},
                                           LargeCase{"TwentyFiveMultiple", {5, 5}, 4, 35, false}),
                         [](const ::testing::TestParamInfo<LargeCase>& info) { return std::string(info.param.name); });

// ---- The budget --------------------------------------------------------------------

// An open 25x25 grid has astronomically many solutions: a count of all of
// them can only end by the budget. Returning at all shows it was honoured.
void expect_budget_stop(const Grid& puzzle, const SolveOutcome& out) {
    ASSERT_NE(out.verdict, Verdict::error) << out.message;
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
    EXPECT_FALSE(out.complete);
    EXPECT_TRUE(out.verdict == Verdict::unknown || out.verdict == Verdict::found || out.verdict == Verdict::multiple)
        << np::verdict_name(out.verdict);
    expect_witnesses_solve(puzzle, out);
}

TEST_F(Sat, TinyNodeBudgetStopsAnOpenTwentyFive) {
    const Grid empty(Geometry{5, 5});
    for (uint64_t max_nodes : {1u, 5u, 50u}) {
        SCOPED_TRACE("max_nodes " + std::to_string(max_nodes));
        const auto out = solve(empty, 2, node_budget(max_nodes));
        expect_budget_stop(empty, out);
        EXPECT_TRUE(out.verdict == Verdict::unknown || out.verdict == Verdict::found) << np::verdict_name(out.verdict);
        EXPECT_LE(out.stats.nodes, max_nodes + 1);
    }
}

TEST_F(Sat, DeadlineStopsAnOpenTwentyFiveCount) {
    const Grid empty(Geometry{5, 5});
    Budget budget;
    budget.timeout_seconds = 0.3;
    const auto out = solve(empty, NP_UNLIMITED, budget);
    expect_budget_stop(empty, out);
}

// The host's terminate callback (Ctrl-C, verify's timeout) stops it too.
TEST_F(Sat, TerminateCallbackStopsIt) {
    const Grid empty(Geometry{5, 5});
    std::atomic<bool> cancel{true};
    Budget budget;
    budget.cancel = &cancel;
    const auto out = solve(empty, NP_UNLIMITED, budget);
    expect_budget_stop(empty, out);
}

}  // namespace
