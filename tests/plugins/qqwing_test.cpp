// Tests of the qqwing plugin (QQWing from Debian's libqqwing-dev), loaded
// through the host like any plugin.
//
// Its answers are proved by exhaustive-count (test_support's oracle), never
// by QQWing itself: verdicts, counts, the uniqueness of generated puzzles.
// Every witness is certified by the host and checked again here with the
// framework's check_rules. The plugin is optional (built only when
// pkg-config finds qqwing), so every test skips, visibly, when it is absent.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "numplace/format.hpp"
#include "numplace/host.hpp"
#include "numplace/reason.hpp"
#include "test_support.hpp"

namespace {

using np::test::counter;
using np::test::expect_witnesses_solve;
using np::test::kProofNodes;
using np::test::proved_class;
using np::test::node_budget;
using np::test::oracle_count;
using np::test::oracle_counts;
using np::test::oracle_proves_unique;
using np::test::parse;
using np::test::solves;
using np::test::text_of;

using np::Geometry;
using np::Grid;
using np::Verdict;
using RC = np::ReasonCode;

// The seed 002 board and its one solution.
constexpr const char* kSeed002 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr const char* kSeed002Solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

class QQWing : public ::testing::Test {
protected:
    void SetUp() override {
        plugin_ = np::test::bundled_plugins().find("qqwing");
        if (plugin_ == nullptr)
            GTEST_SKIP() << "the qqwing plugin was not built (pkg-config found no qqwing: install libqqwing-dev "
                            "and configure again)";
    }
    const np::Plugin& qqwing() const { return *plugin_; }

    np::SolveOutcome solve(const Grid& puzzle, uint64_t limit = 2, np::Budget budget = {}) const {
        return qqwing().solve(puzzle, limit, {}, budget);
    }

private:
    const np::Plugin* plugin_ = nullptr;
};

// ---- The descriptor ---------------------------------------------------------

TEST_F(QQWing, DescribesItself) {
    const np::Plugin& p = qqwing();
    EXPECT_EQ(p.name(), "qqwing");
    EXPECT_FALSE(p.description().empty());
    EXPECT_TRUE(p.can(NP_CAP_SOLVE));
    EXPECT_TRUE(p.can(NP_CAP_PROVE_UNIQUE));
    EXPECT_TRUE(p.can(NP_CAP_GENERATE_PUZZLE));
    EXPECT_FALSE(p.can(NP_CAP_COUNT)) << "QQWing counts only up to 2";
    EXPECT_FALSE(p.can(NP_CAP_GENERATE_GRID));
    EXPECT_FALSE(p.can(NP_CAP_CHECK_GRID));
    EXPECT_EQ(p.max_side(), 0u);
    EXPECT_EQ(p.listed_geometries(), (std::vector<Geometry>{{3, 3}}));
    std::set<std::string> keys;
    for (const auto& o : p.options()) {
        keys.insert(o.key);
        EXPECT_EQ(o.applies_to, "generate") << o.key;
    }
    EXPECT_EQ(keys, (std::set<std::string>{"difficulty", "symmetry"}));
}

// ---- Solving and proving --------------------------------------------------------

TEST_F(QQWing, SolvesAndProvesUniquePuzzles) {
    const char* puzzles[] = {
        kSeed002,
        // A 17-clue puzzle and a hard one (many guesses for plain search).
        "...8.1..........435............7.8........1...2..3....6......75..34........2..6..",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    };
    for (const char* text : puzzles) {
        SCOPED_TRACE(text);
        const Grid puzzle = parse(text);
        const auto out = solve(puzzle);
        ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
        EXPECT_TRUE(out.complete);
        EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
        EXPECT_EQ(out.count, 1u);
        ASSERT_EQ(out.solutions.size(), 1u);
        EXPECT_TRUE(solves(puzzle, out.solutions[0]));
        EXPECT_TRUE(oracle_proves_unique(puzzle, kProofNodes, &out.solutions[0]));
        EXPECT_GT(out.stats.nodes, 0u);
    }
    EXPECT_EQ(solve(parse(kSeed002)).solutions.at(0), parse(kSeed002Solution));
}

// Puzzles cut from grids that backtrack makes, from very open to nearly full:
// qqwing's verdict is exhaustive-count's, and its witnesses are solutions.
TEST_F(QQWing, AgreesWithExhaustiveCountOnCutPuzzles) {
    int unique = 0, multiple = 0;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        const Grid full = np::test::generated_grid("backtrack", Geometry{3, 3}, seed);
        ASSERT_TRUE(full.is_full());
        const int removed = 40 + static_cast<int>(seed % 5) * 8;  // 40% .. 72% of the cells
        const Grid puzzle = np::test::remove_cells(full, removed, seed * 7919);
        SCOPED_TRACE("seed " + std::to_string(seed) + ": " + text_of(puzzle));
        const auto out = solve(puzzle);
        ASSERT_EQ(out.fault, np::Fault::none) << out.message;
        const std::string truth = proved_class(puzzle);
        EXPECT_EQ(np::verdict_name(out.verdict), truth);
        expect_witnesses_solve(puzzle, out);
        if (out.verdict == Verdict::unique) {
            ++unique;
            EXPECT_EQ(out.solutions.at(0), full);
        }
        if (out.verdict == Verdict::multiple) {
            ++multiple;
            EXPECT_EQ(out.solutions.size(), 2u);
        }
    }
    EXPECT_GE(unique, 5);
    EXPECT_GE(multiple, 5);
}

