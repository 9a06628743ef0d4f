// mutant-logic-fin-ignored: a finned x-wing that ignores its fin. Two base
// lines hold v only in two cover lines, but for some fins, all in one box;
// v is cleared from the cover lines everywhere outside the base lines, as
// if there were no fin, not only in the fin's box (where the fish or the
// fin holds).
#include "swap.hpp"

namespace logic {

namespace {

using mutant::u32;

// The fins of base lines l1, l2 (unit offset `first`) outside cover `cover`,
// if all in one box: their cells, else empty.
std::vector<int> fins_in_one_box(const Board& b, int first, int l1, int l2, Mask cover, int v) {
    std::vector<int> fins;
    for (int l : {l1, l2})
        for (Mask m = b.positions(first + l, v) & ~cover; m != 0; m &= m - 1)
            fins.push_back(b.unit(first + l)[static_cast<std::size_t>(lowest(m))]);
    for (int f : fins)
        if (b.box(f) != b.box(fins.front())) return {};
    return fins;
}

bool fin_ignored(const Board& b, Search& search, Step& step) {
    const int n = b.side();
    for (int v = 1; v <= n; ++v)
        for (int first : {0, n})  // base lines: rows, then columns
            for (int l1 = 0; l1 < n; ++l1)
                for (int l2 = l1 + 1; l2 < n; ++l2)
                    for (int p1 = 0; p1 < n; ++p1)
                        for (int p2 = p1 + 1; p2 < n; ++p2) {
                            const Mask cover = Mask{1} << p1 | Mask{1} << p2;
                            if ((b.positions(first + l1, v) & cover) == 0 || (b.positions(first + l2, v) & cover) == 0) continue;
                            if (search.spent()) return false;
                            const std::vector<int> fins = fins_in_one_box(b, first, l1, l2, cover, v);
                            if (fins.empty()) continue;
                            for (int line = 0; line < n; ++line)  // the mistake: every cover cell, not the fin's box's
                                for (int p : {p1, p2}) {
                                    const int cell = b.unit(first + line)[static_cast<std::size_t>(p)];
                                    if (line != l1 && line != l2 && b.has(cell, v)) step.eliminations.push_back({u32(cell), u32(v)});
                                }
                            if (step.eliminations.empty()) continue;
                            const char base = first == 0 ? 'r' : 'c', across = first == 0 ? 'c' : 'r';
                            step.technique = "finned x-wing";
                            step.where = mutant::sym(v) + " in " + base + std::to_string(l1 + 1) + "," + base + std::to_string(l2 + 1) +
                                         " / " + across + std::to_string(p1 + 1) + "," + across + std::to_string(p2 + 1) +
                                         ", fins " + b.cells_text(fins);
                            mutant::name_unit(b, first + l1, v, step);
                            mutant::name_unit(b, first + l2, v, step);
                            return true;
                        }
    return false;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-fin-ignored";

Finder finder(std::size_t i) { return mutant::swapped(i, "finned-x-wing", fin_ignored); }

}  // namespace logic
