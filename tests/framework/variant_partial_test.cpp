// check_variant_partial: a grid with empty cells breaks no rule among its
// filled cells. Rules between two cells are checked where both are filled;
// whole-group rules (sums, runs, counts) only once every cell is; a cage is
// never above its sum. docs/variants.md, "The partial check".
#include <gtest/gtest.h>

#include <tuple>
#include <utility>

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

// An empty 9x9 grid with these (1-based row, column, digit) filled in.
np::Grid with(std::initializer_list<std::tuple<int, int, int>> cells) {
    np::Grid g(np::Geometry{3, 3});
    for (auto [r, c, d] : cells) g.at(r - 1, c - 1) = static_cast<uint8_t>(d);
    return g;
}

std::optional<np::VariantIssue> partial(std::vector<np::Constraint> constraints, const np::Grid& grid) {
    return np::check_variant_partial(puzzle_for(classic(), std::move(constraints)), grid);
}

TEST(VariantPartial, AFullGridIsCheckedLikeTheFullCheck) {
    EXPECT_TRUE(holds(partial({make(Kind::killer_cage, {{rc(1, 1), rc(1, 2)}}, {8})}, classic())));
    EXPECT_TRUE(says(partial({make(Kind::killer_cage, {{rc(1, 1), rc(1, 2)}}, {9})}, classic()), {"sum is 8, not 9"}));
    EXPECT_TRUE(
        says(partial({make(Kind::arrow, {{rc(1, 7)}, {rc(1, 8), rc(1, 9)}})}, classic()), {"line 1 sums to 3"}));
}

TEST(VariantPartial, EmptyCellsAreNotViolations) {
    np::Grid g = classic();
    g.at(4, 4) = 0;
    EXPECT_TRUE(holds(np::check_variant_partial(puzzle_for(classic()), g)));
    EXPECT_TRUE(says(np::check_variant(puzzle_for(classic()), g), {"r5c5 is empty"}));
}

TEST(VariantPartial, RowColumnAndRegionRepeatsAmongFilledCells) {
    EXPECT_TRUE(says(np::check_variant_partial(puzzle_for(classic()), with({{1, 1, 4}, {1, 9, 4}})),
                     {"row 1: r1c1 and r1c9 both hold 4"}));
    EXPECT_TRUE(says(np::check_variant_partial(puzzle_for(classic()), with({{2, 2, 4}, {3, 3, 4}})),
                     {"box 1: r2c2 and r3c3 both hold 4"}));
    EXPECT_TRUE(holds(np::check_variant_partial(puzzle_for(classic()), with({{2, 2, 4}, {4, 4, 4}}))));
}

TEST(VariantPartial, GivensMayNotChangeButMayBeEmpty) {
    np::Puzzle p = puzzle_for(classic());
    p.grid.at(0, 0) = 5;
    EXPECT_TRUE(holds(np::check_variant_partial(p, p.grid)));
    EXPECT_TRUE(holds(np::check_variant_partial(p, with({}))));  // the given left out: nothing is broken yet
    EXPECT_TRUE(says(np::check_variant_partial(p, with({{1, 1, 6}})), {"r1c1 holds 6, but the given there is 5"}));
    p.grid.candidates.assign(81, 0x3FE);
    p.grid.candidates[rc(1, 2)] = 1u << 7;
    EXPECT_TRUE(
        says(np::check_variant_partial(p, with({{1, 2, 3}})), {"r1c2 holds 3, which is not one of its candidates"}));
}

TEST(VariantPartial, GlobalPairRulesWhereBothCellsAreFilled) {
    const np::Grid knight = with({{1, 3, 5}, {2, 5, 5}});
    EXPECT_TRUE(says(partial({global(Kind::anti_knight)}, knight), {"anti-knight: r1c3 and r2c5"}));
    EXPECT_TRUE(holds(partial({global(Kind::anti_knight)}, with({{1, 1, 5}}))));
    EXPECT_TRUE(says(partial({global(Kind::anti_king)}, with({{4, 4, 2}, {5, 5, 3}, {5, 3, 2}})), {"anti-king"}));
    EXPECT_TRUE(says(partial({global(Kind::non_consecutive)}, with({{9, 8, 2}, {9, 9, 3}})),
                     {"non-consecutive: r9c8 (2) and r9c9 (3)"}));
    EXPECT_TRUE(holds(partial({global(Kind::non_consecutive)}, with({{9, 7, 2}, {9, 9, 3}}))));
    EXPECT_TRUE(
        says(partial({global(Kind::diagonal_negative)}, with({{1, 1, 7}, {9, 9, 7}})), {"r1c1 and r9c9 both hold 7"}));
    EXPECT_TRUE(
        says(partial({global(Kind::disjoint_groups)}, with({{1, 1, 7}, {7, 7, 7}})), {"r1c1 and r7c7 both hold 7"}));
}

