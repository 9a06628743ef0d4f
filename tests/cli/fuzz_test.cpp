// numplace fuzz with a fixed seed and a fixed number of seeds (never a
// duration): the bundled plugins pass every property, a lying plugin is
// caught, shrunk to a few givens and written as a corpus entry.
#include <gtest/gtest.h>

#include <filesystem>

#include "corpus.hpp"
#include "test_support.hpp"

namespace {

using np::test::run_cli;

TEST(Fuzz, TheBundledPluginsPassEveryProperty) {
    auto run = run_cli({"fuzz", "--seed", "1", "--seeds", "4"});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("nothing found in 80 cases"), std::string::npos) << run.out;
}

TEST(Fuzz, ALyingPluginIsCaughtShrunkAndKept) {
    char name[] = "/tmp/numplace-fuzz-XXXXXX";
    const std::filesystem::path dir = mkdtemp(name);
    const std::string regressions = (dir / "found.yaml").string();
    auto run = run_cli({"fuzz", "--plugin-dir", np::test::liar_dir(), "--plugins", "fixture-liar", "--seed", "3",
                        "--seeds", "2", "--regressions", regressions});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_EQ(run.out.rfind("FAIL fixture-liar: ", 0), 0u) << run.out;
    EXPECT_NE(run.out.find("find it again: numplace fuzz --plugins fixture-liar --plugin-dir"), std::string::npos);
    EXPECT_NE(run.out.find("--reproduce '"), std::string::npos);
    // Shrunk: at most a handful of givens remain.
    auto loaded = np::corpus::load({regressions});
    ASSERT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].text());
    ASSERT_EQ(loaded.corpus.puzzles.size(), 1u);
    const auto& e = loaded.corpus.puzzles[0];
    EXPECT_LE(std::get<np::Grid>(e.puzzle).given_count(), 3) << e.text;
    // The same seed finds it again.
    auto again = run_cli({"fuzz", "--plugin-dir", np::test::liar_dir(), "--plugins", "fixture-liar", "--seed", "3",
                          "--seeds", "2"});
    EXPECT_EQ(again.out.substr(0, again.out.find('\n')), run.out.substr(0, run.out.find('\n')));
    std::filesystem::remove_all(dir);
}

// A generator is held to verify's properties: here one that removes a clue
// too many (its puzzles have two solutions, by the oracle). The finding is a
// generator entry, and verify, given that file, fails it again.
TEST(Fuzz, AGeneratorIsHeldToVerifysProperties) {
    char name[] = "/tmp/numplace-fuzz-XXXXXX";
    const std::filesystem::path dir = mkdtemp(name);
    const std::string regressions = (dir / "found.yaml").string();
    const std::string mutants = np::test::fixture_dir() + "/../mutant-plugins";
    auto run = run_cli({"fuzz", "--plugin-dir", mutants, "--plugins", "mutant-one-too-many", "--seed", "1", "--seeds",
                        "3", "--regressions", regressions});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_EQ(run.out.rfind("FAIL mutant-one-too-many: generator: puzzles ", 0), 0u) << run.out;
    EXPECT_NE(run.out.find("has more than one solution (exhaustive-count)"), std::string::npos) << run.out;
    auto loaded = np::corpus::load({regressions});
    ASSERT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].text());
    ASSERT_EQ(loaded.corpus.generators.size(), 1u);
    EXPECT_TRUE(loaded.corpus.generators[0].expect.unique);
    auto again = run_cli({"verify", regressions, "--no-generator-sweep", "--plugin-dir", mutants, "--plugins",
                          "mutant-one-too-many"});
    EXPECT_EQ(again.exit_code, 1) << again.out << again.err;
    EXPECT_EQ(again.out.rfind("FAIL mutant-one-too-many fuzz-mutant-one-too-many-generator-seed1: generator:", 0), 0u)
        << again.out;
    std::filesystem::remove_all(dir);
}

TEST(Fuzz, UsageErrors) {
    EXPECT_EQ(run_cli({"fuzz", "--plugins", "no-such", "--seeds", "1"}).exit_code, 2);
    EXPECT_EQ(run_cli({"fuzz", "--oracle", "no-such", "--seeds", "1"}).exit_code, 2);
    EXPECT_EQ(run_cli({"fuzz", "--seconds", "-1"}).exit_code, 2);
    EXPECT_EQ(run_cli({"fuzz", "--shrink-seconds", "x"}).exit_code, 2);
}

}  // namespace
