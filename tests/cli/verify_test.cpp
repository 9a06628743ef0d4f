// numplace verify through the binary: certificates, expectations, agreement,
// generators, the conclusive share, reports, JUnit, regressions and shards.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <thread>

#include "corpus/corpus.hpp"
#include "setup/setup.hpp"
#include "report_forge.hpp"
#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::run_cli;
namespace fs = std::filesystem;

class Verify : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-verify-XXXXXX";
        dir = mkdtemp(name);
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& name) const { return (dir / name).string(); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(dir / name) << text;
        return path(name);
    }
    static std::string slurp(const std::string& p) {
        std::ifstream in(p);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    }
    static std::string good_yaml() { return np::test::source_dir() + "/corpus/data/good.yaml"; }
    fs::path dir;
};

std::vector<json> rows_of(const json& report) { return report["rows"].get<std::vector<json>>(); }

TEST_F(Verify, TheBundledPluginsPassAGoodCorpus) {
    auto run = run_cli({"verify", good_yaml(), "--no-generator-sweep", "-j", "2", "--report", path("r.json"),
                        "--junit", path("j.xml")});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    const json report = json::parse(slurp(path("r.json")));
    EXPECT_EQ(report["summary"]["failed"], 0);
    // Every puzzle entry x every solving plugin, every grid check x every
    // checker, every generator entry: no row is missing.
    const auto loaded = np::corpus::load({good_yaml()});
    std::size_t parseable = 0;
    for (const auto& e : loaded.corpus.puzzles) parseable += std::holds_alternative<np::Grid>(e.puzzle);
    const std::size_t unparseable = loaded.corpus.puzzles.size() - parseable;
    std::size_t solvers = 0, checkers = 0;
    for (const auto& p : np::test::bundled_plugins().plugins()) {
        if (p.external()) continue;  // command-line solvers run only when named
        solvers += p.can(NP_CAP_SOLVE);
        checkers += p.can(NP_CAP_CHECK_GRID);
    }
    const std::size_t expected = parseable * solvers + unparseable + loaded.corpus.grid_checks.size() * checkers +
                                 loaded.corpus.generators.size();
    EXPECT_EQ(report["rows"].size(), expected);
    EXPECT_NE(run.out.find("bitmask-mrv"), std::string::npos);
    EXPECT_NE(run.out.find("0 failed"), std::string::npos) << run.out;
    const std::string junit = slurp(path("j.xml"));
    EXPECT_NE(junit.find("<testsuite name=\"bitmask-mrv\""), std::string::npos);
    EXPECT_EQ(junit.find("<failure"), std::string::npos);
    // Entries the host's parser judges (unparseable puzzles) are test cases too.
    ASSERT_GT(unparseable, 0u);
    EXPECT_NE(junit.find("<testsuite name=\"host\" tests=\"" + std::to_string(unparseable) + "\""),
              std::string::npos);
    // Every row is one test case.
    std::size_t cases = 0;
    for (auto at = junit.find("<testcase "); at != std::string::npos; at = junit.find("<testcase ", at + 1)) ++cases;
    EXPECT_EQ(cases, report["rows"].size());
    // Each plugin's time is the sum of its rows' micros, in the summary and
    // (in seconds) in the table's last column.
    std::map<std::string, uint64_t> micros;
    for (const auto& r : rows_of(report)) micros[r["plugin"].get<std::string>()] += r["micros"].get<uint64_t>();
    for (const auto& [plugin, summary] : report["summary"]["plugins"].items())
        EXPECT_EQ(summary["micros"].get<uint64_t>(), micros[plugin]) << plugin;
    EXPECT_NE(run.out.find("conclusive    seconds\n"), std::string::npos) << run.out;
    // The report says what the process exits with.
    EXPECT_EQ(report["summary"]["exit_code"], run.exit_code);
}

