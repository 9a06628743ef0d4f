// numplace verify with proofs (docs/verification.md, "Proofs"), through the
// binary: proofs are asked by default and checked by the host; rows, the
// summary, the table and JUnit say checked / rejected / absent; a plain
// file's truth rests on the oracle's checked proof; --require-proofs fails an
// unproved unique or none of a plugin that can prove; reports with proofs
// merge and resume, and their proof counts are checked like the others.
// (A rejected proof: tests/hostile/wrong_proof_test.cpp, with its plugin.)
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "report_forge.hpp"
#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::ordered;
using np::test::read_report;
using np::test::run_cli;
namespace fs = std::filesystem;

// Plain 9x9 lines: unique and needing a search (top95's first), no solution
// (unsolvable-1: a Kaggle puzzle with a clashing extra clue), unique and easy,
// and an empty grid (multiple).
const char* const kPlain =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
    ".143..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..\n"
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
    ".................................................................................\n";

const std::vector<std::string> kProvers = {"bitmask-mrv", "exhaustive-count"};

bool proves(const std::string& plugin) { return std::find(kProvers.begin(), kProvers.end(), plugin) != kProvers.end(); }

bool unique_or_none(const json& row) {
    const std::string v = row.value("verdict", "");
    return v == "unique" || v == "none";
}

class VerifyProofs : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-proofs-XXXXXX";
        dir = mkdtemp(name);
        std::ofstream(dir / "plain.txt") << kPlain;
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& name) const { return (dir / name).string(); }
    static std::string slurp(const std::string& p) {
        std::ifstream in(p);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    }
    // verify over the plain file with two provers and backtrack (which cannot prove).
    np::test::CliRun verify(std::vector<std::string> extra) const {
        std::vector<std::string> args = {"verify", path("plain.txt"), "--plugins",
                                         "bitmask-mrv,exhaustive-count,backtrack"};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_cli(args);
    }
    json rows(const std::string& report) const { return json::parse(slurp(path(report)))["rows"]; }
    fs::path dir;
};

