// mutant-logic-hidden-pair-miscount: a hidden pair that miscounts. Value a
// has two places in a unit and value b is a candidate in both, so the two
// cells are taken as a hidden pair {a,b} and lose every other candidate:
// b's third place in the unit is never counted.
#include "swap.hpp"

namespace logic {

namespace {

using mutant::u32;

bool pair_in(const Board& b, int u, int a, int v, Step& step) {
    const Mask at = b.positions(u, a);
    if ((b.positions(u, v) & at) != at) return false;  // the mistake: b may have more places than these
    const Mask kept = Mask{1} << a | Mask{1} << v;
    std::vector<int> cells;
    for (Mask m = at; m != 0; m &= m - 1) cells.push_back(b.unit(u)[static_cast<std::size_t>(lowest(m))]);
    for (int c : cells)
        for (Mask m = b.mask(c) & ~kept; m != 0; m &= m - 1) step.eliminations.push_back({u32(c), u32(lowest(m))});
    if (step.eliminations.empty()) return false;
    step.technique = "hidden pair";
    step.where = b.values_text(kept) + " in " + b.cells_text(cells);
    mutant::name_unit(b, u, a, step);
    mutant::name_unit(b, u, v, step);
    return true;
}

bool hidden_pair_miscount(const Board& b, Search& search, Step& step) {
    for (int i = 0; i < b.units(); ++i) {
        const int u = (i + 2 * b.side()) % b.units();  // boxes, rows, columns
        for (int a = 1; a <= b.side(); ++a) {
            if (count(b.positions(u, a)) != 2) continue;
            for (int v = 1; v <= b.side(); ++v) {
                if (v == a) continue;
                if (search.spent()) return false;
                if (pair_in(b, u, a, v, step)) return true;
            }
        }
    }
    return false;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-hidden-pair-miscount";

Finder finder(std::size_t i) { return mutant::swapped(i, "hidden-pair", hidden_pair_miscount); }

}  // namespace logic