TEST_F(Verify, ALyingPluginFailsWithFindingsJunitAndRegressions) {
    const std::string corpus = np::test::source_dir() + "/../corpus/sizes-2x2.yaml";
    auto run = run_cli({"verify", corpus, good_yaml(), "--plugin-dir", np::test::liar_dir(), "--plugins", "fixture-liar",
                        "--no-generator-sweep", "--report", path("r.json"), "--junit", path("j.xml"),
                        "--regressions", path("reg.yaml")});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    const json report = json::parse(slurp(path("r.json")));
    std::set<std::string> kinds;
    for (const auto& r : rows_of(report))
        if (r["status"] == "fail") kinds.insert(r["kind"].get<std::string>());
    // Its pattern grid breaks the rules around the givens (certificate), and
    // where it fits (the empty 4x4) it calls a multiple puzzle unique
    // (expectation).
    EXPECT_TRUE(kinds.count("certificate")) << report["rows"];
    EXPECT_TRUE(kinds.count("expectation"));
    EXPECT_NE(run.out.find("FAIL fixture-liar"), std::string::npos);
    EXPECT_NE(slurp(path("j.xml")).find("<failure type=\"certificate\""), std::string::npos);
    // The regressions file is a corpus that lints clean.
    auto lint = run_cli({"corpus", "lint", path("reg.yaml")});
    EXPECT_EQ(lint.exit_code, 0) << lint.err;
    const auto loaded = np::corpus::load({path("reg.yaml")});
    EXPECT_FALSE(loaded.corpus.puzzles.empty());
    for (const auto& e : loaded.corpus.puzzles) {
        EXPECT_NE(std::find(e.tags.begin(), e.tags.end(), "regression"), e.tags.end());
        EXPECT_NE(std::find(e.tags.begin(), e.tags.end(), "fixture-liar"), e.tags.end());
    }
    // The report keeps each failure's entry and truth: merging it (one shard
    // of one) writes the same regressions file.
    // (The files differ in their first lines only: the run each came from.)
    auto merged = run_cli({"verify", "--merge", path("r.json"), "--regressions", path("merged.yaml")});
    EXPECT_EQ(merged.exit_code, 1) << merged.err;
    auto entries = [](const std::string& text) { return text.substr(text.find("\n- ")); };
    EXPECT_EQ(entries(slurp(path("merged.yaml"))), entries(slurp(path("reg.yaml"))));
}

TEST_F(Verify, PlainFilesAreCrossCheckedAndTheOracleDecides) {
    // A unique 4x4, an empty (multiple) one, and one with duplicate givens.
    const std::string file = write("plain.txt", "1..4.........32.\n................\n11..............\n");
    auto honest = run_cli({"verify", file, "--report", path("h.json")});
    EXPECT_EQ(honest.exit_code, 0) << honest.out << honest.err;
    auto liar = run_cli({"verify", file, "--plugin-dir", np::test::liar_dir(), "--plugins",
                         "fixture-liar,bitmask-mrv", "--report", path("l.json"), "--regressions", path("reg.yaml")});
    EXPECT_EQ(liar.exit_code, 1);
    const json report = json::parse(slurp(path("l.json")));
    std::map<std::string, json> by;  // "plugin entry" -> row
    for (const auto& r : rows_of(report)) by[r["plugin"].get<std::string>() + " " + r["entry"].get<std::string>()] = r;
    // The empty grid: two different valid solutions (the liar's and
    // bitmask-mrv's) refute the liar's "unique" whatever it claims.
    const json empty = by["fixture-liar " + file + ":2"];
    EXPECT_EQ(empty["status"], "fail") << empty;
    EXPECT_EQ(empty["kind"], "disagreement");
    EXPECT_EQ(by["bitmask-mrv " + file + ":2"]["status"], "pass");
    // Duplicate givens: the liar's pattern ignores... it keeps the givens, so
    // its "solution" breaks a rule: a certificate failure.
    EXPECT_EQ(by["fixture-liar " + file + ":3"]["kind"], "certificate");
    EXPECT_EQ(run_cli({"corpus", "lint", path("reg.yaml")}).exit_code, 0);
}

