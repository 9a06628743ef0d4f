// Bad input for every plugin, through the CLI: sizes it does not declare,
// contradictory givens, an empty grid with limit 1, an unsolvable puzzle.
// Clear answers, the documented exit codes, no crash, no hang beyond the budget.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "numplace/format.hpp"
#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::run_cli;

std::vector<std::string> solving_plugins() {
    auto run = run_cli({"plugins", "--json"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    std::vector<std::string> names;
    const json listing = json::parse(run.out);  // kept alive for the loop
    for (const auto& p : listing["plugins"]) {
        if (p["kind"] != "library") continue;  // command-line solvers: tests/cli/external_test.cpp
        for (const auto& capability : p["capabilities"])
            if (capability.get<std::string>() == "solve") names.push_back(p["name"].get<std::string>());
    }
    EXPECT_GE(names.size(), 4u);
    return names;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

TEST(PluginBadInput, UndeclaredSizeIsAClearError) {
    for (const auto& name : solving_plugins()) {
        auto run = run_cli({"solve", "--plugin", name, "--size", "5x7", std::string(35 * 35, '.')});
        EXPECT_EQ(run.exit_code, 1) << name;
        EXPECT_EQ(first_line(run.out).rfind("error: ", 0), 0u) << name << ": " << run.out;
        // The row carries the reason; stderr only the one summary line.
        EXPECT_NE(run.out.find("does not support 5x7"), std::string::npos) << name << ": " << run.out;
        EXPECT_EQ(run.err, "numplace: 1 of 1 inputs: 1 failed (first: arg:1)\n") << name;
    }
}

TEST(PluginBadInput, ContradictoryGivensAreInvalid) {
    // Seed 002's board with a second 3 in row 1 (and box 1).
    const std::string dup = "533.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    for (const auto& name : solving_plugins()) {
        auto run = run_cli({"solve", "--plugin", name, "--format", "json", dup});
        EXPECT_EQ(run.exit_code, 1) << name;
        json j = json::parse(run.out);
        EXPECT_EQ(j["verdict"], "invalid") << name;
        EXPECT_EQ(j["error"]["row"], 1) << name;
        EXPECT_EQ(j["error"]["value"], 3) << name;
        EXPECT_EQ(j["input"], "arg:1") << name;
        EXPECT_EQ(run.err, "numplace: 1 of 1 inputs: 1 invalid (first: arg:1)\n") << name;
    }
}

TEST(PluginBadInput, EmptyGridWithLimitOneFindsAGridOrStopsInTime) {
    for (const auto& name : solving_plugins()) {
        auto run = run_cli({"solve", "--plugin", name, "--limit", "1", "--timeout", "10", "--format", "json",
                            std::string(81, '.')});
        EXPECT_EQ(run.exit_code, 0) << name << ": " << run.err;
        json j = json::parse(run.out);
        const std::string verdict = j["verdict"];
        EXPECT_TRUE(verdict == "found" || verdict == "unknown") << name << ": " << verdict;
        if (verdict == "found") {
            np::Grid grid = np::test::parse(j["solutions"][0].get<std::string>());
            EXPECT_TRUE(np::test::solves(np::Grid(np::Geometry{3, 3}), grid)) << name;
        }
    }
}

TEST(PluginBadInput, UnsolvablePuzzleIsNoneOrUnknownNeverASolution) {
    // A unique puzzle plus one clue that differs from its solution without
    // clashing with a given: no solution, and nothing to see at a glance.
    const std::string none = "12345678.........9...............................................................";
    for (const auto& name : solving_plugins()) {
        auto run = run_cli({"solve", "--plugin", name, "--max-nodes", "200000", "--timeout", "10", none});
        EXPECT_EQ(run.exit_code, 0) << name << ": " << run.err;
        EXPECT_TRUE(run.out == "none\n" || run.out == "unknown\n") << name << ": " << run.out;
    }
}

}  // namespace
