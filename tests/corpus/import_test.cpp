// corpus import as a library (harness/corpus/import.hpp), without the CLI.
// Import asks backtrack and bitmask-mrv; exhaustive-count, which import was
// not given, then checks what they agreed on, so no plugin judges itself.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "corpus/corpus.hpp"
#include "corpus/import.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using np::corpus::ImportInput;
using np::corpus::ImportKind;
using np::corpus::ImportResult;
using np::corpus::ImportSettings;

const std::string kUnique = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const std::string kTwoSevens = "53..77...6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
// r1c9 can be none of 1-8 (its row) nor 9 (its column).
const std::string kNone = "12345678.........9...............................................................";
const std::string kEmpty = std::string(81, '.');
const std::string kShort = "53..7....6..195....98....6.8";

std::vector<np::Plugin> provers() {
    return {np::test::bundled_plugin("backtrack"), np::test::bundled_plugin("bitmask-mrv")};
}

// A dataset held in memory: line i + 1 holds texts[i].
ImportInput dataset(const std::string& name, const std::vector<std::string>& texts) {
    ImportInput input;
    input.file_name = name;
    for (std::size_t i = 0; i < texts.size(); ++i) input.puzzles.push_back({static_cast<int>(i + 1), texts[i]});
    return input;
}

ImportSettings settings(ImportKind kind = ImportKind::puzzle) {
    ImportSettings s;
    s.kind = kind;
    s.source = "test data";
    s.budget.max_nodes = np::corpus::kDefaultImportNodes;
    return s;
}

// The entry's expectation as exhaustive-count finds it on its own.
void expect_oracle_agrees(const np::corpus::PuzzleEntry& e) {
    SCOPED_TRACE(e.id);
    const np::Grid* grid = std::get_if<np::Grid>(&e.puzzle);
    ASSERT_NE(grid, nullptr);
    const auto out = np::test::bundled_plugin("exhaustive-count").solve(*grid, 2, {}, {});
    EXPECT_EQ(out.verdict, e.expect.verdict);
    if (e.expect.verdict == np::Verdict::unique) {
        EXPECT_EQ(out.solutions.at(0), *e.expect.solution);
    }
    if (e.expect.verdict == np::Verdict::invalid) {
        ASSERT_TRUE(out.error.has_value());
        EXPECT_TRUE(e.expect.reason->matches(*out.error)) << e.expect.reason->describe();
    }
}

std::string temp_dir() {
    char name[] = "/tmp/numplace-import-lib-XXXXXX";
    return mkdtemp(name);
}

TEST(CorpusImport, ComputesExpectationsThatAnotherPluginConfirms) {
    const auto input = dataset("mini.txt", {kUnique, kTwoSevens, kNone, kEmpty, kShort});
    const ImportResult r = np::corpus::import_entries(input, provers(), settings());
    ASSERT_EQ(r.error, "");
    EXPECT_TRUE(r.refused.empty());
    EXPECT_EQ(r.vouched_by, (std::vector<std::string>{"backtrack", "bitmask-mrv"}));
    ASSERT_EQ(r.puzzles.size(), 5u);
    const auto& p = r.puzzles;
    EXPECT_EQ(p[0].id, "mini-1");
    EXPECT_EQ(p[0].source, "test data (mini.txt line 1)");
    EXPECT_EQ(p[0].expect.verdict, np::Verdict::unique);
    EXPECT_EQ(np::format_line(*p[0].expect.solution), kSolution);
    EXPECT_EQ(p[1].expect.verdict, np::Verdict::invalid);
    EXPECT_EQ(p[1].expect.reason->code, np::ReasonCode::duplicate_in_row);
    EXPECT_EQ(p[2].expect.verdict, np::Verdict::none);
    EXPECT_EQ(p[3].expect.verdict, np::Verdict::multiple);
    EXPECT_EQ(p[3].expect.count_at_least, 2u);
    for (std::size_t i = 0; i < 4; ++i) expect_oracle_agrees(p[i]);
    // Malformed text: the framework's parser decides, no plugin is asked.
    EXPECT_EQ(p[4].expect.verdict, np::Verdict::invalid);
    EXPECT_EQ(p[4].expect.reason->code, np::ReasonCode::wrong_length);
}

TEST(CorpusImport, ARefusedLineNamesFileAndLineAndTheRestImports) {
    auto input = dataset("p.txt", {kUnique, kUnique, kUnique});
    // Line 2's "published" solution has two cells swapped.
    const std::string wrong = "354678912" + kSolution.substr(9);
    input.solutions = {kSolution, wrong, kSolution};
    std::vector<std::string> heard;
    const ImportResult r = np::corpus::import_entries(input, provers(), settings(), [&](const auto& refusal) {
        heard.push_back(refusal.where());
    });
    ASSERT_EQ(r.refused.size(), 1u);
    EXPECT_EQ(r.refused[0].where(), "p.txt:2");
    EXPECT_NE(r.refused[0].reason.find("the source's solution " + wrong), std::string::npos) << r.refused[0].reason;
    EXPECT_EQ(heard, std::vector<std::string>{"p.txt:2"});
    ASSERT_EQ(r.puzzles.size(), 2u);
    EXPECT_EQ(r.puzzles[0].id, "p-1");
    EXPECT_EQ(r.puzzles[1].id, "p-3");
}

