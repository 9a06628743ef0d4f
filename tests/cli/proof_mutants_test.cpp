// Lying proofs are caught (issue 25): each proof mutant (tests/mutants/
// mutant.cpp, 15-20) answers as the correct plugin does but writes a tree
// that lies, and the runner, which checks every proof in this process as it
// comes, must reject it with the checker's located reason. The correct
// plugin's proofs of the same puzzles are checked: the prover the mutants
// share is honest, so each rejection is its lie's.
#include <gtest/gtest.h>

#include <filesystem>

#include "numplace/proof.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

namespace {

using np::Grid;
using np::ProofStatus;
using np::test::parse;

std::string mutant_dir() { return np::test::fixture_dir() + "/../mutant-plugins"; }
std::string worker() {
    return (std::filesystem::path(NUMPLACE_TEST_BINARY).parent_path() / "numplace-worker").string();
}

// eleven-hardest-88 (corpus/eleven-hardest.yaml), one solution.
const char* const kHard = "....56..94......3...9...5.12..........6..81...4.7...........9....8.6...5.3.2...7.";
// The same with a wrong clue in r1c1 (its solution has 1 there): no solution.
const char* const kNone = "3...56..94......3...9...5.12..........6..81...4.7...........9....8.6...5.3.2...7.";
// Its solution with a rectangle emptied whose 1s and 4s can swap (r1c1, r1c4,
// r2c1, r2c4): exactly two solutions.
const char* const kTwins = ".23.56789.57.89236689372541291634857376528194845791362562847913718963425934215678";

// The checker itself decides none of these: a proof that is one leaf is
// rejected, so each needs splits, and a lie in them is judged.
TEST(ProofMutants, ThePuzzlesNeedSplits) {
    for (const char* text : {kHard, kNone, kTwins}) {
        const Grid puzzle = parse(text);
        np::ProofChecker checker(puzzle, 1 << 20);
        checker.feed(std::string(1, '\0'));
        const auto r = checker.finish(np::ProofClaim::none(), nullptr);
        EXPECT_FALSE(r.accepted) << text;
        EXPECT_NE(r.reason.find("node 1: a leaf, but"), std::string::npos) << r.reason;
    }
}

struct Expected {
    std::string mutant;
    const char* puzzle;
    ProofStatus status;
    // The start of the checker's reason (or of why absent); "" for checked.
    // On kHard, the whole reason: docs/proofs.md ("Lying proofs") quotes them.
    std::string note;
};

const std::vector<Expected> kExpected = {
    // The correct plugin: proofs of unique and none checked; two solutions
    // found with limit 2 is no complete search, so nothing to prove.
    {"none", kHard, ProofStatus::checked, ""},
    {"none", kNone, ProofStatus::checked, ""},
    {"none", kTwins, ProofStatus::absent, "no complete search to prove"},
    {"proof-drops-branch", kHard, ProofStatus::rejected, "node 1: split on r1c8 misses value 8"},
    {"proof-drops-branch", kNone, ProofStatus::rejected, "node 1: split on "},
    {"proof-non-candidate", kHard, ProofStatus::rejected, "node 1: split on r1c8 misses value 2"},
    {"proof-non-candidate", kNone, ProofStatus::rejected, "node 1: split on "},
    {"proof-open-leaf", kHard, ProofStatus::rejected,
     "node 2: a leaf, but r1c1 still has 4 candidates (no contradiction, no solution)"},
    {"proof-open-leaf", kNone, ProofStatus::rejected, "node 1: a leaf, but "},
    {"proof-truncated", kHard, ProofStatus::rejected, "the proof ends before node 33,705"},
    {"proof-truncated", kNone, ProofStatus::rejected, "the proof ends "},
    {"proof-other-puzzle", kHard, ProofStatus::rejected, "node 1: split on r1c2 misses value 1"},
    {"proof-other-puzzle", kNone, ProofStatus::rejected, "node 1: split on "},
    // Exactly two solutions, answered as unique with the first: the
    // checker finds the hidden one itself.
    {"proof-hides-twin", kTwins, ProofStatus::rejected, "the proof shows 2 solutions, but the claim is unique"},
    {"proof-hides-twin", kHard, ProofStatus::checked, ""},
};

// Through the worker runner, as verify and fuzz call plugins by default:
// the proof crosses the pipe in frames and is checked in this process.
std::unique_ptr<np::runner::Runner> workers() {
    np::runner::Settings settings;
    settings.worker_program = worker();
    return np::runner::make_runner(settings);
}

// verify --in-process: the plugin writes into this process's sink directly.
// Once the checker refuses, the plugin is told to stop and may declare no
// proof at all; what it sent is still a lie and must be judged one.
std::unique_ptr<np::runner::Runner> in_process() {
    np::runner::Settings settings;
    settings.in_process = true;
    return np::runner::make_runner(settings);
}

np::Budget proof_budget() {
    np::Budget budget = np::test::node_budget(10'000'000);
    budget.max_proof_bytes = 1 << 24;
    return budget;
}

void expect_each_lie_rejected(np::runner::Runner* runner) {
    np::PluginRegistry registry;
    registry.add_directory(mutant_dir());
    for (const auto& e : kExpected) {
        const np::Plugin* plugin = registry.find("mutant-" + e.mutant);
        ASSERT_NE(plugin, nullptr) << e.mutant;
        const Grid puzzle = parse(e.puzzle);
        const np::SolveOutcome out = runner->solve_one(*plugin, puzzle, 2, {}, proof_budget());
        SCOPED_TRACE(e.mutant + " on " + e.puzzle);
        ASSERT_EQ(out.fault, np::Fault::none) << out.message;
        EXPECT_EQ(out.proof.status, e.status) << np::proof_status_name(out.proof.status) << ": " << out.proof.note;
        EXPECT_EQ(out.proof.note.rfind(e.note, 0), 0u) << out.proof.note;
        if (e.puzzle == kHard) {
            EXPECT_EQ(out.proof.note, e.note);
        }
        if (e.status == ProofStatus::rejected) {
            EXPECT_GT(out.proof.bytes, 0u);
        }
    }
}

TEST(ProofMutants, EachLieIsRejectedWithItsReason) { expect_each_lie_rejected(workers().get()); }

TEST(ProofMutants, EachLieIsRejectedInProcessToo) { expect_each_lie_rejected(in_process().get()); }

// The reasons name what is wrong, not only where: a dropped branch and a
// non-candidate leave a real candidate out, and so does a proof of the
// mirrored puzzle here.
TEST(ProofMutants, ASplitThatLiesMissesARealCandidate) {
    np::PluginRegistry registry;
    registry.add_directory(mutant_dir());
    auto runner = workers();
    for (const char* name : {"proof-drops-branch", "proof-non-candidate", "proof-other-puzzle"}) {
        const np::Plugin* plugin = registry.find(std::string("mutant-") + name);
        ASSERT_NE(plugin, nullptr) << name;
        const np::SolveOutcome out = runner->solve_one(*plugin, parse(kHard), 2, {}, proof_budget());
        EXPECT_NE(out.proof.note.find(" misses value "), std::string::npos) << name << ": " << out.proof.note;
    }
}

// A generated puzzle's proof of uniqueness goes through the same prover:
// the correct plugin's are checked, a truncating one's rejected.
TEST(ProofMutants, GeneratedPuzzlesProofsToo) {
    np::PluginRegistry registry;
    registry.add_directory(mutant_dir());
    auto runner = workers();
    const np::Geometry shape{3, 3};
    for (const auto& [name, status] : {std::pair{"mutant-none", ProofStatus::checked},
                                       std::pair{"mutant-proof-truncated", ProofStatus::rejected}}) {
        const np::GenerateOutcome out =
            runner->generate(*registry.find(name), shape, NP_GENERATE_PUZZLE, 5, 0, 2, {}, proof_budget());
        ASSERT_TRUE(out.ok) << name << ": " << out.message;
        ASSERT_EQ(out.proofs.size(), 2u) << name;
        for (const auto& proof : out.proofs) {
            EXPECT_EQ(proof.status, status) << name << ": " << proof.note;
            if (status == ProofStatus::rejected) {
                EXPECT_EQ(proof.note.rfind("the proof ends ", 0), 0u) << proof.note;
            }
        }
    }
}

}  // namespace
