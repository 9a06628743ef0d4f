// The proof checker (numplace/proof.hpp) against proofs from a reference
// prover written here: a plain depth-first search that splits on the cell
// with the fewest candidates and propagates nothing, weaker than the
// checker, which the format allows. Honest proofs are accepted with the
// verdict the corpus (computed by three plugins) and this search's own count
// give; lying proofs are rejected with a located reason.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "numplace/certify.hpp"
#include "numplace/proof.hpp"
#include "test_support.hpp"

namespace {

using np::Grid;
using np::ProofChecker;
using np::ProofClaim;
using np::ProofResult;
using np::proof::Elimination;
using np::proof::ProofWriter;
using np::proof::Shape;

// ---- The reference prover ------------------------------------------------------
// It builds the tree in memory (so that tests can make it lie), then writes
// it through ProofWriter.

struct Tree {
    enum Kind { leaf, split, eliminate } kind = leaf;
    int cell = 0;
    std::vector<int> values;   // split: the values tried; eliminate: the values removed
    std::vector<int> cells;    // eliminate: the cells
    std::vector<Tree> kids;
    uint64_t solutions = 0;    // below this node, by the prover's own count
    Grid solution;             // a leaf's solution, when it is one
};

class Prover {
public:
    explicit Prover(const Grid& puzzle) : grid_(puzzle), n_(puzzle.side()) {}

    Tree prove() { return search(); }
    // The root eliminates (cell, value) first: one refutation, then the rest.
    Tree prove_eliminating(int cell, int value) {
        Tree root{Tree::eliminate, 0, {value}, {cell}, {}, 0, {}};
        grid_.cells[cell] = static_cast<uint8_t>(value);
        root.kids.push_back(search());
        grid_.cells[cell] = 0;
        removed_.push_back({cell, value});
        root.kids.push_back(search());
        removed_.clear();
        root.solutions = root.kids[0].solutions + root.kids[1].solutions;
        return root;
    }

    // Values 1..N not used by a peer of `cell` and not removed.
    uint64_t candidates(int cell) const {
        uint64_t mask = ((uint64_t{1} << (n_ + 1)) - 1) & ~uint64_t{1};
        const np::Geometry& g = grid_.geometry;
        const int row = cell / n_, column = cell % n_;
        const int top = row - row % g.box_rows, left = column - column % g.box_cols;
        for (int i = 0; i < n_; ++i) {
            const int peers[] = {row * n_ + i, i * n_ + column,
                                 (top + i / g.box_cols) * n_ + left + i % g.box_cols};
            for (int c : peers)
                if (c != cell) mask &= ~(uint64_t{1} << grid_.cells[c]);
        }
        for (const auto& e : removed_)
            if (e.cell == cell) mask &= ~(uint64_t{1} << e.value);
        return mask;
    }

private:
    Tree search() {
        int best = -1, fewest = n_ + 1;
        for (int c = 0; c < n_ * n_; ++c) {
            if (grid_.cells[c] != 0) continue;
            const int count = std::popcount(candidates(c));
            if (count < fewest) best = c, fewest = count;
        }
        Tree node;
        if (best < 0) {  // full: every value was a candidate when placed
            node.solutions = 1;
            node.solution = grid_;
            return node;
        }
        if (fewest == 0) return node;  // a dead end
        node.kind = Tree::split;
        node.cell = best;
        for (uint64_t m = candidates(best); m; m &= m - 1) {
            const int v = std::countr_zero(m);
            node.values.push_back(v);
            grid_.cells[best] = static_cast<uint8_t>(v);
            node.kids.push_back(search());
            node.solutions += node.kids.back().solutions;
        }
        grid_.cells[best] = 0;
        return node;
    }

