// judge::misnamed_step: a step's pattern against the class of the technique
// it is named after (docs/rating.md, "A step's name must fit its
// pattern"). Steps written by hand on a 9x9 grid (cell = row * 9 + column,
// 0-based), each right for its name, then the same step under a name whose
// class it does not fit.
#include <gtest/gtest.h>

#include "steps.hpp"

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
    EXPECT_EQ(judge::misnamed_step(xy_wing(), k9), "");  // wings are not checked
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

}  // namespace
}  // namespace np
