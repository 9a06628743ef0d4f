// Single-digit patterns built on strong links (a unit in which v has
// exactly two places: one of them holds v), and the wings built on cells
// with two or three candidates.
#include <string>

#include "techniques.hpp"

namespace logic {

namespace {

std::string sym(int v) { return std::string(1, Board::symbol(v)); }
uint32_t u32(int x) { return static_cast<uint32_t>(x); }

void name_unit(const Board& b, int u, int v, Step& step) {
    for (int cell : b.unit(u)) step.pattern.push_back({u32(cell), u32(v)});
}

// v leaves every cell (other than those in `of`) that sees each cell of `of`.
void clear_seeing(const Board& b, std::initializer_list<int> of, int v, Step& step) {
    for (int p : common_peers(b, of))
        if (b.has(p, v)) step.eliminations.push_back({u32(p), u32(v)});
}

// The two cells of unit u where v may go, when there are exactly two.
bool link(const Board& b, int u, int v, int& first, int& second) {
    const Mask at = b.positions(u, v);
    if (count(at) != 2) return false;
    first = b.unit(u)[static_cast<std::size_t>(lowest(at))];
    second = b.unit(u)[static_cast<std::size_t>(63 - __builtin_clzll(at))];
    return true;
}

}  // namespace

// Two parallel strong links on v with one end of each in a common line: the
// other two ends cannot both be free of v.
bool skyscraper(const Board& b, Search&, Step& step) {
    const int n = b.side();
    for (int v = 1; v <= n; ++v)
        for (int across = 0; across < 2; ++across)
            for (int l1 = 0; l1 < n; ++l1)
                for (int l2 = l1 + 1; l2 < n; ++l2) {
                    int a[2], c[2];
                    if (!link(b, across * n + l1, v, a[0], a[1]) || !link(b, across * n + l2, v, c[0], c[1])) continue;
                    auto cross = [&](int cell) { return across == 0 ? b.col(cell) : b.row(cell); };
                    for (int i = 0; i < 2; ++i)
                        for (int j = 0; j < 2; ++j) {
                            if (cross(a[i]) != cross(c[j]) || cross(a[1 - i]) == cross(c[1 - j])) continue;
                            clear_seeing(b, {a[1 - i], c[1 - j]}, v, step);
                            if (step.eliminations.empty()) continue;
                            step.technique = "skyscraper";
                            const std::string letter = across == 0 ? "r" : "c";
                            step.where = sym(v) + " in " + letter + std::to_string(l1 + 1) + "," + letter + std::to_string(l2 + 1) +
                                         " on " + b.label(a[i]) + "," + b.label(c[j]);
                            name_unit(b, across * n + l1, v, step);
                            name_unit(b, across * n + l2, v, step);
                            return true;
                        }
                }
    return false;
}

// A strong link in a row and one in a column, with an end of each in one
// box (two different cells): the other two ends cannot both be free of v.
bool two_string_kite(const Board& b, Search&, Step& step) {
    const int n = b.side();
    for (int v = 1; v <= n; ++v)
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                int x[2], y[2];
                if (!link(b, r, v, x[0], x[1]) || !link(b, n + c, v, y[0], y[1])) continue;
                for (int i = 0; i < 2; ++i)
                    for (int j = 0; j < 2; ++j) {
                        const int xe = x[1 - i], ye = y[1 - j];
                        if (x[i] == y[j] || b.box(x[i]) != b.box(y[j]) || xe == ye || xe == y[j] || ye == x[i]) continue;
                        if (b.box(xe) == b.box(x[i]) || b.box(ye) == b.box(y[j])) continue;
                        clear_seeing(b, {xe, ye}, v, step);
                        if (step.eliminations.empty()) continue;
                        step.technique = "two-string kite";
                        step.where = sym(v) + " in " + b.unit_name(r) + " / " + b.unit_name(n + c) + " via box " +
                                     std::to_string(b.box(x[i]) + 1);
                        name_unit(b, r, v, step);
                        name_unit(b, n + c, v, step);
                        return true;
                    }
            }
    return false;
}

