// Almost locked sets (ALS): k cells of one unit with exactly k+1
// candidates between them (a bivalue cell is one of a single cell). The k
// cells hold k different values, so an ALS lacks at most one of its
// candidates; take one value away from it and the rest are placed in it.
// Two ALSs joined by a restricted common value x (x in both, and every x
// of one sees every x of the other) cannot both hold x: one of them lacks
// x and is locked on its other values. ALS-XZ and ALS-XY-Wing build on that.
#include <algorithm>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "techniques.hpp"

namespace logic {

namespace {

uint32_t u32(int x) { return static_cast<uint32_t>(x); }
Mask bit(int v) { return Mask{1} << v; }

struct Als {
    std::vector<int> cells;  // row-major order
    Mask values = 0;
};

// The largest ALS tried: 4 cells on 9x9, N/2 on smaller grids (a larger one
// there leaves at most one cell of its unit outside it), and never more
// than 4, so that the number of pairs stays small on 16x16 and 25x25.
int max_als_cells(const Board& b) { return std::min(4, b.side() / 2); }

// Every ALS within the empty cells `open` of one unit, grown one cell at a
// time while the cells have no more than max+1 candidates between them.
void grow(const Board& b, const std::vector<int>& open, std::size_t from, int max, Als& now, std::set<std::vector<int>>& seen,
          std::vector<Als>& out) {
    if (!now.cells.empty() && count(now.values) == static_cast<int>(now.cells.size()) + 1) {
        std::vector<int> key = now.cells;
        std::sort(key.begin(), key.end());
        if (seen.insert(key).second) out.push_back({key, now.values});
    }
    if (static_cast<int>(now.cells.size()) == max) return;
    for (std::size_t i = from; i < open.size(); ++i) {
        const Mask before = now.values;
        now.values |= b.mask(open[i]);
        if (count(now.values) <= max + 1) {
            now.cells.push_back(open[i]);
            grow(b, open, i + 1, max, now, seen, out);
            now.cells.pop_back();
        }
        now.values = before;
    }
}

// All ALSs of the state, smallest first (a cell set that lies in two units,
// a row and a box, is listed once). One node per unit searched.
bool all_als(const Board& b, Search& search, std::vector<Als>& out) {
    std::set<std::vector<int>> seen;
    for (int u = 0; u < b.units(); ++u) {
        if (search.spent()) return false;
        std::vector<int> open;
        for (int cell : b.unit(u))
            if (b.value(cell) == 0) open.push_back(cell);
        Als now;
        grow(b, open, 0, max_als_cells(b), now, seen, out);
    }
    std::stable_sort(out.begin(), out.end(), [](const Als& x, const Als& y) { return x.cells.size() < y.cells.size(); });
    return true;
}

bool disjoint(const Als& a, const Als& c) {
    for (int x : a.cells)
        if (std::find(c.cells.begin(), c.cells.end(), x) != c.cells.end()) return false;
    return true;
}

std::vector<int> holding(const Board& b, const Als& a, int v) {
    std::vector<int> out;
    for (int cell : a.cells)
        if (b.has(cell, v)) out.push_back(cell);
    return out;
}

// The values common to a and c of which every place in a sees every place in c.
Mask restricted_commons(const Board& b, const Als& a, const Als& c) {
    Mask rc = 0;
    for (Mask m = a.values & c.values; m != 0; m &= m - 1) {
        const int v = lowest(m);
        bool all = true;
        for (int x : holding(b, a, v))
            for (int y : holding(b, c, v)) all = all && b.sees(x, y);
        if (all) rc |= bit(v);
    }
    return rc;
}

// v leaves every cell that sees each of `holders` (the places of v that
// hold it between them, in one or two ALSs).
void clear_seeing_all(const Board& b, const std::vector<int>& holders, int v, Step& step) {
    if (holders.empty()) return;
    for (int p : b.peers(holders.front())) {
        if (!b.has(p, v)) continue;
        bool all = true;
        for (int h : holders) all = all && b.sees(p, h);
        if (all) step.eliminations.push_back({u32(p), u32(v)});
    }
}

std::vector<int> joined(std::vector<int> x, const std::vector<int>& y) {
    x.insert(x.end(), y.begin(), y.end());
    return x;
}

std::string symbols(Mask m) { return Board::symbols(m); }

std::string als_text(const Board& b, const char* name, const Als& a) {
    return std::string(name) + "=" + b.cells_text(a.cells) + " " + b.values_text(a.values);
}

// The step's pattern is every ALS cell, whole: the ALSs, their restricted
// commons and the cells they clear follow from those cells and the grid.
bool finish(const char* technique, std::initializer_list<const Als*> sets, const std::string& where, Step& step) {
    if (step.eliminations.empty()) return false;
    sort_unique(step.eliminations);
    step.technique = technique;
    step.where = clipped(where);
    for (const Als* a : sets)
        for (int cell : a->cells) step.pattern.push_back({u32(cell), 0});
    return true;
}

// Two restricted commons x1, x2: each ALS lacks at most one value and
// neither x may sit in both, so each holds exactly one of x1, x2 and every
// other value of its own; and each x is in one of the two.
void doubly_linked(const Board& b, const Als& a, const Als& c, Mask rc, Step& step) {
    for (const Als* s : {&a, &c})
        for (Mask m = s->values & ~rc; m != 0; m &= m - 1) clear_seeing_all(b, holding(b, *s, lowest(m)), lowest(m), step);
    for (Mask m = rc; m != 0; m &= m - 1)
        clear_seeing_all(b, joined(holding(b, a, lowest(m)), holding(b, c, lowest(m))), lowest(m), step);
}

// One restricted common x: one ALS lacks x and holds its other values, so
// each other common value z is in one of the two.
bool als_xz_pair(const Board& b, const Als& a, const Als& c, Step& step) {
    Mask rc = restricted_commons(b, a, c);
    if (rc == 0) return false;
    if (count(rc) >= 2) {
        rc = bit(lowest(rc)) | bit(lowest(rc & (rc - 1)));
        doubly_linked(b, a, c, rc, step);
        return finish("als-xz", {&a, &c},
                      als_text(b, "A", a) + ", " + als_text(b, "B", c) + ", x=" + symbols(rc) + " (doubly linked)", step);
    }
    const Mask zs = a.values & c.values & ~rc;
    Mask cleared = 0;
    for (Mask m = zs; m != 0; m &= m - 1) {
        const std::size_t had = step.eliminations.size();
        clear_seeing_all(b, joined(holding(b, a, lowest(m)), holding(b, c, lowest(m))), lowest(m), step);
        if (step.eliminations.size() > had) cleared |= bit(lowest(m));
    }
    return finish("als-xz", {&a, &c},
                  als_text(b, "A", a) + ", " + als_text(b, "B", c) + ", x=" + symbols(rc) + ", z=" + symbols(cleared), step);
}

}  // namespace

// Two ALSs with no cell in common and a restricted common x: for any other
// common value z, z leaves every cell that sees all the z of both. Two
// restricted commons (doubly linked) lock both ALSs: see doubly_linked().
bool als_xz(const Board& b, Search& search, Step& step) {
    std::vector<Als> sets;
    if (!all_als(b, search, sets)) return false;
    for (std::size_t i = 0; i < sets.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            if (count(sets[i].values & sets[j].values) < 2 || !disjoint(sets[i], sets[j])) continue;
            if (search.spent()) return false;
            if (als_xz_pair(b, sets[j], sets[i], step)) return true;
            step.clear();
        }
    return false;
}

namespace {

// An ALS with a restricted common to the pivot C, and those commons.
struct Wing {
    const Als* set;
    Mask rc;
};

// A and B joined to C by x and y (x != y): C lacks at most one value, so it
// holds x or y, and then A or B lacks it and holds its other values: a
// value z of both A and B (not x or y) is in one of them.
bool xy_wing_triple(const Board& b, const Als& c, const Wing& a, const Wing& w, Step& step) {
    for (Mask xs = a.rc; xs != 0; xs &= xs - 1)
        for (Mask ys = w.rc & ~bit(lowest(xs)); ys != 0; ys &= ys - 1) {
            const int x = lowest(xs), y = lowest(ys);
            const Mask zs = a.set->values & w.set->values & ~bit(x) & ~bit(y);
            Mask cleared = 0;
            for (Mask m = zs; m != 0; m &= m - 1) {
                const std::size_t had = step.eliminations.size();
                clear_seeing_all(b, joined(holding(b, *a.set, lowest(m)), holding(b, *w.set, lowest(m))), lowest(m), step);
                if (step.eliminations.size() > had) cleared |= bit(lowest(m));
            }
            const std::string where = als_text(b, "A", *a.set) + ", " + als_text(b, "B", *w.set) + ", " + als_text(b, "C", c) +
                                      ", x=" + symbols(bit(x)) + ", y=" + symbols(bit(y)) + ", z=" + symbols(cleared);
            if (finish("als-xy-wing", {a.set, w.set, &c}, where, step)) return true;
        }
    return false;
}

// The ALSs joined to sets[c] by a restricted common (and no shared cell).
// A pair's commons are found once (one node for each pair that shares a
// value) and kept in `known` for the other end's turn.
bool wings_of(const Board& b, Search& search, const std::vector<Als>& sets, std::size_t c,
              std::unordered_map<uint64_t, Mask>& known, std::vector<Wing>& wings) {
    wings.clear();
    for (std::size_t a = 0; a < sets.size(); ++a) {
        if (a == c || (sets[a].values & sets[c].values) == 0 || !disjoint(sets[a], sets[c])) continue;
        const uint64_t key = std::min(a, c) * sets.size() + std::max(a, c);
        auto at = known.find(key);
        if (at == known.end()) {
            if (search.spent()) return false;
            at = known.emplace(key, restricted_commons(b, sets[a], sets[c])).first;
        }
        if (at->second != 0) wings.push_back({&sets[a], at->second});
    }
    return true;
}

// Whether some x of a and y of w (x != y) leave a value z common to both.
bool could_clear(const Wing& a, const Wing& w) {
    const Mask common = a.set->values & w.set->values;
    for (Mask xs = a.rc; xs != 0; xs &= xs - 1)
        for (Mask ys = w.rc & ~bit(lowest(xs)); ys != 0; ys &= ys - 1)
            if ((common & ~bit(lowest(xs)) & ~bit(lowest(ys))) != 0) return true;
    return false;
}

}  // namespace

// Three ALSs, no cell shared: A and C with a restricted common x, B and C
// with one y: a value z of A and B (not x, y) leaves every cell that sees
// all the z of A and of B.
bool als_xy_wing(const Board& b, Search& search, Step& step) {
    std::vector<Als> sets;
    if (!all_als(b, search, sets)) return false;
    std::unordered_map<uint64_t, Mask> known;
    std::vector<Wing> w;
    for (std::size_t c = 0; c < sets.size(); ++c) {
        if (!wings_of(b, search, sets, c, known, w)) return false;
        for (std::size_t i = 0; i < w.size(); ++i)
            for (std::size_t j = 0; j < i; ++j) {
                if (!could_clear(w[j], w[i]) || !disjoint(*w[i].set, *w[j].set)) continue;
                if (search.spent()) return false;
                if (xy_wing_triple(b, sets[c], w[j], w[i], step)) return true;
                step.clear();
            }
    }
    return false;
}

}  // namespace logic
