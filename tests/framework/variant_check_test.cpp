// check_variant, kind by kind: each rule against hand-made grids that keep
// it and grids (or constraints) that break it; a violation must name the
// kind, its cells and why. docs/variants.md is the definition tested here.
#include <gtest/gtest.h>

#include <cstdlib>

#include "numplace/certify.hpp"
#include "numplace/variant.hpp"
#include "variant_grids.hpp"

namespace {

using namespace variant_test;
using np::Clue;
using np::Kind;

const np::Grid& classic() {
    static const np::Grid grid = grid_of(kClassic9);
    return grid;
}

// check_variant of the classic 9x9 solution under these constraints.
std::optional<np::VariantIssue> check9(std::vector<np::Constraint> constraints) {
    return np::check_variant(puzzle_for(classic(), std::move(constraints)), classic());
}

// ---- the grid itself -------------------------------------------------------

TEST(VariantCheck, ClassicSolutionWithNoConstraintHolds) {
    EXPECT_TRUE(holds(check9({})));
    EXPECT_TRUE(holds(np::check_variant(np::classic_puzzle(grid_of(kPlain6)), grid_of(kPlain6))));
}

TEST(VariantCheck, RowColumnAndBoxRepeatsAreNamed) {
    np::Grid row = classic();
    row.at(0, 0) = 3;  // r1c2 holds 3
    const auto issue = np::check_variant(puzzle_for(classic()), row);
    EXPECT_TRUE(says(issue, {"row 1", "r1c1 and r1c2 both hold 3"}));
    EXPECT_EQ(issue->constraint, -1);

    np::Grid column = classic();
    std::swap(column.at(0, 0), column.at(0, 1));  // row 1 stays whole, column 1 gets a second 3
    EXPECT_TRUE(says(np::check_variant(puzzle_for(classic()), column), {"column 1", "r1c1 and r9c1 both hold 3"}));

    np::Grid latin(np::Geometry{3, 3});  // a Latin square whose boxes repeat
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) latin.at(r, c) = static_cast<uint8_t>((r + c) % 9 + 1);
    EXPECT_TRUE(says(np::check_variant(puzzle_for(latin), latin), {"box 1", "r1c2 and r2c1 both hold 2"}));
}

TEST(VariantCheck, NoRegionsLeavesOnlyTheLatinSquare) {
    np::Grid latin(np::Geometry{1, 9});
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) latin.at(r, c) = static_cast<uint8_t>((r + c) % 9 + 1);
    np::Puzzle p = puzzle_for(latin);
    p.regions = np::RegionLayout::none;
    EXPECT_TRUE(holds(np::check_variant(p, latin)));
    latin.at(8, 8) = latin.at(8, 7);
    EXPECT_TRUE(says(np::check_variant(p, latin), {"row 9"}));
}

TEST(VariantCheck, JigsawRegionsAreChecked) {
    const np::Grid solution = grid_of(kJigsaw5);
    np::Puzzle p = puzzle_for(solution);
    p.regions = np::RegionLayout::irregular;
    for (const std::string& row : kJigsawRegions5)
        for (char ch : row) p.region_of.push_back(static_cast<uint8_t>(ch - '0'));
    EXPECT_TRUE(holds(np::check_variant(p, solution)));
    // Another map of five regions of five cells that this grid does not fit.
    const std::vector<std::string> other = {"00011", "00111", "22233", "22333", "44444"};
    p.region_of.clear();
    for (const std::string& row : other)
        for (char ch : row) p.region_of.push_back(static_cast<uint8_t>(ch - '0'));
    EXPECT_TRUE(says(np::check_variant(p, solution), {"region 1:", "r1c1 and r2c2 both hold 3"}));
}

TEST(VariantCheck, GivensAndCandidatesAreKept) {
    np::Puzzle p = puzzle_for(classic());
    p.grid.at(0, 0) = 5;
    EXPECT_TRUE(holds(np::check_variant(p, classic())));
    p.grid.at(0, 0) = 6;
    EXPECT_TRUE(says(np::check_variant(p, classic()), {"r1c1 holds 5, but the given there is 6"}));

    np::Puzzle masks = puzzle_for(classic());
    masks.grid.candidates.assign(81, 0x3FE);  // 1..9 everywhere
    EXPECT_TRUE(holds(np::check_variant(masks, classic())));
    masks.grid.candidates[rc(1, 2)] &= ~(uint64_t{1} << 3);  // r1c2 may not be 3
    EXPECT_TRUE(says(np::check_variant(masks, classic()), {"r1c2 holds 3, which is not one of its candidates"}));
}

