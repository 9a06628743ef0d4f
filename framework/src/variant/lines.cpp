// The kinds drawn as lines: thermometers, arrows, renban, whispers,
// palindromes, between lines, region sum lines, entropic lines and clones.
// Thermometers, whispers, palindromes and clones are rules between two
// cells (a pair with an empty cell is skipped); entropic lines are held to
// their windows and region sum lines to reachable sums as they fill; the
// others are rules of the whole line, which check.cpp calls once all its
// cells are filled.
#include <algorithm>
#include <cstdlib>

#include "rules.hpp"

namespace np::variant {

namespace {

const std::vector<int>& line_of(const Constraint& c) { return c.cells[0]; }

// The first pair of neighbours along the line, both filled, for which
// broken(x, y) holds, in words made by say(a, b).
template <typename Broken, typename Say>
Why first_broken_step(const Ctx& ctx, const std::vector<int>& line, Broken broken, Say say) {
    for (std::size_t i = 1; i < line.size(); ++i) {
        const int a = line[i - 1], b = line[i];
        if (ctx.filled(a) && ctx.filled(b) && broken(ctx.digit(a), ctx.digit(b))) return say(a, b);
    }
    return std::nullopt;
}

// The thirds of 1..N an entropic line draws from: 0 low, 1 middle, 2 high.
int third_of(int n, int digit) { return (digit - 1) / (n / 3); }

}  // namespace

long long circle_number(const Ctx& ctx, const std::vector<int>& circle) {
    constexpr long long kCap = 1'000'000'000;  // above any line's sum (625 cells of 35)
    long long number = 0;
    for (int cell : circle) number = std::min(kCap, number * 10 + ctx.digit(cell));
    return number;
}

Why rule_thermometer(const Ctx& ctx, const Constraint& c) {
    return first_broken_step(
        ctx, line_of(c), [](int x, int y) { return x >= y; },
        [&](int a, int b) { return cell_digit(ctx, b) + " does not rise above " + cell_digit(ctx, a); });
}

// Every line sums to the circle's number. Called once all cells are filled.
Why rule_arrow(const Ctx& ctx, const Constraint& c) {
    const long long wanted = circle_number(ctx, c.cells[0]);
    for (std::size_t g = 1; g < c.cells.size(); ++g) {
        const int sum = sum_of(ctx, c.cells[g]);
        if (sum != wanted)
            return "line " + std::to_string(g) + " sums to " + std::to_string(sum) + ", not the circle's " +
                   std::to_string(wanted);
    }
    return std::nullopt;
}

// Different digits forming a run: called once all cells are filled.
Why rule_renban(const Ctx& ctx, const Constraint& c) {
    if (Why why = repeated_digit(ctx, line_of(c))) return why;
    int low = ctx.n + 1, high = 0;
    for (int cell : line_of(c)) {
        low = std::min(low, ctx.digit(cell));
        high = std::max(high, ctx.digit(cell));
    }
    if (high - low + 1 == static_cast<int>(line_of(c).size())) return std::nullopt;
    return "its digits " + std::to_string(low) + " to " + std::to_string(high) + " are not consecutive";
}

Why rule_whispers(const Ctx& ctx, const Constraint& c) {
    const int least = c.values[0];
    return first_broken_step(
        ctx, line_of(c), [&](int x, int y) { return std::abs(x - y) < least; },
        [&](int a, int b) {
            return cell_digit(ctx, a) + " and " + cell_digit(ctx, b) + " differ by less than " + std::to_string(least);
        });
}

Why rule_palindrome(const Ctx& ctx, const Constraint& c) {
    const std::vector<int>& line = line_of(c);
    for (std::size_t i = 0, j = line.size() - 1; i < j; ++i, --j) {
        const int a = line[i], b = line[j];
        if (ctx.filled(a) && ctx.filled(b) && ctx.digit(a) != ctx.digit(b))
            return cell_digit(ctx, a) + " and " + cell_digit(ctx, b) + " differ";
    }
    return std::nullopt;
}

// Inner cells strictly between the ends: called once all cells are filled.
Why rule_between_line(const Ctx& ctx, const Constraint& c) {
    const std::vector<int>& line = line_of(c);
    const int x = ctx.digit(line.front()), y = ctx.digit(line.back());
    const int low = std::min(x, y), high = std::max(x, y);
    for (std::size_t i = 1; i + 1 < line.size(); ++i) {
        const int d = ctx.digit(line[i]);
        if (d <= low || d >= high)
            return cell_digit(ctx, line[i]) + " is not strictly between " + std::to_string(low) + " and " +
                   std::to_string(high);
    }
    return std::nullopt;
}

// Segments (maximal runs of the line in one region) share one sum: called
// once all cells are filled. Without regions every cell's region is -1, so
// the line is one segment and always holds.
// A partly filled line: each segment's sum lies between its filled cells'
// sum plus 1 or plus N for each empty cell; the segments must share one.
static Why region_sums_apart(const Ctx& ctx, const std::vector<int>& line) {
    int low = 0, high = 1 << 20, sum = 0, empty = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        sum += ctx.digit(line[i]);
        empty += !ctx.filled(line[i]);
        if (i + 1 < line.size() && ctx.puzzle.region(line[i + 1]) == ctx.puzzle.region(line[i])) continue;
        low = std::max(low, sum + empty), high = std::min(high, sum + empty * ctx.n);
        sum = 0, empty = 0;
    }
    if (low <= high) return std::nullopt;
    return "its segments cannot reach one sum: one needs " + std::to_string(low) + " at least, another holds " +
           std::to_string(high) + " at most";
}

