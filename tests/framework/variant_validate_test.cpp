// validate_variant: every malformed form docs/variants.md ("Well formed")
// lists is refused with words naming the constraint, and a puzzle with one
// well-formed constraint of every kind passes.
#include <gtest/gtest.h>

#include "numplace/variant.hpp"
#include "variant_grids.hpp"

namespace {

using namespace variant_test;
using np::Clue;
using np::Kind;

std::vector<int> row_cells(int row) {
    std::vector<int> cells;
    for (int c = 1; c <= 9; ++c) cells.push_back(rc(row, c));
    return cells;
}

// One well-formed constraint of every kind on an empty 9x9 grid.
std::vector<np::Constraint> every_kind() {
    return {
        make(Kind::extra_region, {{rc(1, 1), rc(5, 5), rc(9, 9)}}),
        global(Kind::disjoint_groups),
        global(Kind::diagonal_positive),
        global(Kind::diagonal_negative),
        global(Kind::anti_knight),
        global(Kind::anti_king),
        global(Kind::non_consecutive),
        make(Kind::odd, {{rc(1, 1)}}),
        make(Kind::even, {{rc(1, 2)}}),
        make(Kind::minimum, {{rc(2, 2)}}),
        make(Kind::maximum, {{rc(2, 3)}}),
        make(Kind::thermometer, {{rc(3, 3), rc(4, 4), rc(4, 5)}}),
        make(Kind::arrow, {{rc(5, 1), rc(5, 2)}, {rc(6, 2), rc(7, 3)}, {rc(6, 1)}}),
        make(Kind::killer_cage, {{rc(8, 8), rc(8, 9), rc(9, 8)}}, {6}),
        make(Kind::little_killer, {{rc(1, 3), rc(2, 2), rc(3, 1)}}, {12}, Clue{-1, 3}),
        make(Kind::sandwich, {row_cells(2)}, {35}, Clue{1, -1}),
        make(Kind::x_sum, {row_cells(3)}, {45}, Clue{2, -1}),
        make(Kind::skyscraper, {row_cells(4)}, {9}, Clue{3, -1}),
        make(Kind::xv, {{rc(6, 6), rc(6, 7)}}, {5}),
        make(Kind::difference, {{rc(6, 6), rc(7, 6)}}, {8}),
        make(Kind::ratio, {{rc(7, 7), rc(7, 8)}}, {9}),
        make(Kind::renban, {{rc(1, 4), rc(1, 5), rc(1, 6)}}),
        make(Kind::whispers, {{rc(2, 4), rc(3, 5), rc(2, 6)}}, {5}),
        make(Kind::palindrome, {{rc(4, 7), rc(5, 8), rc(4, 9)}}),
        make(Kind::between_line, {{rc(5, 4), rc(5, 5)}}),
        make(Kind::region_sum_line, {{rc(6, 4)}}),
        make(Kind::entropic_line, {{rc(8, 1), rc(8, 2), rc(9, 3)}}),
        make(Kind::clone, {{rc(8, 4), rc(8, 5)}, {rc(8, 5), rc(8, 6)}}),
        make(Kind::quadruple, {{rc(2, 8), rc(1, 8), rc(1, 7), rc(2, 7)}}, {1, 1, 9}),
        make(Kind::row_indexer, {{rc(9, 1)}}),
        make(Kind::column_indexer, {{rc(9, 2)}}),
        make(Kind::box_indexer, {{rc(7, 1)}}),
    };
}

np::Puzzle empty9(std::vector<np::Constraint> constraints) {
    return puzzle_for(np::Grid(np::Geometry{3, 3}), std::move(constraints));
}

// validate_variant of an empty 9x9 puzzle with just this constraint.
std::optional<np::VariantIssue> one(np::Constraint c) { return np::validate_variant(empty9({std::move(c)})); }

TEST(VariantValidate, OneOfEveryKindIsWellFormed) {
    const auto all = every_kind();
    ASSERT_EQ(static_cast<int>(all.size()), np::kKindCount);
    for (int k = 0; k < np::kKindCount; ++k) EXPECT_EQ(static_cast<int>(all[k].kind), k);
    np::Puzzle p = empty9(all);
    p.negative = {Kind::xv, Kind::difference, Kind::ratio};
    EXPECT_TRUE(holds(np::validate_variant(p)));
    EXPECT_TRUE(holds(np::check_variant_partial(p, p.grid)));  // nothing filled, nothing broken
}

TEST(VariantValidate, CellsOutsideTheGridOrRepeated) {
    EXPECT_TRUE(
        says(one(make(Kind::killer_cage, {{0, 81}})), {"killer cage (r1c1 cell 81)", "cell number 81 is outside"}));
    EXPECT_TRUE(says(one(make(Kind::extra_region, {{-1, 3}})), {"cell number -1 is outside"}));
    EXPECT_TRUE(says(one(make(Kind::renban, {{0, 1, 0}})), {"renban (r1c1 r1c2 r1c1): a group repeats a cell"}));
    const auto issue = np::validate_variant(empty9({make(Kind::odd, {{0}}), make(Kind::clone, {{0, 1}, {1, 1}})}));
    EXPECT_TRUE(says(issue, {"clone", "a group repeats a cell"}));
    EXPECT_EQ(issue->constraint, 1);
}

TEST(VariantValidate, GlobalKindsHaveNoCellsOrValues) {
    EXPECT_TRUE(says(one(make(Kind::anti_knight, {{0}})), {"anti-knight", "1 groups of cells, not 0..0"}));
    EXPECT_TRUE(says(one(make(Kind::diagonal_positive, {}, {3})), {"positive diagonal", "1 values, not 0..0"}));
}

TEST(VariantValidate, GroupCountsAndSizes) {
    EXPECT_TRUE(says(one(make(Kind::odd, {{0, 1}})), {"odd cell (r1c1 r1c2): a group has 2 cells, not 1..1"}));
    EXPECT_TRUE(says(one(make(Kind::odd, {})), {"0 groups of cells"}));
    EXPECT_TRUE(says(one(make(Kind::even, {{0}}, {2})), {"1 values, not 0..0"}));
    EXPECT_TRUE(says(one(make(Kind::killer_cage, {{}})), {"a group has 0 cells, not 1..9"}));
    EXPECT_TRUE(says(one(make(Kind::killer_cage, {{0, 1}, {2}})), {"2 groups of cells, not 1..1"}));
    EXPECT_TRUE(says(one(make(Kind::killer_cage, {{0, 1}}, {3, 4})), {"2 values, not 0..1"}));
    EXPECT_TRUE(says(one(make(Kind::arrow, {{0}})), {"arrow (r1c1): it has 1 groups of cells, not 2..81"}));
    EXPECT_TRUE(says(one(make(Kind::clone, {{0}})), {"1 groups of cells, not 2..2"}));
}

TEST(VariantValidate, CagesAndRegionsOfAtMostNCells) {
    std::vector<int> ten;
    for (int i = 0; i < 10; ++i) ten.push_back(i);
    EXPECT_TRUE(says(one(make(Kind::killer_cage, {ten})), {"a group has 10 cells, not 1..9"}));
    EXPECT_TRUE(says(one(make(Kind::extra_region, {ten})), {"a group has 10 cells, not 1..9"}));
    // A renban line of ten cells, each a king's step from the last.
    std::vector<int> snake = row_cells(1);
    snake.push_back(rc(2, 9));
    EXPECT_TRUE(says(one(make(Kind::renban, {snake})), {"renban", "10 cells, not 1..9"}));
    EXPECT_TRUE(says(one(make(Kind::thermometer, {snake})), {"thermometer", "10 cells, not 2..9"}));
}

TEST(VariantValidate, CageSumsSomeDigitsCanMake) {
    // Two different digits make 3..17; three make 6..24; one makes 1..9.
    EXPECT_TRUE(holds(one(make(Kind::killer_cage, {{0, 1}}, {3}))));
    EXPECT_TRUE(holds(one(make(Kind::killer_cage, {{0, 1}}, {17}))));
    EXPECT_TRUE(
        says(one(make(Kind::killer_cage, {{0, 1}}, {18})), {"killer cage (r1c1 r1c2): the sum 18 is outside 3..17"}));
    EXPECT_TRUE(says(one(make(Kind::killer_cage, {{0, 1}}, {2})), {"the sum 2 is outside 3..17"}));
    EXPECT_TRUE(says(one(make(Kind::killer_cage, {{0, 1, 2}}, {25})), {"outside 6..24"}));
    EXPECT_TRUE(says(one(make(Kind::killer_cage, {{0}}, {0})), {"outside 1..9"}));
}

TEST(VariantValidate, LinesAreKingSteps) {
    EXPECT_TRUE(holds(one(make(Kind::thermometer, {{rc(1, 1), rc(2, 2), rc(3, 1)}}))));
    EXPECT_TRUE(says(one(make(Kind::thermometer, {{rc(1, 1), rc(1, 3)}})),
                     {"thermometer (r1c1 r1c3): r1c1 and r1c3 are not neighbours"}));
    // Cell 9 follows cell 8 in number but sits on the far side of the grid.
    EXPECT_TRUE(
        says(one(make(Kind::whispers, {{rc(1, 8), rc(1, 9), rc(2, 1)}}, {5})), {"r1c9 and r2c1 are not neighbours"}));
    EXPECT_TRUE(says(one(make(Kind::thermometer, {{rc(1, 1)}})), {"a group has 1 cells, not 2..9"}));
    EXPECT_TRUE(says(one(make(Kind::between_line, {{rc(1, 1)}})), {"a group has 1 cells"}));
    for (Kind k : {Kind::renban, Kind::palindrome, Kind::between_line, Kind::region_sum_line, Kind::entropic_line})
        EXPECT_TRUE(says(one(make(k, {{rc(1, 1), rc(3, 3)}})), {"are not neighbours"})) << np::kind_key(k);
    // An arrow's lines are lines; its circle need not be one.
    EXPECT_TRUE(holds(one(make(Kind::arrow, {{rc(1, 1), rc(1, 3)}, {rc(2, 2)}}))));
    EXPECT_TRUE(says(one(make(Kind::arrow, {{rc(1, 1)}, {rc(2, 2), rc(4, 4)}})), {"r2c2 and r4c4 are not neighbours"}));
}

TEST(VariantValidate, DotsAndXvAreOrthogonalPairs) {
    for (Kind k : {Kind::xv, Kind::difference, Kind::ratio}) {
        const int value = k == Kind::xv ? 10 : 2;
        EXPECT_TRUE(holds(one(make(k, {{rc(1, 1), rc(2, 1)}}, {value})))) << np::kind_key(k);
        EXPECT_TRUE(
            says(one(make(k, {{rc(1, 1), rc(2, 2)}}, {value})), {"r1c1 and r2c2 are not orthogonally adjacent"}));
        EXPECT_TRUE(says(one(make(k, {{rc(1, 9), rc(2, 1)}}, {value})), {"are not orthogonally adjacent"}));
        EXPECT_TRUE(says(one(make(k, {{rc(1, 1), rc(1, 2), rc(1, 3)}}, {value})), {"a group has 3 cells, not 2..2"}));
        EXPECT_TRUE(says(one(make(k, {{rc(1, 1), rc(1, 2)}})), {"0 values, not 1..1"}));
    }
}

TEST(VariantValidate, ValuesInRange) {
    const std::vector<int> pair = {rc(1, 1), rc(1, 2)};
    EXPECT_TRUE(says(one(make(Kind::xv, {pair}, {7})), {"XV (r1c1 r1c2): the value 7 is neither 5 (V) nor 10 (X)"}));
    EXPECT_TRUE(says(one(make(Kind::difference, {pair}, {0})), {"the difference 0 is outside 1..8"}));
    EXPECT_TRUE(says(one(make(Kind::difference, {pair}, {9})), {"the difference 9 is outside 1..8"}));
    EXPECT_TRUE(says(one(make(Kind::ratio, {pair}, {1})), {"the ratio 1 is outside 2..9"}));
    EXPECT_TRUE(says(one(make(Kind::ratio, {pair}, {10})), {"the ratio 10 is outside 2..9"}));
    EXPECT_TRUE(says(one(make(Kind::whispers, {pair}, {0})), {"whispers", "the difference 0 is outside 1..8"}));
    EXPECT_TRUE(says(one(make(Kind::whispers, {pair}, {9})), {"outside 1..8"}));
    EXPECT_TRUE(says(one(make(Kind::whispers, {pair})), {"0 values, not 1..1"}));
}

TEST(VariantValidate, QuadrupleIsATwoByTwoBlock) {
    const std::vector<int> block = {rc(1, 1), rc(1, 2), rc(2, 1), rc(2, 2)};
    EXPECT_TRUE(holds(one(make(Kind::quadruple, {block}, {1, 2, 3, 4}))));
    EXPECT_TRUE(says(one(make(Kind::quadruple, {block})), {"0 values, not 1..4"}));
    EXPECT_TRUE(says(one(make(Kind::quadruple, {block}, {1, 2, 3, 4, 5})), {"5 values, not 1..4"}));
    EXPECT_TRUE(says(one(make(Kind::quadruple, {block}, {0})), {"the digit 0 is outside 1..9"}));
    EXPECT_TRUE(says(one(make(Kind::quadruple, {block}, {10})), {"the digit 10 is outside 1..9"}));
    EXPECT_TRUE(says(one(make(Kind::quadruple, {block}, {4, 4, 4})), {"4 is listed more than twice"}));
    EXPECT_TRUE(says(one(make(Kind::quadruple, {{rc(1, 1), rc(1, 2), rc(2, 1)}}, {1})), {"3 cells, not 4..4"}));
    EXPECT_TRUE(says(one(make(Kind::quadruple, {{rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)}}, {1})),
                     {"its cells are not a 2 x 2 block"}));
    // r1c9 r1c10 would wrap: cells 8, 9, 17, 18 are r1c9 r2c1 r2c9 r3c1.
    EXPECT_TRUE(says(one(make(Kind::quadruple, {{8, 9, 17, 18}}, {1})), {"its cells are not a 2 x 2 block"}));
}