TEST(VariantCheck, EmptyOrOutOfRangeCellsAndOtherShapesFail) {
    np::Grid empty = classic();
    empty.at(4, 4) = 0;
    EXPECT_TRUE(says(np::check_variant(puzzle_for(classic()), empty), {"r5c5 is empty"}));
    np::Grid big = classic();
    big.at(0, 0) = 10;
    EXPECT_TRUE(says(np::check_variant(puzzle_for(classic()), big), {"r1c1 holds 10, not a digit 1..9"}));
    EXPECT_TRUE(says(np::check_variant(puzzle_for(classic()), grid_of(kPlain6)), {"not the puzzle's shape"}));
}

TEST(VariantCheck, AMalformedPuzzleIsReportedNotRead) {
    // A cage cell far outside the grid: the check says so instead of reading it.
    const auto issue = check9({make(Kind::killer_cage, {{0, 5000}}, {8})});
    EXPECT_TRUE(says(issue, {"killer cage", "outside the grid"}));
    EXPECT_EQ(issue->constraint, 0);
}

TEST(VariantCheck, TheFirstBrokenConstraintIsTheOneNamed) {
    const auto issue = check9({make(Kind::odd, {{rc(1, 1)}}), make(Kind::even, {{rc(1, 3)}}),
                               make(Kind::even, {{rc(1, 2)}}), make(Kind::odd, {{rc(1, 3)}})});
    EXPECT_EQ(issue->constraint, 2);
    EXPECT_TRUE(says(issue, {"even cell (r1c2)", "r1c2 (3) is odd"}));
}

// ---- global kinds ------------------------------------------------------------

TEST(VariantCheck, ExtraRegion) {
    EXPECT_TRUE(holds(check9({make(Kind::extra_region, {{rc(1, 1), rc(1, 2), rc(2, 1)}})})));
    EXPECT_TRUE(says(check9({make(Kind::extra_region, {{rc(1, 1), rc(2, 4), rc(3, 7)}})}),
                     {"extra region (r1c1 r2c4 r3c7)", "r1c1 and r3c7 both hold 5"}));
}

TEST(VariantCheck, DisjointGroups) {
    const np::Grid six = grid_of(kDisjoint6);
    EXPECT_TRUE(holds(np::check_variant(puzzle_for(six, {global(Kind::disjoint_groups)}), six)));
    EXPECT_TRUE(says(check9({global(Kind::disjoint_groups)}), {"disjoint groups: r1c7 and r7c1 both hold 9"}));
}

TEST(VariantCheck, Diagonals) {
    for (const auto& rows : {kDiagonal4, kDiagonal6}) {
        const np::Grid g = grid_of(rows);
        EXPECT_TRUE(holds(
            np::check_variant(puzzle_for(g, {global(Kind::diagonal_positive), global(Kind::diagonal_negative)}), g)));
    }
    // "\" runs r1c1..r9c9; "/" runs r9c1..r1c9: each breaks at its own cells.
    EXPECT_TRUE(says(check9({global(Kind::diagonal_negative)}), {"negative diagonal: r2c2 and r4c4 both hold 7"}));
    EXPECT_TRUE(says(check9({global(Kind::diagonal_positive)}), {"positive diagonal: r7c3 and r4c6 both hold 1"}));
}

TEST(VariantCheck, AntiKnight) {
    const np::Grid six = grid_of(kAntiKnight6);
    EXPECT_TRUE(holds(np::check_variant(puzzle_for(six, {global(Kind::anti_knight)}), six)));
    EXPECT_TRUE(says(check9({global(Kind::anti_knight)}), {"anti-knight: r1c7 and r2c5, a knight's move apart"}));
}

