// mutant-logic-x-wing-corners: a right x-wing whose pattern names only its
// four corners (whole cells), not that v is missing from the rest of the
// base lines: by those facts alone v could sit elsewhere in a base line.
#include "swap.hpp"

namespace logic {

namespace {

bool x_wing_corners(const Board& b, Search& search, Step& step) {
    if (!x_wing(b, search, step)) return false;
    std::vector<Cand> corners;  // the base lines' cells that still have the value
    for (const Cand& c : step.pattern)
        if (b.has(static_cast<int>(c.cell), static_cast<int>(c.value))) corners.push_back({c.cell, 0});
    step.pattern = corners;  // the mistake
    return true;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-x-wing-corners";

Finder finder(std::size_t i) { return mutant::swapped(i, "x-wing", x_wing_corners); }

}  // namespace logic