TEST(VariantValidate, CloneHalvesOfEqualLength) {
    EXPECT_TRUE(
        says(one(make(Kind::clone, {{0, 1}, {3}})), {"clone (r1c1 r1c2 | r1c4): its halves have 2 and 1 cells"}));
}

TEST(VariantValidate, OutsideClues) {
    EXPECT_TRUE(says(one(make(Kind::sandwich, {row_cells(2)}, {10})), {"sandwich", "it has no clue position"}));
    EXPECT_TRUE(
        says(one(make(Kind::killer_cage, {{0}}, {}, Clue{-1, 0})), {"a clue position, which only outside clues"}));
    // The row read from the wrong side, part of a row, a clue inside the grid.
    EXPECT_TRUE(
        says(one(make(Kind::sandwich, {row_cells(2)}, {10}, Clue{1, 9})), {"not the whole row or column", "r2c10"}));
    std::vector<int> part = row_cells(2);
    part.pop_back();
    EXPECT_TRUE(says(one(make(Kind::x_sum, {part}, {10}, Clue{1, -1})), {"a group has 8 cells, not 9..9"}));
    EXPECT_TRUE(says(one(make(Kind::skyscraper, {row_cells(2)}, {3}, Clue{1, 0})), {"not the whole row or column"}));
    std::vector<int> column;
    for (int r = 9; r >= 1; --r) column.push_back(rc(r, 4));
    EXPECT_TRUE(holds(one(make(Kind::skyscraper, {column}, {3}, Clue{9, 3}))));
    EXPECT_TRUE(says(one(make(Kind::skyscraper, {column}, {3}, Clue{-1, 3})), {"not the whole row or column"}));
}

