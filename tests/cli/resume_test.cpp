// An interrupted verify leaves a complete, valid report of the entries it
// finished, and `--resume REPORT` finishes the run: the same rows (entry,
// plugin, status, kind) as a run that was never interrupted. Rows depend on
// node budgets only (--timeout 0), never on the machine's load; each run is
// signalled once it has reached a state (entries done, a row started, CPU
// used), never after a fixed time.
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <functional>
#include <optional>
#include <fstream>
#include <nlohmann/json.hpp>

#include "numplace/sandbox.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using np::test::BackgroundCli;
using np::test::run_cli;

struct Row {
    std::string entry, plugin, status, kind;
    bool operator==(const Row&) const = default;
};

std::vector<Row> rows_of(const json& report) {
    std::vector<Row> rows;
    for (const auto& r : report.at("rows"))
        rows.push_back({r.at("entry").get<std::string>(), r.at("plugin").get<std::string>(),
                        r.at("status").get<std::string>(), r.value("kind", std::string())});
    return rows;
}

json read_json(const fs::path& path) {
    std::ifstream in(path);
    return json::parse(in);  // throws (fails the test) unless the file is whole
}

class Resume : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-resume-XXXXXX";
        dir_ = mkdtemp(name);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    std::vector<std::string> verify(const std::vector<std::string>& paths, const std::string& report,
                                    const std::string& jobs) const {
        std::vector<std::string> args = {"verify", "--plugins", "backtrack,bitmask-mrv", "--timeout", "0",
                                         "--no-generator-sweep", "-j", jobs, "--report", (dir_ / report).string()};
        args.insert(args.end(), paths.begin(), paths.end());
        return args;
    }
    // Starts a run with stderr on a terminal (so it prints its progress)
    // and stops it with `signo` once `ready` holds for that progress and the
    // CPU time the run (with its worker processes) has used.
    static np::test::CliRun interrupted(const std::vector<std::string>& args, int signo,
                                        const std::function<bool(double cpu, const std::string& err)>& ready) {
        BackgroundCli cli(args, "", BackgroundCli::ErrTo::terminal);
        const bool reached =
            cli.wait_until([&](double cpu, const std::string&) { return ready(cpu, cli.err_so_far()); });
        EXPECT_TRUE(reached) << "never reached the state to interrupt: " << cli.err_so_far();
        cli.signal(signo);
        return cli.finish();
    }
    // verify is under way: some entries judged, not all.
    static bool verify_midway(double, const std::string& err) {
        const auto [done, total] = np::test::verify_progress(err);
        return done > 0 && done < total;
    }
    fs::path dir_;
};

// The whole corpus in a Release build; under the sanitizers (several times
// slower: three whole-corpus verifies took 285 s there) four files of every
// kind of row: solved, unknown within the budget, invalid, other shapes.
std::vector<std::string> resume_corpus() {
    const std::string corpus = std::string(NUMPLACE_TEST_SOURCE_DIR) + "/../corpus";
    if (!np::sanitizer_build()) return {corpus};
    return {corpus + "/top95.yaml", corpus + "/invalid.yaml", corpus + "/sizes-2x3.yaml", corpus + "/unsolvable.yaml"};
}

TEST_F(Resume, SlowAnInterruptedVerifyResumedGivesTheRowsOfAnUninterruptedOne) {
    const std::vector<std::string> corpus = resume_corpus();
    const auto full = run_cli(verify(corpus, "full.json", "2"));
    ASSERT_EQ(full.exit_code, 0) << full.out << full.err;
    const auto all = rows_of(read_json(dir_ / "full.json"));

    const auto stopped = interrupted(verify(corpus, "part.json", "1"), SIGINT, verify_midway);
    EXPECT_EQ(stopped.exit_code, 130) << stopped.err;
    const json part = read_json(dir_ / "part.json");
    EXPECT_TRUE(part.at("summary").at("interrupted").get<bool>());
    // The report says what the process exits with, not the rows' 0.
    EXPECT_EQ(part.at("summary").at("exit_code"), stopped.exit_code);
    const auto some = rows_of(part);
    // Signalled midway: the entries judged by then are kept, and some are left.
    ASSERT_GT(some.size(), 0u) << "nothing kept: --resume would have nothing to reuse";
    ASSERT_LT(some.size(), all.size()) << "the run ended before the signal: nothing to resume";
    // Only finished entries are in it, each row as the full run has it.
    for (const Row& r : some) {
        if (r.plugin != "" && r.entry.rfind("conclusive", 0) != 0) {
            EXPECT_NE(std::find(all.begin(), all.end(), r), all.end()) << r.entry << " " << r.plugin << " " << r.status;
        }
    }

    auto again = verify(corpus, "resumed.json", "2");
    again.insert(again.end(), {"--resume", (dir_ / "part.json").string()});
    const auto resumed = run_cli(again);
    EXPECT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
    const json whole = read_json(dir_ / "resumed.json");
    EXPECT_FALSE(whole.at("summary").at("interrupted").get<bool>());
    EXPECT_EQ(whole.at("summary").at("exit_code"), resumed.exit_code);
    EXPECT_EQ(rows_of(whole), all);
}

