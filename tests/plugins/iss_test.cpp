// sigh's Interactive Sudoku Solver as the optional command-line solver `iss`
// (plugins/iss): deployed only when the build is configured with
// NUMPLACE_ISS_SOURCE, so without it every test here says SKIPPED, never
// passed. With it: every corpus variant entry of a kind iss declares is
// solved through the host (regions and constraints sent as f-puzzles JSON,
// every witness certified by check_variant) and proved unique to the
// solution the entry records, every declared kind among them; what it cannot
// take is refused with a message or answered unknown; and `numplace verify
// --plugins iss` passes on the published variants.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "corpus/corpus.hpp"
#include "numplace/host.hpp"
#include "numplace/variant.hpp"
#include "numplace/variant_abi.hpp"
#include "test_support.hpp"

namespace {

using np::Grid;
using np::Verdict;

#define NP_REQUIRE_ISS()                                                                                        \
    do {                                                                                                        \
        if (std::string(NUMPLACE_TEST_ISS).empty())                                                             \
            GTEST_SKIP() << "ISS is not configured: cmake -DNUMPLACE_ISS_SOURCE=DIR, DIR a clone of "          \
                            "https://github.com/sigh/Interactive-Sudoku-Solver (plugins/iss/README.md)";       \
    } while (0)

struct Entry {
    std::string id;
    Grid puzzle, solution;
};

std::vector<Entry> variant_entries() {
    std::vector<Entry> out;
    for (const char* name : {"variants-published.yaml", "variants-generated.yaml", "variants-basic.yaml"}) {
        const auto loaded = np::corpus::load({np::test::source_dir() + "/../corpus/" + name});
        EXPECT_TRUE(loaded.ok()) << name;
        for (const auto& e : loaded.corpus.puzzles) {
            const Grid* grid = std::get_if<Grid>(&e.puzzle);
            if (grid != nullptr && grid->is_variant() && e.expect.verdict == Verdict::unique)
                out.push_back({e.id, *grid, *e.expect.solution});
        }
    }
    return out;
}

const np::Plugin& iss() {
    static const np::PluginRegistry registry = [] {
        np::PluginRegistry r;
        r.add_file(np::test::plugin_dir() + "/iss.solver.yaml");
        return r;
    }();
    const np::Plugin* p = registry.find("iss");
    if (p == nullptr) {
        ADD_FAILURE() << "iss.solver.yaml did not load from " << np::test::plugin_dir();
        std::abort();
    }
    return *p;
}

TEST(Iss, SlowSolvesEveryCorpusEntryItTakesToItsRecordedSolution) {
    NP_REQUIRE_ISS();
    const np::Plugin& p = iss();
    uint64_t solved_kinds = 0;
    int solved = 0;
    for (const Entry& e : variant_entries()) {
        if (p.variant_refusal(*e.puzzle.variant)) continue;
        const auto out = p.solve(e.puzzle, 2, {}, np::Budget{});
        EXPECT_EQ(out.verdict, Verdict::unique) << e.id << ": " << out.message;
        if (out.verdict != Verdict::unique) continue;
        EXPECT_EQ(out.solutions.at(0).cells, e.solution.cells) << e.id;
        solved_kinds |= np::kind_bits(*e.puzzle.variant);
        ++solved;
    }
    EXPECT_GE(solved, 60);
    // Every kind iss declares was solved in at least one entry.
    for (const auto& kind : np::kind_names(p.kinds() & ~solved_kinds)) ADD_FAILURE() << "no entry solved of " << kind;
}

// iss takes every kind and layout (a kind a command-line solver does not
// declare is refused as external_test.cpp shows), but not a side over 16:
// refused with the host's message. A form its mapping does not cover (an
// arrow circle of four cells) is answered unknown, never another puzzle's
// answer.
TEST(Iss, WhatItCannotTakeIsRefusedOrUnknown) {
    NP_REQUIRE_ISS();
    auto run = np::test::run_cli({"solve", "--plugin", "iss", "--size", "5x5", std::string(625, '.')});
    EXPECT_NE(run.exit_code, 0) << run.out;
    EXPECT_NE((run.out + run.err).find("iss does not support 5x5 boxes"), std::string::npos) << run.out << run.err;

    np::Puzzle puzzle = np::classic_puzzle(Grid(np::Geometry{3, 3}));
    puzzle.constraints.push_back({np::Kind::arrow, {{0, 1, 2, 3}, {9, 10}}, {}, std::nullopt});
    ASSERT_FALSE(np::validate_variant(puzzle).has_value()) << np::validate_variant(puzzle)->message;
    Grid grid = puzzle.grid;
    grid.variant = std::make_shared<np::Puzzle>(puzzle);
    const auto out = iss().solve(grid, 2, {}, np::Budget{});
    EXPECT_EQ(out.verdict, Verdict::unknown) << out.message;
}

// A small puzzle with two solutions: iss says so with two different
// solutions, which the host certifies, and counts them all when asked.
TEST(Iss, CountsAndShowsTwoSolutions) {
    NP_REQUIRE_ISS();
    np::Puzzle puzzle = np::classic_puzzle(np::test::parse("12..34..........", np::Geometry{2, 2}));
    puzzle.constraints.push_back({np::Kind::killer_cage, {{10, 11}}, {7}, std::nullopt});
    Grid grid = puzzle.grid;
    grid.variant = std::make_shared<np::Puzzle>(puzzle);
    const auto two = iss().solve(grid, 2, {}, np::Budget{});
    EXPECT_EQ(two.verdict, Verdict::multiple) << two.message;
    const auto all = iss().solve(grid, NP_UNLIMITED, {}, np::Budget{});
    EXPECT_TRUE(all.complete) << all.message;
    EXPECT_GE(all.count, 2u);
}

TEST(Iss, SlowVerifyPassesOnThePublishedVariants) {
    NP_REQUIRE_ISS();
    auto run = np::test::run_cli(
        {"verify", np::test::source_dir() + "/../corpus/variants-published.yaml", "--plugins", "iss"});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find(" 0 failed"), std::string::npos) << run.out;
}

}  // namespace
