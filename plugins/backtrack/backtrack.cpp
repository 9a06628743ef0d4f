// backtrack: plain recursive backtracking, the reference plugin.
//
// Solving follows seed 002: find the first empty cell in row-major order, try
// the values 1..N in ascending order, keep a value only if the row, the column
// and the box do not already hold it, recurse, and undo on the way back.
// Generating full grids follows seed 001: fill the cells in row-major order,
// starting each cell's values at a random offset.
//
// This plugin is meant to be obviously correct rather than fast: the other
// plugins are checked against it. So there are no bit masks, no candidate
// caches and no clever cell order; every rule check is a plain scan.
//
// The two seed bugs are fixed here:
//  * seed 002 looks for the first empty cell with two nested loops and a
//    `break` that leaves only the inner one, so it reports "solved" without
//    solving. Here the search is a function that returns the cell it found.
//  * seed 001 checks only the box cells to the left of the current column in
//    the rows above, so its grids can repeat a value inside a box. Here the
//    whole box is checked (as are the whole row and column).

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "numplace/plugin.hpp"

namespace {

// Largest grid side this plugin accepts. Plain backtracking on bigger grids
// would not finish in any useful time anyway.
constexpr uint32_t kMaxSide = 25;

constexpr uint8_t kEmptyCell = 0;

// ---------------------------------------------------------------------------
// The board: cells of one grid and the one rule check everything is built on.
// ---------------------------------------------------------------------------
class Board {
public:
    Board(int box_rows, int box_cols)
        : box_rows_(box_rows),
          box_cols_(box_cols),
          side_(box_rows_ * box_cols_),
          cells_(static_cast<std::size_t>(side_ * side_), kEmptyCell) {}

    int side() const { return side_; }
    int box_rows() const { return box_rows_; }
    int box_cols() const { return box_cols_; }
    int cell_count() const { return side_ * side_; }

    uint8_t get(int row, int col) const { return cells_[index(row, col)]; }
    void set(int row, int col, uint8_t value) { cells_[index(row, col)] = value; }

    void load(const uint8_t* cells) {
        std::memcpy(cells_.data(), cells, cells_.size());
    }
    const uint8_t* cells() const { return cells_.data(); }
    void store(uint8_t* destination) const {
        std::memcpy(destination, cells_.data(), cells_.size());
    }

    // 0-based box number of a cell; boxes are numbered row-major, and a band
    // of boxes holds N / box_cols = box_rows of them.
    int box_of(int row, int col) const { return (row / box_rows_) * box_rows_ + col / box_cols_; }

    // May `value` go into (row, col)? Only if no cell of the same row, column
    // or box already holds it. The cell itself is scanned too: it is empty
    // whenever this is asked, and an empty cell never equals a value 1..N.
    bool is_valid(int row, int col, int value) const {
        for (int c = 0; c < side_; ++c) {
            if (get(row, c) == value) return false;
        }
        for (int r = 0; r < side_; ++r) {
            if (get(r, col) == value) return false;
        }
        // The whole box, every row of it and every column of it (seed 001
        // looked only at part of the box).
        const int top = (row / box_rows_) * box_rows_;
        const int left = (col / box_cols_) * box_cols_;
        for (int r = top; r < top + box_rows_; ++r) {
            for (int c = left; c < left + box_cols_; ++c) {
                if (get(r, c) == value) return false;
            }
        }
        return true;
    }

    // Row-major index of the first empty cell, or -1 when the grid is full.
    // A function with a `return` inside both loops: leaving the inner loop
    // alone (seed 002's `break`) would carry on scanning and lose the cell.
    int first_empty_cell() const {
        for (int row = 0; row < side_; ++row) {
            for (int col = 0; col < side_; ++col) {
                if (get(row, col) == kEmptyCell) return row * side_ + col;
            }
        }
        return -1;
    }

private:
    std::size_t index(int row, int col) const { return static_cast<std::size_t>(row * side_ + col); }

