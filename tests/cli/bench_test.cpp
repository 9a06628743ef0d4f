// numplace bench: the table and its files for honest plugins; findings, never
// figures, for a liar, a plugin whose verdict the oracle contradicts, and a
// crashing one; datasets in every accepted form; generators. Only amounts of
// work are fixed here, never a duration: no figure is asserted beyond being
// positive.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace {

// For a dataset, --seconds sizes the sample (the warm-up's rate x seconds,
// at most the whole file): a large value means "the whole small file" on any
// machine, however loaded. The timed pass still goes over the file once.
const char* const kWholeFile = "1000";

using np::test::real_segv;
using np::test::run_cli;
using json = nlohmann::json;

class Bench : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-bench-XXXXXX";
        dir = mkdtemp(name);
    }
    void TearDown() override { std::filesystem::remove_all(dir); }

    std::string write(const std::string& file, const std::string& text) {
        const auto path = (dir / file).string();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    // Twelve unique 9x9 puzzles, made by bitmask-mrv (proved unique by the
    // host's tests elsewhere; here the bench's own oracle checks them).
    std::string puzzles_file() {
        auto made = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--count", "12", "--seed", "5"});
        EXPECT_EQ(made.exit_code, 0) << made.err;
        return write("puzzles.txt", made.out);
    }
    json read_json(const std::string& file) {
        std::ifstream in(dir / file);
        return json::parse(in);
    }
    std::filesystem::path dir;
};

// The rows of the JSON, by plugin.
std::map<std::string, json> by_plugin(const json& doc) {
    std::map<std::string, json> rows;
    for (const auto& row : doc["rows"]) rows[row["plugin"].get<std::string>()] = row;
    return rows;
}

TEST_F(Bench, MeasuresEveryPluginAndWritesEveryFormat) {
    const auto file = puzzles_file();
    auto run = run_cli({"bench", file, "--plugins", "bitmask-mrv,exhaustive-count,backtrack", "--seconds", kWholeFile,
                        "--warmup", "0.05", "--baseline", "exhaustive-count", "--json", (dir / "b.json").string(),
                        "--csv", (dir / "b.csv").string(), "--markdown", (dir / "b.md").string(), "--chart",
                        (dir / "b.svg").string()});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("puzzles/s"), std::string::npos) << run.out;
    const json doc = read_json("b.json");
    auto rows = by_plugin(doc);
    ASSERT_EQ(rows.size(), 3u);
    for (const auto& [plugin, row] : rows) {
        EXPECT_EQ(row["status"], "measured") << plugin << ": " << row.dump();
        EXPECT_EQ(row["dataset"], "puzzles");
        EXPECT_GT(row["rate"].get<double>(), 0) << plugin;
        EXPECT_LE(row["median_us"].get<double>(), row["p99_us"].get<double>()) << plugin;
        EXPECT_EQ(row["dataset_size"], 12);
        EXPECT_EQ(row["unknown"], 0) << plugin;
        EXPECT_TRUE(row.contains("peak_mib")) << plugin;
    }
    EXPECT_DOUBLE_EQ(rows["exhaustive-count"]["ratio"].get<double>(), 1.0);
    EXPECT_NEAR(rows["bitmask-mrv"]["ratio"].get<double>(),
                rows["bitmask-mrv"]["rate"].get<double>() / rows["exhaustive-count"]["rate"].get<double>(), 1e-9);
    // bitmask-mrv solves some of these without a guess; backtrack guesses on every one.
    EXPECT_EQ(rows["backtrack"]["no_guess_percent"], 0.0);
    std::ifstream csv(dir / "b.csv"), md(dir / "b.md"), svg(dir / "b.svg");
    const std::string csv_text((std::istreambuf_iterator<char>(csv)), {}), md_text((std::istreambuf_iterator<char>(md)), {}),
        svg_text((std::istreambuf_iterator<char>(svg)), {});
    EXPECT_EQ(csv_text.rfind("dataset,plugin,status,", 0), 0u);
    EXPECT_EQ(std::count(csv_text.begin(), csv_text.end(), '\n'), 4);
    EXPECT_NE(md_text.find("| puzzles | bitmask-mrv |"), std::string::npos) << md_text;
    EXPECT_NE(md_text.find("vs exhaustive-count"), std::string::npos);
    EXPECT_NE(svg_text.find("<svg"), std::string::npos);
    EXPECT_NE(svg_text.find("exhaustive-count"), std::string::npos);
}

