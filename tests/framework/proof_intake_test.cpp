// The host's intake of a proof (ProofIntake, proof_intake.cpp): what a
// plugin declares and what its bytes are, judged against the answer they
// came with. Every case but the first is one where the bytes do not stand:
// the intake must say why in the note and never mark the proof checked.
#include <gtest/gtest.h>

#include <string>

#include "numplace/host.hpp"
#include "numplace/proof.hpp"
#include "test_support.hpp"

namespace {

// A full 4x4 grid: its own unique solution, proved by a lone leaf (the
// root's propagation finds every cell placed).
np::Grid full_four() { return np::test::parse("1234341221434321"); }
const std::string kLeaf(1, '\0');

np::SolveOutcome unique_answer(const np::Grid& grid, uint32_t declared) {
    np::SolveOutcome out;
    out.verdict = np::Verdict::unique;
    out.complete = true;
    out.count = 1;
    out.stop = NP_STOP_EXHAUSTED;
    out.solutions = {grid};
    out.proof.declared = declared;
    return out;
}

TEST(ProofIntake, AnHonestLeafIsChecked) {
    const auto grid = full_four();
    np::ProofIntake intake(grid, 1024);
    EXPECT_TRUE(intake.feed(kLeaf));
    auto out = unique_answer(grid, NP_PROOF_WRITTEN);
    intake.judge(out);
    EXPECT_EQ(out.proof.status, np::ProofStatus::checked) << out.proof.note;
    EXPECT_EQ(out.proof.bytes, 1u);
}

TEST(ProofIntake, AnAnswerThatIsNoCompleteSearchHasNothingToProve) {
    const auto grid = full_four();
    np::ProofIntake intake(grid, 1024);
    intake.feed(kLeaf);
    auto out = unique_answer(grid, NP_PROOF_WRITTEN);
    out.complete = false;
    intake.judge(out);
    EXPECT_EQ(out.proof.status, np::ProofStatus::absent);
    EXPECT_EQ(out.proof.note, "no complete search to prove");
    auto faulted = unique_answer(grid, NP_PROOF_WRITTEN);
    faulted.fault = np::Fault::wrong;
    intake.judge(faulted);
    EXPECT_EQ(faulted.proof.status, np::ProofStatus::absent);
}

TEST(ProofIntake, BytesPastTheBudgetAreNeverJudged) {
    const auto grid = full_four();
    np::ProofIntake intake(grid, 4);
    EXPECT_FALSE(intake.feed(std::string(8, '\0')));  // the sink says stop
    EXPECT_EQ(intake.received(), 8u);
    auto out = unique_answer(grid, NP_PROOF_WRITTEN);
    intake.judge(out);
    EXPECT_EQ(out.proof.status, np::ProofStatus::absent);
    EXPECT_NE(out.proof.note.find("byte budget of 4 bytes"), std::string::npos) << out.proof.note;
    EXPECT_EQ(out.proof.bytes, 8u);
    // The plugin may claim it tried to write more than arrived: the larger stands.
    np::ProofIntake quiet(grid, 4);
    auto claimed = unique_answer(grid, NP_PROOF_WRITTEN);
    claimed.proof.bytes = 100;
    quiet.judge(claimed);
    EXPECT_NE(claimed.proof.note.find("budget"), std::string::npos) << claimed.proof.note;
}

TEST(ProofIntake, RefusedBytesAreALieEvenWhenThePluginDeclaresNothing) {
    const auto grid = full_four();
    np::ProofIntake intake(grid, 1024);
    EXPECT_FALSE(intake.feed(std::string(1, '\x01')));  // a leaf with a count: reserved, refused
    auto out = unique_answer(grid, NP_PROOF_NONE);
    intake.judge(out);
    EXPECT_EQ(out.proof.declared, static_cast<uint32_t>(NP_PROOF_WRITTEN));
    EXPECT_EQ(out.proof.status, np::ProofStatus::rejected) << out.proof.note;
    EXPECT_FALSE(out.proof.note.empty());
}

TEST(ProofIntake, WhatThePluginDeclaresDecidesWhetherBytesAreAProof) {
    const auto grid = full_four();
    np::ProofIntake cannot(grid, 1024);
    auto declared_cannot = unique_answer(grid, NP_PROOF_CANNOT);
    cannot.judge(declared_cannot);
    EXPECT_EQ(declared_cannot.proof.status, np::ProofStatus::absent);
    EXPECT_NE(declared_cannot.proof.note.find("cannot prove"), std::string::npos);

    np::ProofIntake undeclared(grid, 1024);
    undeclared.feed(kLeaf);
    auto bytes_undeclared = unique_answer(grid, NP_PROOF_NONE);
    undeclared.judge(bytes_undeclared);
    EXPECT_EQ(bytes_undeclared.proof.status, np::ProofStatus::absent);
    EXPECT_EQ(bytes_undeclared.proof.note, "the plugin did not declare its bytes a proof");

    np::ProofIntake silent(grid, 1024);
    auto nothing = unique_answer(grid, NP_PROOF_NONE);
    silent.judge(nothing);
    EXPECT_EQ(nothing.proof.note, "no proof was written");
    // Declared written with no byte sent: still nothing to check.
    np::ProofIntake empty(grid, 1024);
    auto declared_empty = unique_answer(grid, NP_PROOF_WRITTEN);
    empty.judge(declared_empty);
    EXPECT_EQ(declared_empty.proof.status, np::ProofStatus::absent);
    EXPECT_EQ(declared_empty.proof.note, "no proof was written");
}

TEST(ProofIntake, AProofOfAnotherClaimIsRejected) {
    // A lone leaf proves this grid unique; claimed as "no solution" it lies.
    const auto grid = full_four();
    np::ProofIntake intake(grid, 1024);
    intake.feed(kLeaf);
    auto out = unique_answer(grid, NP_PROOF_WRITTEN);
    out.verdict = np::Verdict::none;
    out.count = 0;
    out.solutions.clear();
    intake.judge(out);
    EXPECT_EQ(out.proof.status, np::ProofStatus::rejected) << out.proof.note;
}

TEST(ProofIntake, AGeneratedPuzzlesProofIsJudgedAsUnique) {
    const auto grid = full_four();
    np::ProofIntake intake(grid, 1024);
    intake.feed(kLeaf);
    EXPECT_EQ(intake.judge_generated(1).status, np::ProofStatus::checked);
    np::ProofIntake none(grid, 1024);
    EXPECT_EQ(none.judge_generated(0).note, "no proof was written");
    np::ProofIntake over(grid, 1024);
    EXPECT_NE(over.judge_generated(4096).note.find("budget"), std::string::npos);
}

// The check's own time is bounded (the call's timeout in a worker pool):
// past it the rest of the bytes are only counted and the answer stands
// unproved, never checked; bytes the checker refused before that still
// make the proof a lie.
TEST(ProofIntake, AProofWhoseCheckRunsPastItsTimeStandsUnproved) {
    const auto grid = full_four();
    np::ProofIntake intake(grid, 1024, 1e-9);  // any check takes longer than a nanosecond
    EXPECT_FALSE(intake.feed(kLeaf));
    EXPECT_FALSE(intake.feed(kLeaf));  // counted, not checked
    EXPECT_EQ(intake.received(), 2u);
    auto out = unique_answer(grid, NP_PROOF_WRITTEN);
    intake.judge(out);
    EXPECT_EQ(out.proof.status, np::ProofStatus::absent);
    EXPECT_NE(out.proof.note.find("its check ran past 1e-09 s (the call's timeout)"), std::string::npos)
        << out.proof.note;

    np::ProofIntake lying(grid, 1024, 1e-9);
    EXPECT_FALSE(lying.feed(std::string(1, '\x01')));  // reserved: refused in the same feed
    auto lie = unique_answer(grid, NP_PROOF_WRITTEN);
    lying.judge(lie);
    EXPECT_EQ(lie.proof.status, np::ProofStatus::rejected) << lie.proof.note;
}

}  // namespace