TEST(VariantValidate, CluesFarOutsideTheGrid) {
    EXPECT_TRUE(says(one(make(Kind::sandwich, {row_cells(2)}, {10}, Clue{1, -2})),
                     {"sandwich (r2c1", "its clue at row 1, column -2 (0-based) is not one step outside the grid"}));
    EXPECT_TRUE(says(one(make(Kind::little_killer, {{rc(1, 2), rc(2, 1)}}, {10}, Clue{-2147483647 - 1, 2})),
                     {"is not one step outside the grid"}));
    EXPECT_TRUE(says(one(make(Kind::skyscraper, {row_cells(2)}, {3}, Clue{1, 2147483647})), {"not one step outside"}));
}

TEST(VariantValidate, OutsideClueValuesInRange) {
    EXPECT_TRUE(holds(one(make(Kind::sandwich, {row_cells(2)}, {0}, Clue{1, -1}))));
    EXPECT_TRUE(says(one(make(Kind::sandwich, {row_cells(2)}, {36}, Clue{1, -1})), {"the sum 36 is outside 0..35"}));
    EXPECT_TRUE(says(one(make(Kind::sandwich, {row_cells(2)}, {-1}, Clue{1, -1})), {"outside 0..35"}));
    EXPECT_TRUE(says(one(make(Kind::x_sum, {row_cells(2)}, {0}, Clue{1, -1})), {"the sum 0 is outside 1..45"}));
    EXPECT_TRUE(says(one(make(Kind::x_sum, {row_cells(2)}, {46}, Clue{1, -1})), {"outside 1..45"}));
    EXPECT_TRUE(says(one(make(Kind::skyscraper, {row_cells(2)}, {0}, Clue{1, -1})), {"the count 0 is outside 1..9"}));
    EXPECT_TRUE(says(one(make(Kind::skyscraper, {row_cells(2)}, {10}, Clue{1, -1})), {"the count 10 is outside 1..9"}));
}

