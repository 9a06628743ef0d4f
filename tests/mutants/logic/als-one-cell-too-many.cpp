// mutant-logic-als-one-cell-too-many: ALS-XZ whose almost locked set is
// off by one. An ALS is k cells of a unit with k+1 candidates (it lacks at
// most one of them); this one takes k cells with k+2, which may lack two:
// one restricted common no longer locks the other ALS on its values, so a
// common value z need not be in either set.
#include <algorithm>
#include <set>
#include <string>

#include "swap.hpp"

namespace logic {

namespace {

using mutant::u32;

struct Set {
    std::vector<int> cells;
    Mask values = 0;
};

void grow(const Board& b, const std::vector<int>& open, std::size_t from, int max, Set& now, std::set<std::vector<int>>& seen,
          std::vector<Set>& out) {
    // The mistake: k+2 candidates, one more than an ALS allows.
    if (!now.cells.empty() && count(now.values) == static_cast<int>(now.cells.size()) + 2 && seen.insert(now.cells).second)
        out.push_back(now);
    if (static_cast<int>(now.cells.size()) == max) return;
    for (std::size_t i = from; i < open.size(); ++i) {
        const Mask before = now.values;
        now.values |= b.mask(open[i]);
        if (count(now.values) <= max + 2) {
            now.cells.push_back(open[i]);
            grow(b, open, i + 1, max, now, seen, out);
            now.cells.pop_back();
        }
        now.values = before;
    }
}

std::vector<Set> all_sets(const Board& b) {
    std::set<std::vector<int>> seen;
    std::vector<Set> out;
    for (int u = 0; u < b.units(); ++u) {
        std::vector<int> open;
        for (int cell : b.unit(u))
            if (b.value(cell) == 0) open.push_back(cell);
        std::sort(open.begin(), open.end());
        Set now;
        grow(b, open, 0, std::min(4, b.side() / 2), now, seen, out);
    }
    return out;
}

std::vector<int> holding(const Board& b, const Set& s, int v) {
    std::vector<int> out;
    for (int cell : s.cells)
        if (b.has(cell, v)) out.push_back(cell);
    return out;
}

bool restricted(const Board& b, const Set& a, const Set& c, int x) {
    for (int p : holding(b, a, x))
        for (int q : holding(b, c, x))
            if (!b.sees(p, q)) return false;
    return true;
}

// z leaves every cell that sees all the z of both sets.
bool clear_z(const Board& b, const Set& a, const Set& c, int x, Step& step) {
    for (Mask zs = a.values & c.values & ~(Mask{1} << x); zs != 0; zs &= zs - 1) {
        std::vector<int> holders = holding(b, a, lowest(zs));
        for (int q : holding(b, c, lowest(zs))) holders.push_back(q);
        for (int p = 0; p < b.cells(); ++p) {
            bool all = b.has(p, lowest(zs));
            for (int h : holders) all = all && b.sees(p, h);
            if (all) step.eliminations.push_back({u32(p), u32(lowest(zs))});
        }
        if (step.eliminations.empty()) continue;
        step.technique = "als-xz";
        std::string where = "A=";
        where += b.cells_text(a.cells) + " " + b.values_text(a.values) + ", B=" + b.cells_text(c.cells) + " ";
        where += b.values_text(c.values) + ", x=" + mutant::sym(x) + ", z=" + mutant::sym(lowest(zs));
        step.where = clipped(where);
        for (const Set* s : {&a, &c})
            for (int cell : s->cells) step.pattern.push_back({u32(cell), 0});
        return true;
    }
    return false;
}

bool als_one_cell_too_many(const Board& b, Search& search, Step& step) {
    const std::vector<Set> sets = all_sets(b);
    for (std::size_t i = 0; i < sets.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            const Set &a = sets[j], &c = sets[i];
            bool shared = false;
            for (int cell : a.cells) shared = shared || std::count(c.cells.begin(), c.cells.end(), cell) > 0;
            if (shared || count(a.values & c.values) < 2) continue;
            if (search.spent()) return false;
            for (Mask xs = a.values & c.values; xs != 0; xs &= xs - 1)
                if (restricted(b, a, c, lowest(xs)) && clear_z(b, a, c, lowest(xs), step)) return true;
        }
    return false;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-als-one-cell-too-many";

Finder finder(std::size_t i) { return mutant::swapped(i, "als-xz", als_one_cell_too_many); }

}  // namespace logic
