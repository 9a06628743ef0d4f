// fuzz's step property and step regression entries, end to end:
// fixture-bad-steps (tests/fixtures/fixture_bad_steps.cpp) explains with a
// naked pair that removes its values from the wrong unit. fuzz catches it as
// a `step` finding, shrinks the puzzle, and writes a step entry that lints
// clean; verify, given that entry, fails fixture-bad-steps again with kind
// `step` and does not fail logic, whose steps from the same state pass the
// step checker.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "corpus/corpus.hpp"
#include "numplace/format.hpp"
#include "test_support.hpp"

namespace {

using np::test::run_cli;

std::string bad_steps_dir() { return np::test::fixture_dir() + "/../fixture-bad-steps"; }

struct Scratch {
    std::filesystem::path dir;
    Scratch() {
        char name[] = "/tmp/numplace-fuzz-steps-XXXXXX";
        dir = mkdtemp(name);
    }
    ~Scratch() { std::filesystem::remove_all(dir); }
    std::string file(const std::string& name) const { return (dir / name).string(); }
};

// The givens of the puzzle on the line that starts with `label` ("  as
// found:      ...") of fuzz's output.
int givens_after(const std::string& out, const std::string& label) {
    const auto at = out.find(label);
    if (at == std::string::npos) return -1;
    std::istringstream rest(out.substr(at + label.size()));
    std::string line;
    rest >> line;
    const auto parsed = np::parse_line(line);
    return np::parsed(parsed) ? std::get<np::Grid>(parsed).given_count() : -1;
}

// verify's JSON row of one plugin for the entry (operation explain), as text.
std::string row_of(const std::string& report, const std::string& plugin) {
    std::ifstream in(report);
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.contains("rows")) return "";
    for (const auto& row : j["rows"])
        if (row.value("plugin", "") == plugin && row.value("operation", "") == "explain") return row.dump();
    return "";
}

class StepFinding : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        scratch_ = new Scratch;
        fuzz_ = new np::test::CliRun(run_cli({"fuzz", "--plugin-dir", bad_steps_dir(), "--plugins", "fixture-bad-steps",
                                              "--size", "3x3", "--seed", "1", "--seeds", "3", "--regressions",
                                              scratch_->file("found.yaml")}));
    }
    static void TearDownTestSuite() {
        delete fuzz_;
        delete scratch_;
    }
    static Scratch* scratch_;
    static np::test::CliRun* fuzz_;
};
Scratch* StepFinding::scratch_ = nullptr;
np::test::CliRun* StepFinding::fuzz_ = nullptr;

