// judge::misnamed_step: a step's pattern against the class of the technique
// it is named after (docs/rating.md, "A step's name must fit its
// pattern"). Steps written by hand on a 9x9 grid (cell = row * 9 + column,
// 0-based), each right for its name, then the same step under a name whose
// class it does not fit.
#include <gtest/gtest.h>

#include "rating/rating.hpp"
#include "judge/steps.hpp"
#include "rating/techniques.hpp"
#include "numplace/variant.hpp"

namespace np {
namespace {

const Geometry k9{3, 3};

int at(int row, int col) { return row * 9 + col; }

// 5 placed in r1c1, the only place for 5 in row 1: 5 gone from its other cells.
Step hidden_single() {
    Step s{"hidden single", "5 in row 1", {{at(0, 0), 5}}, {}, {}};
    for (int c = 1; c < 9; ++c) s.pattern.push_back({at(0, c), 5});
    return s;
}

// 7 in box 1 only in row 1: 7 leaves the rest of row 1.
Step pointing() {
    Step s{"locked candidates (pointing)", "7 in box 1 on row 1", {}, {{at(0, 5), 7}, {at(0, 8), 7}}, {}};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) s.pattern.push_back({at(r, c), 7});
    return s;
}

// The cells of an xy-wing: a pivot r1c1 seeing r1c5 and r5c1, in no one unit.
Step xy_wing() {
    return Step{"xy-wing", "", {}, {{at(4, 4), 9}}, {{at(0, 0), 0}, {at(0, 4), 0}, {at(4, 0), 0}}};
}

// 3 in rows 1 and 5 only in columns 1 and 5: 3 leaves the rest of those columns.
Step x_wing() {
    Step s{"x-wing", "3 in r1,r5 / c1,c5", {}, {{at(7, 0), 3}, {at(8, 4), 3}}, {}};
    for (int r : {0, 4})
        for (int c = 0; c < 9; ++c) s.pattern.push_back({at(r, c), 3});
    return s;
}

TEST(MisnamedStep, StepsThatFitTheirNamesPass) {
    EXPECT_EQ(judge::misnamed_step(hidden_single(), k9), "");
    EXPECT_EQ(judge::misnamed_step(pointing(), k9), "");
    EXPECT_EQ(judge::misnamed_step(x_wing(), k9), "");
    EXPECT_EQ(judge::misnamed_step(xy_wing(), k9), "");
    EXPECT_EQ(judge::misnamed_step(Step{"naked single", "", {{at(2, 2), 4}}, {}, {{at(2, 2), 0}}}, k9), "");
    Step house{"full house", "row 1", {{at(0, 8), 9}}, {}, {}};
    for (int c = 0; c < 8; ++c) house.pattern.push_back({at(0, c), 0});
    EXPECT_EQ(judge::misnamed_step(house, k9), "");
    Step triple = xy_wing();
    triple.technique = "naked triple";
    triple.pattern = {{at(0, 0), 0}, {at(0, 4), 0}, {at(0, 7), 0}};
    EXPECT_EQ(judge::misnamed_step(triple, k9), "");
}

TEST(MisnamedStep, AHarderStepUnderAnEasierNameFails) {
    Step s = pointing();
    s.technique = "hidden single";  // places nothing
    EXPECT_EQ(judge::misnamed_step(s, k9),
              "named hidden single, but a single places one value and eliminates nothing");
    s = xy_wing();
    s.technique = "naked triple";  // three cells, no one unit
    EXPECT_EQ(judge::misnamed_step(s, k9), "named naked triple, but its cells lie in no one unit");
    s = xy_wing();
    s.technique = "naked pair";
    EXPECT_EQ(judge::misnamed_step(s, k9), "named naked pair, but its pattern is not 2 whole cells");
    s = x_wing();
    s.technique = "locked candidates (claiming)";  // two rows
    EXPECT_EQ(judge::misnamed_step(s, k9), "named locked candidates (claiming), but its pattern lies in no one unit");
}

TEST(MisnamedStep, ASingleMustReasonFromItsOwnCellOrUnit) {
    Step s = hidden_single();
    s.pattern.push_back({at(4, 4), 5});  // a fact outside row 1
    EXPECT_EQ(judge::misnamed_step(s, k9), "named hidden single, but its pattern and its cell lie in no one unit");
    s = hidden_single();
    s.pattern.push_back({at(0, 3), 6});
    EXPECT_EQ(judge::misnamed_step(s, k9), "named hidden single, but its pattern names values other than the one placed");
    EXPECT_EQ(judge::misnamed_step(Step{"naked single", "", {{at(2, 2), 4}}, {}, {{at(2, 3), 0}}}, k9),
              "named naked single, but its pattern is not its own cell, whole");
}

TEST(MisnamedStep, AFishIsOneValue) {
    Step s = x_wing();
    s.eliminations.push_back({at(7, 0), 4});
    EXPECT_EQ(judge::misnamed_step(s, k9), "named x-wing, but its pattern and eliminations are not of one value");
    s = x_wing();
    s.pattern.push_back({at(2, 2), 0});
    EXPECT_EQ(judge::misnamed_step(s, k9), "named x-wing, but its pattern and eliminations are not of one value");
}

// A doubly linked wing is K whole cells in no one unit (in one unit they
// are a naked subset) and may take several values; an empty rectangle is
// one value.
TEST(MisnamedStep, ADoublyLinkedWingLiesInNoOneUnit) {
    Step wing{"doubly linked wxyz-wing", "", {}, {{at(4, 4), 9}, {at(4, 5), 8}},
              {{at(0, 0), 0}, {at(0, 4), 0}, {at(4, 0), 0}, {at(1, 1), 0}}};
    EXPECT_EQ(judge::misnamed_step(wing, k9), "");
    wing.pattern = {{at(0, 0), 0}, {at(0, 4), 0}, {at(0, 6), 0}, {at(0, 8), 0}};
    EXPECT_EQ(judge::misnamed_step(wing, k9),
              "named doubly linked wxyz-wing, but its cells lie in one unit (a naked subset)");
    wing.pattern.pop_back();
    EXPECT_EQ(judge::misnamed_step(wing, k9), "named doubly linked wxyz-wing, but its pattern is not 4 whole cells");
    Step rectangle = x_wing();
    rectangle.technique = "empty rectangle";
    EXPECT_EQ(judge::misnamed_step(rectangle, k9), "");
    rectangle.eliminations.push_back({at(7, 0), 4});
    EXPECT_EQ(judge::misnamed_step(rectangle, k9), "named empty rectangle, but its pattern and eliminations are not of one value");
}

// Issue 40, finding 3: the vocabulary is closed, and a fish's size is
// parsed strictly (no sign, no leading zero, two digits) and bounded by the
// grid, so no name can buy a rating the table does not give.
TEST(MisnamedStep, TheVocabularyIsClosedAndAFishSizeParsedStrictly) {
    for (const char* name : {"lucky guess", "X-Wing", "size-1073741830 fish", "size-05 fish", "size-+5 fish", "size-5fish",
                             "size- 5 fish", "size-4 fish", "finned finned x-wing", "size-999 fish"}) {
        Step s = x_wing();
        s.technique = name;
        EXPECT_EQ(judge::misnamed_step(s, k9), "'" + std::string(name) + "' is no technique of the vocabulary (docs/rating.md)")
            << name;
    }
    Step s = x_wing();
    s.technique = "size-99 fish";
    EXPECT_EQ(judge::misnamed_step(s, k9), "named size-99 fish, but a 9x9 grid holds fish of at most 4 base lines");
    ASSERT_TRUE(rating::fish_named("finned size-17 fish"));
    EXPECT_EQ(rating::fish_named("finned size-17 fish")->size, 17);
    EXPECT_TRUE(rating::fish_named("finned size-17 fish")->finned);
    for (const rating::TableRow& row : rating::table_rows(rating::Table::se))
        if (row.technique.find("size-K") == std::string::npos) EXPECT_TRUE(rating::known_technique(row.technique)) << row.technique;
}

TEST(MisnamedStep, AFishSpansAsManyBaseLinesAsItsSizeAndEliminatesOutsideThem) {
    Step s = x_wing();
    s.technique = "finned x-wing";
    EXPECT_EQ(judge::misnamed_step(s, k9), "");
    s.technique = "swordfish";
    EXPECT_EQ(judge::misnamed_step(s, k9),
              "named swordfish, but its pattern spans 2 rows and 9 columns, not 3 base lines outside which it eliminates");
    s = x_wing();
    s.eliminations.push_back({at(0, 3), 3});  // in a base line
    EXPECT_EQ(judge::misnamed_step(s, k9),
              "named x-wing, but its pattern spans 2 rows and 9 columns, not 2 base lines outside which it eliminates");
    // A size-5 fish fits a 16x16 grid: 3 in rows 1 to 5.
    const Geometry k16{4, 4};
    Step big{"size-5 fish", "", {}, {{10 * 16, 3}}, {}};
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 16; ++c) big.pattern.push_back({r * 16 + c, 3});
    EXPECT_EQ(judge::misnamed_step(big, k16), "");
    big.technique = "squirmbag";
    EXPECT_EQ(judge::misnamed_step(big, k16), "");
}

