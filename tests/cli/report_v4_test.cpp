// Report version 4 (docs/report-format.md) through the binary: bench's CPU
// and wall time read by the parent, timeouts and PAR-2, the per-puzzle
// sample that is the same for every plugin; verify's tags, the command that
// reruns a row (run here), a failed row's grids, the summary's CPU figures
// and how --merge adds them; a malformed version 4 field refused with one
// line. Amounts of work and inequalities that hold on any machine are
// asserted, never a duration.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "corpus/corpus.hpp"
#include "report_forge.hpp"
#include "test_support.hpp"

namespace {

using np::test::run_cli;
using json = nlohmann::json;
namespace fs = std::filesystem;

// A large --seconds: the whole small file on any machine (bench_test.cpp).
const char* const kWholeFile = "1000";

// backtrack needs millions of nodes on this 17-clue puzzle (seconds), far
// beyond the 20 ms timeout the timeout test gives it.
const char* const kHardForBacktrack = ".................1..1..2.34.....1....5....6..67....8......7.......26.5....4.....9";

class ReportV4 : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-report4-XXXXXX";
        dir = mkdtemp(name);
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& file) const { return (dir / file).string(); }
    std::string write(const std::string& file, const std::string& text) const {
        std::ofstream(dir / file, std::ios::binary) << text;
        return path(file);
    }
    json read_json(const std::string& file) const {
        std::ifstream in(dir / file);
        return json::parse(in);
    }
    // Twelve unique 9x9 puzzles made by bitmask-mrv.
    std::string puzzles_file() {
        auto made = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--count", "12", "--seed", "5"});
        EXPECT_EQ(made.exit_code, 0) << made.err;
        return write("puzzles.txt", made.out);
    }
    fs::path dir;
};

std::map<std::string, json> by_plugin(const json& doc) {
    std::map<std::string, json> rows;
    for (const auto& row : doc["rows"]) rows[row["plugin"].get<std::string>()] = row;
    return rows;
}

// What every measured solving row of version 4 has, whatever the machine.
void expect_v4_row(const json& row, std::size_t dataset_size) {
    SCOPED_TRACE(row.dump().substr(0, 400));
    ASSERT_EQ(row["status"], "measured");
    // Read by the parent from wait4: a single-threaded child cannot use
    // more CPU than the wall time from its fork to its reaping.
    EXPECT_GE(row["cpu_seconds"].get<double>(), 0.0);
    EXPECT_GT(row["wall_seconds"].get<double>(), 0.0);
    EXPECT_LE(row["cpu_seconds"].get<double>(), row["wall_seconds"].get<double>());
    EXPECT_TRUE(row["timeouts"].is_number_unsigned());
    const json& p = row["puzzles"];
    ASSERT_EQ(p["index"].size(), p["us"].size());
    std::set<uint64_t> distinct;
    for (const auto& i : p["index"]) {
        EXPECT_LT(i.get<uint64_t>(), dataset_size);
        distinct.insert(i.get<uint64_t>());
    }
    EXPECT_EQ(distinct.size(), p["index"].size());  // a sample, no puzzle twice
}

