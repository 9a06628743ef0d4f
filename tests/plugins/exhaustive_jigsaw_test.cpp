// exhaustive-count on jigsaws, on grids without regions and with extra units
// (diagonals, extra regions, disjoint groups; ABI 3.7): its region columns
// come from the map the host sends, its units are secondary columns. Its counts are compared
// with a brute force written here (every 4x4 Latin square filtered by the
// regions), with published totals (Latin squares of order 4 and 5), and with
// csp's and sat's counts: three engines that share no code, none judged by
// itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <vector>

#include "numplace/random.hpp"
#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

using np::Geometry;
using np::Grid;
using np::Puzzle;
using np::RegionLayout;
using np::Verdict;

Grid jigsaw(int side, const std::vector<uint8_t>& map, RegionLayout layout = RegionLayout::irregular,
            std::vector<np::Constraint> constraints = {}, Geometry boxes = {}) {
    auto p = std::make_shared<Puzzle>();
    p->grid = Grid(layout == RegionLayout::boxes ? boxes : Geometry{1, side});
    p->constraints = std::move(constraints);
    p->regions = layout;
    if (layout == RegionLayout::irregular) p->region_of = map;
    Grid g = p->grid;
    g.variant = p;
    return g;
}

np::SolveOutcome count(const std::string& plugin, const Grid& g) {
    np::Budget budget;
    budget.max_nodes = 50'000'000;
    return np::test::bundled_plugin(plugin).solve(g, NP_UNLIMITED, {}, budget);
}

// Every Latin square of order 4 whose regions hold 1..4 each.
uint64_t brute_count(const std::vector<uint8_t>& map) {
    std::vector<int> perm{1, 2, 3, 4};
    std::vector<std::vector<int>> rows;
    do rows.push_back(perm); while (std::next_permutation(perm.begin(), perm.end()));
    uint64_t total = 0;
    for (const auto& a : rows) for (const auto& b : rows) for (const auto& c : rows) for (const auto& d : rows) {
        const std::vector<const std::vector<int>*> g{&a, &b, &c, &d};
        bool ok = true;
        for (int x = 0; x < 16 && ok; ++x)
            for (int y = x + 1; y < 16 && ok; ++y) {
                const bool unit = x % 4 == y % 4 || map[x] == map[y];  // rows hold by construction
                ok = !(unit && (*g[x / 4])[x % 4] == (*g[y / 4])[y % 4]);
            }
        total += ok;
    }
    return total;
}

TEST(ExhaustiveJigsaw, DeclaresJigsawsNoRegionsAndTheExactCoverKinds) {
    const np::Plugin& p = np::test::bundled_plugin("exhaustive-count");
    EXPECT_EQ(p.kinds(), NP_KIND_BIT(NP_KIND_EXTRA_REGION) | NP_KIND_BIT(NP_KIND_DISJOINT_GROUPS) |
                             NP_KIND_BIT(NP_KIND_DIAGONAL_POSITIVE) | NP_KIND_BIT(NP_KIND_DIAGONAL_NEGATIVE));
    EXPECT_EQ(p.region_layouts(), NP_REGIONS_BIT(NP_REGIONS_IRREGULAR) | NP_REGIONS_BIT(NP_REGIONS_NONE));
}

TEST(ExhaustiveJigsaw, EmptyFourByFourJigsawsCountAsTheBruteForce) {
    const std::vector<std::vector<uint8_t>> maps = {
        {0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3},
        {0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 2, 2, 3, 3, 2},
        {0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 2, 1, 3, 3, 3, 3},
    };
    for (const auto& map : maps) {
        const auto out = count("exhaustive-count", jigsaw(4, map));
        EXPECT_TRUE(out.complete);
        EXPECT_EQ(out.count, brute_count(map));
    }
}

// No regions: Latin squares, 576 of order 4 and 161,280 of order 5 (OEIS A002860).
TEST(ExhaustiveJigsaw, NoRegionsCountsLatinSquares) {
    EXPECT_EQ(count("exhaustive-count", jigsaw(4, {}, RegionLayout::none)).count, 576u);
    EXPECT_EQ(count("exhaustive-count", jigsaw(5, {}, RegionLayout::none)).count, 161280u);
}

