// Tests of the bitmask-mrv plugin (seed 004), loaded through the host like
// any plugin: published solutions and solution counts, seed 004's uniqueness
// test (forward-backward) against plain counting, located rule violations,
// budgets, every supported shape, and the unique-puzzle generator.
//
// The plugin's engine has two instances (a 9x9 one with compile-time tables,
// 16-bit masks and SSE2 paths, and an any-shape one, option
// `engine=general`); several tests run both and require the same answers and
// the same search tree (node counts). Exact counts are also checked against
// published counts and against a brute-force counter written here.
//
// The generator's puzzles are never proved by bitmask-mrv itself: their
// uniqueness and minimality are proved by exhaustive-count (test_support's
// oracle), whose search must finish within its node budget. The property
// tests cut their puzzles from full grids that backtrack generates.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/format.hpp"
#include "numplace/host.hpp"
#include "numplace/random.hpp"
#include "numplace/reason.hpp"
#include "test_support.hpp"

namespace {

using np::test::expect_witnesses_solve;
using np::test::kProofNodes;
using np::test::generated_grid;
using np::test::node_budget;
using np::test::oracle_count;
using np::test::oracle_proves_several;
using np::test::oracle_proves_unique;
using np::test::parse;
using np::test::solves;
using np::test::pattern_grid;
using np::test::split_tabs;
using np::test::text_of;

using np::Budget;
using np::Geometry;
using np::Grid;
using np::OptionList;
using np::Verdict;

const np::Plugin& plugin() { return np::test::bundled_plugin("bitmask-mrv"); }

const OptionList kCount = {};
const OptionList kForwardBackward = {{"uniqueness", "forward-backward"}};
const OptionList kGeneral = {{"engine", "general"}};

// Far more than any call here needs: a broken plugin fails a test instead of
// hanging the suite.
Budget plenty() { return node_budget(20'000'000); }

// unique / multiple / none: what the uniqueness question answers.
std::string uniqueness_class(const np::SolveOutcome& out) {
    switch (out.verdict) {
        case Verdict::unique: return "unique";
        case Verdict::multiple: return "multiple";
        case Verdict::none: return "none";
        default: return std::string(np::verdict_name(out.verdict)) + " (" + out.message + ")";
    }
}

// ---- The descriptor ------------------------------------------------------------

TEST(BitmaskMrv, DescribesItself) {
    const np::Plugin& p = plugin();
    EXPECT_EQ(p.name(), "bitmask-mrv");
    EXPECT_FALSE(p.description().empty());
    EXPECT_TRUE(p.can(NP_CAP_SOLVE));
    EXPECT_TRUE(p.can(NP_CAP_COUNT));
    EXPECT_TRUE(p.can(NP_CAP_PROVE_UNIQUE));
    EXPECT_TRUE(p.can(NP_CAP_GENERATE_GRID));
    EXPECT_TRUE(p.can(NP_CAP_GENERATE_PUZZLE));
    EXPECT_FALSE(p.can(NP_CAP_CHECK_GRID));
    EXPECT_EQ(p.max_side(), 25u);
    EXPECT_TRUE(p.supports(Geometry{5, 5}));
    EXPECT_TRUE(p.supports(Geometry{1, 4}));
    EXPECT_FALSE(p.supports(Geometry{5, 6}));
    std::set<std::string> keys;
    for (const auto& option : p.options()) keys.insert(option.key);
    EXPECT_EQ(keys, (std::set<std::string>{"uniqueness", "engine", "symmetry", "minimal", "clues"}));
}

// ---- Solving: known answers ---------------------------------------------------------

// Seed 002's example board: unique, with this solution, in every mode.
TEST(BitmaskMrv, SolvesSeed002Board) {
    const Grid puzzle = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    const Grid expected = parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    for (const OptionList& options : {kCount, kForwardBackward, kGeneral}) {
        SCOPED_TRACE(options.empty() ? "default" : options[0].first + "=" + options[0].second);
        for (uint64_t limit : {uint64_t{2}, NP_UNLIMITED}) {
            const auto out = plugin().solve(puzzle, limit, options, node_budget(1'000'000));
            ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
            EXPECT_TRUE(out.complete);
            EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
            EXPECT_EQ(out.count, 1u);
            ASSERT_EQ(out.solutions.size(), 1u);
            EXPECT_EQ(out.solutions[0], expected);
            EXPECT_GT(out.stats.nodes, 0u);
            EXPECT_LE(out.stats.guesses, out.stats.nodes);
        }
    }
}

TEST(BitmaskMrv, FullGridIsItsOwnSolution) {
    const Grid full = parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    const auto out = plugin().solve(full, NP_UNLIMITED, {}, plenty());
    ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_EQ(out.solutions[0], full);
    EXPECT_EQ(out.stats.nodes, 1u);
    EXPECT_EQ(out.stats.guesses, 0u);
}

TEST(BitmaskMrv, FillsTheLastCell) {
    Grid puzzle = parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    puzzle.at(8, 8) = 0;
    for (const OptionList& options : {kCount, kGeneral}) {
        const auto out = plugin().solve(puzzle, 2, options, plenty());
        ASSERT_EQ(out.verdict, Verdict::unique) << out.message;
        ASSERT_EQ(out.solutions.size(), 1u);
        EXPECT_EQ(out.solutions[0].at(8, 8), 9);
    }
}

// Givens that break no rule but leave a cell without a candidate: none.
TEST(BitmaskMrv, CellWithoutCandidatesIsUnsolvable) {
    Grid puzzle(Geometry{3, 3});
    for (int c = 0; c < 8; ++c) puzzle.at(0, c) = static_cast<uint8_t>(c + 1);  // row 1: 1..8, then empty
    puzzle.at(5, 8) = 9;                                                           // column 9 holds the 9
    for (const OptionList& options : {kCount, kForwardBackward, kGeneral}) {
        const auto out = plugin().solve(puzzle, 2, options, plenty());
        EXPECT_EQ(out.verdict, Verdict::none) << out.message;
        EXPECT_EQ(out.count, 0u);
        EXPECT_TRUE(out.complete);
        EXPECT_TRUE(out.solutions.empty());
    }
}

TEST(BitmaskMrv, KaggleFirst1000AreUniqueWithThePublishedSolution) {
    NP_REQUIRE_DATASET(puzzles_path, "kaggle_1m_first1000.txt");
    NP_REQUIRE_DATASET(solutions_path, "kaggle_1m_first1000.solutions.txt");
    const auto puzzles = np::test::read_lines(puzzles_path);
    const auto solutions = np::test::read_lines(solutions_path);
    ASSERT_EQ(puzzles.size(), 1000u);
    ASSERT_EQ(solutions.size(), puzzles.size());
    int wrong = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const Grid puzzle = parse(puzzles[i]);
        const Grid expected = parse(solutions[i]);
        for (const OptionList& options : {kCount, kForwardBackward}) {
            const auto out = plugin().solve(puzzle, 2, options, node_budget(1'000'000));
            const bool right =
                out.verdict == Verdict::unique && out.solutions.size() == 1 && out.solutions[0] == expected;
            if (!right && ++wrong <= 5)
                ADD_FAILURE() << "puzzle " << i + 1 << " " << puzzles[i] << ": " << uniqueness_class(out);
        }
    }
    EXPECT_EQ(wrong, 0);
}