// ---- Several solutions: two distinct witnesses ---------------------------------------

// A full grid with an unavoidable rectangle emptied: the four cells hold a b /
// b a in two rows and two columns that span exactly two boxes, so the puzzle
// has exactly two solutions, the grid and the grid with the four swapped.
// The last such rectangle in row-major order, so that the second witness
// differs from the first only late in the grid.
struct Rectangle {
    int r1, r2, c1, c2;
};

std::optional<Rectangle> last_rectangle(const Grid& g) {
    std::optional<Rectangle> found;
    for (int r1 = 0; r1 < 9; ++r1)
        for (int r2 = r1 + 1; r2 < 9; ++r2)
            for (int c1 = 0; c1 < 9; ++c1)
                for (int c2 = c1 + 1; c2 < 9; ++c2) {
                    const bool two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                    if (two_boxes && g.at(r1, c1) == g.at(r2, c2) && g.at(r1, c2) == g.at(r2, c1))
                        found = Rectangle{r1, r2, c1, c2};
                }
    return found;
}

TEST_F(QQWing, MultipleHasTwoDistinctRealWitnesses) {
    const Grid full = parse(kSeed002Solution);
    const auto rect = last_rectangle(full);
    ASSERT_TRUE(rect.has_value());
    Grid puzzle = full;
    for (int r : {rect->r1, rect->r2})
        for (int c : {rect->c1, rect->c2}) puzzle.at(r, c) = 0;
    Grid swapped = full;
    std::swap(swapped.at(rect->r1, rect->c1), swapped.at(rect->r1, rect->c2));
    std::swap(swapped.at(rect->r2, rect->c1), swapped.at(rect->r2, rect->c2));
    ASSERT_TRUE(oracle_counts(puzzle, 2, kProofNodes));

    const auto out = solve(puzzle);
    ASSERT_EQ(out.verdict, Verdict::multiple) << out.message;
    EXPECT_EQ(out.count, 2u);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
    ASSERT_EQ(out.solutions.size(), 2u);
    expect_witnesses_solve(puzzle, out);
    EXPECT_EQ((std::set<std::string>{text_of(out.solutions[0]), text_of(out.solutions[1])}),
              (std::set<std::string>{text_of(full), text_of(swapped)}));
}

TEST_F(QQWing, MultipleOnOpenGrids) {
    Grid open = parse(kSeed002);
    open.at(0, 0) = open.at(0, 1) = open.at(1, 0) = open.at(4, 4) = 0;
    for (const Grid& puzzle : {Grid(Geometry{3, 3}), open}) {
        SCOPED_TRACE(text_of(puzzle));
        ASSERT_TRUE(np::test::oracle_proves_several(puzzle, kProofNodes));
        const auto out = solve(puzzle);
        ASSERT_EQ(out.verdict, Verdict::multiple) << out.message;
        ASSERT_EQ(out.solutions.size(), 2u);
        expect_witnesses_solve(puzzle, out);
    }
}