// Report version 2 names findings as verify does, version 3 records the
// plugins' files; --resume still reads a version 1 report, whose words
// (wrong, disagrees, failed) it maps.
TEST_F(Bench, ResumeReadsAVersionOneReportAndWritesTheCurrentOne) {
    const auto file = puzzles_file();
    auto first = run_cli({"bench", file, "--plugin-dir", np::test::liar_dir(), "--plugins", "fixture-liar",
                          "--seconds", kWholeFile, "--warmup", "0.05", "--json", (dir / "v2.json").string()});
    ASSERT_EQ(first.exit_code, 1) << first.err;
    json old = read_json("v2.json");
    EXPECT_EQ(old["numplace_bench"], 4);
    ASSERT_EQ(old["rows"][0]["kind"], "certificate");
    old["numplace_bench"] = 1;
    old.erase("plugins");
    old["rows"][0]["kind"] = "wrong";
    std::ofstream(dir / "v1.json") << old.dump();
    auto resumed = run_cli({"bench", file, "--plugin-dir", np::test::liar_dir(), "--plugins", "fixture-liar",
                            "--seconds", kWholeFile, "--warmup", "0.05", "--resume", (dir / "v1.json").string(), "--json",
                            "-"});
    EXPECT_EQ(resumed.exit_code, 1) << resumed.err;
    const json now = json::parse(resumed.out);
    EXPECT_EQ(now["numplace_bench"], 4);
    EXPECT_EQ(now["rows"][0]["kind"], "certificate");
    EXPECT_EQ(now["rows"][0]["message"], old["rows"][0]["message"]);  // kept, not run again
    // A word no version has is refused.
    old["rows"][0]["kind"] = "bogus";
    std::ofstream(dir / "bad.json") << old.dump();
    auto refused = run_cli({"bench", file, "--plugin-dir", np::test::liar_dir(), "--plugins", "fixture-liar",
                            "--seconds", kWholeFile, "--warmup", "0.05", "--resume", (dir / "bad.json").string()});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("unknown finding kind 'bogus'"), std::string::npos) << refused.err;
}

TEST_F(Bench, AWrongAnswerGetsAFindingNeverAFigure) {
    const auto file = puzzles_file();
    auto run = run_cli({"bench", file, "--plugin-dir", np::test::liar_dir(), "--plugins", "fixture-liar,bitmask-mrv",
                        "--seconds", kWholeFile, "--warmup", "0.05", "--json", "-"});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    auto rows = by_plugin(json::parse(run.out));
    EXPECT_EQ(rows["fixture-liar"]["status"], "finding");
    EXPECT_EQ(rows["fixture-liar"]["kind"], "certificate");
    EXPECT_FALSE(rows["fixture-liar"].contains("rate"));
    EXPECT_NE(rows["fixture-liar"]["message"].get<std::string>().find("puzzles.txt:"), std::string::npos);
    EXPECT_EQ(rows["bitmask-mrv"]["status"], "measured");
}

TEST_F(Bench, AVerdictTheOracleContradictsIsAFinding) {
    // An empty grid has many solutions; mutant-one-forward calls it unique.
    const auto file = write("open.txt", std::string(81, '.') + "\n");
    auto run = run_cli({"bench", file, "--plugin-dir", np::test::fixture_dir() + "/../mutant-plugins", "--plugins",
                        "mutant-one-forward", "--seconds", kWholeFile, "--warmup", "0.01", "--json", "-"});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    auto rows = by_plugin(json::parse(run.out));
    EXPECT_EQ(rows["mutant-one-forward"]["kind"], "disagreement") << run.out;
    EXPECT_NE(rows["mutant-one-forward"]["message"].get<std::string>().find("exhaustive-count"), std::string::npos);
}