TEST(VariantValidate, LittleKillerDiagonals) {
    // From above the grid's top-right corner down-left: the long diagonal.
    std::vector<int> anti;
    for (int i = 1; i <= 9; ++i) anti.push_back(rc(i, 10 - i));
    EXPECT_TRUE(holds(one(make(Kind::little_killer, {anti}, {45}, Clue{-1, 9}))));
    EXPECT_TRUE(holds(one(make(Kind::little_killer, {{rc(1, 2), rc(2, 1)}}, {10}, Clue{-1, 2}))));
    // Cut short, not from the clue, a clue inside the grid, a sum no digits make.
    EXPECT_TRUE(says(one(make(Kind::little_killer, {{rc(1, 9), rc(2, 8)}}, {10}, Clue{-1, 9})),
                     {"little killer (r1c9 r2c8): its cells are not the whole diagonal from its clue at r0c10"}));
    EXPECT_TRUE(
        says(one(make(Kind::little_killer, {{rc(1, 2), rc(2, 1)}}, {10}, Clue{-1, 0})), {"not the whole diagonal"}));
    EXPECT_TRUE(
        says(one(make(Kind::little_killer, {{rc(2, 2), rc(3, 3)}}, {10}, Clue{0, 0})), {"not the whole diagonal"}));
    EXPECT_TRUE(says(one(make(Kind::little_killer, {{rc(1, 2), rc(2, 1)}}, {19}, Clue{-1, 2})),
                     {"the sum 19 is outside 2..18"}));
    EXPECT_TRUE(says(one(make(Kind::little_killer, {{rc(1, 2), rc(2, 1)}}, {1}, Clue{-1, 2})), {"outside 2..18"}));
}

