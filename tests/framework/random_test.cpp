// The project's PRNG: a fixed sequence on every platform.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <vector>

#include "numplace/random.hpp"

namespace {

// Reference outputs of splitmix64 (Steele, Lea & Flood; Vigna's C version),
// computed independently of this code base.
TEST(Rng, SplitMix64SequenceFromSeedZero) {
    np::Rng rng(0);
    EXPECT_EQ(rng.next(), 0xE220A8397B1DCDAFull);
    EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ull);
    EXPECT_EQ(rng.next(), 0x06C45D188009454Full);
    EXPECT_EQ(rng.next(), 0xF88BB8A8724C81ECull);
    EXPECT_EQ(rng.next(), 0x1B39896A51A8749Bull);
}

TEST(Rng, SplitMix64SequenceFromOtherSeeds) {
    np::Rng a(42);
    EXPECT_EQ(a.next(), 0xBDD732262FEB6E95ull);
    EXPECT_EQ(a.next(), 0x28EFE333B266F103ull);
    EXPECT_EQ(a.next(), 0x47526757130F9F52ull);
    np::Rng b(1234567);
    EXPECT_EQ(b.next(), 0x599ED017FB08FC85ull);
    EXPECT_EQ(b.next(), 0x2C73F08458540FA5ull);
    EXPECT_EQ(b.next(), 0x883EBCE5A3F27C77ull);
}

TEST(Rng, BelowIsTheRemainderOfAnAcceptedDraw) {
    // The first draw from seed 0 lies far below the rejection limit for small
    // bounds, so below(b) is simply that draw modulo b.
    EXPECT_EQ(np::Rng(0).below(10), 0xE220A8397B1DCDAFull % 10);
    EXPECT_EQ(np::Rng(0).below(9), 0xE220A8397B1DCDAFull % 9);
    EXPECT_EQ(np::Rng(0).below(1), 0u);
}

TEST(Rng, BelowStaysInRangeAndReachesEveryValue) {
    np::Rng rng(7);
    for (uint64_t bound : {1ull, 2ull, 3ull, 9ull, 10ull, 81ull, 1000ull}) {
        std::set<uint64_t> seen;
        for (int i = 0; i < 20000; ++i) {
            const auto x = rng.below(bound);
            ASSERT_LT(x, bound);
            seen.insert(x);
        }
        EXPECT_EQ(seen.size(), bound) << bound;
    }
    // A bound just above half the range rejects about half the draws but
    // still answers within range.
    const uint64_t big = (UINT64_MAX / 2) + 2;
    for (int i = 0; i < 100; ++i) EXPECT_LT(rng.below(big), big);
}

TEST(Rng, ShuffleIsADeterministicPermutation) {
    std::vector<int> base(81);
    std::iota(base.begin(), base.end(), 0);

    auto a = base, b = base;
    np::Rng r1(2024), r2(2024);
    r1.shuffle(a.begin(), a.end());
    r2.shuffle(b.begin(), b.end());
    EXPECT_EQ(a, b);   // same seed, same order
    EXPECT_NE(a, base);  // 81! orders: the identity is not a plausible outcome

    auto sorted = a;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, base);  // a permutation

    auto c = base;
    np::Rng r3(2025);
    r3.shuffle(c.begin(), c.end());
    EXPECT_NE(a, c);  // another seed, another order
}

TEST(Rng, ShuffleOfTwoMatchesItsDefinition) {
    // Fisher-Yates from the back with n = 2 draws below(2) once and swaps
    // positions 1 and j.
    std::vector<int> v{10, 20};
    np::Rng r(0);
    r.shuffle(v.begin(), v.end());
    const auto j = 0xE220A8397B1DCDAFull % 2;  // = 1: no swap
    EXPECT_EQ(v, (j == 1 ? std::vector<int>{10, 20} : std::vector<int>{20, 10}));
    std::vector<int> one{5};
    r.shuffle(one.begin(), one.end());
    EXPECT_EQ(one, std::vector<int>{5});
}

TEST(Rng, DeriveSeedIsFixedAndDiffersPerIndex) {
    std::set<uint64_t> seeds;
    for (uint64_t i = 0; i < 1000; ++i) seeds.insert(np::derive_seed(12345, i));
    EXPECT_EQ(seeds.size(), 1000u);
    EXPECT_EQ(np::derive_seed(12345, 3), np::derive_seed(12345, 3));
    EXPECT_NE(np::derive_seed(1, 0), np::derive_seed(2, 0));
    // Index 0 of seed 0: the second splitmix64 output from state 0.
    EXPECT_EQ(np::derive_seed(0, 0), 0x6E789E6AA1B965F4ull);
}

}  // namespace