TEST_F(Resume, SigtermLeavesAValidReportAndExits143) {
    const std::vector<std::string> files = {std::string(NUMPLACE_TEST_SOURCE_DIR) + "/../corpus/top1465.yaml"};
    const auto stopped = interrupted(verify(files, "part.json", "1"), SIGTERM, verify_midway);
    EXPECT_EQ(stopped.exit_code, 143) << stopped.err;
    const json part = read_json(dir_ / "part.json");
    EXPECT_TRUE(part.at("summary").at("interrupted").get<bool>());
    EXPECT_EQ(part.at("summary").at("exit_code"), 143) << "the report says what the process exits with";
    EXPECT_FALSE(rows_of(part).empty()) << "the entries judged before the signal are kept";
    // Nothing is left beside it: the report was written whole, then renamed.
    std::size_t files_left = 0;
    for ([[maybe_unused]] const auto& f : fs::directory_iterator(dir_)) ++files_left;
    EXPECT_EQ(files_left, 1u);
}

// Issue 41: Ctrl-C after some rows gave "2050 rows, 2 failed", the share
// of unknowns judged on the rows done so far. An interrupted run judges no
// share; the same rows in a whole run do (--min-conclusive 100: one unknown
// fails it).
TEST_F(Resume, AnInterruptedRunJudgesNoConclusiveShare) {
    const std::string file = std::string(NUMPLACE_TEST_SOURCE_DIR) + "/../corpus/top1465.yaml";
    auto args = verify({file}, "part.json", "1");
    args.insert(args.end(), {"--min-conclusive", "100"});
    const auto stopped = interrupted(args, SIGINT, verify_midway);
    EXPECT_EQ(stopped.exit_code, 130) << stopped.err;
    const json part = read_json(dir_ / "part.json");
    std::vector<std::string> unknown;
    for (const auto& r : part.at("rows")) {
        EXPECT_NE(r.at("entry"), "conclusive-share") << r.dump();
        if (r.at("status") == "unknown") unknown.push_back(r.at("entry").get<std::string>());
    }
    ASSERT_FALSE(unknown.empty()) << "no unknown row before the signal: nothing to judge a share on";
    EXPECT_EQ(part.at("summary").at("failed"), 0);
    EXPECT_EQ(stopped.out.find("inconclusive"), std::string::npos) << stopped.out;
    EXPECT_NE(stopped.out.find(" rows, 0 failed; interrupted\n"), std::string::npos) << stopped.out;
    // Whole, a run of those entries fails its share.
    auto whole = verify({file}, "whole.json", "1");
    whole.insert(whole.end(), {"--min-conclusive", "100", "--ids", unknown.front()});
    const auto run = run_cli(whole);
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_NE(run.out.find("conclusive-share: inconclusive: conclusive on"), std::string::npos) << run.out;
}

TEST_F(Resume, AReportOfAnotherRunIsRefused) {
    const std::string corpus = std::string(NUMPLACE_TEST_SOURCE_DIR) + "/../corpus/";
    const auto first = run_cli(verify({corpus + "top95.yaml"}, "top95.json", "2"));
    ASSERT_EQ(first.exit_code, 0) << first.err;
    const std::string earlier = (dir_ / "top95.json").string();

    auto other_input = verify({corpus + "euler96.yaml"}, "x.json", "2");
    other_input.insert(other_input.end(), {"--resume", earlier});
    auto run = run_cli(other_input);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("top95.json: that report was made with other inputs, plugins or settings"), std::string::npos)
        << run.err;

    auto other_plugins = verify({corpus + "top95.yaml"}, "x.json", "2");
    other_plugins[2] = "backtrack";
    other_plugins.insert(other_plugins.end(), {"--resume", earlier});
    run = run_cli(other_plugins);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("top95.json: that report was made with other"), std::string::npos) << run.err;

    auto other_budget = verify({corpus + "top95.yaml"}, "x.json", "2");
    other_budget.insert(other_budget.end(), {"--max-nodes", "1000", "--resume", earlier});
    run = run_cli(other_budget);
    EXPECT_EQ(run.exit_code, 2);

    // The default number, but given: it overrides plugins' suggested
    // budgets and entries' own, so it is another run.
    auto given_budget = verify({corpus + "top95.yaml"}, "x.json", "2");
    given_budget.insert(given_budget.end(), {"--max-nodes", "200000", "--resume", earlier});
    run = run_cli(given_budget);
    EXPECT_EQ(run.exit_code, 2) << run.err;

    // The same run resumed from a finished report runs nothing more.
    auto same = verify({corpus + "top95.yaml"}, "again.json", "2");
    same.insert(same.end(), {"--resume", earlier});
    run = run_cli(same);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(rows_of(read_json(dir_ / "again.json")), rows_of(read_json(earlier)));
    EXPECT_FALSE(fs::exists(dir_ / "x.json"));  // a refused run writes no report
}

}  // namespace