TEST_F(Verify, APluginThatAnswersUnknownToEverythingFails) {
    // With one node per call backtrack settles only the duplicate givens.
    auto run = run_cli({"verify", good_yaml(), "--plugins", "backtrack", "--max-nodes", "1", "--no-generator-sweep",
                        "--min-conclusive", "50", "--report", path("r.json")});
    EXPECT_EQ(run.exit_code, 1);
    const json report = json::parse(slurp(path("r.json")));
    bool inconclusive = false;
    // A row that passed has no "kind": read with value(), never a const
    // operator[] (undefined for a missing key; the coverage build's
    // assertions caught it).
    for (const auto& r : rows_of(report))
        inconclusive |= r.value("kind", "") == "inconclusive" && r.value("plugin", "") == "backtrack";
    EXPECT_TRUE(inconclusive) << run.out;
}

TEST_F(Verify, GeneratorEntriesAreJudged) {
    const std::string yaml = write("gen.yaml", R"(- id: liar-bad-grids
  kind: generator
  plugin: fixture-liar
  what: grid
  size: 2x2
  seed: 1
  count: 3
  options: {lie: bad-grid}
  expect:
    properties: [full, valid, deterministic]
  source: test
- id: liar-good-grids
  kind: generator
  plugin: fixture-liar
  what: grid
  size: 2x3
  seed: 1
  count: 4
  expect:
    properties: [full, valid, deterministic]
  source: test
)");
    auto run = run_cli({"verify", yaml, "--plugin-dir", np::test::liar_dir(), "--plugins", "fixture-liar",
                        "--no-generator-sweep", "--report", path("r.json")});
    EXPECT_EQ(run.exit_code, 1);
    const json report = json::parse(slurp(path("r.json")));
    ASSERT_EQ(report["rows"].size(), 2u);
    EXPECT_EQ(report["rows"][0]["status"], "fail");
    EXPECT_EQ(report["rows"][0]["kind"], "generator");
    EXPECT_NE(report["rows"][0]["finding"].get<std::string>().find("breaks a rule"), std::string::npos);
    EXPECT_EQ(report["rows"][1]["status"], "pass");
}

TEST_F(Verify, ShardedAndMergedEqualsUnsharded) {
    const std::vector<std::string> base = {"verify", good_yaml(), np::test::source_dir() + "/../corpus/sizes-2x3.yaml",
                                           "--plugins", "bitmask-mrv,exhaustive-count"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return run_cli(args);
    };
    auto whole = with({"--report", path("whole.json")});
    ASSERT_EQ(whole.exit_code, 0) << whole.out;
    for (const std::string i : {"1", "2", "3"})
        ASSERT_EQ(with({"--shard", i + "/3", "--report", path("s" + i + ".json")}).exit_code, 0);
    auto merged = run_cli({"verify", "--merge", path("s2.json"), path("s1.json"), path("s3.json"), "--report",
                           path("merged.json")});
    EXPECT_EQ(merged.exit_code, whole.exit_code) << merged.err;
    const json a = json::parse(slurp(path("whole.json"))), b = json::parse(slurp(path("merged.json")));
    ASSERT_EQ(a["rows"].size(), b["rows"].size());
    for (std::size_t i = 0; i < a["rows"].size(); ++i)
        for (const char* key : {"entry", "plugin", "operation", "status"})
            EXPECT_EQ(a["rows"][i][key], b["rows"][i][key]) << i << " " << key;
    // A missing shard, a doubled one, or one from another run is refused.
    EXPECT_EQ(run_cli({"verify", "--merge", path("s1.json"), path("s2.json")}).exit_code, 2);
    auto doubled = run_cli({"verify", "--merge", path("s1.json"), path("s1.json"), path("s2.json"), path("s3.json")});
    EXPECT_EQ(doubled.exit_code, 2);
    EXPECT_NE(doubled.err.find("given twice"), std::string::npos) << doubled.err;
    ASSERT_EQ(with({"--shard", "1/2", "--report", path("other.json")}).exit_code, 0);
    auto mixed = run_cli({"verify", "--merge", path("other.json"), path("s2.json"), path("s3.json")});
    EXPECT_EQ(mixed.exit_code, 2);
    EXPECT_NE(mixed.err.find("different run"), std::string::npos) << mixed.err;
}

