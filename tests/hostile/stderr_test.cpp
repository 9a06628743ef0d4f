// Issue 23: a worker's stderr is caught by numplace. A plugin that floods
// it costs nothing on numplace's terminal; a failed row's finding ends with
// what the worker printed last.
#include <gtest/gtest.h>

#include "hostile_support.hpp"

namespace {

using namespace np::hostile;

TEST(Stderr, AFloodNeverReachesTheTerminal) {
    const auto run = verify_attack("flood_stderr", "attack-flood-stderr", 10);
    EXPECT_LT(run.seconds, run_bound(10));
    EXPECT_EQ(run.exit_code, 0) << run.err.substr(0, 2000);
    EXPECT_LT(run.err.size(), 16u << 10) << "the plugin's stderr reached numplace's";
    EXPECT_EQ(run.err.find("xxxxxxxx"), std::string::npos);
    EXPECT_EQ(run.out.find("from stdout"), std::string::npos);
    ASSERT_EQ(run.rows.count(kTarget), 1u);
    EXPECT_EQ(run.rows.at(kTarget).value("status", ""), "pass");
    expect_others_pass(run);
}

TEST(Stderr, AFailedRowShowsWhatItsWorkerPrintedLast) {
    const auto run = verify_attack("print_then_abort", "attack-print-then-abort", 10);
    EXPECT_EQ(run.exit_code, 1) << run.err;
    ASSERT_EQ(run.rows.count(kTarget), 1u) << run.err;
    const auto& row = run.rows.at(kTarget);
    EXPECT_EQ(row.value("kind", ""), "crashed") << row.dump();
    const std::string finding = row.value("finding", "");
    EXPECT_NE(finding.find("SIGABRT"), std::string::npos) << finding;
    EXPECT_NE(finding.find("its worker's stderr (29 bytes): attack: giving up on purpose"), std::string::npos) << finding;
    EXPECT_EQ(run.err.find("giving up on purpose\n"), std::string::npos) << "it reached the terminal too";
    expect_others_pass(run);
}

}  // namespace
