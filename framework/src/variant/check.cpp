// The host's certifier of variant grids: check_variant (a full grid) and
// check_variant_partial (a grid with empty cells, what `numplace check`
// says). One table names each kind and its rule; docs/variants.md is the
// same definition in words. The checks run in a fixed order (the puzzle's
// form, the grid's cells, rows, columns and regions, the constraints in
// order, then the negative rules) so the first violation is always the same.
#include <array>

#include "rules.hpp"

namespace np {

namespace variant {

using Rule = Why (*)(const Ctx&, const Constraint&);

struct KindRule {
    Kind kind;
    const char* name;  // in messages
    Rule rule;
    // True: a rule of the whole group (a sum, a run, a count), checked only
    // once every cell of the constraint is filled. False: a rule between
    // cells that skips empty ones by itself (a cage also bounds its sum).
    bool whole;
};

constexpr std::array<KindRule, kKindCount> kRules = {{
    {Kind::extra_region, "extra region", rule_extra_region, false},
    {Kind::disjoint_groups, "disjoint groups", rule_disjoint_groups, false},
    {Kind::diagonal_positive, "positive diagonal", rule_diagonal_positive, false},
    {Kind::diagonal_negative, "negative diagonal", rule_diagonal_negative, false},
    {Kind::anti_knight, "anti-knight", rule_anti_knight, false},
    {Kind::anti_king, "anti-king", rule_anti_king, false},
    {Kind::non_consecutive, "non-consecutive", rule_non_consecutive, false},
    {Kind::odd, "odd cell", rule_odd, false},
    {Kind::even, "even cell", rule_even, false},
    {Kind::minimum, "minimum", rule_minimum, false},
    {Kind::maximum, "maximum", rule_maximum, false},
    {Kind::thermometer, "thermometer", rule_thermometer, false},
    {Kind::arrow, "arrow", rule_arrow, true},
    {Kind::killer_cage, "killer cage", rule_killer_cage, false},
    {Kind::little_killer, "little killer", rule_little_killer, false},
    {Kind::sandwich, "sandwich", rule_sandwich, true},
    {Kind::x_sum, "X-sum", rule_x_sum, true},
    {Kind::skyscraper, "skyscraper", rule_skyscraper, true},
    {Kind::xv, "XV", rule_xv, false},
    {Kind::difference, "difference dot", rule_difference, false},
    {Kind::ratio, "ratio dot", rule_ratio, false},
    {Kind::renban, "renban", rule_renban, true},
    {Kind::whispers, "whispers", rule_whispers, false},
    {Kind::palindrome, "palindrome", rule_palindrome, false},
    {Kind::between_line, "between line", rule_between_line, true},
    {Kind::region_sum_line, "region sum line", rule_region_sum_line, false},
    {Kind::entropic_line, "entropic line", rule_entropic_line, false},
    {Kind::clone, "clone", rule_clone, false},
    {Kind::quadruple, "quadruple", rule_quadruple, true},
    {Kind::row_indexer, "row indexer", rule_row_indexer, false},
    {Kind::column_indexer, "column indexer", rule_column_indexer, false},
    {Kind::box_indexer, "box indexer", rule_box_indexer, false},
}};

constexpr bool rules_in_order() {
    for (int k = 0; k < kKindCount; ++k)
        if (static_cast<int>(kRules[k].kind) != k) return false;
    return true;
}
static_assert(rules_in_order(), "kRules must list every Kind in enum order");

static const KindRule& rule_of(Kind kind) { return kRules[static_cast<int>(kind)]; }

static bool constraint_filled(const Ctx& ctx, const Constraint& c) {
    for (const std::vector<int>& group : c.cells)
        if (!all_filled(ctx, group)) return false;
    return true;
}

namespace {

VariantIssue grid_issue(std::string message) { return {-1, std::move(message)}; }

// Every filled cell holds 1..N and keeps to the puzzle's givens and
// candidate masks; with `full`, no cell is empty.
std::optional<VariantIssue> check_cells(const Ctx& ctx, bool full) {
    const Grid& puzzle = ctx.puzzle.grid;
    // Words only for a failure: every answer a plugin gives passes here.
    const auto holds = [&](int cell, const std::string& why) {
        return grid_issue(cell_name(ctx.n, cell) + " holds " + std::to_string(ctx.digit(cell)) + why);
    };
    for (int cell = 0; cell < ctx.n * ctx.n; ++cell) {
        const int d = ctx.digit(cell), given = puzzle.cells[static_cast<std::size_t>(cell)];
        if (d == 0) {
            if (full) return grid_issue(cell_name(ctx.n, cell) + " is empty");
            continue;
        }
        if (d > ctx.n) return holds(cell, ", not a digit 1.." + std::to_string(ctx.n));
        if (given != 0 && given != d) return holds(cell, ", but the given there is " + std::to_string(given));
        if ((puzzle.mask(cell) & (uint64_t{1} << d)) == 0) return holds(cell, ", which is not one of its candidates");
    }
    return std::nullopt;
}

// Rows, columns and regions hold different digits among their filled cells.
std::optional<VariantIssue> check_units(const Ctx& ctx) {
    const char* region_word = ctx.puzzle.regions == RegionLayout::boxes ? "box " : "region ";
    std::vector<std::vector<int>> regions(static_cast<std::size_t>(ctx.n));
    for (int cell = 0; cell < ctx.n * ctx.n; ++cell)
        if (const int r = ctx.puzzle.region(cell); r >= 0) regions[static_cast<std::size_t>(r)].push_back(cell);
    for (int unit = 0; unit < ctx.n; ++unit) {
        std::vector<int> row, column;
        for (int i = 0; i < ctx.n; ++i) {
            row.push_back(ctx.at(unit, i));
            column.push_back(ctx.at(i, unit));
        }
        const std::string number = std::to_string(unit + 1);
        if (Why why = repeated_digit(ctx, row)) return grid_issue("row " + number + ": " + *why);
        if (Why why = repeated_digit(ctx, column)) return grid_issue("column " + number + ": " + *why);
        if (Why why = repeated_digit(ctx, regions[static_cast<std::size_t>(unit)]))
            return grid_issue(region_word + number + ": " + *why);
    }
    return std::nullopt;
}

std::optional<VariantIssue> check_constraints(const Ctx& ctx) {
    const std::vector<Constraint>& all = ctx.puzzle.constraints;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const KindRule& kind = rule_of(all[i].kind);
        if (kind.whole && !constraint_filled(ctx, all[i])) continue;
        if (Why why = kind.rule(ctx, all[i]))
            return VariantIssue{static_cast<int>(i),
                                describe_constraint(ctx.puzzle, static_cast<int>(i)) + ": " + *why};
    }
    for (Kind kind : {Kind::xv, Kind::difference, Kind::ratio}) {
        if (!ctx.puzzle.has_negative(kind)) continue;
        if (Why why = negative_rule(ctx, kind))
            return grid_issue("negative " + std::string(rule_of(kind).name) + " rule: " + *why);
    }
    return std::nullopt;
}

std::optional<VariantIssue> check(const Puzzle& puzzle, const Grid& grid, bool full) {
    if (auto issue = validate_variant(puzzle)) return issue;
    if (!(grid.geometry == puzzle.grid.geometry) || grid.cells.size() != puzzle.grid.cells.size())
        return grid_issue("the grid is " + grid.geometry.name() + " with " + std::to_string(grid.cells.size()) +
                          " cells, not the puzzle's shape " + puzzle.grid.geometry.name());
    const Ctx ctx{puzzle, grid, puzzle.side()};
    if (auto issue = check_cells(ctx, full)) return issue;
    if (auto issue = check_units(ctx)) return issue;
    return check_constraints(ctx);
}

}  // namespace

std::string kind_name(Kind kind) {
    if (static_cast<int>(kind) >= kKindCount) return "kind " + std::to_string(static_cast<int>(kind));
    return rule_of(kind).name;
}

}  // namespace variant

