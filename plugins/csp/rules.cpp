// csp: each kind's exact rule on a grid of digits (docs/variants.md), the
// final check a grid passes before it is reported as a solution. Written
// from the rules' text, not from the propagators.
#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>

#include "engine.hpp"

namespace csp {
namespace {

using Cells = std::vector<int>;

bool distinct(const Cells& cells, const uint8_t* g) {
    uint64_t seen = 0;
    for (int c : cells) {
        if (seen >> g[c] & 1) return false;
        seen |= uint64_t{1} << g[c];
    }
    return true;
}

int sum(const Cells& cells, const uint8_t* g) {
    int s = 0;
    for (int c : cells) s += g[c];
    return s;
}

// Orthogonal neighbours of a cell.
Cells adjacent(int cell, int n) {
    const int r = cell / n, c = cell % n;
    Cells out;
    if (r > 0) out.push_back(cell - n);
    if (r + 1 < n) out.push_back(cell + n);
    if (c > 0) out.push_back(cell - 1);
    if (c + 1 < n) out.push_back(cell + 1);
    return out;
}

// Every pair of cells (dr, dc) apart, in both directions, holds different digits.
bool apart_differ(const uint8_t* g, int n, const std::vector<std::pair<int, int>>& steps) {
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            for (auto [dr, dc] : steps) {
                const int r2 = r + dr, c2 = c + dc;
                if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
                if (g[r * n + c] == g[r2 * n + c2]) return false;
            }
    return true;
}

// Cells of box b at position p (row-major in the box).
int box_cell(const Model& m, int box, int p) {
    const int top = box / m.box_rows * m.box_rows, left = box % m.box_rows * m.box_cols;
    return (top + p / m.box_cols) * m.side + left + p % m.box_cols;
}

bool extremum(const Rule& rule, const Model& m, const uint8_t* g, bool minimum) {
    const int cell = rule.groups[0][0];
    std::set<int> same;  // the other cells of this kind: not compared
    for (const Rule& r : m.rules)
        if (r.kind == rule.kind) same.insert(r.groups[0][0]);
    for (int nb : adjacent(cell, m.side)) {
        if (same.count(nb)) continue;
        if (minimum ? g[cell] >= g[nb] : g[cell] <= g[nb]) return false;
    }
    return true;
}

bool arrow(const Rule& rule, const uint8_t* g) {
    long long circle = 0;
    for (int c : rule.groups[0]) circle = circle * 10 + g[c];
    for (std::size_t k = 1; k < rule.groups.size(); ++k)
        if (sum(rule.groups[k], g) != circle) return false;
    return true;
}

bool sandwich(const Cells& line, int n, int target, const uint8_t* g) {
    int one = -1, top = -1;
    for (int i = 0; i < static_cast<int>(line.size()); ++i) {
        if (g[line[i]] == 1) one = i;
        if (g[line[i]] == n) top = i;
    }
    if (one < 0 || top < 0) return false;
    int s = 0;
    for (int i = std::min(one, top) + 1; i < std::max(one, top); ++i) s += g[line[i]];
    return s == target;
}

bool x_sum(const Cells& line, int target, const uint8_t* g) {
    const int x = g[line[0]];
    if (x > static_cast<int>(line.size())) return false;
    int s = 0;
    for (int i = 0; i < x; ++i) s += g[line[i]];
    return s == target;
}

bool skyscraper(const Cells& line, int target, const uint8_t* g) {
    int seen = 0, tallest = 0;
    for (int c : line)
        if (g[c] > tallest) tallest = g[c], ++seen;
    return seen == target;
}

bool renban(const Cells& line, const uint8_t* g) {
    if (!distinct(line, g)) return false;
    int lo = 99, hi = 0;
    for (int c : line) lo = std::min(lo, int{g[c]}), hi = std::max(hi, int{g[c]});
    return hi - lo == static_cast<int>(line.size()) - 1;
}

bool between(const Cells& line, const uint8_t* g) {
    const int a = g[line.front()], b = g[line.back()];
    const int lo = std::min(a, b), hi = std::max(a, b);
    for (std::size_t i = 1; i + 1 < line.size(); ++i)
        if (g[line[i]] <= lo || g[line[i]] >= hi) return false;
    return true;
}

bool region_sum(const Cells& line, const Model& m, const uint8_t* g) {
    int first = -1, s = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        s += g[line[i]];
        const bool ends = i + 1 == line.size() || m.region_of[line[i + 1]] != m.region_of[line[i]];
        if (!ends) continue;
        if (first < 0) first = s;
        else if (s != first) return false;
        s = 0;
    }
    return true;
}

bool entropic(const Cells& line, int n, const uint8_t* g) {
    const int third = n / 3;
    for (std::size_t i = 0; i + 2 < line.size(); ++i) {
        int classes = 0;
        for (std::size_t k = i; k < i + 3; ++k) classes |= 1 << ((g[line[k]] - 1) / third);
        if (classes != 7) return false;
    }
    return true;
}

bool quadruple(const Rule& rule, const uint8_t* g) {
    for (int v : rule.values) {
        const auto listed = std::count(rule.values.begin(), rule.values.end(), v);
        const auto there = std::count_if(rule.groups[0].begin(), rule.groups[0].end(), [&](int c) { return g[c] == v; });
        if (there < listed) return false;
    }
    return true;
}

bool indexer(const Rule& rule, const Model& m, const uint8_t* g) {
    const int cell = rule.groups[0][0], n = m.side, r = cell / n, c = cell % n, d = g[cell];
    switch (rule.kind) {
        case Kind::row_indexer: return g[(d - 1) * n + c] == r + 1;
        case Kind::column_indexer: return g[r * n + d - 1] == c + 1;
        default: {
            const int box = r / m.box_rows * m.box_rows + c / m.box_cols;
            const int p = (r % m.box_rows) * m.box_cols + c % m.box_cols;
            return g[box_cell(m, box, d - 1)] == p + 1;
        }
    }
}

bool line_steps(const Rule& rule, const uint8_t* g) {
    const Cells& line = rule.groups[0];
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        const int a = g[line[i]], b = g[line[i + 1]];
        if (rule.kind == Kind::thermometer && a >= b) return false;
        if (rule.kind == Kind::whispers && std::abs(a - b) < rule.values[0]) return false;
    }
    return true;
}