TEST(VariantCheck, AntiKing) {
    const np::Grid g = grid_of(kAntiKing9);
    EXPECT_TRUE(holds(np::check_variant(puzzle_for(g, {global(Kind::anti_king)}), g)));
    EXPECT_TRUE(
        says(check9({global(Kind::anti_king)}), {"anti-king: r2c6 and r3c7, a king's move apart, both hold 5"}));
    // The anti-knight grid is no anti-king grid (r1c3 and r2c4 hold 6): the kinds differ.
    const np::Grid six = grid_of(kAntiKnight6);
    EXPECT_TRUE(says(np::check_variant(puzzle_for(six, {global(Kind::anti_king)}), six), {"anti-king: r1c3 and r2c4"}));
}

TEST(VariantCheck, NonConsecutive) {
    const np::Grid g = grid_of(kNonConsecutive9);
    EXPECT_TRUE(holds(np::check_variant(puzzle_for(g, {global(Kind::non_consecutive)}), g)));
    EXPECT_TRUE(says(check9({global(Kind::non_consecutive)}),
                     {"non-consecutive: r1c1 (5) and r2c1 (6) are adjacent and consecutive"}));
}

// ---- single cells -------------------------------------------------------------

TEST(VariantCheck, OddAndEven) {
    EXPECT_TRUE(holds(check9({make(Kind::odd, {{rc(1, 1)}}), make(Kind::even, {{rc(1, 3)}})})));
    EXPECT_TRUE(says(check9({make(Kind::even, {{rc(1, 1)}})}), {"even cell (r1c1): r1c1 (5) is odd"}));
    EXPECT_TRUE(says(check9({make(Kind::odd, {{rc(1, 3)}})}), {"odd cell (r1c3): r1c3 (4) is even"}));
}

TEST(VariantCheck, MinimumAndMaximum) {
    EXPECT_TRUE(holds(check9({make(Kind::minimum, {{rc(2, 4)}}), make(Kind::maximum, {{rc(2, 5)}})})));
    EXPECT_TRUE(says(check9({make(Kind::minimum, {{rc(1, 1)}})}),
                     {"minimum (r1c1): r1c1 (5) is not below its neighbour r1c2 (3)"}));
    EXPECT_TRUE(says(check9({make(Kind::maximum, {{rc(2, 4)}})}), {"maximum (r2c4)", "is not above"}));
}

TEST(VariantCheck, AdjacentMinimumCellsAreNotCompared) {
    // r5c2 (2) is below every neighbour but r6c2 (1), itself a minimum.
    EXPECT_TRUE(says(check9({make(Kind::minimum, {{rc(5, 2)}})}), {"r5c2 (2) is not below its neighbour r6c2 (1)"}));
    EXPECT_TRUE(holds(check9({make(Kind::minimum, {{rc(5, 2)}}), make(Kind::minimum, {{rc(6, 2)}})})));
    // A maximum next door is no excuse for a minimum.
    EXPECT_TRUE(says(check9({make(Kind::minimum, {{rc(5, 2)}}), make(Kind::maximum, {{rc(6, 2)}})}), {"minimum"}));
}

TEST(VariantCheck, Indexers) {
    // Cells of the classic grid that index correctly (found by hand from its rows).
    EXPECT_TRUE(holds(check9({make(Kind::row_indexer, {{rc(1, 7)}}), make(Kind::row_indexer, {{rc(5, 5)}}),
                              make(Kind::column_indexer, {{rc(3, 1)}}), make(Kind::column_indexer, {{rc(9, 9)}}),
                              make(Kind::box_indexer, {{rc(2, 9)}}), make(Kind::box_indexer, {{rc(8, 5)}})})));
    // r1c1 holds 5: row 5 of column 1 should hold 1, column 5 of row 1
    // should hold 1, position 5 of box 1 (r2c2) should hold 1.
    EXPECT_TRUE(says(check9({make(Kind::row_indexer, {{rc(1, 1)}})}),
                     {"row indexer (r1c1): r1c1 (5) points at r5c1, which holds 4, not 1"}));
    EXPECT_TRUE(says(check9({make(Kind::column_indexer, {{rc(1, 1)}})}),
                     {"column indexer (r1c1): r1c1 (5) points at r1c5, which holds 7, not 1"}));
    EXPECT_TRUE(says(check9({make(Kind::box_indexer, {{rc(1, 1)}})}),
                     {"box indexer (r1c1): r1c1 (5) points at r2c2, which holds 7, not 1"}));
    // 2 x 3 boxes: positions run along the box's three columns first.
    const np::Grid six = grid_of(kPlain6);
    const auto box6 = [&](int row, int column) {
        return np::check_variant(puzzle_for(six, {make(Kind::box_indexer, {{rc(row, column, 6)}})}), six);
    };
    EXPECT_TRUE(holds(box6(1, 3)));
    EXPECT_TRUE(holds(box6(2, 1)));
    EXPECT_TRUE(holds(box6(3, 2)));
    EXPECT_TRUE(says(box6(2, 4), {"r2c4 (6) points at r2c6, which holds 5, not 4"}));
}

