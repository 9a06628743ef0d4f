// numplace explain (issue 26): the logic plugin's steps for every bundled
// box shape, each certified before it is printed, ending in the solution
// that exhaustive-count (another plugin: the independent prover) finds;
// the JSON steps; a hint (--until); the candidates after each step
// (--grid); a candidate puzzle; a plugin that cannot explain refused. (A
// lying plugin's step: tests/hostile/steps_test.cpp.)
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::run_cli;

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// A puzzle of this shape with clues to spare, from bitmask-mrv's generator:
// part 1's techniques finish it.
std::string generated(const std::string& shape, int clues) {
    auto run = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--size", shape, "--count", "1",
                        "--seed", "3", "--option", "minimal=0", "--option", "clues=" + std::to_string(clues)});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return lines_of(run.out).at(0);
}

TEST(Explain, EveryBundledShapeEndsInTheSolutionAnotherPluginFinds) {
    const std::vector<std::pair<std::string, int>> shapes = {{"2x2", 8},  {"2x3", 18}, {"3x2", 18},
                                                             {"3x3", 40}, {"3x4", 90}, {"4x3", 90},
                                                             {"4x4", 170}, {"5x5", 420}};
    for (const auto& [shape, clues] : shapes) {
        const std::string puzzle = generated(shape, clues);
        auto truth = run_cli({"solve", "--plugin", "exhaustive-count", "--size", shape, puzzle});
        ASSERT_EQ(truth.exit_code, 0) << truth.err;
        auto run = run_cli({"explain", "--plugin", "logic", "--size", shape, puzzle});
        ASSERT_EQ(run.exit_code, 0) << shape << ": " << run.err;
        const auto lines = lines_of(run.out);
        ASSERT_GE(lines.size(), 3u) << run.out;
        EXPECT_EQ(lines[0].rfind("# arg:", 0), 0u) << lines[0];
        EXPECT_EQ(lines[1].rfind("1. ", 0), 0u) << lines[1];
        // The line before the blank that ends the block: how it ended.
        EXPECT_EQ(lines[lines.size() - 2], "unique: " + lines_of(truth.out).at(0)) << shape;
    }
}

TEST(Explain, JsonStepsAreDataAndReplayOnTheHostsState) {
    const std::string puzzle = generated("3x3", 36);
    auto run = run_cli({"explain", "--plugin", "logic", "--format", "json", puzzle});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json row = json::parse(run.out);
    EXPECT_EQ(row["verdict"], "unique");
    ASSERT_FALSE(row["steps"].empty());
    int placements = 0;
    for (const json& step : row["steps"]) {
        EXPECT_FALSE(step["technique"].get<std::string>().empty());
        EXPECT_FALSE(step["text"].get<std::string>().empty());
        placements += static_cast<int>(step["placements"].size());
        for (const json& p : step["placements"]) {
            const int cell = (p["row"].get<int>() - 1) * 9 + p["column"].get<int>() - 1;
            EXPECT_EQ(row["solution"].get<std::string>()[static_cast<std::size_t>(cell)],
                      static_cast<char>('0' + p["value"].get<int>()));
        }
    }
    EXPECT_EQ(placements, 81 - 36) << "every empty cell placed once";
}

TEST(Explain, UntilStopsAtTheFirstStepOfThatTechnique) {
    const std::string puzzle = generated("3x3", 30);
    auto all = run_cli({"explain", "--plugin", "logic", "--format", "json", puzzle});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    const json steps = json::parse(all.out)["steps"];
    ASSERT_GE(steps.size(), 2u);
    // The hint: the technique of the first step that is not the first's.
    std::size_t first = 1;
    while (first < steps.size() && steps[first]["technique"] == steps[0]["technique"]) ++first;
    ASSERT_LT(first, steps.size()) << "the puzzle needs two techniques";
    const std::string technique = steps[first]["technique"];
    auto hint = run_cli({"explain", "--plugin", "logic", "--until", technique, "--format", "json", puzzle});
    ASSERT_EQ(hint.exit_code, 0) << hint.err;
    const json row = json::parse(hint.out);
    EXPECT_EQ(row["steps"].size(), first + 1) << technique;
    EXPECT_EQ(row["until"], technique);
}

// Issue 45: a forcing step is shown as its chains, one branch a line, each
// its implications in order from the branch's assumption; every elimination
// is listed (no "and 1 more"). An exchange_diabolical puzzle whose se path
// needs a cell forcing chain (docs/rating.md's samples).
TEST(Explain, AForcingStepShowsItsBranchesAsChains) {
    const std::string puzzle = ".1...45.......9..27..23....62.1953....13.62....3742.96....17..58..9.......56...4.";
    auto run = run_cli({"explain", "--plugin", "logic", "--option", "profile=se", "--format", "json", puzzle});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json steps = json::parse(run.out)["steps"];
    std::size_t forcing = 0;
    for (const json& step : steps) {
        const std::string technique = step["technique"];
        if (technique.find("forcing") == std::string::npos) continue;
        ++forcing;
        ASSERT_TRUE(step.contains("chains")) << step.dump();
        EXPECT_EQ(step["where"].get<std::string>().find("more)"), std::string::npos) << step["where"];
        for (const json& line : step["chains"]) {
            const std::string text = line;
            EXPECT_EQ(text.rfind("r", 0), 0u) << "a branch starts from its assumption: " << text;
            EXPECT_NE(text.find(" -> "), std::string::npos) << text;
        }
    }
    EXPECT_GE(forcing, 1u) << "the puzzle's se path has a forcing chain";
    auto text = run_cli({"explain", "--plugin", "logic", "--option", "profile=se", puzzle});
    const auto at = text.out.find("cell forcing chain");
    ASSERT_NE(at, std::string::npos) << text.out;
    const auto next = text.out.find('\n', at) + 1;
    EXPECT_EQ(text.out.substr(next, 6), "     r") << "its chains follow the step's line\n" << text.out.substr(at, 400);
}