TEST(MisnamedStep, WingsChainsAndUniquenessHaveTheirShapes) {
    Step s = xy_wing();
    s.pattern.push_back({at(8, 8), 0});
    EXPECT_EQ(judge::misnamed_step(s, k9), "named xy-wing, but its pattern is not 3 whole cells");
    s = xy_wing();
    s.placements.push_back({at(8, 8), 1});
    EXPECT_EQ(judge::misnamed_step(s, k9), "named xy-wing, but it places a value");
    // A chain's length is at most the candidates its pattern holds (a
    // whole cell counts all N).
    s = x_wing();
    s.technique = "x-chain";
    s.length = 18;
    EXPECT_EQ(judge::misnamed_step(s, k9), "");
    s.length = 19;
    EXPECT_EQ(judge::misnamed_step(s, k9), "named x-chain, but its length 19 is more than the 18 candidates its pattern holds");
    Step net{"nested forcing net", "", {{at(0, 0), 5}}, {{at(1, 1), 3}}, {{at(0, 0), 0}}};
    EXPECT_EQ(judge::misnamed_step(net, k9), "");
    net.length = 10;
    EXPECT_EQ(judge::misnamed_step(net, k9), "named nested forcing net, but its length 10 is more than the 9 candidates its pattern holds");
    Step rectangle{"unique rectangle type 1", "", {}, {{at(4, 5), 2}}, {}};
    for (int cell : {at(3, 4), at(3, 5), at(4, 4), at(4, 5)}) rectangle.pattern.push_back({cell, 0});
    EXPECT_EQ(judge::misnamed_step(rectangle, k9), "");
    rectangle.pattern.back() = {at(3, 6), 0};
    EXPECT_EQ(judge::misnamed_step(rectangle, k9),
              "named unique rectangle type 1, but its pattern is not 4 whole cells in two rows and two columns");
}

