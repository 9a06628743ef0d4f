// The proof checker on variant puzzles (proof_variant.cpp; docs/proofs.md,
// "Variants"), against proofs from a reference prover written here: a plain
// depth-first search that splits on the cell with the fewest candidates,
// where a candidate is a value no row, column or region peer holds and no
// rule of the puzzle breaks (the certifier's partial check, rule by rule).
// What the rules remove it justifies to the checker with JUSTIFY nodes of
// one cell, naming the rule. Honest proofs of the variant corpus's small
// entries are accepted with the entry's recorded solution (proved by csp,
// sat and the setters); lies are rejected with the node named.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "corpus/corpus.hpp"
#include "numplace/proof.hpp"
#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

using np::Grid;
using np::Kind;
using np::ProofChecker;
using np::ProofClaim;
using np::ProofResult;
using np::Puzzle;
using np::proof::Elimination;
using np::proof::ProofWriter;

// ---- The reference prover ------------------------------------------------------

bool reads_elsewhere(Kind kind) {
    return kind == Kind::row_indexer || kind == Kind::column_indexer || kind == Kind::box_indexer ||
           kind == Kind::minimum || kind == Kind::maximum;  // and these their neighbours
}
// Writes as it searches; a node budget keeps it to the puzzles a plain
// search finishes (it returns false past it).

class VariantProver {
public:
    // `drop_a_branch`: a lie, the first split leaves out its last value.
    VariantProver(const Grid& puzzle, ProofWriter& out, uint64_t budget, bool drop_a_branch = false)
        : rules_(*puzzle.variant), grid_(puzzle), out_(out), n_(puzzle.side()), budget_(budget), drop_(drop_a_branch) {
        rules_.grid = puzzle;
        rules_.grid.variant = nullptr;
        grid_.variant = nullptr;
        for (int r = 0; r < np::rule_count(rules_); ++r) {
            // Indexers read the cell their digit points at, minimum and
            // maximum cells their neighbours, outside their cells: checked
            // at every placement, like the global rules.
            const bool global = r >= static_cast<int>(rules_.constraints.size()) || rules_.constraints[r].cells.empty() ||
                                reads_elsewhere(rules_.constraints[r].kind);
            if (global) global_.push_back(r);
            else
                for (const auto& group : rules_.constraints[r].cells)
                    for (int c : group) of_cell_[c].push_back(r);
        }
    }

    bool prove() { return search(); }
    uint64_t solutions() const { return solutions_; }
    uint64_t nodes() const { return nodes_; }

private:
    // The values a row, column or region peer leaves `cell`, and the rule
    // that breaks for each other value (-1: none).
    uint64_t latin(int cell) const {
        uint64_t mask = ((uint64_t{1} << (n_ + 1)) - 1) & ~uint64_t{1};
        for (int other = 0; other < n_ * n_; ++other) {
            if (other == cell || grid_.cells[other] == 0) continue;
            const bool peer = other / n_ == cell / n_ || other % n_ == cell % n_ ||
                              (rules_.region(cell) >= 0 && rules_.region(cell) == rules_.region(other));
            if (peer) mask &= ~(uint64_t{1} << grid_.cells[other]);
        }
        return mask;
    }
    int broken_rule(int cell, int value) {
        grid_.cells[cell] = static_cast<uint8_t>(value);
        int broken = -1;
        const auto check = [&](int r) {
            if (broken < 0 && np::check_rule_partial(rules_, r, grid_)) broken = r;
        };
        if (auto it = of_cell_.find(cell); it != of_cell_.end())
            for (int r : it->second) check(r);
        for (int r : global_) check(r);
        grid_.cells[cell] = 0;
        return broken;
    }

