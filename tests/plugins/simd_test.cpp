// Tests of the simd plugin (plugins/simd), on each of its paths: AVX-512,
// AVX2, SSE4.1 and plain C++ (option `path`), a path the CPU lacks skipped
// visibly. Its answers are proved by exhaustive-count (test_support's
// oracle) and its proofs by the framework's checker (proofs_test.cpp),
// never by simd itself; and the three paths must agree to the last node,
// since they run one algorithm.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "numplace/certify.hpp"
#include "numplace/host.hpp"
#include "numplace/reason.hpp"
#include "test_support.hpp"

namespace {

using np::Geometry;
using np::Grid;
using np::OptionList;
using np::Verdict;
using np::test::kProofNodes;
using np::test::oracle_count;
using np::test::parse;
using np::test::solves;

bool cpu_has(const std::string& path) {
    if (path == "avx512") return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2");
    if (path == "avx2") return __builtin_cpu_supports("avx2");
    if (path == "sse4.1") return __builtin_cpu_supports("sse4.1");
    return true;
}

const np::Plugin& simd() { return np::test::bundled_plugin("simd"); }

class SimdPath : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        if (!cpu_has(GetParam())) GTEST_SKIP() << "this CPU has no " << GetParam();
    }
    OptionList options() const { return {{"path", GetParam()}}; }
    np::SolveOutcome solve(const Grid& puzzle, uint64_t limit = 2) const {
        return simd().solve(puzzle, limit, options(), {});
    }
};

TEST_P(SimdPath, SolvesAndProvesAUniquePuzzle) {
    const Grid puzzle = parse(np::test::kSeed002Puzzle);
    for (uint64_t limit : {1, 2}) {
        const auto out = solve(puzzle, limit);
        ASSERT_EQ(out.verdict, limit == 1 ? Verdict::found : Verdict::unique) << out.message;
        ASSERT_EQ(out.solutions.size(), 1u);
        EXPECT_EQ(out.solutions[0], parse(np::test::kSeed002Solution));
    }
}

// Cut puzzles from open to nearly full: the count to each limit is the
// oracle's, and two witnesses are two different solutions.
TEST_P(SimdPath, CountsAgreeWithExhaustiveCountOnCutPuzzles) {
    int several = 0, none = 0;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        const Grid full = np::test::generated_grid("backtrack", Geometry{3, 3}, seed);
        ASSERT_TRUE(full.is_full());
        Grid puzzle = np::test::remove_cells(full, 40 + static_cast<int>(seed % 7) * 5, seed);
        // Every fourth one gets a wrong clue that breaks no rule: often none.
        if (seed % 4 == 0)
            for (int i = 0; i < 81; ++i)
                if (puzzle.cells[i] == 0) {
                    for (uint8_t v = 1; v <= 9; ++v) {
                        puzzle.cells[i] = v;
                        if (v != full.cells[i] && np::obeys_rules(puzzle)) break;
                        puzzle.cells[i] = 0;
                    }
                    if (puzzle.cells[i] != 0) break;
                }
        for (uint64_t limit : {2, 7, 300}) {
            const uint64_t want = np::test::expect_count_as_oracle(simd(), puzzle, limit, options());
            several += want >= 2;
            none += want == 0;
        }
    }
    EXPECT_GT(several, 10);
    EXPECT_GT(none, 2);
}

// Candidate masks are the problem solved (test_support).
TEST_P(SimdPath, CandidateMasksAreTheProblemSolved) {
    np::test::expect_masks_are_the_problem(simd(), options());
}

// One algorithm on four instruction sets: the same answers, and the same
// tree (nodes, guesses, passes) as the portable path, on cut puzzles that
// need a search (up to 50 solutions each).
TEST_P(SimdPath, WalksTheSameTreeAsThePortablePath) {
    uint64_t guesses = 0;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
        const Grid full = np::test::generated_grid("backtrack", Geometry{3, 3}, seed);
        const Grid puzzle = np::test::remove_cells(full, 55 + static_cast<int>(seed % 4) * 5, seed);
        const auto here = solve(puzzle, 50);
        const auto portable = simd().solve(puzzle, 50, {{"path", "portable"}}, {});
        const std::string line = np::test::text_of(puzzle);
        ASSERT_EQ(here.verdict, portable.verdict) << line;
        ASSERT_EQ(here.count, portable.count) << line;
        ASSERT_EQ(here.solutions, portable.solutions) << line;
        EXPECT_EQ(here.stats.nodes, portable.stats.nodes) << line;
        EXPECT_EQ(here.stats.guesses, portable.stats.guesses) << line;
        EXPECT_EQ(np::test::counter(here.stats, "passes"), np::test::counter(portable.stats, "passes")) << line;
        guesses += here.stats.guesses;
    }
    EXPECT_GT(guesses, 100u);  // the trees branched
}

// Generation: the same puzzles on every path, each one proved unique by the
// oracle, and grids that are full and obey the rules.
TEST_P(SimdPath, GeneratesTheSameUniquePuzzlesOnEveryPath) {
    for (const np_generate_kind kind : {NP_GENERATE_GRID, NP_GENERATE_PUZZLE}) {
        const auto here = simd().generate(Geometry{3, 3}, kind, 11, 4, options(), {});
        const auto portable = simd().generate(Geometry{3, 3}, kind, 11, 4, {{"path", "portable"}}, {});
        ASSERT_EQ(here.results.size(), 4u) << here.message;
        ASSERT_EQ(here.results, portable.results);
        for (const Grid& g : here.results) {
            if (kind == NP_GENERATE_GRID) {
                EXPECT_TRUE(g.is_full() && np::obeys_rules(g));
                continue;
            }
            EXPECT_EQ(oracle_count(g, 2, kProofNodes), std::optional<uint64_t>(1)) << np::test::text_of(g);
        }
    }
}

std::string path_name(const ::testing::TestParamInfo<std::string>& info) {
    std::string name = info.param;
    for (char& c : name)
        if (c == '.') c = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Paths, SimdPath, ::testing::Values("auto", "avx512", "avx2", "sse4.1", "portable"), path_name);

TEST(Simd, OtherShapesAreRefusedNamingBitmaskMrv) {
    const auto run = np::test::run_cli({"solve", "--plugin", "simd", "--size", "2x2", "1..............."});
    EXPECT_NE(run.exit_code, 0);
    const std::string said = run.out + run.err;  // the row's error is on stdout
    EXPECT_NE(said.find("simd does not support 2x2 boxes"), std::string::npos) << said;
    EXPECT_NE(said.find("bitmask-mrv solves every shape"), std::string::npos) << said;
}

TEST(Simd, APathNotInItsListIsRefused) {
    const auto run = np::test::run_cli({"solve", "--plugin", "simd", "--option", "path=neon", np::test::kSeed002Puzzle});
    EXPECT_NE(run.exit_code, 0);
    EXPECT_NE(run.err.find("'neon' is not one of auto|avx512|avx2|sse4.1|portable"), std::string::npos) << run.err;
}

// Every puzzle of three datasets (../shared, skipped without): simd's
// verdicts, counts and witnesses against bitmask-mrv's and exhaustive-count's.
TEST(Simd, SlowAgreesOnEvery17CluePuzzle) { np::test::agree_on_dataset("simd", "17clue.txt"); }
TEST(Simd, SlowAgreesOnEveryForumHardestPuzzle) {
    np::test::agree_on_dataset("simd", "forum_hardest_1905_11plus.txt");
}
TEST(Simd, SlowAgreesOnEverySergPuzzle) { np::test::agree_on_dataset("simd", "serg_benchmark.txt"); }

}  // namespace
