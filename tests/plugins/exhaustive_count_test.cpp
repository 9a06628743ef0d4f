// Tests of the exhaustive-count plugin (exact cover with dancing links), loaded
// through the host like any plugin.
//
// exhaustive-count is the project's uniqueness oracle, so it is held to exact
// answers that do not come from any other plugin: published solution counts
// (tdoku's test puzzles, the 288 grids of 4x4, the 576 Latin squares of order
// 4, the 28,200,960 grids of 6x6), counts that follow from the construction of
// the puzzle, a naive counter written here, counts by bitmask-mrv (another
// plugin's code), and located duplicates. Its own answers never judge it.
// Random puzzles are cut from full grids that backtrack or bitmask-mrv
// generate, one independent seed each, not from one relabelled template.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
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

using np::test::generated_grid;
using np::test::parse;
using np::test::text_of;
using np::test::solves;
using np::test::split_tabs;

using np::Budget;
using np::Geometry;
using np::Grid;
using np::Verdict;

const np::Plugin& oracle() { return np::test::bundled_plugin("exhaustive-count"); }

np::SolveOutcome count_all(const Grid& puzzle, const Budget& budget = {}) {
    return oracle().solve(puzzle, NP_UNLIMITED, {}, budget);
}

// The witnesses an answer with `count` solutions must carry: min(count, 2),
// each a solution, two of them distinct.
void expect_witnesses(const Grid& puzzle, const np::SolveOutcome& out) {
    const std::size_t expected = out.count >= 2 ? 2 : static_cast<std::size_t>(out.count);
    ASSERT_EQ(out.solutions.size(), expected);
    for (const Grid& solution : out.solutions) EXPECT_TRUE(solves(puzzle, solution));
    if (out.solutions.size() == 2) {
        EXPECT_NE(out.solutions[0], out.solutions[1]);
    }
}

// The full grid value(r, c) = (r*C + r/R + c) mod N + 1: each row is the one
// above shifted by C, and by one more at each new band of boxes, which keeps
// every row, column and box a permutation.
Grid cyclic_grid(Geometry geometry) {
    const int side = geometry.side();
    Grid grid(geometry);
    for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c)
            grid.at(r, c) = static_cast<uint8_t>((r * geometry.box_cols + r / geometry.box_rows + c) % side + 1);
    return grid;
}

// Blanks cells of a full grid in a seeded random order, keeping a blank only
// while simple forcing still refills the grid: some empty cell always sees
// N-1 distinct values in its row, column and box. Each refill step is forced
// in every solution, so the puzzle's one solution is `full`. (Test-side
// logic, independent of the plugin.)
bool refills_by_forcing(Grid puzzle) {
    const Geometry g = puzzle.geometry;
    const int side = g.side();
    for (bool progress = true; progress;) {
        progress = false;
        for (int r = 0; r < side; ++r) {
            for (int c = 0; c < side; ++c) {
                if (puzzle.at(r, c) != 0) continue;
                bool seen[NP_MAX_SIDE + 1] = {};
                const int top = r / g.box_rows * g.box_rows, left = c / g.box_cols * g.box_cols;
                for (int i = 0; i < side; ++i) {
                    seen[puzzle.at(r, i)] = true;
                    seen[puzzle.at(i, c)] = true;
                    seen[puzzle.at(top + i / g.box_cols, left + i % g.box_cols)] = true;
                }
                int missing = 0, candidate = 0;
                for (int v = 1; v <= side; ++v)
                    if (!seen[v]) ++missing, candidate = v;
                if (missing == 1) {
                    puzzle.at(r, c) = static_cast<uint8_t>(candidate);
                    progress = true;
                }
            }
        }
    }
    return puzzle.is_full();
}