TEST_F(Bench, ACrashCostsOnlyItsRow) {
    // fixture-segv dereferences a null pointer on every 6x6 puzzle.
    auto made = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--count", "4", "--size", "2x3"});
    const auto file = write("six.txt", made.out);
    auto run = run_cli({"bench", file, "--plugin-dir", np::test::fixture_dir() + "/../fixture-faulty", "--plugins",
                        "fixture-segv,bitmask-mrv", "--seconds", kWholeFile, "--warmup", "0.01", "--json", "-"},
                       "", real_segv());
    EXPECT_EQ(run.exit_code, 1) << run.err;
    auto rows = by_plugin(json::parse(run.out));
    EXPECT_EQ(rows["fixture-segv"]["kind"], "crashed") << run.out;
    EXPECT_NE(rows["fixture-segv"]["message"].get<std::string>().find("SIGSEGV"), std::string::npos);
    EXPECT_EQ(rows["bitmask-mrv"]["status"], "measured");
}

TEST_F(Bench, IsolatedInWorkersACrashIsAFindingToo) {
    auto made = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--count", "4", "--size", "2x3"});
    const auto file = write("six.txt", made.out);
    auto run = run_cli({"bench", file, "--isolate", "--plugin-dir", np::test::fixture_dir() + "/../fixture-faulty",
                        "--plugins", "fixture-segv,bitmask-mrv", "--seconds", kWholeFile, "--warmup", "0.01", "--json", "-"},
                       "", real_segv());
    EXPECT_EQ(run.exit_code, 1) << run.err;
    auto rows = by_plugin(json::parse(run.out));
    EXPECT_EQ(rows["fixture-segv"]["kind"], "crashed") << run.out;
    EXPECT_EQ(rows["bitmask-mrv"]["status"], "measured");
    EXPECT_EQ(rows["bitmask-mrv"]["timed"], 4);
    EXPECT_FALSE(rows["bitmask-mrv"].contains("peak_mib"));  // not measured in workers
}