// Checked as its cells fill (region_sums_apart); once full, segment by
// segment against the first.
Why rule_region_sum_line(const Ctx& ctx, const Constraint& c) {
    const std::vector<int>& line = line_of(c);
    if (!all_filled(ctx, line)) return region_sums_apart(ctx, line);
    int first_sum = -1, sum = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        sum += ctx.digit(line[i]);
        const bool segment_ends = i + 1 == line.size() || ctx.puzzle.region(line[i + 1]) != ctx.puzzle.region(line[i]);
        if (!segment_ends) continue;
        if (first_sum < 0) first_sum = sum;
        if (sum != first_sum)
            return "the segment ending at " + cell_name(ctx.n, line[i]) + " sums to " + std::to_string(sum) + ", not " +
                   std::to_string(first_sum) + " like the first";
        sum = 0;
    }
    return std::nullopt;
}

// Any three in a row: one low, one middle, one high. Called once all cells
// are filled.
// Three in a row hold three thirds exactly when no two of them share one:
// so two filled cells at most two apart on the line (of three cells or
// more) may not share a third, which a partly filled line can be held to.
Why rule_entropic_line(const Ctx& ctx, const Constraint& c) {
    const std::vector<int>& line = line_of(c);
    for (std::size_t i = 1; line.size() >= 3 && i < line.size(); ++i)
        for (std::size_t j = i >= 2 ? i - 2 : 0; j < i; ++j) {
            const int a = line[j], b = line[i];
            if (!ctx.filled(a) || !ctx.filled(b) || third_of(ctx.n, ctx.digit(a)) != third_of(ctx.n, ctx.digit(b))) continue;
            return cell_digit(ctx, a) + " and " + cell_digit(ctx, b) +
                   " are in one third (any three in a row hold one low, one middle and one high digit)";
        }
    return std::nullopt;
}

Why rule_clone(const Ctx& ctx, const Constraint& c) {
    for (std::size_t i = 0; i < c.cells[0].size(); ++i) {
        const int a = c.cells[0][i], b = c.cells[1][i];
        if (ctx.filled(a) && ctx.filled(b) && ctx.digit(a) != ctx.digit(b))
            return cell_digit(ctx, a) + " and its clone " + cell_digit(ctx, b) + " differ";
    }
    return std::nullopt;
}

}  // namespace np::variant