TEST(Explain, GridShowsTheCandidatesAfterEachStep) {
    auto run = run_cli({"explain", "--plugin", "logic", "--grid", "--size", "2x2", "1..4.......1..3."});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    // After step 1 a block of 4 rows of 4 cells (4 characters each, placed
    // cells centred), then step 2.
    const auto lines = lines_of(run.out);
    ASSERT_GE(lines.size(), 7u);
    EXPECT_EQ(lines[1].rfind("1. ", 0), 0u);
    EXPECT_NE(lines[2].find('|'), std::string::npos) << lines[2];
}

TEST(Explain, ACandidatePuzzleStartsFromItsMasks) {
    // The 4x4 of the grid test with r1c2 allowed only 3 (its solution's value there).
    std::string line;
    const std::string puzzle = "1..4.......1..3.";
    for (std::size_t i = 0; i < 16; ++i)
        for (int v = 1; v <= 4; ++v) {
            const bool keep = puzzle[i] == '.' ? (i != 1 || v == 3) : puzzle[i] - '0' == v;
            line += keep ? static_cast<char>('0' + v) : '.';
        }
    auto run = run_cli({"explain", "--plugin", "logic", "--size", "2x2", "--format", "json", line});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json row = json::parse(run.out);
    EXPECT_EQ(row["puzzle"], line) << "shown as its candidate line";
    // A cell with one candidate is no given: the steps place it. r1c2's one
    // candidate, 3, is what goes there.
    bool r1c2 = false;
    for (const json& step : row["steps"])
        for (const json& p : step["placements"])
            if (p["row"] == 1 && p["column"] == 2) r1c2 = p["value"] == 3;
    EXPECT_TRUE(r1c2) << run.out;
    auto plain = run_cli({"explain", "--plugin", "logic", "--size", "2x2", "--format", "json", puzzle});
    EXPECT_EQ(json::parse(plain.out)["solution"], row["solution"]);
}

TEST(Explain, APluginThatCannotExplainIsAUsageError) {
    auto run = run_cli({"explain", "--plugin", "bitmask-mrv", "1..4.......1..3."});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("explain"), std::string::npos) << run.err;
}

// The se profile turns the uniqueness techniques on: a unique rectangle is
// marked as assuming one solution, and the answer is a solution found, not
// proved; the default profile solves the same puzzle without it. The
// solution is the one exhaustive-count proves.
TEST(Explain, TheSeProfileMarksUniquenessStepsAndAnswersFound) {
    // exchange_diabolical line 267 (corpus/logic-techniques.yaml).
    const std::string puzzle = ".92...57..1.3.5.8....6.9.....3...1..2...6...7..91.48.....9.2....36...92.....1....";
    auto se = run_cli({"explain", "--plugin", "logic", "--option", "profile=se", puzzle});
    EXPECT_EQ(se.exit_code, 0) << se.err;
    EXPECT_NE(se.out.find("unique rectangle type 1 {5,6} in r4c8,r4c9,r7c8,r7c9: -5 r7c9; -6 r7c9 (assumes one solution)"),
              std::string::npos)
        << se.out;
    auto proved = run_cli({"solve", "--plugin", "exhaustive-count", puzzle});
    ASSERT_EQ(proved.exit_code, 0);
    const std::string solution = proved.out.substr(0, proved.out.find('\n'));
    EXPECT_NE(se.out.find("found: " + solution), std::string::npos) << se.out;
    auto json_run = run_cli({"explain", "--plugin", "logic", "--option", "profile=se", "--format", "json", puzzle});
    const json row = json::parse(json_run.out);
    EXPECT_EQ(row["verdict"], "found");
    EXPECT_NE(row["message"].get<std::string>().find("solved assuming one solution (step "), std::string::npos);
    int assumed = 0;
    for (const json& step : row["steps"]) assumed += step.value("assumes_unique", false) ? 1 : 0;
    EXPECT_GE(assumed, 1);
    auto plain = run_cli({"explain", "--plugin", "logic", puzzle});
    EXPECT_EQ(plain.out.find("assumes one solution"), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("unique: " + solution), std::string::npos) << plain.out;
}

TEST(Explain, AnUnknownProfileIsAUsageError) {
    auto run = run_cli({"explain", "--plugin", "logic", "--option", "profile=sudoku-explainer", "1..4.......1..3."});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("option 'profile'"), std::string::npos) << run.err;
}

}  // namespace
