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

// Cells all different, summing to target: each cell keeps exactly the
// digits some such assignment gives it. required: the digits every such
// assignment uses (set when done).
SumResult cage_sum(const std::vector<int>& cells, int target, Domains& d, Mask& required);
// Arrow: groups[0] the circle (digits read as a number), groups[1..] lines
// that each sum to it. Exact but for the distinctness of peers on a line.
SumResult arrow_sums(const std::vector<std::vector<int>>& groups, Domains& d);
// Segments that share one sum (in *fixed when given); exact but for peers.
SumResult equal_sums(const std::vector<std::vector<int>>& segments, const Sums* fixed, Domains& d);

}  // namespace csp
