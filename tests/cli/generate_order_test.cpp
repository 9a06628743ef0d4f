// numplace generate --rating / --technique (issue 28): puzzles made to
// order. Each result is checked here by other means than the run that made
// it: uniqueness by another complete search (sat), the band against the
// row's own figures and a separate `numplace rate`, the technique against a
// separate `numplace explain`; the sequence is reproducible; a rater whose
// steps are unsound stops the run; bad flags are usage errors.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::run_cli;

std::vector<json> rows_of(const std::string& text) {
    std::vector<json> rows;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) rows.push_back(json::parse(line));
    return rows;
}

std::vector<std::string> made(const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--rater", "logic",
                                     "--rater-option", "profile=se", "-j", "2"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// sat, not the oracle the run used, counts each puzzle's solutions.
void expect_unique_by_sat(const std::string& puzzle) {
    const auto count = run_cli({"solve", "--plugin", "sat", "--limit", "2", "--format", "json", puzzle});
    ASSERT_EQ(count.exit_code, 0) << count.err;
    EXPECT_EQ(json::parse(count.out)["verdict"], "unique") << puzzle;
}

TEST(GenerateOrder, EveryPuzzleIsInTheBandAndUniqueAndTheSequenceIsReproducible) {
    const auto run = run_cli(made({"--rating", "6.0..8.0", "--seed", "7", "--count", "4", "--format", "json"}));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const auto rows = rows_of(run.out);
    ASSERT_EQ(rows.size(), 4u) << run.out;
    std::string puzzles;
    uint64_t last_candidate = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const json& r = rows[i];
        EXPECT_EQ(r["index"], i);
        EXPECT_GE(r["er"].get<double>(), 6.0 - 1e-9);
        EXPECT_LE(r["er"].get<double>(), 8.0 + 1e-9);
        EXPECT_EQ(r["proved_by"], "exhaustive-count");
        if (i > 0) {
            EXPECT_GT(r["candidate"].get<uint64_t>(), last_candidate);  // in the generator's order
        }
        last_candidate = r["candidate"];
        expect_unique_by_sat(r["grid"]);
        puzzles += r["grid"].get<std::string>() + "\n";
    }
    EXPECT_NE(run.err.find("4 of 4 puzzles with ER 6.0..8.0 from "), std::string::npos) << run.err;

    // numplace rate, a run of its own, gives each the same ER.
    const auto rated = run_cli({"rate", "--plugin", "logic", "--option", "profile=se", "--format", "json", "-"}, puzzles);
    ASSERT_EQ(rated.exit_code, 0) << rated.err;
    const auto again = rows_of(rated.out);
    ASSERT_EQ(again.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(again[i]["er"], rows[i]["er"]) << i;

    // The same seed gives the same sequence; --first 2 its tail, one worker or two.
    const auto same = run_cli(made({"--rating", "6.0..8.0", "--seed", "7", "--count", "4", "-j", "1"}));
    const auto tail = run_cli(made({"--rating", "6.0..8.0", "--seed", "7", "--first", "2", "--count", "2"}));
    ASSERT_EQ(same.exit_code, 0) << same.err;
    ASSERT_EQ(tail.exit_code, 0) << tail.err;
    EXPECT_EQ(same.out, puzzles);
    EXPECT_EQ(tail.out, puzzles.substr(puzzles.find('\n', puzzles.find('\n') + 1) + 1));
}

TEST(GenerateOrder, ATechniqueIsOnTheEasiestPathOfEveryPuzzle) {
    const auto run = run_cli(made({"--technique", "X-Wing", "--seed", "3", "--count", "2"}));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::istringstream in(run.out);
    int seen = 0;
    for (std::string puzzle; std::getline(in, puzzle); ++seen) {
        const auto steps =
            run_cli({"explain", "--plugin", "logic", "--option", "profile=se", "--format", "json", puzzle});
        ASSERT_EQ(steps.exit_code, 0) << steps.err;
        const json explained = json::parse(steps.out);
        bool uses = false;
        for (const json& s : explained["steps"]) uses = uses || s["technique"] == "x-wing";
        EXPECT_TRUE(uses) << puzzle;
        expect_unique_by_sat(puzzle);
    }
    EXPECT_EQ(seen, 2);
}

TEST(GenerateOrder, OtherShapes) {
    const auto six = run_cli(made({"--size", "2x3", "--rating", "2.0..4.0", "--seed", "1", "--count", "2"}));
    ASSERT_EQ(six.exit_code, 0) << six.err;
    const auto sixteen = run_cli(made({"--size", "4x4", "--option", "minimal=0", "--option", "clues=120", "--rating",
                                       "2.0..4.0", "--max-nodes", "200000", "--seed", "1", "--count", "1",
                                       "--format", "json"}));
    ASSERT_EQ(sixteen.exit_code, 0) << sixteen.err;
    const auto rows = rows_of(sixteen.out);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0]["size"], "4x4");
    EXPECT_GE(rows[0]["er"].get<double>(), 2.0);
    EXPECT_LE(rows[0]["er"].get<double>(), 4.0);
}

// A band nothing reaches: what was found in the candidates allowed, exit 1.
TEST(GenerateOrder, ARareBandSaysHowManyItFound) {
    const auto run = run_cli(made({"--rating", "11.5..", "--candidates", "32", "--seed", "1", "--count", "2"}));
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find("0 of 2 puzzles with ER 11.5.. from 32 candidates of bitmask-mrv"), std::string::npos)
        << run.err;
}

// A rater whose box-line reduction clears the wrong box: its first unsound
// step stops the run, and nothing it rated is printed after it.
TEST(GenerateOrder, ARaterWithAnUnsoundStepStopsTheRun) {
    const auto run = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--plugin-dir",
                              np::test::fixture_dir() + "/../mutant-plugins", "--rater",
                              "mutant-logic-locked-wrong-box", "--rating", "1.0..9.0", "--seed", "1", "--count", "2"});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_NE(run.err.find("stopped: mutant-logic-locked-wrong-box: step "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("unsound"), std::string::npos) << run.err;
}

TEST(GenerateOrder, BadFlagsAreUsageErrors) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--rating", "7..6"}, "--rating: the band's low end is above its high end"},
        {{"--rating", "seven"}, "--rating: 'seven' is not a rating such as 7.0"},
        {{"--rating", ".."}, "--rating: a band needs at least one end"},
        {{"--technique", "x-wing", "--oracle", "bitmask-mrv"}, "--oracle bitmask-mrv would prove its own puzzles"},
        {{"--technique", "x-wing", "--rater", "sat"}, "--rater: sat does not explain its steps"},
    };
    for (const auto& [extra, message] : cases) {
        std::vector<std::string> args = {"generate", "--plugin", "bitmask-mrv", "--what", "puzzle"};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto run = run_cli(args);
        EXPECT_EQ(run.exit_code, 2) << message;
        EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
        EXPECT_EQ(run.out, "");
    }
    const auto grids = run_cli({"generate", "--plugin", "bitmask-mrv", "--rating", "7.0..8.0"});
    EXPECT_EQ(grids.exit_code, 2);
    EXPECT_NE(grids.err.find("add --what puzzle"), std::string::npos) << grids.err;
}

}  // namespace
