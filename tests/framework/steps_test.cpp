// The candidate state the host keeps for an explained solve (steps.hpp):
// what it starts from, how a placement changes it, and every way a step can
// break it, each refused with its reason and the state left as it was.
#include <gtest/gtest.h>

#include "numplace/steps.hpp"
#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

using np::Candidate;
using np::Step;
using np::StepState;

// 4x4: r1 = 1 . . 4; the empty cells of r1 may hold 2 or 3.
const np::Grid kFour = np::test::parse("1..4.......1..3.");

Step placement(int cell, int value, const char* technique = "naked single") {
    Step s;
    s.technique = technique;
    s.placements = {{cell, value}};
    return s;
}

Step elimination(int cell, int value, const char* technique = "locked candidates (pointing)") {
    Step s;
    s.technique = technique;
    s.eliminations = {{cell, value}};
    return s;
}

TEST(Steps, TheStartingStateIsEveryValueLessThePeersGivens) {
    const StepState state(kFour);
    EXPECT_EQ(state.value(0), 1);
    EXPECT_FALSE(state.has(0, 1)) << "a placed cell has no candidates";
    EXPECT_TRUE(state.has(1, 2));
    EXPECT_TRUE(state.has(1, 3));
    EXPECT_FALSE(state.has(1, 1)) << "1 is given in its row";
    EXPECT_FALSE(state.has(1, 4)) << "4 is given in its row";
}

TEST(Steps, CandidateMasksAreTheStartWhenThePuzzleHasThem) {
    np::Grid marked = kFour;
    marked.candidates.assign(16, 0b11110);
    marked.candidates[1] = 0b00100;  // r1c2: only 2
    const StepState state(marked);
    EXPECT_TRUE(state.has(1, 2));
    EXPECT_FALSE(state.has(1, 3));
}

TEST(Steps, APlacementTakesItsValueFromThePeers) {
    StepState state(kFour);
    ASSERT_TRUE(state.has(4, 3) && state.has(5, 3) && state.has(9, 3));
    ASSERT_EQ(state.apply(placement(1, 3)), "");
    EXPECT_EQ(state.value(1), 3);
    EXPECT_FALSE(state.has(5, 3)) << "same column and box";
    EXPECT_FALSE(state.has(4, 3)) << "same box";
    EXPECT_FALSE(state.has(9, 3)) << "same column";
    EXPECT_TRUE(state.has(2, 2)) << "not a 3: untouched";
    EXPECT_EQ(state.steps(), 1u);
}

TEST(Steps, EachBrokenStepIsRefusedWithItsReasonAndChangesNothing) {
    struct Case {
        Step step;
        std::string reason;
    };
    Step nothing;
    nothing.technique = "nothing";
    const std::vector<Case> cases = {
        {nothing, "the step changes nothing"},
        {placement(0, 2), "it places 2 in r1c1, which is not empty"},
        {placement(1, 1), "it places 1 in r1c2, where it is not a candidate"},
        {elimination(1, 4), "it eliminates 4 from r1c2, which is not a candidate there"},
        {elimination(0, 1), "it eliminates 1 from r1c1, which holds 1"},
    };
    for (const auto& c : cases) {
        StepState state(kFour);
        EXPECT_EQ(state.apply(c.step), c.reason);
        EXPECT_EQ(state.steps(), 0u);
        EXPECT_TRUE(state.has(1, 2) && state.has(1, 3)) << c.reason;
    }
    // Twice the same candidate in one step: the second is no longer there.
    Step twice = elimination(1, 2);
    twice.eliminations.push_back({1, 2});
    StepState state(kFour);
    EXPECT_EQ(state.apply(twice), "it eliminates 2 from r1c2, which is not a candidate there");
    EXPECT_TRUE(state.has(1, 2)) << "the first half was not applied either";
}

TEST(Steps, BadShapesAreNamed) {
    const np::Geometry g{2, 2};
    EXPECT_EQ(np::step_shape_problem(placement(16, 1), g), "a placement: cell 16 is outside the grid");
    EXPECT_EQ(np::step_shape_problem(placement(3, 5), g), "a placement: value 5 at r1c4 is outside 1..4");
    Step unnamed = placement(1, 2);
    unnamed.technique = "";
    EXPECT_EQ(np::step_shape_problem(unnamed, g), "a step without a technique's name");
    Step odd = placement(1, 2, "x\ty");
    EXPECT_EQ(np::step_shape_problem(odd, g), "the technique's name holds a byte outside printable ASCII");
    Step whole = placement(1, 2);
    whole.pattern = {{0, 0}};
    EXPECT_EQ(np::step_shape_problem(whole, g), "") << "value 0 names a whole cell in a pattern";
}

