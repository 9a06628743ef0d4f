// The relabelling claims of docs/variants.md, which fuzz relies on: a kind
// said to be kept by any relabelling (or by the complement d -> N+1-d) stays
// true of a relabelled solution; a kind said to be kept by none is broken by
// both a rotation of the digits and the complement.
#include <gtest/gtest.h>

#include "numplace/variant.hpp"
#include "variant_grids.hpp"

namespace {

using namespace variant_test;
using np::Clue;
using np::Kind;

// sigma[d] is the digit d becomes (sigma[0] = 0 keeps empty cells empty).
using Relabelling = std::vector<int>;

np::Grid relabel(const np::Grid& g, const Relabelling& sigma) {
    np::Grid out = g;
    for (uint8_t& cell : out.cells) cell = static_cast<uint8_t>(sigma[cell]);
    return out;
}

Relabelling complement(int n) {
    Relabelling s = {0};
    for (int d = 1; d <= n; ++d) s.push_back(n + 1 - d);
    return s;
}

Relabelling rotation(int n) {
    Relabelling s = {0};
    for (int d = 1; d <= n; ++d) s.push_back(d % n + 1);
    return s;
}

const Relabelling kShuffle9 = {0, 7, 3, 9, 1, 5, 2, 8, 4, 6};
const Relabelling kShuffle6 = {0, 4, 1, 6, 2, 5, 3};
const Relabelling kParityKeeping9 = {0, 3, 8, 9, 2, 1, 4, 7, 6, 5};  // odd to odd, even to even
const Relabelling kThirdsKeeping9 = {0, 8, 9, 7, 5, 4, 6, 2, 3, 1};  // low <-> high, middle kept

// The puzzle holds of the grid and of the grid relabelled by each sigma.
void expect_kept(const np::Grid& grid, const std::vector<np::Constraint>& constraints,
                 const std::vector<Relabelling>& sigmas, std::vector<Kind> negative = {}) {
    np::Puzzle p = puzzle_for(grid, constraints);
    p.negative = negative;
    ASSERT_TRUE(holds(np::check_variant(p, grid)));
    for (const Relabelling& sigma : sigmas) EXPECT_TRUE(holds(np::check_variant(p, relabel(grid, sigma))));
}

const np::Grid& classic() {
    static const np::Grid grid = grid_of(kClassic9);
    return grid;
}

TEST(VariantRelabel, KindsKeptByAnyRelabelling) {
    const std::vector<Relabelling> any9 = {rotation(9), complement(9), kShuffle9, kParityKeeping9};
    expect_kept(classic(),
                {make(Kind::extra_region, {{rc(1, 1), rc(1, 2), rc(2, 1)}}),
                 make(Kind::palindrome, {{rc(3, 3), rc(4, 2), rc(4, 1)}}),
                 make(Kind::clone, {{rc(1, 1), rc(1, 2)}, {rc(2, 6), rc(2, 7)}}),
                 make(Kind::killer_cage, {{rc(1, 1), rc(1, 2), rc(2, 1)}})},
                any9);
    expect_kept(grid_of(kAntiKing9), {global(Kind::anti_king)}, any9);
    const std::vector<Relabelling> any6 = {rotation(6), complement(6), kShuffle6};
    expect_kept(grid_of(kAntiKnight6), {global(Kind::anti_knight)}, any6);
    expect_kept(grid_of(kDisjoint6), {global(Kind::disjoint_groups)}, any6);
    expect_kept(grid_of(kDiagonal6), {global(Kind::diagonal_positive), global(Kind::diagonal_negative)}, any6);
}

TEST(VariantRelabel, KindsKeptByTheComplement) {
    expect_kept(grid_of(kNonConsecutive9), {global(Kind::non_consecutive)}, {complement(9)});
    // Every consecutive pair of the classic grid carries a white dot: with the
    // negative rule, the dots say exactly where the consecutive pairs are.
    std::vector<np::Constraint> dots;
    for (int a = 0; a < 81; ++a)
        for (int b : {a + 1, a + 9})
            if (b < 81 && !(b == a + 1 && a % 9 == 8) && std::abs(classic().cells[a] - classic().cells[b]) == 1)
                dots.push_back(make(Kind::difference, {{a, b}}, {1}));
    dots.push_back(make(Kind::difference, {{rc(1, 3), rc(2, 3)}}, {2}));
    expect_kept(classic(), dots, {complement(9)}, {Kind::difference});
    expect_kept(classic(),
                {make(Kind::renban, {{rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4), rc(1, 5)}}),
                 make(Kind::whispers, {{rc(1, 7), rc(1, 8), rc(2, 9)}}, {5}),
                 make(Kind::between_line, {{rc(2, 4), rc(3, 4), rc(3, 5), rc(2, 5)}}),
                 make(Kind::entropic_line, {{rc(1, 7), rc(1, 8), rc(2, 8), rc(2, 9)}}), make(Kind::odd, {{rc(1, 1)}}),
                 make(Kind::even, {{rc(1, 3)}})},
                {complement(9)});
}

