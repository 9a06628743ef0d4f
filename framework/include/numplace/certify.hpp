// Certificates: what the host checks of every answer before it believes it.
// A plugin is never trusted. Each check is one pass over the cells, cheap
// beside any search, so every command runs them on every answer (solve,
// count, check, generate), and verify, fuzz and bench reuse the same
// functions. Each returns "" when the answer holds, otherwise what is wrong,
// in words a person can act on.
#pragma once

#include <string>

#include "numplace/grid.hpp"
#include "numplace/reason.hpp"

namespace np {

// True when no value repeats in a row, column or box (empty cells ignored).
// The fast form of check_rules(grid).empty().
bool obeys_rules(const Grid& grid);

// A claimed solution of `puzzle`: same shape, every cell filled with 1..N,
// every given kept, every rule obeyed (of a variant puzzle: its regions and
// every constraint too, by check_variant).
std::string certify_solution(const Grid& puzzle, const Grid& solution);

// A claimed rule violation of `puzzle`: check_rules must find the same one.
// A checker that knows only the unit may leave the cell out (row, column and
// box 0); what it does give must match. A variant's bad_puzzle must be
// malformed (validate_variant), its breaks_constraint broken by the givens
// (check_variant_partial): certify_variant_violation.
std::string certify_violation(const Grid& puzzle, const Reason& claimed);
std::string certify_variant_violation(const Grid& puzzle, const Reason& claimed);

// A generated result: a grid is full and obeys the rules; a puzzle obeys the
// rules (its own, well formed, when it carries a variant: ABI 3.8). (That a puzzle has exactly one solution takes a search: verify
// proves it with an independent solver.)
std::string certify_generated(const Grid& result, bool is_puzzle);

// Where two grids of one shape differ: "r1c3 (5 vs 7) and 3 more cells".
std::string where_grids_differ(const Grid& a, const Grid& b);

// "r4c7" for 1-based row and column.
std::string cell_label(int row, int column);

}  // namespace np
