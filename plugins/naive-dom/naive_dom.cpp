// naive-dom: seed 000 ("Number Place program, part 5", a Japanese blog post
// whose JavaScript keeps the grid in an HTML table), kept as plain as the
// seed, with its bug fixed.
//
// The seed makes a full grid like this:
//   1. fill the diagonal boxes with shuffled values (they share no row, column
//      or box with each other, so any shuffle fits);
//   2. walk the other cells in row-major order and give each a random value
//      from the ones its row, column and box still allow, placing at once any
//      cell that is left with a single candidate;
//   3. check the finished grid (every row, column and box, sorted, must read
//      1..N) and, if it is wrong, throw it away and start again.
// Here that is the grid generator, the same fill applied to a puzzle's empty
// cells is the solver, and the check of step 3 is the grid checker.
//
// Forced cells, "as they appear". The seed calls checkMustCell after every
// value it places: one pass over the empty cells that places each cell with a
// single candidate (later cells in the pass see the earlier placements).
// Here, after every placement that is not itself part of a diagonal box, the
// empty cells are swept in row-major order, each single-candidate cell is
// placed on the spot, and the sweep is repeated until one places nothing. So
// before every random choice no empty cell has fewer than two candidates.
// The diagonal boxes are placed as a block first: no cell inside an unfilled
// diagonal box can become forced by another diagonal box (they share no unit),
// so sweeping between their cells would only place cells outside them, which
// the sweep after the block places just the same (placing forced values is
// order-independent: it either reaches the same grid or a dead end).
//
// Dead ends. A cell with no candidate can never be filled (candidates only
// shrink), so the seed's grid would fail its final check; here the sweep sees
// such a cell at once and the attempt restarts without filling the rest.
// Every grid that reaches the end is then correct by construction; the final
// check is still made, as in the seed, and a refusal would be counted as
// "rejected" (it never happens; the tests hold it at zero).
//
// The seed's bug, fixed: its checkComplete loops over the 3x3 boxes with two
// nested loops and a `break` that leaves only the inner one, so the result of
// a failing box can be overwritten by a later passing box and a wrong grid
// passes. Here every unit is checked and every failing unit is reported.
// (Also: the seed sorts the values as strings, which is only right for
// single-digit values; here they are sorted as numbers.)
//
// Everything here (units, candidates, the fill, the checks) is this plugin's
// own code: the harness sets independent implementations against each other.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "numplace/plugin.hpp"
#include "numplace/random.hpp"

namespace {

// Without a budget, solve gives up after this many restarts (option
// "restarts"), so that an unsolvable puzzle gets "unknown" instead of a
// process that never ends. Measured on unsolvable puzzles: under a second on
// 9x9 (tdoku's zero-solution puzzles: 0.3 to 0.8 s), about 3.5 s on 16x16.
constexpr const char* kDefaultRestarts = "100000";

// "row 3, column 5", from 0-based coordinates.
std::string cell_text(int row, int column) {
    return "row " + std::to_string(row + 1) + ", column " + std::to_string(column + 1);
}

// ---------------------------------------------------------------------------
// The shape of a grid: which cells share a unit.
// ---------------------------------------------------------------------------
enum class UnitKind { row, column, box };

const char* unit_word(UnitKind kind) {
    return kind == UnitKind::row ? "row" : kind == UnitKind::column ? "column" : "box";
}

// The ABI's reason for a value repeated in a unit of this kind (its codes
// for row, column and box follow one another, as UnitKind does).
np_reason_code duplicate_code(UnitKind kind) {
    return static_cast<np_reason_code>(NP_REASON_DUPLICATE_IN_ROW + static_cast<int>(kind));
}

// A set of values as bits: bit v stands for value v (1..N, N <= 35).
using ValueSet = uint64_t;

class Shape {
public:
    Shape(int box_rows, int box_cols)
        : box_rows(box_rows),
          box_cols(box_cols),
          side(box_rows * box_cols),
          cell_count(side * side),
          all_values(((ValueSet{1} << side) - 1) << 1) {
        // The unit numbers of every cell, worked out once: the fill asks for
        // them on every candidate look-up.
        for (int cell = 0; cell < cell_count; ++cell) {
            const int row = cell / side;
            const int column = cell % side;
            row_of_.push_back(row);
            column_of_.push_back(column);
            // Boxes are numbered row-major; a band of boxes holds
            // N / box_cols = box_rows of them.
            box_of_.push_back((row / box_rows) * box_rows + column / box_cols);
        }
    }