    Grid grid_;
    int n_;
    std::vector<Elimination> removed_;
};

void write(const Tree& t, ProofWriter& w) {
    if (t.kind == Tree::leaf) w.leaf();
    if (t.kind == Tree::split) w.split_cell(t.cell, t.values);
    if (t.kind == Tree::eliminate) {
        std::vector<Elimination> e;
        for (std::size_t i = 0; i < t.cells.size(); ++i) e.push_back({t.cells[i], t.values[i]});
        w.eliminate(e);
    }
    for (const auto& kid : t.kids) write(kid, w);
}

std::string bytes_of(const Tree& t, const Grid& puzzle) {
    std::string out;
    {
        ProofWriter w(Shape{puzzle.geometry.box_rows, puzzle.geometry.box_cols},
                      [&](std::string_view b) { out.append(b); });
        write(t, w);
    }
    return out;
}

ProofResult check(const Grid& puzzle, ProofClaim claim, const Grid* witness, std::string_view bytes,
                  std::size_t chunk = 0, uint64_t max_bytes = 1u << 30) {
    ProofChecker checker(puzzle, max_bytes);
    if (chunk == 0) checker.feed(bytes);
    for (std::size_t i = 0; chunk && i < bytes.size(); i += chunk) checker.feed(bytes.substr(i, chunk));
    return checker.finish(claim, witness);
}

// The first solution below `t`, found by the prover.
const Grid* first_solution(const Tree& t) {
    if (t.solutions == 0) return nullptr;
    if (t.kind == Tree::leaf) return &t.solution;
    for (const auto& kid : t.kids)
        if (const Grid* s = first_solution(kid)) return s;
    return nullptr;
}

// The first split (pre-order) with two or more children, one of them holding a solution.
Tree* split_with_solution(Tree& t) {
    if (t.kind == Tree::split && t.kids.size() >= 2 && t.solutions > 0) return &t;
    for (auto& kid : t.kids)
        if (Tree* s = split_with_solution(kid)) return s;
    return nullptr;
}

std::size_t solution_kid(const Tree& t) {
    for (std::size_t i = 0; i < t.kids.size(); ++i)
        if (t.kids[i].solutions > 0) return i;
    return 0;
}

// ---- Puzzles --------------------------------------------------------------------
const char* const k4Unique = "1..4.......1..3.";                               // sizes-2x2
const char* const k6Unique = "...45.........2.15.5....4.1....3.2..";           // sizes-2x3
const char* const k9Clue17 =                                                   // 17clue-124
    ".................1..1..2.34.....1....5....6..67....8......7.......26.5....4.....9";
const char* const k9Clue17Solution =
    "247318956395746281861592734482651397153987642679423815536179428918264573724835169";
// forum-hardest-1905's first: the checker's propagation alone does not solve it.
const char* const k9Hard =
    "98.7.....6..8..5....4.6..8.4...8..6..9......3..2..18...4..9..2....1....5.....73..";
const char* const k9HardSolution =
    "981754632623819574574362981415983267896275413732641859347596128269138745158427396";
const char* const k9None =                                                     // unsolvable-1
    ".143..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
const char* const k9Several =                                                  // serg-multiple
    "8.........95.......76.........476982...512743...938165......516....2.497....5.238";
const char* const k16Unique =                                                  // sizes-4x4-2
    "96.B5EG.D132..8FD..C416.75B9.E32F..23CB.68EA.591E.5389..4GCF.D76C.2E7D.9B3G..81A1.37G5.8A4D.E92C..9612."
    "3CF7.DBG4..DGA..6129.53F7.AB5D..G971.42CE.CF8E.912B..7GA3.279B.348E.C16D..DE1C.52G6.49FB.7E6A..1BFD.G3C5."
    "2GC4..DE5..7F16.B98D.4A53..127E.531F.G7CE.2B8A..";

// `puzzle` with one clue added that clashes with no given but differs from
// its solution, checked by the prover to leave no solution.
Grid without_solutions(const Grid& puzzle) {
    const Grid* s = nullptr;
    Tree t = Prover(puzzle).prove();
    s = first_solution(t);
    for (std::size_t c = 0; s && c < puzzle.cells.size(); ++c) {
        if (puzzle.cells[c] != 0) continue;
        for (uint64_t m = Prover(puzzle).candidates(static_cast<int>(c)); m; m &= m - 1) {
            Grid g = puzzle;
            g.cells[c] = static_cast<uint8_t>(std::countr_zero(m));
            if (g.cells[c] != s->cells[c] && Prover(g).prove().solutions == 0) return g;
        }
    }
    ADD_FAILURE() << "no clue makes the puzzle unsolvable";
    return puzzle;
}

// A unique puzzle with one clue removed that then has more than one solution.
Grid with_several(const Grid& puzzle) {
    for (std::size_t c = 0; c < puzzle.cells.size(); ++c) {
        if (puzzle.cells[c] == 0) continue;
        Grid g = puzzle;
        g.cells[c] = 0;
        if (Prover(g).prove().solutions > 1) return g;
    }
    ADD_FAILURE() << "every clue is needed";
    return puzzle;
}

// ---- Honest proofs ----------------------------------------------------------------

void expect_accepted(const Grid& puzzle, uint64_t expected_count) {
    const Tree t = Prover(puzzle).prove();
    ASSERT_EQ(t.solutions, expected_count);
    const std::string bytes = bytes_of(t, puzzle);
    const ProofClaim claim = expected_count == 0   ? ProofClaim::none()
                             : expected_count == 1 ? ProofClaim::unique()
                                                   : ProofClaim::exactly(expected_count);
    const ProofResult r = check(puzzle, claim, first_solution(t), bytes);
    EXPECT_TRUE(r.accepted) << r.reason;
    EXPECT_EQ(r.solutions, expected_count);
    EXPECT_EQ(r.bytes, bytes.size());
    EXPECT_GE(r.nodes, r.checked);
    // Byte by byte and in odd chunks: the same verdict.
    for (std::size_t chunk : {1, 7}) {
        const ProofResult s = check(puzzle, claim, first_solution(t), bytes, chunk);
        EXPECT_TRUE(s.accepted) << s.reason;
        EXPECT_EQ(s.nodes, r.nodes);
    }
    // An exact count is proved by the same tree; a wrong one is not.
    EXPECT_TRUE(check(puzzle, ProofClaim::exactly(expected_count), nullptr, bytes).accepted);
    EXPECT_FALSE(check(puzzle, ProofClaim::exactly(expected_count + 1), nullptr, bytes).accepted);
    if (expected_count != 0) {
        EXPECT_FALSE(check(puzzle, ProofClaim::none(), nullptr, bytes).accepted);
    }
}

TEST(ProofCheck, AcceptsHonestProofsOnEveryShape) {
    expect_accepted(np::test::parse(k4Unique), 1);
    expect_accepted(np::test::parse(k6Unique), 1);
    expect_accepted(np::test::parse(k9Clue17), 1);
    expect_accepted(np::test::parse(k9Hard), 1);
    expect_accepted(np::test::parse(k9None), 0);
    expect_accepted(np::test::parse(k16Unique), 1);
}

TEST(ProofCheck, AcceptsExactCountsAndNoneMadeFromUniquePuzzles) {
    // (A 17-clue puzzle less a clue has too many solutions to count here.)
    for (const char* text : {k4Unique, k6Unique, k16Unique}) {
        const Grid puzzle = np::test::parse(text);
        const Grid several = with_several(puzzle);
        expect_accepted(several, Prover(several).prove().solutions);
        expect_accepted(without_solutions(puzzle), 0);
    }
    const Grid serg = np::test::parse(k9Several);
    const uint64_t count = Prover(serg).prove().solutions;
    EXPECT_GT(count, 1u);
    expect_accepted(serg, count);
    expect_accepted(without_solutions(np::test::parse(k9Hard)), 0);
}

TEST(ProofCheck, TheWitnessIsTheCorpusSolution) {
    const Grid puzzle = np::test::parse(k9Clue17);
    const Tree t = Prover(puzzle).prove();
    EXPECT_EQ(*first_solution(t), np::test::parse(k9Clue17Solution));
}

TEST(ProofCheck, AcceptsEliminationsWithTheirRefutations) {
    const Grid puzzle = np::test::parse(k9Clue17);
    const Grid solution = np::test::parse(k9Clue17Solution);
    const int cell = 0;
    // A wrong candidate refuted, and the right one: the partition holds either way.
    for (int value : {solution.cells[0] == 1 ? 2 : 1, int{solution.cells[0]}}) {
        const Tree t = Prover(puzzle).prove_eliminating(cell, value);
        const ProofResult r = check(puzzle, ProofClaim::unique(), &solution, bytes_of(t, puzzle));
        EXPECT_TRUE(r.accepted) << r.reason;
        EXPECT_EQ(r.solutions, 1u);
    }
}

TEST(ProofCheck, PropagationAloneDecidesAnEasyPuzzle) {
    // Fully given: the root is the solution, and a lone leaf proves it.
    const Grid solution = np::test::parse(k9Clue17Solution);
    const ProofResult r = check(solution, ProofClaim::unique(), &solution, std::string(1, '\0'));
    EXPECT_TRUE(r.accepted) << r.reason;
    EXPECT_EQ(r.checked, 0u);
}

// ---- Lying proofs ----------------------------------------------------------------

void expect_rejected(const ProofResult& r, const std::string& reason_part) {
    EXPECT_FALSE(r.accepted);
    EXPECT_NE(r.reason.find(reason_part), std::string::npos) << r.reason;
}

struct Lies : ::testing::Test {
    Grid puzzle = np::test::parse(k9Hard);
    Grid solution = np::test::parse(k9HardSolution);
    Tree tree = Prover(puzzle).prove();
    std::string bytes = bytes_of(tree, puzzle);
};

TEST_F(Lies, ABranchLeftOut) {
    Tree* split = split_with_solution(tree);
    ASSERT_NE(split, nullptr);
    const std::size_t i = solution_kid(*split);
    split->kids.erase(split->kids.begin() + static_cast<std::ptrdiff_t>(i));
    split->values.erase(split->values.begin() + static_cast<std::ptrdiff_t>(i));
    for (const auto& claim : {ProofClaim::unique(), ProofClaim::none()})
        expect_rejected(check(puzzle, claim, &solution, bytes_of(tree, puzzle)), "misses value");
}

TEST_F(Lies, ANonCandidateSwappedIn) {
    Tree* split = split_with_solution(tree);
    ASSERT_NE(split, nullptr);
    int stranger = 1;
    while (std::find(split->values.begin(), split->values.end(), stranger) != split->values.end()) ++stranger;
    split->values[solution_kid(*split)] = stranger;
    expect_rejected(check(puzzle, ProofClaim::unique(), &solution, bytes_of(tree, puzzle)),
                    "split on " + np::cell_label(split->cell / 9 + 1, split->cell % 9 + 1) + " misses value");
}

TEST_F(Lies, ALeafThatIsNotAContradiction) {
    ASSERT_EQ(tree.kind, Tree::split);  // propagation alone does not solve this one
    expect_rejected(check(puzzle, ProofClaim::none(), nullptr, std::string(1, '\0')),
                    "node 1: a leaf, but");
}

TEST_F(Lies, TruncatedAndTrailing) {
    expect_rejected(check(puzzle, ProofClaim::unique(), &solution, bytes.substr(0, bytes.size() - 1)),
                    "the proof ends before node");
    // Cut inside a split's header (its cell byte).
    expect_rejected(check(puzzle, ProofClaim::unique(), &solution, bytes.substr(0, 1)),
                    "the proof ends inside node 1");
    expect_rejected(check(puzzle, ProofClaim::unique(), &solution, ""), "the proof is empty");
    expect_rejected(check(puzzle, ProofClaim::unique(), &solution, bytes + '\0'), "trailing bytes");
}

TEST_F(Lies, AProofOfAnotherPuzzle) {
    // forum-hardest-1905's second, which propagation alone does not decide
    // either (were it decided, any tree that parses would do).
    const Grid other = np::test::parse(
        "98.7..6....5.6..4.......9.53.........7...8..3..2.1..5...6..2..4...1.6.2.....4.5..");
    const Grid other_solution = np::test::parse(
        "984725631715369248623481975368574192571298463492613857156932784847156329239847516");
    expect_rejected(check(other, ProofClaim::unique(), &other_solution, bytes), "node ");
    expect_rejected(check(other, ProofClaim::none(), nullptr, bytes), "node ");
}

TEST_F(Lies, AUniqueProofForAPuzzleWithTwoSolutions) {
    // One solution leaf pruned: the branch to it left out.
    const Grid several = np::test::parse(k9Several);
    Tree t = Prover(several).prove();
    ASSERT_GT(t.solutions, 1u);
    const auto forks = [](const Tree& n) {
        return std::count_if(n.kids.begin(), n.kids.end(), [](const Tree& k) { return k.solutions > 0; });
    };
    Tree* split = &t;
    while (forks(*split) < 2) split = &split->kids[solution_kid(*split)];
    std::size_t last = split->kids.size() - 1;
    while (split->kids[last].solutions == 0) --last;
    const Grid witness = *first_solution(t);
    ASSERT_NE(split->kids[last].solutions, 0u);
    ASSERT_NE(last, solution_kid(*split));
    split->kids.erase(split->kids.begin() + static_cast<std::ptrdiff_t>(last));
    split->values.erase(split->values.begin() + static_cast<std::ptrdiff_t>(last));
    expect_rejected(check(several, ProofClaim::unique(), &witness, bytes_of(t, several)), "misses value");
}

TEST_F(Lies, AWrongWitness) {
    Grid wrong = solution;
    std::swap(wrong.cells[0], wrong.cells[1]);
    expect_rejected(check(puzzle, ProofClaim::unique(), &wrong, bytes), "is not the witness");
}

TEST_F(Lies, OverTheByteBudget) {
    expect_rejected(check(puzzle, ProofClaim::unique(), &solution, bytes, 0, bytes.size() - 1),
                    "over the byte budget");
    EXPECT_TRUE(check(puzzle, ProofClaim::unique(), &solution, bytes, 0, bytes.size()).accepted);
}

TEST_F(Lies, MalformedNodes) {
    expect_rejected(check(puzzle, ProofClaim::none(), nullptr, std::string(1, '\x05')), "unknown node kind 5");
    expect_rejected(check(puzzle, ProofClaim::none(), nullptr, std::string("\x41\xff\x01", 3)),
                    "cell index out of range");
    expect_rejected(check(puzzle, ProofClaim::none(), nullptr, std::string("\x41\x00\x0a", 3)),
                    "value out of range");
    expect_rejected(check(puzzle, ProofClaim::none(), nullptr, std::string("\xc0", 1)), "eliminates nothing");
}

// A generator's puzzle comes without its solution: a unique claim without
// a witness is proved by the one solution the checker itself reached.
TEST(ProofCheck, AUniqueClaimWithoutAWitnessStandsOnTheProofsOwnSolution) {
    const Grid puzzle = np::test::parse(k4Unique);
    const ProofResult r = check(puzzle, ProofClaim::unique(), nullptr, bytes_of(Prover(puzzle).prove(), puzzle));
    EXPECT_TRUE(r.accepted) << r.reason;
    EXPECT_EQ(r.solutions, 1u);
}

TEST(ProofWriterTest, SplitPlaceWritesPositionsInTheUnit) {
    // 2x3 boxes: box 3 is rows 2-3, columns 3-5; r3c4 (cell 2*6+3) is its position 0.
    std::string out;
    {
        ProofWriter w(Shape{2, 3}, [&](std::string_view b) { out.append(b); });
        w.split_place(np::proof::UnitKind::box, 3, 5, std::vector<int>{2 * 6 + 3, 3 * 6 + 5});
        EXPECT_THROW(w.split_place(np::proof::UnitKind::row, 0, 5, std::vector<int>{7}), std::invalid_argument);
    }
    EXPECT_EQ(out, std::string("\x82\x0f\x05\x00\x05", 5));
}

// ---- Random mutations ----------------------------------------------------------------

RC_GTEST_PROP(ProofProps, MutatedProofsNeverProveAFalseClaim, ()) {
    static const std::vector<Grid> puzzles = [] {
        const Grid p4 = np::test::parse(k4Unique), p6 = np::test::parse(k6Unique);
        return std::vector<Grid>{p4, p6, with_several(p4), with_several(p6), without_solutions(p6)};
    }();
    const Grid& puzzle = *rc::gen::elementOf(puzzles);
    const Tree t = Prover(puzzle).prove();
    const uint64_t truth = t.solutions;
    std::string bytes = bytes_of(t, puzzle);
    const int edits = *rc::gen::inRange(1, 4);
    for (int e = 0; e < edits && !bytes.empty(); ++e) {
        const std::size_t at = *rc::gen::inRange<std::size_t>(0, bytes.size());
        switch (*rc::gen::inRange(0, 4)) {
            case 0: bytes[at] = static_cast<char>(*rc::gen::arbitrary<uint8_t>()); break;
            case 1: bytes.erase(at, 1); break;
            case 2: bytes.insert(at, 1, static_cast<char>(*rc::gen::arbitrary<uint8_t>())); break;
            default: bytes.resize(at); break;
        }
    }
    const Grid* witness = first_solution(t);
    const std::vector<ProofClaim> claims = {ProofClaim::none(), ProofClaim::unique(), ProofClaim::exactly(truth),
                                            ProofClaim::exactly(truth + 1), ProofClaim::exactly(2)};
    for (const auto& claim : claims) {
        const bool is_true = claim.kind == ProofClaim::Kind::none ? truth == 0 : claim.count == truth;
        if (claim.kind == ProofClaim::Kind::unique && !witness) continue;
        if (!is_true) RC_ASSERT(!check(puzzle, claim, witness, bytes).accepted);
    }
}

}  // namespace
