// What each deduction of a branch rests on. Sudoku Explainer measures a
// forcing chain by the deductions its conclusion needs: each deduction
// keeps its parents (the facts that forced it), and a chain's length is
// the number of ancestors of its target, summed over its branches
// (docs/rating.md, "Chains by their ancestors"). A branch records here, for
// each candidate it turns on (placed) or off (removed), the first
// derivation it found, as SE's breadth-first search keeps the first.
//
//   node:      cell, value, on/off, parents[first, first + count) in parents_
//   on_[c]:    the node placing a value at cell c, or -1
//   off_[c*(N+1)+v]: the node removing v from c, or -1
//
// A deduction is "dynamic" when it rests on the branch's own removals
// beyond a single link: a naked single in a cell that had more than two
// candidates, a hidden single in a unit that had more than two places for
// its value. SE's plain (multiple) forcing chains use only single links,
// its dynamic ones the rest.
#pragma once

#include <cstdint>
#include <vector>

namespace logic {

class Ancestry {
public:
    Ancestry(int cells, int side);

    // A node, or the one already recorded for that fact (the first
    // derivation stands). `dynamic`: see above. Returns its id.
    int on(int cell, int v, const std::vector<int>& parents, bool dynamic = false);
    int off(int cell, int v, const std::vector<int>& parents, bool dynamic = false);
    int on_id(int cell) const { return on_[static_cast<std::size_t>(cell)]; }
    int off_id(int cell, int v) const { return off_[index(cell, v)]; }

    // How many nodes `targets` rest on, themselves included (each counted
    // once), and whether any of them is dynamic.
    std::size_t ancestors(const std::vector<int>& targets, bool* dynamic = nullptr) const;
    // SE's measure of a contradiction: the removals `offs` emptied a cell or
    // a unit; the latest of them, x, denies the placement the others force
    // at x, and SE counts both sides: 1 + the others' ancestors + x's.
    std::size_t contradiction(const std::vector<int>& offs, bool* dynamic = nullptr) const;
    // Those nodes, as a set over ids.
    std::vector<bool> closure(const std::vector<int>& targets, bool* dynamic = nullptr) const;

private:
    struct Node {
        uint32_t first, count;
        bool dynamic;
    };
    std::size_t index(int cell, int v) const {
        return static_cast<std::size_t>(cell) * static_cast<std::size_t>(side_ + 1) + static_cast<std::size_t>(v);
    }
    int add(const std::vector<int>& parents, bool dynamic);

    int side_;
    std::vector<int> on_, off_;
    std::vector<Node> nodes_;
    std::vector<int> parents_;
};

}  // namespace logic