    const int box_rows;
    const int box_cols;
    const int side;
    const int cell_count;
    const ValueSet all_values;

    int row_of(int cell) const { return row_of_[static_cast<std::size_t>(cell)]; }
    int column_of(int cell) const { return column_of_[static_cast<std::size_t>(cell)]; }
    int box_of(int cell) const { return box_of_[static_cast<std::size_t>(cell)]; }

    // The cells of one unit (0-based index), in row-major order.
    std::vector<int> unit_cells(UnitKind kind, int index) const {
        std::vector<int> cells;
        if (kind == UnitKind::row) {
            for (int column = 0; column < side; ++column) cells.push_back(index * side + column);
        } else if (kind == UnitKind::column) {
            for (int row = 0; row < side; ++row) cells.push_back(row * side + index);
        } else {
            const int top = (index / box_rows) * box_rows;
            const int left = (index % box_rows) * box_cols;
            for (int row = top; row < top + box_rows; ++row)
                for (int column = left; column < left + box_cols; ++column) cells.push_back(row * side + column);
        }
        return cells;
    }

private:
    std::vector<int> row_of_, column_of_, box_of_;
};

// ---------------------------------------------------------------------------
// The checker: seed 000's sort-and-compare, on every unit.
// ---------------------------------------------------------------------------

// The seed's checkTD: collect the unit's values, sort them, compare with
// 1..N. Returns 0 when they match. Otherwise returns the value the unit
// repeats, read off the sorted list as the first value equal to the one
// before it (so the smallest repeated value). For a full grid with values
// 1..N (the caller makes sure) a unit that is not 1..N must repeat one of
// its N values: there are only N to choose from.
int sort_and_compare(const Shape& shape, const uint8_t* cells, const std::vector<int>& unit) {
    std::vector<int> sorted;
    for (int cell : unit) sorted.push_back(cells[cell]);
    std::sort(sorted.begin(), sorted.end());

    bool is_one_to_n = true;
    for (int i = 0; i < shape.side; ++i)
        if (sorted[static_cast<std::size_t>(i)] != i + 1) is_one_to_n = false;
    if (is_one_to_n) return 0;

    for (std::size_t i = 1; i < sorted.size(); ++i)
        if (sorted[i] == sorted[i - 1]) return sorted[i];
    throw std::logic_error("a unit of a full grid differs from 1..N without repeating a value");
}

// A failing unit, located on the second cell (in row-major order) that holds
// the repeated value, which is cheap to find and names "the later of the two
// cells" as the ABI asks for duplicates.
struct Failure {
    UnitKind kind;
    int cell;   // row-major index
    int value;  // the repeated value
};

Failure unit_failure(const uint8_t* cells, UnitKind kind, const std::vector<int>& unit, int repeated) {
    int later_cell = -1;
    bool seen_once = false;
    for (int cell : unit) {
        if (cells[cell] != repeated) continue;
        if (seen_once) {
            later_cell = cell;
            break;
        }
        seen_once = true;
    }
    if (later_cell < 0) throw std::logic_error("repeated value not found twice in its unit");
    return {kind, later_cell, repeated};
}

// Every failing unit of a full grid (values 1..N): rows 1..N, then columns,
// then boxes in row-major order. Each unit is checked on its own and nothing
// stops the loops early, so a failing unit can never be hidden by a later
// passing one (the seed's `break` bug).
std::vector<Failure> failing_units(const Shape& shape, const uint8_t* cells) {
    std::vector<Failure> failures;
    for (UnitKind kind : {UnitKind::row, UnitKind::column, UnitKind::box}) {
        for (int index = 0; index < shape.side; ++index) {
            const std::vector<int> unit = shape.unit_cells(kind, index);
            const int repeated = sort_and_compare(shape, cells, unit);
            if (repeated != 0) failures.push_back(unit_failure(cells, kind, unit, repeated));
        }
    }
    return failures;
}

// The grid checker. Sort-and-compare needs a full grid of values 1..N: a grid
// with an empty cell is refused (a value above N never comes here: the layer
// reports it). Otherwise every failing unit is reported.
void check_grid(const Shape& shape, const uint8_t* cells, np::plugin::Check& call) {
    for (int cell = 0; cell < shape.cell_count; ++cell) {
        const int row = shape.row_of(cell), column = shape.column_of(cell);
        if (cells[cell] == 0)
            return call.refuse("naive-dom checks complete grids only (" + cell_text(row, column) + " is empty)");
    }
    for (const Failure& failure : failing_units(shape, cells))
        call.violation(duplicate_code(failure.kind), shape.row_of(failure.cell), shape.column_of(failure.cell),
                       failure.value);
}

// ---------------------------------------------------------------------------
// Checking a puzzle's givens: a plain scan, first problem only.
// ---------------------------------------------------------------------------

// Finds the first thing wrong with the givens (values are 0..N: the layer
// answers any other): a value repeated in a row, a column, a box, in that
// order, units in order, cells of a unit in row-major order, so the cell
// named is the later of the two equal cells. False when the givens are fine.
bool find_bad_given(const Shape& shape, const uint8_t* cells, np::plugin::Solve& call) {
    for (UnitKind kind : {UnitKind::row, UnitKind::column, UnitKind::box}) {
        for (int index = 0; index < shape.side; ++index) {
            ValueSet seen = 0;
            for (int cell : shape.unit_cells(kind, index)) {
                const int value = cells[cell];
                if (value == 0) continue;
                const ValueSet bit = ValueSet{1} << value;
                if ((seen & bit) != 0) {
                    call.invalid(duplicate_code(kind), shape.row_of(cell), shape.column_of(cell), value,
                                 "the given " + std::to_string(value) + " at " +
                                     cell_text(shape.row_of(cell), shape.column_of(cell)) + " repeats a " +
                                     std::to_string(value) + " earlier in its " + unit_word(kind));
                    return true;
                }
                seen |= bit;
            }
        }
    }
    return false;
}

// ---------------------------------------------------------------------------
// The board the fill works on: the cells and, per unit, the values used.
// ---------------------------------------------------------------------------
class Board {
public:
    explicit Board(const Shape& shape)
        : shape_(&shape),
          cells_(static_cast<std::size_t>(shape.cell_count), 0),
          row_used_(static_cast<std::size_t>(shape.side), 0),
          column_used_(static_cast<std::size_t>(shape.side), 0),
          box_used_(static_cast<std::size_t>(shape.side), 0) {}