TEST(Steps, TextIsInSolversWords) {
    const np::Geometry g{3, 3};
    Step hidden = placement(3 * 9 + 6, 3, "hidden single");
    hidden.where = "3 in box 6";
    EXPECT_EQ(np::step_text(hidden, g), "r4c7: hidden single 3 in box 6");
    Step wing;
    wing.technique = "x-wing";
    wing.where = "5 in r2,r8 / c3,c6";
    wing.eliminations = {{6 * 9 + 5, 5}, {4 * 9 + 2, 5}, {0, 7}};
    EXPECT_EQ(np::step_text(wing, g), "x-wing 5 in r2,r8 / c3,c6: -5 r5c3, r7c6; -7 r1c1");
}

TEST(Steps, TheWireFormRoundTripsAndRefusesScraps) {
    Step s = placement(5, 3, "hidden single");
    s.where = "3 in box 2";
    s.eliminations = {{7, 1}};
    s.pattern = {{4, 0}, {6, 3}};
    const std::string bytes = np::encode_step(s);
    const auto back = np::decode_step(bytes);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->technique, s.technique);
    EXPECT_EQ(back->where, s.where);
    EXPECT_EQ(back->placements, s.placements);
    EXPECT_EQ(back->eliminations, s.eliminations);
    EXPECT_EQ(back->pattern, s.pattern);
    EXPECT_FALSE(back->assumes_unique);
    EXPECT_FALSE(np::decode_step(bytes.substr(0, bytes.size() - 1)));
    EXPECT_FALSE(np::decode_step(bytes + "x"));
    s.assumes_unique = true;
    const auto flagged = np::decode_step(np::encode_step(s));
    ASSERT_TRUE(flagged);
    EXPECT_TRUE(flagged->assumes_unique);
    std::string unknown = np::encode_step(s);
    unknown[unknown.size() - 9] = 2;  // a flag the wire form does not have (the length's and the chains' 4 bytes follow)
    EXPECT_FALSE(np::decode_step(unknown));
    s.chains = "r2c2=3 -> r2c4<>3\n";
    const auto chained = np::decode_step(np::encode_step(s));
    ASSERT_TRUE(chained);
    EXPECT_EQ(chained->chains, s.chains);
}

// A forcing step's chains (ABI 3.10): facts joined by " -> ", the last token
// free words, every fact's cell one the step names; anything else is
// refused with the line and why, like any malformed field.
TEST(Steps, ChainsAreHeldToTheirFormAndToTheStep) {
    const np::Geometry g{2, 2};
    Step s = elimination(1, 2, "cell forcing chain");  // -2 r1c2
    s.pattern = {{5, 0}, {9, 3}};                     // r2c2 whole, 3 at r3c2
    s.chains = "r2c2=3 -> r3c2<>3 -> r1c2<>2\nr2c2=4 -> r1c2 without candidates\n";
    EXPECT_EQ(np::step_shape_problem(s, g), "");
    const auto with = [&](std::string chains) {
        Step t = s;
        t.chains = std::move(chains);
        return np::step_shape_problem(t, g);
    };
    EXPECT_EQ(with("r2c2=3 -> r4c4=1 -> r1c2<>2"),
              "chain line 1: the fact r4c4=1 is about a cell the step's pattern and effects do not name");
    EXPECT_EQ(with("r2c2=3\nr2c2=4 -> so it goes -> r1c2<>2"), "chain line 2: 'so it goes' is no fact (rRcC=V or rRcC<>V)");
    EXPECT_EQ(with("r2c2=5 -> r1c2<>2"), "chain line 1: the fact r2c2=5 is outside the grid");
    EXPECT_EQ(with("r2c2=3\n\nr2c2=4"), "chain line 2: empty");
    EXPECT_EQ(with("r2c2=3 -> \x1b[2J"), "the step's chains hold a byte outside printable ASCII");
    EXPECT_NE(with(std::string(np::kMaxChainsBytes + 1, 'x')).find("the step's chains longer than"), std::string::npos);
}