TEST_F(Bench, ReadsLinesWithCountsAndTsvColumns) {
    const auto file = puzzles_file();
    std::ifstream in(file);
    std::string lines, tsv = "puzzle\tsolution_count\n";
    int n = 0;
    for (std::string line; std::getline(in, line) && n < 5; ++n) lines += line + ":1:whatever\n", tsv += line + "\t1\n";
    const auto counted = write("counted.txt", lines + "not a puzzle\n");
    const auto table = write("rated.tsv", tsv);
    auto run = run_cli({"bench", counted, table, "--plugins", "bitmask-mrv", "--seconds", kWholeFile, "--warmup", "0.01",
                        "--json", "-"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    const json doc = json::parse(run.out);
    ASSERT_EQ(doc["rows"].size(), 2u);
    for (const auto& row : doc["rows"]) EXPECT_EQ(row["dataset_size"], 5) << row.dump();
    // The bad line is named, and the rest ran.
    EXPECT_NE(run.err.find("counted.txt:6: not a puzzle"), std::string::npos) << run.err;
}

// A corpus file is a dataset too: its puzzle entries, variants included,
// each certified (a variant by check_variant), skipped by nothing.
TEST_F(Bench, ReadsACorpusFileWithItsVariants) {
    const std::string corpus = np::test::source_dir() + "/../corpus/variants-generated.yaml";
    auto run = run_cli({"bench", corpus, "--plugins", "csp,sat,bitmask-mrv", "--seconds", kWholeFile, "--warmup",
                        "0.01", "--json", "-"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    auto rows = by_plugin(json::parse(run.out));
    ASSERT_EQ(rows.size(), 3u);
    for (const std::string engine : {"csp", "sat"}) {
        EXPECT_EQ(rows[engine]["dataset_size"], 37) << rows[engine].dump();
        EXPECT_EQ(rows[engine]["timed"], 37) << rows[engine].dump();
    }
    // A plugin that does not take the variants is never timed on refusals.
    EXPECT_EQ(rows["bitmask-mrv"]["status"], "skipped");
    EXPECT_NE(rows["bitmask-mrv"]["message"].get<std::string>().find("does not take the constraint kind"), std::string::npos);
}

TEST_F(Bench, MeasuresGenerators) {
    auto run = run_cli({"bench", "--what", "puzzle", "--plugins", "bitmask-mrv", "--seconds", "0.2", "--warmup", "0.1",
                        "--json", "-"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    auto rows = by_plugin(json::parse(run.out));
    EXPECT_EQ(rows["bitmask-mrv"]["status"], "measured") << run.out;
    EXPECT_EQ(rows["bitmask-mrv"]["dataset"], "puzzles 3x3");
    EXPECT_GT(rows["bitmask-mrv"]["rate"].get<double>(), 0);
    EXPECT_GE(rows["bitmask-mrv"]["mean_clues"].get<double>(), 17);
    EXPECT_LT(rows["bitmask-mrv"]["mean_clues"].get<double>(), 81);
}

TEST_F(Bench, UsageErrors) {
    const auto file = write("one.txt", std::string(81, '.') + "\n");
    EXPECT_EQ(run_cli({"bench"}).exit_code, 2);
    EXPECT_EQ(run_cli({"bench", file, "--limit", "3"}).exit_code, 2);
    EXPECT_EQ(run_cli({"bench", file, "--plugins", "bitmask-mrv", "--baseline", "backtrack"}).exit_code, 2);
    EXPECT_EQ(run_cli({"bench", file, "--plugins", "no-such"}).exit_code, 2);
    EXPECT_EQ(run_cli({"bench", (dir / "missing.txt").string()}).exit_code, 2);
    EXPECT_EQ(run_cli({"bench", "--what", "maze"}).exit_code, 2);
}

}  // namespace

// --proofs: a plugin that can prove gets a NAME+proof row beside its own; its
// certification pass's proofs are checked by the framework's checker (every
// complete search of these unique puzzles proved), their sizes and the
// checker's speed reported, in every format; --resume keeps the row.
TEST_F(Bench, ProofsGetARowOfTheirOwnWithEveryProofChecked) {
    const auto file = puzzles_file();
    auto run = run_cli({"bench", file, "--plugins", "bitmask-mrv,backtrack", "--proofs", "--seconds", kWholeFile,
                        "--warmup", "0.05", "--baseline", "bitmask-mrv", "--json", (dir / "p.json").string(),
                        "--markdown", (dir / "p.md").string()});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    auto rows = by_plugin(read_json("p.json"));
    ASSERT_EQ(rows.count("bitmask-mrv+proof"), 1u) << run.out;
    EXPECT_EQ(rows.count("backtrack+proof"), 0u) << "backtrack cannot prove";
    const json& proved = rows["bitmask-mrv+proof"];
    EXPECT_EQ(proved["status"], "measured") << proved.dump();
    EXPECT_EQ(proved["proofs"]["checked"], 12) << proved.dump();
    EXPECT_EQ(proved["proofs"]["unproved"], 0) << proved.dump();
    EXPECT_GT(proved["proofs"]["bytes_mean"].get<double>(), 0);
    EXPECT_GT(proved["proofs"]["check_rate"].get<double>(), 0);
    EXPECT_TRUE(proved.contains("ratio"));
    EXPECT_FALSE(rows["bitmask-mrv"].contains("proofs"));
    EXPECT_NE(run.out.find("bitmask-mrv+proof on puzzles: 12 proofs checked"), std::string::npos) << run.out;
    std::ifstream md(dir / "p.md");
    const std::string markdown((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
    EXPECT_NE(markdown.find("- bitmask-mrv+proof on puzzles: 12 proofs checked"), std::string::npos) << markdown;

    auto again = run_cli({"bench", file, "--plugins", "bitmask-mrv,backtrack", "--proofs", "--seconds", kWholeFile,
                          "--warmup", "0.05", "--baseline", "bitmask-mrv", "--resume", (dir / "p.json").string(),
                          "--json", (dir / "q.json").string()});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(by_plugin(read_json("q.json"))["bitmask-mrv+proof"]["proofs"], proved["proofs"]);
}
