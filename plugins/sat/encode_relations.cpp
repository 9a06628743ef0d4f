// Rules between two cells, as forbidden pairs of digits: one binary clause
// -x(a,v) | -x(b,w) for each pair (v, w) the rule forbids. Non-consecutive,
// minimum and maximum cells, XV, Kropki dots (difference, ratio) and their
// negative rules. docs/sat-encodings.md, "Pairs".

#include <cstdlib>
#include <set>
#include <utility>

#include "encode.hpp"

namespace sat {

namespace {

std::pair<int, int> ordered(int a, int b) { return a < b ? std::pair{a, b} : std::pair{b, a}; }

bool consecutive(int v, int w) { return std::abs(v - w) == 1; }
bool in_ratio(int v, int w, int r) { return v == r * w || w == r * v; }
bool x_or_v(int v, int w) { return v + w == 5 || v + w == 10; }

// The cell is below (sign -1) or above (+1) each orthogonal neighbour that
// is not itself a cell of the same kind.
void extremum(Cnf& cnf, const Rules& rules, const Constraint& c, int sign) {
    std::set<int> same;
    for (const Constraint& other : rules.constraints)
        if (other.kind == c.kind) same.insert(other.groups[0][0]);
    const int n = rules.side, cell = c.groups[0][0];
    const int row = cell / n, col = cell % n;
    const std::pair<int, int> steps[] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (const auto& [dr, dc] : steps) {
        const int r = row + dr, k = col + dc;
        if (r < 0 || r >= n || k < 0 || k >= n || same.count(r * n + k) != 0) continue;
        cnf.forbid_pairs(cell, r * n + k, [sign](int v, int w) { return sign * (v - w) <= 0; });
    }
}

}  // namespace

void encode_non_consecutive(Cnf& cnf, const Rules& rules, const Constraint&) {
    for (const auto& [a, b] : adjacent_pairs(rules.side)) cnf.forbid_pairs(a, b, consecutive);
}

void encode_minimum(Cnf& cnf, const Rules& rules, const Constraint& c) { extremum(cnf, rules, c, -1); }
void encode_maximum(Cnf& cnf, const Rules& rules, const Constraint& c) { extremum(cnf, rules, c, +1); }

void encode_xv(Cnf& cnf, const Rules&, const Constraint& c) {
    const int sum = c.values.at(0);
    cnf.forbid_pairs(c.groups[0][0], c.groups[0][1], [sum](int v, int w) { return v + w != sum; });
}

void encode_difference(Cnf& cnf, const Rules&, const Constraint& c) {
    const int d = c.values.empty() ? 1 : c.values[0];
    cnf.forbid_pairs(c.groups[0][0], c.groups[0][1], [d](int v, int w) { return std::abs(v - w) != d; });
}

void encode_ratio(Cnf& cnf, const Rules&, const Constraint& c) {
    const int r = c.values.empty() ? 2 : c.values[0];
    cnf.forbid_pairs(c.groups[0][0], c.groups[0][1], [r](int v, int w) { return !in_ratio(v, w, r); });
}

// Every adjacent pair with no marker of its kind: no XV sum (5 or 10); with
// no Kropki dot of either colour, not consecutive (difference) or not 1:2 (ratio).
void encode_negative_rules(Cnf& cnf, const Rules& rules) {
    const bool xv = rules.negative_rule(Kind::xv);
    const bool white = rules.negative_rule(Kind::difference), black = rules.negative_rule(Kind::ratio);
    if (!xv && !white && !black) return;
    std::set<std::pair<int, int>> xv_marked, dotted;
    for (const Constraint& c : rules.constraints) {
        if (c.groups.empty() || c.groups[0].size() != 2) continue;
        const auto pair = ordered(c.groups[0][0], c.groups[0][1]);
        if (c.kind == Kind::xv) xv_marked.insert(pair);
        if (c.kind == Kind::difference || c.kind == Kind::ratio) dotted.insert(pair);
    }
    for (const auto& [a, b] : adjacent_pairs(rules.side)) {
        if (xv && xv_marked.count({a, b}) == 0) cnf.forbid_pairs(a, b, x_or_v);
        if (dotted.count({a, b}) != 0) continue;
        if (white) cnf.forbid_pairs(a, b, consecutive);
        if (black) cnf.forbid_pairs(a, b, [](int v, int w) { return in_ratio(v, w, 2); });
    }
}

}  // namespace sat
