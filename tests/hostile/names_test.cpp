// Issue 22, names: a plugin that takes another's name. Dropped into a
// --plugin-dir under the default oracle's name (plugins/oracle_name.c, which
// says "no solution" to everything), it used to replace the oracle silently
// (the first of two names won, and --plugin-dir is searched first). Now a
// name two files give is an error when it is chosen or is the oracle, and a
// plugin is chosen by its file instead; reports record each plugin's file
// and SHA-256, and --resume refuses a plugin whose file changed.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "hostile_support.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using np::hostile::attack_dir;
using np::hostile::run_bound;
using np::test::run_cli;

const std::string kAttack = "oracle_name/attack-oracle_name.so";
const std::string kHonest = "oracle_name_honest/attack-oracle_name_honest.so";

std::string attack_file(const std::string& relative) {
    return fs::canonical(attack_dir("") + "/" + relative).string();
}

std::string bundled(const std::string& file) { return fs::canonical(np::test::plugin_dir() + "/" + file).string(); }

// SHA-256 by another implementation than the one under test (coreutils).
std::string sha256sum(const std::string& path) {
    const auto run = np::test::run_program("/usr/bin/sha256sum", {path});
    return run.out.substr(0, run.out.find(' '));
}

class Names : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-names-XXXXXX";
        dir = mkdtemp(name);
        std::ofstream(dir / "c.yaml") << np::hostile::kCorpus;
    }
    void TearDown() override { fs::remove_all(dir); }

    // A folder holding a copy of the attack plugin: a --plugin-dir.
    std::string planted() {
        fs::create_directory(dir / "planted");
        fs::copy_file(attack_file(kAttack), dir / "planted" / "exhaustive-count.so");
        return (dir / "planted").string();
    }
    std::string corpus() const { return (dir / "c.yaml").string(); }
    json report(const std::string& file) const { return json::parse(std::ifstream(dir / file)); }

    fs::path dir;
};

// The planted oracle: with every plugin (none named), with named plugins
// (the oracle is the default one), and named as the oracle: exit 2, one
// line naming both files, and nothing run.
TEST_F(Names, APluginUnderTheOraclesNameIsAnErrorNamingBothFiles) {
    const std::string plugins = planted();
    const std::string planted_file = fs::canonical(plugins + "/exhaustive-count.so").string();
    const std::vector<std::vector<std::string>> runs = {
        {},
        {"--plugins", "backtrack"},
        {"--plugins", "backtrack", "--oracle", "exhaustive-count"},
        {"--plugins", "exhaustive-count", "--oracle", ""},
    };
    for (const auto& extra : runs) {
        std::vector<std::string> args = {"verify", corpus(), "--plugin-dir", plugins, "--timeout", "2",
                                         "--report", (dir / "r.json").string()};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto start = std::chrono::steady_clock::now();
        const auto run = run_cli(args);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::string flags = ::testing::PrintToString(extra);
        EXPECT_LT(seconds, run_bound(2)) << flags;
        EXPECT_EQ(run.exit_code, 2) << flags << run.out << run.err;
        ASSERT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << flags << run.err;
        EXPECT_NE(run.err.find("plugin name 'exhaustive-count' is given by 2 files"), std::string::npos) << run.err;
        EXPECT_NE(run.err.find(planted_file), std::string::npos) << run.err;
        EXPECT_NE(run.err.find(bundled("exhaustive-count.so")), std::string::npos) << run.err;
        EXPECT_FALSE(fs::exists(dir / "r.json")) << flags;
    }
}

// solve goes through the same lookup.
TEST_F(Names, SolveRefusesTheNameToo) {
    const auto run = run_cli({"solve", "--plugin-dir", planted(), "--plugin", "exhaustive-count", "1..4.........32."});
    EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
    EXPECT_NE(run.err.find("is given by 2 files"), std::string::npos) << run.err;
}

// By its file, either one is chosen: the real oracle judges and all passes;
// the planted one, judged by another complete search, fails on its lies.
TEST_F(Names, EitherIsChosenByItsFile) {
    const std::string plugins = planted();
    const std::string real = bundled("exhaustive-count.so");
    const auto honest = run_cli({"verify", corpus(), "--plugin-dir", plugins, "--plugins", real + ",backtrack",
                                 "--oracle", real, "--timeout", "5", "--report", (dir / "real.json").string()});
    EXPECT_EQ(honest.exit_code, 0) << honest.out << honest.err;
    EXPECT_EQ(report("real.json")["run"]["oracle"], "exhaustive-count");

    const auto liar = run_cli({"verify", corpus(), "--plugin-dir", plugins, "--plugins",
                               plugins + "/exhaustive-count.so", "--oracle", "backtrack", "--timeout", "5", "--report",
                               (dir / "liar.json").string()});
    EXPECT_EQ(liar.exit_code, 1) << liar.out << liar.err;
    const json r = report("liar.json");
    EXPECT_GE(r["summary"]["failed"].get<int>(), 3) << r.dump();  // it says "none" to the three with solutions
    EXPECT_EQ(r["run"]["files"][0]["file"], fs::canonical(plugins + "/exhaustive-count.so").string());

    // A file of one name as a plugin and another as the oracle: refused.
    const auto both = run_cli({"verify", corpus(), "--plugin-dir", plugins, "--plugins",
                               plugins + "/exhaustive-count.so", "--oracle", real});
    EXPECT_EQ(both.exit_code, 2) << both.out << both.err;
    EXPECT_NE(both.err.find("is given by 2 files"), std::string::npos) << both.err;
}

