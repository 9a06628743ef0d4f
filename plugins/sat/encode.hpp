// The CNF encoding of each constraint kind, one small function per kind,
// grouped by family in encode_*.cpp. Each adds clauses over the cell
// variables x(cell, v) (and fresh auxiliary ones) that hold exactly when the
// constraint does, given the cell clauses (each cell holds exactly one
// digit) and the Latin square's rows and columns. docs/sat-encodings.md has
// each kind's encoding and why it is exact.
#pragma once

#include <utility>
#include <vector>

#include "cnf.hpp"
#include "rules.hpp"

namespace sat {

// Every constraint of the rules, then the negative rules (encode_variant.cpp).
void encode_constraints(Cnf& cnf, const Rules& rules);

using Encoder = void (*)(Cnf&, const Rules&, const Constraint&);

// encode_cells.cpp: cells that differ, equal or are fixed.
void encode_extra_region(Cnf&, const Rules&, const Constraint&);
void encode_disjoint_groups(Cnf&, const Rules&, const Constraint&);
void encode_diagonal_positive(Cnf&, const Rules&, const Constraint&);
void encode_diagonal_negative(Cnf&, const Rules&, const Constraint&);
void encode_anti_knight(Cnf&, const Rules&, const Constraint&);
void encode_anti_king(Cnf&, const Rules&, const Constraint&);
void encode_odd(Cnf&, const Rules&, const Constraint&);
void encode_even(Cnf&, const Rules&, const Constraint&);
void encode_palindrome(Cnf&, const Rules&, const Constraint&);
void encode_clone(Cnf&, const Rules&, const Constraint&);
void encode_quadruple(Cnf&, const Rules&, const Constraint&);
void encode_row_indexer(Cnf&, const Rules&, const Constraint&);
void encode_column_indexer(Cnf&, const Rules&, const Constraint&);
void encode_box_indexer(Cnf&, const Rules&, const Constraint&);

// encode_relations.cpp: forbidden pairs of digits.
void encode_non_consecutive(Cnf&, const Rules&, const Constraint&);
void encode_minimum(Cnf&, const Rules&, const Constraint&);
void encode_maximum(Cnf&, const Rules&, const Constraint&);
void encode_xv(Cnf&, const Rules&, const Constraint&);
void encode_difference(Cnf&, const Rules&, const Constraint&);
void encode_ratio(Cnf&, const Rules&, const Constraint&);
void encode_negative_rules(Cnf&, const Rules&);

// encode_lines.cpp: lines.
void encode_thermometer(Cnf&, const Rules&, const Constraint&);
void encode_whispers(Cnf&, const Rules&, const Constraint&);
void encode_renban(Cnf&, const Rules&, const Constraint&);
void encode_between_line(Cnf&, const Rules&, const Constraint&);
void encode_entropic_line(Cnf&, const Rules&, const Constraint&);

// encode_sums.cpp: sums (Cnf::sum_equals).
void encode_killer_cage(Cnf&, const Rules&, const Constraint&);
void encode_arrow(Cnf&, const Rules&, const Constraint&);
void encode_little_killer(Cnf&, const Rules&, const Constraint&);
void encode_region_sum_line(Cnf&, const Rules&, const Constraint&);

// encode_outside.cpp: clues outside the grid, read along a row or column.
void encode_sandwich(Cnf&, const Rules&, const Constraint&);
void encode_x_sum(Cnf&, const Rules&, const Constraint&);
void encode_skyscraper(Cnf&, const Rules&, const Constraint&);

// Shared by the files above.
// Two cells already differ by the Latin square or a region.
bool same_unit(const Rules& rules, int a, int b);
// a and b differ, unless a row, column or region says so already.
void peers_differ(Cnf& cnf, const Rules& rules, int a, int b);
// The cells hold different digits (pairwise, skipping pairs a unit separates
// already); N cells also hold every digit (implied clauses, for propagation).
void distinct(Cnf& cnf, const Rules& rules, const std::vector<int>& cells);
// Every pair of orthogonally adjacent cells, (a, b) with a < b.
std::vector<std::pair<int, int>> adjacent_pairs(int side);
// Each cell's position inside its region, counted row-major from 0 (for
// boxes, its position in its box); -1 without a region.
std::vector<int> region_positions(const Rules& rules);

}  // namespace sat
