// Issue 22, parts 1-3: the parent process is the trust boundary. A plugin
// runs inside its worker and can write anything to the worker's answer pipe
// (fd 4) or to any memory the worker shares; the parent times every item on
// its own clock, reads answers without ever blocking, and certifies each
// one itself. Each attack plugin (plugins/NAME.c) fires on the corpus's 6x6
// entry; the row of that entry fails (crashed "protocol: ...", or
// timed-out), every other row stands, and the run ends within its bound.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "hostile_support.hpp"
#include "numplace/host.hpp"
#include "test_support.hpp"

namespace {

using namespace np::hostile;
namespace fs = std::filesystem;

constexpr double kTimeout = 2;

// `rows`: the attacker's rows (the corpus's four, and any plain file's).
void expect_protocol_failure(const VerifyRun& run, std::size_t rows = 4) {
    EXPECT_LT(run.seconds, run_bound(kTimeout));
    EXPECT_EQ(run.exit_code, 1) << run.err;
    ASSERT_TRUE(run.report) << run.err;
    ASSERT_EQ(run.rows.size(), rows) << run.err;
    const auto& target = run.rows.at(kTarget);
    EXPECT_EQ(target.value("status", ""), "fail") << target.dump();
    EXPECT_EQ(target.value("kind", ""), "crashed") << target.dump();
    EXPECT_NE(target.value("finding", "").find("protocol:"), std::string::npos) << target.dump();
    expect_others_pass(run);
}

void expect_timed_out(const VerifyRun& run) {
    EXPECT_LT(run.seconds, run_bound(kTimeout));
    EXPECT_EQ(run.exit_code, 1) << run.err;
    ASSERT_TRUE(run.report) << run.err;
    ASSERT_EQ(run.rows.size(), 4u) << run.err;
    const auto& target = run.rows.at(kTarget);
    EXPECT_EQ(target.value("status", ""), "fail") << target.dump();
    EXPECT_EQ(target.value("kind", ""), "timed-out") << target.dump();
    expect_others_pass(run);
}

// A plain file with the target puzzle: its truth comes from the answers, so
// a forged "multiple" that stood would make every honest plugin disagree.
struct PlainSix {
    fs::path dir, file;
    PlainSix() {
        char name[] = "/tmp/numplace-protocol-XXXXXX";
        dir = mkdtemp(name);
        file = dir / "six.txt";
        std::ofstream(file) << std::string(36, '.') << "\n";
    }
    ~PlainSix() { fs::remove_all(dir); }
};

TEST(Protocol, AForgedAnswerFrameFailsItsRowAndNoHonestPlugin) {
    PlainSix plain;
    const auto run = verify_attack("forge_frame", "attack-forge-frame", kTimeout,
                                   {"--plugins", "attack-forge-frame,bitmask-mrv", plain.file.string()});
    expect_protocol_failure(run, 5);
    ASSERT_TRUE(run.plugin_rows.count("bitmask-mrv")) << run.err;
    for (const auto& [entry, row] : run.plugin_rows.at("bitmask-mrv")) {
        EXPECT_NE(row.value("status", ""), "fail") << entry << ": " << row.dump();
        EXPECT_NE(row.value("kind", ""), "disagreement") << entry << ": " << row.dump();
    }
    EXPECT_EQ(run.plugin_rows.at("bitmask-mrv").at(plain.file.string() + ":1").value("status", ""), "pass");
    // The forger's answer to the plain puzzle did not stand either.
    const auto& forged = run.rows.at(plain.file.string() + ":1");
    EXPECT_EQ(forged.value("kind", ""), "crashed") << forged.dump();
}

TEST(Protocol, AnEarlyFrameForTheNextItemFailsOnlyItsRow) {
    expect_protocol_failure(verify_attack("early_frame", "attack-early-frame", kTimeout));
}

TEST(Protocol, OneStrayByteFailsOnlyItsRow) {
    expect_protocol_failure(verify_attack("stray_byte", "attack-stray-byte", kTimeout));
}

TEST(Protocol, AHeaderAndThenSilenceTimesOut) {
    expect_timed_out(verify_attack("short_frame", "attack-short-frame", kTimeout));
}

// A length above the cap is refused from the header alone: the row says
// protocol, not timed-out (which waiting for the bytes would give).
TEST(Protocol, AHugeLengthFailsAtOnce) {
    expect_protocol_failure(verify_attack("huge_length", "attack-huge-length", kTimeout));
}

TEST(Protocol, ABadMagicFailsOnlyItsRow) {
    expect_protocol_failure(verify_attack("bad_magic", "attack-bad-magic", kTimeout));
}

TEST(Protocol, GarbageFailsOnlyItsRow) {
    expect_protocol_failure(verify_attack("garbage", "attack-garbage", kTimeout));
}

TEST(Protocol, RewritingTheOldTimingPageDoesNotStopTheClock) {
    expect_timed_out(verify_attack("board_tamper", "attack-board-tamper", kTimeout));
}

TEST(Protocol, TricklingBytesDoesNotStopTheClock) {
    expect_timed_out(verify_attack("trickle", "attack-trickle", kTimeout));
}

TEST(Protocol, WhatAPluginStartsInheritsNoPipe) {
    const auto run = verify_attack("inherit_pipe", "attack-inherit-pipe", kTimeout);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    ASSERT_EQ(run.rows.size(), 4u) << run.err;
    for (const auto& [entry, row] : run.rows) EXPECT_EQ(row.value("status", ""), "pass") << entry << ": " << row.dump();
}

// bitmask-mrv's rows (status, kind, verdict) alone and beside an attacker.
std::map<std::string, std::string> honest_rows(const VerifyRun& run) {
    std::map<std::string, std::string> rows;
    if (!run.plugin_rows.count("bitmask-mrv")) return rows;
    for (const auto& [entry, row] : run.plugin_rows.at("bitmask-mrv"))
        rows[entry] = row.value("status", "") + " " + row.value("kind", "") + " " + row.value("verdict", "");
    return rows;
}

TEST(Protocol, AnHonestPluginsRowsAreTheSameBesideAnAttacker) {
    PlainSix plain;
    const auto alone = verify_attack("garbage", "bitmask-mrv", kTimeout, {plain.file.string()});
    ASSERT_FALSE(honest_rows(alone).empty()) << alone.err;
    for (const char* stem : {"forge_frame", "garbage"}) {
        const std::string attacker = std::string("attack-") + (stem[0] == 'f' ? "forge-frame" : "garbage");
        const auto beside = verify_attack(stem, "bitmask-mrv", kTimeout,
                                          {"--plugins", attacker + ",bitmask-mrv", plain.file.string()});
        EXPECT_EQ(honest_rows(beside), honest_rows(alone)) << stem << "\n" << beside.err;
    }
}

}  // namespace
