// mutant-logic-unfiltered-eliminations: locked candidates (pointing) that
// list every cell of the line outside the box as an elimination, whether v
// is still a candidate there or not. The host's state check refuses such a
// step: it eliminates what is not there.
#include "swap.hpp"

namespace logic {

namespace {

using mutant::u32;

bool pointing_in(const Board& b, int box, int v, Step& step) {
    const Mask at = b.positions(box, v);
    if (at == 0) return false;
    const auto& cs = b.unit(box);
    const int first = cs[static_cast<std::size_t>(lowest(at))];
    for (int line : {b.row_unit(first), b.col_unit(first)}) {
        bool all = true, clears = false;
        for (Mask m = at; m != 0; m &= m - 1) {
            const int c = cs[static_cast<std::size_t>(lowest(m))];
            all = all && (line < b.side() ? b.row(c) == line : b.col(c) == line - b.side());
        }
        if (!all) continue;
        for (int c : b.unit(line)) clears = clears || (b.box_unit(c) != box && b.has(c, v));
        if (!clears) continue;
        for (int c : b.unit(line))
            if (b.box_unit(c) != box) step.eliminations.push_back({u32(c), u32(v)});  // the mistake: no b.has(c, v)
        step.technique = "locked candidates (pointing)";
        step.where = mutant::sym(v) + " in " + b.unit_name(box) + " on " + b.unit_name(line);
        mutant::name_unit(b, box, v, step);
        return true;
    }
    return false;
}

bool unfiltered_eliminations(const Board& b, Search&, Step& step) {
    for (int box = 2 * b.side(); box < 3 * b.side(); ++box)
        for (int v = 1; v <= b.side(); ++v)
            if (pointing_in(b, box, v, step)) return true;
    return false;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-unfiltered-eliminations";

Finder finder(std::size_t i) { return mutant::swapped(i, "locked-candidates", unfiltered_eliminations); }

}  // namespace logic
