// numplace_benchmarks' command line: --help lists every flag, numbers are
// parsed strictly (one line and exit 2 on a bad one, never an uncaught
// exception), unknown flags, plugins and files are errors, and Google
// Benchmark's own --benchmark_* flags pass through. A short run on a few
// puzzles checks that the four layers run and agree; nothing here measures
// speed.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;

np::test::CliRun bench(const std::vector<std::string>& args) {
    return np::test::run_program(NUMPLACE_TEST_BENCH_BINARY, args);
}

// Exactly one line on stderr.
::testing::AssertionResult one_line(const std::string& err) {
    if (err.empty() || err.back() != '\n' || err.find('\n') != err.size() - 1)
        return ::testing::AssertionFailure() << "not one line: [" << err << "]";
    return ::testing::AssertionSuccess();
}

std::size_t occurrences(const std::string& text, const std::string& word) {
    std::size_t n = 0;
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
    return n;
}

// A datasets folder of its own: tiny.txt holds three 17-clue puzzles of the
// project corpus (a comment line too), empty.txt none.
class Datasets {
public:
    Datasets() {
        char name[] = "/tmp/numplace-bench-XXXXXX";
        dir_ = mkdtemp(name);
        std::ofstream tiny(dir_ / "tiny.txt");
        tiny << "# three puzzles from corpus/17clue.yaml\n";
        int taken = 0;
        for (const auto& line : np::test::read_lines(np::test::source_dir() + "/../corpus/17clue.yaml"))
            if (line.rfind("  puzzle: ", 0) == 0 && taken++ < 3) tiny << line.substr(10) << "\n";
        std::ofstream(dir_ / "empty.txt") << "# nothing\n";
    }
    ~Datasets() { fs::remove_all(dir_); }
    std::string dir() const { return dir_.string(); }

private:
    fs::path dir_;
};

TEST(BenchFlags, HelpListsEveryFlagAndLayerAndExitsZero) {
    for (const char* help : {"--help", "-h"}) {
        const auto run = bench({help});
        EXPECT_EQ(run.exit_code, 0) << run.err;
        EXPECT_TRUE(run.err.empty()) << run.err;
        for (const char* word : {"--plugins", "--plugin-dir", "--datasets", "--files", "--limit", "--max-puzzles",
                                 "--batch", "--help", "--benchmark_", "raw/", "session/", "certified/", "workers/", "decode/", "parent/"})
            EXPECT_NE(run.out.find(word), std::string::npos) << word << " missing from:\n" << run.out;
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
        {"--batch", "1", {"0", "-1", "64k", ""}},
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
        {"--plugins", "bitmask-mrv", "--limt", "2"},            // a typo
        {"--plugins", "bitmask-mrv", "stray"},                  // not a flag
        {"--plugins", "bitmask-mrv", "--limit"},                // no value
        {"--plugins", "bitmask-mrv", "--generate", "puzzle"},   // gone: numplace bench's job
        {"--plugins", ","},                                     // no names
        {"--files", ""},                                        // no files
        {"--plugins", "no-such-plugin"},
    };
    for (const auto& args : cases) {
        SCOPED_TRACE(::testing::PrintToString(args));
        const auto run = bench(args);
        EXPECT_EQ(run.exit_code, 2) << run.err;
        EXPECT_TRUE(one_line(run.err));
        EXPECT_EQ(run.err.rfind("numplace_benchmarks: ", 0), 0u) << run.err;
        EXPECT_TRUE(run.out.empty()) << run.out;
    }
    const auto typo = bench({"--plugins", "bitmask-mrv", "--limt", "2"});
    EXPECT_NE(typo.err.find("unknown flag --limt"), std::string::npos) << typo.err;
    const auto plugin = bench({"--plugins", "bitmask-mrv,no-such-plugin"});
    // The message every harness command gives (harness::load_plugins).
    EXPECT_EQ(plugin.err, "numplace_benchmarks: unknown plugin 'no-such-plugin'\n");
}

