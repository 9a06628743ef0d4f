// The harness must catch a wrong technique: each logic mutant (tests/mutants/
// logic, built from plugins/logic's own sources with one finder swapped) is
// a mistake a technique's author makes, and `numplace verify` must fail it
// on a puzzle of corpus/logic-techniques.yaml where the broken technique
// fires, naming the step and the check that caught it. The correct plugin
// passes the same entries with --deep: no false alarm. (docs/logic.md,
// "Mistakes the harness catches"; docs/verification.md's table.)
#include <gtest/gtest.h>

#include <set>

#include "test_support.hpp"

namespace {

using np::test::run_cli;

std::string mutant_dir() { return np::test::fixture_dir() + "/../mutant-plugins"; }
std::string corpus() { return np::test::source_dir() + "/../corpus/logic-techniques.yaml"; }

struct Expectation {
    std::string mutant, entry;
    bool deep;                // the default sample of 4 steps misses it: --deep needed
    std::string first_line;  // what verify's first line of stdout starts with
};

// The step a finding names is the first one (in order) that fails; with
// --deep every step is checked, so it is the mutant's first broken step.
// Without --deep a seeded sample is, and the finding may name a later one:
// `deep` is false only where the default run catches it too.
const std::vector<Expectation> kExpected = {
    // A finned x-wing that ignores its fin: here the elimination happens to
    // hold, so only the pattern check sees that the fin could hold the 1.
    {"fin-ignored", "logic-exchange-diabolical-5665", true,
     "FAIL mutant-logic-fin-ignored logic-exchange-diabolical-5665: step: step 29 (finned x-wing 3 in r2,r8 / c2,c3, "
     "fins r8c7: -3 r9c3): not entailed by its pattern (18 entries): with 3 at r9c3 and every cell "},
    // A hidden pair that does not count the third place of its second value.
    {"hidden-pair-miscount", "logic-exchange-diabolical-25015", false,
     "FAIL mutant-logic-hidden-pair-miscount logic-exchange-diabolical-25015: step: step 24 (hidden pair {3,9} in "
     "r1c1,r3c1: -5 r3c1): not entailed by its pattern (18 entries): with 5 at r3c1 and every cell "},
    // Box-line reduction over the wrong box always removes that box's true
    // place for the value: the solver then meets a contradiction and says
    // none, and the finding names the cause, the unsound step (verify looks
    // for one in the steps of a wrong answer).
    {"locked-wrong-box", "logic-top1465-983", false,
     "FAIL mutant-logic-locked-wrong-box logic-top1465-983: step: step 1 (locked candidates (claiming) 6 in row 1 on "
     "box 2: -6 r2c5, r2c6): unsound: it eliminates 6 from r2c6, the solution's value there; the candidates before "
     "it: "},
    // Simple colouring through a weak link (a unit where the value has
    // three places), lucky here: only the pattern check sees it.
    {"colouring-weak-link", "logic-exchange-diabolical-1341", true,
     "FAIL mutant-logic-colouring-weak-link logic-exchange-diabolical-1341: step: step 22 (simple colouring 9 colour "
     "trap r2c1 / r2c9,r3c1: -9 r2c7): not entailed by its pattern (18 entries): with 9 at r2c7 and every cell "},
    // Right steps, short patterns: only the pattern check can see them.
    {"hidden-single-short-pattern", "logic-top1465-983", true,
     "FAIL mutant-logic-hidden-single-short-pattern logic-top1465-983: step: step 3 (r7c4: hidden single 9 in row 7): "
     "not entailed by its pattern (7 entries): without 9 at r7c4 and every cell "},
    {"x-wing-corners", "logic-exchange-diabolical-1633", false,  // the name's shape: every step, no sample
     "FAIL mutant-logic-x-wing-corners logic-exchange-diabolical-1633: step: step 30 (x-wing 1 in c1,c5 / r6,r7: "
     "-1 r6c2, r7c2, r7c3, r7c7): named x-wing, but its pattern and eliminations are not of one value; "},
    {"other-digit-pattern", "logic-top1465-983", false,  // the name's shape: every step, no sample
     "FAIL mutant-logic-other-digit-pattern logic-top1465-983: step: step 1 (locked candidates (pointing) 6 in box 2 "
     "on row 2: -6 r2c2, r2c3): named locked candidates (pointing), but its pattern and eliminations are not of "
     "one value; "},
    // A hidden single among two places: lucky (the first place is right)
    // the pattern check catches it; unlucky, the soundness check.
    {"single-of-two", "logic-exchange-diabolical-25015", true,
     "FAIL mutant-logic-single-of-two logic-exchange-diabolical-25015: step: step 11 (r1c2: hidden single 8 in box 1): "
     "not entailed by its pattern (8 entries): without 8 at r1c2 and every cell "},
    {"single-of-two", "logic-top1465-983", false,
     "FAIL mutant-logic-single-of-two logic-top1465-983: step: step 2 (r2c5: hidden single 6 in box 2): unsound: it "
     "places 6 in r2c5, where the solution has 3; the candidates before it: "},
    // An x-chain through a unit where the value has three places, taken
    // for a strong link: lucky (the eliminations hold), only the pattern
    // check sees it; unlucky, the soundness check.
    {"chain-weak-as-strong", "logic-exchange-diabolical-2573", true,
     "FAIL mutant-logic-chain-weak-as-strong logic-exchange-diabolical-2573: step: step 28 (x-chain 3 "
     "r3c5=r3c6-r7c6=r8c6: -3 r3c6, r7c5, r8c5, r9c5): not entailed by its pattern (18 entries): with 3 at r3c6 and "
     "every cell "},
    {"chain-weak-as-strong", "logic-exchange-diabolical-4486", false,
     "FAIL mutant-logic-chain-weak-as-strong logic-exchange-diabolical-4486: step: step 31 (x-chain 9 "
     "r2c4=r2c5-r4c5=r5c5: -9 r2c5, r4c4, r5c4): unsound: it eliminates 9 from r2c5, the solution's value there; the "
     "candidates before it: "},
    // Eliminations not filtered by the state: the host's own check refuses the step.
    {"unfiltered-eliminations", "logic-top1465-983", false,
     "FAIL mutant-logic-unfiltered-eliminations logic-top1465-983: certificate: mutant-logic-unfiltered-eliminations "
     "gave a wrong answer: step 1 (locked candidates (pointing)): it eliminates 6 from r2c1, which holds 9"},
    // A forcing net that keeps the assumption of a branch cut by its bound:
    // here the guess is right, so only the pattern check sees it.
    {"net-guesses", "logic-top1465-3", true,
     "FAIL mutant-logic-net-guesses logic-top1465-3: step: step 24 (r5c4: forcing net 4 at r5c4 (cut by a bound)): "
     "not entailed by its pattern (96 entries): without 4 at r5c4 and every cell "},
    // ALS-XZ with k cells and k+2 candidates (a cell with three taken for
    // an ALS): lucky (the 3s it clears are not the solution's) the pattern
    // check catches it; unlucky, the soundness check.
    {"als-one-cell-too-many", "logic-top1465-1344", true,
     "FAIL mutant-logic-als-one-cell-too-many logic-top1465-1344: step: step 15 (als-xz A=r1c1,r1c6 {1,3,6,9}, "
     "B=r1c2 {1,3,6}, x=1, z=3: -3 r1c7): not entailed by its pattern (3 entries): with 3 at r1c7 and every cell "},
    {"als-one-cell-too-many", "logic-exchange-diabolical-2573", false,
     "FAIL mutant-logic-als-one-cell-too-many logic-exchange-diabolical-2573: step: step 29 (als-xz A=r1c2,r1c5 "
     "{2,4,5,9}, B=r1c3 {1,4,5}, x=5, z=4: -4 r1c9): unsound: it eliminates 4 from r1c9, the solution's value there; "
     "the candidates before it: "},
    // A uniqueness technique used with the option off and reported as
    // plain logic: right on a puzzle with one solution, but the rectangle's
    // cells alone do not entail it.
    {"uniqueness-unflagged", "logic-exchange-diabolical-267", true,
     "FAIL mutant-logic-uniqueness-unflagged logic-exchange-diabolical-267: step: step 32 (unique rectangle type 1 "
     "{5,6} in r4c8,r4c9,r7c8,r7c9: -5 r7c9; -6 r7c9): not entailed by its pattern (4 entries): with 5 at r7c9 and "
     "every cell "},
};

std::vector<std::string> verify(const std::string& plugin, const std::string& entry, bool deep) {
    std::vector<std::string> args = {"verify", "--plugin-dir", mutant_dir(), "--plugins", plugin, "--ids", entry};
    if (deep) args.push_back("--deep");
    args.push_back(corpus());
    return args;
}

TEST(LogicMutants, EachIsCaughtByTheRightCheck) {
    for (const auto& e : kExpected) {
        const auto run = run_cli(verify("mutant-logic-" + e.mutant, e.entry, e.deep));
        EXPECT_EQ(run.exit_code, 1) << e.mutant << ": " << run.out << run.err;
        EXPECT_EQ(run.out.rfind(e.first_line, 0), 0u) << e.mutant << ":\n" << run.out.substr(0, run.out.find('\n'));
    }
}

// Where --deep is needed, the default sample really misses the step (so
// the flag is what catches it), or catches a later step of the same kind.
TEST(LogicMutants, TheDefaultSampleNeedsDeepWhereSaid) {
    for (const auto& e : kExpected) {
        if (!e.deep) continue;
        const auto run = run_cli(verify("mutant-logic-" + e.mutant, e.entry, false));
        const std::string first = run.out.substr(0, run.out.find('\n'));
        EXPECT_NE(first.rfind(e.first_line, 0), 0u) << e.mutant << " is caught without --deep: " << first;
    }
}

TEST(LogicMutants, TheCorrectPluginPassesTheSameEntriesDeep) {
    std::set<std::string> entries;
    for (const auto& e : kExpected) entries.insert(e.entry);
    std::string ids;
    for (const auto& id : entries) ids += (ids.empty() ? "" : ",") + id;
    const auto run = run_cli({"verify", "--plugins", "logic", "--deep", "--ids", ids, corpus()});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("10 rows, 0 failed"), std::string::npos) << run.out;
}

// The mutants really are broken copies of the shipped plugin: on an entry
// where their technique never fires they answer as logic does.
TEST(LogicMutants, AMutantWhoseTechniqueDoesNotFirePasses) {
    const auto run = run_cli(verify("mutant-logic-x-wing-corners", "logic-top1465-983", true));
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
}

}  // namespace