// A step that assumes uniqueness is certified like any other, but the
// answer it leads to cannot claim uniqueness; a solution found may stand.
TEST(Steps, AUniqueVerdictCannotRestOnAStepThatAssumedIt) {
    const np::Grid puzzle = np::test::parse("1..4.......1..3.");
    const np::StepSink none;  // the intake keeps a reference to it
    np::StepIntake intake(puzzle, none, 0);
    Step assumed = elimination(1, 3, "unique rectangle type 1");
    assumed.assumes_unique = true;
    ASSERT_TRUE(intake.take(assumed));
    np::SolveOutcome found;
    found.verdict = np::Verdict::found;
    intake.judge(found, "p");
    EXPECT_EQ(found.fault, np::Fault::none) << found.message;
    np::SolveOutcome unique;
    unique.verdict = np::Verdict::unique;
    intake.judge(unique, "p");
    EXPECT_EQ(unique.fault, np::Fault::wrong);
    EXPECT_NE(unique.message.find("its step 1 assumed there is at most one"), std::string::npos) << unique.message;
}


TEST(Steps, EveryBoundOfAStepsShapeIsNamed) {
    const np::Geometry g{2, 2};
    Step wordy = placement(1, 2);
    wordy.where = std::string(np::kMaxWhereBytes + 1, 'w');
    EXPECT_NE(np::step_shape_problem(wordy, g).find("the step's `where` longer than"), std::string::npos);
    Step flood = elimination(1, 2);
    flood.eliminations.assign(16 * 5 + 1, {1, 2});
    EXPECT_EQ(np::step_shape_problem(flood, g), "an elimination: too many entries");
    Step zero = elimination(1, 0);
    EXPECT_EQ(np::step_shape_problem(zero, g), "an elimination: value 0 at r1c2 is outside 1..4")
        << "only a pattern may name a whole cell";
    Step negative = placement(-1, 2);
    EXPECT_EQ(np::step_shape_problem(negative, g), "a placement: cell -1 is outside the grid");
    Step endless = placement(1, 2);
    endless.length = 4 * 4 * 4 + 1;
    EXPECT_EQ(np::step_shape_problem(endless, g), "a chain's length beyond N*N*N");
    Step bad_pattern = placement(1, 2);
    bad_pattern.pattern = {{99, 0}};
    EXPECT_EQ(np::step_shape_problem(bad_pattern, g), "the pattern: cell 99 is outside the grid");
}

TEST(Steps, AnIntakeStopsAtItsFirstFailureAndKeepsIt) {
    const np::StepSink none;
    np::StepIntake intake(kFour, none, 0);
    EXPECT_FALSE(intake.take(placement(0, 2)));  // r1c1 holds 1
    EXPECT_FALSE(intake.take(placement(1, 2))) << "nothing is taken after a failure";
    intake.refuse("a later complaint");
    np::SolveOutcome out;
    out.verdict = np::Verdict::found;
    intake.judge(out, "p");
    EXPECT_EQ(out.fault, np::Fault::wrong);
    EXPECT_NE(out.message.find("step 1 (naked single): it places 2 in r1c1, which is not empty"), std::string::npos)
        << out.message;
    EXPECT_EQ(out.steps, 0u);
}

TEST(Steps, ARefusalFromTheChannelFailsTheAnswer) {
    const np::StepSink none;
    np::StepIntake intake(kFour, none, 0);
    ASSERT_TRUE(intake.take(placement(1, 2)));
    intake.refuse("a step frame that does not decode");
    np::SolveOutcome out;
    out.verdict = np::Verdict::found;
    intake.judge(out, "p");
    EXPECT_EQ(out.fault, np::Fault::wrong);
    EXPECT_NE(out.message.find("step 2: a step frame that does not decode"), std::string::npos) << out.message;
    EXPECT_EQ(out.steps, 1u);
}

