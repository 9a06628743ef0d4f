// Every constraint to clauses: one encoder per kind, in the kinds' order.

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "encode.hpp"

namespace sat {

namespace {

constexpr std::array<Encoder, kKindCount> kEncoders = {
    encode_extra_region, encode_disjoint_groups, encode_diagonal_positive, encode_diagonal_negative,
    encode_anti_knight, encode_anti_king, encode_non_consecutive, encode_odd,
    encode_even, encode_minimum, encode_maximum, encode_thermometer,
    encode_arrow, encode_killer_cage, encode_little_killer, encode_sandwich,
    encode_x_sum, encode_skyscraper, encode_xv, encode_difference,
    encode_ratio, encode_renban, encode_whispers, encode_palindrome,
    encode_between_line, encode_region_sum_line, encode_entropic_line, encode_clone,
    encode_quadruple, encode_row_indexer, encode_column_indexer, encode_box_indexer,
};

}  // namespace

void encode_constraints(Cnf& cnf, const Rules& rules) {
    for (const Constraint& constraint : rules.constraints) {
        const int kind = static_cast<int>(constraint.kind);
        if (kind < 0 || kind >= kKindCount) throw std::invalid_argument("unknown kind " + std::to_string(kind));
        kEncoders[static_cast<std::size_t>(kind)](cnf, rules, constraint);
    }
    encode_negative_rules(cnf, rules);
}

bool same_unit(const Rules& rules, int a, int b) {
    const int n = rules.side;
    if (a / n == b / n || a % n == b % n) return true;
    const int region = rules.region_of[static_cast<std::size_t>(a)];
    return region >= 0 && region == rules.region_of[static_cast<std::size_t>(b)];
}

void peers_differ(Cnf& cnf, const Rules& rules, int a, int b) {
    if (!same_unit(rules, a, b)) cnf.differ(a, b);
}

// The cells hold different digits: pairwise, skipping pairs a row, column or
// region separates already; a group of N cells also holds every digit (one
// clause per digit, implied, for propagation).
void distinct(Cnf& cnf, const Rules& rules, const std::vector<int>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (std::size_t j = i + 1; j < cells.size(); ++j) peers_differ(cnf, rules, cells[i], cells[j]);
    if (static_cast<int>(cells.size()) != cnf.side()) return;
    std::vector<int> literals;
    for (int v = 1; v <= cnf.side(); ++v) {
        literals.clear();
        for (int cell : cells) literals.push_back(cnf.x(cell, v));
        cnf.clause(literals);
    }
}

std::vector<std::pair<int, int>> adjacent_pairs(int side) {
    std::vector<std::pair<int, int>> pairs;
    for (int row = 0; row < side; ++row) {
        for (int col = 0; col < side; ++col) {
            const int cell = row * side + col;
            if (col + 1 < side) pairs.emplace_back(cell, cell + 1);
            if (row + 1 < side) pairs.emplace_back(cell, cell + side);
        }
    }
    return pairs;
}

std::vector<int> region_positions(const Rules& rules) {
    std::vector<int> position(rules.region_of.size(), -1);
    std::vector<int> seen(static_cast<std::size_t>(rules.side), 0);
    for (std::size_t cell = 0; cell < position.size(); ++cell) {
        const int region = rules.region_of[cell];
        if (region >= 0 && region < rules.side) position[cell] = seen[static_cast<std::size_t>(region)]++;
    }
    return position;
}

}  // namespace sat