    bool search() {
        if (++nodes_ > budget_) return false;
        int best = -1, fewest = n_ + 1;
        uint64_t best_mask = 0;
        std::map<int, std::vector<int>> best_broken;  // rule -> values it rules out
        for (int c = 0; c < n_ * n_ && fewest > 0; ++c) {
            if (grid_.cells[c] != 0) continue;
            uint64_t mask = 0;
            std::map<int, std::vector<int>> broken;
            for (uint64_t m = latin(c); m; m &= m - 1) {
                const int v = std::countr_zero(m);
                const int r = broken_rule(c, v);
                if (r < 0) mask |= uint64_t{1} << v;
                else broken[r].push_back(v);
            }
            if (std::popcount(mask) < fewest) best = c, fewest = std::popcount(mask), best_mask = mask, best_broken = broken;
        }
        if (best < 0) {  // full, every placement checked: a solution
            ++solutions_;
            out_.leaf();
            return true;
        }
        // What the rules removed from the chosen cell, one JUSTIFY per rule;
        // each leaves the rest as its one child.
        for (const auto& [rule, values] : best_broken) {
            std::vector<Elimination> e;
            for (int v : values) e.push_back({best, v});
            const int scope[] = {best};
            out_.justify(rule, scope, e);
        }
        if (fewest == 0) return out_.leaf(), true;  // the checker's peers remove the rest
        std::vector<int> values;
        for (uint64_t m = best_mask; m; m &= m - 1) values.push_back(std::countr_zero(m));
        if (drop_ && values.size() >= 2) values.pop_back(), drop_ = false;
        out_.split_cell(best, values);
        for (int v : values) {
            grid_.cells[best] = static_cast<uint8_t>(v);
            const bool ok = search();
            grid_.cells[best] = 0;
            if (!ok) return false;
        }
        return true;
    }

    Puzzle rules_;
    Grid grid_;
    ProofWriter& out_;
    int n_;
    uint64_t budget_, nodes_ = 0, solutions_ = 0;
    bool drop_;
    std::map<int, std::vector<int>> of_cell_;  // cell -> the rules with that cell
    std::vector<int> global_;
};

np::proof::Shape shape_of(const Grid& g) { return {g.geometry.box_rows, g.geometry.box_cols}; }

// The proof of `puzzle` by the reference prover; empty when over budget.
std::string prove(const Grid& puzzle, uint64_t budget = 20'000, uint64_t* solutions = nullptr, bool drop_a_branch = false) {
    std::string bytes;
    ProofWriter w(shape_of(puzzle), [&](std::string_view b) { bytes.append(b); });
    VariantProver prover(puzzle, w, budget, drop_a_branch);
    if (!prover.prove()) return {};
    w.flush();
    if (solutions) *solutions = prover.solutions();
    return bytes;
}

ProofResult check(const Grid& puzzle, ProofClaim claim, const Grid* witness, std::string_view bytes, std::size_t chunk = 0) {
    ProofChecker checker(puzzle, 1u << 28);
    if (chunk == 0) checker.feed(bytes);
    for (std::size_t i = 0; chunk && i < bytes.size(); i += chunk) checker.feed(bytes.substr(i, chunk));
    return checker.finish(claim, witness);
}

struct Entry {
    std::string id;
    Grid puzzle, solution;
};

// The unique entries of the bundled variant corpus, 9x9 and smaller.
const std::vector<Entry>& entries() {
    static const std::vector<Entry> all = [] {
        std::vector<Entry> out;
        for (const char* name : {"variants-generated.yaml", "variants-published.yaml"}) {
            const auto loaded = np::corpus::load({np::test::source_dir() + "/../corpus/" + name});
            EXPECT_TRUE(loaded.ok()) << name;
            for (const auto& e : loaded.corpus.puzzles) {
                const Grid* g = std::get_if<Grid>(&e.puzzle);
                if (g && g->is_variant() && g->side() <= 9 && e.expect.verdict == np::Verdict::unique)
                    out.push_back({e.id, *g, *e.expect.solution});
            }
        }
        return out;
    }();
    return all;
}

// The witness as the checker's solved state carries it: the puzzle's rules.
Grid witness_of(const Entry& e) {
    Grid w = e.solution;
    w.variant = e.puzzle.variant;
    return w;
}

// ---- Honest proofs -----------------------------------------------------------------

