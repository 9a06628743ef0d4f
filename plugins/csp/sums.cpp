// csp: exact support for sums, by dynamic programming instead of walking
// every assignment. The enumeration of propagators.cpp visits each
// assignment of a rule's cells (a 9-cell arrow line: up to 9^9), gives up
// past its cap and then removes nothing; these tables cost a few thousand
// steps whatever the cells and always finish.
//
// Killer cage (cells all different, sum S): a state is the SET of digits
// placed so far - its sum is the sum of its bits, so no separate sum is kept.
//
//   layer[i]   sorted vector<Mask>: digit sets the first i cells can take,
//              all different, each cell within its mask, pruned by what the
//              remaining cells can still add (lowest/highest per cell)
//   good[i]    the sets of layer[i] that some completion turns into a set
//              summing to S (walked back from layer[k])
//
//     cell i takes v: u in layer[i], v in mask[i] \ u, (u | v) in good[i+1]
//     => v supported in cell i, u in good[i]
//
// The digits common to every set of the last layer that makes S are the
// cage's required digits (propagators.cpp points them like a full unit's).
//
// A layer holds at most C(N, i) sets (126 for N = 9); past kStateCap the
// tables give up and the bounds stand.
//
// Arrow line, little killer, region sum segment (cells not all different):
// a state is a SUM, the distinctness of peer cells is left to the
// enumeration (cheap on short lines) and to the units.
//
//   Sums       std::bitset<kMaxSum>: bit s set when s is reachable
//   fwd[i]     sums of cells 0..i-1 (fwd[0] = {0})
//   back[i]    partial sums s of cells 0..i-1 that cells i.. can lift
//              into the target set T (back[len] = T)
//
//     cell i keeps v when (fwd[i] << v) & back[i+1] is not empty
//
// The circle of an arrow is a number read left to right (value * 10 + digit),
// so its table maps values instead of shifting sums; circles are 1..3 cells.
#include "sums.hpp"

#include <algorithm>

namespace csp {
namespace {

constexpr std::size_t kStateCap = 20000;  // cage sets per layer before giving up

int digit_sum(Mask m) {
    int s = 0;
    for (; m; m &= m - 1) s += lowest(m);
    return s;
}

bool contains(const std::vector<Mask>& sorted, Mask m) {
    return std::binary_search(sorted.begin(), sorted.end(), m);
}

}  // namespace

SumResult cage_sum(const std::vector<int>& cells, int target, Domains& d, Mask& required) {
    const std::size_t k = cells.size();
    std::vector<int> rest_lo(k + 1, 0), rest_hi(k + 1, 0);  // what cells i.. can still add
    for (std::size_t i = k; i-- > 0;)
        rest_lo[i] = rest_lo[i + 1] + lowest(d[cells[i]]), rest_hi[i] = rest_hi[i + 1] + highest(d[cells[i]]);
    thread_local std::vector<std::vector<Mask>> layer;  // kept between calls: no allocation per call
    layer.resize(std::max(layer.size(), k + 1));
    for (std::size_t i = 0; i <= k; ++i) layer[i].clear();
    layer[0].push_back(0);
    for (std::size_t i = 0; i < k; ++i) {
        for (Mask u : layer[i]) {
            const int s = digit_sum(u);
            for (Mask m = d[cells[i]] & ~u; m; m &= m - 1) {
                const int v = lowest(m), after = s + v;
                if (after + rest_lo[i + 1] > target || after + rest_hi[i + 1] < target) continue;
                layer[i + 1].push_back(u | bit(v));
            }
        }
        std::sort(layer[i + 1].begin(), layer[i + 1].end());
        layer[i + 1].erase(std::unique(layer[i + 1].begin(), layer[i + 1].end()), layer[i + 1].end());
        if (layer[i + 1].empty()) return SumResult::dead;
        if (layer[i + 1].size() > kStateCap) return SumResult::gave_up;
    }
    std::vector<Mask> good;  // good[i+1] while cell i is walked
    for (Mask u : layer[k])
        if (digit_sum(u) == target) good.push_back(u);
    if (good.empty()) return SumResult::dead;
    required = ~Mask{0};  // in every set that makes the sum: the cage holds it
    for (Mask u : good) required &= u;
    std::vector<Mask> support(k, 0);
    for (std::size_t i = k; i-- > 0;) {
        std::vector<Mask> earlier;
        for (Mask u : layer[i]) {
            bool used = false;
            for (Mask m = d[cells[i]] & ~u; m; m &= m - 1)
                if (contains(good, u | (m & -m))) support[i] |= m & -m, used = true;
            if (used) earlier.push_back(u);
        }
        good.swap(earlier);
    }
    for (std::size_t i = 0; i < k; ++i)
        if (!d.keep(cells[i], support[i])) return SumResult::dead;
    return SumResult::done;
}

// Sums each prefix of `cells` can make (fwd[0..len]); false past kMaxSum.
bool forward_sums(const std::vector<int>& cells, const Domains& d, std::vector<Sums>& fwd) {
    fwd.resize(cells.size() + 1);
    for (Sums& f : fwd) f.reset();
    fwd[0].set(0);
    int most = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        most += highest(d[cells[i]]);
        if (most >= kMaxSum) return false;
        for (Mask m = d[cells[i]]; m; m &= m - 1) fwd[i + 1] |= fwd[i] << lowest(m);
    }
    return true;
}