bool global(const Rule& rule, const Model& m, const uint8_t* g) {
    const int n = m.side;
    switch (rule.kind) {
        case Kind::disjoint_groups:
            for (int p = 0; p < n; ++p) {
                Cells group;
                for (int box = 0; box < n; ++box) group.push_back(box_cell(m, box, p));
                if (!distinct(group, g)) return false;
            }
            return true;
        case Kind::diagonal_positive:
        case Kind::diagonal_negative: {
            Cells diagonal;
            for (int i = 0; i < n; ++i)
                diagonal.push_back(rule.kind == Kind::diagonal_negative ? i * n + i : (n - 1 - i) * n + i);
            return distinct(diagonal, g);
        }
        case Kind::anti_knight: return apart_differ(g, n, {{1, 2}, {2, 1}, {1, -2}, {2, -1}});
        case Kind::anti_king: return apart_differ(g, n, {{1, 1}, {1, -1}});  // orthogonal: rows and columns
        default:  // non_consecutive
            for (int cell = 0; cell < n * n; ++cell)
                for (int nb : adjacent(cell, n))
                    if (std::abs(g[cell] - g[nb]) == 1) return false;
            return true;
    }
}

// The negative rules: every adjacent pair without a marker of its kind.
bool negatives(const Model& m, const uint8_t* g) {
    const int n = m.side;
    std::set<std::pair<int, int>> xv, dot;
    for (const Rule& r : m.rules) {
        if (r.kind != Kind::xv && r.kind != Kind::difference && r.kind != Kind::ratio) continue;
        const auto pair = std::minmax(r.groups[0][0], r.groups[0][1]);
        (r.kind == Kind::xv ? xv : dot).insert(pair);
    }
    for (int cell = 0; cell < n * n; ++cell)
        for (int nb : adjacent(cell, n)) {
            if (nb < cell) continue;
            const int a = g[cell], b = g[nb];
            if (m.negative_xv && !xv.count({cell, nb}) && (a + b == 5 || a + b == 10)) return false;
            if (m.negative_difference && !dot.count({cell, nb}) && std::abs(a - b) == 1) return false;
            if (m.negative_ratio && !dot.count({cell, nb}) && (a == 2 * b || b == 2 * a)) return false;
        }
    return true;
}

}  // namespace