TEST(Steps, TheSinkAndTheStepBoundStopAnIntakeWithoutBlame) {
    const np::StepSink enough = [](const Step&) { return false; };
    np::StepIntake told(kFour, enough, 0);
    EXPECT_FALSE(told.take(placement(1, 2)));
    np::SolveOutcome out;
    out.verdict = np::Verdict::found;
    told.judge(out, "p");
    EXPECT_EQ(out.fault, np::Fault::none) << out.message;

    const np::StepSink none;
    np::StepIntake bounded(kFour, none, 1);
    EXPECT_FALSE(bounded.take(placement(1, 2)));
    EXPECT_FALSE(bounded.take(placement(2, 3)));
    np::SolveOutcome after;
    after.verdict = np::Verdict::found;
    bounded.judge(after, "p");
    EXPECT_EQ(after.fault, np::Fault::none) << after.message;
    EXPECT_EQ(after.steps, 1u);
}

TEST(Steps, StepsThatSolveThePuzzleMustAgreeWithTheAnswer) {
    // One empty cell: its step solves the grid.
    const np::Grid puzzle = np::test::parse("123434122143432.");
    const np::StepSink none;
    np::StepIntake intake(puzzle, none, 0);
    ASSERT_TRUE(intake.take(placement(15, 1)));
    np::SolveOutcome other;
    other.verdict = np::Verdict::found;
    other.solutions = {np::test::parse("1234341221434322")};
    intake.judge(other, "p");
    EXPECT_EQ(other.fault, np::Fault::wrong);
    EXPECT_NE(other.message.find("its answer differs from their grid at r4c4"), std::string::npos) << other.message;
    EXPECT_TRUE(other.solutions.empty());
    // A fault already found stands as it is.
    np::SolveOutcome failed;
    failed.fault = np::Fault::failed;
    failed.solutions = other.solutions;
    intake.judge(failed, "p");
    EXPECT_EQ(failed.fault, np::Fault::failed);
}

}  // namespace

// A variant's state (ABI 3.9): a placed digit leaves every cell its rules
// make differ, and only those; grid() carries the rules.
namespace variant_state {

np::Grid with_rules(const np::Grid& grid, std::vector<np::Constraint> constraints) {
    auto p = std::make_shared<np::Puzzle>();
    p->grid = grid;
    p->constraints = std::move(constraints);
    np::Grid g = grid;
    g.variant = p;
    return g;
}

TEST(Steps, AVariantPlacementLeavesItsKnightsMovesAndItsCageButNoOtherCell) {
    const np::Grid empty = np::test::parse(std::string(16, '.'));
    // r1c1 and r1c2 in a cage; anti-knight on the whole grid.
    const np::Grid puzzle = with_rules(empty, {{np::Kind::anti_knight, {}, {}, {}}, {np::Kind::killer_cage, {{0, 1}}, {3}, {}}});
    StepState state(puzzle);
    ASSERT_EQ(state.apply(placement(0, 1)), "");
    EXPECT_FALSE(state.has(1, 1)) << "the cage's other cell";
    EXPECT_FALSE(state.has(9, 1)) << "r3c2, a knight's move from r1c1";
    EXPECT_FALSE(state.has(6, 1)) << "r2c3, a knight's move from r1c1";
    EXPECT_TRUE(state.has(10, 1)) << "r3c3: no rule between it and r1c1";
    EXPECT_EQ(state.grid().variant, puzzle.variant);

    StepState classic(empty);
    ASSERT_EQ(classic.apply(placement(0, 1)), "");
    EXPECT_TRUE(classic.has(9, 1)) << "a classic grid has no knight's moves";
}

TEST(Steps, AJigsawsRegionsAreItsUnits) {
    // Regions: the 4x4 grid's rows paired as two L shapes and two bars.
    np::Grid grid = np::test::parse(std::string(16, '.'));
    auto p = std::make_shared<np::Puzzle>();
    p->grid = grid;
    p->regions = np::RegionLayout::irregular;
    p->region_of = {0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 3, 2, 3, 3, 3};
    grid.variant = p;
    StepState state(grid);
    ASSERT_EQ(state.apply(placement(0, 2)), "");
    EXPECT_FALSE(state.has(4, 2)) << "r2c1: same region (and column)";
    EXPECT_FALSE(state.has(2, 2)) << "r1c3: same row";
    EXPECT_TRUE(state.has(5, 2)) << "r2c2: another region, row and column";
    // Its candidates are drawn without box rules: its regions are no boxes.
    const std::string drawn = np::candidate_grid_text(state);
    EXPECT_EQ(drawn.find("\n\n"), std::string::npos) << drawn;
    EXPECT_EQ(drawn.find('|'), std::string::npos) << drawn;
}

}  // namespace variant_state