// Found by the report fuzz target: a count such as 1e300 was converted to an
// integer (undefined behaviour). Now a report whose counts are not whole
// numbers in range is refused with a reason.
TEST_F(Verify, MergeRefusesAReportWhoseCountsAreNotWholeNumbers) {
    ASSERT_EQ(run_cli({"verify", good_yaml(), "--plugins", "bitmask-mrv", "--report", path("r.json")}).exit_code, 0);
    const auto good = np::test::read_report(path("r.json"));
    const std::vector<std::pair<std::string, json>> bad = {
        {"micros", 1e300}, {"micros", -1}, {"unit", 2.5}, {"exit_code", 70000}};
    for (const auto& [field, value] : bad) {
        auto report = good;
        if (field == "exit_code") report["summary"][field] = value;
        else report["rows"][0][field] = value;
        const std::string file = np::test::write_report(path(field + ".json"), report);
        auto merged = run_cli({"verify", "--merge", file});
        EXPECT_EQ(merged.exit_code, 2) << field;
        EXPECT_NE(merged.err.find("'" + field + "' is not a whole number in range"), std::string::npos)
            << merged.err;
    }
    // The same for the format's version (the long fuzz run's find).
    auto version = good;
    version["numplace_verify"] = 1.5e82;
    auto refused = run_cli({"verify", "--merge", np::test::write_report(path("version.json"), version)});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("not a numplace verify report"), std::string::npos) << refused.err;
}

// A shard cut short by a signal (a Slurm task out of time) leaves a partial
// report; merging it must not say the run passed.
TEST_F(Verify, MergingAnInterruptedShardIsInterrupted) {
    ASSERT_EQ(run_cli({"verify", good_yaml(), "--plugins", "bitmask-mrv", "--report", path("r.json")}).exit_code, 0);
    // (Set by hand, with the digest made again: a real interrupted shard is
    // tested in interrupt_test.cpp.)
    auto report = np::test::read_report(path("r.json"));
    report["summary"]["interrupted"] = true;
    np::test::seal(report);
    auto merged = run_cli({"verify", "--merge", np::test::write_report(path("cut.json"), report), "--report", path("m.json")});
    EXPECT_EQ(merged.exit_code, 130) << merged.err;
    EXPECT_NE(merged.err.find("a shard was interrupted, so the merged report is partial"), std::string::npos)
        << merged.err;
    const json merged_report = json::parse(slurp(path("m.json")));
    EXPECT_TRUE(merged_report["summary"]["interrupted"].get<bool>());
    EXPECT_EQ(merged_report["summary"]["exit_code"], 130) << "the report says what the process exits with";
}

TEST_F(Verify, BadInputIsAnInputErrorAndTheRestRuns) {
    const std::string file = write("mixed.txt", "1..4.........32.\nnot a puzzle\n");
    auto run = run_cli({"verify", file, "--plugins", "bitmask-mrv", "--report", path("r.json")});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.out.find("INPUT " + file + ":2: not a puzzle"), std::string::npos) << run.out;
    const json report = json::parse(slurp(path("r.json")));
    EXPECT_EQ(report["rows"].size(), 1u);
    EXPECT_EQ(report["rows"][0]["status"], "pass");
    EXPECT_EQ(run_cli({"verify", "--plugins", "no-such"}).exit_code, 2);
    EXPECT_EQ(run_cli({"verify", "--shard", "3/2"}).exit_code, 2);
    EXPECT_EQ(run_cli({"verify", file, "--oracle", "no-such"}).exit_code, 2);
}

