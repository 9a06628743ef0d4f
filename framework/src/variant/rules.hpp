// Private to the variant certifier: what every kind's rule is written with.
//
// A rule is a function of (the grid being checked, the constraint) that
// returns nullopt when the constraint holds and otherwise why not ("sum is
// 11, not 10"); check.cpp names the constraint in front of it. Every rule
// reads a grid that may have empty cells (0): a rule between two cells skips
// a pair with an empty cell, and a rule of a whole group is marked "whole" in
// check.cpp's table and only called once all its cells are filled. So the
// full check is the partial check of a full grid: one definition of each
// kind serves both. Rules may assume the puzzle passed validate_variant.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "numplace/variant.hpp"

namespace np::variant {

using Why = std::optional<std::string>;

// The grid under check and the puzzle it answers.
struct Ctx {
    const Puzzle& puzzle;
    const Grid& grid;
    int n;  // the side

    int digit(int cell) const { return grid.cells[static_cast<std::size_t>(cell)]; }
    bool filled(int cell) const { return digit(cell) != 0; }
    int row(int cell) const { return cell / n; }
    int column(int cell) const { return cell % n; }
    int at(int row, int column) const { return row * n + column; }
    bool inside(int row, int column) const { return row >= 0 && row < n && column >= 0 && column < n; }
};

// ---- common.cpp: words and small facts shared by every kind ----

// "r1c1" (1-based); "cell 99" for a number outside the grid.
std::string cell_name(int n, int cell);
// "r1c1 r1c2 r2c1" (long groups end in "and 7 more").
std::string cells_text(int n, const std::vector<int>& cells);
// "r1c1 (5)": a cell and its digit.
std::string cell_digit(const Ctx& ctx, int cell);

bool orthogonal(int n, int a, int b);  // share an edge
bool king_step(int n, int a, int b);   // share an edge or a corner

bool all_filled(const Ctx& ctx, const std::vector<int>& cells);
int sum_of(const Ctx& ctx, const std::vector<int>& cells);
// The first digit two filled cells of the group share: "r1c1 and r1c4 both
// hold 5"; nullopt when the filled cells are all different.
Why repeated_digit(const Ctx& ctx, const std::vector<int>& cells);
// "sum is 11, not 10".
std::string sum_not(int sum, int wanted);

// Every pair of cells (a, a + step) for the steps given, each unordered pair
// once, both filled: the first pair for which broken(a, b) holds, in words
// made by say(a, b).
struct Step {
    int rows, columns;
};
template <typename Broken, typename Say>
Why first_broken_pair(const Ctx& ctx, const std::vector<Step>& steps, Broken broken, Say say) {
    for (int a = 0; a < ctx.n * ctx.n; ++a) {
        if (!ctx.filled(a)) continue;
        for (const Step& s : steps) {
            const int r = ctx.row(a) + s.rows, c = ctx.column(a) + s.columns;
            if (!ctx.inside(r, c)) continue;
            const int b = ctx.at(r, c);
            if (ctx.filled(b) && broken(a, b)) return say(a, b);
        }
    }
    return std::nullopt;
}
// Right and down: every orthogonal pair once.
const std::vector<Step>& orthogonal_steps();

// ---- check.cpp: the table of kinds ----

// The kind's words in messages: "killer cage", "anti-knight".
std::string kind_name(Kind kind);

// ---- the rules, one function per kind (check.cpp's table says which) ----

// global.cpp: kinds with no cells, and the negative rules.
Why rule_disjoint_groups(const Ctx&, const Constraint&);
Why rule_diagonal_positive(const Ctx&, const Constraint&);
Why rule_diagonal_negative(const Ctx&, const Constraint&);
Why rule_anti_knight(const Ctx&, const Constraint&);
Why rule_anti_king(const Ctx&, const Constraint&);
Why rule_non_consecutive(const Ctx&, const Constraint&);
// The negative rule of xv, difference or ratio (puzzle.negative).
Why negative_rule(const Ctx&, Kind kind);

// cells.cpp: single cells, pairs and cages.
Why rule_extra_region(const Ctx&, const Constraint&);
Why rule_odd(const Ctx&, const Constraint&);
Why rule_even(const Ctx&, const Constraint&);
Why rule_minimum(const Ctx&, const Constraint&);
Why rule_maximum(const Ctx&, const Constraint&);
Why rule_killer_cage(const Ctx&, const Constraint&);
Why rule_xv(const Ctx&, const Constraint&);
Why rule_difference(const Ctx&, const Constraint&);
Why rule_ratio(const Ctx&, const Constraint&);
Why rule_quadruple(const Ctx&, const Constraint&);
Why rule_row_indexer(const Ctx&, const Constraint&);
Why rule_column_indexer(const Ctx&, const Constraint&);
Why rule_box_indexer(const Ctx&, const Constraint&);

// lines.cpp
Why rule_thermometer(const Ctx&, const Constraint&);
Why rule_arrow(const Ctx&, const Constraint&);
Why rule_renban(const Ctx&, const Constraint&);
Why rule_whispers(const Ctx&, const Constraint&);
Why rule_palindrome(const Ctx&, const Constraint&);
Why rule_between_line(const Ctx&, const Constraint&);
Why rule_region_sum_line(const Ctx&, const Constraint&);
Why rule_entropic_line(const Ctx&, const Constraint&);
Why rule_clone(const Ctx&, const Constraint&);
// The circle's number: its digits read as one decimal number (capped far
// above any sum a line can reach, so a long circle cannot overflow).
long long circle_number(const Ctx& ctx, const std::vector<int>& circle);

// outside.cpp: clues outside the grid.
Why rule_little_killer(const Ctx&, const Constraint&);
Why rule_sandwich(const Ctx&, const Constraint&);
Why rule_x_sum(const Ctx&, const Constraint&);
Why rule_skyscraper(const Ctx&, const Constraint&);

}  // namespace np::variant
