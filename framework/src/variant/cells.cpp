// The kinds of single cells, pairs and cages: extra regions, parity,
// minimum and maximum, killer cages, XV and Kropki dots, quadruples and the
// indexers. Each is a rule between two cells (skipping a pair with an empty
// cell) except the quadruple, which check.cpp calls once its cells are full,
// and the cage's sum, which is checked against the cells filled so far.
#include <algorithm>
#include <cstdlib>

#include "rules.hpp"

namespace np::variant {

namespace {

int the_cell(const Constraint& c) { return c.cells[0][0]; }

// The cells of the puzzle's constraints of one kind (minimum or maximum):
// adjacent minimum cells are not compared with each other.
std::vector<bool> cells_of_kind(const Ctx& ctx, Kind kind) {
    std::vector<bool> marked(static_cast<std::size_t>(ctx.n * ctx.n), false);
    for (const Constraint& c : ctx.puzzle.constraints)
        if (c.kind == kind) marked[static_cast<std::size_t>(the_cell(c))] = true;
    return marked;
}

// Minimum (below = true) or maximum: the cell against each orthogonal
// neighbour that is not a cell of the same kind.
Why extreme(const Ctx& ctx, const Constraint& c, bool below) {
    const int cell = the_cell(c);
    if (!ctx.filled(cell)) return std::nullopt;
    const std::vector<bool> same = cells_of_kind(ctx, c.kind);
    static const Step around[] = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};
    for (const Step& s : around) {
        const int r = ctx.row(cell) + s.rows, col = ctx.column(cell) + s.columns;
        if (!ctx.inside(r, col)) continue;
        const int other = ctx.at(r, col);
        if (!ctx.filled(other) || same[static_cast<std::size_t>(other)]) continue;
        const bool holds = below ? ctx.digit(cell) < ctx.digit(other) : ctx.digit(cell) > ctx.digit(other);
        if (!holds)
            return cell_digit(ctx, cell) + " is not " + (below ? "below" : "above") + " its neighbour " +
                   cell_digit(ctx, other);
    }
    return std::nullopt;
}

Why parity(const Ctx& ctx, const Constraint& c, int remainder) {
    const int cell = the_cell(c);
    if (!ctx.filled(cell) || ctx.digit(cell) % 2 == remainder) return std::nullopt;
    return cell_digit(ctx, cell) + " is " + (remainder == 1 ? "even" : "odd");
}

// The two cells of a dot or an XV marker, when both are filled.
struct Pair {
    int a, b, x, y;
};
std::optional<Pair> filled_pair(const Ctx& ctx, const Constraint& c) {
    const int a = c.cells[0][0], b = c.cells[0][1];
    if (!ctx.filled(a) || !ctx.filled(b)) return std::nullopt;
    return Pair{a, b, ctx.digit(a), ctx.digit(b)};
}

// An indexer's claim: the cell `target` holds `wanted`.
Why index_claim(const Ctx& ctx, int cell, int target, int wanted) {
    if (!ctx.filled(target) || ctx.digit(target) == wanted) return std::nullopt;
    return cell_digit(ctx, cell) + " points at " + cell_name(ctx.n, target) + ", which holds " +
           std::to_string(ctx.digit(target)) + ", not " + std::to_string(wanted);
}

}  // namespace

Why rule_extra_region(const Ctx& ctx, const Constraint& c) { return repeated_digit(ctx, c.cells[0]); }

Why rule_odd(const Ctx& ctx, const Constraint& c) { return parity(ctx, c, 1); }
Why rule_even(const Ctx& ctx, const Constraint& c) { return parity(ctx, c, 0); }

Why rule_minimum(const Ctx& ctx, const Constraint& c) { return extreme(ctx, c, true); }
Why rule_maximum(const Ctx& ctx, const Constraint& c) { return extreme(ctx, c, false); }

// Different digits always; the sum never exceeded by the cells filled so
// far, and met once all are filled.
Why rule_killer_cage(const Ctx& ctx, const Constraint& c) {
    if (Why why = repeated_digit(ctx, c.cells[0])) return why;
    if (c.values.empty()) return std::nullopt;
    const int sum = sum_of(ctx, c.cells[0]), wanted = c.values[0];
    if (all_filled(ctx, c.cells[0])) {
        if (sum != wanted) return sum_not(sum, wanted);
    } else if (sum > wanted) {
        return "its filled cells sum to " + std::to_string(sum) + ", more than " + std::to_string(wanted);
    }
    return std::nullopt;
}

Why rule_xv(const Ctx& ctx, const Constraint& c) {
    const auto p = filled_pair(ctx, c);
    if (!p || p->x + p->y == c.values[0]) return std::nullopt;
    return sum_not(p->x + p->y, c.values[0]);
}

Why rule_difference(const Ctx& ctx, const Constraint& c) {
    const auto p = filled_pair(ctx, c);
    if (!p || std::abs(p->x - p->y) == c.values[0]) return std::nullopt;
    return "difference is " + std::to_string(std::abs(p->x - p->y)) + ", not " + std::to_string(c.values[0]);
}

Why rule_ratio(const Ctx& ctx, const Constraint& c) {
    const auto p = filled_pair(ctx, c);
    const int r = c.values[0];
    if (!p || p->x == r * p->y || p->y == r * p->x) return std::nullopt;
    return cell_digit(ctx, p->a) + " and " + cell_digit(ctx, p->b) + " are not in ratio 1:" + std::to_string(r);
}

// Each listed digit appears among the four cells at least as often as it is
// listed. Called once the four cells are filled.
Why rule_quadruple(const Ctx& ctx, const Constraint& c) {
    for (int v : c.values) {
        const auto listed = std::count(c.values.begin(), c.values.end(), v);
        const auto there =
            std::count_if(c.cells[0].begin(), c.cells[0].end(), [&](int cell) { return ctx.digit(cell) == v; });
        if (there < listed)
            return std::to_string(v) + " is listed " + std::to_string(listed) + " time(s) but appears " +
                   std::to_string(there) + " time(s)";
    }
    return std::nullopt;
}

// (r, c) holding d: the cell (d-1, c) holds r+1.
Why rule_row_indexer(const Ctx& ctx, const Constraint& c) {
    const int cell = the_cell(c);
    if (!ctx.filled(cell)) return std::nullopt;
    return index_claim(ctx, cell, ctx.at(ctx.digit(cell) - 1, ctx.column(cell)), ctx.row(cell) + 1);
}

// (r, c) holding d: the cell (r, d-1) holds c+1.
Why rule_column_indexer(const Ctx& ctx, const Constraint& c) {
    const int cell = the_cell(c);
    if (!ctx.filled(cell)) return std::nullopt;
    return index_claim(ctx, cell, ctx.at(ctx.row(cell), ctx.digit(cell) - 1), ctx.column(cell) + 1);
}

// Position p (0-based, row-major inside the box) holding d: the cell at
// position d-1 of the same box holds p+1.
Why rule_box_indexer(const Ctx& ctx, const Constraint& c) {
    const int cell = the_cell(c);
    if (!ctx.filled(cell)) return std::nullopt;
    const int rows = ctx.grid.geometry.box_rows, cols = ctx.grid.geometry.box_cols;
    const int top = ctx.row(cell) / rows * rows, left = ctx.column(cell) / cols * cols;
    const int position = (ctx.row(cell) - top) * cols + (ctx.column(cell) - left);
    const int d = ctx.digit(cell);
    const int target = ctx.at(top + (d - 1) / cols, left + (d - 1) % cols);
    return index_claim(ctx, cell, target, position + 1);
}

}  // namespace np::variant