// `numplace plugins` lists both, each with its file and SHA-256 and the
// other file as its clash, and exits 1 with one line per clashing name.
TEST_F(Names, PluginsListsBothFilesAndTheClash) {
    const std::string plugins = planted();
    const std::string planted_file = fs::canonical(plugins + "/exhaustive-count.so").string();
    const auto run = run_cli({"plugins", "--plugin-dir", plugins, "--json"});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    const json listed = json::parse(run.out);
    std::vector<json> named;
    for (const auto& p : listed["plugins"])
        if (p["name"] == "exhaustive-count") named.push_back(p);
    ASSERT_EQ(named.size(), 2u) << run.out;
    EXPECT_EQ(named[0]["file"], planted_file);
    EXPECT_EQ(named[0]["sha256"], sha256sum(planted_file));
    EXPECT_EQ(named[0]["clashes_with"], json::array({bundled("exhaustive-count.so")}));
    EXPECT_EQ(named[1]["file"], bundled("exhaustive-count.so"));
    EXPECT_EQ(named[1]["clashes_with"], json::array({planted_file}));
    EXPECT_NE(run.err.find("plugin name 'exhaustive-count' is given by 2 files"), std::string::npos) << run.err;

    const auto text = run_cli({"plugins", "--plugin-dir", plugins});
    EXPECT_NE(text.out.find("  clash:        " + planted_file + " gives this name too"), std::string::npos) << text.out;
}

// A clash on a name nobody chooses is no error: a development build on the
// path still serves every other plugin.
TEST_F(Names, AClashOnANameNotChosenIsNoError) {
    const auto run = run_cli({"verify", corpus(), "--plugin-dir", planted(), "--plugins", "backtrack", "--oracle",
                              "bitmask-mrv", "--timeout", "5"});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
}

// Every plugin's file and SHA-256 is in the report, the oracle's too.
TEST_F(Names, TheReportRecordsEachPluginsFileAndSha256) {
    const std::string honest = attack_file(kHonest);
    const auto run = run_cli({"verify", corpus(), "--plugins", "backtrack," + honest, "--timeout", "5", "--report",
                              (dir / "r.json").string()});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const json r = report("r.json");
    EXPECT_EQ(r["numplace_verify"], 4);
    const json& files = r["run"]["files"];
    ASSERT_EQ(files.size(), 3u) << files.dump();
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"backtrack", bundled("backtrack.so")},
        {"attack-oracle-name-honest", honest},
        {"exhaustive-count", bundled("exhaustive-count.so")}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(files[i]["plugin"], expected[i].first);
        EXPECT_EQ(files[i]["file"], expected[i].second);
        EXPECT_EQ(files[i]["sha256"], sha256sum(expected[i].second)) << expected[i].second;
    }
}

// A plugin file copied into a folder, a report made, the file changed (bytes
// appended: it still loads): --resume refuses, naming the plugin and file.
TEST_F(Names, ResumeRefusesAChangedPluginFile) {
    fs::create_directory(dir / "mine");
    const fs::path copy = dir / "mine" / "honest.so";
    fs::copy_file(attack_file(kHonest), copy);
    const std::vector<std::string> args = {"verify", corpus(), "--plugin-dir", (dir / "mine").string(), "--plugins",
                                           "attack-oracle-name-honest", "--timeout", "5"};
    auto first = args;
    first.insert(first.end(), {"--report", (dir / "r.json").string()});
    ASSERT_EQ(run_cli(first).exit_code, 0);
    auto again = args;
    again.insert(again.end(), {"--resume", (dir / "r.json").string(), "--report", (dir / "same.json").string()});
    EXPECT_EQ(run_cli(again).exit_code, 0) << "the same file resumes";

    std::ofstream(copy, std::ios::app) << "rebuilt";
    auto changed = args;
    changed.insert(changed.end(), {"--resume", (dir / "r.json").string(), "--report", (dir / "r2.json").string()});
    const auto refused = run_cli(changed);
    EXPECT_EQ(refused.exit_code, 2) << refused.out << refused.err;
    EXPECT_NE(refused.err.find("r.json: plugin attack-oracle-name-honest: its file " +
                               fs::canonical(copy).string() + " has changed"),
              std::string::npos)
        << refused.err;
    EXPECT_FALSE(fs::exists(dir / "r2.json"));
    // Without --resume the changed file is simply another run.
    EXPECT_EQ(run_cli(args).exit_code, 0);
}