// 17-clue puzzles are all unique (a published, complete list): all 49,158
// of them, each in both engines, which must also walk the same tree.
TEST(BitmaskMrv, SeventeenCluePuzzlesAreUnique) {
    NP_REQUIRE_DATASET(path, "17clue.txt");
    const auto puzzles = np::test::read_lines(path);
    ASSERT_EQ(puzzles.size(), 49158u);
    int wrong = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const Grid puzzle = parse(puzzles[i]);
        const auto fast = plugin().solve(puzzle, 2, kCount, node_budget(1'000'000));
        const auto general = plugin().solve(puzzle, 2, kGeneral, node_budget(1'000'000));
        const bool right = fast.verdict == Verdict::unique && fast.solutions.size() == 1 &&
                           solves(puzzle, fast.solutions[0]) && general.verdict == Verdict::unique &&
                           general.solutions == fast.solutions && general.stats.nodes == fast.stats.nodes &&
                           general.stats.guesses == fast.stats.guesses;
        if (!right && ++wrong <= 5)
            ADD_FAILURE() << "puzzle " << i + 1 << " " << puzzles[i] << ": " << uniqueness_class(fast) << " / "
                          << uniqueness_class(general) << ", nodes " << fast.stats.nodes << " / "
                          << general.stats.nodes;
    }
    EXPECT_EQ(wrong, 0);
}

// Harder puzzles, all unique: both engines, the same answers and the same
// search tree when counting everything.
void expect_engines_agree(const std::string& file, std::size_t take) {
    NP_REQUIRE_DATASET(path, file);
    auto puzzles = np::test::read_lines(path);
    ASSERT_GE(puzzles.size(), take);
    puzzles.resize(take);
    int wrong = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const Grid puzzle = parse(puzzles[i]);
        const auto fast = plugin().solve(puzzle, NP_UNLIMITED, kCount, node_budget(10'000'000));
        const auto general = plugin().solve(puzzle, NP_UNLIMITED, kGeneral, node_budget(10'000'000));
        const bool right = fast.verdict == Verdict::unique && solves(puzzle, fast.solutions.at(0)) &&
                           general.solutions == fast.solutions && general.count == fast.count &&
                           general.stats.nodes == fast.stats.nodes;
        if (!right && ++wrong <= 5)
            ADD_FAILURE() << file << " puzzle " << i + 1 << ": " << uniqueness_class(fast) << " / "
                          << uniqueness_class(general) << ", nodes " << fast.stats.nodes << " / "
                          << general.stats.nodes;
    }
    EXPECT_EQ(wrong, 0);
}

TEST(BitmaskMrv, EnginesWalkTheSameTreeOnTop1465) { expect_engines_agree("top1465.txt", 1465); }

// The counters say which rules did the work; on hard puzzles all of them do.
TEST(BitmaskMrv, ReportsItsCounters) {
    NP_REQUIRE_DATASET(path, "top1465.txt");
    auto puzzles = np::test::read_lines(path);
    puzzles.resize(50);
    std::map<std::string, uint64_t> totals;
    for (const auto& line : puzzles) {
        const auto out = plugin().solve(parse(line), 2, {}, plenty());
        for (const auto& [name, value] : out.stats.counters) totals[name] += value;
        EXPECT_GT(out.stats.nodes, 0u);
    }
    for (const char* name : {"naked_singles", "hidden_singles", "locked_candidates", "dead_ends"})
        EXPECT_GT(totals[name], 0u) << name;
}
TEST(BitmaskMrv, EnginesWalkTheSameTreeOnForumHardest) {
    expect_engines_agree("forum_hardest_1905_11plus.txt", 2000);
}

