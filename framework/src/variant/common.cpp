// Words and small facts every kind's rule and check is written with, and
// how a constraint is named in messages.
#include <cstdlib>

#include "numplace/certify.hpp"
#include "rules.hpp"

namespace np {
namespace variant {

namespace {
// A constraint's name lists at most this many cells: a hostile puzzle's
// cage of a million cells must not make a message of megabytes.
constexpr std::size_t kNamedCells = 30;
}  // namespace

std::string cell_name(int n, int cell) {
    if (cell < 0 || cell >= n * n) return "cell " + std::to_string(cell);
    return cell_label(cell / n + 1, cell % n + 1);
}

std::string cells_text(int n, const std::vector<int>& cells) {
    std::string text;
    for (std::size_t i = 0; i < cells.size() && i < kNamedCells; ++i) {
        if (i > 0) text += ' ';
        text += cell_name(n, cells[i]);
    }
    if (cells.size() > kNamedCells) text += " and " + std::to_string(cells.size() - kNamedCells) + " more";
    return text;
}

std::string cell_digit(const Ctx& ctx, int cell) {
    return cell_name(ctx.n, cell) + " (" + std::to_string(ctx.digit(cell)) + ")";
}

bool orthogonal(int n, int a, int b) {
    const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
    return dr + dc == 1;
}

bool king_step(int n, int a, int b) {
    const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
    return a != b && dr <= 1 && dc <= 1;
}

bool all_filled(const Ctx& ctx, const std::vector<int>& cells) {
    for (int cell : cells)
        if (!ctx.filled(cell)) return false;
    return true;
}

int sum_of(const Ctx& ctx, const std::vector<int>& cells) {
    int sum = 0;
    for (int cell : cells) sum += ctx.digit(cell);
    return sum;
}

Why repeated_digit(const Ctx& ctx, const std::vector<int>& cells) {
    int where[NP_MAX_SIDE + 1];  // the cell holding each digit so far, -1 for none
    for (int& w : where) w = -1;
    for (int cell : cells) {
        const int d = ctx.digit(cell);
        if (d == 0) continue;
        if (where[d] >= 0)
            return cell_name(ctx.n, where[d]) + " and " + cell_name(ctx.n, cell) + " both hold " + std::to_string(d);
        where[d] = cell;
    }
    return std::nullopt;
}

std::string sum_not(int sum, int wanted) { return "sum is " + std::to_string(sum) + ", not " + std::to_string(wanted); }

const std::vector<Step>& orthogonal_steps() {
    static const std::vector<Step> steps = {{0, 1}, {1, 0}};
    return steps;
}

}  // namespace variant

std::string describe_constraint(const Puzzle& puzzle, int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= puzzle.constraints.size())
        return "constraint " + std::to_string(index);
    const Constraint& c = puzzle.constraints[static_cast<std::size_t>(index)];
    std::string text = variant::kind_name(c.kind);
    if (c.cells.empty()) return text;  // a global kind: its name says it all
    // Groups apart by " | ": an arrow's circle from its lines, clone halves.
    text += " (";
    for (std::size_t g = 0; g < c.cells.size(); ++g) {
        if (g > 0) text += " | ";
        text += variant::cells_text(puzzle.side(), c.cells[g]);
    }
    return text + ")";
}

}  // namespace np