TEST(VariantValidate, KindsThatNeedBoxesOrASideOfThree) {
    np::Puzzle p = empty9({global(Kind::disjoint_groups)});
    p.grid.geometry = np::Geometry{1, 9};
    p.regions = np::RegionLayout::none;
    EXPECT_TRUE(says(np::validate_variant(p), {"disjoint groups: it needs the regions to be boxes"}));
    p.constraints = {make(Kind::box_indexer, {{0}})};
    EXPECT_TRUE(says(np::validate_variant(p), {"box indexer (r1c1): it needs the regions to be boxes"}));
    p.constraints = {make(Kind::row_indexer, {{0}}), make(Kind::column_indexer, {{1}})};
    EXPECT_TRUE(holds(np::validate_variant(p)));

    np::Puzzle four = puzzle_for(np::Grid(np::Geometry{2, 2}), {make(Kind::entropic_line, {{0, 1, 2}})});
    EXPECT_TRUE(says(np::validate_variant(four),
                     {"entropic line (r1c1 r1c2 r1c3): an entropic line needs a side divisible by 3, not 4"}));
    np::Puzzle six = puzzle_for(np::Grid(np::Geometry{2, 3}), {make(Kind::entropic_line, {{0, 1, 2}})});
    EXPECT_TRUE(holds(np::validate_variant(six)));
}