// tdoku's puzzles with 0, 1 and up to 847 solutions: exact counts when
// counting everything, in both engines.
TEST(BitmaskMrv, TdokuSolutionCountsAreExact) {
    NP_REQUIRE_DATASET(puzzles_path, "tdoku_solution_counts.txt");
    NP_REQUIRE_DATASET(table_path, "tdoku_solution_counts.tsv");
    const auto puzzles = np::test::read_lines(puzzles_path);
    auto table = np::test::read_lines(table_path);
    ASSERT_FALSE(table.empty());
    table.erase(table.begin());  // header
    ASSERT_EQ(table.size(), puzzles.size());
    int none = 0, one = 0, many = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const auto fields = split_tabs(table[i]);
        ASSERT_GE(fields.size(), 2u) << table[i];
        ASSERT_EQ(fields[0], puzzles[i]) << "the .tsv and .txt do not line up at " << i + 1;
        const uint64_t published = std::stoull(fields[1]);
        const Grid puzzle = parse(puzzles[i]);
        SCOPED_TRACE("puzzle " + std::to_string(i + 1) + " " + puzzles[i] + " published count " + fields[1]);
        for (const OptionList& options : {kCount, kGeneral}) {
            const auto out = plugin().solve(puzzle, NP_UNLIMITED, options, node_budget(10'000'000));
            ASSERT_TRUE(out.complete) << out.message;
            EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
            EXPECT_EQ(out.count, published);
            EXPECT_EQ(out.solutions.size(), std::min<uint64_t>(published, 2));
            expect_witnesses_solve(puzzle, out);
            if (published == 1 && fields.size() >= 3 && !fields[2].empty() && !out.solutions.empty()) {
                EXPECT_EQ(text_of(out.solutions[0]), fields[2]);
            }
        }
        (published == 0 ? none : published == 1 ? one : many) += 1;
    }
    EXPECT_GE(none, 3);
    EXPECT_GE(one, 3);
    EXPECT_GE(many, 3);
}

// Seed 004's uniqueness test (forward-backward) answers the uniqueness
// question as tdoku's published counts do, on its set of 0, 1 and many
// solutions; a unique puzzle's witness is the published solution ...
TEST(BitmaskMrv, ForwardBackwardMatchesTdokuSolutionCounts) {
    NP_REQUIRE_DATASET(table_path, "tdoku_solution_counts.tsv");
    const auto table = np::test::published_counts(table_path);
    ASSERT_FALSE(table.empty());
    std::set<std::string> classes;
    for (const auto& [text, published, solution] : table) {
        const std::string truth = published == 0 ? "none" : published == 1 ? "unique" : "multiple";
        const Grid puzzle = parse(text);
        SCOPED_TRACE(text + " published count " + std::to_string(published));
        const auto fb = plugin().solve(puzzle, 2, kForwardBackward, node_budget(10'000'000));
        EXPECT_EQ(uniqueness_class(fb), truth);
        expect_witnesses_solve(puzzle, fb);
        EXPECT_EQ(fb.count, std::min<uint64_t>(published, 2));
        EXPECT_EQ(fb.solutions.size(), std::min<uint64_t>(published, 2));
        if (published == 1 && !solution.empty() && !fb.solutions.empty()) {
            EXPECT_EQ(text_of(fb.solutions[0]), solution);
        }
        if (published >= 2) {
            EXPECT_EQ(fb.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
            EXPECT_FALSE(fb.complete);
        }
        classes.insert(truth);
    }
    EXPECT_EQ(classes, (std::set<std::string>{"none", "unique", "multiple"}));
}

// ... and on Serg's benchmark, whose puzzles all have two or more solutions
// (all 9,994 of them).
TEST(BitmaskMrv, ForwardBackwardFindsTwoSolutionsInSergBenchmark) {
    NP_REQUIRE_DATASET(path, "serg_benchmark.txt");
    const auto puzzles = np::test::read_lines(path);
    ASSERT_EQ(puzzles.size(), 9994u);
    int wrong = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const Grid puzzle = parse(puzzles[i]);
        const auto counted = plugin().solve(puzzle, 2, kCount, node_budget(10'000'000));
        const auto fb = plugin().solve(puzzle, 2, kForwardBackward, node_budget(10'000'000));
        const bool right = counted.verdict == Verdict::multiple && fb.verdict == Verdict::multiple &&
                           fb.solutions.size() == 2 && fb.solutions[0] != fb.solutions[1] &&
                           solves(puzzle, fb.solutions[0]) && solves(puzzle, fb.solutions[1]);
        if (!right && ++wrong <= 5)
            ADD_FAILURE() << "puzzle " << i + 1 << " " << puzzles[i] << ": count " << uniqueness_class(counted)
                          << ", forward-backward " << uniqueness_class(fb);
    }
    EXPECT_EQ(wrong, 0);
}