TEST_F(ReportV4, BenchRowsCarryCpuPar2AndOneSampleForEveryPlugin) {
    const auto file = puzzles_file();
    auto run = run_cli({"bench", file, "--plugins", "bitmask-mrv,exhaustive-count,backtrack", "--seconds", kWholeFile,
                        "--warmup", "0.05", "--sample-cap", "5", "--json", path("b.json"), "--csv", path("b.csv")});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("CPU s"), std::string::npos) << run.out;
    const json doc = read_json("b.json");
    EXPECT_EQ(doc["numplace_bench"], 4);
    EXPECT_EQ(doc["settings"]["sample_cap"], 5);
    auto rows = by_plugin(doc);
    ASSERT_EQ(rows.size(), 3u);
    const json index = rows["bitmask-mrv"]["puzzles"]["index"];
    EXPECT_EQ(index.size(), 5u);
    for (const auto& [plugin, row] : rows) {
        expect_v4_row(row, 12);
        // The same puzzles, in the same order, for every plugin.
        EXPECT_EQ(row["puzzles"]["index"], index) << plugin;
        // These easy puzzles: every call concluded, a figure each.
        EXPECT_EQ(row["timeouts"], 0) << plugin;
        EXPECT_EQ(row["puzzles"]["not_reached"], 0) << plugin;
        for (const auto& us : row["puzzles"]["us"]) EXPECT_TRUE(us.is_number() && us.get<double>() > 0) << plugin;
        // PAR-2 with nothing unsolved is the mean time of the timed pass.
        EXPECT_NEAR(row["par2_seconds"].get<double>(), row["mean_us"].get<double>() * 1e-6, 1e-9) << plugin;
    }
    // The CSV has the new columns, filled.
    std::ifstream csv(dir / "b.csv");
    std::string head;
    std::getline(csv, head);
    EXPECT_NE(head.find(",cpu_seconds,wall_seconds,timeouts,par2_seconds"), std::string::npos) << head;
    // The sample comes from the seed and the dataset, not from the plugins
    // measured: another run with one plugin times the same puzzles.
    auto alone = run_cli({"bench", file, "--plugins", "backtrack", "--seconds", kWholeFile, "--warmup", "0.05",
                          "--sample-cap", "5", "--json", "-"});
    ASSERT_EQ(alone.exit_code, 0) << alone.err;
    EXPECT_EQ(json::parse(alone.out)["rows"][0]["puzzles"]["index"], index);
}