// A plugin that hangs costs --max-timeouts watchdog waits, not one per
// entry: mutant-loop-none loops on every puzzle without a solution (12 in
// unsolvable.yaml). With -j 1 the bound is exact; the calls after it are
// skips marked not_run, and --resume runs them again.
TEST_F(Verify, AHangingPluginStopsAfterMaxTimeoutsAndResumeRunsTheRest) {
    const std::string unsolvable = np::test::source_dir() + "/../corpus/unsolvable.yaml";
    const std::string mutants = np::test::fixture_dir() + "/../mutant-plugins";
    auto verify = [&](const std::string& report, std::vector<std::string> extra) {
        std::vector<std::string> args = {"verify", unsolvable, "--plugin-dir", mutants, "--plugins",
                                         "mutant-loop-none", "--timeout", "1", "--max-timeouts", "2",
                                         "-j", "1", "--no-generator-sweep", "--report", path(report)};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_cli(args);
    };
    auto count = [](const json& report, const std::string& what) {
        std::size_t n = 0;
        for (const auto& r : rows_of(report))
            n += what == "not_run" ? r.value("not_run", false) : r.value("kind", "") == what;
        return n;
    };
    const auto first = verify("first.json", {});
    EXPECT_EQ(first.exit_code, 1) << first.out << first.err;  // the timed-out rows fail the run
    const json report = json::parse(slurp(path("first.json")));
    ASSERT_EQ(report["rows"].size(), 12u);
    EXPECT_EQ(count(report, "timed-out"), 2u) << report["rows"];
    EXPECT_EQ(count(report, "not_run"), 10u);
    for (const auto& r : rows_of(report))
        if (r.value("not_run", false)) {
            EXPECT_EQ(r["status"], "skip");
            EXPECT_EQ(r["finding"], "not run: mutant-loop-none timed out 2 times (--max-timeouts 2)");
        }
    EXPECT_NE(first.out.find("SKIP mutant-loop-none: 10 rows not run"), std::string::npos) << first.out;
    EXPECT_NE(first.out.find("12 rows, 2 failed, 10 not run (--max-timeouts; SKIP above)"), std::string::npos)
        << first.out;

    // Resumed: the units with not_run rows run again, two more time out.
    const auto resumed = verify("second.json", {"--resume", path("first.json")});
    EXPECT_EQ(resumed.exit_code, 1) << resumed.err;
    const json again = json::parse(slurp(path("second.json")));
    ASSERT_EQ(again["rows"].size(), 12u);
    EXPECT_EQ(count(again, "timed-out"), 4u);
    EXPECT_EQ(count(again, "not_run"), 8u);

    // The bound is part of the fingerprint: another one is another run.
    const auto other = run_cli({"verify", unsolvable, "--plugin-dir", mutants, "--plugins", "mutant-loop-none",
                                "--timeout", "1", "-j", "1", "--no-generator-sweep", "--resume", path("first.json")});
    EXPECT_EQ(other.exit_code, 2);
    EXPECT_NE(other.err.find("other inputs, plugins or settings"), std::string::npos) << other.err;
}

// A batch of more calls than --max-timeouts allows runs under a deadline
// (allowance x (timeout + grace): 2 s here); the call in hand when it passes
// is told to stop, and a plugin that honours that answers "unknown" with
// what it has. That is verify's scheduling, not the plugin's answer: the
// call is sent again with the calls after it, so every row here passes
// (fixture-patient takes 300 ms a call, 12 calls, 3.6 s in all).
TEST_F(Verify, ACallStoppedByItsBatchsDeadlineIsSentAgain) {
    const std::string base = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    std::string yaml;
    for (int k = 0; k < 12; ++k) {
        std::string grid = base;
        for (char& ch : grid) ch = static_cast<char>('1' + (ch - '1' + k) % 9);  // a relabelling: still valid
        yaml += "- id: full-" + std::to_string(k) + "\n  puzzle: " + grid + "\n  expect:\n    verdict: unique\n"
                "    solution: " + grid + "\n  source: a relabelling of one grid (this test)\n";
    }
    const std::string file = path("full.yaml");
    std::ofstream(file) << yaml;
    const auto run = run_cli({"verify", file, "--plugin-dir", np::test::fixture_dir() + "/../fixture-patient", "--plugins",
                              "fixture-patient", "--timeout", "1", "--max-timeouts", "1", "-j", "1",
                              "--no-generator-sweep", "--report", path("patient.json")});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    const json report = json::parse(slurp(path("patient.json")));
    ASSERT_EQ(report["rows"].size(), 12u);
    for (const auto& r : rows_of(report)) EXPECT_EQ(r["status"], "pass") << r;
}