TEST(CorpusImport, GridChecksRefuseAnUnreadableLineAndKeepTheOthers) {
    const std::string broken = "5" + kSolution.substr(1, 4) + "5" + kSolution.substr(6);  // r1c6 repeats the 5
    const auto input = dataset("g.txt", {kSolution, "12x4", broken});
    const std::vector<np::Plugin> checkers = {np::test::bundled_plugin("naive-dom")};
    const ImportResult r = np::corpus::import_entries(input, checkers, settings(ImportKind::grid_check));
    ASSERT_EQ(r.error, "");
    ASSERT_EQ(r.refused.size(), 1u);
    EXPECT_EQ(r.refused[0].where(), "g.txt:2");
    EXPECT_EQ(r.vouched_by, std::vector<std::string>{"naive-dom"});
    ASSERT_EQ(r.grid_checks.size(), 2u);
    EXPECT_TRUE(r.grid_checks[0].valid);
    EXPECT_FALSE(r.grid_checks[1].valid);
    EXPECT_EQ(r.grid_checks[1].id, "g-3");
    EXPECT_FALSE(r.grid_checks[1].violations.empty());
}

TEST(CorpusImport, OneProverIsNotEnough) {
    const std::vector<np::Plugin> one = {np::test::bundled_plugin("backtrack")};
    const ImportResult r = np::corpus::import_entries(dataset("x.txt", {kUnique}), one, settings());
    EXPECT_EQ(r.error, "corpus import needs two plugins that can prove uniqueness; found 1");
    EXPECT_EQ(r.written(), 0u);
    EXPECT_TRUE(r.refused.empty());
}

TEST(CorpusImport, ASampleIsReproducibleAndInFileOrder) {
    const auto input = dataset("s.txt", {kUnique, kTwoSevens, kNone, kEmpty, kShort});
    auto s = settings();
    s.sample = 3;
    s.seed = 7;
    const ImportResult a = np::corpus::import_entries(input, provers(), s);
    const ImportResult b = np::corpus::import_entries(input, provers(), s);
    ASSERT_EQ(a.puzzles.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(a.puzzles[i].id, b.puzzles[i].id);
    EXPECT_LT(a.puzzles[0].id, a.puzzles[1].id);
    EXPECT_LT(a.puzzles[1].id, a.puzzles[2].id);
}

TEST(CorpusImport, ReadsTheFilesAndCountsExactlyWhenTheSourceCounts) {
    const std::string dir = temp_dir();
    std::ofstream(dir + "/d.txt") << "# two puzzles\n" << kUnique << " rated 3\n\n" << kNone << "\n";
    std::ofstream(dir + "/d.tsv") << "puzzle\tcount\n" << kUnique << "\t1\n" << kNone << "\t0\n";
    std::ofstream(dir + "/tags.txt") << "4\tnone,hand-made\n";
    const auto read = np::corpus::read_import_input({dir + "/d.txt", "", dir + "/d.tsv", dir + "/tags.txt"});
    ASSERT_TRUE(read.input) << read.error;
    ASSERT_EQ(read.input->puzzles.size(), 2u);
    EXPECT_EQ(read.input->puzzles[0].line, 2);
    EXPECT_EQ(read.input->puzzles[0].text, kUnique);
    EXPECT_EQ(read.input->puzzles[1].line, 4);
    const ImportResult r = np::corpus::import_entries(*read.input, provers(), settings());
    ASSERT_TRUE(r.refused.empty()) << r.refused[0].reason;
    ASSERT_EQ(r.puzzles.size(), 2u);
    EXPECT_EQ(r.puzzles[0].expect.count, 1u);
    EXPECT_EQ(r.puzzles[1].expect.count, 0u);
    EXPECT_EQ(r.puzzles[1].tags, (std::vector<std::string>{"none", "hand-made"}));
    fs::remove_all(dir);
}

TEST(CorpusImport, ABadCompanionLineIsNamedWithItsFileAndLine) {
    const std::string dir = temp_dir();
    std::ofstream(dir + "/d.txt") << kUnique << "\n" << kNone << "\n";
    std::ofstream(dir + "/d.tsv") << "puzzle\tcount\n" << kUnique << "\t1\n" << kNone << "\tmany\n";
    const auto read = np::corpus::read_import_input({dir + "/d.txt", "", dir + "/d.tsv", ""});
    EXPECT_FALSE(read.input);
    EXPECT_EQ(read.error, dir + "/d.tsv:3: no count in column 2");
    const auto missing = np::corpus::read_import_input({dir + "/absent.txt", "", "", ""});
    EXPECT_EQ(missing.error, dir + "/absent.txt: cannot read");
    fs::remove_all(dir);
}

TEST(CorpusImport, WhatItWritesLintsClean) {
    const std::string dir = temp_dir();
    const ImportResult r =
        np::corpus::import_entries(dataset("w.txt", {kUnique, kTwoSevens, kShort}), provers(), settings());
    const auto written = np::corpus::write_import(r, dir + "/w.yaml");
    EXPECT_TRUE(written.internal.empty());
    ASSERT_TRUE(written.written);
    const auto loaded = np::corpus::load({dir + "/w.yaml"});
    EXPECT_TRUE(loaded.ok());
    EXPECT_EQ(loaded.corpus.puzzles.size(), 3u);
    std::ifstream in(dir + "/w.yaml");
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first,
              "# Imported with numplace corpus import from w.txt; expectations computed by backtrack bitmask-mrv.");
    fs::remove_all(dir);
}

}  // namespace