namespace {

void name_cells(std::initializer_list<int> cells, Step& step) {
    for (int c : cells) step.pattern.push_back({u32(c), 0});
}

}  // namespace

// A pivot {x,y} and two cells it sees, {x,z} and {y,z}: one of them is z.
bool xy_wing(const Board& b, Search&, Step& step) {
    for (int p = 0; p < b.cells(); ++p) {
        if (b.value(p) != 0 || count(b.mask(p)) != 2) continue;
        for (int a : b.peers(p)) {
            const Mask ma = b.mask(a);
            if (count(ma) != 2 || count(ma & b.mask(p)) != 1) continue;
            const Mask z = ma & ~b.mask(p);
            const Mask want = (b.mask(p) & ~ma) | z;  // {y,z}
            for (int c : b.peers(p)) {
                if (c == a || b.mask(c) != want) continue;
                clear_seeing(b, {a, c}, lowest(z), step);
                if (step.eliminations.empty()) continue;
                step.technique = "xy-wing";
                step.where = b.values_text(b.mask(p)) + " in " + b.label(p) + " with " + b.label(a) + "," + b.label(c) +
                             " on " + sym(lowest(z));
                name_cells({p, a, c}, step);
                return true;
            }
        }
    }
    return false;
}

// A pivot {x,y,z} and two cells it sees, {x,z} and {y,z}: one of the three is z.
bool xyz_wing(const Board& b, Search&, Step& step) {
    for (int p = 0; p < b.cells(); ++p) {
        if (b.value(p) != 0 || count(b.mask(p)) != 3) continue;
        for (int a : b.peers(p)) {
            if (count(b.mask(a)) != 2 || (b.mask(a) & ~b.mask(p)) != 0) continue;
            for (int c : b.peers(p)) {
                if (c <= a || count(b.mask(c)) != 2 || (b.mask(c) & ~b.mask(p)) != 0) continue;
                const Mask z = b.mask(a) & b.mask(c);
                if (count(z) != 1 || (b.mask(a) | b.mask(c)) != b.mask(p)) continue;
                clear_seeing(b, {p, a, c}, lowest(z), step);
                if (step.eliminations.empty()) continue;
                step.technique = "xyz-wing";
                step.where = b.values_text(b.mask(p)) + " in " + b.label(p) + " with " + b.label(a) + "," + b.label(c) +
                             " on " + sym(lowest(z));
                name_cells({p, a, c}, step);
                return true;
            }
        }
    }
    return false;
}

// Two cells {x,y} that do not see each other, joined by a strong link on x
// (one end seeing each): if one is not y it is x, so the link's far end is
// x and the other cell is y. One of them is y.
bool w_wing(const Board& b, Search&, Step& step) {
    for (int p = 0; p < b.cells(); ++p) {
        if (b.value(p) != 0 || count(b.mask(p)) != 2) continue;
        for (int q = p + 1; q < b.cells(); ++q) {
            if (b.value(q) != 0 || b.mask(q) != b.mask(p) || b.sees(p, q)) continue;
            for (int side = 0; side < 2; ++side) {
                const int x = side == 0 ? lowest(b.mask(p)) : 63 - __builtin_clzll(b.mask(p));
                const int y = lowest(b.mask(p) & ~(Mask{1} << x));
                bool clears = false;
                for (int c : common_peers(b, {p, q})) clears = clears || b.has(c, y);
                if (!clears) continue;
                for (int u = 0; u < b.units(); ++u) {
                    int e1, e2;
                    if (!link(b, u, x, e1, e2) || e1 == p || e1 == q || e2 == p || e2 == q) continue;
                    if (!((b.sees(e1, p) && b.sees(e2, q)) || (b.sees(e2, p) && b.sees(e1, q)))) continue;
                    clear_seeing(b, {p, q}, y, step);
                    step.technique = "w-wing";
                    step.where = b.values_text(b.mask(p)) + " in " + b.label(p) + "," + b.label(q) + " linked by " + sym(x) +
                                 " in " + b.unit_name(u);
                    name_cells({p, q}, step);
                    name_unit(b, u, x, step);
                    return true;
                }
            }
        }
    }
    return false;
}