// The default bound, given or not, is the same run (the fingerprint of a
// default run is the one it had before --max-timeouts existed).
TEST_F(Verify, TheDefaultMaxTimeoutsKeepsTheFingerprint) {
    const std::vector<std::string> base = {"verify", good_yaml(), "--plugins", "bitmask-mrv", "--no-generator-sweep"};
    auto fingerprint = [&](const std::string& name, std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        args.insert(args.end(), {"--report", path(name)});
        EXPECT_EQ(run_cli(args).exit_code, 0);
        return json::parse(slurp(path(name)))["run"]["fingerprint"].get<std::string>();
    };
    const std::string plain = fingerprint("a.json", {});
    EXPECT_EQ(fingerprint("b.json", {"--max-timeouts", "3"}), plain);
    EXPECT_NE(fingerprint("c.json", {"--max-timeouts", "0"}), plain);
}

// --quick: every shape, every kind of entry and every expectation of the
// bundled corpus, the generator sweep with seed 1 only, and fewer entries.
TEST_F(Verify, QuickCoversEveryShapeAndKindInFewerEntries) {
    const auto run = run_cli({"verify", "--quick", "--report", path("q.json")});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    const json report = json::parse(slurp(path("q.json")));
    std::set<std::string> entries, operations, sweep_seeds;
    for (const auto& r : rows_of(report)) {
        const std::string entry = r["entry"].get<std::string>();
        entries.insert(entry);
        operations.insert(r["operation"].get<std::string>());
        if (entry.rfind("generate-", 0) == 0) sweep_seeds.insert(entry.substr(entry.rfind('-') + 1));
    }
    EXPECT_EQ(operations, (std::set<std::string>{"check", "count", "generate", "parse", "solve"}));
    EXPECT_EQ(sweep_seeds, std::set<std::string>{"seed1"});
    // What the corpus has, and what --quick took of it.
    const auto corpus = np::corpus::load({np::test::source_dir() + "/../corpus"}).corpus;
    std::set<std::string> shapes, quick_shapes, verdicts, quick_verdicts, generators, quick_generators;
    std::size_t checks = 0, quick_checks = 0;
    for (const auto& e : corpus.puzzles) {
        const std::string verdict(np::verdict_name(e.expect.verdict));
        shapes.insert(e.size.name());
        verdicts.insert(verdict);
        if (entries.count(e.id)) {
            quick_shapes.insert(e.size.name());
            quick_verdicts.insert(verdict);
        }
    }
    for (const auto& e : corpus.grid_checks) {
        ++checks;
        quick_checks += entries.count(e.id);
    }
    for (const auto& e : corpus.generators) {
        generators.insert(e.plugin);
        if (entries.count(e.id)) quick_generators.insert(e.plugin);
    }
    EXPECT_EQ(quick_shapes, shapes);
    EXPECT_EQ(quick_verdicts, verdicts);
    EXPECT_EQ(quick_generators, generators);
    EXPECT_GT(quick_checks, 0u);
    const std::size_t corpus_entries = corpus.puzzles.size() + checks + corpus.generators.size();
    EXPECT_LT(entries.size(), corpus_entries) << "--quick has fewer entries, so fewer rows, than the full run";
}

