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
// the line is cut into RUNS of consecutive cells that are all peers (a
// diagonal crossing three boxes: three runs). Each run is a cage without a
// sum (its digit sets, as above); the runs are joined by sums.
//
//   line  r3c4 | r4c5 r5c5            (two runs: box 2, then box 5)
//   totals[r]  Sums: what run r's digit sets add up to
//   fwd[r]     Sums: what runs 0..r-1 add up to (fwd[0] = {0})
//   back       walked from the last run: sums before run r+1 that the
//              later runs lift into the targets T (back = T at the end)
//
//     run r may total x when (fwd[r] << x) & back is not empty; its cells
//     then keep the digits of its sets totalling such an x (good sets)
//
//   Sums = std::bitset<kMaxSum>, bit s set when s is reachable; a shift
//   adds x to every sum at once.
//
// Peers in two runs (or two groups) may still share a digit in these
// tables: the enumeration covers them while it is cheap.
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

// Digit sets the cells (all different) can take, layer by layer, pruned to
// totals in [lo, hi]; dead when the last layer is empty.
SumResult set_layers(const std::vector<int>& cells, int lo, int hi, const Domains& d, Layers& layer) {
    const std::size_t k = cells.size();
    std::vector<int> rest_lo(k + 1, 0), rest_hi(k + 1, 0);  // what cells i.. can still add
    for (std::size_t i = k; i-- > 0;)
        rest_lo[i] = rest_lo[i + 1] + lowest(d[cells[i]]), rest_hi[i] = rest_hi[i + 1] + highest(d[cells[i]]);
    layer.resize(std::max(layer.size(), k + 1));  // kept between calls: no allocation per call
    for (std::size_t i = 0; i <= k; ++i) layer[i].clear();
    layer[0].push_back(0);
    for (std::size_t i = 0; i < k; ++i) {
        for (Mask u : layer[i]) {
            const int s = digit_sum(u);
            for (Mask m = d[cells[i]] & ~u; m; m &= m - 1) {
                const int after = s + lowest(m);
                if (after + rest_lo[i + 1] > hi || after + rest_hi[i + 1] < lo) continue;
                layer[i + 1].push_back(u | (m & -m));
            }
            if (layer[i + 1].size() > 4 * kStateCap) return SumResult::gave_up;  // before the sort: bounded work
        }
        std::sort(layer[i + 1].begin(), layer[i + 1].end());
        layer[i + 1].erase(std::unique(layer[i + 1].begin(), layer[i + 1].end()), layer[i + 1].end());
        if (layer[i + 1].empty()) return SumResult::dead;
        if (layer[i + 1].size() > kStateCap) return SumResult::gave_up;
    }
    return SumResult::done;
}

// The totals of the last layer's sets.
Sums set_totals(const Layers& layer, std::size_t k) {
    Sums made;
    for (Mask u : layer[k]) made.set(static_cast<std::size_t>(digit_sum(u)));
    return made;
}

// Each cell keeps the digits of some set of the last layer whose total is
// in `targets`; required: the digits every such set holds.
SumResult keep_set_support(const std::vector<int>& cells, const Layers& layer, const Sums& targets, Domains& d, Mask& required) {
    const std::size_t k = cells.size();
    std::vector<Mask> good;  // good[i+1] while cell i is walked
    for (Mask u : layer[k])
        if (targets[static_cast<std::size_t>(digit_sum(u))]) good.push_back(u);
    if (good.empty()) return SumResult::dead;
    required = ~Mask{0};
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

}  // namespace

SumResult cage_sum(const std::vector<int>& cells, int target, Domains& d, Mask& required) {
    thread_local Layers layer;
    const SumResult r = set_layers(cells, target, target, d, layer);
    if (r != SumResult::done || target < 0 || target >= kMaxSum) return r;
    Sums targets;
    targets.set(static_cast<std::size_t>(target));
    return keep_set_support(cells, layer, targets, d, required);
}