// A pattern longer than every unit's cells once (3 N N entries) is more
// than any technique but a chain or a forcing one reads.
TEST(MisnamedStep, APatternIsCappedByWhatItsTechniqueCanRead) {
    Step s = x_wing();
    s.technique = "simple colouring";
    while (s.pattern.size() <= 3 * 81) s.pattern.push_back({at(0, 0), 3});
    EXPECT_EQ(judge::misnamed_step(s, k9), "named simple colouring, but its pattern has 244 entries, more than every unit's cells (243)");
    s.technique = "forcing net";
    EXPECT_EQ(judge::misnamed_step(s, k9), "");
}

// A variant's groups are units for the shape check, and its constraints'
// names are in the vocabulary (whole cells, no placement).
TEST(MisnamedStep, AVariantsGroupsAreUnitsAndItsConstraintsNamesFitWholeCells) {
    auto rules = std::make_shared<Puzzle>();
    rules->grid = Grid(k9);
    rules->constraints = {{Kind::diagonal_negative, {}, {}, {}}, {Kind::killer_cage, {{at(0, 0), at(0, 1)}}, {3}, {}}};
    Grid puzzle(k9);
    puzzle.variant = rules;
    // 5 in r9c9, the only place for 5 on the \ diagonal.
    Step diagonal{"hidden single", "5 in the \\ diagonal", {{at(8, 8), 5}}, {}, {}};
    for (int i = 0; i < 8; ++i) diagonal.pattern.push_back({at(i, i), 5});
    EXPECT_EQ(judge::misnamed_step(diagonal, puzzle), "");
    EXPECT_NE(judge::misnamed_step(diagonal, Grid(k9)), "") << "a classic grid has no diagonal unit";

    const Step cage{"cage combinations", "r1c1 to r1c2", {}, {{at(0, 0), 3}, {at(0, 1), 3}}, {{at(0, 0), 0}, {at(0, 1), 0}}};
    EXPECT_EQ(judge::misnamed_step(cage, puzzle), "");
    Step placing = cage;
    placing.placements = {{at(0, 0), 1}};
    EXPECT_EQ(judge::misnamed_step(placing, puzzle), "named cage combinations, but it places a value");
    Step by_value = cage;
    by_value.pattern = {{at(0, 0), 3}};
    EXPECT_EQ(judge::misnamed_step(by_value, puzzle), "named cage combinations, but its pattern is not the constraint's cells, whole");
}

// SE's direct forms (docs/logic.md) place one value from the places of at
// most k + 1 values: a pointing 1.7 cannot carry a net's whole cells, nor a
// hidden pair read five values.
TEST(MisnamedStep, ADirectFormPlacesOneValueFromFewValuesPlaces) {
    Step direct{"direct pointing", "7 in box 1 on row 1, then in box 2", {{at(1, 4), 7}}, {}, {}};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 6; ++c) direct.pattern.push_back({at(r, c), 7});
    EXPECT_EQ(judge::misnamed_step(direct, k9), "");
    Step whole = direct;
    whole.pattern.push_back({at(5, 5), 0});
    EXPECT_EQ(judge::misnamed_step(whole, k9),
              "named direct pointing, but its pattern is not the places of 2 values or fewer, the placed one among them");
    Step pair = direct;
    pair.technique = "direct hidden pair";
    for (int v : {1, 2, 3}) pair.pattern.push_back({at(0, 0), v});
    EXPECT_EQ(judge::misnamed_step(pair, k9),
              "named direct hidden pair, but its pattern is not the places of 3 values or fewer, the placed one among them");
    Step removes = direct;
    removes.eliminations.push_back({at(0, 8), 7});
    EXPECT_EQ(judge::misnamed_step(removes, k9), "named direct pointing, but it does not place one value alone");
}


}  // namespace
}  // namespace np