TEST_F(VerifyProofs, ByDefaultEveryUniqueAndNoneOfAProvingPluginIsChecked) {
    const auto run = verify({"--report", path("r.json"), "--junit", path("j.xml")});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    std::map<std::string, uint64_t> checked, absent;
    std::size_t proved_claims = 0;
    for (const json& r : rows("r.json")) {
        ASSERT_TRUE(r.contains("proof")) << r;
        const std::string plugin = r["plugin"];
        if (proves(plugin) && unique_or_none(r)) {
            EXPECT_EQ(r["proof"], "checked") << r;
            EXPECT_GT(r["proof_bytes"].get<uint64_t>(), 0u) << r;
            ++proved_claims;
        } else {
            // backtrack cannot prove; a multiple stopped at its limit is no
            // complete search.
            EXPECT_EQ(r["proof"], "absent") << r;
        }
        (r["proof"] == "checked" ? checked : absent)[plugin] += 1;
    }
    EXPECT_EQ(proved_claims, 6u);  // three lines with one solution or none, two provers
    // The summary counts them, and the table says so.
    const json summary = json::parse(slurp(path("r.json")))["summary"]["plugins"];
    for (const std::string plugin : {"bitmask-mrv", "exhaustive-count", "backtrack"}) {
        EXPECT_EQ(summary[plugin]["proofs"]["checked"], checked[plugin]) << plugin;
        EXPECT_EQ(summary[plugin]["proofs"]["absent"], absent[plugin]) << plugin;
        EXPECT_EQ(summary[plugin]["proofs"]["rejected"], 0) << plugin;
    }
    uint64_t absent_rows = 0;
    for (const auto& [plugin, n] : absent) absent_rows += n;
    EXPECT_NE(run.out.find("proofs: 6 checked, 0 rejected, " + std::to_string(absent_rows) + " absent"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("check seconds"), std::string::npos) << run.out;
    EXPECT_NE(slurp(path("j.xml")).find("<property name=\"proof\" value=\"checked\"/>"), std::string::npos);
}

TEST_F(VerifyProofs, WithMaxProofBytesZeroEveryProofIsAbsent) {
    const auto run = verify({"--max-proof-bytes", "0", "--report", path("r.json")});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    for (const json& r : rows("r.json")) {
        EXPECT_EQ(r["proof"], "absent") << r;
        EXPECT_EQ(r["proof_bytes"], 0) << r;
    }
    EXPECT_NE(run.out.find("proofs: 0 checked, 0 rejected"), std::string::npos) << run.out;
}

// The truth of a plain line rests on the oracle's checked proof, ranked
// above its search: a plugin that calls a spent budget "no solution"
// (mutant-gave-up-none, given too few nodes to find one on top95's fourth
// puzzle, where exhaustive-count finishes) fails against it.
TEST_F(VerifyProofs, APlainFilesTruthRestsOnTheOraclesCheckedProof) {
    std::ofstream(dir / "hard.txt") << "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....\n";
    const std::string mutants = np::test::fixture_dir() + "/../mutant-plugins";
    auto judged = [&](const std::string& bytes) {
        const auto run = run_cli({"verify", path("hard.txt"), "--plugin-dir", mutants, "--plugins", "mutant-gave-up-none",
                                  "--max-nodes", "3000", "--max-proof-bytes", bytes, "--report", path("r.json"),
                                  "--regressions", path("reg.yaml")});
        EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
        const json row = rows("r.json").at(0);
        EXPECT_EQ(row["kind"], "disagreement") << row;
        return row["finding"].get<std::string>();
    };
    EXPECT_EQ(judged("67108864"), "says none, exhaustive-count's checked proof says unique");
    EXPECT_NE(slurp(path("reg.yaml")).find("truth from exhaustive-count's checked proof"), std::string::npos);
    EXPECT_EQ(judged("0"), "says none, exhaustive-count's complete search says unique");
}

// A corpus entry keeps its expectation, but a checked proof that contradicts
// it shows up: the proving row fails and says that the entry or the checker
// is wrong; no regression entry copies the expectation in doubt.
TEST_F(VerifyProofs, ACheckedProofThatContradictsAnExpectationShowsUp) {
    std::ofstream(dir / "wrong.yaml") << "- id: said-multiple\n  size: 3x3\n  puzzle: "
                                      << "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                                      << "\n  expect: {verdict: multiple, count_at_least: 2}\n"
                                      << "  source: a wrong expectation, on purpose\n";
    const auto run = run_cli({"verify", path("wrong.yaml"), "--plugins", "bitmask-mrv,backtrack", "--no-generator-sweep",
                              "--report", path("r.json"), "--regressions", path("reg.yaml")});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    std::map<std::string, json> by;
    for (const json& r : rows("r.json")) by[r["plugin"]] = r;
    EXPECT_EQ(by["bitmask-mrv"]["kind"], "expectation");
    EXPECT_EQ(by["bitmask-mrv"]["proof"], "checked");
    EXPECT_EQ(by["bitmask-mrv"]["finding"],
              "says unique, the corpus says multiple; its proof was checked, so the corpus or the proof checker is wrong");
    EXPECT_FALSE(by["bitmask-mrv"].contains("regression"));
    // backtrack, which cannot prove, fails as any answer against the corpus.
    EXPECT_EQ(by["backtrack"]["finding"], "says unique, the corpus says multiple");
    EXPECT_TRUE(by["backtrack"].contains("regression"));
}

TEST_F(VerifyProofs, RequireProofsFailsAProvingPluginWhoseProofIsAbsent) {
    const auto proved = verify({"--require-proofs", "--report", path("ok.json")});
    EXPECT_EQ(proved.exit_code, 0) << proved.out << proved.err;

    // Ten bytes: every proof longer than that goes over the budget and is
    // absent; those rows, and only those, fail, saying why.
    const auto cut = verify({"--require-proofs", "--max-proof-bytes", "10", "--report", path("cut.json")});
    EXPECT_EQ(cut.exit_code, 1) << cut.out << cut.err;
    std::size_t failed = 0;
    for (const json& r : rows("cut.json")) {
        const bool over = proves(r["plugin"]) && unique_or_none(r) && r["proof_bytes"].get<uint64_t>() > 10;
        EXPECT_EQ(r["status"] == "fail", over) << r;
        if (!over) continue;
        ++failed;
        EXPECT_EQ(r["proof"], "absent") << r;
        EXPECT_EQ(r["kind"], "certificate") << r;
        EXPECT_NE(r["finding"].get<std::string>().find(" without a checked proof (--require-proofs): over the byte "
                                                       "budget of 10 bytes"),
                  std::string::npos)
            << r;
    }
    EXPECT_GT(failed, 0u);
    // Without --require-proofs the same budget fails nothing.
    EXPECT_EQ(verify({"--max-proof-bytes", "10"}).exit_code, 0);

    const auto none = verify({"--require-proofs", "--max-proof-bytes", "0"});
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_NE(none.err.find("--require-proofs needs proofs"), std::string::npos) << none.err;
}

// Proof settings are part of the run: another budget is another run.
TEST_F(VerifyProofs, ProofSettingsEnterTheFingerprint) {
    auto fingerprint = [&](const std::string& name, std::vector<std::string> extra) {
        extra.insert(extra.end(), {"--report", path(name)});
        EXPECT_EQ(verify(extra).exit_code, 0);
        return json::parse(slurp(path(name)))["run"]["fingerprint"].get<std::string>();
    };
    const std::string by_default = fingerprint("a.json", {});
    EXPECT_EQ(fingerprint("b.json", {"--max-proof-bytes", "67108864"}), by_default);
    EXPECT_NE(fingerprint("c.json", {"--max-proof-bytes", "0"}), by_default);
    EXPECT_NE(fingerprint("d.json", {"--require-proofs"}), by_default);
    const auto other = verify({"--max-proof-bytes", "0", "--resume", path("a.json")});
    EXPECT_EQ(other.exit_code, 2);
    EXPECT_NE(other.err.find("other inputs, plugins or settings"), std::string::npos) << other.err;
}

// Shards with proofs merge into the unsharded run's rows, proofs and all; a
// finished report resumed keeps its rows; the proof counts are checked.
TEST_F(VerifyProofs, ReportsWithProofsMergeAndResume) {
    ASSERT_EQ(verify({"--report", path("whole.json")}).exit_code, 0);
    for (const std::string i : {"1", "2"})
        ASSERT_EQ(verify({"--shard", i + "/2", "--report", path("s" + i + ".json")}).exit_code, 0);
    const auto merged = run_cli({"verify", "--merge", path("s1.json"), path("s2.json"), "--report", path("m.json")});
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    const json whole = rows("whole.json"), m = rows("m.json");
    ASSERT_EQ(whole.size(), m.size());
    for (std::size_t i = 0; i < whole.size(); ++i)
        for (const char* key : {"entry", "plugin", "status", "proof", "proof_bytes"})
            EXPECT_EQ(whole[i][key], m[i][key]) << i << " " << key;
    EXPECT_NE(merged.out.find("proofs: 6 checked"), std::string::npos) << merged.out;

    // Resumed when finished: every row kept as it was, proof sizes and times too.
    const auto resumed = verify({"--resume", path("whole.json"), "--report", path("again.json")});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    const json again = rows("again.json");
    ASSERT_EQ(again.size(), whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i)
        for (const char* key : {"proof", "proof_bytes", "proof_micros"}) EXPECT_EQ(whole[i][key], again[i][key]) << i;

    // A proof status changed by hand, the digest computed again: the summary's
    // proof counts no longer match the rows.
    auto report = read_report(path("s1.json"));
    for (auto& r : report["rows"])
        if (r["proof"] == "checked") {
            r["proof"] = "absent";
            break;
        }
    np::test::seal(report);
    np::test::write_report(path("forged.json"), report);
    const auto refused = run_cli({"verify", "--merge", path("forged.json"), path("s2.json")});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("are not its rows'"), std::string::npos) << refused.err;
}

