// Raters beyond numplace's own (issue 28): a plugin's own rating, reported
// as the counter `rating` of its solve (the qqwing plugin's QQWing level), a
// command-line solver's rating read by its description's `output.rating`
// (qqwing-rate: Debian's qqwing --stats), and rate --compare with
// plugin:NAME raters: rho, a matrix of levels, the puzzles left unrated.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::run_cli;

// Four puzzles QQWing itself rates (qqwing --solve --stats, checked when this
// test was written) simple, easy, intermediate and expert: the first falls to
// naked singles, the second needs hidden singles, the third pairs and
// pointing, the fourth guesses (an exchange_diabolical puzzle, docs/rating.md).
const std::vector<std::string> kByLevel = {
    "2...6..31...97.........8..49.13..42...2....6......9.......8..16.....4......21.3.8",
    "..5...2...3.....1..9.547.6.4.2..........321...5.1......64..1......27.5.....6.3...",
    "6.9......32...16...18.....9...9.3......8........71..2.9......82.3.158.7....3.....",
    "4....31.2..3......2...49.3.1.87.5.....9...2.....1.48.3.6.47...1......3..8.15....4"};
// A full grid: QQWing does not solve it (the plugin answers it itself), so it
// gets no rating.
const std::string kFull = "298465731134972685675138294981356427352741869746829153427583916813694572569217348";

bool plugin_listed(const std::string& name) {
    const auto run = run_cli({"plugins"});
    return run.out.find("\n" + name + " ") != std::string::npos || run.out.rfind(name + " ", 0) == 0;
}

std::string puzzle_file(const std::string& name, const std::vector<std::string>& lines) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream out(path);
    for (const std::string& line : lines) out << line << "\n";
    return path;
}

std::vector<json> json_rows(const std::string& text) {
    std::vector<json> rows;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) rows.push_back(json::parse(line));
    return rows;
}

// The `rating` counter of each answer, -1 where there is none.
std::vector<int> ratings_of(const std::vector<json>& rows) {
    std::vector<int> out;
    for (const json& row : rows) out.push_back(row["stats"].contains("rating") ? row["stats"]["rating"].get<int>() : -1);
    return out;
}

class RateRaters : public ::testing::Test {
protected:
    void SetUp() override {
        if (!plugin_listed("qqwing"))
            GTEST_SKIP() << "the qqwing plugin was not built (install libqqwing-dev and configure again)";
    }
};

TEST_F(RateRaters, QQWingReportsItsLevelAndTheLevelsRiseWithTheTechniques) {
    auto run = run_cli({"solve", "--plugin", "qqwing", "--format", "json", puzzle_file("levels.txt", kByLevel)});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const auto rows = json_rows(run.out);
    ASSERT_EQ(rows.size(), kByLevel.size()) << run.out;
    const std::vector<int> ratings = ratings_of(rows);
    // Singles only, hidden singles, pairs, guesses: each harder than the last.
    EXPECT_EQ(ratings, (std::vector<int>{1, 2, 3, 4})) << run.out;
    EXPECT_EQ(rows[3]["verdict"], "unique");
    EXPECT_GT(rows[3]["stats"]["guesses"].get<int>(), 0);  // expert: QQWing guessed
    EXPECT_EQ(rows[0]["stats"]["guesses"].get<int>(), 0);
    auto full = run_cli({"solve", "--plugin", "qqwing", "--format", "json", kFull});
    ASSERT_EQ(full.exit_code, 0) << full.err;
    EXPECT_EQ(ratings_of(json_rows(full.out)), std::vector<int>{-1}) << full.out;  // unrated: no counter
}

// Debian's qqwing command through qqwing-rate.solver.yaml: the solution line
// is still read among the --stats lines, and the Difficulty line gives the
// same level the library does.
TEST_F(RateRaters, TheQQWingCommandRatesThroughItsDescription) {
    if (!plugin_listed("qqwing-rate")) GTEST_SKIP() << "qqwing-rate not loaded (is Debian's qqwing installed?)";
    const std::string file = puzzle_file("levels-cli.txt", kByLevel);
    auto cli = run_cli({"solve", "--plugin", "qqwing-rate", "--format", "json", file});
    auto library = run_cli({"solve", "--plugin", "qqwing", "--format", "json", file});
    ASSERT_EQ(cli.exit_code, 0) << cli.err << cli.out;
    const auto cli_rows = json_rows(cli.out), library_rows = json_rows(library.out);
    ASSERT_EQ(cli_rows.size(), kByLevel.size()) << cli.out;
    for (std::size_t i = 0; i < cli_rows.size(); ++i) {
        EXPECT_EQ(cli_rows[i]["verdict"], "found") << cli.out;  // it never proves: found, with its solution
        EXPECT_EQ(cli_rows[i]["solutions"][0], library_rows[i]["solutions"][0]) << i;
    }
    EXPECT_EQ(ratings_of(cli_rows), ratings_of(library_rows)) << cli.out;
}

