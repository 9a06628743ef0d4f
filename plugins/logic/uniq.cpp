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

// ---- Unique loops ----------------------------------------------------------------
//
// A loop is six or more empty cells holding a and b, each linked to the
// next (and the last to the first) through a row, column or box, where
// every unit holds none of the cells or exactly two, one at an odd and one
// at an even place of the loop. Filled with a and b alternately, a and b
// could be swapped around it and every unit would stay whole: a deadly
// pattern, like a rectangle (which is the loop of four).

namespace {

class LoopFinder {
public:
    LoopFinder(const Board& b, Search& search, Mask ab) : b_(b), search_(search), ab_(ab), in_unit_(b.units(), 0) {}

    // The first loop through cells above `start`'s index that gives a step.
    bool from(int start, Step& step) {
        path_ = {start};
        mark(start, +1);
        const bool found = extend(step);
        mark(start, -1);
        return found;
    }
    bool stopped = false;

private:
    static constexpr std::size_t kMaxLength = 16;

    bool usable(int c) const { return b_.value(c) == 0 && (b_.mask(c) & ab_) == ab_; }
    void mark(int c, int d) {
        for (int u : {b_.row_unit(c), b_.col_unit(c), b_.box_unit(c)}) in_unit_[static_cast<std::size_t>(u)] += d;
    }
    bool fits(int c) const {
        for (int u : {b_.row_unit(c), b_.col_unit(c), b_.box_unit(c)})
            if (in_unit_[static_cast<std::size_t>(u)] >= 2) return false;
        return true;
    }

    bool extend(Step& step) {
        if (search_.spent()) return stopped = true, false;
        const int last = path_.back(), start = path_.front();
        if (path_.size() >= 6 && path_.size() % 2 == 0 && b_.sees(last, start) && closed() && step_from(step))
            return true;
        if (path_.size() == kMaxLength) return false;
        for (int next : b_.peers(last)) {
            if (next <= start || !usable(next) || !fits(next)) continue;
            if (std::find(path_.begin(), path_.end(), next) != path_.end()) continue;
            path_.push_back(next);
            mark(next, +1);
            const bool found = extend(step);
            mark(next, -1);
            path_.pop_back();
            if (found || stopped) return found;
        }
        return false;
    }

    // Every unit holds 0 or 2 of the cells, at places of opposite parity.
    bool closed() const {
        for (std::size_t u = 0; u < in_unit_.size(); ++u)
            if (in_unit_[u] == 1) return false;
        for (std::size_t i = 0; i < path_.size(); ++i)
            for (std::size_t j = i + 1; j < path_.size(); ++j)
                if (b_.sees(path_[i], path_[j]) && (j - i) % 2 == 0) return false;
        return true;
    }

    bool step_from(Step& step) {
        std::vector<int> extra;
        for (int c : path_)
            if (b_.mask(c) != ab_) extra.push_back(c);
        step.clear();
        if (extra.empty()) return false;  // all {a,b}: a contradiction the solver meets on its own
        if (extra.size() == 1) {
            for (Mask m = ab_; m; m &= m - 1) step.eliminations.push_back({u32(extra[0]), u32(lowest(m))});
            step.technique = "unique loop type 1";
        } else if (!type2(extra, step) && !type4(extra, step)) {
            return false;
        }
        step.where = b_.values_text(ab_) + " in " + b_.cells_text(path_);
        step.assumes_unique = true;
        for (int c : path_) step.pattern.push_back({u32(c), 0});
        return true;
    }

    // Every extra cell holds a, b and the same c: one of them is c, so c
    // leaves every cell that sees them all.
    bool type2(const std::vector<int>& extra, Step& step) {
        const Mask c_mask = b_.mask(extra[0]) & ~ab_;
        if (count(c_mask) != 1) return false;
        for (int c : extra)
            if (b_.mask(c) != b_.mask(extra[0])) return false;
        const int c = lowest(c_mask);
        for (int p : b_.peers(extra[0])) {
            if (!b_.has(p, c)) continue;
            if (std::all_of(extra.begin(), extra.end(), [&](int e) { return e == p || b_.sees(p, e); }) &&
                std::find(extra.begin(), extra.end(), p) == extra.end())
                step.eliminations.push_back({u32(p), u32(c)});
        }
        if (step.eliminations.empty()) return false;
        step.technique = "unique loop type 2";
        return true;
    }

