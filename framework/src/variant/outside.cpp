// The kinds with a clue outside the grid: little killers, sandwiches,
// X-sums and skyscrapers. cells[0] runs from the clue's side, so each rule
// reads its cells in order. All but the little killer are rules of the
// whole row or column: check.cpp calls them once all its cells are filled.
#include <algorithm>

#include "rules.hpp"

namespace np::variant {

// Checked as its cells fill: each empty one will add 1 at least and N at
// most (digits may repeat on a diagonal), so a sum already out of reach is
// a violation before the last cell is filled.
Why rule_little_killer(const Ctx& ctx, const Constraint& c) {
    const int sum = sum_of(ctx, c.cells[0]), wanted = c.values[0];
    const int empty = static_cast<int>(std::count_if(c.cells[0].begin(), c.cells[0].end(), [&](int cell) { return !ctx.filled(cell); }));
    if (empty == 0) return sum == wanted ? Why() : sum_not(sum, wanted);
    if (sum + empty <= wanted && sum + empty * ctx.n >= wanted) return std::nullopt;
    return "its filled cells sum to " + std::to_string(sum) + ", and its " + std::to_string(empty) +
           " empty ones cannot make that " + std::to_string(wanted);
}

// The digits strictly between the 1 and the N (either may come first).
Why rule_sandwich(const Ctx& ctx, const Constraint& c) {
    const std::vector<int>& line = c.cells[0];
    const auto at = [&](int digit) {
        return std::find_if(line.begin(), line.end(), [&](int cell) { return ctx.digit(cell) == digit; }) -
               line.begin();
    };
    const auto one = at(1), top = at(ctx.n);
    // A full row of a valid grid holds both; a grid that repeats digits may
    // not, and then the crust is missing.
    if (one == static_cast<long>(line.size()) || top == static_cast<long>(line.size()))
        return std::string("it does not hold both 1 and ") + std::to_string(ctx.n);
    int sum = 0;
    for (auto i = std::min(one, top) + 1; i < std::max(one, top); ++i)
        sum += ctx.digit(line[static_cast<std::size_t>(i)]);
    if (sum == c.values[0]) return std::nullopt;
    return "the digits between 1 and " + std::to_string(ctx.n) + " sum to " + std::to_string(sum) + ", not " +
           std::to_string(c.values[0]);
}

// With X the first digit from the clue, the first X cells.
Why rule_x_sum(const Ctx& ctx, const Constraint& c) {
    const std::vector<int>& line = c.cells[0];
    const int x = ctx.digit(line[0]);
    int sum = 0;
    for (int i = 0; i < x && i < static_cast<int>(line.size()); ++i)
        sum += ctx.digit(line[static_cast<std::size_t>(i)]);
    if (sum == c.values[0]) return std::nullopt;
    return "the first " + std::to_string(x) + " digits sum to " + std::to_string(sum) + ", not " +
           std::to_string(c.values[0]);
}

// A cell is seen when it is higher than every cell before it.
Why rule_skyscraper(const Ctx& ctx, const Constraint& c) {
    int seen = 0, highest = 0;
    for (int cell : c.cells[0]) {
        if (ctx.digit(cell) <= highest) continue;
        highest = ctx.digit(cell);
        ++seen;
    }
    if (seen == c.values[0]) return std::nullopt;
    return std::to_string(seen) + " skyscrapers are seen, not " + std::to_string(c.values[0]);
}

}  // namespace np::variant