// A report written before proofs (no proof keys, no summary proofs) still
// merges; its rows stay without proofs.
TEST_F(VerifyProofs, AReportWrittenBeforeProofsStillMerges) {
    ASSERT_EQ(verify({"--max-proof-bytes", "0", "--report", path("r.json")}).exit_code, 0);
    auto report = read_report(path("r.json"));
    for (auto& r : report["rows"])
        for (const char* key : {"proof", "proof_bytes", "proof_micros"}) r.erase(key);
    for (auto& [plugin, counts] : report["summary"]["plugins"].items()) counts.erase("proofs");
    np::test::seal(report);
    np::test::write_report(path("old.json"), report);
    const auto merged = run_cli({"verify", "--merge", path("old.json"), "--report", path("m.json")});
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    for (const json& r : rows("m.json")) EXPECT_FALSE(r.contains("proof")) << r;
    EXPECT_EQ(merged.out.find("proofs:"), std::string::npos) << merged.out;
    // Half a proof is malformed.
    report["rows"][0]["proof_bytes"] = 12;
    np::test::seal(report);
    np::test::write_report(path("half.json"), report);
    const auto half = run_cli({"verify", "--merge", path("half.json")});
    EXPECT_EQ(half.exit_code, 2);
    EXPECT_NE(half.err.find("proof sizes without 'proof'"), std::string::npos) << half.err;
}

}  // namespace