// ---- cages and dots -------------------------------------------------------------

TEST(VariantCheck, KillerCage) {
    EXPECT_TRUE(holds(check9({make(Kind::killer_cage, {{rc(1, 1), rc(1, 2)}}, {8})})));
    EXPECT_TRUE(holds(check9({make(Kind::killer_cage, {{rc(1, 1), rc(1, 2), rc(2, 1)}})})));  // no sum
    EXPECT_TRUE(says(check9({make(Kind::killer_cage, {{rc(1, 1), rc(1, 2)}}, {10})}),
                     {"killer cage (r1c1 r1c2): sum is 8, not 10"}));
    EXPECT_TRUE(says(check9({make(Kind::killer_cage, {{rc(1, 1), rc(3, 7)}})}),
                     {"killer cage (r1c1 r3c7): r1c1 and r3c7 both hold 5"}));
}

TEST(VariantCheck, Xv) {
    EXPECT_TRUE(
        holds(check9({make(Kind::xv, {{rc(2, 4), rc(2, 5)}}, {10}), make(Kind::xv, {{rc(1, 8), rc(2, 8)}}, {5})})));
    EXPECT_TRUE(says(check9({make(Kind::xv, {{rc(1, 1), rc(1, 2)}}, {10})}), {"XV (r1c1 r1c2): sum is 8, not 10"}));
    EXPECT_TRUE(says(check9({make(Kind::xv, {{rc(2, 4), rc(2, 5)}}, {5})}), {"XV (r2c4 r2c5): sum is 10, not 5"}));
}

TEST(VariantCheck, DifferenceAndRatioDots) {
    EXPECT_TRUE(holds(check9(
        {make(Kind::difference, {{rc(1, 2), rc(1, 3)}}, {1}), make(Kind::difference, {{rc(1, 3), rc(2, 3)}}, {2}),
         make(Kind::ratio, {{rc(1, 8), rc(1, 9)}}, {2}), make(Kind::ratio, {{rc(4, 9), rc(5, 9)}}, {3})})));
    EXPECT_TRUE(says(check9({make(Kind::difference, {{rc(1, 2), rc(1, 3)}}, {2})}),
                     {"difference dot (r1c2 r1c3): difference is 1, not 2"}));
    EXPECT_TRUE(says(check9({make(Kind::ratio, {{rc(1, 1), rc(1, 2)}}, {2})}),
                     {"ratio dot (r1c1 r1c2): r1c1 (5) and r1c2 (3) are not in ratio 1:2"}));
    // The ratio may read either way round: 3 above 1 is 1:3 as well.
    EXPECT_TRUE(holds(check9({make(Kind::ratio, {{rc(5, 9), rc(4, 9)}}, {3})})));
}

TEST(VariantCheck, Quadruple) {
    const std::vector<int> block = {rc(1, 1), rc(1, 2), rc(2, 1), rc(2, 2)};  // 5 3 / 6 7
    EXPECT_TRUE(holds(check9({make(Kind::quadruple, {block}, {3, 5})})));
    EXPECT_TRUE(says(check9({make(Kind::quadruple, {block}, {1})}),
                     {"quadruple (r1c1 r1c2 r2c1 r2c2): 1 is listed 1 time(s) but appears 0 time(s)"}));
    EXPECT_TRUE(says(check9({make(Kind::quadruple, {block}, {3, 3})}), {"3 is listed 2 time(s) but appears 1"}));
    // r2c6 5, r2c7 3, r3c6 2, r3c7 5: a digit listed twice, there twice.
    const std::vector<int> twice = {rc(2, 6), rc(2, 7), rc(3, 6), rc(3, 7)};
    EXPECT_TRUE(holds(check9({make(Kind::quadruple, {twice}, {5, 3, 5, 2})})));
}

