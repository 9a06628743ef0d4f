// mutant-logic-locked-wrong-box: box-line reduction (claiming) over the
// wrong box. v's candidates in a row or column all lie in one box, but v is
// cleared from the next box along the line (its box index one off), not
// from that box. Tried before the shipped locked candidates.
#include "swap.hpp"

namespace logic {

namespace {

using mutant::u32;

bool claiming_in(const Board& b, int line, int v, Step& step) {
    const Mask at = b.positions(line, v);
    if (at == 0) return false;
    const auto& cs = b.unit(line);
    const int first = cs[static_cast<std::size_t>(lowest(at))];
    for (Mask m = at; m != 0; m &= m - 1)
        if (b.box(cs[static_cast<std::size_t>(lowest(m))]) != b.box(first)) return false;
    const bool row = line < b.side();
    const int n = b.side(), r = b.row(first), c = b.col(first);
    // The mistake: the box of a cell one box further along the line.
    const int wrong = b.box_unit(row ? r * n + (c + b.box_cols()) % n : (r + b.box_rows()) % n * n + c);
    for (int c : b.unit(wrong))
        if (b.has(c, v) && (row ? b.row(c) != line : b.col(c) != line - b.side()))
            step.eliminations.push_back({u32(c), u32(v)});
    if (step.eliminations.empty()) return false;
    step.technique = "locked candidates (claiming)";
    step.where = mutant::sym(v) + " in " + b.unit_name(line) + " on " + b.unit_name(wrong);
    mutant::name_unit(b, line, v, step);
    return true;
}

bool locked_wrong_box(const Board& b, Search& search, Step& step) {
    for (int line = 0; line < 2 * b.side(); ++line)
        for (int v = 1; v <= b.side(); ++v)
            if (claiming_in(b, line, v, step)) return true;
    return locked_candidates(b, search, step);
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-locked-wrong-box";

Finder finder(std::size_t i) { return mutant::swapped(i, "locked-candidates", locked_wrong_box); }

}  // namespace logic
