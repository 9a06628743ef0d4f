// Cells that hold different digits (extra regions, disjoint groups,
// diagonals, a knight's or a king's move apart), the same digit (palindromes,
// clones), digits of a parity, digits that must appear (quadruples), and
// indexers. docs/sat-encodings.md, "Cells".

#include <bit>
#include <cstddef>
#include <map>
#include <vector>

#include "encode.hpp"

namespace sat {

namespace {

// Every cell differs from the cells at these (row, column) offsets from it.
void differ_at_offsets(Cnf& cnf, const Rules& rules, const std::vector<std::pair<int, int>>& offsets) {
    const int n = rules.side;
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col)
            for (const auto& [dr, dc] : offsets) {
                const int r = row + dr, c = col + dc;
                if (r >= 0 && r < n && c >= 0 && c < n) peers_differ(cnf, rules, row * n + col, r * n + c);
            }
}

// The cells of each region, in row-major order (so position p is cells[p]).
std::vector<int> region_cells(const Rules& rules, int region) {
    std::vector<int> cells;
    if (region < 0) return cells;
    for (std::size_t cell = 0; cell < rules.region_of.size(); ++cell)
        if (rules.region_of[cell] == region) cells.push_back(static_cast<int>(cell));
    return cells;
}

}  // namespace

void encode_extra_region(Cnf& cnf, const Rules& rules, const Constraint& c) { distinct(cnf, rules, c.groups[0]); }

void encode_disjoint_groups(Cnf& cnf, const Rules& rules, const Constraint&) {
    const std::vector<int> position = region_positions(rules);
    std::map<int, std::vector<int>> groups;
    for (std::size_t cell = 0; cell < position.size(); ++cell)
        if (position[cell] >= 0) groups[position[cell]].push_back(static_cast<int>(cell));
    for (const auto& [at, cells] : groups) distinct(cnf, rules, cells);
}

void encode_diagonal_positive(Cnf& cnf, const Rules& rules, const Constraint&) {
    const int n = rules.side;
    std::vector<int> cells;
    for (int i = 0; i < n; ++i) cells.push_back((n - 1 - i) * n + i);
    distinct(cnf, rules, cells);
}

void encode_diagonal_negative(Cnf& cnf, const Rules& rules, const Constraint&) {
    const int n = rules.side;
    std::vector<int> cells;
    for (int i = 0; i < n; ++i) cells.push_back(i * n + i);
    distinct(cnf, rules, cells);
}

void encode_anti_knight(Cnf& cnf, const Rules& rules, const Constraint&) {
    differ_at_offsets(cnf, rules, {{1, 2}, {2, 1}, {1, -2}, {2, -1}});
}

void encode_anti_king(Cnf& cnf, const Rules& rules, const Constraint&) {
    differ_at_offsets(cnf, rules, {{1, 1}, {1, -1}});  // the orthogonal ones share a row or column
}

void encode_odd(Cnf& cnf, const Rules&, const Constraint& c) {
    cnf.forbid_values(c.groups[0][0], [](int v) { return v % 2 == 0; });
}

void encode_even(Cnf& cnf, const Rules&, const Constraint& c) {
    cnf.forbid_values(c.groups[0][0], [](int v) { return v % 2 != 0; });
}

void encode_palindrome(Cnf& cnf, const Rules&, const Constraint& c) {
    const auto& line = c.groups[0];
    for (std::size_t i = 0, j = line.size() - 1; i < j; ++i, --j) cnf.equal(line[i], line[j]);
}

void encode_clone(Cnf& cnf, const Rules&, const Constraint& c) {
    for (std::size_t i = 0; i < c.groups[0].size() && i < c.groups[1].size(); ++i)
        if (c.groups[0][i] != c.groups[1][i]) cnf.equal(c.groups[0][i], c.groups[1][i]);
}

// A digit listed m times is among the cells at least m times: every set of
// size - m + 1 of the cells holds it somewhere (one clause per set).
void encode_quadruple(Cnf& cnf, const Rules&, const Constraint& c) {
    const auto& cells = c.groups[0];
    const int size = static_cast<int>(cells.size());
    std::map<int, int> times;
    for (int value : c.values) ++times[value];
    std::vector<int> literals;
    for (const auto& [value, m] : times) {
        if (value < 1 || value > cnf.side() || m > size) {
            cnf.contradiction();  // no grid can have it
            return;
        }
        for (unsigned set = 0; set < (1u << size); ++set) {
            if (std::popcount(set) != size - m + 1) continue;
            literals.clear();
            for (int i = 0; i < size; ++i)
                if (set >> i & 1) literals.push_back(cnf.x(cells[static_cast<std::size_t>(i)], value));
            cnf.clause(literals);
        }
    }
}

// Digit d at (r, c) puts r + 1 at (d - 1, c): -x(cell, d) | x((d-1, c), r+1).
void encode_row_indexer(Cnf& cnf, const Rules& rules, const Constraint& c) {
    const int n = rules.side, cell = c.groups[0][0];
    for (int d = 1; d <= n; ++d) cnf.clause({-cnf.x(cell, d), cnf.x((d - 1) * n + cell % n, cell / n + 1)});
}

void encode_column_indexer(Cnf& cnf, const Rules& rules, const Constraint& c) {
    const int n = rules.side, cell = c.groups[0][0];
    for (int d = 1; d <= n; ++d) cnf.clause({-cnf.x(cell, d), cnf.x((cell / n) * n + d - 1, cell % n + 1)});
}

void encode_box_indexer(Cnf& cnf, const Rules& rules, const Constraint& c) {
    const int cell = c.groups[0][0];
    const std::vector<int> box = region_cells(rules, rules.region_of[static_cast<std::size_t>(cell)]);
    int position = 0;
    while (position < static_cast<int>(box.size()) && box[static_cast<std::size_t>(position)] != cell) ++position;
    for (int d = 1; d <= cnf.side(); ++d) {
        if (d > static_cast<int>(box.size()) || position == static_cast<int>(box.size()))
            cnf.clause({-cnf.x(cell, d)});  // no box (never sent: box indexers need boxes)
        else
            cnf.clause({-cnf.x(cell, d), cnf.x(box[static_cast<std::size_t>(d - 1)], position + 1)});
    }
}

}  // namespace sat
