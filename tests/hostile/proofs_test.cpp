// Issue 25: a proof is plugin output like any other. It crosses the worker
// pipe as frames that the parent counts and checks itself; a plugin that
// floods its sink, or writes proof frames past it, costs at most its own
// item, and nothing it writes is believed without the checker.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>

#include "hostile_support.hpp"
#include "numplace/host.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

namespace {

const np::Grid& four = np::hostile::four_puzzle();
const np::Grid& six = np::hostile::six_puzzle();  // the target

const np::Plugin& load(const std::string& stem) { return np::hostile::attack_plugin(stem); }

std::vector<np::SolveOutcome> solve(const np::Plugin& plugin, uint64_t proof_bytes, bool in_process = false) {
    auto runner = np::hostile::attack_runner(in_process);
    np::Budget budget = np::hostile::attack_budget();
    budget.max_proof_bytes = proof_bytes;
    return runner->solve(plugin, {&four, &six, &four}, 2, {}, budget);
}

TEST(HostileProofs, AFloodedSinkStopsAtTheBudgetAndTheAnswerStands) {
    for (const bool in_process : {false, true}) {
        const auto out = solve(load("proof_flood"), 1 << 20, in_process);
        ASSERT_EQ(out.size(), 3u);
        for (const auto& o : out) {
            EXPECT_EQ(o.fault, np::Fault::none) << o.message;
            EXPECT_EQ(o.verdict, np::Verdict::unique);
        }
        EXPECT_EQ(out[1].proof.status, np::ProofStatus::absent) << in_process;
        EXPECT_NE(out[1].proof.note.find("over the byte budget"), std::string::npos) << out[1].proof.note;
        EXPECT_GT(out[1].proof.bytes, uint64_t{1} << 20) << "what it tried to write, counted";
        EXPECT_EQ(out[0].proof.status, np::ProofStatus::absent);
        EXPECT_EQ(out[0].proof.note, "no proof was written");
    }
}

// The item's failure, and the items around it answered.
void expect_item_fails(const std::vector<np::SolveOutcome>& out, const std::string& why) {
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[1].fault, np::Fault::crashed) << out[1].message;
    EXPECT_NE(out[1].message.find("protocol:"), std::string::npos) << out[1].message;
    EXPECT_NE(out[1].message.find(why), std::string::npos) << out[1].message;
    for (std::size_t i : {0u, 2u}) {
        EXPECT_EQ(out[i].fault, np::Fault::none) << i << ": " << out[i].message;
        EXPECT_EQ(out[i].verdict, np::Verdict::unique) << i;
    }
}

TEST(HostileProofs, ProofFramesNobodyAskedForFailTheirItem) {
    expect_item_fails(solve(load("proof_frames"), 0), "a proof nobody asked for");
}

TEST(HostileProofs, ProofFramesPastTheBudgetFailTheirItem) {
    expect_item_fails(solve(load("proof_frames"), 100000), "more proof bytes than the budget");
}

TEST(HostileProofs, AProofFrameForAnotherItemFailsTheItemRunning) {
    expect_item_fails(solve(load("proof_frames"), 1 << 20), "a proof for another item");
}