namespace {

TEST_F(Resume, AnInterruptedBenchResumedKeepsItsMeasuredRows) {
    // Two datasets for backtrack: one puzzle, then 95 hard ones; the signal
    // comes once bench says it has started the second and has spent CPU time
    // on it (its child is measuring: its certification pass alone takes
    // seconds), so the first row is measured and the second is not. (A
    // signal while that child is still starting reads as a crash of the
    // plugin, SIGTERM: a finding, not "skipped".)
    const fs::path one = dir_ / "one.txt", hard = dir_ / "top95.txt";
    std::ofstream(one) << "1234341221434320\n";
    {
        std::ofstream out(hard);
        std::ifstream corpus(std::string(NUMPLACE_TEST_SOURCE_DIR) + "/../corpus/top95.yaml");
        for (std::string line; std::getline(corpus, line);)
            if (line.rfind("  puzzle: ", 0) == 0) out << line.substr(10) << "\n";
    }
    auto bench = [&](const std::string& report) {
        return std::vector<std::string>{"bench",     "--plugins", "backtrack", "--seconds",    "5",
                                        "--warmup",  "0.3",       "--json",    (dir_ / report).string(),
                                        one.string(), hard.string()};
    };
    std::optional<double> cpu_at_start;  // when the second dataset's line came
    const auto stopped = interrupted(bench("part.json"), SIGTERM, [&](double cpu, const std::string& err) {
        if (!cpu_at_start && err.find("numplace bench: backtrack: top95 (") != std::string::npos) cpu_at_start = cpu;
        return cpu_at_start && cpu > *cpu_at_start + 0.5;
    });
    EXPECT_EQ(stopped.exit_code, 143) << stopped.out << stopped.err;
    const json part = read_json(dir_ / "part.json");
    EXPECT_TRUE(part.at("interrupted").get<bool>());
    ASSERT_EQ(part.at("rows").at(0).at("status"), "measured") << part.dump(1);
    ASSERT_EQ(part.at("rows").size(), 2u);
    EXPECT_EQ(part.at("rows").at(1).at("status"), "skipped");

    auto again = bench("whole.json");
    again.insert(again.end(), {"--resume", (dir_ / "part.json").string()});
    const auto resumed = run_cli(again);
    EXPECT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
    const json whole = read_json(dir_ / "whole.json");
    ASSERT_EQ(whole.at("rows").size(), 2u);
    EXPECT_EQ(whole.at("rows").at(0), part.at("rows").at(0));  // kept, not measured again
    EXPECT_EQ(whole.at("rows").at(1).at("status"), "measured");
    EXPECT_EQ(whole.at("rows").at(1).at("dataset"), "top95");

    // Other settings: refused.
    auto other = bench("x.json");
    other[4] = "6";
    other.insert(other.end(), {"--resume", (dir_ / "part.json").string()});
    const auto refused = run_cli(other);
    EXPECT_EQ(refused.exit_code, 2);
    // The line names the report it refuses.
    EXPECT_NE(refused.err.find("--resume " + (dir_ / "part.json").string() + ": that report was made with other settings"),
              std::string::npos)
        << refused.err;

    // A count that is not a whole number (1e300 read as an integer was
    // undefined behaviour): refused, naming the field.
    json spoiled = part;
    spoiled["rows"][0]["timed"] = 1e300;
    std::ofstream(dir_ / "spoiled.json") << spoiled.dump();
    auto from_spoiled = bench("y.json");
    from_spoiled.insert(from_spoiled.end(), {"--resume", (dir_ / "spoiled.json").string()});
    const auto bad = run_cli(from_spoiled);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("'timed' is not a whole number in range"), std::string::npos) << bad.err;
}

}  // namespace

namespace {

TEST_F(Resume, AnInterruptedFuzzSaysWhereToGoOn) {
    BackgroundCli cli({"fuzz", "--plugins", "bitmask-mrv", "--seconds", "600", "--seed", "5"});
    // Fuzzing under way (fuzz prints nothing before its end): its CPU time.
    ASSERT_TRUE(cli.wait_until([](double cpu, const std::string&) { return cpu > 0.5; }));
    cli.signal(SIGTERM);
    const auto run = cli.finish();
    EXPECT_EQ(run.exit_code, 143) << run.out << run.err;
    const std::string said = "numplace fuzz: interrupted: nothing found in ";
    ASSERT_EQ(run.out.rfind(said, 0), 0u) << run.out;
    // The seed in flight is where the next run starts: 5 or later.
    const auto at = run.out.find("run again with --seed ");
    ASSERT_NE(at, std::string::npos) << run.out;
    EXPECT_GE(std::stoull(run.out.substr(at + 22)), 5u) << run.out;
}

}  // namespace
