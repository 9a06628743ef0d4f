// A plugin that calls exit() during a call (issue 22, part 6). In numplace's
// own process (--in-process) it can end the process, but never with its own
// status: numplace exits 5 with one line naming the plugin and the
// operation. In a worker, the default for every command, it costs only the
// puzzle it was on.
#include <gtest/gtest.h>

#include <csignal>

#include "hostile_support.hpp"
#include "test_support.hpp"

namespace {

using namespace np::hostile;
using np::test::run_cli;

constexpr int kExitPluginEnded = 5;  // numplace/trust.hpp, docs/reliability.md

// The corpus's puzzles as solve's input: four, six (the target), none, four-again.
const std::string kPuzzles = "1..4.........32.\n....................................\n.23..1..4.......\n..1..43......2..\n";

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

// The rows of `out`, one a line: each as expected, but for a failed row,
// whose words are the runner's ("error: PLUGIN..." is enough).
void expect_rows(const std::string& out, const std::vector<std::string>& expected) {
    std::vector<std::string> rows;
    for (std::size_t start = 0, end; (end = out.find('\n', start)) != std::string::npos; start = end + 1)
        rows.push_back(out.substr(start, end - start));
    ASSERT_EQ(rows.size(), expected.size()) << out;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (expected[i].rfind("error: ", 0) == 0) EXPECT_EQ(rows[i].rfind(expected[i], 0), 0u) << rows[i];
        else EXPECT_EQ(rows[i], expected[i]);
}

np::test::CliRun solve(const std::string& stem, const std::string& plugin, const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = {"solve", "--plugin-dir", attack_dir(stem), "--plugin", plugin};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args, kPuzzles);
}

TEST(InProcess, VerifyInProcessEndsWithStatusFiveAndNamesThePlugin) {
    const auto run = verify_attack("exit_in_process", "attack-exit-in-process", 2, {"--in-process"});
    EXPECT_LT(run.seconds, run_bound(2));
    EXPECT_EQ(run.exit_code, kExitPluginEnded) << run.err;
    EXPECT_EQ(count_of(run.err, "numplace: plugin attack-exit-in-process called exit() during solve\n"), 1u) << run.err;
    EXPECT_FALSE(run.report) << "a run that ended in the middle wrote a report";
}

TEST(InProcess, SolveInProcessEndsWithStatusFiveAndNamesThePlugin) {
    const auto run = solve("exit_in_process", "attack-exit-in-process", {"--in-process"});
    EXPECT_EQ(run.exit_code, kExitPluginEnded) << run.out << run.err;
    EXPECT_EQ(run.err, "numplace: plugin attack-exit-in-process called exit() during solve\n");
}

TEST(InProcess, AnExitFromAThreadOfThePluginsOwnIsCaughtToo) {
    const auto run = solve("exit_in_process_thread", "attack-exit-in-process-thread", {"--in-process"});
    EXPECT_EQ(run.exit_code, kExitPluginEnded) << run.out << run.err;
    EXPECT_EQ(run.err,
              "numplace: plugin attack-exit-in-process-thread called exit() during solve (from a thread of its own)\n");
}

TEST(InProcess, SolveInAWorkerByDefaultFailsOnlyThatPuzzle) {
    for (const auto& [stem, plugin] : {std::pair{"exit_in_process", "attack-exit-in-process"},
                                       {"exit_in_process_thread", "attack-exit-in-process-thread"}}) {
        const auto run = solve(stem, plugin);
        EXPECT_EQ(run.exit_code, 1) << plugin << ": " << run.err;
        expect_rows(run.out, {"1234341221434321", "error: " + std::string(plugin), "none", "2314143241233241"});
        EXPECT_NE(run.err.find("numplace: 1 of 4 inputs: 1 failed (first: stdin:2)"), std::string::npos) << run.err;
    }
}

TEST(InProcess, CountInAWorkerByDefaultFailsOnlyThatPuzzle) {
    const auto run = run_cli({"count", "--plugin-dir", attack_dir("exit_in_process"), "--plugin",
                              "attack-exit-in-process"},
                             kPuzzles);
    EXPECT_EQ(run.exit_code, 1) << run.err;
    expect_rows(run.out, {"1", "error: attack-exit-in-process", "0", "1"});
}

TEST(InProcess, AnHonestPluginAnswersTheSameInAWorkerAndInProcess) {
    const auto worker = run_cli({"solve", "--plugin", "backtrack", "--format", "json"}, kPuzzles);
    const auto here = run_cli({"solve", "--plugin", "backtrack", "--format", "json", "--in-process"}, kPuzzles);
    EXPECT_EQ(worker.exit_code, 0) << worker.err;
    EXPECT_EQ(here.exit_code, 0) << here.err;
    // The rows agree but for the time each call took, and the worker's
    // claim of it, which only a worker's rows carry.
    auto strip = [](std::string text) {
        for (const char* key : {",\"claimed_micros\":", "\"micros\":"})
            for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
                const auto end = text.find_first_of(",}", at + 1);
                text.erase(at, end - at);
            }
        return text;
    };
    EXPECT_EQ(strip(worker.out), strip(here.out));
}

TEST(InProcess, SigtermDuringSolveInAWorkerKeepsTheAnswersBefore) {
    // An easy puzzle, then the empty 9x9 with a count that cannot finish:
    // on the signal the worker is asked to stop (SIGUSR1) and answers the
    // item in hand with what it found (two solutions and more: multiple,
    // not complete), as a call in this process does; the answer before
    // stands, the one after never runs. The first answer on stdout (solve
    // flushes before it waits on a slow one) says the first request is
    // done; CPU spent after it says the count is under way. (CPU alone was
    // no sign: under the sanitizers starting a worker takes 0.3 s.)
    const std::string easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    np::test::BackgroundCli cli({"solve", "--plugin", "backtrack", "--limit", "1000000000000"},
                                easy + "\n" + std::string(81, '.') + "\n" + easy + "\n");
    double cpu_at_first = -1;
    ASSERT_TRUE(cli.wait_until([&](double cpu, const std::string& out) {
        if (cpu_at_first < 0 && out.find('\n') != std::string::npos) cpu_at_first = cpu;
        return cpu_at_first >= 0 && cpu > cpu_at_first + 0.2;
    }));
    cli.signal(SIGTERM);
    const auto run = cli.finish();
    EXPECT_EQ(run.exit_code, 143) << run.err;
    EXPECT_EQ(run.out, "534678912672195348198342567859761423426853791713924856961537284287419635345286179\nmultiple\n");
    EXPECT_EQ(run.err, "numplace: interrupted after 2 inputs\n");
}

}  // namespace