TEST(VariantRelabel, ParityAndThirds) {
    expect_kept(classic(), {make(Kind::odd, {{rc(1, 1)}}), make(Kind::even, {{rc(1, 3)}})}, {kParityKeeping9});
    expect_kept(classic(), {make(Kind::entropic_line, {{rc(1, 7), rc(1, 8), rc(2, 8), rc(2, 9)}})}, {kThirdsKeeping9});
    // A 6x6 grid has an even side: the complement swaps odd and even.
    const np::Grid six = grid_of(kPlain6);
    const np::Puzzle odd = puzzle_for(six, {make(Kind::odd, {{rc(1, 2, 6)}})});  // r1c2 holds 5
    EXPECT_TRUE(holds(np::check_variant(odd, six)));
    EXPECT_TRUE(says(np::check_variant(odd, relabel(six, complement(6))), {"is even"}));
}

// Kinds kept by no relabelling but the identity: each constraint holds of
// the classic grid, and both the rotation and the complement break it. (A
// particular constraint may survive one: a sum of k cells equal to
// k(N+1)/2, an X on 9x9, survives the complement; these were chosen not to.)
TEST(VariantRelabel, KindsKeptByNone) {
    std::vector<int> row4;
    for (int c = 1; c <= 9; ++c) row4.push_back(rc(4, c));
    const std::vector<np::Constraint> none = {
        make(Kind::minimum, {{rc(2, 4)}}),
        make(Kind::maximum, {{rc(2, 5)}}),
        make(Kind::thermometer, {{rc(2, 4), rc(3, 4), rc(3, 5), rc(2, 5)}}),
        make(Kind::arrow, {{rc(1, 7)}, {rc(1, 8), rc(2, 9)}}),
        make(Kind::killer_cage, {{rc(1, 1), rc(1, 2)}}, {8}),
        make(Kind::little_killer, {{rc(1, 2), rc(2, 3), rc(3, 4), rc(4, 5), rc(5, 6), rc(6, 7), rc(7, 8), rc(8, 9)}},
             {38}, Clue{-1, 0}),
        make(Kind::sandwich, {row4}, {13}, Clue{3, -1}),
        make(Kind::x_sum, {row4}, {42}, Clue{3, -1}),
        make(Kind::skyscraper, {row4}, {2}, Clue{3, -1}),
        make(Kind::xv, {{rc(1, 8), rc(2, 8)}}, {5}),  // V: an X of N + 1 would survive the complement
        make(Kind::ratio, {{rc(1, 8), rc(1, 9)}}, {2}),
        make(Kind::region_sum_line, {{rc(1, 3), rc(2, 3), rc(1, 4)}}),  // 4 + 2 | 6: segments of two lengths
        make(Kind::quadruple, {{rc(1, 1), rc(1, 2), rc(2, 1), rc(2, 2)}}, {3, 6}),
        make(Kind::row_indexer, {{rc(1, 8)}}),
        make(Kind::column_indexer, {{rc(4, 3)}}),
        make(Kind::box_indexer, {{rc(2, 9)}}),
    };
    for (const np::Constraint& c : none) {
        const np::Puzzle p = puzzle_for(classic(), {c});
        EXPECT_TRUE(holds(np::check_variant(p, classic()))) << np::kind_key(c.kind);
        for (const Relabelling& sigma : {rotation(9), complement(9)})
            EXPECT_TRUE(says(np::check_variant(p, relabel(classic(), sigma)), {np::describe_constraint(p, 0)}))
                << np::kind_key(c.kind);
    }
}

}  // namespace
