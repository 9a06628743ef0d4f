// Puzzles with candidate masks (pencilmarks, NP_CAP_CANDIDATES) through the
// host: exhaustive-count and sat agree with each other and with this test's
// own small search over the masks; the host refuses masks to a plugin
// without the bit; certify_solution holds witnesses to the masks; and the
// proof checker checks a candidate puzzle's proof against the puzzle with
// its masks, so a proof of the wrong problem is rejected.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "numplace/host.hpp"
#include "numplace/proof.hpp"
#include "numplace/random.hpp"
#include "test_support.hpp"

namespace {

using np::Budget;
using np::Geometry;
using np::Grid;
using np::Session;
using np::SolveOutcome;
using np::Verdict;

constexpr const char* kPuzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

bool peers(const Geometry& g, int a, int b) {
    const int n = g.side(), ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    return a != b && (ra == rb || ca == cb || g.box_of(ra, ca) == g.box_of(rb, cb));
}

// The test's own search: counts the grids that keep the givens, put in each
// cell a value of its mask and obey the rules, up to `limit`; the first goes
// to `first`. Plain backtracking on the cell with the fewest values left.
struct OwnSearch {
    OwnSearch(const Grid& p, uint64_t l) : puzzle(p), limit(l), cells(p.cells) {}
    const Grid& puzzle;
    uint64_t limit;
    std::vector<uint8_t> cells;
    uint64_t count = 0;
    Grid first;