TEST_F(QQWing, LimitOneTakesTheFirstSolution) {
    const Grid empty(Geometry{3, 3});
    const auto out = solve(empty, 1);
    ASSERT_EQ(out.verdict, Verdict::found) << out.message;
    EXPECT_EQ(out.count, 1u);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
    EXPECT_FALSE(out.complete);
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_TRUE(solves(empty, out.solutions[0]));
    // Solving starts from a fixed seed: the same puzzle, the same witness.
    EXPECT_EQ(solve(empty, 1).solutions.at(0), out.solutions[0]);
}

// ---- No solution, full grids -------------------------------------------------------------

TEST_F(QQWing, SaysNoneWhenThereIsNone) {
    const char* puzzles[] = {
        // Row 1 needs its 9 in column 9, which has a 9 already.
        "12345678.............................................9...........................",
        // Fuzz found this: 8 has no place left in row 6 (nor in column 8, nor
        // in box 6), while every cell still has a candidate. QQWing's own
        // search does not see that kind of dead end and runs for hours.
        "..............382..............8......8....4...5....9..................952.9....8",
        // A wrong clue (the 3 at row 9, column 7) in the seed 002 board.
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.379",
        // No dead end after the forced moves: QQWing's own search proves it.
        "........2.....9.75..5..1.89.789....1..2...3..............6..2...3......62.....5..",
    };
    for (const char* text : puzzles) {
        SCOPED_TRACE(text);
        const Grid puzzle = parse(text);
        ASSERT_TRUE(np::check_rules(puzzle).empty()) << "the givens themselves are valid";
        ASSERT_TRUE(oracle_counts(puzzle, 0, kProofNodes));
        for (uint64_t limit : {1, 2}) {
            const auto out = solve(puzzle, limit);
            EXPECT_EQ(out.verdict, Verdict::none) << "limit " << limit << ": " << out.message;
            EXPECT_TRUE(out.complete);
            EXPECT_EQ(out.count, 0u);
        }
    }
}

// QQWing itself says "no solution" for a full grid (solve() false, count 0).
TEST_F(QQWing, FullGridIsItsOwnSolution) {
    const Grid full = parse(kSeed002Solution);
    const auto out = solve(full);
    ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_EQ(out.solutions[0], full);
    EXPECT_EQ(solve(full, 1).verdict, Verdict::found);

    Grid one_empty = full;  // and with one cell left, QQWing's search works again
    one_empty.at(8, 8) = 0;
    const auto last = solve(one_empty);
    ASSERT_EQ(last.verdict, Verdict::unique) << last.message;
    EXPECT_EQ(last.solutions.at(0), full);
}

// ---- Duplicate givens -----------------------------------------------------------------

struct Given {
    int row, col, value;  // 0-based
};

std::optional<np::Reason> invalid_reason(const np::SolveOutcome& out) {
    if (out.verdict != Verdict::invalid) return std::nullopt;
    return out.error;
}