namespace {

// The line cut into runs: a cell joins the current run when it is a peer
// of every cell in it, else it starts the next one.
void cut_runs(const std::vector<int>& cells, const PeerBits& peers, std::vector<std::vector<int>>& runs) {
    runs.clear();
    for (int c : cells) {
        bool joins = !runs.empty();
        for (std::size_t i = 0; joins && i < runs.back().size(); ++i) joins = peers[c][runs.back()[i]];
        if (!joins) runs.emplace_back();
        runs.back().push_back(c);
    }
}

// A line's tables: per run its digit sets and their totals; fwd[r] the sums
// runs 0..r-1 can make (fwd[runs] the line's). gave_up past the caps.
SumResult build_line(const std::vector<int>& cells, const PeerBits& peers, const Domains& d, LineTable& t) {
    cut_runs(cells, peers, t.runs);
    int most = 0;
    for (int c : cells) most += highest(d[c]);
    if (most >= kMaxSum) return SumResult::gave_up;
    t.fwd.resize(1), t.fwd[0].reset(), t.fwd[0].set(0);
    for (std::size_t r = 0; r < t.runs.size(); ++r) {
        t.layers.resize(std::max(t.layers.size(), t.runs.size()));
        SumResult built = set_layers(t.runs[r], 0, kMaxSum - 1, d, t.layers[r]);
        if (built == SumResult::gave_up) {  // too many digit sets (a long run on a wide grid): one cell a run
            std::vector<std::vector<int>> singles;
            for (std::size_t i = 1; i < t.runs[r].size(); ++i) singles.push_back({t.runs[r][i]});
            t.runs[r].resize(1);
            t.runs.insert(t.runs.begin() + static_cast<std::ptrdiff_t>(r) + 1, singles.begin(), singles.end());
            t.layers.resize(std::max(t.layers.size(), t.runs.size()));
            built = set_layers(t.runs[r], 0, kMaxSum - 1, d, t.layers[r]);
        }
        if (built != SumResult::done) return built;
        t.totals.resize(t.runs.size());
        t.totals[r] = set_totals(t.layers[r], t.runs[r].size());
        t.fwd.emplace_back();
        for (std::size_t x = t.totals[r]._Find_first(); x < kMaxSum; x = t.totals[r]._Find_next(x)) t.fwd[r + 1] |= t.fwd[r] << x;
    }
    return SumResult::done;
}

// Each run keeps the digit sets whose totals lead from a reachable prefix
// sum into `targets`; false on a dead end.
bool keep_line_support(const LineTable& t, const Sums& targets, Domains& d) {
    Sums back = targets;  // sums before run r+1 that the rest completes into targets
    for (std::size_t r = t.runs.size(); r-- > 0;) {
        Sums run_targets, earlier;
        for (std::size_t x = t.totals[r]._Find_first(); x < kMaxSum; x = t.totals[r]._Find_next(x)) {
            const Sums hit = (t.fwd[r] << x) & back;
            if (hit.any()) run_targets.set(x), earlier |= hit >> x;
        }
        Mask required = 0;
        if (keep_set_support(t.runs[r], t.layers[r], run_targets, d, required) != SumResult::done) return false;
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

}  // namespace

SumResult arrow_sums(const std::vector<std::vector<int>>& groups, const PeerBits& peers, Domains& d) {
    thread_local std::vector<Sums> circle;  // kept between calls: no allocation per call
    thread_local std::vector<LineTable> lines;
    lines.resize(std::max(lines.size(), groups.size()));
    if (!circle_values(groups[0], d, circle)) return SumResult::gave_up;
    Sums targets = circle.back();
    for (std::size_t k = 1; k < groups.size(); ++k) {
        const SumResult built = build_line(groups[k], peers, d, lines[k]);
        if (built != SumResult::done) return built;
        targets &= lines[k].fwd.back();
    }
    if (targets.none()) return SumResult::dead;
    if (!keep_circle_support(groups[0], circle, targets, d)) return SumResult::dead;
    for (std::size_t k = 1; k < groups.size(); ++k)
        if (!keep_line_support(lines[k], targets, d)) return SumResult::dead;
    return SumResult::done;
}

SumResult equal_sums(const std::vector<std::vector<int>>& segments, const Sums* fixed, const PeerBits& peers, Domains& d) {
    thread_local std::vector<LineTable> lines;  // kept between calls: no allocation per call
    lines.resize(std::max(lines.size(), segments.size()));
    Sums targets;
    targets.set();
    if (fixed) targets = *fixed;
    for (std::size_t k = 0; k < segments.size(); ++k) {
        const SumResult built = build_line(segments[k], peers, d, lines[k]);
        if (built != SumResult::done) return built;
        targets &= lines[k].fwd.back();
    }
    if (targets.none()) return SumResult::dead;
    for (std::size_t k = 0; k < segments.size(); ++k)
        if (!keep_line_support(lines[k], targets, d)) return SumResult::dead;
    return SumResult::done;
}

bool same_run(const std::vector<int>& cells, std::size_t i, std::size_t j, const PeerBits& peers) {
    thread_local std::vector<std::vector<int>> runs;
    cut_runs(cells, peers, runs);
    std::size_t start = 0;
    for (const auto& run : runs) {
        const std::size_t end = start + run.size();
        if (i >= start && i < end) return j >= start && j < end;
        start = end;
    }
    return false;
}

}  // namespace csp
