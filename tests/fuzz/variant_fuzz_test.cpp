// numplace fuzz --variants through the CLI, with a fixed seed and number of
// seeds (never a duration): csp and sat pass every variant property on
// puzzles of every kind; a plugin that takes killer cages but ignores their
// sums (tests/fixtures/fixture_killer_no_sums.c) is caught, shrunk and kept
// as a variant entry that verify fails for it and passes for csp and sat.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "corpus/corpus.hpp"
#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

using np::test::run_cli;

struct Scratch {
    std::filesystem::path dir;
    Scratch() {
        char name[] = "/tmp/numplace-fuzzv-XXXXXX";
        dir = mkdtemp(name);
    }
    ~Scratch() { std::filesystem::remove_all(dir); }
    std::string regressions() const { return (dir / "found.yaml").string(); }
};

std::string mutant_dir() { return np::test::fixture_dir() + "/../fixture-variant-mutants"; }

// The number after a kind's key in the "constraints:" line, 0 when absent.
uint64_t drawn(const std::string& out, np::Kind k) {
    const std::string key(np::kind_key(k));
    const auto line = out.find("constraints: ");
    if (line == std::string::npos) return 0;
    const std::string rest = out.substr(line, out.find('\n', line) - line);
    for (const std::string before : {": ", ", "}) {
        const auto at = rest.find(before + key + " ");
        if (at != std::string::npos) return std::stoull(rest.substr(at + before.size() + key.size() + 1));
    }
    return 0;
}

TEST(FuzzVariants, CspAndSatPassEveryPropertyOnEveryKind) {
    const auto run = run_cli({"fuzz", "--variants", "--plugins", "csp,sat", "--seed", "1", "--seeds", "3"});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("nothing found in 60 cases"), std::string::npos) << run.out;
    for (int k = 0; k < np::kKindCount; ++k)
        EXPECT_GT(drawn(run.out, static_cast<np::Kind>(k)), 0u) << np::kind_key(static_cast<np::Kind>(k)) << "\n" << run.out;
    // Every property was exercised, and fuzz's own maps never failed the host's check.
    const std::regex copies("(\\d+) counts compared with another engine's; copies compared: (\\d+) with a given more, "
                            "(\\d+) with a constraint more, (\\d+) under a symmetry, (\\d+) relabelled");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(run.out, m, copies)) << run.out;
    for (std::size_t i = 1; i < m.size(); ++i) EXPECT_GT(std::stoull(m[i].str()), 0u) << m[0];
    EXPECT_EQ(run.out.find("warning"), std::string::npos) << run.out;
    // csp proves: its proofs checked and agreeing with sat's counts, and the
    // lies made from them refused.
    const std::regex proofs("(\\d+) variant proofs checked, each agreeing with another engine's count; (\\d+) false "
                            "claims made from them by mutation, none accepted");
    ASSERT_TRUE(std::regex_search(run.out, m, proofs)) << run.out;
    EXPECT_GE(std::stoull(m[1].str()), 20u) << m[0];
    EXPECT_GE(std::stoull(m[2].str()), 100u) << m[0];
}

TEST(FuzzVariants, APluginThatIgnoresCageSumsIsCaughtShrunkAndKept) {
    const Scratch scratch;
    const std::string found = scratch.regressions();
    const auto run = run_cli({"fuzz", "--variants", "--kinds", "killercage", "--plugin-dir", mutant_dir(), "--plugins",
                              "fixture-killer-no-sums", "--seed", "1", "--seeds", "2", "--regressions", found});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_EQ(run.out.rfind("FAIL fixture-killer-no-sums: ", 0), 0u) << run.out;
    EXPECT_NE(run.out.find("--variants --kinds killercage --seed 1"), std::string::npos) << run.out;
    // The entry re-loads as a variant puzzle, shrunk to a cage or two.
    auto loaded = np::corpus::load({found});
    ASSERT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].text());
    ASSERT_EQ(loaded.corpus.puzzles.size(), 1u);
    const np::Grid& g = std::get<np::Grid>(loaded.corpus.puzzles[0].puzzle);
    ASSERT_TRUE(g.is_variant());
    EXPECT_LE(g.variant->constraints.size(), 2u);
    EXPECT_EQ(run_cli({"corpus", "lint", found}).exit_code, 0);
    // verify fails the mutant on it; the engines that read the sums pass.
    const auto verify_mutant = run_cli({"verify", found, "--no-generator-sweep", "--plugin-dir", mutant_dir(),
                                        "--plugins", "fixture-killer-no-sums"});
    EXPECT_EQ(verify_mutant.exit_code, 1) << verify_mutant.out << verify_mutant.err;
    const auto verify_engines = run_cli({"verify", found, "--no-generator-sweep", "--plugins", "csp,sat"});
    EXPECT_EQ(verify_engines.exit_code, 0) << verify_engines.out << verify_engines.err;
}

// The step property (variant_properties.hpp, "explain"): csp-logic's
// explanations pass it on every kind; a plugin that keeps a thermometer's
// bulb at its lowest candidate (tests/fixtures/fixture_variant_steps.cpp) is
// caught by sat, shrunk to that thermometer alone, and kept.
TEST(FuzzVariants, CspLogicsExplanationsPassAndALyingThermometerStepIsCaughtAndShrunk) {
    const auto clean = run_cli({"fuzz", "--variants", "--plugins", "csp-logic", "--seed", "1", "--seeds", "3"});
    EXPECT_EQ(clean.exit_code, 0) << clean.out << clean.err;
    const std::regex explained("(\\d+) explanations \\((\\d+) steps\\) checked by the step checker: (\\d+) forcing puzzles");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(clean.out, m, explained)) << clean.out;
    EXPECT_GE(std::stoull(m[1].str()), 10u) << m[0];
    EXPECT_GE(std::stoull(m[3].str()), 50u) << m[0];

    const Scratch scratch;
    const std::string found = scratch.regressions();
    const auto run = run_cli({"fuzz", "--variants", "--plugin-dir", np::test::fixture_dir() + "/../fixture-variant-steps",
                              "--plugins", "fixture-lie-thermometer", "--seed", "0", "--seeds", "1", "--regressions", found});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_EQ(run.out.rfind("FAIL fixture-lie-thermometer: step: step 1 (thermometer: ", 0), 0u) << run.out;
    EXPECT_NE(run.out.find("sat finds the solution"), std::string::npos) << run.out;
    auto loaded = np::corpus::load({found});
    ASSERT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].text());
    ASSERT_EQ(loaded.corpus.puzzles.size(), 1u);
    const np::Grid& g = std::get<np::Grid>(loaded.corpus.puzzles[0].puzzle);
    ASSERT_TRUE(g.is_variant());
    EXPECT_EQ(g.variant->constraints.size(), 1u);
}

TEST(FuzzVariants, UsageErrors) {
    const auto unknown = run_cli({"fuzz", "--kinds", "killercage,nosuchkind", "--seeds", "1"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("'nosuchkind'"), std::string::npos) << unknown.err;
    // bitmask-mrv takes no constraint kind: nothing to fuzz.
    const auto none = run_cli({"fuzz", "--variants", "--plugins", "bitmask-mrv", "--seeds", "1"});
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_NE(none.err.find("no plugin under test takes"), std::string::npos) << none.err;
    // Variant puzzles are drawn on 4x4, 6x6 and 9x9 only.
    const auto size = run_cli({"fuzz", "--variants", "--size", "3x4", "--seeds", "1"});
    EXPECT_EQ(size.exit_code, 2);
    EXPECT_NE(size.err.find("--size"), std::string::npos) << size.err;
}

}  // namespace