// Each case: the givens, then the expected reason (1-based row and column of
// the later cell of the first repeated pair: rows first, then columns, then
// boxes). The last two are where QQWing's own scan (the first cell in
// row-major order that clashes with an earlier one) would name another cell.
TEST_F(QQWing, DuplicateGivensAreInvalidAtTheRightCell) {
    struct Case {
        const char* name;
        std::vector<Given> givens;
        RC code;
        int row, column, box, value;
    };
    const Case cases[] = {
        {"row", {{0, 0, 5}, {0, 8, 5}}, RC::duplicate_in_row, 1, 9, 3, 5},
        {"column", {{1, 0, 8}, {6, 0, 8}}, RC::duplicate_in_column, 7, 1, 7, 8},
        {"box", {{7, 8, 6}, {8, 6, 6}}, RC::duplicate_in_box, 9, 7, 9, 6},
        {"rows before columns", {{0, 0, 1}, {5, 0, 1}, {6, 3, 2}, {6, 8, 2}}, RC::duplicate_in_row, 7, 9, 9, 2},
        {"columns before boxes", {{0, 0, 3}, {1, 1, 3}, {0, 5, 4}, {8, 5, 4}}, RC::duplicate_in_column, 9, 6, 8, 4},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        Grid puzzle(Geometry{3, 3});
        for (const Given& g : c.givens) puzzle.at(g.row, g.col) = static_cast<uint8_t>(g.value);
        for (uint64_t limit : {1, 2}) {
            const auto reason = invalid_reason(solve(puzzle, limit));
            ASSERT_TRUE(reason.has_value()) << "limit " << limit;
            EXPECT_EQ(reason->code, c.code);
            EXPECT_EQ(reason->row, c.row);
            EXPECT_EQ(reason->column, c.column);
            EXPECT_EQ(reason->box, c.box);
            EXPECT_EQ(reason->value, c.value);
            EXPECT_FALSE(reason->message.empty());
        }
        // The framework's own first violation agrees.
        const auto first = np::first_violation(puzzle);
        ASSERT_TRUE(first.has_value());
        EXPECT_EQ(first->row, c.row);
        EXPECT_EQ(first->column, c.column);
    }
}

// ---- What it refuses ------------------------------------------------------------------

TEST_F(QQWing, RefusesLimitsAboveTwo) {
    const Grid puzzle = parse(kSeed002);
    for (uint64_t limit : {uint64_t{3}, uint64_t{100}, NP_UNLIMITED}) {
        const auto out = solve(puzzle, limit);
        EXPECT_EQ(out.verdict, Verdict::error) << limit;
        EXPECT_EQ(out.status, static_cast<uint32_t>(NP_UNSUPPORTED)) << limit;
        EXPECT_NE(out.message.find("up to 2"), std::string::npos) << out.message;
        EXPECT_TRUE(out.solutions.empty());
    }
}

TEST_F(QQWing, RefusesOtherShapes) {
    for (Geometry g : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 4}, Geometry{4, 4}}) {
        SCOPED_TRACE(g.name());
        EXPECT_FALSE(qqwing().supports(g));
        const auto out = solve(Grid(g), 1);
        EXPECT_EQ(out.verdict, Verdict::error);
        EXPECT_NE(out.message.find("3x3"), std::string::npos) << out.message;
        const auto made = qqwing().generate(g, NP_GENERATE_PUZZLE, 1, 1, {}, {});
        EXPECT_FALSE(made.ok);
    }
}

// ---- Budget ----------------------------------------------------------------------------

