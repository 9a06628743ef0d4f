// Uniqueness techniques: they hold only if the puzzle has at most one
// solution, so each step says so (NP_STEP_ASSUMES_UNIQUE) and a solve that
// used one answers a solution found, never a proved one. The argument is a
// deadly pattern: cells whose values could be swapped without breaking a
// rule, so that a solution with the pattern would have a twin.
//
// A rectangle is four empty cells in two rows and two columns lying in
// exactly two boxes: then swapping a and b across it keeps every row,
// column and box whole, for any box shape.
#include <algorithm>
#include <string>

#include "techniques.hpp"

namespace logic {

namespace {

std::string sym(int v) { return std::string(1, Board::symbol(v)); }
uint32_t u32(int x) { return static_cast<uint32_t>(x); }

struct Rectangle {
    int cell[4];  // r1c1, r1c2, r2c1, r2c2
};

bool two_boxes(const Board& b, const Rectangle& q) {
    const int b0 = b.box(q.cell[0]), b1 = b.box(q.cell[1]), b2 = b.box(q.cell[2]), b3 = b.box(q.cell[3]);
    const bool same_band = b0 == b1 && b2 == b3 && b0 != b2;   // columns in one box's width
    const bool same_stack = b0 == b2 && b1 == b3 && b0 != b1;  // rows in one box's height
    return same_band || same_stack;
}

void name_cells(const Rectangle& q, Step& step) {
    for (int c : q.cell) step.pattern.push_back({u32(c), 0});
}

std::string where_of(const Board& b, const Rectangle& q, Mask ab) {
    return b.values_text(ab) + " in " + b.cells_text({q.cell[0], q.cell[1], q.cell[2], q.cell[3]});
}

// Type 1: three cells hold exactly {a,b}; the fourth cannot be a or b.
bool type1(const Board& b, const Rectangle& q, Mask ab, Step& step) {
    int extra = -1;
    for (int c : q.cell) {
        if (b.mask(c) == ab) continue;
        if (extra >= 0) return false;
        extra = c;
    }
    if (extra < 0) return false;  // all four {a,b}: a contradiction the solver meets on its own
    for (Mask m = ab; m; m &= m - 1) step.eliminations.push_back({u32(extra), u32(lowest(m))});
    step.technique = "unique rectangle type 1";
    return true;
}

// Type 2: two cells sharing a row or column hold {a,b}, the other two
// {a,b,c} with the same c: one of those two holds c, so c leaves every
// cell that sees both.
bool type2(const Board& b, const Rectangle& q, Mask ab, Step& step) {
    static constexpr int kPairs[4][4] = {{0, 1, 2, 3}, {2, 3, 0, 1}, {0, 2, 1, 3}, {1, 3, 0, 2}};
    for (const auto& p : kPairs) {
        const int f1 = q.cell[p[0]], f2 = q.cell[p[1]], r1 = q.cell[p[2]], r2 = q.cell[p[3]];
        if (b.mask(f1) != ab || b.mask(f2) != ab || b.mask(r1) != b.mask(r2)) continue;
        const Mask extra = b.mask(r1) & ~ab;
        if (count(extra) != 1) continue;
        const int c = lowest(extra);
        for (int p2 : common_peers(b, {r1, r2}))
            if (b.has(p2, c)) step.eliminations.push_back({u32(p2), u32(c)});
        if (step.eliminations.empty()) continue;
        step.technique = "unique rectangle type 2";
        return true;
    }
    return false;
}

// Type 4: two cells hold {a,b}; in a unit holding the other two, a has no
// other place, so one of them is a and neither can be b.
bool type4(const Board& b, const Rectangle& q, Mask ab, Step& step) {
    static constexpr int kPairs[4][4] = {{0, 1, 2, 3}, {2, 3, 0, 1}, {0, 2, 1, 3}, {1, 3, 0, 2}};
    for (const auto& p : kPairs) {
        const int f1 = q.cell[p[0]], f2 = q.cell[p[1]], r1 = q.cell[p[2]], r2 = q.cell[p[3]];
        if (b.mask(f1) != ab || b.mask(f2) != ab || (b.mask(r1) == ab && b.mask(r2) == ab)) continue;
        for (int u : {b.row_unit(r1), b.col_unit(r1), b.box_unit(r1)}) {
            if (u != b.row_unit(r2) && u != b.col_unit(r2) && u != b.box_unit(r2)) continue;
            for (Mask m = ab; m; m &= m - 1) {
                const int a = lowest(m), other = lowest(ab & ~(Mask{1} << a));
                if (count(b.positions(u, a)) != 2) continue;
                for (int r : {r1, r2}) step.eliminations.push_back({u32(r), u32(other)});
                for (int c : b.unit(u)) step.pattern.push_back({u32(c), u32(a)});
                step.technique = "unique rectangle type 4";
                return true;
            }
        }
    }
    return false;
}

}  // namespace

bool unique_rectangle(const Board& b, Search& search, Step& step) {
    const int n = b.side();
    for (int r1 = 0; r1 < n; ++r1)
        for (int r2 = r1 + 1; r2 < n; ++r2)
            for (int c1 = 0; c1 < n; ++c1)
                for (int c2 = c1 + 1; c2 < n; ++c2) {
                    const Rectangle q{{r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2}};
                    Mask common = b.all_values();
                    for (int c : q.cell) common &= b.mask(c);  // 0 for a placed cell
                    if (count(common) < 2 || !two_boxes(b, q)) continue;
                    if (search.spent()) return false;
                    for (Mask m = common; m; m &= m - 1)
                        for (Mask m2 = m & (m - 1); m2; m2 &= m2 - 1) {
                            const int a = lowest(m), v = lowest(m2);
                            const Mask ab = (Mask{1} << a) | (Mask{1} << v);
                            step.clear();
                            if (!type1(b, q, ab, step) && !type2(b, q, ab, step) && !type4(b, q, ab, step)) continue;
                            step.where = where_of(b, q, ab);
                            step.assumes_unique = true;
                            name_cells(q, step);
                            return true;
                        }
                }
    step.clear();
    return false;
}

// BUG+1: were every empty cell bivalue, each value would sit twice in each
// unit and the grid would have two solutions or none (a bivalue universal
// grave). With one cell of three candidates, the value that appears three
// times in that cell's units must go there.
bool bug_plus_one(const Board& b, Search& search, Step& step) {
    int odd = -1;
    for (int c = 0; c < b.cells(); ++c) {
        if (b.value(c) != 0 || count(b.mask(c)) == 2) continue;
        if (count(b.mask(c)) != 3 || odd >= 0) return false;
        odd = c;
    }
    if (odd < 0 || search.spent()) return false;
    // Every unit must hold each of its open values exactly twice, but for
    // the odd cell's one extra value in its own three units.
    int value = 0;
    for (int u = 0; u < b.units(); ++u) {
        const bool mine = u == b.row_unit(odd) || u == b.col_unit(odd) || u == b.box_unit(odd);
        for (int v = 1; v <= b.side(); ++v) {
            const int places = count(b.positions(u, v));
            if (places == 0 || places == 2) continue;
            if (!mine || places != 3 || !b.has(odd, v) || (value != 0 && value != v)) return false;
            value = v;
        }
    }
    if (value == 0) return false;
    step.technique = "bug+1";
    step.where = sym(value) + " in " + b.label(odd);
    step.placements.push_back({u32(odd), u32(value)});
    // The whole grid: the argument counts every unit's values.
    for (int c = 0; c < b.cells(); ++c) step.pattern.push_back({u32(c), 0});
    step.assumes_unique = true;
    return true;
}

}  // namespace logic