namespace {

// One component of v's strong links, two-coloured: one colour holds v in
// every cell and the other in none. `tree` holds the units of the links
// that coloured it (the pattern).
struct Colouring {
    std::vector<int> members, colour, tree;
};

Colouring colour_from(int start, const std::vector<std::vector<std::pair<int, int>>>& links,
                      std::vector<int>& colour) {
    Colouring out;
    colour[static_cast<std::size_t>(start)] = 0;
    out.members.push_back(start);
    for (std::size_t i = 0; i < out.members.size(); ++i) {
        const int cell = out.members[i];
        for (auto [next, unit] : links[static_cast<std::size_t>(cell)]) {
            if (colour[static_cast<std::size_t>(next)] >= 0) continue;
            colour[static_cast<std::size_t>(next)] = 1 - colour[static_cast<std::size_t>(cell)];
            out.members.push_back(next);
            out.tree.push_back(unit);
        }
    }
    for (int m : out.members) out.colour.push_back(colour[static_cast<std::size_t>(m)]);
    return out;
}

// Colour wrap: two cells of one colour see each other, so that colour is
// false everywhere. Colour trap: a cell outside sees both colours.
bool colour_step(const Board& b, int v, const Colouring& k, Step& step) {
    const std::size_t size = k.members.size();
    for (int wrong = 0; wrong < 2 && step.eliminations.empty(); ++wrong)
        for (std::size_t i = 0; i < size && step.eliminations.empty(); ++i)
            for (std::size_t j = i + 1; j < size; ++j)
                if (k.colour[i] == wrong && k.colour[j] == wrong && b.sees(k.members[i], k.members[j])) {
                    for (std::size_t m = 0; m < size; ++m)
                        if (k.colour[m] == wrong) step.eliminations.push_back({u32(k.members[m]), u32(v)});
                    step.where = " colour wrap";
                    break;
                }
    if (step.eliminations.empty()) {
        for (int cell = 0; cell < b.cells(); ++cell) {
            if (!b.has(cell, v)) continue;
            bool sees[2] = {false, false}, inside = false;
            for (std::size_t m = 0; m < size; ++m) {
                inside = inside || k.members[m] == cell;
                sees[k.colour[m]] = sees[k.colour[m]] || b.sees(cell, k.members[m]);
            }
            if (!inside && sees[0] && sees[1]) step.eliminations.push_back({u32(cell), u32(v)});
        }
        step.where = " colour trap";
    }
    if (step.eliminations.empty()) return false;
    std::vector<int> by_colour[2];
    for (std::size_t m = 0; m < size; ++m) by_colour[k.colour[m]].push_back(k.members[m]);
    step.technique = "simple colouring";
    step.where = clipped(sym(v) + step.where + " " + b.cells_text(by_colour[0]) + " / " + b.cells_text(by_colour[1]));
    for (int u : k.tree) name_unit(b, u, v, step);
    return true;
}

}  // namespace

bool simple_colouring(const Board& b, Search& search, Step& step) {
    for (int v = 1; v <= b.side(); ++v) {
        std::vector<std::vector<std::pair<int, int>>> links(static_cast<std::size_t>(b.cells()));
        for (int u = 0; u < b.units(); ++u) {
            int e1, e2;
            if (!link(b, u, v, e1, e2)) continue;
            links[static_cast<std::size_t>(e1)].push_back({e2, u});
            links[static_cast<std::size_t>(e2)].push_back({e1, u});
        }
        std::vector<int> colour(static_cast<std::size_t>(b.cells()), -1);
        for (int start = 0; start < b.cells(); ++start) {
            if (links[static_cast<std::size_t>(start)].empty() || colour[static_cast<std::size_t>(start)] >= 0) continue;
            if (search.spent()) return false;
            const Colouring k = colour_from(start, links, colour);
            if (colour_step(b, v, k, step)) return true;
            step.clear();
        }
    }
    return false;
}

}  // namespace logic