Grid blank_with_forced_refill(const Grid& full, uint64_t seed, int max_blanks) {
    std::vector<int> order(full.cells.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    np::Rng rng(seed);
    rng.shuffle(order.begin(), order.end());
    Grid puzzle = full;
    int blanks = 0;
    for (int index : order) {
        if (blanks == max_blanks) break;
        const uint8_t kept = puzzle.cells[static_cast<std::size_t>(index)];
        puzzle.cells[static_cast<std::size_t>(index)] = 0;
        if (refills_by_forcing(puzzle)) ++blanks;
        else puzzle.cells[static_cast<std::size_t>(index)] = kept;
    }
    return puzzle;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Expects an exhausted count of exactly `expected`.
void expect_exact_count(const Grid& puzzle, uint64_t expected) {
    const np::SolveOutcome out = count_all(puzzle);
    ASSERT_NE(out.verdict, Verdict::error) << out.message;
    ASSERT_NE(out.verdict, Verdict::invalid) << out.message;
    EXPECT_EQ(out.count, expected) << text_of(puzzle);
    EXPECT_TRUE(out.complete);
    EXPECT_EQ(out.stop, NP_STOP_EXHAUSTED);
    expect_witnesses(puzzle, out);
}

// ---- The descriptor ---------------------------------------------------------

TEST(ExhaustiveCount, DescribesItself) {
    const np::Plugin& plugin = oracle();
    EXPECT_EQ(plugin.name(), "exhaustive-count");
    EXPECT_FALSE(plugin.description().empty());
    EXPECT_TRUE(plugin.can(NP_CAP_SOLVE));
    EXPECT_TRUE(plugin.can(NP_CAP_COUNT));
    EXPECT_TRUE(plugin.can(NP_CAP_PROVE_UNIQUE));
    EXPECT_FALSE(plugin.can(NP_CAP_GENERATE_GRID));
    EXPECT_FALSE(plugin.can(NP_CAP_GENERATE_PUZZLE));
    EXPECT_FALSE(plugin.can(NP_CAP_CHECK_GRID));
    EXPECT_EQ(plugin.max_side(), 25u);
    EXPECT_TRUE(plugin.options().empty());
    EXPECT_TRUE(plugin.supports(Geometry{5, 5}));
    EXPECT_TRUE(plugin.supports(Geometry{1, 2}));
    EXPECT_TRUE(plugin.supports(Geometry{2, 6}));
    EXPECT_FALSE(plugin.supports(Geometry{5, 6}));
}

// ---- Whole-grid totals ----------------------------------------------------------

TEST(ExhaustiveCount, CountsThe288FourByFourGrids) {
    expect_exact_count(Grid(Geometry{2, 2}), 288);
}

// With 1 x 4 boxes the boxes are the rows, so the grids are the Latin squares
// of order 4 (576); likewise with 4 x 1 boxes and order 5 (161,280).
TEST(ExhaustiveCount, CountsLatinSquares) {
    expect_exact_count(Grid(Geometry{1, 4}), 576);
    expect_exact_count(Grid(Geometry{4, 1}), 576);
    expect_exact_count(Grid(Geometry{5, 1}), 161280);
}

// A 2 x 2 grid with 1 x 2 boxes: the two Latin squares of order 2.
TEST(ExhaustiveCount, CountsTheSmallestShape) { expect_exact_count(Grid(Geometry{1, 2}), 2); }

// The grids of 6 x 6 with 2 x 3 boxes: 28,200,960 (published, e.g. OEIS
// A107739). Slow by design; it runs under its own label. Under the
// sanitizers (they check memory; the Release suite checks the total) the
// grids whose first row is 1..6: a sixth-factorial share, 39,168, as every
// relabelling of the digits maps those onto the grids of another first row.
TEST(SlowExhaustiveCount, SixBySixTotal) {
    const bool share = np::sanitizer_build();
    Grid grid(Geometry{2, 3});
    for (int c = 0; share && c < 6; ++c) grid.cells[c] = static_cast<uint8_t>(c + 1);
    const auto start = std::chrono::steady_clock::now();
    const np::SolveOutcome out = count_all(grid);
    const double seconds = seconds_since(start);
    std::printf("[ TIME     ] 6x6 (2x3) total: %llu grids in %.2f s (%llu nodes, %llu guesses)\n",
                static_cast<unsigned long long>(out.count), seconds,
                static_cast<unsigned long long>(out.stats.nodes),
                static_cast<unsigned long long>(out.stats.guesses));
    ASSERT_NE(out.verdict, Verdict::error) << out.message;
    EXPECT_EQ(out.count, share ? 28200960u / 720u : 28200960u);
    EXPECT_TRUE(out.complete);
    EXPECT_EQ(out.verdict, Verdict::multiple);
    expect_witnesses(grid, out);
}

// ---- tdoku's test puzzles ------------------------------------------------------

// Every count exact and complete, checked against the published counts; a
// unique puzzle's witness is the published solution; a puzzle with several
// solutions gets two distinct valid ones.
TEST(ExhaustiveCount, MatchesTdokuSolutionCounts) {
    NP_REQUIRE_DATASET(tsv_path, "tdoku_solution_counts.tsv");
    NP_REQUIRE_DATASET(txt_path, "tdoku_solution_counts.txt");
    const std::vector<std::string> puzzles = np::test::read_lines(txt_path);
    const std::vector<std::string> rows = np::test::read_lines(tsv_path);
    ASSERT_EQ(rows.size(), puzzles.size() + 1);  // a header row
    ASSERT_EQ(puzzles.size(), 43u);

    int zero = 0, one = 0, many = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const std::vector<std::string> fields = split_tabs(rows[i + 1]);
        ASSERT_GE(fields.size(), 2u) << rows[i + 1];
        ASSERT_EQ(fields[0], puzzles[i]);
        const uint64_t expected = std::stoull(fields[1]);
        SCOPED_TRACE("puzzle " + std::to_string(i + 1) + ": " + puzzles[i]);

        const Grid puzzle = parse(puzzles[i], Geometry{3, 3});
        const np::SolveOutcome out = count_all(puzzle);
        ASSERT_NE(out.verdict, Verdict::error) << out.message;
        ASSERT_NE(out.verdict, Verdict::invalid) << out.message;
        EXPECT_EQ(out.count, expected);
        EXPECT_TRUE(out.complete);
        EXPECT_EQ(out.stop, NP_STOP_EXHAUSTED);
        expect_witnesses(puzzle, out);
        if (expected == 0) {
            ++zero;
            EXPECT_EQ(out.verdict, Verdict::none);
        } else if (expected == 1) {
            ++one;
            EXPECT_EQ(out.verdict, Verdict::unique);
            ASSERT_GE(fields.size(), 3u);
            ASSERT_EQ(out.solutions.size(), 1u);
            EXPECT_EQ(text_of(out.solutions[0]), fields[2]);
        } else {
            ++many;
            EXPECT_EQ(out.verdict, Verdict::multiple);
        }
    }
    // The dataset is what SOURCES.md says it is.
    EXPECT_EQ(zero, 10);
    EXPECT_EQ(one, 18);
    EXPECT_EQ(many, 15);
}

// ---- Limits -----------------------------------------------------------------------

TEST(ExhaustiveCount, LimitOneOnTheEmptyGridFindsOne) {
    const Grid empty(Geometry{3, 3});
    const np::SolveOutcome out = oracle().solve(empty, 1, {}, {});
    ASSERT_EQ(out.verdict, Verdict::found) << out.message;
    EXPECT_EQ(out.count, 1u);
    EXPECT_EQ(out.stop, NP_STOP_LIMIT);
    EXPECT_FALSE(out.complete);
    expect_witnesses(empty, out);
}

TEST(ExhaustiveCount, LimitTwoOnTheEmptyGridFindsTwo) {
    const Grid empty(Geometry{3, 3});
    const np::SolveOutcome out = oracle().solve(empty, 2, {}, {});
    ASSERT_EQ(out.verdict, Verdict::multiple) << out.message;
    EXPECT_EQ(out.count, 2u);
    EXPECT_EQ(out.stop, NP_STOP_LIMIT);
    EXPECT_FALSE(out.complete);
    expect_witnesses(empty, out);
}

// A limit above the count changes nothing; one at the count stops there.
TEST(ExhaustiveCount, LimitsAroundTheCount) {
    const Grid empty(Geometry{2, 2});
    np::SolveOutcome out = oracle().solve(empty, 1000, {}, {});
    EXPECT_EQ(out.count, 288u);
    EXPECT_EQ(out.stop, NP_STOP_EXHAUSTED);
    out = oracle().solve(empty, 288, {}, {});
    EXPECT_EQ(out.count, 288u);
    EXPECT_EQ(out.stop, NP_STOP_LIMIT);
    out = oracle().solve(empty, 100, {}, {});
    EXPECT_EQ(out.count, 100u);
    EXPECT_EQ(out.stop, NP_STOP_LIMIT);
    expect_witnesses(empty, out);
}

TEST(ExhaustiveCount, AFullGridIsItsOwnUniqueSolution) {
    const Grid full = cyclic_grid(Geometry{3, 3});
    ASSERT_TRUE(np::check_rules(full).empty());
    const np::SolveOutcome out = count_all(full);
    ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_EQ(out.solutions[0], full);
}

// ---- Budget --------------------------------------------------------------------------

TEST(ExhaustiveCount, NodeBudgetStopsAHugeCount) {
    Budget budget;
    budget.max_nodes = 20000;
    const Grid empty(Geometry{3, 3});
    const np::SolveOutcome out = count_all(empty, budget);
    ASSERT_NE(out.verdict, Verdict::error) << out.message;
    EXPECT_EQ(out.stop, NP_STOP_BUDGET);
    EXPECT_FALSE(out.complete);
    EXPECT_EQ(out.stats.nodes, 20000u);
    EXPECT_GE(out.count, 2u);  // a lower bound, and by then well above 2
    EXPECT_EQ(out.verdict, Verdict::multiple);
    expect_witnesses(empty, out);
}

TEST(ExhaustiveCount, BudgetBeforeAnySolutionIsUnknown) {
    Budget budget;
    budget.max_nodes = 3;
    const Grid empty(Geometry{5, 5});
    const np::SolveOutcome out = count_all(empty, budget);
    ASSERT_EQ(out.verdict, Verdict::unknown) << out.message;
    EXPECT_EQ(out.stop, NP_STOP_BUDGET);
    EXPECT_EQ(out.count, 0u);
    EXPECT_EQ(out.stats.nodes, 3u);
}

TEST(ExhaustiveCount, DeadlineStopsAHugeCount) {
    Budget budget;
    budget.timeout_seconds = 0.2;
    // The 9x9 total (about 6.7e21) cannot finish: returning at all means the
    // deadline was honoured.
    const np::SolveOutcome out = count_all(Grid(Geometry{3, 3}), budget);
    ASSERT_NE(out.verdict, Verdict::error) << out.message;
    EXPECT_EQ(out.stop, NP_STOP_BUDGET);
    EXPECT_FALSE(out.complete);
}

// ---- Duplicate givens --------------------------------------------------------------

struct DuplicateCase {
    const char* name;
    Geometry geometry;
    // two cells (0-based row, column) given the same value; b is the later one
    int ar, ac, br, bc;
    int value;
    np_reason_code code;
};

class ExhaustiveCountDuplicates : public ::testing::TestWithParam<DuplicateCase> {};

TEST_P(ExhaustiveCountDuplicates, AreInvalidAndLocated) {
    const DuplicateCase& d = GetParam();
    Grid puzzle(d.geometry);
    puzzle.at(d.ar, d.ac) = static_cast<uint8_t>(d.value);
    puzzle.at(d.br, d.bc) = static_cast<uint8_t>(d.value);
    const np::SolveOutcome out = count_all(puzzle);
    ASSERT_EQ(out.verdict, Verdict::invalid) << out.message;
    ASSERT_TRUE(out.error.has_value());
    EXPECT_EQ(static_cast<int>(out.error->code), static_cast<int>(d.code));
    EXPECT_EQ(out.error->row, d.br + 1);
    EXPECT_EQ(out.error->column, d.bc + 1);
    EXPECT_EQ(out.error->box, d.geometry.box_of(d.br, d.bc) + 1);
    EXPECT_EQ(out.error->value, d.value);
    EXPECT_FALSE(out.message.empty());
    // The same reason the framework's own rule check gives.
    const auto reasons = np::check_rules(puzzle);
    ASSERT_EQ(reasons.size(), 1u);
    EXPECT_EQ(out.error->code, reasons[0].code);
    EXPECT_EQ(out.error->row, reasons[0].row);
    EXPECT_EQ(out.error->column, reasons[0].column);
    EXPECT_EQ(out.error->box, reasons[0].box);
    EXPECT_EQ(out.error->value, reasons[0].value);
}

INSTANTIATE_TEST_SUITE_P(
    Units, ExhaustiveCountDuplicates,
    ::testing::Values(
        DuplicateCase{"FirstRow", {3, 3}, 0, 1, 0, 7, 5, NP_REASON_DUPLICATE_IN_ROW},
        DuplicateCase{"LastRow", {3, 3}, 8, 0, 8, 8, 9, NP_REASON_DUPLICATE_IN_ROW},
        DuplicateCase{"FirstColumn", {3, 3}, 1, 0, 7, 0, 1, NP_REASON_DUPLICATE_IN_COLUMN},
        DuplicateCase{"LastColumn", {3, 3}, 0, 8, 8, 8, 4, NP_REASON_DUPLICATE_IN_COLUMN},
        DuplicateCase{"FirstBox", {3, 3}, 0, 2, 1, 0, 2, NP_REASON_DUPLICATE_IN_BOX},
        DuplicateCase{"LastBox", {3, 3}, 6, 8, 8, 6, 9, NP_REASON_DUPLICATE_IN_BOX},
        DuplicateCase{"LastBox2x3", {2, 3}, 4, 5, 5, 3, 6, NP_REASON_DUPLICATE_IN_BOX},
        DuplicateCase{"LastRow5x5", {5, 5}, 24, 3, 24, 21, 25, NP_REASON_DUPLICATE_IN_ROW},
        DuplicateCase{"LastColumn5x5", {5, 5}, 2, 24, 23, 24, 13, NP_REASON_DUPLICATE_IN_COLUMN},
        DuplicateCase{"LastBox5x5", {5, 5}, 20, 24, 24, 20, 1, NP_REASON_DUPLICATE_IN_BOX},
        DuplicateCase{"LastBox3x4", {3, 4}, 9, 11, 11, 8, 12, NP_REASON_DUPLICATE_IN_BOX}),
    [](const ::testing::TestParamInfo<DuplicateCase>& info) { return std::string(info.param.name); });

// Among several clashes the first given (row-major) that repeats an earlier
// one is named, and within one cell a row clash before a column or box clash.
TEST(ExhaustiveCount, NamesTheFirstClashingGiven) {
    Grid puzzle(Geometry{3, 3});
    puzzle.at(0, 0) = 3;
    puzzle.at(1, 1) = 3;  // clashes with (0,0) in box 1 only
    puzzle.at(4, 4) = 6;
    puzzle.at(4, 6) = 6;  // a later row clash
    np::SolveOutcome out = count_all(puzzle);
    ASSERT_EQ(out.verdict, Verdict::invalid) << out.message;
    EXPECT_EQ(out.error->code, np::ReasonCode::duplicate_in_box);
    EXPECT_EQ(out.error->row, 2);
    EXPECT_EQ(out.error->column, 2);
    EXPECT_EQ(out.error->box, 1);
    EXPECT_EQ(out.error->value, 3);

    Grid both(Geometry{3, 3});
    both.at(2, 0) = 8;
    both.at(2, 2) = 8;  // same row and same box as (2,0): the row is named
    out = count_all(both);
    ASSERT_EQ(out.verdict, Verdict::invalid) << out.message;
    EXPECT_EQ(out.error->code, np::ReasonCode::duplicate_in_row);
    EXPECT_EQ(out.error->row, 3);
    EXPECT_EQ(out.error->column, 3);
}

// A clash in an otherwise solvable puzzle from the dataset is still found.
TEST(ExhaustiveCount, FindsAClashInARealPuzzle) {
    Grid puzzle = parse(
        ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4");
    ASSERT_EQ(puzzle.at(8, 8), 4);
    puzzle.at(8, 1) = 4;  // row 9 already holds a 4 at column 9, later in the row
    const np::SolveOutcome out = count_all(puzzle);
    ASSERT_EQ(out.verdict, Verdict::invalid) << out.message;
    EXPECT_EQ(out.error->code, np::ReasonCode::duplicate_in_row);
    EXPECT_EQ(out.error->row, 9);
    EXPECT_EQ(out.error->column, 9);
    EXPECT_EQ(out.error->value, 4);
}

// ---- Large grids -------------------------------------------------------------------

class ExhaustiveCountLarge : public ::testing::TestWithParam<Geometry> {};

// Blank as many cells as forcing alone can refill: the count is 1 and the
// witness is the original grid. The grid is bitmask-mrv's (certified by
// check_rules), so it has none of the cyclic grid's regularity.
TEST_P(ExhaustiveCountLarge, UniqueWhenBlanksAreForced) {
    const Geometry geometry = GetParam();
    const uint64_t seed = 0x5eed0000u + static_cast<uint64_t>(geometry.side());
    const Grid full = generated_grid("bitmask-mrv", geometry, seed);
    ASSERT_TRUE(full.is_full());
    const Grid puzzle = blank_with_forced_refill(full, seed, geometry.cell_count());
    const int blanks = geometry.cell_count() - puzzle.given_count();
    EXPECT_GE(blanks, geometry.cell_count() / 4) << "the puzzle should leave real work";
    const np::SolveOutcome out = count_all(puzzle);
    ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
    EXPECT_EQ(out.count, 1u);
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_EQ(out.solutions[0], full);
}

// Blank the first two rows (one band): each column must get back its two
// missing values, in one of two orders. Row 1 takes one value of each pair
// {x, x+C mod N}; those pairs form C cycles on the values, each of which can
// be oriented two ways, and the boxes hold the right values either way, so
// there are exactly 2^C solutions. The count follows from the cyclic grid's
// structure, so this test does want that fixed grid.
TEST_P(ExhaustiveCountLarge, TwoBlankRowsGiveTwoToTheC) {
    const Geometry geometry = GetParam();
    ASSERT_GE(geometry.box_rows, 2);
    Grid puzzle = cyclic_grid(geometry);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < geometry.side(); ++c) puzzle.at(r, c) = 0;
    expect_exact_count(puzzle, uint64_t{1} << geometry.box_cols);
}

INSTANTIATE_TEST_SUITE_P(Shapes, ExhaustiveCountLarge,
                         ::testing::Values(Geometry{3, 3}, Geometry{3, 4}, Geometry{4, 3}, Geometry{4, 4},
                                           Geometry{5, 5}),
                         [](const ::testing::TestParamInfo<Geometry>& info) {
                             return std::to_string(info.param.box_rows) + "x" +
                                    std::to_string(info.param.box_cols);
                         });

// ---- Against a plain counter ---------------------------------------------------------

// Counts by placing values in the first empty cell, test-side and deliberately
// naive; only for small grids.
uint64_t naive_count(Grid& grid, int from = 0) {
    const int side = grid.side();
    int cell = from;
    while (cell < grid.geometry.cell_count() && grid.cells[static_cast<std::size_t>(cell)] != 0) ++cell;
    if (cell == grid.geometry.cell_count()) return np::check_rules(grid).empty() ? 1 : 0;
    uint64_t total = 0;
    for (int v = 1; v <= side; ++v) {
        grid.cells[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(v);
        if (np::check_rules(grid).empty()) total += naive_count(grid, cell + 1);
    }
    grid.cells[static_cast<std::size_t>(cell)] = 0;
    return total;
}

// Random valid partial grids of small shapes: blank most cells of a full grid
// that backtrack generates from a fresh seed each round, sometimes change a
// given (which may leave no solution), and compare counts with the naive
// counter.
TEST(ExhaustiveCount, AgreesWithANaiveCounterOnSmallPuzzles) {
    const std::vector<Geometry> shapes = {{2, 2}, {1, 4}, {2, 3}, {3, 2}};
    np::Rng rng(20240611);
    int compared = 0, with_several = 0, with_none = 0;
    for (int round = 0; round < 60; ++round) {
        const Geometry g = shapes[static_cast<std::size_t>(round) % shapes.size()];
        const int side = g.side();
        Grid puzzle = generated_grid("backtrack", g, rng.next());
        ASSERT_TRUE(puzzle.is_full());
        const uint64_t keep_percent = side == 4 ? 30 : 45;
        for (auto& cell : puzzle.cells)
            if (rng.below(100) >= keep_percent) cell = 0;
        if (round % 3 == 0) {  // disturb one given, keeping the givens clash-free
            const std::size_t at = static_cast<std::size_t>(rng.below(puzzle.cells.size()));
            const uint8_t old = puzzle.cells[at];
            puzzle.cells[at] = static_cast<uint8_t>(rng.below(static_cast<uint64_t>(side)) + 1);
            if (!np::check_rules(puzzle).empty()) puzzle.cells[at] = old;
        }
        ASSERT_TRUE(np::check_rules(puzzle).empty());
        Grid scratch = puzzle;
        const uint64_t expected = naive_count(scratch);
        SCOPED_TRACE(g.name() + " " + text_of(puzzle));
        expect_exact_count(puzzle, expected);
        ++compared;
        if (expected >= 2) ++with_several;
        if (expected == 0) ++with_none;
    }
    EXPECT_EQ(compared, 60);
    EXPECT_GT(with_several, 10);  // the comparison covered real counting
    EXPECT_GT(with_none, 0);
}

// ---- Against bitmask-mrv ---------------------------------------------------------------

// Beyond the naive counter's reach: puzzles of 9x9 and the 6x6 / 8x8 shapes
// cut from backtrack's grids (a drawn seed each), counted up to a cap by
// exhaustive-count and by bitmask-mrv, whose constraint code and search are
// unrelated to dancing links. Both must reach a conclusion (the whole tree,
// or the cap), and then the counts are the same.
RC_GTEST_PROP(ExhaustiveCountProperty, CountsAgreeWithBitmaskMrv, ()) {
    const auto shape =
        *rc::gen::elementOf(std::vector<std::pair<int, int>>{{3, 3}, {2, 3}, {3, 2}, {2, 4}, {4, 2}});
    const Geometry geometry{shape.first, shape.second};
    const Grid full = generated_grid("backtrack", geometry, *rc::gen::arbitrary<uint64_t>());
    RC_ASSERT(full.is_full());
    // Keep 15-55% of the cells: about half the puzzles are unique, most of
    // the rest have several solutions, a few reach the cap.
    const int keep_percent = *rc::gen::inRange(15, 56);
    const auto draws = *rc::gen::container<std::vector<int>>(static_cast<std::size_t>(geometry.cell_count()),
                                                             rc::gen::inRange(0, 100));
    Grid puzzle = full;
    for (std::size_t i = 0; i < draws.size(); ++i)
        if (draws[i] >= keep_percent) puzzle.cells[i] = 0;

    const uint64_t cap = 5000;
    const auto ours = oracle().solve(puzzle, cap, {}, np::test::node_budget(20'000'000));
    const auto theirs = np::test::bundled_plugin("bitmask-mrv").solve(puzzle, cap, {}, np::test::node_budget(20'000'000));
    for (const auto* out : {&ours, &theirs}) {
        RC_ASSERT(out->verdict == Verdict::unique || out->verdict == Verdict::multiple);
        const bool concluded = out->complete || (out->stop == static_cast<uint32_t>(NP_STOP_LIMIT) && out->count == cap);
        RC_ASSERT(concluded);
    }
    RC_ASSERT(ours.count == theirs.count);
    RC_ASSERT(ours.complete == theirs.complete);
    for (const Grid& solution : ours.solutions) RC_ASSERT(static_cast<bool>(solves(puzzle, solution)));
    if (ours.verdict == Verdict::unique) RC_ASSERT(ours.solutions.at(0) == full);
}

// ---- Options and the raw ABI ---------------------------------------------------------

TEST(ExhaustiveCount, RejectsAnyOption) {
    const np::SolveOutcome out = oracle().solve(Grid(Geometry{2, 2}), NP_UNLIMITED, {{"order", "fast"}}, {});
    EXPECT_EQ(out.verdict, Verdict::error);
    EXPECT_NE(out.message.find("order"), std::string::npos) << out.message;
}

// Through the C calls directly: one instance reused across shapes keeps
// answering right (the matrix is cached per shape), an unsupported shape and
// a zero limit are refused.
TEST(ExhaustiveCount, OneInstanceServesManyShapes) {
    const np_plugin& abi = oracle().descriptor();
    ASSERT_NE(abi.create, nullptr);
    ASSERT_NE(abi.destroy, nullptr);
    void* instance = abi.create();
    ASSERT_NE(instance, nullptr);

    auto run = [&](Geometry geometry, const std::vector<uint8_t>& cells, uint64_t limit, np_solve_result& result) {
        std::vector<uint8_t> w0(cells.size()), w1(cells.size());
        np_solve_request request{};
        request.geometry = geometry.to_c();
        request.cells = cells.data();
        request.limit = limit;
        result = np_solve_result{};
        result.witnesses[0] = w0.data();
        result.witnesses[1] = w1.data();
        return abi.solve(instance, &request, &result);
    };

    np_solve_result result{};
    const std::vector<Geometry> shapes = {{2, 2}, {3, 3}, {2, 2}, {1, 4}, {4, 1}, {2, 2}};
    for (const Geometry& g : shapes) {
        const std::vector<uint8_t> empty(static_cast<std::size_t>(g.cell_count()), 0);
        if (g.side() == 9) {
            ASSERT_EQ(run(g, empty, 5, result), NP_OK);  // stopped at the limit, matrix left covered
            EXPECT_EQ(result.count, 5u);
            EXPECT_EQ(result.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
        } else {
            ASSERT_EQ(run(g, empty, NP_UNLIMITED, result), NP_OK) << result.message;
            EXPECT_EQ(result.count, g.box_rows == 2 ? 288u : 576u) << g.name();
            EXPECT_EQ(result.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
            EXPECT_EQ(result.witness_count, 2u);
        }
    }

    const std::vector<uint8_t> thirty(30 * 30, 0);
    EXPECT_EQ(run(Geometry{5, 6}, thirty, 1, result), NP_UNSUPPORTED);
    EXPECT_NE(std::string(result.message).find("5x6"), std::string::npos) << result.message;
    const std::vector<uint8_t> sixteen(16, 0);
    EXPECT_EQ(run(Geometry{2, 2}, sixteen, 0, result), NP_FAILED);

    abi.destroy(instance);
}

// A host may skip create: the plugin then works on a matrix of its own.
TEST(ExhaustiveCount, WorksWithoutAnInstance) {
    const np_plugin& abi = oracle().descriptor();
    const std::vector<uint8_t> cells(16, 0);
    std::vector<uint8_t> w0(16), w1(16);
    np_solve_request request{};
    request.geometry = {2, 2};
    request.cells = cells.data();
    request.limit = NP_UNLIMITED;
    np_solve_result result{};
    result.witnesses[0] = w0.data();
    result.witnesses[1] = w1.data();
    ASSERT_EQ(abi.solve(nullptr, &request, &result), NP_OK) << result.message;
    EXPECT_EQ(result.count, 288u);
}

}  // namespace