// Issue 40: a well-formed proof streamed without pause (plugins/proof_stream.c,
// on an empty grid) keeps the parent checking frames, and the pipe never
// runs dry. The item still ends at its deadline plus the grace (on the
// parent's clock), and the items around it are answered.
TEST(HostileProofs, AStreamedProofEndsAtTheItemsDeadline) {
    const np::Grid empty{np::Geometry{3, 3}};
    auto runner = np::hostile::attack_runner(false);  // a grace of 0.1 s
    np::Budget budget = np::hostile::attack_budget();
    budget.timeout_seconds = 1;
    budget.max_proof_bytes = uint64_t{64} << 20;  // verify's default
    const auto start = std::chrono::steady_clock::now();
    const auto out = runner->solve(load("proof_stream"), {&four, &empty, &four}, 2, {}, budget);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[1].fault, np::Fault::timed_out) << out[1].message;
    // The parent's own time for the item: the deadline, the grace, and at
    // most one frame's check past them. A hang bound, not a speed test: a
    // loaded sanitize build gets ample room, and the unbounded intake held
    // this item 21 s (84 s from the command line).
    EXPECT_LT(out[1].stats.micros, 12000000u) << out[1].message;
    EXPECT_LT(seconds, np::hostile::run_bound(1)) << "the whole batch";
    for (std::size_t i : {0u, 2u}) {
        EXPECT_EQ(out[i].fault, np::Fault::none) << i << ": " << out[i].message;
        EXPECT_EQ(out[i].verdict, np::Verdict::unique) << i;
    }
}

// And Ctrl-C: verify stops within a few frames' checks of the signal, not
// when the budget runs out, and says it was interrupted (exit 130).
TEST(HostileProofs, CtrlCStopsAStreamedProof) {
    char name[] = "/tmp/numplace-proof-stream-XXXXXX";
    const std::string dir = mkdtemp(name);
    { std::ofstream(dir + "/empty.txt") << std::string(81, '.') << "\n"; }
    np::test::BackgroundCli cli({"verify", "--plugin-dir", np::hostile::attack_dir("proof_stream"), "--plugins",
                                 "attack-proof-stream", "--timeout", "600", dir + "/empty.txt"});
    // The parent is checking the proof once it has spent a second of CPU.
    ASSERT_TRUE(cli.wait_until([](double cpu, const std::string&) { return cpu > 1.5; }));
    const auto signalled = std::chrono::steady_clock::now();
    cli.signal(SIGINT);
    const auto run = cli.finish();
    const double after = std::chrono::duration<double>(std::chrono::steady_clock::now() - signalled).count();
    EXPECT_EQ(run.exit_code, 130) << run.err;
    EXPECT_LT(after, 15.0) << "honoured late";
    std::filesystem::remove_all(dir);
}

// The other side of that deadline: the parent's own time with a proof's
// frames (checking them, keeping them) is not the plugin's. Before the fix,
// an honest csp proof whose check outlasted the call (a sanitizer build in
// CI) was "csp ignored its 10 s deadline: killed by the watchdog". Here the
// parent's sink sleeps on the first frames, 3 s in all, past a 2 s timeout
// and its grace. The plugin, blocked on the full pipe meanwhile, may see its
// own deadline pass and answer with the count so far: either way its answer
// is read and stands, and no fault is its.
TEST(HostileProofs, ThePluginIsNotChargedForTheParentsTimeWithItsProof) {
    const np::Grid puzzle =
        np::test::parse("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4....");
    auto runner = np::hostile::attack_runner(false);
    np::Budget budget = np::hostile::attack_budget();
    budget.timeout_seconds = 2;
    budget.max_proof_bytes = uint64_t{64} << 20;
    int frames = 0;
    const np::ProofSink slow = [&frames](uint64_t, std::string_view) {
        if (++frames <= 12) std::this_thread::sleep_for(std::chrono::milliseconds(250));
        return true;
    };
    const auto out = runner->solve(np::test::bundled_plugin("exhaustive-count"), {&puzzle}, 100000, {}, budget, slow);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_GE(frames, 12) << "the sleeps must outlast the timeout and its grace";
    EXPECT_EQ(out[0].fault, np::Fault::none) << out[0].message;
    if (out[0].complete) {
        EXPECT_EQ(out[0].count, 7265u);
        EXPECT_EQ(out[0].proof.status, np::ProofStatus::checked) << out[0].proof.note;
    } else {
        EXPECT_EQ(out[0].stop, NP_STOP_BUDGET);
        EXPECT_GT(out[0].count, 0u) << "the count so far";
    }
}

}  // namespace
