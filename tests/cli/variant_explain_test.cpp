// Variant puzzles explained (ABI 3.9): csp-logic (plugins/csp-logic) as the
// default explainer of a variant, its steps in setters' words, each one
// certified against the host's variant state and judged by verify's step
// checker with sat as the prover; and the fixtures that lie in one step
// (tests/fixtures/fixture_variant_steps.cpp), which that checker catches.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>

#include "test_support.hpp"

namespace {

using np::test::run_cli;

std::string corpus(const std::string& file) { return np::test::source_dir() + "/../corpus/" + file; }

std::string lies_dir() { return np::test::fixture_dir() + "/../fixture-variant-steps"; }

// A variant csp makes from a seed (the same puzzle every run), as a file of
// one f-puzzles line.
std::string made(const std::string& variant, int seed) {
    const auto run = run_cli({"generate", "--plugin", "csp", "--what", "puzzle", "--option", "variant=" + variant, "--count",
                              "1", "--seed", std::to_string(seed)});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    const std::string path = testing::TempDir() + "variant-" + variant + "-" + std::to_string(seed) + ".json";
    std::ofstream(path) << run.out;
    return path;
}

// variants-killer-4x4 of corpus/variants-basic.yaml as f-puzzles JSON: one
// given and eight cages of two; its one solution 1234341221434321.
const char* kKiller4 =
    R"({"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],)"
    R"("killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R1C3","R2C3"],"value":"4"},)"
    R"({"cells":["R1C4","R2C4"],"value":"6"},{"cells":["R2C1","R3C1"],"value":"5"},{"cells":["R2C2","R3C2"],"value":"5"},)"
    R"({"cells":["R3C3","R3C4"],"value":"7"},{"cells":["R4C1","R4C2"],"value":"7"},{"cells":["R4C3","R4C4"],"value":"3"}]})";

TEST(VariantExplain, AKillerIsExplainedInCageCombinationsByTheDefaultForVariants) {
    for (const std::string mode : {"--in-process", "--timeout=60"}) {  // in process; in a worker
        const auto run = run_cli({"explain", mode, kKiller4});
        EXPECT_EQ(run.exit_code, 0) << mode << run.err;
        EXPECT_NE(run.err.find("with csp-logic, the default"), std::string::npos) << run.err;
        EXPECT_NE(run.out.find("1. cage combinations r1c1 to r1c2: -3 r1c2; -4 r1c2\n"), std::string::npos) << run.out;
        EXPECT_NE(run.out.find("unique: 1234341221434321"), std::string::npos) << mode << run.out;
    }
}

TEST(VariantExplain, EveryStepOfAVariantCorpusExplanationIsEntailed) {
    // --deep: every step and every effect asked of sat, from the state and
    // from the pattern alone.
    const auto run = run_cli({"verify", "--deep", "--plugins", "csp-logic", corpus("variants-basic.yaml")});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("3 rows, 0 failed"), std::string::npos) << run.out;
}

TEST(VariantExplain, ALieAboutAThermometerOrACageIsCaughtBySatNamingTheStep) {
    const struct {
        std::string plugin, puzzle, technique;
    } lies[] = {{"fixture-lie-thermometer", made("thermometer", 1), "step 1 (thermometer: -"},
                {"fixture-lie-cage", made("killer", 1), "step 1 (cage combinations: -"}};
    for (const auto& lie : lies) {
        const auto run = run_cli({"verify", "--deep", "--plugin-dir", lies_dir(), "--plugins", lie.plugin, lie.puzzle});
        EXPECT_EQ(run.exit_code, 1) << lie.plugin << run.out << run.err;
        EXPECT_NE(run.out.find("FAIL " + lie.plugin), std::string::npos) << run.out;
        EXPECT_NE(run.out.find(lie.technique), std::string::npos) << run.out;
        EXPECT_NE(run.out.find("not entailed by"), std::string::npos) << run.out;
        EXPECT_NE(run.out.find("sat finds the solution"), std::string::npos) << run.out;
    }
}

// docs/variants.md: "csp-logic solves N of the M variant corpus entries by
// deduction alone"; every row passes the step checker (sat the prover).
TEST(VariantExplain, SlowTheVariantCorpusShareTheDocsStateIsSolvedWithEveryRowPassing) {
    // --timeout=0: the nets are bounded by counts; under the sanitizers a
    // call may take longer than the default 10 s, never another path.
    const auto run = run_cli({"verify", "--timeout=0", "--plugins", "csp-logic", corpus("variants-basic.yaml"), corpus("variants-published.yaml"),
                              corpus("variants-generated.yaml"), corpus("variants-iss.yaml")});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::regex table("csp-logic +([0-9]+) ");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(run.out, m, table)) << run.out;
    const std::regex rows("\\n([0-9]+) rows, 0 failed");
    std::smatch r;
    ASSERT_TRUE(std::regex_search(run.out, r, rows)) << run.out;
    const std::string docs = np::test::read_file(np::test::source_dir() + "/../docs/variants.md");
    const std::string said = "csp-logic solves " + m[1].str() + " of the " + r[1].str() + " variant corpus entries";
    EXPECT_NE(docs.find(said), std::string::npos) << "docs/variants.md should say: " << said;
}

TEST(VariantExplain, AClassicPuzzleStillGoesToLogic) {
    const auto run = run_cli({"explain", "--in-process", std::string("1...............")});
    EXPECT_NE(run.err.find("with logic, the default"), std::string::npos) << run.err;
}

// Found by `numplace fuzz --variants --seed 28`: a forcing net whose branch
// ended where the quadruple's propagator took 7 from r7c5, a cell outside
// the quadruple that sees both of 7's places in it, and left r7c5 empty. The
// net's pattern named the quadruple's cells but not r7c5, so it was not
// entailed by its pattern; a dead end now names every cell the propagator
// changed.
TEST(VariantExplain, ANetEndingInACellOutsideTheConstraintNamesThatCell) {
    const std::string path = testing::TempDir() + "fuzz-csp-logic-variant-step-seed28.yaml";
    std::ofstream(path) <<
    "- id: fuzz-csp-logic-variant-step-seed28\n"
    "  size: 9\n"
    "  regions:\n"
    "    - AAABBBCCC\n"
    "    - AAABBBCCC\n"
    "    - AAABBBCCC\n"
    "    - DDDEEEFFF\n"
    "    - DDDEEEFFF\n"
    "    - DDDEEEFFF\n"
    "    - GGGHHHIII\n"
    "    - GGGHHHIII\n"
    "    - GGGHHHIII\n"
    "  puzzle: ...38.....2....1........5...62......987....53...7.......36.......1...9.7...1....5\n"
    "  constraints:\n"
    "    - {kind: quadruple, cells: [r8c5, r8c6, r9c5, r9c6], digits: [4, 7, 8]}\n"
    "    - {kind: extraregion, cells: [r2c4, r9c5, r3c8, r9c7, r3c5, r5c7, r7c5, r1c5]}\n"
    "  expect:\n"
    "    verdict: multiple\n"
    "    count_at_least: 20\n"
    "  source: \"numplace fuzz --variants --seed 28: csp-logic breaks step; the expectation is csp's count\"\n"
    "  tags: [regression, fuzz, variant, csp-logic]\n";
    const auto run = run_cli({"verify", "--deep", "--plugins", "csp-logic", "--min-conclusive", "0", path});
    EXPECT_EQ(run.out.find("step:"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("0 failed"), std::string::npos) << run.out;
}

}  // namespace