// A file that is not there, or holds no puzzle, is named in one line: exit 2,
// before anything runs.
TEST(BenchFlags, MissingOrEmptyFilesExitTwo) {
    const Datasets data;
    const auto missing = bench({"--datasets", data.dir(), "--files", "tiny.txt,no-such-file.txt"});
    EXPECT_EQ(missing.exit_code, 2) << missing.err;
    EXPECT_TRUE(one_line(missing.err));
    EXPECT_EQ(missing.err, "numplace_benchmarks: cannot read " + data.dir() +
                               "/no-such-file.txt: No such file or directory (see --datasets and --files)\n");
    EXPECT_TRUE(missing.out.empty()) << missing.out;
    const auto empty = bench({"--datasets", data.dir(), "--files", "empty.txt"});
    EXPECT_EQ(empty.exit_code, 2) << empty.err;
    EXPECT_EQ(empty.err, "numplace_benchmarks: no puzzles in " + data.dir() + "/empty.txt\n");
}

// Good values are accepted (the largest 64-bit limit too), every plugin gets
// every layer, raw first, and Google Benchmark's flags reach it:
// --benchmark_list_tests lists without running.
TEST(BenchFlags, GoodValuesAndBenchmarkFlagsPassThrough) {
    const Datasets data;
    const auto list = bench({"--plugins", "bitmask-mrv,backtrack", "--datasets", data.dir(), "--files=tiny.txt",
                             "--limit", "18446744073709551615", "--max-puzzles=0", "--batch", "1",
                             "--benchmark_list_tests=true"});
    EXPECT_EQ(list.exit_code, 0) << list.err;
    std::string expected;
    for (const char* plugin : {"bitmask-mrv", "backtrack"})
        for (const char* layer : {"raw", "session", "certified", "workers", "decode", "parent"})
            expected += std::string(layer) + "/" + plugin + "/tiny.txt/limit=18446744073709551615/real_time\n";
    EXPECT_EQ(list.out, expected);
    // An unknown --benchmark_ flag is Google Benchmark's to refuse, not ignored.
    const auto unknown = bench({"--datasets", data.dir(), "--files", "tiny.txt", "--benchmark_no_such_flag=1"});
    EXPECT_NE(unknown.exit_code, 0);
    EXPECT_NE(unknown.err.find("benchmark_no_such_flag"), std::string::npos) << unknown.err;
}

// A real (short) run of the four layers on three unique puzzles: each solves
// all three (one solution each, so they did the same work), none reports an
// error, and the ratios to raw follow the table (on stdout for the console,
// on stderr for JSON, which stays parsable).
TEST(BenchFlags, EveryLayerRunsAndGivesRatios) {
    const Datasets data;
    const std::vector<std::string> args = {"--plugins", "bitmask-mrv", "--datasets", data.dir(), "--files",
                                           "tiny.txt", "--batch", "2", "--benchmark_min_time=0.01"};
    const auto console = bench(args);
    EXPECT_EQ(console.exit_code, 0) << console.err;
    for (const char* layer : {"raw", "session", "certified", "workers", "decode", "parent"})
        EXPECT_NE(console.out.find(std::string(layer) + "/bitmask-mrv/tiny.txt/limit=2"), std::string::npos)
            << layer << " missing from:\n" << console.out;
    EXPECT_NE(console.out.find("\nbitmask-mrv/tiny.txt/limit=2: raw "), std::string::npos) << console.out;
    for (const char* ratio : {" session/raw = ", ", certified/raw = ", ", workers/raw = "})
        EXPECT_NE(console.out.find(ratio), std::string::npos) << ratio << " missing from:\n" << console.out;

    auto json_args = args;
    json_args.push_back("--benchmark_format=json");
    const auto json = bench(json_args);
    EXPECT_EQ(json.exit_code, 0) << json.err;
    EXPECT_EQ(occurrences(json.out, "\"puzzles\": 3.0000000000000000e+00"), 6u) << json.out;
    EXPECT_EQ(occurrences(json.out, "\"solutions_per_puzzle\": 1.0000000000000000e+00"), 6u) << json.out;
    EXPECT_EQ(occurrences(json.out, "\"batch\": 2.0000000000000000e+00"), 1u) << json.out;
    EXPECT_EQ(json.out.find("error_occurred"), std::string::npos) << json.out;
    EXPECT_EQ(json.out.find("/raw = "), std::string::npos) << json.out;
    EXPECT_NE(json.err.find("bitmask-mrv/tiny.txt/limit=2: raw "), std::string::npos) << json.err;
}

}  // namespace
