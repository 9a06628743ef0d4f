// Tests of the optional tdoku plugin (plugins/tdoku: tdoku built from the
// user's clone, -DNUMPLACE_TDOKU_SOURCE=DIR), loaded through the host like
// any plugin. Without the option it is not built and every test skips,
// visibly. Its answers are proved by exhaustive-count (test_support's
// oracle), never by tdoku: verdicts, counts and witnesses, on cut puzzles
// with one, several or no solutions, and on candidate masks.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "numplace/host.hpp"
#include "numplace/reason.hpp"
#include "test_support.hpp"

namespace {

using np::Geometry;
using np::Grid;
using np::Verdict;
using np::test::kProofNodes;
using np::test::oracle_count;
using np::test::parse;
using np::test::solves;

constexpr const char* kSeed002 = np::test::kSeed002Puzzle;
constexpr const char* kSeed002Solution = np::test::kSeed002Solution;

class Tdoku : public ::testing::Test {
protected:
    void SetUp() override {
        plugin_ = np::test::bundled_plugins().find("tdoku");
        if (plugin_ == nullptr)
            GTEST_SKIP() << "the tdoku plugin was not built (configure with -DNUMPLACE_TDOKU_SOURCE=DIR, a clone of "
                            "https://github.com/t-dillon/tdoku)";
    }
    np::SolveOutcome solve(const Grid& puzzle, uint64_t limit = 2) const {
        return plugin_->solve(puzzle, limit, {}, {});
    }

private:
    const np::Plugin* plugin_ = nullptr;
};

TEST_F(Tdoku, SolvesAndProvesAUniquePuzzle) {
    const Grid puzzle = parse(kSeed002);
    for (uint64_t limit : {1, 2}) {
        const auto out = solve(puzzle, limit);
        ASSERT_EQ(out.verdict, limit == 1 ? Verdict::found : Verdict::unique) << out.message;
        ASSERT_EQ(out.solutions.size(), 1u);
        EXPECT_EQ(out.solutions[0], parse(kSeed002Solution));
    }
}

// Cut puzzles from open to nearly full: the count to each limit is the
// oracle's, and the two witnesses of a puzzle with several solutions are
// two different solutions.
TEST_F(Tdoku, CountsAgreeWithExhaustiveCountOnCutPuzzles) {
    int several = 0;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
        const Grid full = np::test::generated_grid("backtrack", Geometry{3, 3}, seed);
        ASSERT_TRUE(full.is_full());
        const Grid puzzle = np::test::remove_cells(full, 45 + static_cast<int>(seed % 6) * 5, seed);
        for (uint64_t limit : {2, 7}) {
            several += np::test::expect_count_as_oracle(np::test::bundled_plugin("tdoku"), puzzle, limit) >= 2;
        }
    }
    EXPECT_GT(several, 5);
}

// tdoku checks nothing itself: a repeated given is found by the glue and
// located at the later cell, rows first.
TEST_F(Tdoku, ARepeatedGivenIsLocated) {
    std::string text(81, '.');
    text[0] = '5', text[8] = '5';  // row 1, columns 1 and 9
    const auto out = solve(parse(text));
    ASSERT_EQ(out.verdict, Verdict::invalid);
    ASSERT_TRUE(out.error.has_value());
    EXPECT_EQ(out.error->code, np::ReasonCode::duplicate_in_row);
    EXPECT_EQ(out.error->row, 1);
    EXPECT_EQ(out.error->column, 9);
}

// Candidate masks go in tdoku's 729-character form: removing the
// solution's value from one cell leaves none; removing another value keeps
// the solution.
TEST_F(Tdoku, CandidateMasksAreTheProblemSolved) {
    np::test::expect_masks_are_the_problem(np::test::bundled_plugin("tdoku"));
}

// Every puzzle of three datasets (../shared, skipped without): tdoku's
// verdict, count and witnesses against bitmask-mrv's and exhaustive-count's
// (limit 2). Slow: about 107,000 puzzles, exhaustive-count the slowest.
TEST_F(Tdoku, SlowAgreesOnEvery17CluePuzzle) { np::test::agree_on_dataset("tdoku", "17clue.txt"); }
TEST_F(Tdoku, SlowAgreesOnEveryForumHardestPuzzle) {
    np::test::agree_on_dataset("tdoku", "forum_hardest_1905_11plus.txt");
}
TEST_F(Tdoku, SlowAgreesOnEverySergPuzzle) { np::test::agree_on_dataset("tdoku", "serg_benchmark.txt"); }

}  // namespace
