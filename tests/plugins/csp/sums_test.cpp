// Tests of csp's sum tables (plugins/csp/sums.cpp), called directly: on small
// random instances each table must keep exactly the digits a brute force
// over every assignment finds (so it removes only impossible candidates and
// misses none the rule alone rules out), and call a dead end exactly when no
// assignment is left. The brute force is written here from the rules' text.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <vector>

#include "sums.hpp"

namespace {

using csp::Mask;
using Digits = std::vector<int>;

constexpr int kSide = 9;

// Every assignment of the cells within their masks that `ok` accepts: the
// digits each cell takes in one (support), and whether there is one.
struct Brute {
    std::vector<Mask> support;
    bool any = false;
};

Brute brute(const std::vector<Mask>& masks, const std::function<bool(const Digits&)>& ok) {
    Brute out;
    out.support.assign(masks.size(), 0);
    Digits digits(masks.size(), 0);
    std::function<void(std::size_t)> walk = [&](std::size_t i) {
        if (i == masks.size()) {
            if (!ok(digits)) return;
            out.any = true;
            for (std::size_t k = 0; k < digits.size(); ++k) out.support[k] |= csp::bit(digits[k]);
            return;
        }
        for (Mask m = masks[i]; m; m &= m - 1) digits[i] = csp::lowest(m), walk(i + 1);
    };
    walk(0);
    return out;
}

std::vector<Mask> random_masks(std::size_t n, std::mt19937& rng) {
    std::vector<Mask> masks(n);
    for (Mask& m : masks) {
        do {
            m = 0;
            for (int v = 1; v <= kSide; ++v)
                if (rng() % 10 < 5) m |= csp::bit(v);
        } while (m == 0);
    }
    return masks;
}

// The masks a table narrows, as the engine hands them over.
struct Grid {
    explicit Grid(std::vector<Mask> masks, int side = kSide)
        : masks(std::move(masks)), is_touched(this->masks.size(), 0), d(this->masks.data(), side, touched, is_touched) {}
    std::vector<Mask> masks;
    std::vector<int> touched;
    std::vector<uint8_t> is_touched;
    csp::Domains d;
};

// Peers in consecutive blocks of a line (as a line crossing boxes): the
// tables must keep the cells of a block different, and may not assume more.
csp::PeerBits block_peers(const std::vector<std::vector<int>>& lines, std::mt19937& rng, std::size_t cells) {
    csp::PeerBits peers(cells);
    for (const auto& line : lines) {
        std::size_t start = 0;
        while (start < line.size()) {
            const std::size_t len = 1 + rng() % 3, end = std::min(line.size(), start + len);
            for (std::size_t i = start; i < end; ++i)
                for (std::size_t j = start; j < end; ++j)
                    if (i != j) peers[line[i]][line[j]] = true;
            start = end;
        }
    }
    return peers;
}

bool peers_differ(const csp::PeerBits& peers, const Digits& x) {
    for (std::size_t i = 0; i < x.size(); ++i)
        for (std::size_t j = i + 1; j < x.size(); ++j)
            if (peers[i][j] && x[i] == x[j]) return false;
    return true;
}

std::vector<int> iota(int from, int n) {
    std::vector<int> cells(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) cells[i] = from + i;
    return cells;
}

TEST(CspSums, CageKeepsExactlyTheDigitsOfSomeDistinctAssignment) {
    std::mt19937 rng(7);
    int live = 0;
    for (int round = 0; round < 1500; ++round) {
        const int k = 1 + static_cast<int>(rng() % 5);
        const int target = k + static_cast<int>(rng() % (8 * k + 1));
        Grid g(random_masks(static_cast<std::size_t>(k), rng));
        Mask required_expected = ~Mask{0};
        const Brute b = brute(g.masks, [&](const Digits& x) {
            int s = 0;
            Mask used = 0;
            for (int v : x) {
                if (used & csp::bit(v)) return false;
                used |= csp::bit(v), s += v;
            }
            if (s == target) required_expected &= used;
            return s == target;
        });
        Mask required = 0;
        const csp::SumResult r = csp::cage_sum(iota(0, k), target, g.d, required);
        ASSERT_EQ(r == csp::SumResult::dead, !b.any) << "round " << round;
        if (!b.any) continue;
        ++live;
        ASSERT_EQ(r, csp::SumResult::done);
        EXPECT_EQ(g.masks, b.support) << "round " << round;
        EXPECT_EQ(required, required_expected) << "round " << round;
    }
    EXPECT_GT(live, 200);  // the instances are not all dead ends
}

TEST(CspSums, ArrowKeepsExactlyTheDigitsOfSomeAssignmentWithRunsOfPeersDifferent) {
    std::mt19937 rng(11);
    int live = 0;
    for (int round = 0; round < 1500; ++round) {
        const int circle = 1 + static_cast<int>(rng() % 2);
        std::vector<std::vector<int>> groups{iota(0, circle)};
        int next = circle;
        const int lines = 1 + static_cast<int>(rng() % 2);
        for (int l = 0; l < lines && next < 6; ++l) {
            const int len = 1 + static_cast<int>(rng() % 3);
            groups.push_back(iota(next, std::min(len, 6 - next)));
            next += static_cast<int>(groups.back().size());
        }
        Grid g(random_masks(static_cast<std::size_t>(next), rng));
        const csp::PeerBits peers = block_peers({groups.begin() + 1, groups.end()}, rng, g.masks.size());
        const Brute b = brute(g.masks, [&](const Digits& x) {
            if (!peers_differ(peers, x)) return false;
            int number = 0;
            for (int c : groups[0]) number = number * 10 + x[c];
            for (std::size_t k = 1; k < groups.size(); ++k) {
                int s = 0;
                for (int c : groups[k]) s += x[c];
                if (s != number) return false;
            }
            return true;
        });
        const csp::SumResult r = csp::arrow_sums(groups, peers, g.d);
        ASSERT_EQ(r == csp::SumResult::dead, !b.any) << "round " << round;
        if (!b.any) continue;
        ++live;
        EXPECT_EQ(g.masks, b.support) << "round " << round;
    }
    EXPECT_GT(live, 200);
}

TEST(CspSums, EqualSegmentsKeepExactlyTheDigitsOfSomeAssignmentWithRunsOfPeersDifferent) {
    std::mt19937 rng(13);
    int live = 0;
    for (int round = 0; round < 1500; ++round) {
        std::vector<std::vector<int>> segments;
        int next = 0;
        const int count = 1 + static_cast<int>(rng() % 3);
        for (int s = 0; s < count && next < 6; ++s) {
            const int len = 1 + static_cast<int>(rng() % 3);
            segments.push_back(iota(next, std::min(len, 6 - next)));
            next += static_cast<int>(segments.back().size());
        }
        const bool fixed = rng() % 2 == 0;
        const int target = 1 + static_cast<int>(rng() % 20);
        csp::Sums sums;
        sums.set(static_cast<std::size_t>(target));
        Grid g(random_masks(static_cast<std::size_t>(next), rng));
        const csp::PeerBits peers = block_peers(segments, rng, g.masks.size());
        const Brute b = brute(g.masks, [&](const Digits& x) {
            if (!peers_differ(peers, x)) return false;
            int first = -1;
            for (const auto& segment : segments) {
                int s = 0;
                for (int c : segment) s += x[c];
                if (first < 0) first = s;
                if (s != first || (fixed && s != target)) return false;
            }
            return true;
        });
        const csp::SumResult r = csp::equal_sums(segments, fixed ? &sums : nullptr, peers, g.d);
        ASSERT_EQ(r == csp::SumResult::dead, !b.any) << "round " << round;
        if (!b.any) continue;
        ++live;
        EXPECT_EQ(g.masks, b.support) << "round " << round;
    }
    EXPECT_GT(live, 200);
}

// 14 cells that are all peers on a 25x25 grid: their digit sets overflow
// the table's cap, so the line falls back to one cell a run - exactly the
// sums of the cells' digits, distinctness left to the units. Checked against
// that relaxation computed here.
TEST(CspSums, ALongRunOnAWideGridFallsBackToSumsOfCells) {
    constexpr int kWide = 25, kLength = 14;
    std::mt19937 rng(17);
    int narrowed = 0;
    for (int round = 0; round < 20; ++round) {
        std::vector<Mask> masks(kLength);
        for (Mask& m : masks) {
            for (int v = 1; v <= kWide; ++v) m |= rng() % 10 < 7 ? csp::bit(v) : 0;
            if (m == 0) m = csp::bit(1);
        }
        int least = 0;  // a total near the least: the high digits go
        for (Mask m : masks) least += csp::lowest(m);
        const int target = least + static_cast<int>(rng() % 12);
        std::vector<std::vector<char>> reach(kLength + 1, std::vector<char>(kWide * kLength + 1, 0));
        std::vector<std::vector<char>> back(kLength + 1, std::vector<char>(kWide * kLength + 1, 0));
        reach[0][0] = 1, back[kLength][target] = 1;
        for (int i = 0; i < kLength; ++i)
            for (int s = 0; s + kWide <= kWide * kLength; ++s)
                for (int v = 1; v <= kWide && reach[i][s]; ++v) reach[i + 1][s + v] |= (masks[i] >> v) & 1;
        std::vector<Mask> expected(kLength, 0);
        for (int i = kLength; i-- > 0;)
            for (int s = 0; s + kWide <= kWide * kLength; ++s)
                for (int v = 1; v <= kWide; ++v)
                    if (reach[i][s] && ((masks[i] >> v) & 1) && back[i + 1][s + v]) back[i][s] = 1, expected[i] |= csp::bit(v);
        csp::PeerBits peers(kLength);
        for (int i = 0; i < kLength; ++i)
            for (int j = 0; j < kLength; ++j) peers[i][j] = i != j;
        csp::Sums sums;
        sums.set(static_cast<std::size_t>(target));
        Grid g(masks, kWide);
        const csp::SumResult r = csp::equal_sums({iota(0, kLength)}, &sums, peers, g.d);
        const bool any = back[0][0];
        ASSERT_EQ(r == csp::SumResult::dead, !any) << "round " << round;
        if (!any) continue;
        EXPECT_EQ(g.masks, expected) << "round " << round;
        narrowed += expected != masks;
    }
    EXPECT_GT(narrowed, 5);  // the relaxation does remove digits here
}

}  // namespace