    int box_rows_;
    int box_cols_;
    int side_;
    std::vector<uint8_t> cells_;
};

// ---------------------------------------------------------------------------
// Checking the givens before searching.
// ---------------------------------------------------------------------------

// Finds the first thing wrong with the givens, in this order: a value above
// N anywhere (the host already rejects those; checked again so that nothing
// below can index out of range), then a repeated value in a row, in a column,
// in a box. Units are scanned in order and the cells of a unit in row-major
// order, so the cell reported is always the later of the two equal cells in
// row-major order, as the ABI asks. Returns false when the givens are fine.
//
// A plain scan of its own, not the framework's check_rules: the plugins are
// meant to be independent of each other and of the host.
bool find_bad_given(const Board& board, np::plugin::Solve& call) {
    const int side = board.side();

    for (int row = 0; row < side; ++row) {
        for (int col = 0; col < side; ++col) {
            if (board.get(row, col) > side) {
                call.invalid(NP_REASON_VALUE_OUT_OF_RANGE, row, col, board.get(row, col),
                             "value " + std::to_string(board.get(row, col)) + " at row " + std::to_string(row + 1) +
                                 ", column " + std::to_string(col + 1) + " is above " + std::to_string(side));
                return true;
            }
        }
    }

    // seen[v] is true once value v has appeared earlier in the unit being
    // scanned. Values are at most 25 here, so a fixed array is enough.
    bool seen[kMaxSide + 1];
    auto report = [&](np_reason_code code, const char* unit, int row, int col) {
        const std::string value = std::to_string(board.get(row, col));
        call.invalid(code, row, col, board.get(row, col),
                     "the given " + value + " at row " + std::to_string(row + 1) + ", column " +
                         std::to_string(col + 1) + " repeats a " + value + " earlier in its " + unit);
    };

    for (int row = 0; row < side; ++row) {
        std::memset(seen, 0, sizeof seen);
        for (int col = 0; col < side; ++col) {
            const int value = board.get(row, col);
            if (value == kEmptyCell) continue;
            if (seen[value]) {
                report(NP_REASON_DUPLICATE_IN_ROW, "row", row, col);
                return true;
            }
            seen[value] = true;
        }
    }

    for (int col = 0; col < side; ++col) {
        std::memset(seen, 0, sizeof seen);
        for (int row = 0; row < side; ++row) {
            const int value = board.get(row, col);
            if (value == kEmptyCell) continue;
            if (seen[value]) {
                report(NP_REASON_DUPLICATE_IN_COLUMN, "column", row, col);
                return true;
            }
            seen[value] = true;
        }
    }

    for (int top = 0; top < side; top += board.box_rows()) {
        for (int left = 0; left < side; left += board.box_cols()) {
            std::memset(seen, 0, sizeof seen);
            for (int row = top; row < top + board.box_rows(); ++row) {
                for (int col = left; col < left + board.box_cols(); ++col) {
                    const int value = board.get(row, col);
                    if (value == kEmptyCell) continue;
                    if (seen[value]) {
                        report(NP_REASON_DUPLICATE_IN_BOX, "box", row, col);
                        return true;
                    }
                    seen[value] = true;
                }
            }
        }
    }
    return false;
}

// ---------------------------------------------------------------------------
// Solving and counting (seed 002's method).
// ---------------------------------------------------------------------------
//
// Statistics, as reported in np_stats:
//  * a node is one call of search(), i.e. one board state looked at: the
//    givens as passed in, and every board reached by placing one more value.
//    The budget is charged once per node, before the node is looked at.
//  * a guess is a node whose first empty cell has two or more values that
//    fit (pass is_valid), counted once however many of them are tried, as
//    the ABI defines it (plugin_api.h, above np_stats). Nodes with exactly
//    one fitting value are forced moves, not guesses; nodes with none are
//    dead ends ("dead_ends" counter).
class Solver {
public:
    Solver(Board& board, np::plugin::Solve& call) : board_(board), call_(call) {}

    void run() {
        search();
        call_.set_nodes(nodes_);
        call_.guess(guesses_);
        call_.counter("dead_ends", dead_ends_);
    }

private:
    // Explores every completion of the current board. Returns true when the
    // whole search must stop (the limit is reached or the budget ran out), so
    // that every level unwinds at once; false when this subtree is done.
    // Every value placed here is taken back before returning, so the board
    // is as it was on entry.
    bool search() {
        if (call_.spent()) return true;
        ++nodes_;

        const int cell = board_.first_empty_cell();
        // A full board is a solution (every value passed is_valid when placed,
        // and the givens were checked); the search never reaches the same full
        // board twice, so the witnesses are distinct.
        if (cell < 0) return call_.found(board_.cells());
        const int row = cell / board_.side();
        const int col = cell % board_.side();

        // The values that fit, in ascending order. They are collected before
        // trying any of them only to tell guesses from forced moves; the list
        // stays right while we try them, because each subtree takes back
        // everything it placed.
        uint8_t fitting[kMaxSide];
        int fitting_count = 0;
        for (int value = 1; value <= board_.side(); ++value) {
            if (board_.is_valid(row, col, value)) fitting[fitting_count++] = static_cast<uint8_t>(value);
        }
        if (fitting_count == 0) {
            ++dead_ends_;
            return false;
        }
        if (fitting_count > 1) ++guesses_;

        for (int i = 0; i < fitting_count; ++i) {
            board_.set(row, col, fitting[i]);
            const bool must_stop = search();
            board_.set(row, col, kEmptyCell);  // undo, also when unwinding
            if (must_stop) return true;
        }
        return false;
    }