TEST(VariantValidate, RegionMaps) {
    np::Puzzle p = puzzle_for(grid_of(kJigsaw5));
    p.regions = np::RegionLayout::irregular;
    for (const std::string& row : kJigsawRegions5)
        for (char ch : row) p.region_of.push_back(static_cast<uint8_t>(ch - '0'));
    EXPECT_TRUE(holds(np::validate_variant(p)));

    np::Puzzle lopsided = p;
    lopsided.region_of[0] = 1;  // region 1 loses a cell, region 2 gains one
    EXPECT_TRUE(says(np::validate_variant(lopsided), {"region 1 has 4 cells, not 5"}));
    np::Puzzle beyond = p;
    beyond.region_of[24] = 5;
    EXPECT_TRUE(says(np::validate_variant(beyond), {"r5c5 is in region 5, not 0..4"}));
    np::Puzzle short_map = p;
    short_map.region_of.pop_back();
    EXPECT_TRUE(says(np::validate_variant(short_map), {"the region map has 24 entries, not 25"}));
    np::Puzzle boxed = p;
    boxed.grid = np::Grid(np::Geometry{3, 3});
    boxed.region_of.assign(81, 0);
    EXPECT_TRUE(says(np::validate_variant(boxed), {"the grid's shape must be 1x9"}));
    np::Puzzle map_with_boxes = puzzle_for(np::Grid(np::Geometry{2, 2}));
    map_with_boxes.region_of.assign(16, 0);
    EXPECT_TRUE(says(np::validate_variant(map_with_boxes), {"a region map is given with box regions"}));
    np::Puzzle none = p;
    none.regions = np::RegionLayout::none;
    EXPECT_TRUE(says(np::validate_variant(none), {"a region map is given with no regions"}));
    none.region_of.clear();
    EXPECT_TRUE(holds(np::validate_variant(none)));
}

TEST(VariantValidate, UnknownLayoutsAndKindsAreNamedNotRead) {
    np::Puzzle layout = empty9({});
    layout.regions = static_cast<np::RegionLayout>(7);
    EXPECT_TRUE(says(np::validate_variant(layout), {"region layout 7 is not one numplace knows"}));
    np::Puzzle negative = empty9({});
    negative.negative = {static_cast<Kind>(200)};
    const auto issue = np::validate_variant(negative);
    EXPECT_TRUE(says(issue, {"the negative rule of kind 200 is not one numplace knows"}));
    EXPECT_EQ(issue->constraint, -1);
}

TEST(VariantValidate, NegativeRules) {
    np::Puzzle p = empty9({});
    p.negative = {Kind::ratio, Kind::xv};
    EXPECT_TRUE(holds(np::validate_variant(p)));
    p.negative = {Kind::killer_cage};
    EXPECT_TRUE(says(np::validate_variant(p), {"the negative rule of killer cage is not one numplace knows"}));
    p.negative = {Kind::non_consecutive};  // read as the difference rule, never listed as itself
    EXPECT_TRUE(says(np::validate_variant(p), {"non-consecutive"}));
    p.negative = {Kind::xv, Kind::xv};
    EXPECT_TRUE(says(np::validate_variant(p), {"the negative rule of XV is listed twice"}));
}

TEST(VariantValidate, TheGridItself) {
    np::Puzzle bad_shape = empty9({});
    bad_shape.grid.geometry = np::Geometry{0, 3};
    EXPECT_TRUE(says(np::validate_variant(bad_shape), {"box shape 0x3"}));
    np::Puzzle short_grid = empty9({});
    short_grid.grid.cells.pop_back();
    EXPECT_TRUE(says(np::validate_variant(short_grid), {"the grid has 80 cells, not 81"}));
    np::Puzzle big = empty9({});
    big.grid.cells[10] = 10;
    EXPECT_TRUE(says(np::validate_variant(big), {"r2c2 holds 10, not a digit 1..9"}));
    np::Puzzle masks = empty9({});
    masks.grid.candidates.assign(80, 0x3FE);
    EXPECT_TRUE(says(np::validate_variant(masks), {"80 candidate masks, not 81"}));
    np::Puzzle kind = empty9({make(static_cast<Kind>(77), {{0}})});
    const auto issue = np::validate_variant(kind);
    EXPECT_TRUE(says(issue, {"constraint 1: kind 77 is not one numplace knows"}));
    EXPECT_EQ(issue->constraint, 0);
}

TEST(VariantValidate, IssuesNameTheConstraintIndex) {
    auto all = every_kind();
    all[12].cells[1] = {rc(6, 2), rc(9, 3)};  // the arrow's line jumps
    const auto issue = np::validate_variant(empty9(all));
    EXPECT_EQ(issue->constraint, 12);
    EXPECT_TRUE(says(issue, {"arrow (r5c1 r5c2 | r6c2 r9c3 | r6c1): r6c2 and r9c3 are not neighbours"}));
}

}  // namespace
