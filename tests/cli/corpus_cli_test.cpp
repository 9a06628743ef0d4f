// numplace corpus lint / import through the binary.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "corpus/corpus.hpp"
#include "test_support.hpp"

namespace {

using np::test::run_cli;

std::string data(const std::string& name) { return np::test::source_dir() + "/corpus/data/" + name; }

std::string temp_dir() {
    char name[] = "/tmp/numplace-corpus-XXXXXX";
    return mkdtemp(name);
}

TEST(CorpusCli, LintPassesAGoodFile) {
    auto run = run_cli({"corpus", "lint", data("good.yaml")});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find(": ok"), std::string::npos);
}

TEST(CorpusCli, LintReportsEveryErrorWithFileLineColumnAndKeepsGoing) {
    auto run = run_cli({"corpus", "lint", data("broken.yaml"), data("good.yaml"), data("syntax_error.yaml")});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find("broken.yaml:3:7: "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("syntax_error.yaml:"), std::string::npos);
    // good.yaml's entries still load.
    EXPECT_NE(run.out.find("3 file(s)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("2 grid-check"), std::string::npos) << run.out;
}

TEST(CorpusCli, LintOfAMissingPathIsAnError) {
    auto run = run_cli({"corpus", "lint", "/nonexistent/corpus"});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find("/nonexistent/corpus"), std::string::npos);
}

TEST(CorpusCli, ImportComputesExpectationsThatLintClean) {
    const std::string dir = temp_dir();
    const std::string dataset = dir + "/mini.txt";
    std::ofstream(dataset) << "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
                              "# a comment line\n"
                              "53..77...6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
                              "12345678.........9...............................................................\n"
                              "................................................................................."
                              "\n"
                              "53..7....6..195....98....6.8\n";
    const std::string out = dir + "/mini.yaml";
    auto run = run_cli({"corpus", "import", dataset, "--source", "test data", "--tag", "mini", "--out", out});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    auto loaded = np::corpus::load({out});
    ASSERT_TRUE(loaded.ok());
    ASSERT_EQ(loaded.corpus.puzzles.size(), 5u);
    const auto& p = loaded.corpus.puzzles;
    EXPECT_EQ(p[0].id, "mini-1");
    EXPECT_EQ(p[0].expect.verdict, np::Verdict::unique);
    EXPECT_EQ(p[0].source, "test data (mini.txt line 1)");
    EXPECT_EQ(p[1].expect.verdict, np::Verdict::invalid);
    EXPECT_EQ(p[1].expect.reason->code, np::ReasonCode::duplicate_in_row);
    EXPECT_EQ(p[1].expect.reason->row, 1);
    EXPECT_EQ(p[1].expect.reason->column, 6);
    EXPECT_EQ(p[2].expect.verdict, np::Verdict::none);
    EXPECT_EQ(p[3].expect.verdict, np::Verdict::multiple);
    EXPECT_EQ(p[3].expect.count_at_least, 2u);
    EXPECT_EQ(p[4].expect.verdict, np::Verdict::invalid);
    EXPECT_EQ(p[4].expect.reason->code, np::ReasonCode::wrong_length);
    std::filesystem::remove_all(dir);
}

TEST(CorpusCli, ImportRefusesWhenTheSourceDisagrees) {
    const std::string dir = temp_dir();
    std::ofstream(dir + "/p.txt") << "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    // A wrong "published" solution: two cells swapped.
    std::ofstream(dir + "/p.solutions.txt")
        << "354678912672195348198342567859761423426853791713924856961537284287419635345286179\n";
    auto run = run_cli({"corpus", "import", dir + "/p.txt", "--solutions", dir + "/p.solutions.txt", "--source",
                        "x", "--out", dir + "/p.yaml"});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find("p.txt:1: refused: the source's solution"), std::string::npos) << run.err;
    std::filesystem::remove_all(dir);
}

TEST(CorpusCli, ImportSamplesReproducibly) {
    NP_REQUIRE_DATASET(path, "top95.txt");
    const std::string dir = temp_dir();
    auto a = run_cli({"corpus", "import", path, "--sample", "5", "--seed", "3", "--source", "t", "--out", dir + "/a.yaml"});
    auto b = run_cli({"corpus", "import", path, "--sample", "5", "--seed", "3", "--source", "t", "--out", dir + "/b.yaml"});
    ASSERT_EQ(a.exit_code, 0) << a.err;
    auto la = np::corpus::load({dir + "/a.yaml"}), lb = np::corpus::load({dir + "/b.yaml"});
    ASSERT_EQ(la.corpus.puzzles.size(), 5u);
    for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(la.corpus.puzzles[i].id, lb.corpus.puzzles[i].id);
    std::filesystem::remove_all(dir);
}

}  // namespace

namespace {

TEST(CorpusCli, TheProjectCorpusLintsCleanAndIsLarge) {
    const std::string corpus_dir = np::test::source_dir() + "/../corpus";
    auto run = run_cli({"corpus", "lint", corpus_dir});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    auto loaded = np::corpus::load({corpus_dir});
    ASSERT_TRUE(loaded.ok());
    EXPECT_GE(loaded.corpus.puzzles.size(), 1500u);
    EXPECT_GE(loaded.corpus.grid_checks.size(), 10u);
    // Every verdict and every reason code is represented.
    std::set<np::Verdict> verdicts;
    std::set<np::ReasonCode> codes;
    std::set<int> sides;
    for (const auto& p : loaded.corpus.puzzles) {
        verdicts.insert(p.expect.verdict);
        if (p.expect.reason) codes.insert(p.expect.reason->code);
        sides.insert(p.size.side());
    }
    EXPECT_EQ(verdicts.size(), 4u);
    EXPECT_EQ(codes.size(), 6u);
    for (int side : {4, 6, 9, 12, 16, 25}) EXPECT_TRUE(sides.count(side)) << side;
}

}  // namespace
