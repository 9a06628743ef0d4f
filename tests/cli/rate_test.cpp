// numplace rate (issue 28): ratings from the logic plugin's certified steps
// in text, JSON and CSV; a bad line named and the rest rated; the table
// printed; rate --compare against a ratings file (a rater compared with
// itself agrees exactly; a file without the column is a usage error that
// names the file and line); --plugin needed only to rate.
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

// Two exchange_diabolical puzzles (docs/rating.md): Sukaku Explainer rates
// the first 5.5 (a WXYZ-wing), the second 7.2.
const std::string kWing = "4....31.2..3......2...49.3.1.87.5.....9...2.....1.48.3.6.47...1......3..8.15....4";
const std::string kChain = ".2.....7.9..8.7..6.7.2.1.9.4.......8..5...1..3..6.9..7.9..1..3.6.......2...9.4...";

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string temp_file(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

TEST(Rate, TextJsonAndCsvRateEachPuzzleAndNameABadLine) {
    const std::string input = kWing + "\n12345\n" + kChain + "\n";
    const std::vector<std::string> base = {"rate", "--plugin", "logic", "--option", "profile=sukaku", "--table", "sukaku"};
    auto text = run_cli([&] { auto a = base; a.push_back("-"); return a; }(), input);
    EXPECT_EQ(text.exit_code, 1) << text.err;  // the bad line: the rest still rated
    EXPECT_NE(text.err.find("stdin:2"), std::string::npos) << text.err;
    const auto lines = lines_of(text.out);
    ASSERT_EQ(lines.size(), 3u) << text.out;
    EXPECT_EQ(lines[0].rfind(kWing + "  ER ", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("wxyz-wing"), std::string::npos) << lines[0];
    EXPECT_NE(lines[1].find("invalid:"), std::string::npos) << lines[1];
    EXPECT_NE(lines[2].find("hodoku"), std::string::npos) << lines[2];

    auto as_json = run_cli([&] { auto a = base; a.insert(a.end(), {"--format", "json", "-"}); return a; }(), input);
    const auto rows = lines_of(as_json.out);
    ASSERT_EQ(rows.size(), 3u) << as_json.out;
    const json wing = json::parse(rows[0]);
    EXPECT_EQ(wing["hardest"], "wxyz-wing");
    EXPECT_GE(wing["er"].get<double>(), 5.5);
    EXPECT_LE(wing["er"].get<double>(), 5.6);
    EXPECT_LE(wing["ed"].get<double>(), wing["ep"].get<double>());
    EXPECT_LE(wing["ep"].get<double>(), wing["er"].get<double>());
    EXPECT_EQ(wing["class"], "wing");
    EXPECT_TRUE(wing["solved"].get<bool>());
    EXPECT_TRUE(json::parse(rows[1]).contains("error"));
    EXPECT_GT(json::parse(rows[2])["er"].get<double>(), 7.0);

    auto csv = run_cli([&] { auto a = base; a.insert(a.end(), {"--format", "csv", "-"}); return a; }(), input);
    const auto table = lines_of(csv.out);
    ASSERT_EQ(table.size(), 4u) << csv.out;
    EXPECT_EQ(table[0], "input,puzzle,er,ep,ed,class,hodoku_score,hodoku_level,hardest,steps,solved,error");
    for (std::size_t i : {0u, 1u, 3u}) EXPECT_EQ(std::count(table[i].begin(), table[i].end(), ','), 11) << table[i];
    EXPECT_EQ(table[2].rfind("stdin:2,,,,,,,,,,,\"invalid: ", 0), 0u) << table[2];  // its error quoted: it has commas
}

TEST(Rate, ShowTableNeedsNoPluginAndRatingTakesTheDefault) {
    auto table = run_cli({"rate", "--show-table", "--table", "sukaku"});
    ASSERT_EQ(table.exit_code, 0) << table.err;
    EXPECT_NE(table.out.find("hidden single\t1.2 box / 1.5 line\t14\teasy"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("wxyz-wing"), std::string::npos);
    auto without = run_cli({"rate", kWing});  // the default explainer (logic)
    EXPECT_EQ(without.exit_code, 0) << without.err;
    EXPECT_NE(without.err.find("with logic, the default"), std::string::npos) << without.err;
    auto not_explaining = run_cli({"rate", "--plugin", "bitmask-mrv", kWing});
    EXPECT_EQ(not_explaining.exit_code, 2) << not_explaining.out;
}

TEST(Rate, CompareAgainstARatingsFile) {
    const std::string tsv = temp_file("rate-compare.tsv", "puzzle\tse\tbad\tnear\n" + kWing + "\t5.5\tx\t5.6\n" + kChain +
                                                              "\t7.2\t1\t7.4\n");
    const std::string puzzles = temp_file("rate-compare.txt", kWing + "\n" + kChain + "\n");
    // A column against itself: exact agreement, no plugin needed.
    auto self = run_cli({"rate", "--compare", "se/se", "--ratings", tsv + ":se", "--bootstrap", "20", puzzles});
    ASSERT_EQ(self.exit_code, 0) << self.err;
    EXPECT_NE(self.out.find("2 puzzles rated by both"), std::string::npos) << self.out;
    EXPECT_NE(self.out.find("<= 0.2: 100.0%"), std::string::npos) << self.out;
    // One a tenth apart, one two tenths: none equal, half within 0.1, all within 0.2.
    auto near = run_cli({"rate", "--compare", "se/near", "--ratings", tsv + ":se", "--ratings", tsv + ":near",
                         "--bootstrap", "20", puzzles});
    ASSERT_EQ(near.exit_code, 0) << near.err;
    EXPECT_NE(near.out.find("equal: 0.0%  within 0.1: 50.0%  |se - near| <= 0.2: 100.0%"), std::string::npos)
        << near.out;
    // numplace's ER against it, as JSON, with the confusion matrix drawn.
    const std::string svg = ::testing::TempDir() + "rate-classes.svg";
    std::remove(svg.c_str());
    auto er = run_cli({"rate", "--plugin", "logic", "--option", "profile=sukaku", "--table", "sukaku", "--compare",
                       "er,se", "--ratings", tsv + ":se", "--format", "json", "--bootstrap", "20", "--svg", svg, puzzles});
    ASSERT_EQ(er.exit_code, 0) << er.err;
    const json doc = json::parse(er.out);
    ASSERT_EQ(doc["pairs"].size(), 1u);
    EXPECT_EQ(doc["pairs"][0]["puzzles"], 2);
    EXPECT_EQ(doc["pairs"][0]["spearman"]["rho"].get<double>(), 1.0);  // two puzzles in the same order
    EXPECT_NE(np::test::read_file(svg).find("<svg"), std::string::npos);
    // A column that is not a number, and one that is not there.
    auto bad = run_cli({"rate", "--compare", "bad/bad", "--ratings", tsv + ":bad", puzzles});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("rate-compare.tsv:2: `x` is not a number"), std::string::npos) << bad.err;
    auto missing = run_cli({"rate", "--compare", "ER/ER", "--ratings", tsv + ":ER", puzzles});
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("rate-compare.tsv:1: no column `ER`"), std::string::npos) << missing.err;
}

}  // namespace