    uint64_t allowed(int cell) const {
        uint64_t m = puzzle.mask(cell);
        for (int j = 0; j < puzzle.geometry.cell_count(); ++j)
            if (cells[static_cast<std::size_t>(j)] != 0 && peers(puzzle.geometry, cell, j))
                m &= ~(uint64_t{1} << cells[static_cast<std::size_t>(j)]);
        return m;
    }
    void run() {
        int best = -1;
        uint64_t best_mask = 0;
        for (int i = 0; i < puzzle.geometry.cell_count(); ++i) {
            if (cells[static_cast<std::size_t>(i)] != 0) continue;
            const uint64_t m = allowed(i);
            if (best < 0 || __builtin_popcountll(m) < __builtin_popcountll(best_mask)) best = i, best_mask = m;
        }
        if (best < 0) {
            if (count++ == 0) first = Grid(puzzle.geometry, cells);
            return;
        }
        for (int v = 1; v <= puzzle.side() && count < limit; ++v)
            if ((best_mask >> v & 1) != 0) {
                cells[static_cast<std::size_t>(best)] = static_cast<uint8_t>(v);
                run();
                cells[static_cast<std::size_t>(best)] = 0;
            }
    }
};

uint64_t own_count(const Grid& puzzle, uint64_t limit, Grid* first = nullptr) {
    OwnSearch s(puzzle, limit);
    s.run();
    if (first != nullptr) *first = s.first;
    return s.count;
}

// Masks from the givens alone: an empty cell's values less its peers' givens.
Grid basic_candidates(const Grid& plain) {
    Grid g(plain.geometry);
    const int cells = plain.geometry.cell_count();
    g.candidates.resize(static_cast<std::size_t>(cells));
    for (int i = 0; i < cells; ++i) {
        uint64_t m = plain.mask(i);
        if (plain.cells[static_cast<std::size_t>(i)] == 0)
            for (int j = 0; j < cells; ++j)
                if (plain.cells[static_cast<std::size_t>(j)] != 0 && peers(plain.geometry, i, j))
                    m &= ~(uint64_t{1} << plain.cells[static_cast<std::size_t>(j)]);
        g.candidates[static_cast<std::size_t>(i)] = m;
    }
    return g;
}

Budget generous() { return np::test::node_budget(50'000'000); }

class Candidates : public ::testing::Test {
protected:
    void SetUp() override {
        const auto& plugins = np::test::bundled_plugins();
        if (plugins.find("sat") == nullptr) GTEST_SKIP() << "the sat plugin was not built (libcadical-dev absent)";
        dlx_.emplace(np::test::bundled_plugin("exhaustive-count"));
        sat_.emplace(np::test::bundled_plugin("sat"));
    }
    // Both oracles' counts, each checked against the test's own.
    void expect_counts(const Grid& puzzle, uint64_t expected, const std::string& what) {
        EXPECT_EQ(own_count(puzzle, expected + 1), expected) << what;
        for (Session* s : {&*dlx_, &*sat_}) {
            const SolveOutcome out = s->solve(puzzle, NP_UNLIMITED, {}, generous());
            EXPECT_EQ(out.fault, np::Fault::none) << s->plugin().name() << ": " << out.message << " (" << what << ")";
            EXPECT_TRUE(out.complete) << s->plugin().name() << " (" << what << ")";
            EXPECT_EQ(out.count, expected) << s->plugin().name() << " (" << what << ")";
        }
    }
    std::optional<Session> dlx_, sat_;
};

TEST_F(Candidates, BasicEliminationsKeepTheSolution) {
    const Grid plain = np::test::parse(kPuzzle);
    // Through the 729-character line, as a user would give it.
    const Grid masked = std::get<Grid>(np::parse_line(np::format_candidates(basic_candidates(plain))));
    ASSERT_EQ(masked.given_count(), 0);
    for (Session* s : {&*dlx_, &*sat_}) {
        const SolveOutcome out = s->solve(masked, 2, {}, generous());
        ASSERT_EQ(out.verdict, Verdict::unique) << s->plugin().name() << ": " << out.message;
        EXPECT_EQ(np::format_line(out.solutions.front()), kSolution) << s->plugin().name();
    }
    Grid own;
    EXPECT_EQ(own_count(masked, 2, &own), 1u);
    EXPECT_EQ(np::format_line(own), kSolution);
}

TEST_F(Candidates, MasksWithoutTheSolutionsValueGiveNone) {
    Grid masked = basic_candidates(np::test::parse(kPuzzle));
    const Grid solution = np::test::parse(kSolution);
    masked.candidates[2] &= ~(uint64_t{1} << solution.cells[2]);  // r1c3's 4
    expect_counts(masked, 0, "r1c3 without its 4");
    for (Session* s : {&*dlx_, &*sat_}) EXPECT_EQ(s->solve(masked, 2, {}, generous()).verdict, Verdict::none);
    // A cell with no candidate at all: no solution either.
    Grid empty_cell = basic_candidates(np::test::parse(kPuzzle));
    empty_cell.candidates[40] = 0;
    expect_counts(empty_cell, 0, "r5c5 without candidates");
}

// A two-solution puzzle: the solution less a rectangle of four cells in two
// boxes holding a, b / b, a (the two ways to fill them). A mask on one of
// the four cells makes it unique.
struct TwoWay {
    Grid plain, masked;
    Grid unique_solution;
};

std::optional<TwoWay> two_way_puzzle() {
    const Grid s = np::test::parse(kSolution);
    const int n = 9;
    for (int r1 = 0; r1 < n; ++r1)
        for (int r2 = r1 + 1; r2 < n && r2 / 3 == r1 / 3; ++r2)
            for (int c1 = 0; c1 < n; ++c1)
                for (int c2 = c1 + 1; c2 < n; ++c2) {
                    if (c1 / 3 == c2 / 3 || s.at(r1, c1) != s.at(r2, c2) || s.at(r1, c2) != s.at(r2, c1)) continue;
                    TwoWay t{s, {}, s};
                    for (auto [r, c] : {std::pair{r1, c1}, {r1, c2}, {r2, c1}, {r2, c2}}) t.plain.at(r, c) = 0;
                    t.masked = t.plain;
                    t.masked.candidates.assign(81, 0);
                    for (int i = 0; i < 81; ++i) t.masked.candidates[static_cast<std::size_t>(i)] = t.plain.mask(i);
                    t.masked.candidates[static_cast<std::size_t>(r1 * n + c1)] = uint64_t{1} << s.at(r1, c1);
                    return t;
                }
    return std::nullopt;
}

TEST_F(Candidates, MasksMakeATwoSolutionPuzzleUnique) {
    const auto t = two_way_puzzle();
    ASSERT_TRUE(t) << "the solution has no such rectangle";
    expect_counts(t->plain, 2, "the plain puzzle");
    expect_counts(t->masked, 1, "with one cell's mask");
    for (Session* s : {&*dlx_, &*sat_}) {
        const SolveOutcome out = s->solve(t->masked, 2, {}, generous());
        ASSERT_EQ(out.verdict, Verdict::unique) << s->plugin().name();
        EXPECT_EQ(out.solutions.front(), t->unique_solution) << s->plugin().name();
    }
}

TEST_F(Candidates, RandomFourByFourMasksAgree) {
    np::Rng rng(26);
    int with_solutions = 0, several = 0;
    for (int round = 0; round < 150; ++round) {
        Grid g(Geometry{2, 2});
        g.candidates.resize(16);
        for (auto& m : g.candidates)
            for (int v = 1; v <= 4; ++v)
                if (rng.below(100) < 75) m |= uint64_t{1} << v;
        const uint64_t expected = own_count(g, 1000);
        with_solutions += expected > 0;
        several += expected > 1;
        expect_counts(g, expected, np::format_candidates(g));
    }
    // The draw covers the three cases.
    EXPECT_GT(with_solutions, 0);
    EXPECT_GT(several, 0);
    EXPECT_LT(with_solutions, 150);
}

TEST_F(Candidates, HostRefusesMasksToAPluginWithoutTheBit) {
    const np::Plugin& mrv = np::test::bundled_plugin("bitmask-mrv");
    ASSERT_FALSE(mrv.can(NP_CAP_CANDIDATES));
    Session session(mrv);
    const SolveOutcome out = session.solve(basic_candidates(np::test::parse(kPuzzle)), 2, {}, generous());
    EXPECT_EQ(out.fault, np::Fault::refused);
    EXPECT_EQ(out.verdict, Verdict::error);
    EXPECT_NE(out.message.find("does not take candidates"), std::string::npos) << out.message;
    // The same session still solves a plain puzzle.
    EXPECT_EQ(session.solve(np::test::parse(kPuzzle), 2, {}, generous()).verdict, Verdict::unique);
}

TEST_F(Candidates, CertifySolutionHoldsWitnessesToTheMasks) {
    const auto t = two_way_puzzle();
    ASSERT_TRUE(t);
    // The plain puzzle's other solution (the rectangle's two values
    // swapped) breaks no rule, but puts the other value in the masked cell.
    Grid second = t->unique_solution;
    std::vector<int> holes;
    for (int i = 0; i < 81; ++i)
        if (t->plain.cells[static_cast<std::size_t>(i)] == 0) holes.push_back(i);
    ASSERT_EQ(holes.size(), 4u);
    const uint8_t x = t->unique_solution.cells[static_cast<std::size_t>(holes[0])];
    const uint8_t y = t->unique_solution.cells[static_cast<std::size_t>(holes[1])];
    for (int h : holes) second.cells[static_cast<std::size_t>(h)] = second.cells[static_cast<std::size_t>(h)] == x ? y : x;
    EXPECT_EQ(np::certify_solution(t->plain, second), "") << "a solution of the plain puzzle";
    const std::string why = np::certify_solution(t->masked, second);
    EXPECT_NE(why.find("not one of its candidates"), std::string::npos) << why;
    EXPECT_EQ(np::certify_solution(t->masked, t->unique_solution), "");
}

// exhaustive-count's proof of a candidate puzzle, checked by the framework's
// checker (the independent prover), against the puzzle with its masks.
struct Proof {
    SolveOutcome out;
    std::string bytes;
};

Proof prove(Session& session, const Grid& puzzle) {
    Budget budget = generous();
    budget.max_proof_bytes = 64u << 20;
    np::ProofIntake intake(puzzle, budget.max_proof_bytes);
    Proof p;
    p.out = session.solve(puzzle, NP_UNLIMITED, {}, budget, [&](uint64_t, std::string_view chunk) {
        p.bytes.append(chunk);
        return intake.feed(chunk);
    });
    intake.judge(p.out);
    return p;
}

np::ProofResult check(const Grid& puzzle, const std::string& bytes, np::ProofClaim claim, const Grid* witness) {
    np::ProofChecker checker(puzzle, 64u << 20);
    checker.feed(bytes);
    return checker.finish(claim, witness);
}

TEST_F(Candidates, ProofsAreCheckedAgainstTheMasks) {
    const auto t = two_way_puzzle();
    ASSERT_TRUE(t);
    const Proof masked = prove(*dlx_, t->masked);
    ASSERT_EQ(masked.out.verdict, Verdict::unique);
    EXPECT_EQ(masked.out.proof.status, np::ProofStatus::checked) << masked.out.proof.note;
    EXPECT_TRUE(check(t->masked, masked.bytes, np::ProofClaim::unique(), &t->unique_solution).accepted);
    // The same bytes do not prove the puzzle without its masks (it has two
    // solutions), nor does the plain puzzle's proof prove the masked one's count.
    const np::ProofResult plain_check = check(t->plain, masked.bytes, np::ProofClaim::unique(), &t->unique_solution);
    EXPECT_FALSE(plain_check.accepted);
    const Proof plain = prove(*dlx_, t->plain);
    ASSERT_EQ(plain.out.count, 2u);
    EXPECT_EQ(plain.out.proof.status, np::ProofStatus::checked) << plain.out.proof.note;
    const np::ProofResult wrong = check(t->masked, plain.bytes, np::ProofClaim::exactly(2), nullptr);
    EXPECT_FALSE(wrong.accepted);
    EXPECT_FALSE(wrong.reason.empty());
    // A basic-elimination 729-line's proof checks too, and a none.
    const Grid basic = basic_candidates(np::test::parse(kPuzzle));
    EXPECT_EQ(prove(*dlx_, basic).out.proof.status, np::ProofStatus::checked);
    Grid none = basic;
    none.candidates[2] &= ~(uint64_t{1} << 4);
    const Proof p = prove(*dlx_, none);
    EXPECT_EQ(p.out.verdict, Verdict::none);
    EXPECT_EQ(p.out.proof.status, np::ProofStatus::checked) << p.out.proof.note;
}

}  // namespace
