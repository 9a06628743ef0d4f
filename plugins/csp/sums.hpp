// csp: sum tables (sums.cpp) - exact support for sum rules by dynamic
// programming over digit sets (cages) or reachable sums (lines, circles).
#pragma once

#include <bitset>
#include <vector>

#include "engine.hpp"

namespace csp {

constexpr int kMaxSum = 1024;  // sums and circle numbers the tables hold
using Sums = std::bitset<kMaxSum>;

// done: every cell kept its supported digits; dead: no assignment is left;
// gave_up: the tables would be too large (nothing removed).
enum class SumResult { done, dead, gave_up };

using Layers = std::vector<std::vector<Mask>>;  // digit sets per layer (sums.cpp's drawing)
// A line cut into runs of peers: per run its digit sets (layers) and their
// totals; fwd[r]: the sums runs 0..r-1 can make, fwd.back() the line's.
struct LineTable {
    std::vector<std::vector<int>> runs;
    std::vector<Layers> layers;
    std::vector<Sums> totals, fwd;
};

// Cells all different, summing to target: each cell keeps exactly the
// digits some such assignment gives it. required: the digits every such
// assignment uses (set when done).
SumResult cage_sum(const std::vector<int>& cells, int target, Domains& d, Mask& required);
// Arrow: groups[0] the circle (digits read as a number), groups[1..] lines
// that each sum to it. A line is cut into runs of consecutive cells that are
// all peers (different digits); exact but for peers in two runs or groups.
SumResult arrow_sums(const std::vector<std::vector<int>>& groups, const PeerBits& peers, Domains& d);
// Segments that share one sum (in *fixed when given), cut into runs as an
// arrow's lines are; exact but for peers in two runs.
SumResult equal_sums(const std::vector<std::vector<int>>& segments, const Sums* fixed, const PeerBits& peers, Domains& d);
// Whether cells[i] and cells[j] fall in one run of the cut (so the tables
// keep them different).
bool same_run(const std::vector<int>& cells, std::size_t i, std::size_t j, const PeerBits& peers);

}  // namespace csp
