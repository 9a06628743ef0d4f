// SIGINT and SIGTERM stop the call in flight through the terminate callback;
// what was answered so far is printed and the exit code says which signal.
// generate streams its results in bounded memory.
#include <gtest/gtest.h>

#include <csignal>
#include <nlohmann/json.hpp>

#include "runner/runner.hpp"
#include "test_support.hpp"

namespace {

using np::test::BackgroundCli;

std::size_t line_count(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(Interrupt, SigintDuringACountPrintsTheLowerBound) {
    // Counting every 9x9 grid never ends: the count is stopped mid-search.
    // In this process the terminate callback reaches the plugin; a worker is
    // asked to stop (SIGUSR1, its cancel flag) and answers with its count
    // so far before it is ended (issue 41: it used to be killed, and the
    // bound lost with it).
    for (const bool in_process : {true, false}) {
        std::vector<std::string> args{"count", "--plugin", "backtrack", std::string(81, '.')};
        if (in_process) args.push_back("--in-process");
        BackgroundCli cli(args);
        ASSERT_TRUE(cli.wait_until([](double cpu, const std::string&) { return cpu > 0.3; }));
        cli.signal(SIGINT);
        auto run = cli.finish();
        EXPECT_EQ(run.exit_code, 130) << run.err;
        ASSERT_EQ(line_count(run.out), 1u) << run.out << run.err;
        EXPECT_EQ(run.out.substr(run.out.size() - 2), "+\n") << run.out;
        EXPECT_GT(std::stoull(run.out), 2u);
        EXPECT_EQ(run.err, "numplace: interrupted after 1 inputs\n");
    }
}

TEST(Interrupt, SigtermDuringSolveKeepsTheAnswersSoFar) {
    // Two easy puzzles, then the empty 9x9 with a count that cannot finish,
    // then one that is never started.
    const std::string easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    // In this process, as above (inprocess_test.cpp has the same with workers).
    BackgroundCli cli({"solve", "--plugin", "backtrack", "--limit", "1000000000000", "--format", "json", "--in-process"},
                      easy + "\n" + easy + "\n" + std::string(81, '.') + "\n" + easy + "\n");
    // Two answers out (solve flushes before a slow one), then CPU spent on
    // the third: CPU alone was no sign under the sanitizers.
    double cpu_at_two = -1;
    ASSERT_TRUE(cli.wait_until([&](double cpu, const std::string& out) {
        if (cpu_at_two < 0 && line_count(out) >= 2) cpu_at_two = cpu;
        return cpu_at_two >= 0 && cpu > cpu_at_two + 0.2;
    }));
    cli.signal(SIGTERM);
    auto run = cli.finish();
    EXPECT_EQ(run.exit_code, 143) << run.err;
    ASSERT_EQ(line_count(run.out), 3u) << run.out;
    auto third = nlohmann::json::parse(run.out.substr(run.out.rfind('\n', run.out.size() - 2) + 1));
    EXPECT_EQ(third["input"], "stdin:3");
    EXPECT_EQ(third["verdict"], "multiple");
    EXPECT_EQ(third["complete"], false);
    EXPECT_EQ(run.err, "numplace: interrupted after 3 inputs\n");
}

TEST(Interrupt, GenerateStreamsAndStopsOnSigterm) {
    // 4294967295 results once needed all of them in memory before the first
    // line; now the first lines come at once and a signal ends it cleanly.
    BackgroundCli cli({"generate", "--plugin", "bitmask-mrv", "--count", "4294967295", "--seed", "3"});
    ASSERT_TRUE(cli.wait_until([](double, const std::string& out) { return line_count(out) >= 1; }));
    cli.signal(SIGTERM);
    auto run = cli.finish();
    EXPECT_EQ(run.exit_code, 143) << run.err;
    const std::size_t lines = line_count(run.out);
    EXPECT_GE(lines, 1u);
    EXPECT_EQ(run.err, "numplace: generate: interrupted after " + std::to_string(lines) + " of 4294967295 results\n");
    // In seed order: the first lines are what a short run prints.
    auto head = np::test::run_cli({"generate", "--plugin", "bitmask-mrv", "--count", "1", "--seed", "3"});
    EXPECT_EQ(run.out.substr(0, 82), head.out);
    EXPECT_TRUE(np::check_rules(np::test::parse(run.out.substr(0, 81))).empty());
}

TEST(Interrupt, GenerateMemoryDoesNotGrowWithCount) {
    // AddressSanitizer keeps freed memory in quarantine (256 MB by default),
    // so peak RSS grows with the number of allocations whatever the host keeps.
    if (np::runner::sanitizer_build()) GTEST_SKIP() << "peak memory is not the host's under AddressSanitizer";
    // fixture-liar's generator is nearly free, so this measures the host:
    // 300,000 9x9 grids kept in memory would take over 30 MB.
    auto peak = [](const std::string& count) {
        BackgroundCli cli({"generate", "--plugin-dir", np::test::liar_dir(), "--plugin", "fixture-liar", "--count",
                           count});
        long kib = 0;
        auto run = cli.finish(&kib);
        EXPECT_EQ(run.exit_code, 0) << run.err;
        EXPECT_EQ(line_count(run.out), std::stoull(count));
        return kib;
    };
    const long small = peak("10"), large = peak("300000");
    EXPECT_LT(large, small + 4 * 1024) << "peak RSS " << small << " KiB for 10 results, " << large
                                       << " KiB for 300,000";
}

TEST(Interrupt, ASecondSignalEndsAPluginThatIgnoresTheFirst) {
    // solve --in-process runs the plugin in its own process; fixture-hang loops forever on a puzzle with no solution and
    // never looks at the terminate callback: the first SIGTERM cannot stop
    // it, so the user's second one ends the process at once.
    const std::string faulty = np::test::fixture_dir() + "/../fixture-faulty";
    BackgroundCli cli({"solve", "--plugin-dir", faulty, "--plugin", "fixture-hang", "--size", "2x2", "--in-process",
                       ".23..1..4......."});
    double at_first = 0;
    ASSERT_TRUE(cli.wait_until([&](double cpu, const std::string&) { return (at_first = cpu) > 0.3; }));
    cli.signal(SIGTERM);
    // Still spinning after the first signal...
    ASSERT_TRUE(cli.wait_until([&](double cpu, const std::string&) { return cpu > at_first + 0.3; }));
    cli.signal(SIGTERM);
    auto run = cli.finish();
    // ...and killed by the second: no clean "interrupted after" line.
    EXPECT_EQ(run.exit_code, 143) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err.find("interrupted after"), std::string::npos) << run.err;
}

}  // namespace