TEST(VariantPartial, SingleCellRulesOnceTheCellIsFilled) {
    EXPECT_TRUE(holds(partial({make(Kind::even, {{rc(1, 1)}})}, with({}))));
    EXPECT_TRUE(says(partial({make(Kind::even, {{rc(1, 1)}})}, with({{1, 1, 5}})), {"r1c1 (5) is odd"}));
    // A minimum with one neighbour filled is compared with that one only.
    EXPECT_TRUE(holds(partial({make(Kind::minimum, {{rc(5, 5)}})}, with({{5, 5, 3}, {5, 6, 4}}))));
    EXPECT_TRUE(says(partial({make(Kind::minimum, {{rc(5, 5)}})}, with({{5, 5, 3}, {4, 5, 2}})),
                     {"is not below its neighbour r4c5 (2)"}));
    EXPECT_TRUE(says(partial({make(Kind::maximum, {{rc(5, 5)}})}, with({{5, 5, 3}, {6, 5, 4}})),
                     {"is not above its neighbour r6c5 (4)"}));
}

TEST(VariantPartial, IndexersOnceTheCellAndItsTargetAreFilled) {
    // r1c1 = 5 points at r5c1 (row indexer): it must hold 1.
    EXPECT_TRUE(holds(partial({make(Kind::row_indexer, {{rc(1, 1)}})}, with({{1, 1, 5}}))));
    EXPECT_TRUE(holds(partial({make(Kind::row_indexer, {{rc(1, 1)}})}, with({{1, 1, 5}, {5, 1, 1}}))));
    EXPECT_TRUE(says(partial({make(Kind::row_indexer, {{rc(1, 1)}})}, with({{1, 1, 5}, {5, 1, 2}})),
                     {"points at r5c1, which holds 2, not 1"}));
    EXPECT_TRUE(says(partial({make(Kind::column_indexer, {{rc(2, 3)}})}, with({{2, 3, 1}, {2, 1, 2}})),
                     {"points at r2c1, which holds 2, not 3"}));
    EXPECT_TRUE(says(partial({make(Kind::box_indexer, {{rc(5, 5)}})}, with({{5, 5, 9}, {6, 6, 4}})),
                     {"points at r6c6, which holds 4, not 5"}));
}

TEST(VariantPartial, CagesNeverRepeatOrPassTheirSum) {
    const np::Constraint cage = make(Kind::killer_cage, {{rc(1, 1), rc(1, 2), rc(1, 3)}}, {10});
    EXPECT_TRUE(holds(partial({cage}, with({{1, 1, 5}, {1, 2, 3}}))));  // 8 so far, one cell to go
    EXPECT_TRUE(says(partial({cage}, with({{1, 1, 5}, {1, 2, 7}})),
                     {"killer cage (r1c1 r1c2 r1c3): its filled cells sum to 12, more than 10"}));
    EXPECT_TRUE(says(partial({cage}, with({{1, 1, 1}, {1, 2, 2}, {1, 3, 3}})), {"sum is 6, not 10"}));
    const np::Constraint no_sum = make(Kind::killer_cage, {{rc(1, 1), rc(2, 4)}});
    EXPECT_TRUE(says(partial({no_sum}, with({{1, 1, 5}, {2, 4, 5}})), {"r1c1 and r2c4 both hold 5"}));
    EXPECT_TRUE(says(partial({make(Kind::extra_region, {{rc(1, 1), rc(2, 4)}})}, with({{1, 1, 5}, {2, 4, 5}})),
                     {"extra region"}));
}

