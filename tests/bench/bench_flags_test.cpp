// numplace_benchmarks' command line: --help lists every flag, numbers are
// parsed strictly (one line and exit 2 on a bad one, never an uncaught
// exception), unknown flags are errors, and Google Benchmark's own
// --benchmark_* flags pass through. Nothing here measures speed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

np::test::CliRun bench(const std::vector<std::string>& args) {
    return np::test::run_program(NUMPLACE_TEST_BENCH_BINARY, args);
}

// Exactly one line on stderr.
::testing::AssertionResult one_line(const std::string& err) {
    if (err.empty() || err.back() != '\n' || err.find('\n') != err.size() - 1)
        return ::testing::AssertionFailure() << "not one line: [" << err << "]";
    return ::testing::AssertionSuccess();
}

TEST(BenchFlags, HelpListsEveryFlagAndExitsZero) {
    for (const char* help : {"--help", "-h"}) {
        const auto run = bench({help});
        EXPECT_EQ(run.exit_code, 0) << run.err;
        EXPECT_TRUE(run.err.empty()) << run.err;
        for (const char* flag : {"--plugins", "--plugin-dir", "--datasets", "--files", "--limit", "--max-puzzles",
                                 "--generate ", "--generate-option", "--help", "--benchmark_"})
            EXPECT_NE(run.out.find(flag), std::string::npos) << flag << " missing from:\n" << run.out;
    }
}

TEST(BenchFlags, BadNumbersAreOneLineAndExitTwo) {
    struct Case {
        const char* flag;
        const char* minimum;
        std::vector<std::string> values;
    };
    const std::vector<Case> cases = {
        {"--limit", "1", {"abc", "0", "-1", "1x", "", " 2", "+2", "2.5", "18446744073709551616"}},
        {"--max-puzzles", "0", {"abc", "-1", "1x", "", "0x10", "99999999999999999999"}},
    };
    for (const Case& c : cases) {
        for (const std::string& value : c.values) {
            SCOPED_TRACE(std::string(c.flag) + " [" + value + "]");
            // Both spellings: "--flag value" and "--flag=value".
            for (const auto& args : {std::vector<std::string>{"--plugins", "bitmask-mrv", c.flag, value},
                                     std::vector<std::string>{"--plugins", "bitmask-mrv", c.flag + ("=" + value)}}) {
                const auto run = bench(args);
                EXPECT_EQ(run.exit_code, 2) << run.err;
                EXPECT_TRUE(one_line(run.err));
                EXPECT_EQ(run.err, "numplace_benchmarks: " + std::string(c.flag) + " " + value +
                                       ": expected a whole number >= " + c.minimum + "\n");
                EXPECT_TRUE(run.out.empty()) << run.out;
            }
        }
    }
}

TEST(BenchFlags, UnknownFlagsMissingValuesAndBadWordsExitTwo) {
    const std::vector<std::vector<std::string>> cases = {
        {"--plugins", "bitmask-mrv", "--limt", "2"},             // a typo
        {"--plugins", "bitmask-mrv", "stray"},                   // not a flag
        {"--plugins", "bitmask-mrv", "--limit"},                 // no value
        {"--plugins", "bitmask-mrv", "--generate", "puzzles"},   // not grid|puzzle
        {"--plugins", "bitmask-mrv", "--generate-option", "minimal"},  // no '='
        {"--plugins", ","},                                      // no names
        {"--plugins", "no-such-plugin", "--generate", "grid"},
        {"--limit", "2"},                                        // --plugins missing
    };
    for (const auto& args : cases) {
        SCOPED_TRACE(::testing::PrintToString(args));
        const auto run = bench(args);
        EXPECT_EQ(run.exit_code, 2) << run.err;
        EXPECT_TRUE(one_line(run.err));
        EXPECT_EQ(run.err.rfind("numplace_benchmarks: ", 0), 0u) << run.err;
    }
    const auto typo = bench({"--plugins", "bitmask-mrv", "--limt", "2"});
    EXPECT_NE(typo.err.find("--limt"), std::string::npos) << typo.err;
}

// Good values are accepted (the largest 64-bit limit too), and Google
// Benchmark's flags reach it: --benchmark_list_tests lists without running.
TEST(BenchFlags, GoodValuesAndBenchmarkFlagsPassThrough) {
    const auto list = bench({"--plugins", "bitmask-mrv,backtrack", "--generate", "grid", "--limit",
                             "18446744073709551615", "--max-puzzles=0", "--benchmark_list_tests=true"});
    EXPECT_EQ(list.exit_code, 0) << list.err;
    EXPECT_EQ(list.out, "generate/bitmask-mrv/grid\ngenerate/backtrack/grid\n");
    // An unknown --benchmark_ flag is Google Benchmark's to refuse, not ignored.
    const auto unknown = bench({"--plugins", "bitmask-mrv", "--generate", "grid", "--benchmark_no_such_flag=1"});
    EXPECT_NE(unknown.exit_code, 0);
    EXPECT_NE(unknown.err.find("benchmark_no_such_flag"), std::string::npos) << unknown.err;
}

// A real (short) run of generate through the ABI: every iteration asks for the
// next result of one sequence, and every result is a full grid (81 values).
TEST(BenchFlags, GenerateRuns) {
    const auto run = bench({"--plugins", "naive-dom", "--generate", "grid", "--benchmark_min_time=0.01",
                            "--benchmark_format=json"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("\"name\": \"generate/naive-dom/grid\""), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("\"clues\": 8.1000000000000000e+01"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("error_occurred"), std::string::npos) << run.out;
}

}  // namespace
