// csp's proofs (plugins/csp/proof.cpp, docs/proofs.md "Variants"): every
// verdict csp reaches on the variant corpus comes with a proof that the
// framework's checker (np::ProofIntake, its own propagation and its own
// enumeration of each rule named) accepts. Elsewhere csp may declare that
// it cannot prove (a rule whose enumeration would pass the checker's
// bound), but it never writes a refused proof. The verdicts are held to the corpus, whose solutions are
// the setters' or sat's and csp's together; a proof of none on a puzzle
// made wrong, and exact counts, are checked too; so are classic puzzles.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <variant>

#include "corpus/corpus.hpp"
#include "numplace/host.hpp"
#include "numplace/proof.hpp"
#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

using np::Grid;
using np::Kind;
using np::ProofStatus;
using np::Session;
using np::SolveOutcome;
using np::Verdict;

// csp on one puzzle with a proof asked; the bytes go to the framework's
// checker as they come.
SolveOutcome prove(Session& session, const Grid& puzzle, uint64_t limit) {
    np::Budget budget = np::test::node_budget(2'000'000);
    budget.max_proof_bytes = 256ull << 20;
    np::ProofIntake intake(puzzle, budget.max_proof_bytes);
    SolveOutcome out = session.solve(puzzle, limit, {}, budget, [&](uint64_t, std::string_view chunk) { return intake.feed(chunk); });
    intake.judge(out);
    return out;
}

std::vector<np::corpus::PuzzleEntry> entries_of(const std::string& file) {
    auto loaded = np::corpus::load({np::test::source_dir() + "/../corpus/" + file});
    EXPECT_TRUE(loaded.ok()) << file;
    return loaded.corpus.puzzles;
}

TEST(CspProofs, EveryVariantVerdictOfTheCorpusComesWithACheckedProof) {
    Session session(np::test::bundled_plugin("csp"));
    int verdicts = 0, checked = 0, cannot = 0;
    std::set<Kind> kinds;
    for (const char* file : {"variants-basic.yaml", "variants-published.yaml", "variants-generated.yaml", "variants-iss.yaml"})
        for (const auto& entry : entries_of(file)) {
            const Grid* puzzle = std::get_if<Grid>(&entry.puzzle);
            if (puzzle == nullptr || !puzzle->is_variant()) continue;
            ++verdicts;
            const SolveOutcome out = prove(session, *puzzle, 2);
            ASSERT_EQ(out.verdict, entry.expect.verdict) << entry.id << ": " << out.message;
            if (out.proof.declared == NP_PROOF_CANNOT) {
                EXPECT_EQ(out.proof.status, ProofStatus::absent) << entry.id;
                ++cannot;
                std::printf("  declared unprovable: %s\n", entry.id.c_str());
                continue;
            }
            EXPECT_EQ(out.proof.status, ProofStatus::checked) << entry.id << ": " << out.proof.note;
            if (out.proof.status != ProofStatus::checked) continue;
            ++checked;
            for (Kind k : puzzle->variant->kinds()) kinds.insert(k);
        }
    std::printf("  csp: %d proofs checked, %d declared unprovable, %zu kinds in the checked ones\n", checked, cannot,
                kinds.size());
    // Every one (2026-12-07: all 95 of the four files; 56 of the first
    // two's 67 before csp counted the state the checker sees after a
    // single's peers, walked little killers and region sum lines as the
    // checker does, looked at an entropic line one window of three at a
    // time and at a unit's dead end through its crowded cells, and the
    // checker's bounds went to 2^21 a node and 2^27 a proof). A verdict verify
    // cannot prove is a failure of "every variant verdict carries a checked
    // proof" (issue 44).
    EXPECT_EQ(cannot, 0);
    EXPECT_EQ(checked, verdicts);
    EXPECT_GE(verdicts, 95);
    EXPECT_GE(kinds.size(), 25u);
}

// A given changed so that the puzzle has no solution: csp's none is proved.
// With a given removed, the exact count is proved.
TEST(CspProofs, NoneAndExactCountsAreChecked) {
    Session session(np::test::bundled_plugin("csp"));
    int nones = 0, counts = 0;
    for (const auto& entry : entries_of("variants-generated.yaml")) {
        const Grid* puzzle = std::get_if<Grid>(&entry.puzzle);
        if (puzzle == nullptr || !puzzle->is_variant() || puzzle->side() > 6 || !entry.expect.solution) continue;
        const int n = puzzle->side();
        for (int cell = 0; cell < n * n; ++cell) {
            if (puzzle->cells[cell] != 0) continue;
            Grid wrong = *puzzle;  // the solution's digit at this cell, moved one along: a clash or a broken rule
            wrong.cells[cell] = static_cast<uint8_t>(entry.expect.solution->cells[cell] % n + 1);
            const SolveOutcome out = prove(session, wrong, 2);
            if (out.verdict != Verdict::none || out.proof.declared == NP_PROOF_CANNOT) break;
            EXPECT_EQ(out.proof.status, ProofStatus::checked) << entry.id << " none: " << out.proof.note;
            ++nones;
            break;
        }
        Grid looser = *puzzle;
        for (auto& c : looser.cells)
            if (c != 0) { c = 0; break; }
        const SolveOutcome out = prove(session, looser, 1'000'000);
        if (out.proof.declared == NP_PROOF_CANNOT || !out.complete) continue;
        EXPECT_EQ(out.proof.status, ProofStatus::checked) << entry.id << " count " << out.count << ": " << out.proof.note;
        ++counts;
    }
    std::printf("  csp: %d proofs of none, %d of exact counts checked\n", nones, counts);
    EXPECT_GE(nones, 3);
    EXPECT_GE(counts, 3);
}

TEST(CspProofs, ClassicPuzzlesAreProvedToo) {
    Session session(np::test::bundled_plugin("csp"));
    int checked = 0;
    for (const char* file : {"sizes-2x2.yaml", "sizes-2x3.yaml", "euler96.yaml"})
        for (const auto& entry : entries_of(file)) {
        const Grid* puzzle = std::get_if<Grid>(&entry.puzzle);
        if (puzzle == nullptr || entry.expect.verdict == Verdict::invalid || checked >= 30) continue;
        const SolveOutcome out = prove(session, *puzzle, 2);
        if (out.verdict != Verdict::unique && out.verdict != Verdict::none) continue;
        EXPECT_EQ(out.proof.status, ProofStatus::checked) << entry.id << ": " << out.proof.note;
        ++checked;
    }
    std::printf("  csp: %d classic proofs checked\n", checked);
    EXPECT_GE(checked, 20);
}

}  // namespace