    // Two extra cells, the loop's pair in some unit where a has no other
    // place: one of them is a, so neither can be b.
    bool type4(const std::vector<int>& extra, Step& step) {
        if (extra.size() != 2) return false;
        for (int u : {b_.row_unit(extra[0]), b_.col_unit(extra[0]), b_.box_unit(extra[0])}) {
            if (u != b_.row_unit(extra[1]) && u != b_.col_unit(extra[1]) && u != b_.box_unit(extra[1])) continue;
            for (Mask m = ab_; m; m &= m - 1) {
                const int a = lowest(m), other = lowest(ab_ & ~(Mask{1} << a));
                if (count(b_.positions(u, a)) != 2) continue;
                for (int e : extra) step.eliminations.push_back({u32(e), u32(other)});
                for (int c : b_.unit(u)) step.pattern.push_back({u32(c), u32(a)});
                step.technique = "unique loop type 4";
                return true;
            }
        }
        return false;
    }

    const Board& b_;
    Search& search_;
    Mask ab_;
    std::vector<int> in_unit_;
    std::vector<int> path_;
};

}  // namespace

bool unique_loop(const Board& b, Search& search, Step& step) {
    const int n = b.side();
    for (int a = 1; a <= n; ++a)
        for (int v = a + 1; v <= n; ++v) {
            const Mask ab = (Mask{1} << a) | (Mask{1} << v);
            LoopFinder finder(b, search, ab);
            for (int start = 0; start < b.cells(); ++start) {
                if (b.value(start) != 0 || (b.mask(start) & ab) != ab) continue;
                if (finder.from(start, step)) return true;
                if (finder.stopped) return step.clear(), false;
            }
        }
    step.clear();
    return false;
}

// BUG+1: were every empty cell bivalue, each value would sit twice in each
// unit and the grid would have two solutions or none (a bivalue universal
// grave). With one cell of three candidates, the value that appears three
// times in that cell's units must go there.
namespace {

// BUG type 2 (Sudoku Explainer's, 5.7): several cells of three candidates
// sharing one value v that, taken from each of them, leaves the grid a
// bivalue universal grave. One of them holds v, so v leaves every cell
// that sees them all.
bool bug_type_2(const Board& b, Search& search, Step& step) {
    std::vector<int> odd;
    Mask shared = b.all_values();
    for (int c = 0; c < b.cells(); ++c) {
        if (b.value(c) != 0 || count(b.mask(c)) == 2) continue;
        if (count(b.mask(c)) != 3) return false;
        odd.push_back(c), shared &= b.mask(c);
    }
    if (odd.size() < 2 || shared == 0 || search.spent()) return false;
    for (Mask m = shared; m != 0; m &= m - 1) {
        const int value = lowest(m);
        bool grave = true;
        for (int u = 0; u < b.units() && grave; ++u)
            for (int v = 1; v <= b.side() && grave; ++v) {
                int places = count(b.positions(u, v));
                if (v == value)
                    for (int c : odd) places -= static_cast<int>(std::find(b.unit(u).begin(), b.unit(u).end(), c) != b.unit(u).end());
                grave = places == 0 || places == 2;
            }
        if (!grave) continue;
        for (int c = 0; c < b.cells(); ++c)
            if (b.has(c, value) && std::all_of(odd.begin(), odd.end(), [&](int x) { return b.sees(c, x); }))
                step.eliminations.push_back({u32(c), u32(value)});
        if (step.eliminations.empty()) continue;
        step.technique = "bug type 2";
        step.where = sym(value) + " in " + b.cells_text(odd);
        for (int c = 0; c < b.cells(); ++c) step.pattern.push_back({u32(c), 0});  // as BUG+1: every unit counts
        step.assumes_unique = true;
        return true;
    }
    return false;
}

}  // namespace

bool bug_plus_one(const Board& b, Search& search, Step& step) {
    if (bug_type_2(b, search, step)) return true;
    step.clear();
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