// ---- lines ------------------------------------------------------------------------

TEST(VariantCheck, Thermometer) {
    // 1, 3, 4, 9 from the bulb.
    EXPECT_TRUE(holds(check9({make(Kind::thermometer, {{rc(2, 4), rc(3, 4), rc(3, 5), rc(2, 5)}})})));
    EXPECT_TRUE(says(check9({make(Kind::thermometer, {{rc(2, 5), rc(3, 5), rc(3, 4), rc(2, 4)}})}),
                     {"thermometer (r2c5 r3c5 r3c4 r2c4): r3c5 (4) does not rise above r2c5 (9)"}));
    // Diagonal neighbours in different boxes may hold one digit: not a rise.
    EXPECT_TRUE(
        says(check9({make(Kind::thermometer, {{rc(2, 6), rc(3, 7)}})}), {"r3c7 (5) does not rise above r2c6 (5)"}));
}

TEST(VariantCheck, Arrow) {
    EXPECT_TRUE(holds(check9({make(Kind::arrow, {{rc(1, 7)}, {rc(1, 8), rc(2, 9)}})})));  // 9 = 1 + 8
    // A two-cell circle reads 12; two lines, each summing to 12.
    EXPECT_TRUE(holds(
        check9({make(Kind::arrow, {{rc(1, 8), rc(1, 9)}, {rc(2, 8), rc(2, 9)}, {rc(3, 9), rc(4, 9), rc(4, 8)}})})));
    EXPECT_TRUE(says(check9({make(Kind::arrow, {{rc(1, 7)}, {rc(1, 8), rc(1, 9)}})}),
                     {"arrow (r1c7 | r1c8 r1c9): line 1 sums to 3, not the circle's 9"}));
    EXPECT_TRUE(says(check9({make(Kind::arrow, {{rc(1, 8), rc(1, 9)}, {rc(2, 8), rc(2, 9)}, {rc(3, 9), rc(4, 9)}})}),
                     {"line 2 sums to 10, not the circle's 12"}));
}

TEST(VariantCheck, Renban) {
    EXPECT_TRUE(holds(check9({make(Kind::renban, {{rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4), rc(1, 5)}})})));
    EXPECT_TRUE(says(check9({make(Kind::renban, {{rc(1, 6), rc(1, 7), rc(1, 8)}})}),
                     {"renban (r1c6 r1c7 r1c8): its digits 1 to 9 are not consecutive"}));
    // Renban on a diagonal line may meet a repeat the rows allow: r2c6 and r3c7 both hold 5.
    EXPECT_TRUE(says(check9({make(Kind::renban, {{rc(2, 6), rc(3, 7)}})}), {"both hold 5"}));
}

TEST(VariantCheck, Whispers) {
    EXPECT_TRUE(holds(check9({make(Kind::whispers, {{rc(1, 7), rc(1, 8), rc(2, 9)}}, {5})})));  // 9 1 8
    EXPECT_TRUE(says(check9({make(Kind::whispers, {{rc(1, 8), rc(1, 9)}}, {5})}),
                     {"whispers (r1c8 r1c9): r1c8 (1) and r1c9 (2) differ by less than 5"}));
    EXPECT_TRUE(holds(check9({make(Kind::whispers, {{rc(1, 8), rc(1, 9)}}, {1})})));
}

TEST(VariantCheck, Palindrome) {
    EXPECT_TRUE(holds(check9({make(Kind::palindrome, {{rc(3, 3), rc(4, 2), rc(4, 1)}})})));  // 8 5 8
    EXPECT_TRUE(says(check9({make(Kind::palindrome, {{rc(3, 3), rc(4, 2), rc(5, 1)}})}),
                     {"palindrome (r3c3 r4c2 r5c1): r3c3 (8) and r5c1 (4) differ"}));
}