    Board& board_;
    np::plugin::Solve& call_;
    uint64_t nodes_ = 0;
    uint64_t guesses_ = 0;
    uint64_t dead_ends_ = 0;
};

// ---------------------------------------------------------------------------
// Generating full grids (seed 001's method, box check fixed).
// ---------------------------------------------------------------------------
//
// The random scheme, exactly (so that a seed always gives the same grid):
//  * result i of the seed's sequence uses its own np::Rng seeded with
//    np::derive_seed(request seed, i), and nothing else, so it does not
//    depend on how many results were asked for, nor on where the call
//    started (result k of a call is result first_index + k);
//  * the cells are filled in row-major order, starting from an empty grid;
//  * every time the search enters a cell (the first time, and again after
//    backtracking changed an earlier cell), it draws start = rng.below(N)
//    once, before looking at any value, and tries the values
//    ((start + i) % N) + 1 for i = 0..N-1, skipping those that do not fit.
// Nodes and guesses are counted as for solving: a node is one entry into a
// cell, a guess is an entry with two or more fitting values (once per entry,
// however many of them are tried: the ABI's one definition).
class GridFiller {
public:
    enum class Outcome { filled, dead_end, budget_spent };

    GridFiller(Board& board, np::plugin::Generate& call) : board_(board), rng_(call.rng), call_(call) {}

    Outcome fill() { return fill_from(0); }

    uint64_t nodes() const { return nodes_; }
    uint64_t guesses() const { return guesses_; }
    uint64_t dead_ends() const { return dead_ends_; }

private:
    // Fills cell `cell` and all cells after it; on success the board is full
    // and stays so, otherwise those cells are empty again.
    Outcome fill_from(int cell) {
        if (cell == board_.cell_count()) return Outcome::filled;
        if (call_.spent()) return Outcome::budget_spent;
        ++nodes_;

        const int side = board_.side();
        const int row = cell / side;
        const int col = cell % side;
        const int start = static_cast<int>(rng_.below(static_cast<uint64_t>(side)));

        uint8_t fitting[kMaxSide];
        int fitting_count = 0;
        for (int i = 0; i < side; ++i) {
            const int value = ((start + i) % side) + 1;
            if (board_.is_valid(row, col, value)) fitting[fitting_count++] = static_cast<uint8_t>(value);
        }
        if (fitting_count == 0) {
            ++dead_ends_;
            return Outcome::dead_end;
        }
        if (fitting_count > 1) ++guesses_;

        for (int i = 0; i < fitting_count; ++i) {
            board_.set(row, col, fitting[i]);
            const Outcome outcome = fill_from(cell + 1);
            if (outcome == Outcome::filled) return outcome;  // keep the value
            board_.set(row, col, kEmptyCell);
            if (outcome == Outcome::budget_spent) return outcome;
        }
        return Outcome::dead_end;
    }

    Board& board_;
    np::Rng& rng_;
    np::plugin::Generate& call_;
    uint64_t nodes_ = 0;
    uint64_t guesses_ = 0;
    uint64_t dead_ends_ = 0;
};

// ---------------------------------------------------------------------------
// The plugin: glue to the C++ layer (numplace/plugin.hpp).
// ---------------------------------------------------------------------------

struct Backtrack {
    static constexpr np::plugin::Info info = {
        "backtrack", "1.0.0",
        "Plain recursive backtracking (first empty cell, values 1..N): the reference solver and counter; "
        "also makes full grids.",
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_GENERATE_GRID, kMaxSide};

    void solve(np::plugin::Solve& call) {
        Board board(call.shape.box_rows, call.shape.box_cols);
        board.load(call.givens);
        if (find_bad_given(board, call)) return;
        Solver(board, call).run();
    }

    // Result call.index of the seed's sequence, from its own generator (the
    // layer seeds it from the seed and the index).
    bool generate(np::plugin::Generate& call) {
        Board board(call.shape.box_rows, call.shape.box_cols);
        GridFiller filler(board, call);
        const GridFiller::Outcome outcome = filler.fill();
        call.set_nodes(filler.nodes());
        call.guess(filler.guesses());
        call.counter("dead_ends", filler.dead_ends());
        // A dead end cannot happen: every shape R x C has full grids, and the
        // search tries every value in every cell before giving up.
        if (outcome == GridFiller::Outcome::dead_end) throw std::logic_error("the empty grid had no completion");
        if (outcome == GridFiller::Outcome::budget_spent) return false;
        board.store(call.out);
        return true;
    }
};

}  // namespace

NUMPLACE_PLUGIN(Backtrack)