// --quick on a plugin that generates: the sweep runs the shapes up to 9x9
// only (a generator's larger calls took most of a quick run, issue 41), and
// the summary says so; the full run still has the large shapes.
TEST_F(Verify, QuickBoundsTheGeneratorSweepAndSaysSo) {
    const auto run = run_cli({"verify", "--quick", "--plugins", "bitmask-mrv", "--report", path("q.json")});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("\n--quick: the generator sweep ran shapes 2x2 to 3x3 only (seed 1); its 3x4, 4x4, 5x5 "
                           "calls are left to the full run\n"),
              std::string::npos)
        << run.out;
    // The table's footnote says what its "host" row is.
    EXPECT_NE(run.out.find("(host: not a plugin, numplace's own parser"), std::string::npos) << run.out;
    std::set<std::string> shapes;
    for (const auto& r : rows_of(json::parse(slurp(path("q.json"))))) {
        const std::string entry = r["entry"].get<std::string>();
        if (entry.rfind("generate-bitmask-mrv-", 0) != 0) continue;
        const std::size_t end = entry.rfind("-seed"), start = entry.rfind('-', end - 1) + 1;  // ...-grid-2x2-seed1
        shapes.insert(entry.substr(start, end - start));
    }
    EXPECT_EQ(shapes, (std::set<std::string>{"2x2", "2x3", "3x3"}));
    // Without --quick the 16x16 is swept (here its one grid call) and
    // nothing is said.
    const auto full = run_cli({"verify", "--plugins", "bitmask-mrv", "--ids", "generate-bitmask-mrv-grid-4x4-seed1",
                               "--report", path("f.json")});
    EXPECT_EQ(full.exit_code, 0) << full.out << full.err;
    const auto rows = rows_of(json::parse(slurp(path("f.json"))));
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0]["status"], "pass") << rows[0].dump();
    EXPECT_EQ(full.out.find("--quick"), std::string::npos) << full.out;
}

// Off a terminal (a CI log), verify prints a progress line now and then;
// NUMPLACE_PROGRESS_SECONDS=0 makes it one per update, so that the test
// needs no clock.
TEST_F(Verify, ProgressLinesWhenStderrIsNotATerminal) {
    const auto run = run_cli({"verify", good_yaml(), "--plugins", "bitmask-mrv", "--no-generator-sweep"}, "",
                             {{"NUMPLACE_PROGRESS_SECONDS", "0"}});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    // The last update is the whole run: "N/N entries".
    EXPECT_TRUE(std::regex_search(run.err, std::regex("numplace verify: ([0-9]+)/\\1 entries after [0-9]+ s\n")))
        << run.err;
    EXPECT_EQ(run.err.find('\r'), std::string::npos) << "no terminal bar in a log";
}

}  // namespace