TEST(VariantCheck, BetweenLine) {
    EXPECT_TRUE(holds(check9({make(Kind::between_line, {{rc(2, 4), rc(3, 4), rc(3, 5), rc(2, 5)}})})));  // 1 |3 4| 9
    EXPECT_TRUE(holds(check9({make(Kind::between_line, {{rc(2, 5), rc(3, 5), rc(3, 4), rc(2, 4)}})})));  // 9 |4 3| 1
    EXPECT_TRUE(says(check9({make(Kind::between_line, {{rc(1, 4), rc(2, 4), rc(2, 5)}})}),
                     {"between line (r1c4 r2c4 r2c5): r2c4 (1) is not strictly between 6 and 9"}));
}

TEST(VariantCheck, RegionSumLine) {
    // Box 8 holds 3 + 7, box 9 holds 2 + 8.
    EXPECT_TRUE(holds(check9({make(Kind::region_sum_line, {{rc(7, 5), rc(7, 6), rc(7, 7), rc(7, 8)}})})));
    EXPECT_TRUE(says(check9({make(Kind::region_sum_line, {{rc(7, 4), rc(7, 5), rc(7, 6), rc(7, 7)}})}),
                     {"region sum line (r7c4 r7c5 r7c6 r7c7): the segment ending at r7c7 sums to 2, not 15"}));
}

TEST(VariantCheck, RegionSumLineFollowsTheLayout) {
    // With no regions the line is one segment: always true.
    np::Grid latin = classic();
    latin.geometry = np::Geometry{1, 9};
    np::Puzzle none = puzzle_for(latin, {make(Kind::region_sum_line, {{rc(7, 4), rc(7, 5), rc(7, 6), rc(7, 7)}})});
    none.regions = np::RegionLayout::none;
    EXPECT_TRUE(holds(np::check_variant(none, latin)));
    // On the 5x5 jigsaw the segments are its regions: 3 + 1 | 3 + 1 holds, 2 + 1 | 1 does not.
    const np::Grid five = grid_of(kJigsaw5);
    np::Puzzle jig =
        puzzle_for(five, {make(Kind::region_sum_line, {{rc(1, 1, 5), rc(1, 2, 5), rc(2, 2, 5), rc(3, 3, 5)}})});
    jig.regions = np::RegionLayout::irregular;
    for (const std::string& row : kJigsawRegions5)
        for (char ch : row) jig.region_of.push_back(static_cast<uint8_t>(ch - '0'));
    EXPECT_TRUE(holds(np::check_variant(jig, five)));
    jig.constraints[0].cells[0] = {rc(1, 4, 5), rc(2, 4, 5), rc(3, 3, 5)};
    EXPECT_TRUE(says(np::check_variant(jig, five), {"region sum line (r1c4 r2c4 r3c3)", "sums to 1, not 3"}));
}

TEST(VariantCheck, EntropicLine) {
    // 9 1 4 8: high low middle high.
    EXPECT_TRUE(holds(check9({make(Kind::entropic_line, {{rc(1, 7), rc(1, 8), rc(2, 8), rc(2, 9)}})})));
    EXPECT_TRUE(says(check9({make(Kind::entropic_line, {{rc(1, 1), rc(1, 2), rc(1, 3)}})}),
                     {"entropic line (r1c1 r1c2 r1c3): r1c1 (5) and r1c3 (4) are in one third"}));
    // 6x6: thirds are 1-2, 3-4, 5-6. Row 1 reads 2 5 6 4 1 3.
    const np::Grid six = grid_of(kPlain6);
    EXPECT_TRUE(holds(np::check_variant(
        puzzle_for(six, {make(Kind::entropic_line, {{rc(1, 3, 6), rc(1, 4, 6), rc(1, 5, 6)}})}), six)));
    EXPECT_TRUE(says(
        np::check_variant(puzzle_for(six, {make(Kind::entropic_line, {{rc(1, 2, 6), rc(1, 3, 6), rc(1, 4, 6)}})}), six),
        {"entropic line"}));
}

TEST(VariantCheck, Clone) {
    EXPECT_TRUE(holds(check9({make(Kind::clone, {{rc(1, 1), rc(1, 2)}, {rc(2, 6), rc(2, 7)}})})));
    EXPECT_TRUE(says(check9({make(Kind::clone, {{rc(1, 1), rc(1, 2)}, {rc(2, 7), rc(2, 8)}})}),
                     {"clone (r1c1 r1c2 | r2c7 r2c8): r1c1 (5) and its clone r2c7 (3) differ"}));
}