    int value(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
    const uint8_t* data() const { return cells_.data(); }

    // The values no cell of this cell's row, column or box holds yet.
    ValueSet candidates(int cell) const {
        const ValueSet used = row_used_[unit(shape_->row_of(cell))] |
                              column_used_[unit(shape_->column_of(cell))] |
                              box_used_[unit(shape_->box_of(cell))];
        return shape_->all_values & ~used;
    }

    // The cell must be empty; the value is not checked (the fill only places
    // candidates, and the givens are checked before they are put).
    void put(int cell, int value) {
        cells_[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(value);
        const ValueSet bit = ValueSet{1} << value;
        row_used_[unit(shape_->row_of(cell))] |= bit;
        column_used_[unit(shape_->column_of(cell))] |= bit;
        box_used_[unit(shape_->box_of(cell))] |= bit;
    }

private:
    static std::size_t unit(int index) { return static_cast<std::size_t>(index); }

    const Shape* shape_;
    std::vector<uint8_t> cells_;
    std::vector<ValueSet> row_used_, column_used_, box_used_;
};

// The k-th (0-based) value of a set, counting from the smallest.
int nth_value(ValueSet set, uint64_t k) {
    for (; k > 0; --k) set &= set - 1;  // drop the smallest
    return std::countr_zero(set);
}

// ---------------------------------------------------------------------------
// One attempt of the randomized fill.
// ---------------------------------------------------------------------------
//
// Statistics, as reported in np_stats:
//  * a node is one value placed by the fill (a diagonal-box value, a forced
//    value or a random choice; givens are not nodes). The budget is charged
//    once per node, before the value is placed.
//  * a guess is a random choice among two or more alternatives, as the ABI
//    defines it (plugin_api.h, above np_stats): a random cell value with
//    k >= 2 candidates is one guess, and so is the shuffle of a diagonal box:
//    the whole box is one choice among N! orders, drawn in one go, even
//    though the Fisher-Yates shuffle draws N-1 random numbers to make it.
enum class Step { done, dead_end, budget_spent };

class RandomFill {
public:
    RandomFill(const Shape& shape, np::Rng& rng, np::plugin::Call& call) : shape_(shape), rng_(rng), call_(call) {}

    // Step 1 of the generator (the board must be empty): every diagonal box
    // (box (i, i) in box coordinates, for i < min(bands, stacks)) gets its own
    // shuffle of 1..N, written into its cells in row-major order.
    Step fill_diagonal_boxes(Board& board) {
        const int bands = shape_.side / shape_.box_rows;   // = box_cols
        const int stacks = shape_.side / shape_.box_cols;  // = box_rows
        std::vector<int> values(static_cast<std::size_t>(shape_.side));
        for (int i = 0; i < std::min(bands, stacks); ++i) {
            std::iota(values.begin(), values.end(), 1);
            rng_.shuffle(values.begin(), values.end());
            ++guesses_;  // one permutation, one guess (N >= 4 here, so N! > 1)
            std::size_t next = 0;
            for (int row = i * shape_.box_rows; row < (i + 1) * shape_.box_rows; ++row) {
                for (int column = i * shape_.box_cols; column < (i + 1) * shape_.box_cols; ++column) {
                    if (!place(board, row * shape_.side + column, values[next++])) return Step::budget_spent;
                }
            }
        }
        return Step::done;
    }

    // Step 2 (generator and solver): forced cells first, then every empty cell
    // in row-major order gets a random candidate, and the forced cells that
    // this creates are placed before the next random choice.
    Step fill_remaining_cells(Board& board) {
        Step step = place_forced_cells(board);
        if (step != Step::done) return step;
        for (int cell = 0; cell < shape_.cell_count; ++cell) {
            if (board.value(cell) != 0) continue;  // a given, diagonal or forced cell
            const ValueSet candidates = board.candidates(cell);
            const int count = std::popcount(candidates);
            if (count == 0) {  // cannot happen right after a sweep; kept for safety
                dead_end_cell_ = cell;
                return Step::dead_end;
            }
            // A random number is drawn only for a real choice, so a cell
            // with one candidate does not use up randomness.
            uint64_t pick = 0;
            if (count > 1) {
                pick = rng_.below(static_cast<uint64_t>(count));
                ++guesses_;
            }
            if (!place(board, cell, nth_value(candidates, pick))) return Step::budget_spent;
            step = place_forced_cells(board);
            if (step != Step::done) return step;
        }
        return Step::done;
    }

    uint64_t nodes() const { return nodes_; }
    uint64_t guesses() const { return guesses_; }
    // The cell found without a candidate by the last dead end (row-major index).
    int dead_end_cell() const { return dead_end_cell_; }

private:
    // Sweeps the empty cells in row-major order, placing every cell that has
    // one candidate left, until a sweep places nothing. A cell with no
    // candidate ends the attempt (a dead end).
    Step place_forced_cells(Board& board) {
        for (;;) {
            bool placed_any = false;
            for (int cell = 0; cell < shape_.cell_count; ++cell) {
                if (board.value(cell) != 0) continue;
                const ValueSet candidates = board.candidates(cell);
                if (candidates == 0) {
                    dead_end_cell_ = cell;
                    return Step::dead_end;
                }
                if (std::has_single_bit(candidates)) {
                    if (!place(board, cell, std::countr_zero(candidates))) return Step::budget_spent;
                    placed_any = true;
                }
            }
            if (!placed_any) return Step::done;
        }
    }

    // One node: charges the budget, then places the value.
    bool place(Board& board, int cell, int value) {
        if (call_.spent()) return false;
        board.put(cell, value);
        ++nodes_;
        return true;
    }

    const Shape& shape_;
    np::Rng& rng_;
    np::plugin::Call& call_;
    uint64_t nodes_ = 0;
    uint64_t guesses_ = 0;
    int dead_end_cell_ = -1;
};

// Restarts and refusals by the final check, over one call.
struct Tally {
    uint64_t restarts = 0;
    uint64_t rejected = 0;  // finished grids the check refused (never expected)
};

// ---------------------------------------------------------------------------
// The generator: seed 000's main loop, do { init(); putNumber(); } while the
// check fails. No restart cap: every listed shape finishes on average within
// a few thousand attempts (8x2, the slowest, about 2,500; 9x9 about two);
// a budget bounds the call. The N*N cells of `grid` are written once the
// grid is finished and checked, not before.
// ---------------------------------------------------------------------------
Step generate_grid(const Shape& shape, RandomFill& fill, uint8_t* grid, Tally& tally) {
    for (;;) {
        Board board(shape);
        Step step = fill.fill_diagonal_boxes(board);
        if (step == Step::done) step = fill.fill_remaining_cells(board);
        if (step == Step::budget_spent) return step;
        if (step == Step::done) {
            if (failing_units(shape, board.data()).empty()) {
                std::copy(board.data(), board.data() + shape.cell_count, grid);
                return Step::done;
            }
            ++tally.rejected;
        }
        ++tally.restarts;
    }
}

// ---------------------------------------------------------------------------
// The solver: the same fill on the puzzle's empty cells, restarted on a dead
// end until it finishes, the budget runs out or the restart cap is reached.
// ---------------------------------------------------------------------------
enum class SolveEnd { solved, budget_spent, restart_cap, same_every_time };

SolveEnd solve_puzzle(const Shape& shape, const Board& givens, RandomFill& fill, uint64_t max_restarts,
                      std::vector<uint8_t>& solution, Tally& tally) {
    for (;;) {
        Board board = givens;
        const uint64_t guesses_before = fill.guesses();
        const Step step = fill.fill_remaining_cells(board);
        if (step == Step::budget_spent) return SolveEnd::budget_spent;
        if (step == Step::done) {
            if (failing_units(shape, board.data()).empty()) {
                solution.assign(board.data(), board.data() + shape.cell_count);
                return SolveEnd::solved;
            }
            ++tally.rejected;
        }
        // An attempt that made no random choice is fully determined by the
        // givens: every restart would fail in exactly the same place.
        if (fill.guesses() == guesses_before) return SolveEnd::same_every_time;
        if (tally.restarts >= max_restarts) return SolveEnd::restart_cap;
        ++tally.restarts;
    }
}

// Why solve stopped short of the limit: the message that goes with its
// answer, "unknown" or (with a limit above 1) "found".
std::string short_of_limit_text(SolveEnd end, const Shape& shape, const RandomFill& fill, const Tally& tally,
                                uint64_t max_restarts) {
    // With a limit above 1 the caller wanted to know about more solutions;
    // this method cannot look for them.
    if (end == SolveEnd::solved) return "naive-dom stops at the first solution it finds; it cannot look for more";
    const std::string after = " after " + std::to_string(tally.restarts) + " restarts";
    const std::string cannot_tell = "; naive-dom cannot tell whether the puzzle has a solution";
    if (end == SolveEnd::budget_spent) return "budget ran out" + after + cannot_tell;
    if (end == SolveEnd::restart_cap)
        return "no solution" + after + " (option restarts=" + std::to_string(max_restarts) + ")" + cannot_tell;
    const int cell = fill.dead_end_cell();
    const std::string what = cell >= 0 ? cell_text(shape.row_of(cell), shape.column_of(cell)) + " has no candidate"
                                       : "the finished grid fails the check";
    return what + " before any random choice, so every restart would end the same way; naive-dom gives up (it "
                  "never proves that there is no solution)";
}

// ---------------------------------------------------------------------------
// The plugin: glue to the C++ layer (numplace/plugin.hpp).
// ---------------------------------------------------------------------------

// The statistics of solve and of each generated grid. The nodes are the
// fill's own count: the call's would include the one that found the budget
// spent.
void report(np::plugin::Call& call, const RandomFill& fill, const Tally& tally) {
    call.set_nodes(fill.nodes());
    call.guess(fill.guesses());
    call.counter("restarts", tally.restarts);
    call.counter("rejected", tally.rejected);
}

struct NaiveDom {
    static constexpr np::plugin::Info info = {
        "naive-dom", "1.0.0",
        "Seed 000's random fill with restarts: makes full grids, checks full grids by sort-and-compare, and "
        "solves by luck (finds a solution or says unknown; never proves unique, none or multiple).",
        NP_CAP_SOLVE | NP_CAP_GENERATE_GRID | NP_CAP_CHECK_GRID, /*max_side=*/0};  // only the listed shapes

    // Every R x C with R, C >= 2 and N = R*C <= 16, where restarting from
    // scratch stays quick (README.md has the measurements: from well under a
    // millisecond per grid up to about 0.1 s for 8x2; 9x9 takes a couple of
    // attempts). At 20x20 a grid takes over a second, so it stops here.
    // Shapes with R or C = 1 (Latin squares) are left out: their "boxes" are
    // rows or columns, which is not the puzzle the seed's method was written
    // for.
    static constexpr np_geometry shapes[] = {
        {2, 2},                                   // 4x4
        {2, 3}, {3, 2},                           // 6x6
        {2, 4}, {4, 2},                           // 8x8
        {3, 3},                                   // 9x9
        {2, 5}, {5, 2},                           // 10x10
        {2, 6}, {6, 2}, {3, 4}, {4, 3},           // 12x12
        {2, 7}, {7, 2},                           // 14x14
        {3, 5}, {5, 3},                           // 15x15
        {2, 8}, {8, 2}, {4, 4},                   // 16x16
    };

    static constexpr np_option_spec options[] = {
        {"restarts", "integer", kDefaultRestarts, "solve",
         "solve gives up (verdict unknown) after this many restarts; 0 = a single attempt"},
        {"seed", "integer", "0", "solve", "seed of solve's random choices (>= 0); the same seed gives the same answer"},
    };

    void solve(np::plugin::Solve& call) {
        const long long max_restarts = call.options.get_int("restarts");
        const long long seed = call.options.get_int("seed");
        if (max_restarts < 0 || seed < 0)
            return call.bad_option(std::string("option '") + (max_restarts < 0 ? "restarts" : "seed") +
                                   "' must not be negative");
        const Shape shape(call.shape.box_rows, call.shape.box_cols);
        if (find_bad_given(shape, call.givens, call)) return;
        Board givens(shape);
        for (int cell = 0; cell < shape.cell_count; ++cell)
            if (call.givens[cell] != 0) givens.put(cell, call.givens[cell]);

        np::Rng rng(static_cast<uint64_t>(seed));
        RandomFill fill(shape, rng, call);
        Tally tally;
        std::vector<uint8_t> solution;
        const SolveEnd end = solve_puzzle(shape, givens, fill, static_cast<uint64_t>(max_restarts), solution, tally);
        report(call, fill, tally);

        // The method never proves anything: short of the limit its answer is
        // "found" or "unknown", never "none" or "unique".
        call.gave_up();
        if (end == SolveEnd::solved && call.found(solution.data())) return;  // the limit was 1
        call.note(short_of_limit_text(end, shape, fill, tally, max_restarts));
    }

    void check(np::plugin::Check& call) {
        check_grid(Shape(call.shape.box_rows, call.shape.box_cols), call.cells, call);
    }

    // Result call.index of the seed's sequence. Its random numbers come from
    // call.rng, seeded with derive_seed(seed, index) as this plugin always
    // did, so that K=3 gives the first three of K=10 and a call may start
    // anywhere; the result's restarts draw from the same stream.
    bool generate(np::plugin::Generate& call) {
        const Shape shape(call.shape.box_rows, call.shape.box_cols);
        RandomFill fill(shape, call.rng, call);
        Tally tally;
        const Step step = generate_grid(shape, fill, call.out, tally);
        report(call, fill, tally);
        return step != Step::budget_spent;
    }
};

}  // namespace

NUMPLACE_PLUGIN(NaiveDom)