std::string malformed(const Model& m) {
    const int n = m.side, cells = n * n;
    if (n < 2 || n > kMaxSide || static_cast<int>(m.region_of.size()) != cells) return "a side of 2..25 with a region per cell";
    for (int r : m.region_of)
        if (r < -1 || r >= n) return "a region number outside 0.." + std::to_string(n - 1);
    for (std::size_t i = 0; i < m.rules.size(); ++i) {
        const Rule& rule = m.rules[i];
        const std::string where = "constraint " + std::to_string(i + 1) + ": ";
        if (static_cast<int>(rule.kind) >= kKinds) return where + "an unknown kind";
        for (const Cells& group : rule.groups)
            for (int c : group)
                if (c < 0 || c >= cells) return where + "a cell outside the grid";
        const bool global = !is_local(rule.kind) && rule.kind != Kind::minimum && rule.kind != Kind::maximum &&
                            rule.kind != Kind::row_indexer && rule.kind != Kind::column_indexer && rule.kind != Kind::box_indexer;
        if (!global && (rule.groups.empty() || rule.groups[0].empty())) return where + "no cells";
        const bool pair = rule.kind == Kind::xv || rule.kind == Kind::difference || rule.kind == Kind::ratio;
        if (pair && rule.groups[0].size() != 2) return where + "a dot or XV needs two cells";
        const bool valued = pair || rule.kind == Kind::little_killer || rule.kind == Kind::sandwich ||
                            rule.kind == Kind::x_sum || rule.kind == Kind::skyscraper || rule.kind == Kind::whispers;
        if (valued && rule.values.empty()) return where + "no value";
        const bool whole_line = rule.kind == Kind::sandwich || rule.kind == Kind::x_sum || rule.kind == Kind::skyscraper;
        if (whole_line && static_cast<int>(rule.groups[0].size()) != n) return where + "not a whole row or column";
        if (rule.kind == Kind::clone && (rule.groups.size() != 2 || rule.groups[1].size() != rule.groups[0].size()))
            return where + "a clone needs two groups of one length";
        if (rule.kind == Kind::arrow && rule.groups.size() < 2) return where + "an arrow needs a line";
        if (rule.kind == Kind::quadruple && rule.groups[0].size() != 4) return where + "a quadruple needs four cells";
        if (rule.kind == Kind::entropic_line && n % 3 != 0) return where + "entropic lines need a side divisible by 3";
        if (rule.kind == Kind::arrow && rule.groups[0].size() > 9) return where + "a circle of more than 9 cells";
    }
    return "";
}

bool is_local(Kind kind) {
    switch (kind) {
        case Kind::disjoint_groups: case Kind::diagonal_positive: case Kind::diagonal_negative:
        case Kind::anti_knight: case Kind::anti_king: case Kind::non_consecutive: case Kind::minimum:
        case Kind::maximum: case Kind::row_indexer: case Kind::column_indexer: case Kind::box_indexer:
            return false;
        default: return true;
    }
}

bool holds(const Rule& rule, const Model& m, const uint8_t* g) {
    const Cells& first = rule.groups.empty() ? Cells{} : rule.groups[0];
    const int value = rule.values.empty() ? 0 : rule.values[0];
    switch (rule.kind) {
        case Kind::extra_region: return distinct(first, g);
        case Kind::odd: return g[first[0]] % 2 == 1;
        case Kind::even: return g[first[0]] % 2 == 0;
        case Kind::minimum: return extremum(rule, m, g, true);
        case Kind::maximum: return extremum(rule, m, g, false);
        case Kind::thermometer: case Kind::whispers: return line_steps(rule, g);
        case Kind::arrow: return arrow(rule, g);
        case Kind::killer_cage: return distinct(first, g) && (rule.values.empty() || sum(first, g) == value);
        case Kind::little_killer: return sum(first, g) == value;
        case Kind::sandwich: return sandwich(first, m.side, value, g);
        case Kind::x_sum: return x_sum(first, value, g);
        case Kind::skyscraper: return skyscraper(first, value, g);
        case Kind::xv: return g[first[0]] + g[first[1]] == value;
        case Kind::difference: return std::abs(g[first[0]] - g[first[1]]) == value;
        case Kind::ratio: return g[first[0]] == value * g[first[1]] || g[first[1]] == value * g[first[0]];
        case Kind::renban: return renban(first, g);
        case Kind::palindrome:
            for (std::size_t i = 0; i < first.size(); ++i)
                if (g[first[i]] != g[first[first.size() - 1 - i]]) return false;
            return true;
        case Kind::between_line: return between(first, g);
        case Kind::region_sum_line: return region_sum(first, m, g);
        case Kind::entropic_line: return entropic(first, m.side, g);
        case Kind::clone:
            for (std::size_t i = 0; i < first.size(); ++i)
                if (g[first[i]] != g[rule.groups[1][i]]) return false;
            return true;
        case Kind::quadruple: return quadruple(rule, g);
        case Kind::row_indexer: case Kind::column_indexer: case Kind::box_indexer: return indexer(rule, m, g);
        default: return global(rule, m, g);
    }
}

bool satisfies(const Model& m, const uint8_t* g) {
    const int n = m.side;
    std::vector<Cells> units(static_cast<std::size_t>(3 * n));
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const int cell = r * n + c;
            if (g[cell] < 1 || g[cell] > n) return false;
            units[static_cast<std::size_t>(r)].push_back(cell);
            units[static_cast<std::size_t>(n + c)].push_back(cell);
            if (m.region_of[static_cast<std::size_t>(cell)] >= 0)
                units[static_cast<std::size_t>(2 * n + m.region_of[static_cast<std::size_t>(cell)])].push_back(cell);
        }
    for (const Cells& unit : units)
        if (!distinct(unit, g)) return false;
    for (const Rule& rule : m.rules)
        if (!holds(rule, m, g)) return false;
    return negatives(m, g);
}

}  // namespace csp