std::optional<VariantIssue> check_variant(const Puzzle& puzzle, const Grid& solution) {
    return variant::check(puzzle, solution, true);
}

std::optional<VariantIssue> check_variant_partial(const Puzzle& puzzle, const Grid& grid) {
    return variant::check(puzzle, grid, false);
}

namespace {
// The negative rule numbered `rule` (rule_count's numbering), if it is one.
std::optional<Kind> negative_at(const Puzzle& puzzle, int rule) {
    int i = rule - static_cast<int>(puzzle.constraints.size());
    for (Kind kind : {Kind::xv, Kind::difference, Kind::ratio})
        if (puzzle.has_negative(kind) && i-- == 0) return kind;
    return std::nullopt;
}
}  // namespace

int rule_count(const Puzzle& puzzle) {
    int count = static_cast<int>(puzzle.constraints.size());
    for (Kind kind : {Kind::xv, Kind::difference, Kind::ratio}) count += puzzle.has_negative(kind);
    return count;
}

std::optional<std::string> check_rule_partial(const Puzzle& puzzle, int rule, const Grid& grid) {
    const variant::Ctx ctx{puzzle, grid, puzzle.side()};
    if (rule >= 0 && static_cast<std::size_t>(rule) < puzzle.constraints.size()) {
        const Constraint& c = puzzle.constraints[static_cast<std::size_t>(rule)];
        const variant::KindRule& kind = variant::rule_of(c.kind);
        if (kind.whole && !variant::constraint_filled(ctx, c)) return std::nullopt;
        return kind.rule(ctx, c);
    }
    if (const auto kind = negative_at(puzzle, rule)) return variant::negative_rule(ctx, *kind);
    return "no rule " + std::to_string(rule);
}

std::string describe_rule(const Puzzle& puzzle, int rule) {
    if (const auto kind = negative_at(puzzle, rule)) return "negative " + variant::kind_name(*kind) + " rule";
    return describe_constraint(puzzle, rule);
}

std::optional<VariantIssue> check_variant_grid(const Grid& grid) {
    if (!grid.is_variant()) return std::nullopt;
    Puzzle puzzle = *grid.variant;
    puzzle.grid = grid;
    puzzle.grid.variant = nullptr;
    return grid.is_full() ? check_variant(puzzle, puzzle.grid) : check_variant_partial(puzzle, puzzle.grid);
}

}  // namespace np
