// Issue 23: a worker's stderr is caught by numplace. A plugin that floods
// it costs nothing on numplace's terminal; a failed row's finding ends with
// what the worker printed last.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "hostile_support.hpp"
#include "test_support.hpp"

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

// Issue 40: a plugin's message is plain text wherever numplace shows it
// (plugins/escape_message.c): no byte a terminal acts on reaches stdout,
// stderr or the report, and the words around them stay.
TEST(Stderr, APluginsMessageReachesNoOutputRaw) {
    const auto run = verify_attack("escape_message", "attack-escape-message", 10);
    EXPECT_EQ(run.exit_code, 1) << run.err;
    ASSERT_EQ(run.rows.count(kTarget), 1u) << run.err;
    const std::string finding = run.rows.at(kTarget).value("finding", "");
    for (const std::string* text : {&run.out, &run.err, &finding}) {
        EXPECT_EQ(text->find('\x1b'), std::string::npos) << *text;
        EXPECT_EQ(text->find('\x07'), std::string::npos) << *text;
        EXPECT_EQ(text->find('\r'), std::string::npos) << *text;
        EXPECT_EQ(text->find("\xc2\x9b"), std::string::npos) << *text;
        EXPECT_EQ(text->find("\xe2\x80\xae"), std::string::npos) << *text;
    }
    EXPECT_NE(finding.find("cleared"), std::string::npos) << finding;
    EXPECT_NE(finding.find("desrever \xef\xbf\xbd" "end"), std::string::npos) << finding;
    EXPECT_NE(run.out.find("FAIL attack-escape-message six"), std::string::npos) << run.out;
    expect_others_pass(run);
}

// Issue 40: calls that a batch's deadline cut (--max-timeouts) run again,
// whatever the worker printed on stderr (plugins/chatty_slow.c prints a
// line and sleeps 300 ms a call). They once became skips, and the run
// ended green with rows it never ran.
TEST(Stderr, CutCallsRunAgainWhateverTheWorkerPrinted) {
    char name[] = "/tmp/numplace-chatty-XXXXXX";
    const std::filesystem::path dir = mkdtemp(name);
    {
        std::ofstream file(dir / "p.txt");
        for (int i = 0; i < 12; ++i) file << "1..4.......1..3.\n";
    }
    const auto run = np::test::run_cli({"verify", "--plugin-dir", attack_dir("chatty_slow"), "--plugins",
                                        "attack-chatty-slow", "--timeout", "1", "--max-timeouts", "1", "--report",
                                        (dir / "r.json").string(), (dir / "p.txt").string()});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    std::ifstream in(dir / "r.json");
    const auto report = nlohmann::json::parse(in);
    std::size_t passed = 0;
    for (const auto& row : report.at("rows")) {
        if (row.value("plugin", "") != "attack-chatty-slow") continue;
        EXPECT_EQ(row.value("status", ""), "pass") << row.dump();
        passed += row.value("status", "") == "pass";
    }
    EXPECT_EQ(passed, 12u) << run.out;
    std::filesystem::remove_all(dir);
}

}  // namespace