TEST_F(StepFinding, FuzzCatchesTheStepAndShrinksThePuzzle) {
    const auto& run = *fuzz_;
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_EQ(run.out.rfind("FAIL fixture-bad-steps: step: step ", 0), 0u) << run.out;
    EXPECT_NE(run.out.find("(naked pair in row "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("the candidates before it: "), std::string::npos) << run.out;
    // Shrunk: fewer givens than the puzzle as found.
    const int shrunk = givens_after(run.out, "givens): "), found = givens_after(run.out, "as found:");
    ASSERT_GT(shrunk, 0) << run.out;
    EXPECT_LT(shrunk, found) << run.out;
    // The same seed finds the same step again.
    auto again = run_cli({"fuzz", "--plugin-dir", bad_steps_dir(), "--plugins", "fixture-bad-steps", "--size", "3x3",
                          "--seed", "1", "--seeds", "3"});
    EXPECT_EQ(again.out.substr(0, again.out.find('\n')), run.out.substr(0, run.out.find('\n')));
}

TEST_F(StepFinding, TheStepEntryLintsCleanAndNamesTheStep) {
    const std::string found = scratch_->file("found.yaml");
    auto lint = run_cli({"corpus", "lint", found});
    EXPECT_EQ(lint.exit_code, 0) << lint.out << lint.err;
    EXPECT_NE(lint.out.find("1 step entries: ok"), std::string::npos) << lint.out;
    const auto loaded = np::corpus::load({found});
    ASSERT_TRUE(loaded.ok());
    ASSERT_EQ(loaded.corpus.steps.size(), 1u);
    const auto& e = loaded.corpus.steps[0];
    EXPECT_EQ(e.plugin, "fixture-bad-steps");
    EXPECT_EQ(e.technique, "naked pair");
    EXPECT_EQ(e.step.rfind("naked pair in row ", 0), 0u) << e.step;
    // The step is the one fuzz printed, from the state it printed.
    EXPECT_NE(fuzz_->out.find("(" + e.step + ")"), std::string::npos) << fuzz_->out;
    EXPECT_NE(fuzz_->out.find("the candidates before it: " + e.text), std::string::npos) << fuzz_->out;
    EXPECT_EQ(e.explained, fuzz_->out.substr(fuzz_->out.find("givens): ") + 9, 81));
}

// logic never guesses: from a state with several solutions (shrinking keeps
// removing clues while the step still fails) it stops, unknown; its steps up
// to there pass the step checker, so its row does not fail and a run of
// logic alone passes.
TEST_F(StepFinding, VerifyFailsTheBrokenPluginAgainAndNotLogic) {
    const std::string found = scratch_->file("found.yaml"), report = scratch_->file("report.json");
    auto run = run_cli({"verify", found, "--no-generator-sweep", "--min-conclusive", "0", "--plugin-dir",
                        bad_steps_dir(), "--plugin-dir", np::test::plugin_dir(), "--plugins", "fixture-bad-steps,logic",
                        "--report", report});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    const std::string bad = row_of(report, "fixture-bad-steps"), logic = row_of(report, "logic");
    EXPECT_NE(bad.find("\"status\":\"fail\""), std::string::npos) << bad;
    EXPECT_NE(bad.find("\"kind\":\"step\""), std::string::npos) << bad;
    EXPECT_NE(bad.find("\"operation\":\"explain\""), std::string::npos) << bad;
    EXPECT_NE(bad.find("(the step this entry records, again)"), std::string::npos) << bad;
    ASSERT_FALSE(logic.empty()) << run.out;
    EXPECT_NE(logic.find("\"operation\":\"explain\""), std::string::npos) << logic;
    EXPECT_EQ(logic.find("\"status\":\"fail\""), std::string::npos) << logic;
    auto alone = run_cli({"verify", found, "--no-generator-sweep", "--min-conclusive", "0", "--plugin-dir",
                          np::test::plugin_dir(), "--plugins", "logic"});
    EXPECT_EQ(alone.exit_code, 0) << alone.out << alone.err;
}

// verify writes the same kind of entry: the shrunk puzzle as a plain file,
// verified with --regressions, gives a step entry for fixture-bad-steps
// (not the puzzle's), which lints clean and fails it again.
TEST_F(StepFinding, VerifyWritesAStepEntryForABadStepInAPlainFile) {
    const auto fuzzed = np::corpus::load({scratch_->file("found.yaml")});
    ASSERT_TRUE(fuzzed.ok());
    ASSERT_EQ(fuzzed.corpus.steps.size(), 1u);
    const std::string puzzles = scratch_->file("shrunk.txt"), written = scratch_->file("verify-found.yaml"),
                      report = scratch_->file("plain.json");
    std::ofstream(puzzles) << fuzzed.corpus.steps[0].explained << "\n";
    auto run = run_cli({"verify", puzzles, "--no-generator-sweep", "--min-conclusive", "0", "--plugin-dir",
                        bad_steps_dir(), "--plugin-dir", np::test::plugin_dir(), "--plugins", "fixture-bad-steps,logic",
                        "--regressions", written, "--report", report});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_NE(run.out.find("/shrunk.txt:1: step: step "), std::string::npos) << run.out;
    auto lint = run_cli({"corpus", "lint", written});
    EXPECT_EQ(lint.exit_code, 0) << lint.out << lint.err;
    const auto loaded = np::corpus::load({written});
    ASSERT_TRUE(loaded.ok());
    EXPECT_TRUE(loaded.corpus.puzzles.empty()) << "the step entry replaces the puzzle's";
    ASSERT_EQ(loaded.corpus.steps.size(), 1u);
    const auto& e = loaded.corpus.steps[0];
    const std::string id_end = "-shrunk.txt-1-fixture-bad-steps-step";
    EXPECT_EQ(e.id.substr(e.id.size() - std::min(e.id.size(), id_end.size())), id_end) << e.id;
    EXPECT_EQ(e.plugin, "fixture-bad-steps");
    EXPECT_EQ(e.technique, "naked pair");
    EXPECT_EQ(e.explained, fuzzed.corpus.steps[0].explained);
    EXPECT_NE(run.out.find("(" + e.step + "): "), std::string::npos) << run.out;
    // The report keeps it, so --merge writes it again.
    const std::string merged = scratch_->file("merged-found.yaml");
    auto merge = run_cli({"verify", "--merge", report, "--regressions", merged});
    EXPECT_EQ(merge.exit_code, 1) << merge.out << merge.err;
    std::ifstream a(written), b(merged);
    std::stringstream sa, sb;
    sa << a.rdbuf();
    sb << b.rdbuf();
    const std::string body = sa.str().substr(sa.str().find("\n- id:"));
    EXPECT_NE(sb.str().find(body), std::string::npos) << sb.str();
    // And it fails the plugin again, on the step it records.
    auto again = run_cli({"verify", written, "--no-generator-sweep", "--min-conclusive", "0", "--plugin-dir",
                          bad_steps_dir(), "--plugins", "fixture-bad-steps"});
    EXPECT_EQ(again.exit_code, 1) << again.out << again.err;
    EXPECT_NE(again.out.find("(the step this entry records, again)"), std::string::npos) << again.out;
}

}  // namespace