// Nodes are QQWing searches: one node lets the count run, not the solve.
TEST_F(QQWing, NodeBudgetStopsBetweenSearches) {
    const Grid empty(Geometry{3, 3});
    const auto counted_only = solve(empty, 2, node_budget(1));
    EXPECT_EQ(counted_only.verdict, Verdict::unknown) << counted_only.message;
    EXPECT_EQ(counted_only.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
    EXPECT_TRUE(counted_only.solutions.empty());

    // Two nodes: the count and the first solve, no search for a second witness.
    const auto one_witness = solve(empty, 2, node_budget(2));
    EXPECT_EQ(one_witness.verdict, Verdict::found) << one_witness.message;
    EXPECT_EQ(one_witness.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
    ASSERT_EQ(one_witness.solutions.size(), 1u);
    EXPECT_TRUE(solves(empty, one_witness.solutions[0]));
}

// ---- Generating puzzles ----------------------------------------------------------------

TEST_F(QQWing, GeneratesTheSameUniquePuzzlesForTheSameSeed) {
    const Geometry g{3, 3};
    const auto first = qqwing().generate(g, NP_GENERATE_PUZZLE, 42, 5, {}, {});
    const auto again = qqwing().generate(g, NP_GENERATE_PUZZLE, 42, 5, {}, {});
    const auto other = qqwing().generate(g, NP_GENERATE_PUZZLE, 43, 5, {}, {});
    ASSERT_TRUE(first.ok && again.ok && other.ok) << first.message << again.message << other.message;
    ASSERT_EQ(first.results.size(), 5u);
    ASSERT_EQ(other.results.size(), 5u);
    EXPECT_EQ(first.results, again.results);
    for (std::size_t i = 0; i < 5; ++i) {
        SCOPED_TRACE("result " + std::to_string(i) + ": " + text_of(first.results[i]));
        EXPECT_NE(first.results[i], other.results[i]);
        EXPECT_TRUE(np::check_rules(first.results[i]).empty());
        EXPECT_LT(first.results[i].given_count(), 81);
        EXPECT_TRUE(oracle_proves_unique(first.results[i], kProofNodes));
        EXPECT_TRUE(oracle_proves_unique(other.results[i], kProofNodes));
    }
    std::set<std::string> distinct;
    for (const Grid& puzzle : first.results) distinct.insert(text_of(puzzle));
    EXPECT_EQ(distinct.size(), 5u);
    // Result i is the same whichever call returns it.
    const auto middle = qqwing().generate(g, NP_GENERATE_PUZZLE, 42, 2, {}, {}, 2);
    ASSERT_EQ(middle.results.size(), 2u) << middle.message;
    EXPECT_EQ(middle.results[0], first.results[2]);
    EXPECT_EQ(middle.results[1], first.results[3]);
}

TEST_F(QQWing, DifficultyOptionIsTheRatingReported) {
    const std::pair<const char*, uint64_t> levels[] = {{"simple", 1}, {"easy", 2}, {"intermediate", 3}, {"expert", 4}};
    for (const auto& [name, level] : levels) {
        SCOPED_TRACE(name);
        const auto made = qqwing().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 9, 1, {{"difficulty", name}}, {});
        ASSERT_TRUE(made.ok) << made.message;
        ASSERT_EQ(made.results.size(), 1u);
        EXPECT_EQ(counter(made.stats, "difficulty").value_or(0), level);
        EXPECT_EQ(counter(made.stats, name).value_or(0), 1u);
        EXPECT_TRUE(oracle_proves_unique(made.results[0], kProofNodes));
    }
    // Without the option, every puzzle is rated and counted once.
    const auto any = qqwing().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 9, 3, {}, {});
    ASSERT_TRUE(any.ok) << any.message;
    uint64_t rated = 0;
    for (const char* name : {"simple", "easy", "intermediate", "expert"}) rated += counter(any.stats, name).value_or(0);
    EXPECT_EQ(rated, 3u);
}

TEST_F(QQWing, SymmetryOptionShapesTheCluePattern) {
    struct Case {
        const char* name;
        int (*row)(int, int);
        int (*col)(int, int);
    };
    const Case cases[] = {
        {"rotate180", [](int r, int) { return 8 - r; }, [](int, int c) { return 8 - c; }},
        {"rotate90", [](int, int c) { return c; }, [](int r, int) { return 8 - r; }},
        {"mirror", [](int r, int) { return r; }, [](int, int c) { return 8 - c; }},
        {"flip", [](int r, int) { return 8 - r; }, [](int, int c) { return c; }},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        const auto made = qqwing().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 3, 2, {{"symmetry", c.name}}, {});
        ASSERT_TRUE(made.ok) << made.message;
        ASSERT_EQ(made.results.size(), 2u);
        for (const Grid& puzzle : made.results) {
            SCOPED_TRACE(text_of(puzzle));
            for (int r = 0; r < 9; ++r)
                for (int col = 0; col < 9; ++col)
                    EXPECT_EQ(puzzle.at(r, col) != 0, puzzle.at(c.row(r, col), c.col(r, col)) != 0)
                        << "row " << r + 1 << ", column " << col + 1;
            EXPECT_TRUE(oracle_proves_unique(puzzle, kProofNodes));
        }
    }
}

TEST_F(QQWing, RejectsBadOptionValues) {
    const auto made = qqwing().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 1, 1, {{"difficulty", "hard"}}, {});
    EXPECT_FALSE(made.ok);
    EXPECT_NE(made.message.find("difficulty"), std::string::npos) << made.message;
    const auto out = qqwing().solve(parse(kSeed002), 2, {{"no-such-option", "1"}}, {});
    EXPECT_EQ(out.verdict, Verdict::error);
}

}  // namespace