// bench's JSON records the files too, and its --resume refuses a changed one.
TEST_F(Names, BenchRecordsTheFilesAndItsResumeRefusesAChangedOne) {
    fs::create_directory(dir / "mine");
    const fs::path copy = dir / "mine" / "honest.so";
    fs::copy_file(attack_file(kHonest), copy);
    std::ofstream(dir / "p.txt") << "1..4.........32.\n..1..43......2..\n";
    const std::vector<std::string> args = {"bench", (dir / "p.txt").string(), "--plugin-dir", (dir / "mine").string(),
                                           "--plugins", "attack-oracle-name-honest", "--seconds", "1000",
                                           "--warmup", "0.05"};
    auto first = args;
    first.insert(first.end(), {"--json", (dir / "b.json").string()});
    const auto run = run_cli(first);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const json b = report("b.json");
    EXPECT_EQ(b["numplace_bench"], 4);
    ASSERT_EQ(b["plugins"].size(), 2u) << b.dump();  // the plugin, then the oracle
    EXPECT_EQ(b["plugins"][0]["file"], fs::canonical(copy).string());
    EXPECT_EQ(b["plugins"][0]["sha256"], sha256sum(copy.string()));
    EXPECT_EQ(b["plugins"][1]["file"], bundled("exhaustive-count.so"));

    std::ofstream(copy, std::ios::app) << "rebuilt";
    auto resumed = args;
    resumed.insert(resumed.end(), {"--resume", (dir / "b.json").string()});
    const auto refused = run_cli(resumed);
    EXPECT_EQ(refused.exit_code, 2) << refused.out << refused.err;
    EXPECT_NE(refused.err.find("--resume " + (dir / "b.json").string() + ": plugin attack-oracle-name-honest: its file " +
                               fs::canonical(copy).string() +
                               " has changed"),
              std::string::npos)
        << refused.err;
}

// A version 1 report (no files, no digest; made here by taking out what
// later versions added, and written as version 1 wrote it: indented) is
// still read when the user vouches for it (--accept-unchecked): --resume
// keeps its rows and writes the current version, marked unchecked, and
// --merge takes it with a note that it could not be checked.
TEST_F(Names, AVersionOneReportIsStillRead) {
    const std::vector<std::string> args = {"verify", corpus(), "--plugins", "backtrack", "--timeout", "5"};
    auto first = args;
    first.insert(first.end(), {"--report", (dir / "r.json").string()});
    ASSERT_EQ(run_cli(first).exit_code, 0);
    using ordered = nlohmann::ordered_json;
    ordered v1 = ordered::parse(std::ifstream(dir / "r.json"));
    v1["numplace_verify"] = 1;
    for (const char* key : {"id", "units", "rows", "files", "outputs"}) v1["run"].erase(key);
    for (auto& row : v1["rows"]) row.erase("unit_rows"), row.erase("claimed_micros");
    v1["summary"].erase("digest");
    // A version 1 fingerprint: the hash without the files (the one that
    // release wrote), found by asking the reader to resume with a wrong one
    // and reading the fingerprint it wanted.
    v1["run"]["fingerprint"] = "0000000000000000";
    std::ofstream(dir / "v1.json") << v1.dump(2);
    auto probe = args;
    probe.insert(probe.end(), {"--resume", (dir / "v1.json").string(), "--accept-unchecked"});
    const auto wrong = run_cli(probe);
    ASSERT_EQ(wrong.exit_code, 2) << wrong.err;
    const std::size_t at = wrong.err.find("this run ");
    ASSERT_NE(at, std::string::npos) << wrong.err;
    const std::string legacy = wrong.err.substr(at + 9, 16);
    EXPECT_NE(legacy, report("r.json")["run"]["fingerprint"].get<std::string>());
    v1["run"]["fingerprint"] = legacy;
    std::ofstream(dir / "v1.json") << v1.dump(2);

    auto resumed = args;
    resumed.insert(resumed.end(), {"--resume", (dir / "v1.json").string(), "--report", (dir / "r2.json").string()});
    const auto unvouched = run_cli(resumed);
    EXPECT_EQ(unvouched.exit_code, 2) << unvouched.err;
    EXPECT_NE(unvouched.err.find("v1.json: a version 1 report has no digest or unit counts"), std::string::npos)
        << unvouched.err;
    resumed.push_back("--accept-unchecked");
    const auto run = run_cli(resumed);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.err.find("v1.json: read unchecked (--accept-unchecked)"), std::string::npos) << run.err;
    const json now = report("r2.json");
    EXPECT_EQ(now["numplace_verify"], 4);
    EXPECT_EQ(now["rows"].size(), v1["rows"].size());
    EXPECT_EQ(now["run"]["files"].size(), 2u);  // backtrack and the oracle
    EXPECT_TRUE(now["run"].contains("unchecked")) << now["run"].dump();

    const auto merged = run_cli({"verify", "--merge", (dir / "v1.json").string(), "--report", (dir / "m.json").string(),
                                 "--accept-unchecked"});
    EXPECT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_EQ(report("m.json")["numplace_verify"], 1);  // written back as it was read
}

}  // namespace
