// Sudoku Explainer's rater as the optional command-line solver `serate`
// (plugins/serate, issue 45): deployed only when the build is configured
// with NUMPLACE_SERATE_SOURCE, so without it every test here says SKIPPED,
// never passed. With it: its answer is a certified solution and SE's ER as
// the counter se_rating, the same ER as SE's own serate command prints; and
// `rate --compare er,plugin:serate` compares on SE's scale (classes,
// differences), leaving a puzzle with two solutions unrated.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::run_cli;

#define NP_REQUIRE_SERATE()                                                                                    \
    do {                                                                                                       \
        if (std::string(NUMPLACE_TEST_SERATE).empty())                                                         \
            GTEST_SKIP() << "serate is not configured: cmake -DNUMPLACE_SERATE_SOURCE=DIR, DIR a clone of "   \
                            "https://github.com/1to9only/SudokuExplainer (plugins/serate/README.md)";         \
    } while (0)

// Three exchange_diabolical puzzles (corpus/exchange-diabolical.yaml).
const std::vector<std::string> kPuzzles = {
    "....8...47.9..453.8.....6.....4..7..3.79.64.5..5..2.....2.....3.385..1.99...3....",
    ".64...3...1...367537......8.4.582......4.1......967.3.4......831378...9...8...75.",
    "...916.5.24.8......16.......35.9...1..1...4..6...8.93.......16......1.43.7.639...",
};
const std::string kSolution0 = "526381974719264538843795612291453786387916425465872391172649853638527149954138267";

std::string puzzle_file(const std::string& name, const std::vector<std::string>& lines) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream out(path);
    for (const std::string& line : lines) out << line << "\n";
    return path;
}

// SE's own command-line rater on one puzzle, from the classes the build
// compiled: "ER/EP/ED" as it prints them.
std::string serate_itself(const std::string& puzzle) {
    std::ifstream yaml(np::test::plugin_dir() + "/serate.solver.yaml");
    const std::string text((std::istreambuf_iterator<char>(yaml)), std::istreambuf_iterator<char>());
    const auto from = text.find("\"{dir}/serate/classes:");
    if (from == std::string::npos) return "no class path in serate.solver.yaml";
    const std::string classpath =
        np::test::plugin_dir() + text.substr(from + 6, text.find('"', from + 1) - from - 6);  // past "{dir}
    // From a folder of its own: SE writes its settings file where it runs.
    const std::string command = "cd '" + ::testing::TempDir() + "' && java -Xmx512m -cp '" + classpath +
                                "' diuf.sudoku.test.serate --format=%r/%p/%d " + puzzle;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) return "popen failed";
    char line[128] = {};
    const bool read = std::fgets(line, sizeof line, pipe) != nullptr;
    ::pclose(pipe);
    std::string out = read ? line : "";
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
}

TEST(Serate, ItsAnswerIsACertifiedSolutionAndSesOwnRating) {
    NP_REQUIRE_SERATE();
    const auto run = run_cli({"solve", "--plugin", "serate", "--format", "json", kPuzzles[0]});
    ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
    const json row = json::parse(run.out);
    EXPECT_EQ(row["verdict"], "found") << run.out;
    EXPECT_EQ(row["solutions"][0], kSolution0);
    ASSERT_TRUE(row["stats"].contains("se_rating")) << run.out;
    const int tenths = row["stats"]["se_rating"].get<int>();
    const std::string itself = serate_itself(kPuzzles[0]);
    char expected[16];
    std::snprintf(expected, sizeof expected, "%d.%d/", tenths / 10, tenths % 10);
    EXPECT_EQ(itself.rfind(expected, 0), 0u) << "serate printed " << itself << ", the plugin said " << tenths;
}

TEST(Serate, CompareWithErIsOnSesScaleAndLeavesANonUniquePuzzleUnrated) {
    NP_REQUIRE_SERATE();
    std::vector<std::string> lines = kPuzzles;
    std::string two = kPuzzles[0];  // givens removed from the end until it has two solutions
    while (two.find_first_of("123456789") != std::string::npos &&
           run_cli({"count", "--limit", "2", two}).out.rfind("2+", 0) != 0)
        two[two.find_last_of("123456789")] = '.';
    lines.push_back(two);
    const std::string file = puzzle_file("serate-compare.txt", lines);
    const auto run = run_cli({"rate", "--plugin", "logic", "--option", "profile=se", "--compare", "er,plugin:serate",
                              "--bootstrap", "20", "-j", "2", file});
    ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
    EXPECT_NE(run.out.find("er vs plugin:serate: 3 puzzles rated by both"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("same class:"), std::string::npos) << "SE's scale: classes apply\n" << run.out;
    EXPECT_NE(run.out.find("1 puzzle unrated by plugin:serate"), std::string::npos) << run.out;
}

}  // namespace