// With limit 1 the forward search alone answers.
TEST(BitmaskMrv, ForwardBackwardWithLimitOneIsTheForwardSearch) {
    const Grid empty(Geometry{3, 3});
    const auto out = plugin().solve(empty, 1, kForwardBackward, node_budget(100'000));
    ASSERT_EQ(out.verdict, Verdict::found) << out.message;
    EXPECT_EQ(out.count, 1u);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_TRUE(solves(empty, out.solutions[0]));
    // The forward search tries values ascending: the first solution of the
    // plain search.
    const auto plain = plugin().solve(empty, 1, kCount, node_budget(100'000));
    EXPECT_EQ(out.solutions, plain.solutions);
}

// ---- Duplicate givens ----------------------------------------------------------

// The located-duplicate cases for every solver (this one included, with
// each of its enumerated options) are in contract_test.cpp.

// Rows are reported before columns, columns before boxes (as check_rules).
TEST(BitmaskMrv, ReportsRowsBeforeColumnsBeforeBoxes) {
    Grid puzzle(Geometry{3, 3});
    puzzle.at(0, 0) = 1;
    puzzle.at(5, 0) = 1;  // column duplicate, earlier in row-major order
    puzzle.at(6, 3) = 2;
    puzzle.at(6, 8) = 2;  // row duplicate
    auto out = plugin().solve(puzzle, 1, {}, plenty());
    ASSERT_EQ(out.verdict, Verdict::invalid);
    EXPECT_EQ(out.error->code, np::ReasonCode::duplicate_in_row);
    EXPECT_EQ(out.error->row, 7);
    EXPECT_EQ(out.error->column, 9);

    Grid boxed(Geometry{3, 3});
    boxed.at(0, 0) = 4;
    boxed.at(1, 1) = 4;  // box duplicate, first in row-major order
    boxed.at(3, 5) = 6;
    boxed.at(8, 5) = 6;  // column duplicate
    out = plugin().solve(boxed, 1, {}, plenty());
    ASSERT_EQ(out.verdict, Verdict::invalid);
    EXPECT_EQ(out.error->code, np::ReasonCode::duplicate_in_column);
    EXPECT_EQ(out.error->row, 9);
    EXPECT_EQ(out.error->column, 6);
}

// ---- Limits, counts and shapes --------------------------------------------------------

TEST(BitmaskMrv, EmptyGridLimitOneIsFound) {
    for (const OptionList& options : {kCount, kGeneral}) {
        const Grid empty(Geometry{3, 3});
        const auto out = plugin().solve(empty, 1, options, node_budget(100'000));
        ASSERT_EQ(out.verdict, Verdict::found) << out.message;
        EXPECT_EQ(out.count, 1u);
        EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
        EXPECT_FALSE(out.complete);
        ASSERT_EQ(out.solutions.size(), 1u);
        EXPECT_TRUE(solves(empty, out.solutions[0]));
    }
}

TEST(BitmaskMrv, CountsAll288Grids4x4) {
    const Grid empty(Geometry{2, 2});
    const auto out = plugin().solve(empty, NP_UNLIMITED, {}, plenty());
    ASSERT_EQ(out.verdict, Verdict::multiple) << out.message;
    EXPECT_TRUE(out.complete);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
    EXPECT_EQ(out.count, 288u);
    ASSERT_EQ(out.solutions.size(), 2u);
    expect_witnesses_solve(empty, out);
}

// 1 x 4 boxes are the rows: 4x4 Latin squares (576); 2 x 1: 2x2 Latin squares (2).
TEST(BitmaskMrv, CountsLatinSquares) {
    EXPECT_EQ(plugin().solve(Grid(Geometry{1, 4}), NP_UNLIMITED, {}, plenty()).count, 576u);
    EXPECT_EQ(plugin().solve(Grid(Geometry{4, 1}), NP_UNLIMITED, {}, plenty()).count, 576u);
    const auto two = plugin().solve(Grid(Geometry{2, 1}), NP_UNLIMITED, {}, plenty());
    EXPECT_TRUE(two.complete);
    EXPECT_EQ(two.count, 2u);
}

TEST(BitmaskMrv, StopsAtTheLimit) {
    const auto out = plugin().solve(Grid(Geometry{2, 2}), 100, {}, plenty());
    EXPECT_EQ(out.verdict, Verdict::multiple);
    EXPECT_EQ(out.count, 100u);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_LIMIT));
    EXPECT_FALSE(out.complete);
}

// 6x6 in both orientations: a pattern grid with one cell per row removed
// is unique (each blank is the only one in its row, so its value is forced:
// a proof by construction, which is why a fixed grid is enough here).
TEST(BitmaskMrv, SixBySixShapes) {
    for (Geometry geometry : {Geometry{2, 3}, Geometry{3, 2}}) {
        SCOPED_TRACE(geometry.name());
        const Grid full = pattern_grid(geometry, 6);
        ASSERT_TRUE(np::check_rules(full).empty());
        Grid easy = full;
        for (int r = 0; r < 6; ++r) easy.at(r, (r * 5) % 6) = 0;
        const auto unique = plugin().solve(easy, NP_UNLIMITED, {}, node_budget(100'000));
        ASSERT_EQ(unique.verdict, Verdict::unique) << unique.message;
        EXPECT_EQ(unique.solutions.at(0), full);
    }
}

// ---- Budget ----------------------------------------------------------------------------

TEST(BitmaskMrv, NodeBudgetIsExact) {
    const Grid empty(Geometry{3, 3});
    for (uint64_t max_nodes : {uint64_t{1}, uint64_t{7}, uint64_t{1000}, uint64_t{10'000}}) {
        SCOPED_TRACE(max_nodes);
        const auto out = plugin().solve(empty, NP_UNLIMITED, {}, node_budget(max_nodes));
        EXPECT_FALSE(out.complete);
        EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
        EXPECT_EQ(out.stats.nodes, max_nodes);
        expect_witnesses_solve(empty, out);
    }
    // A search that needs fewer nodes than the budget is not stopped.
    const Grid puzzle = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    const auto free_run = plugin().solve(puzzle, 2, {}, plenty());
    const auto exact = plugin().solve(puzzle, 2, {}, node_budget(free_run.stats.nodes));
    EXPECT_EQ(exact.verdict, Verdict::unique);
    EXPECT_EQ(exact.stats.nodes, free_run.stats.nodes);
}

// Counting every 9x9 grid (about 6.7e21) cannot finish: returning at all
// means the deadline stopped it. No duration is asserted.
TEST(BitmaskMrv, DeadlineStopsCounting) {
    const Grid empty(Geometry{3, 3});
    Budget budget;
    budget.timeout_seconds = 0.2;
    const auto out = plugin().solve(empty, NP_UNLIMITED, {}, budget);
    EXPECT_FALSE(out.complete);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
    EXPECT_GT(out.count, 2u);
    EXPECT_EQ(out.verdict, Verdict::multiple);
    expect_witnesses_solve(empty, out);
}

TEST(BitmaskMrv, CancelStopsTheSearch) {
    std::atomic<bool> cancel{true};
    Budget budget;
    budget.cancel = &cancel;
    const auto out = plugin().solve(Grid(Geometry{3, 3}), NP_UNLIMITED, {}, budget);
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
    EXPECT_LE(out.stats.nodes, 1024u);
}

TEST(BitmaskMrv, ForwardBackwardStopsOnBudget) {
    const auto out = plugin().solve(Grid(Geometry{4, 4}), 2, kForwardBackward, node_budget(3));
    EXPECT_EQ(out.stop, static_cast<uint32_t>(NP_STOP_BUDGET));
    EXPECT_FALSE(out.complete);
    EXPECT_LE(out.stats.nodes, 3u);
}

// ---- Options ------------------------------------------------------------------------------

TEST(BitmaskMrv, RejectsUnknownOptionsAndValues) {
    const Grid empty(Geometry{2, 2});
    auto out = plugin().solve(empty, 1, {{"order", "ascending"}}, plenty());
    EXPECT_EQ(out.verdict, Verdict::error);
    EXPECT_NE(out.message.find("order"), std::string::npos) << out.message;
    out = plugin().solve(empty, 1, {{"uniqueness", "sometimes"}}, plenty());
    EXPECT_EQ(out.verdict, Verdict::error);
    EXPECT_NE(out.message.find("uniqueness"), std::string::npos) << out.message;
    out = plugin().solve(empty, 1, {{"symmetry", "none"}}, plenty());  // a generate option
    EXPECT_EQ(out.verdict, Verdict::error);
    const auto gen = plugin().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 1, 1, {{"clues", "-3"}}, plenty());
    EXPECT_FALSE(gen.ok);
    EXPECT_NE(gen.message.find("clues"), std::string::npos) << gen.message;
    const auto gen2 = plugin().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 1, 1, {{"symmetry", "spiral"}}, plenty());
    EXPECT_FALSE(gen2.ok);
}

TEST(BitmaskMrv, RefusesShapesAboveTwentyFive) {
    const auto out = plugin().solve(Grid(Geometry{5, 6}), 1, {}, node_budget(1000));
    EXPECT_EQ(out.verdict, Verdict::error);
    EXPECT_FALSE(out.message.empty());
}

// ---- Property: puzzles cut from a full grid ---------------------------------------------

// An oracle of the test's own for small grids: plain backtracking, counting
// up to `cap`. Returns nullopt when the cap is reached.
std::optional<uint64_t> brute_force_count(Grid grid, uint64_t cap) {
    const Geometry g = grid.geometry;
    const int side = g.side();
    uint64_t count = 0;
    auto fits = [&](int row, int col, int value) {
        for (int k = 0; k < side; ++k)
            if (grid.at(row, k) == value || grid.at(k, col) == value) return false;
        const int top = (row / g.box_rows) * g.box_rows, left = (col / g.box_cols) * g.box_cols;
        for (int r = top; r < top + g.box_rows; ++r)
            for (int c = left; c < left + g.box_cols; ++c)
                if (grid.at(r, c) == value) return false;
        return true;
    };
    auto search = [&](auto&& self, int cell) -> bool {  // true: cap reached
        while (cell < side * side && grid.cells[static_cast<std::size_t>(cell)] != 0) ++cell;
        if (cell == side * side) return ++count >= cap;
        const int row = cell / side, col = cell % side;
        for (int value = 1; value <= side; ++value) {
            if (!fits(row, col, value)) continue;
            grid.at(row, col) = static_cast<uint8_t>(value);
            const bool stop = self(self, cell + 1);
            grid.at(row, col) = 0;
            if (stop) return true;
        }
        return false;
    };
    if (search(search, 0)) return std::nullopt;
    return count;
}

// Exact counts against the oracle, on random puzzles of small shapes (square
// and oblong boxes): any unsound propagation step would lose solutions. The
// full grids come from backtrack's generator, one independent seed each.
RC_GTEST_PROP(BitmaskMrvProperty, CountsMatchBruteForce, ()) {
    const auto shape = *rc::gen::elementOf(
        std::vector<std::pair<int, int>>{{2, 2}, {2, 3}, {3, 2}, {1, 4}, {4, 1}, {1, 3}, {2, 1}});
    const Geometry geometry{shape.first, shape.second};
    const Grid full = generated_grid("backtrack", geometry, *rc::gen::arbitrary<uint64_t>());
    RC_ASSERT(full.is_full());
    const int keep_percent = *rc::gen::inRange(0, 80);
    const auto draws = *rc::gen::container<std::vector<int>>(static_cast<std::size_t>(geometry.cell_count()),
                                                             rc::gen::inRange(0, 100));
    Grid puzzle = full;
    for (std::size_t i = 0; i < draws.size(); ++i)
        if (draws[i] >= keep_percent) puzzle.cells[i] = 0;
    const auto expected = brute_force_count(puzzle, 200'000);
    RC_PRE(expected.has_value());
    const auto out = plugin().solve(puzzle, NP_UNLIMITED, {}, node_budget(50'000'000));
    RC_ASSERT(out.complete);
    RC_ASSERT(out.count == *expected);
    for (const Grid& solution : out.solutions) RC_ASSERT(static_cast<bool>(solves(puzzle, solution)));
}

// Whatever cells are removed from a full grid (backtrack's, from a drawn
// seed): the puzzle has a solution, the witnesses fit, "unique" means the
// grid it was cut from, unique / multiple is what exhaustive-count proves,
// the two engines agree, and forward-backward agrees with counting.
RC_GTEST_PROP(BitmaskMrvProperty, PuzzlesCutFromAGrid, ()) {
    const auto shape = *rc::gen::elementOf(
        std::vector<std::pair<int, int>>{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {1, 3}, {3, 1}, {2, 4}});
    const Geometry geometry{shape.first, shape.second};
    const Grid full = generated_grid("backtrack", geometry, *rc::gen::arbitrary<uint64_t>());
    RC_ASSERT(full.is_full());
    const auto keep = *rc::gen::container<std::vector<bool>>(static_cast<std::size_t>(geometry.cell_count()),
                                                             rc::gen::arbitrary<bool>());
    Grid puzzle = full;
    for (std::size_t i = 0; i < keep.size(); ++i)
        if (!keep[i]) puzzle.cells[i] = 0;

    const auto out = plugin().solve(puzzle, 2, {}, node_budget(2'000'000));
    RC_ASSERT(out.verdict == Verdict::unique || out.verdict == Verdict::multiple);
    for (const Grid& solution : out.solutions) RC_ASSERT(static_cast<bool>(solves(puzzle, solution)));
    if (out.verdict == Verdict::unique) RC_ASSERT(out.solutions[0] == full);
    if (out.solutions.size() == 2) RC_ASSERT(out.solutions[0] != out.solutions[1]);
    std::string why;
    const auto proved = oracle_count(puzzle, 2, kProofNodes, &why);
    if (!proved) RC_FAIL(why);
    RC_ASSERT((out.verdict == Verdict::unique) == (*proved == 1));

    const auto fb = plugin().solve(puzzle, 2, kForwardBackward, node_budget(2'000'000));
    RC_ASSERT(fb.verdict == out.verdict);
    for (const Grid& solution : fb.solutions) RC_ASSERT(static_cast<bool>(solves(puzzle, solution)));

    if (geometry == Geometry{3, 3}) {
        const auto general = plugin().solve(puzzle, 2, kGeneral, node_budget(2'000'000));
        RC_ASSERT(general.solutions == out.solutions);
        RC_ASSERT(general.stats.nodes == out.stats.nodes);
    }
}

// ---- Generating --------------------------------------------------------------------------

// Every clue (more precisely: every orbit of clues) is needed: removing it
// leaves a puzzle with two solutions, found by exhaustive-count (not by the
// generator's own search).
::testing::AssertionResult minimal(const Grid& puzzle, const std::vector<std::vector<int>>& orbits) {
    for (const auto& orbit : orbits) {
        if (puzzle.cells[static_cast<std::size_t>(orbit[0])] == 0) continue;
        Grid less = puzzle;
        for (int cell : orbit) less.cells[static_cast<std::size_t>(cell)] = 0;
        if (auto several = oracle_proves_several(less, kProofNodes); !several)
            return ::testing::AssertionFailure() << "clue at " << orbit[0] << " of " << text_of(puzzle)
                                                 << " is not shown needed: " << several.message();
    }
    return ::testing::AssertionSuccess();
}

// The symmetric images of a cell, computed here independently of the plugin.
std::vector<int> images(const std::string& symmetry, int side, int cell) {
    const int r = cell / side, c = cell % side, last = side - 1;
    if (symmetry == "rotate180") return {(last - r) * side + (last - c)};
    if (symmetry == "rotate90") return {c * side + (last - r), (last - r) * side + (last - c), (last - c) * side + r};
    if (symmetry == "mirror") return {r * side + (last - c)};
    if (symmetry == "diagonal") return {c * side + r};
    return {};
}

std::vector<std::vector<int>> orbits_of(const std::string& symmetry, int side) {
    std::vector<std::vector<int>> orbits;
    std::vector<bool> seen(static_cast<std::size_t>(side * side), false);
    for (int cell = 0; cell < side * side; ++cell) {
        if (seen[static_cast<std::size_t>(cell)]) continue;
        std::vector<int> orbit{cell};
        for (int image : images(symmetry, side, cell)) orbit.push_back(image);
        std::sort(orbit.begin(), orbit.end());
        orbit.erase(std::unique(orbit.begin(), orbit.end()), orbit.end());
        for (int x : orbit) seen[static_cast<std::size_t>(x)] = true;
        orbits.push_back(orbit);
    }
    return orbits;
}

TEST(BitmaskMrvGenerate, GridsAreFullAndValid) {
    for (Geometry geometry : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 2}, Geometry{3, 3}, Geometry{3, 4},
                              Geometry{4, 3}, Geometry{4, 4}, Geometry{5, 5}, Geometry{1, 5}}) {
        SCOPED_TRACE(geometry.name());
        const auto out = plugin().generate(geometry, NP_GENERATE_GRID, 2024, 3, {}, node_budget(20'000'000));
        ASSERT_TRUE(out.ok) << out.message;
        ASSERT_EQ(out.results.size(), 3u) << out.message;
        for (const Grid& grid : out.results) {
            EXPECT_EQ(grid.geometry, geometry);
            EXPECT_TRUE(grid.is_full()) << text_of(grid);
            EXPECT_TRUE(np::check_rules(grid).empty()) << text_of(grid);
        }
        EXPECT_NE(out.results[0], out.results[1]);
    }
}

// 9x9 puzzles: unique (proved by exhaustive-count), cut from the grid of the
// same seed and index, and minimal.
TEST(BitmaskMrvGenerate, PuzzlesAreUniqueAndMinimal) {
    const auto grids = plugin().generate(Geometry{3, 3}, NP_GENERATE_GRID, 77, 6, {}, plenty());
    const auto out = plugin().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 77, 6, {}, plenty());
    ASSERT_TRUE(out.ok && grids.ok) << out.message;
    ASSERT_EQ(out.results.size(), 6u);
    for (std::size_t i = 0; i < out.results.size(); ++i) {
        const Grid& puzzle = out.results[i];
        SCOPED_TRACE(text_of(puzzle));
        EXPECT_FALSE(puzzle.is_full());
        EXPECT_LT(puzzle.given_count(), 40);
        EXPECT_TRUE(oracle_proves_unique(puzzle, kProofNodes, &grids.results.at(i)));
        EXPECT_TRUE(minimal(puzzle, orbits_of("none", 9)));
    }
}

TEST(BitmaskMrvGenerate, OtherShapesGiveUniquePuzzles) {
    struct Case {
        Geometry geometry;
        OptionList options;
    };
    const std::vector<Case> cases = {
        {{2, 2}, {}},  {{2, 3}, {}},  {{3, 2}, {}}, {{3, 4}, {}}, {{4, 3}, {}},
        {{4, 4}, {}},  {{1, 4}, {}},
        // Minimal 25x25 puzzles are out of reach of a depth-first search that
        // only knows singles: stop at a clue target instead.
        {{5, 5}, {{"minimal", "0"}, {"clues", "380"}}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.geometry.name());
        const auto out = plugin().generate(c.geometry, NP_GENERATE_PUZZLE, 5, 2, c.options, node_budget(20'000'000));
        ASSERT_TRUE(out.ok) << out.message;
        ASSERT_EQ(out.results.size(), 2u) << out.message;
        for (const Grid& puzzle : out.results) {
            EXPECT_TRUE(oracle_proves_unique(puzzle, kProofNodes));
            EXPECT_FALSE(puzzle.is_full());
        }
        if (c.geometry == Geometry{5, 5}) {
            for (const Grid& puzzle : out.results) EXPECT_LE(puzzle.given_count(), 380);
        } else {
            // Up to 16x16: exhaustive-count's proofs for the 16x16 puzzle's
            // clues take up to about 600,000 nodes each.
            EXPECT_TRUE(minimal(out.results[0], orbits_of("none", c.geometry.side())));
        }
    }
}

// Minimal puzzles at side 25 take minutes each, so the plugin refuses them
// up front (also minimal=0 without a target, which is minimal too) and says
// what works. Straight through the ABI to see the status itself; then the
// advice is followed, and it must work under a node budget.
TEST(BitmaskMrvGenerate, RefusesMinimalPuzzlesAtSide25AndTheAdviceWorks) {
    const np_plugin& d = plugin().descriptor();
    for (Geometry geometry : {Geometry{5, 5}, Geometry{1, 25}, Geometry{25, 1}}) {
        std::string advice;
        for (const OptionList& options : {OptionList{}, OptionList{{"minimal", "1"}},
                                          OptionList{{"minimal", "1"}, {"clues", "320"}},
                                          OptionList{{"minimal", "0"}}, OptionList{{"symmetry", "rotate180"}}}) {
            std::string which;
            for (const auto& [key, value] : options) which += key + "=" + value + " ";
            SCOPED_TRACE(geometry.name() + " " + which);
            std::vector<np_option> c_options;
            for (const auto& [key, value] : options) c_options.push_back({key.c_str(), value.c_str()});
            np_generate_request request{};
            request.geometry = geometry.to_c();
            request.kind = NP_GENERATE_PUZZLE;
            request.seed = 5;
            request.count = 1;
            request.options = c_options.data();
            request.option_count = static_cast<uint32_t>(c_options.size());
            request.budget.max_nodes = 1000;  // a refusal must not search at all
            std::vector<uint8_t> cells(static_cast<std::size_t>(geometry.cell_count()));
            np_generate_result result{};
            result.cells = cells.data();
            void* instance = d.create ? d.create() : nullptr;
            const int status = d.generate(instance, &request, &result);
            if (d.destroy) d.destroy(instance);
            EXPECT_EQ(status, NP_BAD_OPTION) << result.message;
            EXPECT_EQ(result.produced, 0u);
            EXPECT_EQ(result.stats.nodes, 0u);
            const std::string message = result.message;
            EXPECT_NE(message.find("minimal=0"), std::string::npos) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << message;
            const std::size_t at = message.find("N=");
            ASSERT_NE(at, std::string::npos) << message;
            advice = message.substr(at + 2, message.find_first_not_of("0123456789", at + 2) - at - 2);
            // Through the host too: not ok, and the plugin's words reach the user.
            const auto hosted = plugin().generate(geometry, NP_GENERATE_PUZZLE, 5, 1, options, node_budget(1000));
            EXPECT_FALSE(hosted.ok);
            EXPECT_TRUE(hosted.results.empty());
            EXPECT_NE(hosted.message.find("minimal=0"), std::string::npos) << hosted.message;
        }
        SCOPED_TRACE(geometry.name() + " clues=" + advice);
        ASSERT_FALSE(advice.empty());
        const int target = std::stoi(advice);
        const auto out = plugin().generate(geometry, NP_GENERATE_PUZZLE, 5, 2,
                                           {{"minimal", "0"}, {"clues", advice}}, node_budget(20'000'000));
        ASSERT_TRUE(out.ok) << out.message;
        ASSERT_EQ(out.results.size(), 2u) << out.message;
        for (const Grid& puzzle : out.results) {
            EXPECT_EQ(puzzle.given_count(), target);
            EXPECT_TRUE(oracle_proves_unique(puzzle, kProofNodes));
        }
        // Grids and smaller shapes are not refused.
        EXPECT_TRUE(plugin().generate(geometry, NP_GENERATE_GRID, 5, 1, {}, node_budget(20'000'000)).ok);
    }
    EXPECT_TRUE(plugin().generate(Geometry{4, 4}, NP_GENERATE_PUZZLE, 5, 1, {}, node_budget(20'000'000)).ok);
}

TEST(BitmaskMrvGenerate, SymmetricPuzzles) {
    for (const char* symmetry : {"rotate180", "rotate90", "mirror", "diagonal"}) {
        for (Geometry geometry : {Geometry{3, 3}, Geometry{2, 3}}) {
            SCOPED_TRACE(std::string(symmetry) + " " + geometry.name());
            const int side = geometry.side();
            const auto out = plugin().generate(geometry, NP_GENERATE_PUZZLE, 11, 3, {{"symmetry", symmetry}},
                                               node_budget(20'000'000));
            ASSERT_TRUE(out.ok) << out.message;
            ASSERT_EQ(out.results.size(), 3u);
            for (const Grid& puzzle : out.results) {
                SCOPED_TRACE(text_of(puzzle));
                for (int cell = 0; cell < side * side; ++cell) {
                    if (puzzle.cells[static_cast<std::size_t>(cell)] == 0) continue;
                    for (int image : images(symmetry, side, cell))
                        EXPECT_NE(puzzle.cells[static_cast<std::size_t>(image)], 0)
                            << "cell " << cell << " is a clue, its image " << image << " is not";
                }
                EXPECT_TRUE(oracle_proves_unique(puzzle, kProofNodes));
            }
            // Minimal over orbits.
            EXPECT_TRUE(minimal(out.results[0], orbits_of(symmetry, side)));
        }
    }
}

TEST(BitmaskMrvGenerate, ClueTarget) {
    for (int target : {60, 45, 30}) {
        SCOPED_TRACE(target);
        const auto out = plugin().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 3, 4,
                                           {{"minimal", "0"}, {"clues", std::to_string(target)}}, plenty());
        ASSERT_TRUE(out.ok) << out.message;
        ASSERT_EQ(out.results.size(), 4u);
        for (const Grid& puzzle : out.results) {
            SCOPED_TRACE(text_of(puzzle));
            EXPECT_TRUE(oracle_proves_unique(puzzle, kProofNodes));
            // At most the target, or (when the pass ran out of clues first) minimal.
            if (puzzle.given_count() > target) {
                EXPECT_TRUE(minimal(puzzle, orbits_of("none", 9)));
            } else {
                // The pass stops as soon as the target is met.
                EXPECT_EQ(puzzle.given_count(), target);
            }
        }
    }
    // With minimal=1 minimality wins over the target.
    const auto out = plugin().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 3, 2, {{"minimal", "1"}, {"clues", "60"}}, plenty());
    ASSERT_TRUE(out.ok);
    for (const Grid& puzzle : out.results) EXPECT_TRUE(minimal(puzzle, orbits_of("none", 9)));
}

TEST(BitmaskMrvGenerate, SameSeedSameOutput) {
    for (np_generate_kind kind : {NP_GENERATE_GRID, NP_GENERATE_PUZZLE}) {
        const auto a = plugin().generate(Geometry{3, 3}, kind, 42, 5, {{"symmetry", "rotate180"}}, plenty());
        const auto b = plugin().generate(Geometry{3, 3}, kind, 42, 5, {{"symmetry", "rotate180"}}, plenty());
        ASSERT_TRUE(a.ok && b.ok);
        ASSERT_EQ(a.results.size(), 5u);
        EXPECT_EQ(a.results, b.results);
        const auto c = plugin().generate(Geometry{3, 3}, kind, 43, 5, {{"symmetry", "rotate180"}}, plenty());
        for (std::size_t i = 0; i < 5; ++i) EXPECT_NE(a.results[i], c.results[i]) << i;
    }
}

TEST(BitmaskMrvGenerate, FirstResultsDoNotDependOnCount) {
    for (Geometry geometry : {Geometry{2, 3}, Geometry{3, 3}}) {
        for (np_generate_kind kind : {NP_GENERATE_GRID, NP_GENERATE_PUZZLE}) {
            SCOPED_TRACE(geometry.name() + (kind == NP_GENERATE_GRID ? " grid" : " puzzle"));
            const auto three = plugin().generate(geometry, kind, 7, 3, {}, plenty());
            const auto ten = plugin().generate(geometry, kind, 7, 10, {}, plenty());
            ASSERT_TRUE(three.ok && ten.ok);
            ASSERT_EQ(three.results.size(), 3u);
            ASSERT_EQ(ten.results.size(), 10u);
            for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(three.results[i], ten.results[i]) << i;
            std::set<std::string> distinct;
            for (const Grid& grid : ten.results) distinct.insert(text_of(grid));
            EXPECT_EQ(distinct.size(), 10u);
        }
    }
}

// The two engines generate the same 9x9 puzzles (the same searches in the
// same order, with the same random draws).
TEST(BitmaskMrvGenerate, EnginesGenerateTheSamePuzzles) {
    const auto fast = plugin().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 9, 4, {}, plenty());
    const auto general = plugin().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 9, 4, kGeneral, plenty());
    ASSERT_TRUE(fast.ok && general.ok);
    EXPECT_EQ(fast.results, general.results);
    EXPECT_EQ(fast.stats.nodes, general.stats.nodes);
}

TEST(BitmaskMrvGenerate, BudgetLimitsTheResults) {
    const auto out = plugin().generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 1, 50, {}, node_budget(2000));
    ASSERT_TRUE(out.ok) << out.message;
    EXPECT_LT(out.results.size(), 50u);
    EXPECT_FALSE(out.message.empty());
    EXPECT_LE(out.stats.nodes, 2000u);
    for (const Grid& puzzle : out.results) EXPECT_TRUE(oracle_proves_unique(puzzle, kProofNodes));
}

}  // namespace
