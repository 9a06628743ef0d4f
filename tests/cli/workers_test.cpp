// Plugins in worker processes: a plugin that crashes, aborts, hangs or eats
// memory costs only its own rows (kinds crashed, timed-out, out-of-memory),
// verify completes with every row, and the other rows pass.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "runner/runner.hpp"
#include "four_entries.hpp"
#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::real_segv;
using np::test::run_cli;
namespace fs = std::filesystem;

const char* const kCorpus = np::test::kFourEntries;

class Workers : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-workers-XXXXXX";
        dir_ = mkdtemp(name);
        std::ofstream(dir_ / "c.yaml") << kCorpus;
    }
    void TearDown() override { fs::remove_all(dir_); }

    // verify with one faulty plugin; the JSON report's rows by entry.
    std::map<std::string, json> rows(const std::string& plugin, std::vector<std::string> extra = {},
                                     int* exit_code = nullptr) {
        std::vector<std::string> args = {"verify", (dir_ / "c.yaml").string(), "--plugin-dir", faulty_dir(),
                                         "--plugins", plugin, "--timeout", "0.5", "--memory", "256",
                                         "--report", (dir_ / "r.json").string()};
        args.insert(args.end(), extra.begin(), extra.end());
        auto run = run_cli(args, "", real_segv());
        if (exit_code) *exit_code = run.exit_code;
        std::ifstream in(dir_ / "r.json");
        std::map<std::string, json> by_entry;
        if (!in) {
            ADD_FAILURE() << "no report: " << run.err;
            return by_entry;
        }
        const json report = json::parse(in);
        for (const auto& r : report["rows"]) by_entry[r["entry"]] = r;
        return by_entry;
    }

    static std::string faulty_dir() { return np::test::fixture_dir() + "/../fixture-faulty"; }
    fs::path dir_;
};

void expect_only_failure(const std::map<std::string, json>& rows, const std::string& entry, const std::string& kind,
                         const std::string& words) {
    ASSERT_EQ(rows.size(), 4u);  // no row lost
    for (const auto& [id, row] : rows) {
        if (id == entry) {
            EXPECT_EQ(row["status"], "fail") << row;
            EXPECT_EQ(row["kind"], kind) << row;
            EXPECT_NE(row["finding"].get<std::string>().find(words), std::string::npos) << row;
        } else {
            EXPECT_EQ(row["status"], "pass") << row;
        }
    }
}

TEST_F(Workers, ASegfaultIsACrashOfThatRowOnly) {
    int code = 0;
    expect_only_failure(rows("fixture-segv", {}, &code), "six", "crashed", "SIGSEGV");
    EXPECT_EQ(code, 1);
}

TEST_F(Workers, AnExceptionAcrossTheAbiIsAnAbort) {
    expect_only_failure(rows("fixture-throw"), "six", "crashed", "SIGABRT");
}

TEST_F(Workers, AHangIsKilledByTheWatchdog) {
    expect_only_failure(rows("fixture-hang"), "none", "timed-out", "killed by the watchdog");
}

TEST_F(Workers, RunningOutOfMemoryIsToldFromACrash) {
    if (np::runner::sanitizer_build()) GTEST_SKIP() << "no memory limit under AddressSanitizer";
    expect_only_failure(rows("fixture-hog"), "six", "out-of-memory", "ran out of memory (limit 256 MiB)");
}

TEST_F(Workers, AllFourAtOnceInParallelKeepTheirOrder) {
    auto one = rows("fixture-segv,fixture-throw,fixture-hang,fixture-hog", {"-j", "1"});
    const json a = json::parse(std::ifstream(dir_ / "r.json")).at("rows");
    auto two = rows("fixture-segv,fixture-throw,fixture-hang,fixture-hog", {"-j", "2"});
    const json b = json::parse(std::ifstream(dir_ / "r.json")).at("rows");
    ASSERT_EQ(a.size(), 16u);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        for (const char* key : {"entry", "plugin", "status"}) EXPECT_EQ(a[i][key], b[i][key]) << i;
}

TEST_F(Workers, InProcessACrashEndsTheRunAsDocumented) {
    auto run = run_cli({"verify", (dir_ / "c.yaml").string(), "--plugin-dir", faulty_dir(), "--plugins",
                        "fixture-segv", "--in-process"},
                       "", real_segv());
    EXPECT_EQ(run.exit_code, 128 + SIGSEGV);
}

}  // namespace