TEST(VariantProofs, HonestProofsOfTheCorpusAreAcceptedWithTheRecordedSolution) {
    ASSERT_GE(entries().size(), 40u);
    std::map<Kind, int> kinds;
    int proved = 0;
    for (const Entry& e : entries()) {
        // The published 9x9 puzzles are beyond a plain search.
        if (e.id.starts_with("fpz-") && e.puzzle.side() == 9) continue;
        uint64_t found = 0;
        const std::string bytes = prove(e.puzzle, 2'000, &found);
        if (bytes.empty()) {  // beyond a plain search's budget
            std::printf("  %s: over the reference prover's budget\n", e.id.c_str());
            continue;
        }
        ASSERT_EQ(found, 1u) << e.id;
        const Grid witness = witness_of(e);
        const ProofResult r = check(e.puzzle, ProofClaim::unique(), &witness, bytes, 7);
        EXPECT_TRUE(r.accepted) << e.id << ": " << r.reason;
        EXPECT_EQ(r.solutions, 1u) << e.id;
        ++proved;
        for (Kind k : e.puzzle.variant->kinds()) ++kinds[k];
    }
    // What a plain search settles within its budget, and the kinds those
    // entries cover (csp's proofs cover the rest: tests/plugins/csp_proof_test.cpp).
    std::printf("  %d entries proved, %zu kinds\n", proved, kinds.size());
    EXPECT_GE(proved, 15);
    EXPECT_GE(kinds.size(), 15u);
}

TEST(VariantProofs, ACountAndNoneAreCheckedToo) {
    // A puzzle with a given removed has more solutions: the count is the
    // prover's, the checker counts the same leaves.
    int checked = 0;
    for (const Entry& e : entries()) {
        if (e.puzzle.side() > 6) continue;
        Grid looser = e.puzzle;
        for (auto& c : looser.cells)
            if (c != 0) { c = 0; break; }
        uint64_t found = 0;
        const std::string bytes = prove(looser, 50'000, &found);
        if (bytes.empty()) continue;
        const ProofResult r = check(looser, ProofClaim::exactly(found), nullptr, bytes);
        EXPECT_TRUE(r.accepted) << e.id << ": " << r.reason;
        if (found > 1) {
            EXPECT_FALSE(check(looser, ProofClaim::unique(), nullptr, bytes).accepted) << e.id;
        }
        ++checked;
    }
    EXPECT_GE(checked, 3);
}

// ---- Lies ------------------------------------------------------------------------

// Bytes of one small proof to tamper with: a JUSTIFY node, then a leaf.
std::string justify_then_leaf(const Grid& puzzle, int rule, std::vector<int> scope, std::vector<Elimination> e) {
    std::string bytes;
    ProofWriter w(shape_of(puzzle), [&](std::string_view b) { bytes.append(b); });
    w.justify(rule, scope, e);
    if (!e.empty()) w.leaf();
    w.flush();
    return bytes;
}

// A small puzzle of one shape and the constraints given, no givens but
// those listed (cell, value).
Grid made(np::Geometry shape, std::vector<np::Constraint> constraints, std::vector<std::pair<int, int>> givens = {}) {
    Puzzle p;
    p.grid = Grid(shape);
    for (auto [cell, value] : givens) p.grid.cells[cell] = static_cast<uint8_t>(value);
    p.constraints = std::move(constraints);
    Grid g = p.grid;
    g.variant = std::make_shared<const Puzzle>(std::move(p));
    EXPECT_FALSE(np::validate_variant(*g.variant).has_value());
    return g;
}

np::Constraint of(Kind kind, std::vector<int> cells, std::vector<int> values = {}) {
    return np::Constraint{kind, {std::move(cells)}, std::move(values), std::nullopt};
}

std::string reason_of(const Grid& puzzle, int rule, std::vector<int> scope, std::vector<Elimination> e) {
    return check(puzzle, ProofClaim::none(), nullptr, justify_then_leaf(puzzle, rule, scope, e)).reason;
}

// The justification itself passed (what follows it may still fail).
bool justified(const std::string& reason) { return reason.find("justification") == std::string::npos; }

// r1c1 + r1c2 = 3 on a 4x4: only 1 and 2. Removing 3 and 4 is justified;
// removing 2 as well is not: r1c1 = 2, r1c2 = 1 satisfies the cage.
TEST(VariantProofs, AnEliminationUnderACageThatTheCageAllowsIsRejected) {
    const Grid g = made({2, 2}, {of(Kind::killer_cage, {0, 1}, {3})});
    EXPECT_TRUE(justified(reason_of(g, 0, {}, {{0, 3}, {0, 4}, {1, 3}, {1, 4}})));
    const std::string r = reason_of(g, 0, {}, {{0, 3}, {0, 4}, {0, 2}});
    EXPECT_EQ(r.rfind("node 1: justification by killer cage (r1c1 r1c2)", 0), 0u) << r;
    EXPECT_NE(r.find("not every assignment is ruled out (r1c1=2 r1c2=1)"), std::string::npos) << r;
}

// A thermometer of three cells on a 6x6: its bulb holds at most 4. Removing
// 5 and 6 is justified; removing 4 too is a bound taken one step too far.
TEST(VariantProofs, AThermometerBoundOneStepTooFarIsRejected) {
    const Grid g = made({2, 3}, {of(Kind::thermometer, {0, 1, 2})});
    EXPECT_TRUE(justified(reason_of(g, 0, {}, {{0, 5}, {0, 6}, {2, 1}, {2, 2}})));
    const std::string r = reason_of(g, 0, {}, {{0, 5}, {0, 6}, {0, 4}});
    EXPECT_FALSE(justified(r));
    EXPECT_NE(r.find("thermometer"), std::string::npos) << r;
    EXPECT_NE(r.find("r1c1=4"), std::string::npos) << r;
}

TEST(VariantProofs, AJustifiedLeafWhereTheRuleCanHoldIsRejected) {
    // An arrow r1c1 -> r1c2 r2c1 on a 4x4 (2 + 1 = 3, say) can hold ...
    const Grid g = made({2, 2}, {np::Constraint{Kind::arrow, {{0}, {1, 4}}, {}, std::nullopt}});
    const std::string r = reason_of(g, 0, {}, {});
    EXPECT_NE(r.find("the rule can still hold"), std::string::npos) << r;
    // ... but not with r1c1 given 2 and r1c2 given 3 (r2c1 would be -1): the
    // leaf is justified, and it is the whole proof of none.
    const Grid none = made({2, 2}, {np::Constraint{Kind::arrow, {{0}, {1, 4}}, {}, std::nullopt}}, {{0, 2}, {1, 3}});
    const ProofResult r2 = check(none, ProofClaim::none(), nullptr, justify_then_leaf(none, 0, {}, {}));
    EXPECT_TRUE(r2.accepted) << r2.reason;
    // A justified leaf under a split: each branch closed by one.
    std::string bytes;
    {
        ProofWriter w(shape_of(none), [&](std::string_view b) { bytes.append(b); });
        const int values[] = {1, 4};
        w.split_cell(4, values);
        w.justify(0, {}, {});
        w.justify(0, {}, {});
    }
    const ProofResult r3 = check(none, ProofClaim::none(), nullptr, bytes);
    EXPECT_TRUE(r3.accepted) << r3.reason;
}

TEST(VariantProofs, MalformedJustificationsAreRejectedWithTheirReason) {
    const Grid g = made({2, 2}, {of(Kind::killer_cage, {0, 1}, {3}), np::Constraint{Kind::anti_king, {}, {}, std::nullopt}});
    EXPECT_NE(reason_of(g, 2, {0}, {{0, 1}}).find("does not have"), std::string::npos);
    EXPECT_NE(reason_of(g, 1, {}, {{0, 1}}).find("needs its cells listed"), std::string::npos);
    EXPECT_NE(reason_of(g, 1, {0, 1}, {{2, 1}}).find("outside the cells it looks at"), std::string::npos);
    EXPECT_NE(reason_of(g, 1, {0, 0}, {{0, 1}}).find("twice"), std::string::npos);
    // On a classic puzzle the byte is still reserved.
    ProofChecker checker(Grid(np::Geometry{2, 2}), 1024);
    EXPECT_FALSE(checker.feed(std::string(1, '\x01')));
}

// Anti-king, a global rule, over the two cells listed: with r1c1 = 1 given,
// r2c2 cannot be 1 (justified), but can be 3 (refused).
TEST(VariantProofs, AGlobalRuleIsJustifiedOverTheCellsListed) {
    const Grid g = made({2, 2}, {np::Constraint{Kind::anti_king, {}, {}, std::nullopt}}, {{0, 1}});
    EXPECT_TRUE(justified(reason_of(g, 0, {0, 5}, {{5, 1}})));
    const std::string r = reason_of(g, 0, {0, 5}, {{5, 3}});
    EXPECT_NE(r.find("by anti-king: not every assignment is ruled out (r1c1=1 r2c2=3)"), std::string::npos) << r;
}

// A negative rule is a rule too, numbered after the constraints: with the
// negative XV rule, r1c1 = 1 given, r1c2 cannot be 4 (1 + 4 = 5, no V).
TEST(VariantProofs, ANegativeRuleIsNumberedAfterTheConstraints) {
    Grid g = made({2, 2}, {}, {{0, 1}});
    Puzzle p = *g.variant;
    p.negative = {Kind::xv};
    g.variant = std::make_shared<const Puzzle>(p);
    EXPECT_EQ(np::rule_count(p), 1);
    EXPECT_TRUE(justified(reason_of(g, 0, {0, 1}, {{1, 4}})));
    EXPECT_NE(reason_of(g, 0, {0, 1}, {{1, 3}}).find("negative XV rule"), std::string::npos);
}

// An arrow from r1c1 down the main diagonal cannot hold on an empty 9x9
// (its eight shaft cells, three boxes' worth, add up to 15 at least), but
// an arrow is checked only once filled, so a leaf that says so asks the
// checker to try some 9 * (9*8*7)^2 * 72 assignments: past its bound for
// one node (2^21), so the node is refused and the prover told to split.
TEST(VariantProofs, AJustificationPastTheCheckersBoundIsRefused) {
    std::vector<int> shaft;
    for (int i = 1; i < 9; ++i) shaft.push_back(i * 10);
    const np::Constraint arrow{Kind::arrow, {{0}, shaft}, {}, std::nullopt};
    const Grid g = made({3, 3}, {arrow});
    const std::string r = reason_of(g, 0, {}, {});
    EXPECT_NE(r.find("node 1: justification by arrow"), std::string::npos) << r;
    EXPECT_NE(r.find("over the checker's bound of 2,097,152 assignments (split first)"), std::string::npos) << r;
    // With the middle box's and the last box's cells given, the same leaf is
    // within the bound and justified: the proof of none is accepted.
    const Grid given = made({3, 3}, {arrow}, {{30, 1}, {40, 2}, {50, 3}, {60, 1}, {70, 2}, {80, 3}});
    const ProofResult ok = check(given, ProofClaim::none(), nullptr, justify_then_leaf(given, 0, {}, {}));
    EXPECT_TRUE(ok.accepted) << ok.reason;
}

TEST(VariantProofs, ABranchLeftOutIsRejected) {
    int lies = 0;
    for (const Entry& e : entries()) {
        if (e.puzzle.side() > 6) continue;
        uint64_t found = 0;
        const std::string lie = prove(e.puzzle, 20'000, &found, true);
        if (lie.empty()) continue;
        const Grid witness = witness_of(e);
        const ProofResult r = check(e.puzzle, ProofClaim::unique(), &witness, lie);
        EXPECT_FALSE(r.accepted) << e.id;
        EXPECT_NE(r.reason.find("misses value"), std::string::npos) << e.id << ": " << r.reason;
        ++lies;
    }
    EXPECT_GE(lies, 5);
}

}  // namespace