TEST_F(ReportV4, BenchCountsTimeoutsAndScoresThemTwiceTheTimeout) {
    // One puzzle backtrack cannot finish within 20 ms, then two it can.
    const auto nine = write("nine.txt", std::string(kHardForBacktrack) +
                                            "\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
    auto run = run_cli({"bench", nine, "--plugins", "backtrack", "--timeout", "0.02", "--seconds", kWholeFile,
                        "--warmup", "0.05", "--json", path("t.json")});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const json row = read_json("t.json")["rows"][0];
    expect_v4_row(row, 2);
    ASSERT_EQ(row["timed"], 2) << row.dump();
    EXPECT_EQ(row["timeouts"], 1) << row.dump();
    EXPECT_EQ(row["unknown"], 1);
    // PAR-2: (2 x 0.02 s + the solved one's time) / 2.
    const double par2 = row["par2_seconds"].get<double>();
    EXPECT_GT(par2, 2 * 0.02 / 2);
    EXPECT_LT(par2, 2 * 0.02 / 2 + row["p99_us"].get<double>() * 1e-6);
    // The sample holds both puzzles; the timed-out one has no figure.
    const json& p = row["puzzles"];
    ASSERT_EQ(p["index"].size(), 2u);
    for (std::size_t k = 0; k < 2; ++k) EXPECT_EQ(p["us"][k].is_null(), p["index"][k] == 0) << p.dump();
    EXPECT_NE(run.out.find("PAR-2 s"), std::string::npos) << run.out;  // a column once a puzzle timed out
}

TEST_F(ReportV4, ACommandLineSolversProcessesCountInItsCpuTime) {
    auto listed = run_cli({"plugins"});
    if (listed.out.find("qqwing-cli") == std::string::npos) GTEST_SKIP() << "qqwing-cli is not loaded here";
    const auto file = puzzles_file();
    // Without the sandbox: a command-line solver does not start inside
    // bench's sandboxed child (a limitation of that child, noted in
    // docs/benchmarks.md); --isolate's workers are sandboxed.
    for (const bool isolate : {false, true}) {
        std::vector<std::string> args = {"bench", file, "--plugins", "qqwing-cli", "--seconds", kWholeFile,
                                         "--warmup", "0.05", "--limit", "1", "--json", path("q.json")};
        args.push_back(isolate ? "--isolate" : "--no-sandbox");
        auto run = run_cli(args);
        ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
        const json row = read_json("q.json")["rows"][0];
        SCOPED_TRACE(isolate ? "--isolate" : "in a child");
        ASSERT_EQ(row["status"], "measured") << row.dump();
        ASSERT_EQ(row["timed"], 12);
        // The solver's own processes did the work: without their time the
        // figure would be the waiting parent's, next to nothing. (With
        // --isolate it is read in clock ticks, 10 ms, over 12 processes.)
        EXPECT_GT(row["cpu_seconds"].get<double>(), 0.0) << row.dump();
        EXPECT_LE(row["cpu_seconds"].get<double>(), row["wall_seconds"].get<double>() + 0.02) << row.dump();
    }
}

TEST_F(ReportV4, BenchResumeRefusesAMalformedV4FieldInOneLine) {
    const auto file = puzzles_file();
    auto first = run_cli({"bench", file, "--plugins", "bitmask-mrv", "--seconds", kWholeFile, "--warmup", "0.05",
                          "--sample-cap", "4", "--json", path("r.json")});
    ASSERT_EQ(first.exit_code, 0) << first.err;
    // A whole version 4 report resumes: its row is kept with its sample.
    auto again = run_cli({"bench", file, "--plugins", "bitmask-mrv", "--seconds", kWholeFile, "--warmup", "0.05",
                          "--sample-cap", "4", "--resume", path("r.json"), "--json", "-"});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(json::parse(again.out)["rows"][0]["puzzles"], read_json("r.json")["rows"][0]["puzzles"]);
    json bad = read_json("r.json");
    bad["rows"][0]["puzzles"]["us"][1] = "fast";
    write("bad.json", bad.dump());
    auto refused = run_cli({"bench", file, "--plugins", "bitmask-mrv", "--seconds", kWholeFile, "--warmup", "0.05",
                            "--sample-cap", "4", "--resume", path("bad.json")});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    EXPECT_NE(refused.err.find(path("bad.json")), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("puzzles.us holds \"fast\""), std::string::npos) << refused.err;
}

// ---- verify -------------------------------------------------------------------------------

std::vector<std::string> words_of(const std::string& command) {
    std::istringstream in(command);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// A row's command, run: its own rows (one per plugin it names), keyed by plugin.
std::map<std::string, json> rerun(const std::string& command, const std::string& report, int& exit_code) {
    auto words = words_of(command);
    EXPECT_GE(words.size(), 2u);
    EXPECT_EQ(words[0], "numplace");
    std::vector<std::string> args(words.begin() + 1, words.end());
    args.insert(args.end(), {"--report", report});
    auto run = run_cli(args);
    exit_code = run.exit_code;
    std::ifstream in(report);
    std::map<std::string, json> rows;
    const json doc = json::parse(in);
    for (const auto& r : doc["rows"])
        if (!r["unit"].is_null()) rows[r["plugin"].get<std::string>() + " " + r["entry"].get<std::string>()] = r;
    return rows;
}

TEST_F(ReportV4, VerifyRowsKeepTagsGridsAndACommandThatReproducesThem) {
    const std::string corpus = np::test::source_dir() + "/../corpus/sizes-2x2.yaml";
    const std::string plain = write("plain.txt", "1..4.........32.\n................\n11..............\n");
    auto run = run_cli({"verify", corpus, plain, "--plugin-dir", np::test::liar_dir(), "--plugins",
                        "fixture-liar,bitmask-mrv", "--no-generator-sweep", "--report", path("r.json")});
    ASSERT_EQ(run.exit_code, 1) << run.err;
    const json report = read_json("r.json");
    EXPECT_EQ(report["numplace_verify"], 4);
    const auto loaded = np::corpus::load({corpus});
    std::map<std::string, std::vector<std::string>> tags;
    for (const auto& e : loaded.corpus.puzzles) tags[e.id] = e.tags;
    std::size_t failures = 0, answers = 0;
    json certificate, corpus_failure;
    for (const auto& r : report["rows"]) {
        SCOPED_TRACE(r.dump().substr(0, 300));
        ASSERT_TRUE(r["tags"].is_array());
        if (r["unit"].is_null()) continue;  // derived rows: no command
        ASSERT_TRUE(r["reproduce"].is_string());
        const std::string entry = r["entry"];
        if (tags.count(entry)) {
            EXPECT_EQ(r["tags"].get<std::vector<std::string>>(), tags[entry]);
        } else {
            EXPECT_TRUE(r["tags"].empty());
        }
        if (r["status"] != "fail") {
            EXPECT_FALSE(r.contains("puzzle"));
            continue;
        }
        ++failures;
        ASSERT_EQ(r["box"], json::array({2, 2}));
        ASSERT_EQ(r["puzzle"].size(), 16u);
        if (r.contains("answer")) {
            ++answers;
            ASSERT_EQ(r["answer"].size(), 16u);
            // The plugin's grid as it came: it keeps no given it was handed
            // in a certificate failure, or it is another solution.
            EXPECT_NE(r["answer"], r["puzzle"]);
        }
        if (r["kind"] == "certificate" && entry.find("plain.txt:") != std::string::npos) certificate = r;
        if (tags.count(entry) && corpus_failure.is_null()) corpus_failure = r;
    }
    EXPECT_GT(failures, 0u);
    EXPECT_GT(answers, 0u);  // the liar's refused grids are shown
    ASSERT_FALSE(certificate.is_null());
    ASSERT_FALSE(corpus_failure.is_null());
    // Each command reruns its row: the same status, kind and finding.
    for (const json& row : {certificate, corpus_failure}) {
        SCOPED_TRACE(row["reproduce"].get<std::string>());
        int code = 0;
        auto again = rerun(row["reproduce"], path("again.json"), code);
        EXPECT_EQ(code, 1);
        const std::string key = row["plugin"].get<std::string>() + " " + row["entry"].get<std::string>();
        ASSERT_TRUE(again.count(key));
        EXPECT_EQ(again[key]["status"], row["status"]);
        EXPECT_EQ(again[key]["kind"], row["kind"]);
        EXPECT_EQ(again[key]["finding"], row["finding"]);
        EXPECT_EQ(again[key]["answer"], row["answer"]);
        // Only that entry ran.
        for (const auto& [k, r] : again) EXPECT_EQ(r["entry"], row["entry"]) << k;
    }
}

// The --plugins of a row's command.
std::vector<std::string> plugins_named(const std::string& command) {
    const auto words = words_of(command);
    const auto at = std::find(words.begin(), words.end(), "--plugins");
    if (at == words.end() || at + 1 == words.end()) return {};
    std::vector<std::string> names;
    std::stringstream list(*(at + 1));
    for (std::string name; std::getline(list, name, ',');) names.push_back(name);
    return names;
}

// Issue 41: a plain file's row named every plugin of the run. Now it names
// its plugin, and for a failure that rests on the others (a disagreement)
// the plugins the truth came from; a failure wrong on its face (duplicate
// givens called unique) needs only its plugin. The oracle answers anyway.
TEST_F(ReportV4, APlainRowsCommandNamesOnlyThePluginsItsJudgementNeeds) {
    const std::string plain = write("plain.txt", "................\n11..............\n");
    auto run = run_cli({"verify", plain, "--plugin-dir", np::test::liar_dir(), "--plugins",
                        "fixture-liar,fixture-liar-b,bitmask-mrv,backtrack", "--report", path("r.json")});
    ASSERT_EQ(run.exit_code, 1) << run.err;
    json disagreement, certificate;
    const json report = read_json("r.json");
    for (const auto& r : report["rows"]) {
        if (r["unit"].is_null() || r["plugin"] != "fixture-liar") continue;
        if (r["kind"] == "disagreement") disagreement = r;
        if (r["kind"] == "certificate") certificate = r;
    }
    ASSERT_FALSE(disagreement.is_null()) << run.out;
    ASSERT_FALSE(certificate.is_null()) << run.out;
    EXPECT_EQ(plugins_named(certificate["reproduce"]), std::vector<std::string>{"fixture-liar"})
        << certificate["reproduce"];
    // Two different solutions make the empty grid multiple; the finding
    // names whose, and the command names the row's plugin and them.
    const auto named = plugins_named(disagreement["reproduce"]);
    const std::string finding = disagreement["finding"];
    ASSERT_FALSE(named.empty());
    EXPECT_EQ(named[0], "fixture-liar");
    EXPECT_GE(named.size(), 2u) << disagreement["reproduce"];
    EXPECT_LT(named.size(), 4u) << disagreement["reproduce"];
    for (std::size_t i = 1; i < named.size(); ++i) EXPECT_NE(finding.find(named[i]), std::string::npos) << finding;
    // Each command reruns its row as it was.
    for (const json& row : {disagreement, certificate}) {
        SCOPED_TRACE(row["reproduce"].get<std::string>());
        int code = 0;
        auto again = rerun(row["reproduce"], path("again.json"), code);
        EXPECT_EQ(code, 1);
        const std::string key = "fixture-liar " + row["entry"].get<std::string>();
        ASSERT_TRUE(again.count(key));
        EXPECT_EQ(again[key]["kind"], row["kind"]);
        EXPECT_EQ(again[key]["finding"], row["finding"]);
    }
}

// The summary's CPU figures: per plugin over its calls, read by numplace;
// --merge adds the shards'.
TEST_F(ReportV4, VerifySummaryCpuIsPerPluginAndMergeAddsShards) {
    const std::string corpus = np::test::source_dir() + "/../corpus/sizes-2x2.yaml";
    for (const char* shard : {"1/2", "2/2"}) {
        auto run = run_cli({"verify", corpus, "--plugins", "bitmask-mrv,backtrack", "--no-generator-sweep", "--shard",
                            shard, "--report", path(std::string("s") + shard[0] + ".json")});
        ASSERT_EQ(run.exit_code, 0) << run.err;
    }
    const json s1 = read_json("s1.json"), s2 = read_json("s2.json");
    for (const json* s : {&s1, &s2})
        for (const char* plugin : {"bitmask-mrv", "backtrack"}) {
            const json& t = (*s)["summary"]["cpu"][plugin];
            EXPECT_GE(t["cpu_seconds"].get<double>(), 0.0) << plugin;
            EXPECT_GT(t["wall_seconds"].get<double>(), 0.0) << plugin;
        }
    auto merged = run_cli({"verify", "--merge", path("s1.json"), path("s2.json"), "--report", path("m.json")});
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    const json m = read_json("m.json");
    EXPECT_EQ(m["numplace_verify"], 4);
    for (const char* plugin : {"bitmask-mrv", "backtrack"})
        for (const char* field : {"cpu_seconds", "wall_seconds"})
            EXPECT_NEAR(m["summary"]["cpu"][plugin][field].get<double>(),
                        s1["summary"]["cpu"][plugin][field].get<double>() + s2["summary"]["cpu"][plugin][field].get<double>(),
                        1e-9)
                << plugin << " " << field;
    // --resume adds the earlier run's figures to its own: resuming a whole
    // report runs no call, so its figures are the earlier ones.
    auto resumed = run_cli({"verify", corpus, "--plugins", "bitmask-mrv,backtrack", "--no-generator-sweep", "--shard",
                            "1/2", "--resume", path("s1.json"), "--report", path("r1.json")});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(read_json("r1.json")["summary"]["cpu"], s1["summary"]["cpu"]);
}

// In process a call's CPU is its thread's CPU clock; it is given for calls
// of 10 ms or more only, in either mode.
TEST_F(ReportV4, VerifyRowsGiveCpuMicrosOnlyForLongCalls) {
    const std::string file = write("hard.txt", std::string(kHardForBacktrack) + "\n");
    for (const bool in_process : {true, false}) {
        // No node limit: backtrack runs to its 0.3 s deadline.
        std::vector<std::string> args = {"verify", file, "--plugins", "backtrack,bitmask-mrv", "--max-nodes", "0",
                                         "--timeout", "0.3", "--report", path("c.json")};
        if (in_process) args.push_back("--in-process");
        auto run = run_cli(args);
        ASSERT_LE(run.exit_code, 1) << run.err;
        bool long_call = false;
        const json doc = read_json("c.json");
        for (const auto& r : doc["rows"]) {
            if (r["unit"].is_null()) continue;
            const uint64_t micros = r["micros"];
            if (micros < 10000) {
                EXPECT_FALSE(r.contains("cpu_micros")) << r.dump();
            }
            // backtrack runs to its deadline here: a long call, which in
            // process always has its CPU time.
            if (r["plugin"] == "backtrack" && in_process && micros >= 10000) {
                long_call = true;
                EXPECT_TRUE(r.contains("cpu_micros")) << r.dump();
            }
        }
        if (in_process) {
            EXPECT_TRUE(long_call) << "backtrack's call took under 10 ms";
        }
    }
}

TEST_F(ReportV4, MergeRefusesAMalformedV4FieldInOneLine) {
    const std::string plain = write("plain.txt", "1..4.........32.\n................\n");
    auto run = run_cli({"verify", plain, "--plugin-dir", np::test::liar_dir(), "--plugins", "fixture-liar,bitmask-mrv",
                        "--report", path("r.json")});
    ASSERT_EQ(run.exit_code, 1) << run.err;
    auto forged = np::test::read_report(path("r.json"));
    bool edited = false;
    for (auto& row : forged["rows"])
        if (row.contains("puzzle") && !edited) {
            row["puzzle"].erase(0);  // 15 cells for a 4x4
            edited = true;
        }
    ASSERT_TRUE(edited);
    np::test::seal(forged);  // the digest made anew: the field's own check must refuse it
    np::test::write_report(path("bad.json"), forged);
    auto refused = run_cli({"verify", "--merge", path("bad.json"), "--report", path("m.json")});
    EXPECT_EQ(refused.exit_code, 2) << refused.out << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    EXPECT_NE(refused.err.find(path("bad.json")), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("'puzzle' is not 16 cells"), std::string::npos) << refused.err;
}

// A bad step's row shows the board just before that step: the entry's
// givens and the singles placed before it (fixture-bad-steps places
// singles, then takes an unsound naked pair: step 5 on top95-17).
TEST_F(ReportV4, AFailedStepShowsTheBoardBeforeIt) {
    const std::string corpus = np::test::source_dir() + "/../corpus/top95.yaml";
    auto run = run_cli({"verify", corpus, "--ids", "top95-17", "--plugin-dir",
                        np::test::fixture_dir() + "/../fixture-bad-steps", "--plugins", "fixture-bad-steps",
                        "--report", path("s.json")});
    ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
    const auto loaded = np::corpus::load({corpus});
    const np::Grid* givens = nullptr;
    for (const auto& e : loaded.corpus.puzzles)
        if (e.id == "top95-17") givens = std::get_if<np::Grid>(&e.puzzle);
    ASSERT_NE(givens, nullptr);
    const json report = read_json("s.json");
    const json& row = report["rows"][0];
    ASSERT_EQ(row["kind"], "step") << row.dump();
    ASSERT_EQ(row["finding"].get<std::string>().rfind("step 5 ", 0), 0u) << row["finding"];
    const auto board = row["puzzle"].get<std::vector<int>>();
    ASSERT_EQ(board.size(), 81u);
    std::size_t placed = 0;
    for (std::size_t i = 0; i < 81; ++i) {
        if (givens->cells[i] != 0) {
            EXPECT_EQ(board[i], givens->cells[i]) << "cell " << i;
        }
        placed += givens->cells[i] == 0 && board[i] != 0;
    }
    EXPECT_EQ(placed, 4u);  // steps 1 to 4 each placed a single
}

}  // namespace