// Each cell keeps the digits that lead from a reachable prefix sum into
// `targets`; false on a dead end.
bool keep_sum_support(const std::vector<int>& cells, const std::vector<Sums>& fwd, const Sums& targets, Domains& d) {
    Sums back = targets;  // back[i+1] while cell i is walked
    for (std::size_t i = cells.size(); i-- > 0;) {
        Mask keep = 0;
        Sums earlier;
        for (Mask m = d[cells[i]]; m; m &= m - 1) {
            const int v = lowest(m);
            const Sums hit = (fwd[i] << v) & back;
            if (hit.any()) keep |= bit(v), earlier |= hit >> v;
        }
        if (!d.keep(cells[i], keep)) return false;
        back = earlier;
    }
    return true;
}

// Numbers the circle can read (digits concatenated); false past kMaxSum.
bool circle_values(const std::vector<int>& circle, const Domains& d, std::vector<Sums>& fwd) {
    fwd.resize(circle.size() + 1);
    for (Sums& f : fwd) f.reset();
    fwd[0].set(0);
    for (std::size_t i = 0; i < circle.size(); ++i)
        for (std::size_t p = fwd[i]._Find_first(); p < kMaxSum; p = fwd[i]._Find_next(p)) {
            for (Mask m = d[circle[i]]; m; m &= m - 1) {
                const std::size_t value = p * 10 + static_cast<std::size_t>(lowest(m));
                if (value >= kMaxSum) return false;
                fwd[i + 1].set(value);
            }
        }
    return true;
}

bool keep_circle_support(const std::vector<int>& circle, const std::vector<Sums>& fwd, const Sums& targets, Domains& d) {
    Sums back = targets;
    for (std::size_t i = circle.size(); i-- > 0;) {
        Mask keep = 0;
        Sums earlier;
        for (std::size_t p = fwd[i]._Find_first(); p < kMaxSum; p = fwd[i]._Find_next(p)) {
            for (Mask m = d[circle[i]]; m; m &= m - 1)
                if (back[p * 10 + lowest(m)]) keep |= m & -m, earlier.set(p);
        }
        if (!d.keep(circle[i], keep)) return false;
        back = earlier;
    }
    return true;
}

SumResult arrow_sums(const std::vector<std::vector<int>>& groups, Domains& d) {
    thread_local std::vector<std::vector<Sums>> fwd;  // kept between calls: no allocation per call
    fwd.resize(std::max(fwd.size(), groups.size()));
    if (!circle_values(groups[0], d, fwd[0])) return SumResult::gave_up;
    Sums targets = fwd[0].back();
    for (std::size_t k = 1; k < groups.size(); ++k) {
        if (!forward_sums(groups[k], d, fwd[k])) return SumResult::gave_up;
        targets &= fwd[k].back();
    }
    if (targets.none()) return SumResult::dead;
    if (!keep_circle_support(groups[0], fwd[0], targets, d)) return SumResult::dead;
    for (std::size_t k = 1; k < groups.size(); ++k)
        if (!keep_sum_support(groups[k], fwd[k], targets, d)) return SumResult::dead;
    return SumResult::done;
}

SumResult equal_sums(const std::vector<std::vector<int>>& segments, const Sums* fixed, Domains& d) {
    thread_local std::vector<std::vector<Sums>> fwd;
    fwd.resize(std::max(fwd.size(), segments.size()));
    Sums targets;
    targets.set();
    if (fixed) targets = *fixed;
    for (std::size_t k = 0; k < segments.size(); ++k) {
        if (!forward_sums(segments[k], d, fwd[k])) return SumResult::gave_up;
        targets &= fwd[k].back();
    }
    if (targets.none()) return SumResult::dead;
    for (std::size_t k = 0; k < segments.size(); ++k)
        if (!keep_sum_support(segments[k], fwd[k], targets, d)) return SumResult::dead;
    return SumResult::done;
}

}  // namespace csp
