// Issue 25: a proof is plugin output like any other. It crosses the worker
// pipe as frames that the parent counts and checks itself; a plugin that
// floods its sink, or writes proof frames past it, costs at most its own
// item, and nothing it writes is believed without the checker.
#include <gtest/gtest.h>

#include "hostile_support.hpp"
#include "numplace/host.hpp"
#include "runner.hpp"
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

}  // namespace
