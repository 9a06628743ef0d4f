// fuzz's `proof` property (harness/fuzz): proofs are mutated the ways a
// lying prover would (proof_mutation.hpp), and the checker, given any of
// them, accepts no claim an independent count refutes; through `numplace
// fuzz`, an honest prover's proofs pass and yield lies that are all refused,
// and each proof mutant is found.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "numplace/proof.hpp"
#include "fuzz/proof_mutation.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

namespace {

using np::Grid;
using np::ProofClaim;
using np::fuzz::Mutation;
using np::test::parse;
using np::test::run_cli;

std::string mutant_dir() { return np::test::fixture_dir() + "/../mutant-plugins"; }

// eleven-hardest-88: one solution, and the checker's propagation alone does
// not find it (tests/cli/proof_mutants_test.cpp).
const char* const kHard = "....56..94......3...9...5.12..........6..81...4.7...........9....8.6...5.3.2...7.";

// The correct mutant's proof of `puzzle` (written with ProofWriter), as the
// runner checked it.
struct Proved {
    np::SolveOutcome out;
    std::string bytes;
};
Proved honest_proof(const Grid& puzzle) {
    np::PluginRegistry registry;
    registry.add_directory(mutant_dir());
    np::runner::Settings in_process;
    in_process.in_process = true;
    auto runner = np::runner::make_runner(in_process);
    np::Budget budget = np::test::node_budget(10'000'000);
    budget.max_proof_bytes = 1 << 24;
    Proved p;
    const auto keep = [&](uint64_t, std::string_view chunk) { return p.bytes.append(chunk), true; };
    p.out = runner->solve(*registry.find("mutant-none"), {&puzzle}, 2, {}, budget, keep).at(0);
    return p;
}

np::ProofResult check(const Grid& puzzle, std::string_view bytes, ProofClaim claim, const Grid* witness) {
    np::ProofChecker checker(puzzle, 1 << 24);
    checker.feed(bytes);
    return checker.finish(claim, witness);
}

TEST(ProofMutation, NodesAreReadAsTheCheckerReadsThem) {
    const Grid puzzle = parse(kHard);
    const Proved p = honest_proof(puzzle);
    ASSERT_EQ(p.out.proof.status, np::ProofStatus::checked) << p.out.proof.note;
    const auto nodes = np::fuzz::proof_nodes(p.bytes, {3, 3});
    ASSERT_TRUE(nodes.has_value());
    EXPECT_EQ(nodes->size(), p.out.proof.nodes);
    EXPECT_EQ(nodes->front().end, p.bytes.size());
    // Not one whole tree: a byte short, a byte over.
    EXPECT_FALSE(np::fuzz::proof_nodes(std::string_view(p.bytes).substr(0, p.bytes.size() - 1), {3, 3}));
    EXPECT_FALSE(np::fuzz::proof_nodes(p.bytes + std::string(1, '\0'), {3, 3}));
}

// A dropped child leaves a whole tree with one alternative fewer; a swap
// keeps every byte; a cut shortens. Some of each are rejected even for the
// true claim (they matter), and none is accepted for a false one: a proof
// that lost its solution's branch is never a proof of none.
TEST(ProofMutation, EachKindChangesTheProofAndNoneProvesAFalseClaim) {
    const Grid puzzle = parse(kHard);
    const Proved p = honest_proof(puzzle);
    ASSERT_EQ(p.out.proof.status, np::ProofStatus::checked) << p.out.proof.note;
    const Grid& witness = p.out.solutions.at(0);
    const std::size_t nodes = np::fuzz::proof_nodes(p.bytes, {3, 3})->size();
    np::Rng rng(7);
    for (Mutation kind : np::fuzz::kMutations) {
        int rejected = 0;
        for (int i = 0; i < 25; ++i) {
            const auto m = np::fuzz::mutate_proof(p.bytes, {3, 3}, kind, rng);
            ASSERT_TRUE(m.has_value()) << np::fuzz::mutation_name(kind);
            EXPECT_NE(m->bytes, p.bytes) << m->what;
            if (kind == Mutation::drop_child) {
                const auto after = np::fuzz::proof_nodes(m->bytes, {3, 3});
                ASSERT_TRUE(after.has_value()) << m->what;
                EXPECT_LT(after->size(), nodes) << m->what;
            }
            if (kind == Mutation::swap_values) {
                EXPECT_EQ(m->bytes.size(), p.bytes.size()) << m->what;
            }
            if (kind == Mutation::cut_bytes) {
                EXPECT_LT(m->bytes.size(), p.bytes.size()) << m->what;
            }
            rejected += !check(puzzle, m->bytes, ProofClaim::unique(), &witness).accepted;
            EXPECT_FALSE(check(puzzle, m->bytes, ProofClaim::none(), nullptr).accepted) << m->what;
            EXPECT_FALSE(check(puzzle, m->bytes, ProofClaim::exactly(2), nullptr).accepted) << m->what;
        }
        EXPECT_GT(rejected, 0) << np::fuzz::mutation_name(kind);
    }
}

TEST(ProofMutation, AProofWithNothingToMutate) {
    const std::string leaf(1, '\0');
    np::Rng rng(1);
    EXPECT_FALSE(np::fuzz::mutate_proof(leaf, {3, 3}, Mutation::drop_child, rng));
    EXPECT_FALSE(np::fuzz::mutate_proof(leaf, {3, 3}, Mutation::swap_values, rng));
    EXPECT_FALSE(np::fuzz::mutate_proof("", {3, 3}, Mutation::cut_bytes, rng));
}

// The numbers of fuzz's proofs line: checked, paired, mutated, rejected, false claims.
std::vector<uint64_t> proofs_line(const std::string& out) {
    const std::regex line(
        "numplace fuzz: (\\d+) proofs checked, each agreeing with an independent count; from them, (\\d+) paired with their "
        "puzzle less a clue and (\\d+) mutated \\((\\d+) of these rejected even for the true claim\\): (\\d+) false "
        "claims, none accepted");
    std::smatch m;
    if (!std::regex_search(out, m, line)) return {};
    std::vector<uint64_t> numbers;
    for (std::size_t i = 1; i < m.size(); ++i) numbers.push_back(std::stoull(m[i]));
    return numbers;
}

// An honest prover (the correct mutant, whose prover writes with
// ProofWriter): every proof checked and agreeing with the oracle, lies made
// from them, every false claim refused.
TEST(FuzzProofs, AnHonestProversLiesAreAllRefused) {
    auto run = run_cli({"fuzz", "--plugin-dir", mutant_dir(), "--plugins", "mutant-none", "--seed", "1", "--seeds", "2"});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto n = proofs_line(run.out);
    ASSERT_EQ(n.size(), 5u) << run.out;
    EXPECT_GT(n[0], 0u);           // checked
    EXPECT_GT(n[1], 0u);           // paired with a puzzle less a clue
    EXPECT_GT(n[2], 0u);           // mutated
    EXPECT_GT(n[3], 0u);           // of these, rejected for the true claim
    EXPECT_LE(n[3], n[2]);
    EXPECT_GE(n[4], n[1] + n[2]);  // at least one false claim each
}

// The bundled provers (exhaustive-count and bitmask-mrv, each held to the
// other's count): every proof checked, and of the lies made from them
// none accepted; the mutations matter (many are rejected even for the
// true claim), and pairing with a puzzle less a clue finds puzzles to try.
TEST(FuzzProofs, TheBundledProversLiesAreAllRefused) {
    auto run = run_cli({"fuzz", "--plugins", "exhaustive-count,bitmask-mrv", "--seed", "1", "--seeds", "2"});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto n = proofs_line(run.out);
    ASSERT_EQ(n.size(), 5u) << run.out;
    EXPECT_GE(n[0], 20u);
    EXPECT_GT(n[1], 0u);
    EXPECT_GT(n[3], n[2] / 4) << "mutated proofs rejected for the true claim";
    EXPECT_GE(n[4], n[1] + n[2]);
    // bitmask-mrv's generator proves its puzzles: those proofs are checked too.
    EXPECT_TRUE(std::regex_search(run.out, std::regex("numplace fuzz: [1-9]\\d* generated puzzles' proofs of "
                                                      "uniqueness checked")))
        << run.out;
}

// A generator's proofs go through the same property: the truncating
// mutant's generated puzzles are found too (its second distinct finding).
TEST(FuzzProofs, AGeneratorsLyingProofIsFound) {
    auto run = run_cli({"fuzz", "--plugin-dir", mutant_dir(), "--plugins", "mutant-proof-truncated", "--seed", "1",
                        "--seeds", "1", "--shrink-seconds", "4", "--keep-going", "2"});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_TRUE(std::regex_search(run.out, std::regex("\nFAIL mutant-proof-truncated: proof: puzzles [^\n]*: puzzle "
                                                      "\\d+'s proof of uniqueness is rejected: the proof ends ")))
        << run.out;
}

// Each lying prover is found by the proof property, with the checker's
// reason (on seed 1, the count property's puzzle: a proof of a count, which
// always needs the tree). Without proofs (--max-proof-bytes 0) the same run
// finds nothing: the property is what finds them. (proof-hides-twin also
// answers wrongly, so agreement finds it first.)
TEST(FuzzProofs, EachLyingProverIsFound) {
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"proof-drops-branch", " misses value "},  {"proof-non-candidate", " misses value "},
        {"proof-open-leaf", ": a leaf, but "},     {"proof-truncated", ": the proof ends "},
        {"proof-other-puzzle", " misses value "},
    };
    const auto fuzz = [](const std::string& mutant, std::vector<std::string> more = {}) {
        std::vector<std::string> args = {"fuzz",  "--plugin-dir", mutant_dir(), "--plugins",        "mutant-" + mutant,
                                         "--seed", "1",           "--seeds",    "1", "--shrink-seconds", "4"};
        args.insert(args.end(), more.begin(), more.end());
        return run_cli(args);
    };
    for (const auto& [mutant, reason] : expected) {
        auto run = fuzz(mutant);
        EXPECT_EQ(run.exit_code, 1) << mutant << ": " << run.out << run.err;
        const std::string first = run.out.substr(0, run.out.find('\n'));
        EXPECT_EQ(first.rfind("FAIL mutant-" + mutant + ": proof: its proof of ", 0), 0u) << first;
        EXPECT_NE(first.find(" is rejected: "), std::string::npos) << first;
        EXPECT_NE(first.find(reason), std::string::npos) << first;
    }
    auto off = fuzz("proof-drops-branch", {"--max-proof-bytes", "0"});
    EXPECT_EQ(off.exit_code, 0) << off.out << off.err;
    EXPECT_NE(off.out.find("nothing found in 20 cases"), std::string::npos) << off.out;
}

}  // namespace