// ---- outside clues ----------------------------------------------------------------

TEST(VariantCheck, LittleKiller) {
    std::vector<int> main;
    for (int i = 1; i <= 9; ++i) main.push_back(rc(i, i));
    EXPECT_TRUE(holds(check9({make(Kind::little_killer, {main}, {50}, Clue{-1, -1})})));
    // From below, up and to the right: r9c5 r8c6 r7c7 r6c8 r5c9.
    const std::vector<int> up = {rc(9, 5), rc(8, 6), rc(7, 7), rc(6, 8), rc(5, 9)};
    EXPECT_TRUE(holds(check9({make(Kind::little_killer, {up}, {25}, Clue{9, 3})})));
    EXPECT_TRUE(says(check9({make(Kind::little_killer, {up}, {24}, Clue{9, 3})}),
                     {"little killer (r9c5 r8c6 r7c7 r6c8 r5c9): sum is 25, not 24"}));
}

std::vector<int> row_cells(int row, bool from_left) {
    std::vector<int> cells;
    for (int c = 1; c <= 9; ++c) cells.push_back(rc(row, from_left ? c : 10 - c));
    return cells;
}

TEST(VariantCheck, Sandwich) {
    // Row 4 reads 8 5 9 7 6 1 4 2 3: 7 + 6 between the 9 and the 1, from either side.
    EXPECT_TRUE(holds(check9({make(Kind::sandwich, {row_cells(4, true)}, {13}, Clue{3, -1})})));
    EXPECT_TRUE(holds(check9({make(Kind::sandwich, {row_cells(4, false)}, {13}, Clue{3, 9})})));
    // Row 1 has its 9 and 1 side by side: the sum is 0.
    EXPECT_TRUE(holds(check9({make(Kind::sandwich, {row_cells(1, true)}, {0}, Clue{0, -1})})));
    std::vector<int> column;
    for (int r = 1; r <= 9; ++r) column.push_back(rc(r, 1));  // 5 6 1 8 4 7 9 2 3
    EXPECT_TRUE(holds(check9({make(Kind::sandwich, {column}, {19}, Clue{-1, 0})})));
    EXPECT_TRUE(says(check9({make(Kind::sandwich, {row_cells(4, true)}, {12}, Clue{3, -1})}),
                     {"sandwich (r4c1", "the digits between 1 and 9 sum to 13, not 12"}));
}

TEST(VariantCheck, XSum) {
    // Row 4 from the left: X = 8, the first 8 sum to 42; from the right: X = 3, 3 + 2 + 4.
    EXPECT_TRUE(holds(check9({make(Kind::x_sum, {row_cells(4, true)}, {42}, Clue{3, -1})})));
    EXPECT_TRUE(holds(check9({make(Kind::x_sum, {row_cells(4, false)}, {9}, Clue{3, 9})})));
    EXPECT_TRUE(says(check9({make(Kind::x_sum, {row_cells(4, false)}, {10}, Clue{3, 9})}),
                     {"X-sum (r4c9 r4c8", "the first 3 digits sum to 9, not 10"}));
}

TEST(VariantCheck, Skyscraper) {
    // Row 4 from the left sees 8, 9; from the right 3, 4, 6, 7, 9.
    EXPECT_TRUE(holds(check9({make(Kind::skyscraper, {row_cells(4, true)}, {2}, Clue{3, -1})})));
    EXPECT_TRUE(holds(check9({make(Kind::skyscraper, {row_cells(4, false)}, {5}, Clue{3, 9})})));
    EXPECT_TRUE(says(check9({make(Kind::skyscraper, {row_cells(4, false)}, {4}, Clue{3, 9})}),
                     {"skyscraper (r4c9", "5 skyscrapers are seen, not 4"}));
}

// ---- negative rules ----------------------------------------------------------------

// Every orthogonal pair of the classic grid for which keep(x, y) holds, as
// constraints of the kind with value(x, y).
template <typename Keep, typename Value>
std::vector<np::Constraint> markers(Kind kind, Keep keep, Value value) {
    std::vector<np::Constraint> out;
    for (int a = 0; a < 81; ++a)
        for (int b : {a + 1, a + 9}) {
            if (b >= 81 || (b == a + 1 && a % 9 == 8)) continue;
            const int x = classic().cells[a], y = classic().cells[b];
            if (keep(x, y)) out.push_back(make(kind, {{a, b}}, {value(x, y)}));
        }
    return out;
}

