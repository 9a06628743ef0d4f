// Singles, locked candidates and subsets: the techniques that look at one
// unit (or a box and a line) at a time.
#include <string>

#include "techniques.hpp"

namespace logic {

namespace {

// Box units first, then rows, then columns: the order people scan in.
int scan_unit(const Board& b, int i) { return (i + 2 * b.side()) % b.units(); }

std::string sym(int v) { return std::string(1, Board::symbol(v)); }

// Every cell of unit u, for value v (0: the whole cell), into the pattern.
void name_unit(const Board& b, int u, int v, Step& step) {
    for (int cell : b.unit(u)) step.pattern.push_back({static_cast<uint32_t>(cell), static_cast<uint32_t>(v)});
}

void place(int cell, int v, Step& step) { step.placements.push_back({static_cast<uint32_t>(cell), static_cast<uint32_t>(v)}); }

}  // namespace

std::vector<int> common_peers(const Board& board, std::initializer_list<int> of) {
    std::vector<int> out;
    for (int p : board.peers(*of.begin())) {
        bool all = true;
        for (int c : of) all = all && board.sees(p, c);
        if (all) out.push_back(p);
    }
    return out;
}

bool full_house(const Board& b, Search&, Step& step) {
    for (int i = 0; i < b.units(); ++i) {
        const int u = scan_unit(b, i);
        int empty = -1, empties = 0;
        for (int cell : b.unit(u))
            if (b.value(cell) == 0) empty = cell, ++empties;
        if (empties != 1) continue;
        const Mask missing = b.all_values() & ~b.placed(u);
        const int v = lowest(missing);
        if (!b.has(empty, v)) continue;  // a contradiction: the solver stops before
        step.technique = "full house";
        step.where = b.unit_name(u);
        place(empty, v, step);
        for (int cell : b.unit(u))
            if (cell != empty) step.pattern.push_back({static_cast<uint32_t>(cell), 0});
        return true;
    }
    return false;
}

bool naked_single(const Board& b, Search&, Step& step) {
    for (int cell = 0; cell < b.cells(); ++cell) {
        if (b.value(cell) != 0 || count(b.mask(cell)) != 1) continue;
        const int v = lowest(b.mask(cell));
        step.technique = "naked single";
        step.where = sym(v);
        place(cell, v, step);
        step.pattern.push_back({static_cast<uint32_t>(cell), 0});
        return true;
    }
    return false;
}

bool hidden_single(const Board& b, Search&, Step& step) {
    for (int i = 0; i < b.units(); ++i) {
        const int u = scan_unit(b, i);
        for (int v = 1; v <= b.side(); ++v) {
            const Mask at = b.positions(u, v);
            if (count(at) != 1) continue;
            const int cell = b.unit(u)[static_cast<std::size_t>(lowest(at))];
            step.technique = "hidden single";
            step.where = sym(v) + " in " + b.unit_name(u);
            place(cell, v, step);
            for (int other : b.unit(u))
                if (other != cell) step.pattern.push_back({static_cast<uint32_t>(other), static_cast<uint32_t>(v)});
            return true;
        }
    }
    return false;
}

namespace {

bool in_unit(const Board& b, int cell, int u) {
    const int n = b.side();
    return u < n ? b.row(cell) == u : u < 2 * n ? b.col(cell) == u - n : b.box(cell) == u - 2 * n;
}

// Every candidate of v in unit `inside` lies in unit `other` as well: one of
// them holds v, so v leaves the rest of `other`. Pointing: a box and a row
// or column; claiming: a row or column and a box.
bool locked_in(const Board& b, int inside, int v, Step& step) {
    const Mask at = b.positions(inside, v);
    if (at == 0) return false;
    const auto& cs = b.unit(inside);
    const int first = cs[static_cast<std::size_t>(lowest(at))];
    const bool pointing = inside >= 2 * b.side();
    std::vector<int> others;
    if (pointing) others = {b.row_unit(first), b.col_unit(first)};
    else others = {b.box_unit(first)};
    for (int other : others) {
        bool all = true;
        for (std::size_t i = 0; i < cs.size(); ++i)
            if (at >> i & 1) all = all && in_unit(b, cs[i], other);
        if (!all) continue;
        for (int c : b.unit(other))
            if (b.has(c, v) && !in_unit(b, c, inside)) step.eliminations.push_back({static_cast<uint32_t>(c), static_cast<uint32_t>(v)});
        if (step.eliminations.empty()) continue;
        step.technique = pointing ? "locked candidates (pointing)" : "locked candidates (claiming)";
        step.where = sym(v) + " in " + b.unit_name(inside) + " on " + b.unit_name(other);
        name_unit(b, inside, v, step);
        return true;
    }
    return false;
}

}  // namespace

namespace {

// `locked` (a unit, a value, the step) over the boxes (pointing), then the
// rows and columns (claiming): the first that finds a step.
bool boxes_then_lines(const Board& b, bool (*locked)(const Board&, int, int, Step&), Step& step) {
    const int n = b.side();
    for (int box = 2 * n; box < 3 * n; ++box)
        for (int v = 1; v <= n; ++v)
            if (locked(b, box, v, step)) return true;
    for (int line = 0; line < 2 * n; ++line)
        for (int v = 1; v <= n; ++v)
            if (locked(b, line, v, step)) return true;
    return false;
}

}  // namespace

bool locked_candidates(const Board& b, Search&, Step& step) { return boxes_then_lines(b, locked_in, step); }

namespace {

const char* subset_name(bool naked, int k) {
    static const char* names[2][3] = {{"hidden pair", "hidden triple", "hidden quad"}, {"naked pair", "naked triple", "naked quad"}};
    return names[naked ? 1 : 0][k - 2];
}

// Chooses k of `items` (bits of the masks in `sets`) whose union has k
// bits; `chosen` holds the indexes picked so far. `done` is called on each
// such choice and returns true to stop.
template <class Done>
bool choose(const std::vector<Mask>& sets, int k, std::size_t from, Mask joined, std::vector<int>& chosen, Search& search,
            const Done& done) {
    if (static_cast<int>(chosen.size()) == k) return count(joined) == k && done(joined);
    for (std::size_t i = from; i < sets.size(); ++i) {
        const Mask next = joined | sets[i];
        if (count(next) > k) continue;
        if (search.spent()) return false;
        chosen.push_back(static_cast<int>(i));
        if (choose(sets, k, i + 1, next, chosen, search, done)) return true;
        chosen.pop_back();
    }
    return false;
}

// k cells of a unit with k candidates between them: those values leave
// every cell that sees all k.
bool naked_subset(const Board& b, Search& search, int k, Step& step) {
    for (int i = 0; i < b.units(); ++i) {
        const int u = scan_unit(b, i);
        std::vector<int> cells;
        std::vector<Mask> sets;
        for (int c : b.unit(u))
            if (b.value(c) == 0 && count(b.mask(c)) >= 2 && count(b.mask(c)) <= k) cells.push_back(c), sets.push_back(b.mask(c));
        std::vector<int> chosen;
        const bool found = choose(sets, k, 0, 0, chosen, search, [&](Mask values) {
            std::vector<int> subset;
            for (int j : chosen) subset.push_back(cells[static_cast<std::size_t>(j)]);
            for (int p : b.peers(subset[0])) {
                bool sees_all = true;
                for (int c : subset) sees_all = sees_all && (p == c || b.sees(p, c));
                bool inside = false;
                for (int c : subset) inside = inside || p == c;
                if (!sees_all || inside) continue;
                for (Mask m = b.mask(p) & values; m != 0; m &= m - 1)
                    step.eliminations.push_back({static_cast<uint32_t>(p), static_cast<uint32_t>(lowest(m))});
            }
            if (step.eliminations.empty()) return false;
            step.technique = subset_name(true, k);
            step.where = b.values_text(values) + " in " + b.cells_text(subset);
            for (int c : subset) step.pattern.push_back({static_cast<uint32_t>(c), 0});
            return true;
        });
        if (found) return true;
    }
    return false;
}

// Each hidden set of k values in a unit (k values with k places between
// them), units in scan order: found(u, its values, its places in u) until
// it returns true.
template <class Found>
bool each_hidden_set(const Board& b, Search& search, int k, const Found& found) {
    for (int i = 0; i < b.units(); ++i) {
        const int u = scan_unit(b, i);
        std::vector<int> values;
        std::vector<Mask> sets;
        for (int v = 1; v <= b.side(); ++v) {
            const Mask at = b.positions(u, v);
            if (count(at) >= 2 && count(at) <= k) values.push_back(v), sets.push_back(at);
        }
        std::vector<int> chosen;
        const bool done = choose(sets, k, 0, 0, chosen, search, [&](Mask where) {
            Mask kept = 0;
            for (int j : chosen) kept |= Mask{1} << values[static_cast<std::size_t>(j)];
            return found(u, kept, where);
        });
        if (done) return true;
    }
    return false;
}

std::vector<int> cells_at(const Board& b, int u, Mask where) {
    std::vector<int> cells;
    for (Mask m = where; m != 0; m &= m - 1) cells.push_back(b.unit(u)[static_cast<std::size_t>(lowest(m))]);
    return cells;
}

// k values of a unit with k places between them: those cells lose every
// other candidate.
bool hidden_subset(const Board& b, Search& search, int k, Step& step) {
    return each_hidden_set(b, search, k, [&](int u, Mask kept, Mask where) {
        const std::vector<int> subset = cells_at(b, u, where);
        for (int c : subset)
            for (Mask m = b.mask(c) & ~kept; m != 0; m &= m - 1)
                step.eliminations.push_back({static_cast<uint32_t>(c), static_cast<uint32_t>(lowest(m))});
        if (step.eliminations.empty()) return false;
        step.technique = subset_name(false, k);
        step.where = b.values_text(kept) + " in " + b.cells_text(subset);
        for (Mask m = kept; m != 0; m &= m - 1) name_unit(b, u, lowest(m), step);
        return true;
    });
}

}  // namespace

bool naked_pair(const Board& b, Search& s, Step& step) { return naked_subset(b, s, 2, step); }
bool hidden_pair(const Board& b, Search& s, Step& step) { return hidden_subset(b, s, 2, step); }
bool naked_triple(const Board& b, Search& s, Step& step) { return naked_subset(b, s, 3, step); }
bool hidden_triple(const Board& b, Search& s, Step& step) { return hidden_subset(b, s, 3, step); }
bool naked_quad(const Board& b, Search& s, Step& step) { return b.side() > 4 && naked_subset(b, s, 4, step); }
bool hidden_quad(const Board& b, Search& s, Step& step) { return b.side() > 4 && hidden_subset(b, s, 4, step); }

// Sudoku Explainer's direct forms: locked candidates or a hidden pair or
// triple whose eliminations leave a hidden single are one step, that
// placement, rated below the techniques themselves (pointing 1.7, claiming
// 1.9, hidden pair 2.0, hidden triple 2.5). Only the rated ladders take
// them (profiles.cpp).
namespace {

// The first unit of the kind of unit u: rows 0, columns N, boxes 2N.
int kind_of(const Board& b, int u) { return u / b.side() * b.side(); }

// v locked in `inside` (all its places also in `other`) leaves v one place
// in another unit of inside's kind that crosses `other`.
bool direct_locked_in(const Board& b, int inside, int v, Step& step) {
    const Mask at = b.positions(inside, v);
    if (count(at) < 2) return false;
    const auto& cs = b.unit(inside);
    const int first = cs[static_cast<std::size_t>(lowest(at))];
    const bool pointing = inside >= 2 * b.side();
    const std::vector<int> others = pointing ? std::vector<int>{b.row_unit(first), b.col_unit(first)}
                                             : std::vector<int>{b.box_unit(first)};
    for (int other : others) {
        bool all = true;
        for (std::size_t i = 0; i < cs.size(); ++i)
            if (at >> i & 1) all = all && in_unit(b, cs[i], other);
        if (!all) continue;
        for (int u3 = kind_of(b, inside); u3 < kind_of(b, inside) + b.side(); ++u3) {
            if (u3 == inside) continue;
            int outside = 0, last = -1;
            bool crosses = false;
            for (int c : b.unit(u3)) {
                crosses = crosses || in_unit(b, c, other);
                if (b.has(c, v) && !in_unit(b, c, other)) ++outside, last = c;
            }
            if (!crosses || outside != 1 || count(b.positions(u3, v)) < 2) continue;
            step.technique = pointing ? "direct pointing" : "direct claiming";
            step.where = sym(v) + " in " + b.unit_name(inside) + " on " + b.unit_name(other) + ", then in " + b.unit_name(u3);
            place(last, v, step);
            name_unit(b, inside, v, step), name_unit(b, u3, v, step);
            return true;
        }
    }
    return false;
}

// A hidden set of k values in unit u (of more than k empty cells) leaves
// another value one place in u.
bool direct_hidden_subset(const Board& b, Search& search, int k, Step& step) {
    return each_hidden_set(b, search, k, [&](int u, Mask kept, Mask where) {
        int empty = 0;
        for (int c : b.unit(u)) empty += static_cast<int>(b.value(c) == 0);
        if (empty <= k) return false;
        for (int w = 1; w <= b.side(); ++w) {
            const Mask at = b.positions(u, w);
            if (kept >> w & 1 || count(at) < 2 || count(at & ~where) != 1) continue;
            step.technique = k == 2 ? "direct hidden pair" : "direct hidden triple";
            step.where = b.values_text(kept) + " in " + b.cells_text(cells_at(b, u, where)) + ", then " + sym(w) + " in " +
                         b.unit_name(u);
            place(b.unit(u)[static_cast<std::size_t>(lowest(at & ~where))], w, step);
            for (Mask m = kept | Mask{1} << w; m != 0; m &= m - 1) name_unit(b, u, lowest(m), step);
            return true;
        }
        return false;
    });
}

}  // namespace

bool direct_locked_candidates(const Board& b, Search&, Step& step) { return boxes_then_lines(b, direct_locked_in, step); }

bool direct_hidden_pair(const Board& b, Search& s, Step& step) { return direct_hidden_subset(b, s, 2, step); }
bool direct_hidden_triple(const Board& b, Search& s, Step& step) { return direct_hidden_subset(b, s, 3, step); }

}  // namespace logic