TEST_F(RateRaters, CompareErWithQQWingGivesRhoALevelMatrixAndTheUnrated) {
    std::vector<std::string> lines = kByLevel;
    lines.push_back(kFull);
    const std::string file = puzzle_file("compare-levels.txt", lines);
    const std::vector<std::string> base = {"rate", "--plugin", "logic", "--option", "profile=se", "--compare",
                                           "er,plugin:qqwing", "--bootstrap", "50", "-j", "2"};
    auto text = run_cli([&] { auto a = base; a.push_back(file); return a; }());
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("er vs plugin:qqwing: 4 puzzles rated by both"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("Spearman rho "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("1 puzzle unrated by plugin:qqwing (left out)"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("levels (rows er, columns plugin:qqwing):"), std::string::npos) << text.out;

    auto as_json = run_cli([&] { auto a = base; a.insert(a.end(), {"--format", "json", file}); return a; }());
    ASSERT_EQ(as_json.exit_code, 0) << as_json.err;
    const json pair = json::parse(as_json.out)["pairs"][0];
    EXPECT_EQ(pair["puzzles"], 4);
    EXPECT_EQ(pair["unrated"]["plugin:qqwing"], 1);
    EXPECT_EQ(pair["unrated"]["er"], 0);
    // The harder qqwing's level, the higher numplace's ER on these four.
    EXPECT_GT(pair["spearman"]["rho"].get<double>(), 0.8) << pair.dump();
    const json& levels = pair["levels"];
    EXPECT_EQ(levels["columns"], json({"1", "2", "3", "4"}));
    EXPECT_EQ(levels["rows"][0], "single");
    std::size_t total = 0;
    for (const json& row : levels["counts"])
        for (const json& count : row) total += count.get<std::size_t>();
    EXPECT_EQ(total, 4u);
    EXPECT_EQ(levels["counts"][0][0], 1);  // the singles-only puzzle: class single, level 1
    EXPECT_EQ(levels["counts"][3][3], 1);  // the guessing one: a chain by ER, expert by qqwing
}

// No --plugin is needed when only plugin raters and columns are compared;
// an unknown plugin is a usage error that names it.
TEST_F(RateRaters, PluginRatersNeedNoExplainerAndAnUnknownOneIsNamed) {
    const std::string file = puzzle_file("compare-two.txt", kByLevel);
    auto self = run_cli({"rate", "--compare", "plugin:qqwing/plugin:qqwing", "--bootstrap", "10", file});
    ASSERT_EQ(self.exit_code, 0) << self.err;
    EXPECT_NE(self.out.find("4 puzzles rated by both"), std::string::npos) << self.out;
    EXPECT_NE(self.out.find("Spearman rho 1.000"), std::string::npos) << self.out;  // a rater against itself
    auto unknown = run_cli({"rate", "--compare", "er,plugin:no-such-rater", "--plugin", "logic", file});
    EXPECT_EQ(unknown.exit_code, 2) << unknown.out;
    EXPECT_NE(unknown.err.find("--compare plugin:no-such-rater: unknown plugin"), std::string::npos) << unknown.err;
    EXPECT_EQ(unknown.out, "") << unknown.out;  // refused before anything was rated
}

// A rater that gives every puzzle the same level leaves nothing to rank:
// rho and tau-b are undefined (null), never a "0" that reads as disagreement.
// qqwing rates both of these simple (qqwing --solve --stats says so too).
TEST_F(RateRaters, ALevelGivenToEveryPuzzleLeavesTheCorrelationUndefined) {
    const std::vector<std::string> simple = {
        kByLevel[0], ".1...3.....3..1.92..9467.1.........3......9..3...9.6....8..914..617........8..7.6"};
    const std::string tsv = ::testing::TempDir() + "rate-raters.tsv";
    std::ofstream(tsv) << "puzzle\tx\n" << simple[0] << "\t1\n" << simple[1] << "\t2\n";
    auto run = run_cli({"rate", "--compare", "x/plugin:qqwing", "--ratings", tsv + ":x", "--format", "json",
                        "--bootstrap", "10", puzzle_file("simple.txt", simple)});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json pair = json::parse(run.out)["pairs"][0];
    EXPECT_EQ(pair["puzzles"], 2);
    EXPECT_TRUE(pair["spearman"].is_null()) << pair.dump();
    EXPECT_EQ(pair["constant"], "plugin:qqwing");
    EXPECT_EQ(pair["levels"]["columns"], json({"1"})) << pair.dump();
}

}  // namespace