TEST(VariantCheck, NegativeXv) {
    np::Puzzle p = puzzle_for(classic(), markers(
                                             Kind::xv, [](int x, int y) { return x + y == 5 || x + y == 10; },
                                             [](int x, int y) { return x + y; }));
    p.negative = {Kind::xv};
    ASSERT_GT(p.constraints.size(), 3u);
    EXPECT_TRUE(holds(np::check_variant(p, classic())));
    const int a = p.constraints[1].cells[0][0], b = p.constraints[1].cells[0][1];
    p.constraints.erase(p.constraints.begin() + 1);
    const auto name = [](int cell) { return np::cell_label(cell / 9 + 1, cell % 9 + 1); };
    const auto issue = np::check_variant(p, classic());
    EXPECT_TRUE(says(
        issue, {"negative XV rule: " + name(a) + " (", ") and " + name(b) + " (", "carry no XV marker but sum to"}));
    EXPECT_EQ(issue->constraint, -1);
}

TEST(VariantCheck, NegativeDifference) {
    np::Puzzle p = puzzle_for(classic(), markers(
                                             Kind::difference, [](int x, int y) { return std::abs(x - y) == 1; },
                                             [](int, int) { return 1; }));
    p.negative = {Kind::difference};
    EXPECT_TRUE(holds(np::check_variant(p, classic())));
    // A black dot frees a pair from the white dots' negative rule: r1c8 1, r1c9 2.
    for (np::Constraint& c : p.constraints)
        if (c.cells[0] == std::vector<int>{rc(1, 8), rc(1, 9)}) c = make(Kind::ratio, {{rc(1, 8), rc(1, 9)}}, {2});
    EXPECT_TRUE(holds(np::check_variant(p, classic())));
    p.constraints.erase(p.constraints.begin());  // the first dot: r1c1 5 over r2c1 6
    EXPECT_TRUE(says(np::check_variant(p, classic()),
                     {"negative difference dot rule: r1c1 (5) and r2c1 (6) carry no Kropki dot but differ by 1"}));
}

TEST(VariantCheck, NegativeRatio) {
    np::Puzzle p = puzzle_for(
        classic(), markers(
                       Kind::ratio, [](int x, int y) { return x == 2 * y || y == 2 * x; }, [](int, int) { return 2; }));
    p.negative = {Kind::ratio};
    EXPECT_TRUE(holds(np::check_variant(p, classic())));
    p.constraints.pop_back();
    EXPECT_TRUE(says(np::check_variant(p, classic()), {"negative ratio dot rule", "are in ratio 1:2"}));
    // Without the negative rule, unmarked pairs are free.
    p.negative.clear();
    EXPECT_TRUE(holds(np::check_variant(p, classic())));
}

// ---- describe_constraint -------------------------------------------------------------

TEST(VariantDescribe, NamesKindAndCells) {
    const np::Puzzle p = puzzle_for(classic(), {make(Kind::killer_cage, {{0, 1, 9}}, {10}), global(Kind::anti_knight),
                                                make(Kind::arrow, {{rc(1, 7)}, {rc(1, 8), rc(2, 9)}})});
    EXPECT_EQ(np::describe_constraint(p, 0), "killer cage (r1c1 r1c2 r2c1)");
    EXPECT_EQ(np::describe_constraint(p, 1), "anti-knight");
    EXPECT_EQ(np::describe_constraint(p, 2), "arrow (r1c7 | r1c8 r2c9)");
    EXPECT_EQ(np::describe_constraint(p, 3), "constraint 3");
    EXPECT_EQ(np::describe_constraint(p, -1), "constraint -1");
}

TEST(VariantDescribe, LongGroupsAreCut) {
    std::vector<int> many;
    for (int i = 0; i < 81; ++i) many.push_back(i);
    const np::Puzzle p = puzzle_for(classic(), {make(Kind::extra_region, {many})});
    const std::string text = np::describe_constraint(p, 0);
    EXPECT_NE(text.find("r4c3 and 51 more)"), std::string::npos) << text;
    EXPECT_LT(text.size(), 250u);
}

}  // namespace
