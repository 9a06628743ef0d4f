// mutant-logic-single-of-two: a hidden single that counts one too many: a
// value with one or two places in a unit goes to the first of them. When
// the solution has it in the second, the placement is wrong.
#include "swap.hpp"

namespace logic {

namespace {

using mutant::u32;

bool single_of_two(const Board& b, Search&, Step& step) {
    for (int i = 0; i < b.units(); ++i) {
        const int u = (i + 2 * b.side()) % b.units();  // boxes, rows, columns
        for (int v = 1; v <= b.side(); ++v) {
            const Mask at = b.positions(u, v);
            if (at == 0 || count(at) > 2) continue;  // the mistake: > 1
            const int cell = b.unit(u)[static_cast<std::size_t>(lowest(at))];
            step.technique = "hidden single";
            step.where = mutant::sym(v) + " in " + b.unit_name(u);
            step.placements.push_back({u32(cell), u32(v)});
            for (int other : b.unit(u))
                if (other != cell) step.pattern.push_back({u32(other), u32(v)});
            return true;
        }
    }
    return false;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-single-of-two";

Finder finder(std::size_t i) { return mutant::swapped(i, "hidden-single", single_of_two); }

}  // namespace logic
