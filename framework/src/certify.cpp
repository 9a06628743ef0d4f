#include "numplace/certify.hpp"

#include <cstdint>

#include "numplace/variant.hpp"

namespace np {

namespace {

// The first repeated value in row-major order, or found = false. Bit sets
// per unit: N <= 35 values fit in 64 bits. Every answer passes through here,
// so the loop stays lean and the words are built only for a failure.
struct Duplicate {
    bool found = false;
    int row = 0, column = 0, value = 0;
    const char* unit = "";
};

Duplicate first_duplicate_cell(const Grid& grid) {
    const int side = grid.side(), box_rows = grid.geometry.box_rows, box_cols = grid.geometry.box_cols;
    uint64_t columns[NP_MAX_SIDE] = {}, boxes[NP_MAX_SIDE] = {};
    int stack_of[NP_MAX_SIDE];  // box column of each column: no division per cell
    for (int c = 0; c < side; ++c) stack_of[c] = c / box_cols;
    const uint8_t* cell = grid.cells.data();
    for (int r = 0; r < side; ++r) {
        const int band_first_box = (r / box_rows) * box_rows;
        uint64_t row_seen = 0;
        for (int c = 0; c < side; ++c, ++cell) {
            const int v = *cell;
            if (v == 0) continue;
            const uint64_t bit = uint64_t{1} << v;
            const int b = band_first_box + stack_of[c];
            if (((row_seen | columns[c] | boxes[b]) & bit) == 0) {
                row_seen |= bit;
                columns[c] |= bit;
                boxes[b] |= bit;
                continue;
            }
            return {true, r + 1, c + 1, v, (row_seen & bit) ? "row" : (columns[c] & bit) ? "column" : "box"};
        }
    }
    return {};
}

std::string first_duplicate(const Grid& grid) {
    const Duplicate d = first_duplicate_cell(grid);
    if (!d.found) return "";
    std::string words = "value ";
    words += value_symbol(d.value);
    words += " repeats in its ";
    words += d.unit;
    words += " at ";
    words += cell_label(d.row, d.column);
    return words;
}

bool cells_fit(const Grid& grid) {
    return grid.geometry.valid() && grid.cells.size() == static_cast<std::size_t>(grid.geometry.cell_count());
}

// A variant grid's puzzle with the grid's own givens and masks: the grid is
// what was asked (a fuzzed copy may hold fewer givens than the puzzle it
// came from), the variant says which rules hold besides the Latin square.
Puzzle asked_puzzle(const Grid& grid) {
    Puzzle puzzle = *grid.variant;
    puzzle.grid = grid;
    puzzle.grid.variant = nullptr;
    return puzzle;
}

// The variant's own rules (regions, constraints), for a full solution.
std::string variant_problem(const Grid& puzzle, const Grid& solution) {
    if (!puzzle.is_variant()) return "";
    Grid plain = solution;
    plain.variant = nullptr;
    if (auto issue = check_variant(asked_puzzle(puzzle), plain)) return "the solution breaks a rule: " + issue->message;
    return "";
}

}  // namespace

std::string cell_label(int row, int column) {
    std::string label = "r";  // built by appends: GCC 12 warns falsely on "r" + std::to_string(...)
    label += std::to_string(row);
    label += 'c';
    label += std::to_string(column);
    return label;
}

bool obeys_rules(const Grid& grid) { return cells_fit(grid) && !first_duplicate_cell(grid).found; }

std::string certify_solution(const Grid& puzzle, const Grid& solution) {
    if (!(solution.geometry == puzzle.geometry) || !cells_fit(solution) || !cells_fit(puzzle))
        return "the solution has another shape than the puzzle";
    // One pass: values in range, givens kept, and each unit's set of values.
    // A full grid obeys the rules exactly when every unit holds all N values;
    // only a grid that does not is scanned again to say where.
    const int side = puzzle.side(), box_rows = puzzle.geometry.box_rows, box_cols = puzzle.geometry.box_cols;
    const uint8_t* given = puzzle.cells.data();
    const uint8_t* value = solution.cells.data();
    uint64_t rows[NP_MAX_SIDE] = {}, columns[NP_MAX_SIDE] = {}, boxes[NP_MAX_SIDE] = {};
    int stack_of[NP_MAX_SIDE];
    for (int c = 0; c < side; ++c) stack_of[c] = c / box_cols;
    for (int r = 0, i = 0; r < side; ++r) {
        const int band_first_box = (r / box_rows) * box_rows;
        for (int c = 0; c < side; ++c, ++i) {
            const int v = value[i];
            if (v == 0 || v > side || (given[i] != 0 && given[i] != v)) {
                if (v == 0 || v > side)
                    return "the solution has no value 1.." + std::to_string(side) + " at " + cell_label(r + 1, c + 1);
                return "the solution changes the given " + std::string(1, value_symbol(given[i])) + " at " +
                       cell_label(r + 1, c + 1) + " to " + std::string(1, value_symbol(v));
            }
            const uint64_t bit = uint64_t{1} << v;
            rows[r] |= bit;
            columns[c] |= bit;
            boxes[band_first_box + stack_of[c]] |= bit;
        }
    }
    // Pencilmarks: every value must be one of its cell's candidates.
    if (puzzle.has_candidates()) {
        if (puzzle.candidates.size() != puzzle.cells.size()) return "the puzzle's candidate masks do not fit its shape";
        for (int i = 0; i < side * side; ++i)
            if ((puzzle.candidates[static_cast<std::size_t>(i)] & (uint64_t{1} << value[i])) == 0)
                return "the solution puts " + std::string(1, value_symbol(value[i])) + " at " +
                       cell_label(i / side + 1, i % side + 1) + ", which is not one of its candidates";
    }
    const uint64_t all = ((uint64_t{1} << side) - 1) << 1;  // values 1..N
    bool complete = true;
    for (int k = 0; k < side; ++k) complete = complete && rows[k] == all && columns[k] == all && boxes[k] == all;
    if (complete) return variant_problem(puzzle, solution);
    if (auto dup = first_duplicate(solution); !dup.empty()) return "the solution breaks a rule: " + dup;
    return variant_problem(puzzle, solution);
}

std::string certify_variant_violation(const Grid& puzzle, const Reason& claimed) {
    if (!puzzle.is_variant()) return "it reports a broken constraint, but the puzzle has none";
    const Puzzle asked = asked_puzzle(puzzle);
    if (claimed.code == ReasonCode::bad_puzzle) {
        if (validate_variant(asked)) return "";
        return "it calls the puzzle malformed, but the host finds it well formed";
    }
    if (validate_variant(asked) || check_variant_partial(asked, asked.grid)) return "";
    return "it reports a broken constraint, but the givens break none";
}

std::string certify_violation(const Grid& puzzle, const Reason& claimed) {
    if (claimed.code == ReasonCode::bad_puzzle || claimed.code == ReasonCode::breaks_constraint)
        return certify_variant_violation(puzzle, claimed);
    for (const Reason& real : check_rules(puzzle)) {
        if (real.code != claimed.code || real.value != claimed.value) continue;
        // The unit the rule names must match; the cell may be left out.
        const bool unit_matches = claimed.code == ReasonCode::duplicate_in_row      ? real.row == claimed.row
                                  : claimed.code == ReasonCode::duplicate_in_column ? real.column == claimed.column
                                  : claimed.box != 0 ? real.box == claimed.box
                                                     : claimed.row != 0 && claimed.column != 0;
        const bool cell_matches = (claimed.row == 0 || claimed.row == real.row) &&
                                  (claimed.column == 0 || claimed.column == real.column);
        if (unit_matches && cell_matches) return "";
    }
    return "it reports a violation the givens do not have (" + claimed.message + ")";
}

namespace {

// A generated result with rules of its own (ABI 3.8): they are well formed,
// and the result keeps them (a puzzle's givens break none, a grid is full
// and obeys every one).
std::string certify_generated_variant(const Grid& result, bool is_puzzle) {
    for (uint8_t v : result.cells)
        if (v > result.side()) return "a value above " + std::to_string(result.side());
    Puzzle rules = *result.variant;
    rules.grid = result;
    rules.grid.variant = nullptr;
    if (auto issue = validate_variant(rules)) return "its rules are malformed: " + issue->message;
    const char* what = is_puzzle ? "the puzzle" : "the grid";
    if (!is_puzzle && !result.is_full()) return "the grid is not full";
    if (auto issue = is_puzzle ? check_variant_partial(rules, rules.grid) : check_variant(rules, rules.grid))
        return std::string(what) + " breaks a rule: " + issue->message;
    return "";
}

}  // namespace

std::string certify_generated(const Grid& result, bool is_puzzle) {
    if (!cells_fit(result)) return "the result has the wrong number of cells";
    const int side = result.side();
    if (result.is_variant()) return certify_generated_variant(result, is_puzzle);
    for (std::size_t i = 0; i < result.cells.size(); ++i) {
        const int v = result.cells[i];
        if (v > side || (v == 0 && !is_puzzle))
            return std::string(is_puzzle ? "the puzzle" : "the grid") + " has no value 1.." + std::to_string(side) +
                   " at " + cell_label(static_cast<int>(i) / side + 1, static_cast<int>(i) % side + 1);
    }
    if (auto dup = first_duplicate(result); !dup.empty())
        return std::string(is_puzzle ? "the puzzle" : "the grid") + " breaks a rule: " + dup;
    return "";
}

std::string where_grids_differ(const Grid& a, const Grid& b) {
    std::string first;
    int others = 0;
    for (std::size_t i = 0; i < a.cells.size() && i < b.cells.size(); ++i) {
        if (a.cells[i] == b.cells[i]) continue;
        if (!first.empty()) {
            ++others;
            continue;
        }
        const int side = a.side();
        first = cell_label(static_cast<int>(i) / side + 1, static_cast<int>(i) % side + 1);
        first += " (";
        first += value_symbol(a.cells[i]);
        first += " vs ";
        first += value_symbol(b.cells[i]);
        first += ")";
    }
    if (others > 0) first += " and " + std::to_string(others) + " more cell" + (others == 1 ? "" : "s");
    return first;
}

}  // namespace np
