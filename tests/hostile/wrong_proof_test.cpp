// A plugin that answers right and lies in its proof (plugins/wrong_proof.c:
// one LEAF where a search was needed): the host's checker rejects the proof
// with a located reason, and verify fails the row as a certificate failure
// however right the answer, on a corpus entry and on a plain file alike.
// (The proof mutants proper, one per lie, are in tests/mutants.)
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "hostile_support.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Unique, and the checker's own propagation cannot settle it at the root (a
// top1465 puzzle: r1c1 keeps 3 candidates), so a one-leaf proof is a lie;
// the plugin's plain backtracking needs about 20,000 nodes.
constexpr const char* kHard = ".3..8....8.75...62......4..2...6..945...1...7..92......2.6..7.......3...6.8.5.1..";
const std::string kSolution =
    "132486975847591362956327481213765894564819237789234516321648759495173628678952143";

class WrongProof : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-wrong-proof-XXXXXX";
        dir = mkdtemp(name);
    }
    void TearDown() override { fs::remove_all(dir); }
    json only_row(const std::vector<std::string>& extra) {
        std::vector<std::string> args = {"verify", "--plugin-dir", np::hostile::attack_dir("wrong_proof"), "--plugins",
                                         "attack-wrong-proof", "--report", (dir / "r.json").string(),
                                         "--junit", (dir / "j.xml").string()};
        args.insert(args.end(), extra.begin(), extra.end());
        run = np::test::run_cli(args);
        std::ifstream in(dir / "r.json");
        const json report = json::parse(in);
        EXPECT_EQ(report["rows"].size(), 1u) << report;
        return report["rows"].at(0);
    }
    fs::path dir;
    np::test::CliRun run;
};

TEST_F(WrongProof, OnAPlainFileItIsACertificateFailureWithTheCheckersReason) {
    std::ofstream(dir / "p.txt") << kHard << "\n";
    const json row = only_row({(dir / "p.txt").string()});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_EQ(row["verdict"], "unique");  // the right answer
    EXPECT_EQ(row["status"], "fail");
    EXPECT_EQ(row["kind"], "certificate");
    EXPECT_EQ(row["proof"], "rejected");
    EXPECT_EQ(row["proof_bytes"], 1);
    // The checker's located reason: node 1, the root, cannot be a leaf.
    EXPECT_EQ(row["finding"], "its proof was rejected: node 1: a leaf, but r1c1 still has 3 candidates (no "
                              "contradiction, no solution)");
    EXPECT_NE(run.out.find("FAIL attack-wrong-proof"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("proofs: 0 checked, 1 rejected"), std::string::npos) << run.out;
    std::ifstream junit(dir / "j.xml");
    const std::string xml((std::istreambuf_iterator<char>(junit)), std::istreambuf_iterator<char>());
    EXPECT_NE(xml.find("<property name=\"proof\" value=\"rejected\"/>"), std::string::npos) << xml;
    EXPECT_NE(xml.find("<failure type=\"certificate\""), std::string::npos) << xml;
}

TEST_F(WrongProof, OnACorpusEntryToo) {
    std::ofstream(dir / "c.yaml") << "- id: hard\n  size: 3x3\n  puzzle: " << kHard
                                  << "\n  expect: {verdict: unique, solution: \"" << kSolution
                                  << "\", count: 1}\n  source: top1465\n";
    const json row = only_row({(dir / "c.yaml").string(), "--no-generator-sweep"});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_EQ(row["kind"], "certificate") << row;
    EXPECT_EQ(row["proof"], "rejected") << row;
    // Without proofs asked, nothing is written and the same answer passes.
    const json unasked = only_row({(dir / "c.yaml").string(), "--no-generator-sweep", "--max-proof-bytes", "0"});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_EQ(unasked["status"], "pass") << unasked;
    EXPECT_EQ(unasked["proof"], "absent") << unasked;
}

// Issue 40: a hostile oracle (plugins/lying_none.c) says none of every
// puzzle, with a proof the checker rejects. A certified witness outranks
// its claim and its rejected proof counts for nothing: the honest plugin's
// rows pass (backtrack writes no proof of its own, so only the oracle
// could have spoken against it).
TEST_F(WrongProof, AnOraclesRefutedNoneFailsNoHonestRow) {
    std::ofstream(dir / "p.txt") << kHard << "\n" << kSolution.substr(0, 70) << std::string(11, '.') << "\n"
                                 << "1..4.......1..3.\n";
    run = np::test::run_cli({"verify", "--plugin-dir", np::hostile::attack_dir("lying_none"), "--plugins",
                             "backtrack", "--oracle", "attack-lying-none", "--report", (dir / "r.json").string(),
                             (dir / "p.txt").string()});
    std::ifstream in(dir / "r.json");
    const json report = json::parse(in);
    std::size_t honest = 0;
    for (const json& row : report["rows"]) {
        if (row["plugin"] != "backtrack") continue;
        ++honest;
        EXPECT_EQ(row["status"], "pass") << row;
    }
    EXPECT_EQ(honest, 3u) << run.out << run.err;
}

}  // namespace
