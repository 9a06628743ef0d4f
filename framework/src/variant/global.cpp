// The kinds with no cells (they apply to the whole grid) and the negative
// rules of xv, difference and ratio. Every one is a rule between two cells:
// a pair with an empty cell is skipped, so these serve the partial check too.
#include <algorithm>
#include <cstdlib>
#include <set>
#include <utility>

#include "rules.hpp"

namespace np::variant {

namespace {

// "r1c1 and r2c3, a knight's move apart, both hold 5".
auto same_digit(const Ctx& ctx, const char* apart) {
    return [&ctx, apart](int a, int b) {
        return cell_name(ctx.n, a) + " and " + cell_name(ctx.n, b) + ", " + apart + ", both hold " +
               std::to_string(ctx.digit(a));
    };
}

// The pairs of cells a marker of the given kinds sits on, smaller cell first.
std::set<std::pair<int, int>> marked_pairs(const Puzzle& puzzle, std::initializer_list<Kind> kinds) {
    std::set<std::pair<int, int>> marked;
    for (const Constraint& c : puzzle.constraints) {
        if (std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end()) continue;
        const int a = c.cells[0][0], b = c.cells[0][1];
        marked.insert({std::min(a, b), std::max(a, b)});
    }
    return marked;
}

bool in_ratio_one_two(int a, int b) { return a == 2 * b || b == 2 * a; }

}  // namespace

// Cells at the same position inside their boxes: one group per position.
Why rule_disjoint_groups(const Ctx& ctx, const Constraint&) {
    const Geometry& g = ctx.grid.geometry;
    for (int position = 0; position < ctx.n; ++position) {
        std::vector<int> group;
        const int in_row = position / g.box_cols, in_column = position % g.box_cols;
        for (int box = 0; box < ctx.n; ++box) {
            const int top = (box / g.box_rows) * g.box_rows, left = (box % g.box_rows) * g.box_cols;
            group.push_back(ctx.at(top + in_row, left + in_column));
        }
        if (Why why = repeated_digit(ctx, group)) return why;
    }
    return std::nullopt;
}

// "/": bottom-left to top-right, cells (N-1-i, i).
Why rule_diagonal_positive(const Ctx& ctx, const Constraint&) {
    std::vector<int> diagonal;
    for (int i = 0; i < ctx.n; ++i) diagonal.push_back(ctx.at(ctx.n - 1 - i, i));
    return repeated_digit(ctx, diagonal);
}

// "\": cells (i, i).
Why rule_diagonal_negative(const Ctx& ctx, const Constraint&) {
    std::vector<int> diagonal;
    for (int i = 0; i < ctx.n; ++i) diagonal.push_back(ctx.at(i, i));
    return repeated_digit(ctx, diagonal);
}

Why rule_anti_knight(const Ctx& ctx, const Constraint&) {
    // Forward steps only: each unordered pair once.
    static const std::vector<Step> knight = {{1, 2}, {1, -2}, {2, 1}, {2, -1}};
    return first_broken_pair(
        ctx, knight, [&](int a, int b) { return ctx.digit(a) == ctx.digit(b); },
        same_digit(ctx, "a knight's move apart"));
}

Why rule_anti_king(const Ctx& ctx, const Constraint&) {
    static const std::vector<Step> king = {{0, 1}, {1, -1}, {1, 0}, {1, 1}};
    return first_broken_pair(
        ctx, king, [&](int a, int b) { return ctx.digit(a) == ctx.digit(b); }, same_digit(ctx, "a king's move apart"));
}

Why rule_non_consecutive(const Ctx& ctx, const Constraint&) {
    return first_broken_pair(
        ctx, orthogonal_steps(), [&](int a, int b) { return std::abs(ctx.digit(a) - ctx.digit(b)) == 1; },
        [&](int a, int b) {
            return cell_digit(ctx, a) + " and " + cell_digit(ctx, b) + " are adjacent and consecutive";
        });
}

// Every adjacent pair without a marker obeys the negative rule. XV markers
// free a pair from the xv rule; a Kropki dot of either colour (difference or
// ratio) frees it from both dot rules.
Why negative_rule(const Ctx& ctx, Kind kind) {
    const bool xv = kind == Kind::xv;
    const auto marked =
        xv ? marked_pairs(ctx.puzzle, {Kind::xv}) : marked_pairs(ctx.puzzle, {Kind::difference, Kind::ratio});
    const auto broken = [&](int a, int b) {
        if (marked.count({a, b}) != 0) return false;  // a < b: steps go right and down
        const int x = ctx.digit(a), y = ctx.digit(b);
        if (kind == Kind::xv) return x + y == 5 || x + y == 10;
        if (kind == Kind::difference) return std::abs(x - y) == 1;
        return in_ratio_one_two(x, y);
    };
    const char* why = kind == Kind::xv ? "sum to " : kind == Kind::difference ? "differ by 1" : "are in ratio 1:2";
    return first_broken_pair(ctx, orthogonal_steps(), broken, [&](int a, int b) {
        std::string words = cell_digit(ctx, a) + " and " + cell_digit(ctx, b) + " carry no " +
                            (xv ? "XV marker" : "Kropki dot") + " but " + why;
        if (xv) words += std::to_string(ctx.digit(a) + ctx.digit(b));
        return words;
    });
}

}  // namespace np::variant