namespace {

// verify reads a plain file twice (to count and fingerprint, then to run);
// a pipe can be read once only, so its puzzles are held: the rows are those
// of the same puzzles in a file.
TEST_F(Verify, APipeIsReadOnceAndJudgedLikeAFile) {
    const std::string puzzles = "1..4.........32.\n................\n.23..1..4.......\n";
    const std::string file = write("p.txt", puzzles);
    const std::string fifo = path("p.fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] { std::ofstream(fifo) << puzzles; });
    auto piped = run_cli({"verify", fifo, "--plugins", "bitmask-mrv", "--report", path("fifo.json")});
    writer.join();
    auto plain = run_cli({"verify", file, "--plugins", "bitmask-mrv", "--report", path("file.json")});
    EXPECT_EQ(piped.exit_code, 0) << piped.err;
    EXPECT_EQ(plain.exit_code, 0) << plain.err;
    const json a = json::parse(slurp(path("fifo.json"))), b = json::parse(slurp(path("file.json")));
    ASSERT_EQ(a["rows"].size(), 3u);
    ASSERT_EQ(a["rows"].size(), b["rows"].size());
    for (std::size_t i = 0; i < a["rows"].size(); ++i)
        EXPECT_EQ(a["rows"][i]["verdict"], b["rows"][i]["verdict"]) << i;
}

}  // namespace

// Node budgets: a plugin may suggest a smaller budget than verify's default
// (ABI 3.3; logic suggests 20,000), an entry may ask for more (max_nodes),
// and --max-nodes, when given, overrides both. The puzzle needs about 40,000
// of logic's nodes (a cell forcing chain near the end).
TEST_F(Verify, APluginsSuggestedBudgetAnEntrysOwnAndAGivenOneApply) {
    const std::string entry = R"(- id: needs-forty-thousand
  puzzle: "..17653.....3.8.......9......6...4..18.....232.4...6.55..8.9..7.1.....4...82715.."
  expect:
    verdict: unique
    solution: "921765384475318296863492751356927418187654923294183675532849167719536842648271539"
  source: "Sudoku Exchange puzzle bank, diabolical (public domain), line 1965"
)";
    const std::string plain = write("plain.yaml", entry);
    const std::string more = write("more.yaml", entry + "  max_nodes: 100000\n");
    auto verdict = [&](const std::vector<std::string>& extra) {
        std::vector<std::string> args = {"verify",         "--plugins", "logic", "--no-generator-sweep",
                                          "--min-conclusive", "0",       "--report", "-"};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto run = run_cli(args);
        EXPECT_EQ(run.exit_code, 0) << run.err;
        const json report = json::parse(run.out);
        return rows_of(report).at(0)["verdict"].get<std::string>();
    };
    EXPECT_EQ(verdict({plain}), "unknown");                          // logic's own 20,000
    EXPECT_EQ(verdict({more}), "unique");                            // the entry's 100,000
    EXPECT_EQ(verdict({plain, "--max-nodes", "100000"}), "unique");  // given: 100,000
    EXPECT_EQ(verdict({more, "--max-nodes", "1000"}), "unknown");    // given wins over the entry
    const auto listed = run_cli({"plugins", "--format", "json"});
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    bool seen = false;
    const json plugins = json::parse(listed.out);
    for (const json& p : plugins["plugins"])
        if (p["name"] == "logic") {
            seen = true;
            EXPECT_EQ(p.value("suggested_max_nodes", 0), 20000);
        }
    EXPECT_TRUE(seen);
}

// Which budget a call gets. A plugin cannot raise one by suggesting it: a
// descriptor that suggests every node there is still gets verify's default.
TEST(VerifyBudget, ASuggestionOnlyEverLowersTheDefault) {
    np::harness::Settings s;
    const auto& logic = np::test::bundled_plugin("logic");
    const auto& plain = np::test::bundled_plugin("bitmask-mrv");
    static np_plugin greedy_descriptor = plain.descriptor();
    greedy_descriptor.suggested_max_nodes = UINT64_MAX;
    const np::Plugin greedy(nullptr, &greedy_descriptor, "greedy");
    EXPECT_EQ(greedy.suggested_max_nodes(), UINT64_MAX);
    EXPECT_EQ(s.nodes_for(greedy), 200000u);
    EXPECT_EQ(s.nodes_for(logic), 20000u);
    EXPECT_EQ(s.nodes_for(plain), 200000u);
    EXPECT_EQ(s.nodes_for(logic, 500000), 500000u);
    EXPECT_EQ(s.nodes_for(plain, 500000), 500000u);
    EXPECT_EQ(s.nodes_for(plain, 1000), 200000u);  // an entry only ever raises a budget
    s.max_nodes = 0;  // no limit, not given: the suggestion still bounds logic
    EXPECT_EQ(s.nodes_for(logic), 20000u);
    EXPECT_EQ(s.nodes_for(plain), 0u);
    EXPECT_EQ(s.nodes_for(plain, 1000), 0u);
    s.max_nodes_given = true;
    EXPECT_EQ(s.nodes_for(logic, 500000), 0u);
}
