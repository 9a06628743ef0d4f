// validate_variant: a puzzle is well formed before anything reads it. The
// certifier's rules (check.cpp) assume every cell index, group and value
// this file accepts, so a hostile or misread puzzle stops here with words,
// never in an out-of-range read. docs/variants.md, "Well formed", is the
// same list in words.
#include <algorithm>
#include <set>

#include "numplace/certify.hpp"
#include "rules.hpp"

namespace np {
namespace variant {
namespace {

constexpr int kSide = -1;     // a bound of N cells
constexpr int kNoLimit = -2;  // no bound beyond the grid's cells (a line repeats none)

// How many groups, cells per group and values a kind takes, and whether it
// carries an outside clue.
struct Form {
    int groups_min, groups_max;
    int cells_min, cells_max;
    int values_min, values_max;
    bool clue;
};

Form form_of(Kind kind) {
    switch (kind) {
    case Kind::disjoint_groups:
    case Kind::diagonal_positive:
    case Kind::diagonal_negative:
    case Kind::anti_knight:
    case Kind::anti_king:
    case Kind::non_consecutive:
        return {0, 0, 0, 0, 0, 0, false};
    case Kind::odd:
    case Kind::even:
    case Kind::minimum:
    case Kind::maximum:
    case Kind::row_indexer:
    case Kind::column_indexer:
    case Kind::box_indexer:
        return {1, 1, 1, 1, 0, 0, false};
    case Kind::extra_region:
    case Kind::renban:
        return {1, 1, 1, kSide, 0, 0, false};
    case Kind::killer_cage:
        return {1, 1, 1, kSide, 0, 1, false};
    case Kind::thermometer:
        return {1, 1, 2, kSide, 0, 0, false};
    case Kind::arrow:
        return {2, kNoLimit, 1, kNoLimit, 0, 0, false};
    case Kind::little_killer:
        return {1, 1, 1, kSide, 1, 1, true};
    case Kind::sandwich:
    case Kind::x_sum:
    case Kind::skyscraper:
        return {1, 1, kSide, kSide, 1, 1, true};
    case Kind::xv:
    case Kind::difference:
    case Kind::ratio:
        return {1, 1, 2, 2, 1, 1, false};
    case Kind::whispers:
        return {1, 1, 1, kNoLimit, 1, 1, false};
    case Kind::between_line:
        return {1, 1, 2, kNoLimit, 0, 0, false};
    case Kind::palindrome:
    case Kind::region_sum_line:
    case Kind::entropic_line:
        return {1, 1, 1, kNoLimit, 0, 0, false};
    case Kind::clone:
        return {2, 2, 1, kNoLimit, 0, 0, false};
    case Kind::quadruple:
        return {1, 1, 4, 4, 1, 4, false};
    }
    return {0, 0, 0, 0, 0, 0, false};
}

int bound(int limit, int n) { return limit == kSide ? n : limit == kNoLimit ? n * n : limit; }

std::string range(int low, int high) { return std::to_string(low) + ".." + std::to_string(high); }

// Group, cell, value and clue counts of the kind's form; cells inside the
// grid and no group repeating one.
Why check_form(int n, const Constraint& c) {
    const Form f = form_of(c.kind);
    const int groups = static_cast<int>(c.cells.size()), values = static_cast<int>(c.values.size());
    if (groups < f.groups_min || groups > bound(f.groups_max, n))
        return "it has " + std::to_string(groups) + " groups of cells, not " +
               range(f.groups_min, bound(f.groups_max, n));
    for (const std::vector<int>& group : c.cells) {
        const int size = static_cast<int>(group.size());
        if (size < bound(f.cells_min, n) || size > bound(f.cells_max, n))
            return "a group has " + std::to_string(size) + " cells, not " +
                   range(bound(f.cells_min, n), bound(f.cells_max, n));
        for (int cell : group)
            if (cell < 0 || cell >= n * n) return "cell number " + std::to_string(cell) + " is outside the grid";
        if (std::set<int>(group.begin(), group.end()).size() != group.size()) return "a group repeats a cell";
    }
    if (values < f.values_min || values > f.values_max)
        return "it has " + std::to_string(values) + " values, not " + range(f.values_min, f.values_max);
    if (c.clue.has_value() != f.clue)
        return f.clue ? "it has no clue position" : "it has a clue position, which only outside clues have";
    // A clue sits in the ring one step around the grid: rows and columns -1..N.
    if (c.clue && (c.clue->row < -1 || c.clue->row > n || c.clue->column < -1 || c.clue->column > n))
        return "its clue at row " + std::to_string(c.clue->row) + ", column " + std::to_string(c.clue->column) +
               " (0-based) is not one step outside the grid";
    return std::nullopt;
}

// Consecutive cells share an edge (orthogonal) or an edge or a corner.
Why check_steps(int n, const std::vector<int>& cells, bool orthogonal_only) {
    for (std::size_t i = 1; i < cells.size(); ++i) {
        const int a = cells[i - 1], b = cells[i];
        if (orthogonal_only ? !orthogonal(n, a, b) : !king_step(n, a, b))
            return cell_name(n, a) + " and " + cell_name(n, b) + " are not " +
                   (orthogonal_only ? "orthogonally adjacent" : "neighbours (a king's step apart)");
    }
    return std::nullopt;
}

Why value_in(int value, int low, int high, const char* what) {
    if (value >= low && value <= high) return std::nullopt;
    return std::string(what) + " " + std::to_string(value) + " is outside " + range(low, high);
}

// A cage's sum some k different digits of 1..N can make.
Why cage_sum(int n, const Constraint& c) {
    if (c.values.empty()) return std::nullopt;
    const int k = static_cast<int>(c.cells[0].size());
    return value_in(c.values[0], k * (k + 1) / 2, k * (2 * n - k + 1) / 2, "the sum");
}

// The cells an outside clue looks along: a whole row or column from the
// clue's side; empty when the clue is not one step outside one.
std::vector<int> line_from_clue(int n, Clue clue) {
    std::vector<int> cells;
    const bool row_clue = clue.row >= 0 && clue.row < n && (clue.column == -1 || clue.column == n);
    const bool column_clue = clue.column >= 0 && clue.column < n && (clue.row == -1 || clue.row == n);
    for (int i = 0; i < n && (row_clue || column_clue); ++i) {
        const int step = (row_clue ? clue.column : clue.row) == -1 ? i : n - 1 - i;
        cells.push_back(row_clue ? clue.row * n + step : step * n + clue.column);
    }
    return cells;
}

Why outside_line(int n, const Constraint& c) {
    if (line_from_clue(n, *c.clue) != c.cells[0])
        return "its cells are not the whole row or column read from its clue at " +
               cell_label(c.clue->row + 1, c.clue->column + 1);
    const int value = c.values[0];
    if (c.kind == Kind::sandwich) return value_in(value, 0, n * (n - 1) / 2 - 1, "the sum");
    if (c.kind == Kind::x_sum) return value_in(value, 1, n * (n + 1) / 2, "the sum");
    return value_in(value, 1, n, "the count");
}

// A little killer: the clue one diagonal step outside, the cells its whole
// diagonal to the far edge.
Why little_killer(int n, const Constraint& c) {
    const Clue clue = *c.clue;
    const int first = c.cells[0][0], dr = first / n - clue.row, dc = first % n - clue.column;
    const bool clue_outside = clue.row < 0 || clue.row >= n || clue.column < 0 || clue.column >= n;
    std::vector<int> diagonal;
    if (clue_outside && (dr == 1 || dr == -1) && (dc == 1 || dc == -1))
        for (int r = clue.row + dr, col = clue.column + dc; r >= 0 && r < n && col >= 0 && col < n; r += dr, col += dc)
            diagonal.push_back(r * n + col);
    if (diagonal != c.cells[0])
        return "its cells are not the whole diagonal from its clue at " + cell_label(clue.row + 1, clue.column + 1);
    const int k = static_cast<int>(diagonal.size());
    return value_in(c.values[0], k, k * n, "the sum");  // digits may repeat on a diagonal
}

// The four cells of a 2 x 2 block, in any order; each listed digit 1..N
// and listed at most twice (a 2 x 2 block holds a digit twice at most).
Why quadruple(int n, const Constraint& c) {
    const std::vector<int>& cells = c.cells[0];
    const int top = *std::min_element(cells.begin(), cells.end());
    const std::set<int> block = {top, top + 1, top + n, top + n + 1};
    if (top % n == n - 1 || std::set<int>(cells.begin(), cells.end()) != block)
        return "its cells are not a 2 x 2 block";
    for (int v : c.values) {
        if (Why why = value_in(v, 1, n, "the digit")) return why;
        if (std::count(c.values.begin(), c.values.end(), v) > 2)
            return std::to_string(v) + " is listed more than twice";
    }
    return std::nullopt;
}

Why lines(int n, const Constraint& c, std::size_t first_group) {
    for (std::size_t g = first_group; g < c.cells.size(); ++g)
        if (Why why = check_steps(n, c.cells[g], false)) return why;
    return std::nullopt;
}

bool boxes(const Puzzle& p) { return p.regions == RegionLayout::boxes; }

// What each kind asks beyond its form.
Why check_kind(const Puzzle& p, const Constraint& c) {
    const int n = p.side();
    switch (c.kind) {
    case Kind::disjoint_groups:
    case Kind::box_indexer:
        return boxes(p) ? std::nullopt : Why("it needs the regions to be boxes");
    case Kind::thermometer:
    case Kind::renban:
    case Kind::palindrome:
    case Kind::between_line:
    case Kind::region_sum_line:
        return lines(n, c, 0);
    case Kind::arrow:
        return lines(n, c, 1);
    case Kind::whispers:
        if (Why why = lines(n, c, 0)) return why;
        return value_in(c.values[0], 1, n - 1, "the difference");
    case Kind::entropic_line:
        if (n % 3 != 0) return "an entropic line needs a side divisible by 3, not " + std::to_string(n);
        return lines(n, c, 0);
    case Kind::killer_cage:
        return cage_sum(n, c);
    case Kind::little_killer:
        return little_killer(n, c);
    case Kind::sandwich:
    case Kind::x_sum:
    case Kind::skyscraper:
        return outside_line(n, c);
    case Kind::xv:
        if (Why why = check_steps(n, c.cells[0], true)) return why;
        return c.values[0] == 5 || c.values[0] == 10
                   ? std::nullopt
                   : Why("the value " + std::to_string(c.values[0]) + " is neither 5 (V) nor 10 (X)");
    case Kind::difference:
        if (Why why = check_steps(n, c.cells[0], true)) return why;
        return value_in(c.values[0], 1, n - 1, "the difference");
    case Kind::ratio:
        if (Why why = check_steps(n, c.cells[0], true)) return why;
        return value_in(c.values[0], 2, n, "the ratio");
    case Kind::clone:
        if (c.cells[0].size() == c.cells[1].size()) return std::nullopt;
        return "its halves have " + std::to_string(c.cells[0].size()) + " and " + std::to_string(c.cells[1].size()) +
               " cells";
    case Kind::quadruple:
        return quadruple(n, c);
    default:
        return std::nullopt;
    }
}

std::optional<VariantIssue> check_grid(const Puzzle& p) {
    const Grid& g = p.grid;
    if (!g.geometry.valid())
        return VariantIssue{-1, "the grid's box shape " + g.geometry.name() + " is not one numplace takes"};
    const std::size_t cells = static_cast<std::size_t>(g.geometry.cell_count());
    if (g.cells.size() != cells)
        return VariantIssue{-1,
                            "the grid has " + std::to_string(g.cells.size()) + " cells, not " + std::to_string(cells)};
    for (std::size_t i = 0; i < cells; ++i)
        if (g.cells[i] > g.side())
            return VariantIssue{-1, cell_name(g.side(), static_cast<int>(i)) + " holds " + std::to_string(g.cells[i]) +
                                        ", not a digit 1.." + std::to_string(g.side())};
    if (g.has_candidates() && g.candidates.size() != cells)
        return VariantIssue{-1, "the grid has " + std::to_string(g.candidates.size()) + " candidate masks, not " +
                                    std::to_string(cells)};
    return std::nullopt;
}

// A region map: N regions (0..N-1) of N cells each.
Why check_region_map(const Puzzle& p) {
    const int n = p.side();
    if (p.region_of.size() != static_cast<std::size_t>(n * n))
        return "the region map has " + std::to_string(p.region_of.size()) + " entries, not " + std::to_string(n * n);
    std::vector<int> size(static_cast<std::size_t>(n), 0);
    for (std::size_t cell = 0; cell < p.region_of.size(); ++cell) {
        const int r = p.region_of[cell];
        if (r >= n)
            return cell_name(n, static_cast<int>(cell)) + " is in region " + std::to_string(r) + ", not 0.." +
                   std::to_string(n - 1);
        ++size[static_cast<std::size_t>(r)];
    }
    for (int r = 0; r < n; ++r)
        if (size[static_cast<std::size_t>(r)] != n)
            return "region " + std::to_string(r + 1) + " has " + std::to_string(size[static_cast<std::size_t>(r)]) +
                   " cells, not " + std::to_string(n);
    return std::nullopt;
}

std::optional<VariantIssue> check_regions(const Puzzle& p) {
    Why why;
    const bool one_by_n = p.grid.geometry.box_rows == 1;
    if (p.regions == RegionLayout::boxes) {
        if (!p.region_of.empty()) why = "a region map is given with box regions";
    } else if (p.regions == RegionLayout::irregular || p.regions == RegionLayout::none) {
        if (!one_by_n)
            why = "with irregular regions or none the grid's shape must be 1x" + std::to_string(p.side());
        else if (p.regions == RegionLayout::irregular)
            why = check_region_map(p);
        else if (!p.region_of.empty())
            why = "a region map is given with no regions";
    } else {
        why = "region layout " + std::to_string(static_cast<int>(p.regions)) + " is not one numplace knows";
    }
    if (why) return VariantIssue{-1, *why};
    return std::nullopt;
}

std::optional<VariantIssue> check_negative(const Puzzle& p) {
    for (std::size_t i = 0; i < p.negative.size(); ++i) {
        const Kind k = p.negative[i];
        if (k != Kind::xv && k != Kind::difference && k != Kind::ratio)
            return VariantIssue{
                -1, "the negative rule of " + kind_name(k) + " is not one numplace knows (xv, difference, ratio)"};
        if (std::find(p.negative.begin(), p.negative.begin() + static_cast<long>(i), k) !=
            p.negative.begin() + static_cast<long>(i))
            return VariantIssue{-1, "the negative rule of " + kind_name(k) + " is listed twice"};
    }
    return std::nullopt;
}

}  // namespace
}  // namespace variant

std::optional<VariantIssue> validate_variant(const Puzzle& puzzle) {
    using namespace variant;
    if (auto issue = check_grid(puzzle)) return issue;
    if (auto issue = check_regions(puzzle)) return issue;
    if (auto issue = check_negative(puzzle)) return issue;
    for (std::size_t i = 0; i < puzzle.constraints.size(); ++i) {
        const Constraint& c = puzzle.constraints[i];
        const int index = static_cast<int>(i);
        if (static_cast<int>(c.kind) >= kKindCount)
            return VariantIssue{index, "constraint " + std::to_string(i + 1) + ": kind " +
                                           std::to_string(static_cast<int>(c.kind)) + " is not one numplace knows"};
        Why why = check_form(puzzle.side(), c);
        if (!why) why = check_kind(puzzle, c);
        if (why) return VariantIssue{index, describe_constraint(puzzle, index) + ": " + *why};
    }
    return std::nullopt;
}

}  // namespace np