TEST(VariantPartial, DotsAndXvWhereBothCellsAreFilled) {
    const np::Constraint x = make(Kind::xv, {{rc(1, 1), rc(1, 2)}}, {10});
    EXPECT_TRUE(holds(partial({x}, with({{1, 1, 4}}))));
    EXPECT_TRUE(says(partial({x}, with({{1, 1, 4}, {1, 2, 5}})), {"XV (r1c1 r1c2): sum is 9, not 10"}));
    const np::Constraint white = make(Kind::difference, {{rc(1, 1), rc(1, 2)}}, {1});
    EXPECT_TRUE(says(partial({white}, with({{1, 1, 4}, {1, 2, 6}})), {"difference is 2, not 1"}));
    const np::Constraint black = make(Kind::ratio, {{rc(1, 1), rc(1, 2)}}, {2});
    EXPECT_TRUE(says(partial({black}, with({{1, 1, 4}, {1, 2, 6}})), {"not in ratio 1:2"}));
}

TEST(VariantPartial, NegativeRulesWhereBothCellsAreFilled) {
    np::Puzzle p = puzzle_for(classic(), {make(Kind::xv, {{rc(1, 1), rc(1, 2)}}, {5})});
    p.negative = {Kind::xv};
    EXPECT_TRUE(holds(np::check_variant_partial(p, with({{1, 1, 2}, {1, 2, 3}}))));  // marked
    EXPECT_TRUE(
        says(np::check_variant_partial(p, with({{1, 1, 2}, {2, 1, 3}})), {"negative XV rule: r1c1 (2) and r2c1 (3)"}));
    EXPECT_TRUE(holds(np::check_variant_partial(p, with({{1, 1, 2}, {3, 1, 3}}))));  // not adjacent
}

TEST(VariantPartial, LinePairRulesWhereBothCellsAreFilled) {
    // Thermometer: neighbours along it rise; a gap is not judged.
    const np::Constraint thermo = make(Kind::thermometer, {{rc(1, 1), rc(1, 2), rc(1, 3)}});
    EXPECT_TRUE(holds(partial({thermo}, with({{1, 1, 5}, {1, 3, 6}}))));
    EXPECT_TRUE(says(partial({thermo}, with({{1, 2, 5}, {1, 3, 4}})), {"r1c3 (4) does not rise above r1c2 (5)"}));
    const np::Constraint whisper = make(Kind::whispers, {{rc(1, 1), rc(1, 2), rc(1, 3)}}, {5});
    EXPECT_TRUE(holds(partial({whisper}, with({{1, 1, 5}, {1, 3, 6}}))));
    EXPECT_TRUE(says(partial({whisper}, with({{1, 1, 5}, {1, 2, 8}})), {"differ by less than 5"}));
    const np::Constraint pal = make(Kind::palindrome, {{rc(1, 1), rc(1, 2), rc(2, 3)}});
    EXPECT_TRUE(holds(partial({pal}, with({{1, 1, 5}}))));
    EXPECT_TRUE(says(partial({pal}, with({{1, 1, 5}, {2, 3, 6}})), {"r1c1 (5) and r2c3 (6) differ"}));
    const np::Constraint twin = make(Kind::clone, {{rc(1, 1), rc(1, 2)}, {rc(5, 5), rc(5, 6)}});
    EXPECT_TRUE(holds(partial({twin}, with({{1, 1, 5}, {5, 6, 4}}))));
    EXPECT_TRUE(says(partial({twin}, with({{1, 2, 5}, {5, 6, 4}})), {"r1c2 (5) and its clone r5c6 (4) differ"}));
    // Entropic neighbours up to two apart, once both are filled (three in a
    // row hold three thirds exactly when no two of them share one).
    const np::Constraint entropic = make(Kind::entropic_line, {{rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)}});
    EXPECT_TRUE(holds(partial({entropic}, with({{1, 1, 1}, {1, 4, 2}}))));  // three apart
    EXPECT_TRUE(says(partial({entropic}, with({{1, 1, 1}, {1, 3, 2}})), {"r1c1 (1) and r1c3 (2) are in one third"}));
    const np::Constraint short_line = make(Kind::entropic_line, {{rc(1, 1), rc(1, 2)}});
    EXPECT_TRUE(holds(partial({short_line}, with({{1, 1, 1}, {1, 2, 2}}))));  // no three in a row
}