// 6x6 jigsaw puzzles cut from a solution with few givens (so most have
// several solutions): exhaustive-count's count is csp's and sat's.
TEST(ExhaustiveJigsaw, SixBySixCountsAgreeWithCspAndSat) {
    const std::vector<uint8_t> map = {0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 1, 1, 0, 2, 2, 2, 3, 1,
                                      4, 4, 2, 3, 3, 3, 4, 4, 5, 5, 3, 5, 4, 4, 5, 5, 5, 3};
    const Grid empty = jigsaw(6, map);
    const auto first = count("csp", empty);
    ASSERT_GT(first.solutions.size(), 0u);
    const Grid& solution = first.solutions[0];
    np::Rng rng(43);
    int several = 0;
    for (int trial = 0; trial < 12; ++trial) {
        Grid puzzle = empty;
        std::vector<int> cells(36);
        std::iota(cells.begin(), cells.end(), 0);
        rng.shuffle(cells.begin(), cells.end());
        for (int i = 0; i < 8 + trial; ++i) puzzle.cells[cells[i]] = solution.cells[cells[i]];
        const auto exact = count("exhaustive-count", puzzle);
        ASSERT_TRUE(exact.complete) << exact.message;
        EXPECT_EQ(exact.count, count("csp", puzzle).count) << np::test::text_of(puzzle);
        EXPECT_EQ(exact.count, count("sat", puzzle).count) << np::test::text_of(puzzle);
        several += exact.count > 1;
    }
    EXPECT_GT(several, 0);  // the draw reaches puzzles with several solutions
}

// Extra units: the counts of csp and sat, whole grids and cut puzzles.
TEST(ExhaustiveJigsaw, ExtraUnitsCountAsCspAndSat) {
    using np::Constraint;
    using np::Kind;
    const Constraint plus{Kind::diagonal_positive, {}, {}, {}}, minus{Kind::diagonal_negative, {}, {}, {}};
    const Constraint groups{Kind::disjoint_groups, {}, {}, {}}, extra{Kind::extra_region, {{0, 7, 14, 21, 28, 35}}, {}, {}};
    const std::vector<Grid> grids = {
        jigsaw(4, {}, RegionLayout::boxes, {plus, minus}, Geometry{2, 2}),  // 48 (the 4x4 X-sudokus)
        jigsaw(6, {}, RegionLayout::boxes, {groups, plus}, Geometry{2, 3}),
        jigsaw(6, {}, RegionLayout::boxes, {extra, minus}, Geometry{2, 3}),
        jigsaw(6, {0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 1, 1, 0, 2, 2, 2, 3, 1, 4, 4, 2, 3, 3, 3, 4, 4, 5, 5, 3, 5, 4, 4, 5, 5, 5, 3},
               RegionLayout::irregular, {extra, plus}),
    };
    EXPECT_EQ(count("exhaustive-count", grids[0]).count, 48u);
    EXPECT_EQ(count("csp", grids[0]).count, 48u);
    np::Rng rng(7);
    int compared = 0;
    for (const Grid& whole : grids) {
        np::Budget budget;
        const auto first = np::test::bundled_plugin("csp").solve(whole, 1, {}, budget);
        if (first.solutions.empty()) {  // no grid keeps these units: exhaustive-count finds none either
            EXPECT_EQ(count("exhaustive-count", whole).count, 0u);
            continue;
        }
        const int side = whole.side();
        for (int trial = 0; trial < 4; ++trial) {
            Grid cut = whole;  // some givens of a solution: several solutions, few enough to count
            for (int i = 0; i < side + 2 + trial; ++i) {
                const int cell = static_cast<int>(rng.below(static_cast<uint64_t>(side * side)));
                cut.cells[cell] = first.solutions[0].cells[cell];
            }
            const auto exact = count("exhaustive-count", cut);
            ASSERT_TRUE(exact.complete) << exact.message;
            EXPECT_EQ(exact.count, count("csp", cut).count) << np::test::text_of(cut);
            EXPECT_EQ(exact.count, count("sat", cut).count) << np::test::text_of(cut);
            ++compared;
        }
    }
    EXPECT_GE(compared, 8);
}

// Givens repeated in a region (not in a row or column): no solution, never
// the puzzle of the rows and columns alone.
TEST(ExhaustiveJigsaw, GivensRepeatedInARegionLeaveNoSolution) {
    Grid g = jigsaw(4, {0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 2, 2, 3, 3, 2});
    g.cells[0] = 1, g.cells[5] = 1;  // r1c1 and r2c2, both in region 0
    const auto out = count("exhaustive-count", g);
    EXPECT_EQ(out.verdict, Verdict::none) << out.message;
}

}  // namespace
