// The host never trusts a plugin: fixture-liar's lies become errors naming
// it, in every command (solve, count, check, generate).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::run_cli;

const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

np::test::CliRun liar(std::vector<std::string> args, const std::string& lie, const std::string& input = "") {
    args.insert(args.begin() + 1, {"--plugin-dir", np::test::liar_dir(), "--plugin", "fixture-liar"});
    if (!lie.empty()) args.insert(args.end(), {"--option", "lie=" + lie});
    return run_cli(args, input);
}

TEST(Certificates, ASolutionThatChangesAGivenIsAnError) {
    auto run = liar({"solve", kEasy}, "changed-given");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out.rfind("error: fixture-liar gave a wrong answer: the solution changes the given 5 at r1c1", 0),
              0u)
        << run.out;
    EXPECT_EQ(run.err, "numplace: 1 of 1 inputs: 1 failed (first: arg:1)\n");
}

TEST(Certificates, AGridOfOnesIsAnErrorInSolveAndCount) {
    for (std::string command : {"solve", "count"}) {
        auto run = liar({command, "--format", "json", kEasy}, "ones");
        EXPECT_EQ(run.exit_code, 1) << command;
        json j = json::parse(run.out);
        EXPECT_EQ(j["verdict"], "error") << command;
        EXPECT_EQ(j["solutions"], json::array()) << command;
        EXPECT_NE(j["error"]["message"].get<std::string>().find("changes the given"), std::string::npos) << j;
    }
    // On an empty grid nothing is changed: the rules catch it.
    auto empty = liar({"solve", std::string(81, '.')}, "ones");
    EXPECT_NE(empty.out.find("the solution breaks a rule: value 1 repeats in its row at r1c2"), std::string::npos)
        << empty.out;
}

TEST(Certificates, TwoIdenticalWitnessesAreNotMultiple) {
    auto run = liar({"solve", std::string(81, '.')}, "same-twice");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, "error: fixture-liar gave a wrong answer: its two witnesses are the same grid\n");
}

TEST(Certificates, AClaimedSolutionNeedsAWitness) {
    auto run = liar({"solve", std::string(81, '.')}, "no-witness");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, "error: fixture-liar returned a malformed answer: solutions claimed without a witness\n");
}

TEST(Certificates, InvalidMustNameARealViolation) {
    auto run = liar({"solve", kEasy}, "invalid-clean");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out.rfind("error: fixture-liar gave a wrong answer: invalid, but it reports a violation", 0), 0u)
        << run.out;
}

TEST(Certificates, BrokenGivensMustBeCalledInvalid) {
    std::string dup = kEasy;
    dup[2] = '3';
    auto run = liar({"solve", dup}, "none-for-broken");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.out.find("the givens break a rule"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("did not call them invalid"), std::string::npos) << run.out;
}

TEST(Certificates, PhantomAndMissedViolationsInCheck) {
    const std::string valid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    auto phantom = liar({"check", valid}, "phantom");
    EXPECT_EQ(phantom.exit_code, 1);
    EXPECT_NE(phantom.out.find("error: fixture-liar gave a wrong answer: it reports a violation the givens do not"),
              std::string::npos)
        << phantom.out;
    std::string broken = valid;
    std::swap(broken[0], broken[1]);
    auto missed = liar({"check", broken}, "");
    EXPECT_EQ(missed.exit_code, 1);
    EXPECT_NE(missed.out.find("it finds no violation, but"), std::string::npos) << missed.out;
    // The honest path: the liar's empty answer on a valid grid is certified.
    auto fine = liar({"check", valid}, "");
    EXPECT_EQ(fine.exit_code, 0) << fine.out;
    EXPECT_EQ(fine.out, "valid (full)\n");
}

TEST(Certificates, GeneratedGridsThatBreakTheRulesStopGenerate) {
    auto bad = liar({"generate", "--count", "3"}, "bad-grid");
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_EQ(bad.out, "");
    EXPECT_NE(bad.err.find("fixture-liar gave a wrong answer: result 0: the grid breaks a rule"), std::string::npos)
        << bad.err;
    auto good = liar({"generate", "--count", "3", "--size", "2x3"}, "");
    EXPECT_EQ(good.exit_code, 0) << good.err;
    for (const auto& line : {good.out.substr(0, 36)})
        EXPECT_TRUE(np::check_rules(np::test::parse(line, np::Geometry{2, 3})).empty());
}

TEST(Certificates, AValidButWrongUniqueOnAnEmptyGridPassesTheCertificate) {
    // What certificates cannot see: an empty grid has many solutions, and the
    // liar's one is valid. Only an oracle (numplace verify) refutes "unique".
    auto run = liar({"solve", std::string(16, '.')}, "pattern");
    EXPECT_EQ(run.exit_code, 0) << run.out;
    EXPECT_EQ(run.out, "1234341223414123\n");
}

}  // namespace