TEST(VariantPartial, WholeGroupRulesWaitForEveryCell) {
    // Each of these is broken by the filled cells as they stand, but one
    // cell of the constraint is still empty: nothing is said yet.
    const std::vector<std::pair<np::Constraint, np::Grid>> waiting = {
        {make(Kind::arrow, {{rc(1, 1)}, {rc(1, 2), rc(1, 3)}}), with({{1, 1, 2}, {1, 2, 5}})},
        {make(Kind::renban, {{rc(1, 1), rc(1, 2), rc(1, 3)}}), with({{1, 1, 1}, {1, 2, 9}})},
        {make(Kind::between_line, {{rc(1, 1), rc(1, 2), rc(1, 3)}}), with({{1, 1, 1}, {1, 2, 9}})},
        {make(Kind::region_sum_line, {{rc(1, 3), rc(1, 4), rc(1, 5)}}), with({{1, 3, 9}, {1, 4, 1}})},
        {make(Kind::quadruple, {{rc(1, 1), rc(1, 2), rc(2, 1), rc(2, 2)}}, {9}),
         with({{1, 1, 1}, {1, 2, 2}, {2, 1, 3}})},
        {make(Kind::little_killer, {{rc(1, 2), rc(2, 1)}}, {3}, Clue{-1, 2}), with({{1, 2, 1}})},
    };
    for (const auto& [constraint, grid] : waiting) {
        EXPECT_TRUE(holds(partial({constraint}, grid))) << np::kind_key(constraint.kind);
        // Fill the last cell with a digit that still breaks it: now it is said.
        np::Grid full = grid;
        for (const auto& group : constraint.cells)
            for (int cell : group)
                if (full.cells[cell] == 0) full.cells[cell] = cell == rc(1, 5) ? 7 : 8;
        EXPECT_TRUE(says(partial({constraint}, full),
                         {std::string(np::describe_constraint(puzzle_for(classic(), {constraint}), 0))}))
            << np::kind_key(constraint.kind);
    }
}

// A little killer's and a region sum line's sums are held to what their
// empty cells can still add (1 to N each): out of reach, they are broken
// before the last cell is filled.
TEST(VariantPartial, SumsOutOfReachAreSaidBeforeTheLastCell) {
    const np::Constraint killer = make(Kind::little_killer, {{rc(1, 2), rc(2, 1)}}, {3}, Clue{-1, 2});
    EXPECT_TRUE(says(partial({killer}, with({{1, 2, 5}})), {"its filled cells sum to 5, and its 1 empty ones cannot make that 3"}));
    const np::Constraint far = make(Kind::little_killer, {{rc(1, 2), rc(2, 1)}}, {17}, Clue{-1, 2});
    EXPECT_TRUE(says(partial({far}, with({{1, 2, 7}})), {"cannot make that 17"}));
    EXPECT_TRUE(holds(partial({far}, with({{1, 2, 8}}))));
    // r1c2 r1c3 in box 1 (9 and an empty cell: 10 to 18), r1c4 in box 2 (1).
    const np::Constraint line = make(Kind::region_sum_line, {{rc(1, 2), rc(1, 3), rc(1, 4)}});
    EXPECT_TRUE(says(partial({line}, with({{1, 3, 9}, {1, 4, 1}})), {"its segments cannot reach one sum"}));
    EXPECT_FALSE(holds(partial({line}, with({{1, 3, 9}, {1, 4, 5}}))));
    EXPECT_TRUE(holds(partial({line}, with({{1, 3, 2}, {1, 4, 5}}))));
}

TEST(VariantPartial, OutsideCluesWaitForTheWholeRow) {
    std::vector<int> row;
    for (int c = 1; c <= 9; ++c) row.push_back(rc(4, c));
    np::Grid g = classic();
    g.at(3, 8) = 0;  // r4c9 empty
    for (Kind k : {Kind::sandwich, Kind::x_sum, Kind::skyscraper}) {
        const np::Constraint c = make(k, {row}, {1}, Clue{3, -1});  // wrong for the full row
        EXPECT_TRUE(holds(partial({c}, g))) << np::kind_key(k);
        EXPECT_TRUE(says(partial({c}, classic()), {np::describe_constraint(puzzle_for(classic(), {c}), 0)}))
            << np::kind_key(k);
    }
}

TEST(VariantPartial, MalformedPuzzlesAndOtherShapesAreRefused) {
    EXPECT_TRUE(says(partial({make(Kind::xv, {{0, 2}}, {5})}, with({})), {"not orthogonally adjacent"}));
    EXPECT_TRUE(says(partial({}, grid_of(kPlain6)), {"not the puzzle's shape"}));
    EXPECT_TRUE(says(partial({}, with({{3, 3, 12}})), {"r3c3 holds 12, not a digit 1..9"}));
}

}  // namespace
