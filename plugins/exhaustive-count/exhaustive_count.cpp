// exhaustive-count: the uniqueness oracle. Counts every solution of a puzzle
// (or up to a limit) as an exact cover problem, solved with Knuth's
// Algorithm X on dancing links (DLX).
//
// Why a second method: the other plugins place values in cells and check the
// rules; this one never looks at a grid while searching. A Sudoku becomes a
// 0/1 matrix, a solution is a set of matrix rows that covers every column
// exactly once, and the search only unlinks and relinks list nodes. Agreement
// between the two kinds of code is what makes its counts worth trusting.
//
// The matrix, for an N x N grid with boxes of R x C cells (N = R*C):
//  * 4*N*N columns, the constraints, each to be met exactly once:
//      cell (r, c) holds a value,  row r holds value v,
//      column c holds value v,     box b holds value v;
//  * N*N*N rows, the choices "value v in cell (r, c)", each with four 1s:
//    one in each kind of column.
// Jigsaws (ABI 3.7): the box columns are the regions' ("region b holds v"),
// from the map the host sends; a grid without regions gets its rows as
// regions, which adds no rule (each row holds every value once already) and
// keeps four nodes a row.
// The givens are chosen up front (their rows selected, their columns
// covered); a given whose row meets a column already covered by an earlier
// given is a duplicate, reported as invalid input.
//
// The search (Algorithm X): pick the uncovered column with the fewest rows
// left (Knuth's S heuristic: a column with none is a dead end, one with a
// single row is a forced move), cover it, and try each of its rows in turn:
// select the row (cover its other columns), search on, deselect. When no
// column is left, the selected rows are a solution.
//
// Speed, because counts run to tens of millions (the 6x6 total is
// 28,200,960):
//  * plain int arrays for the links, allocated once per call before the
//    search, never inside it;
//  * every matrix row has exactly four nodes, stored together at an index
//    that is a multiple of 4, so a node's row mates are found by bit
//    arithmetic and rows need no left/right links;
//  * the search is a loop with an explicit stack of chosen nodes, not
//    recursion;
//  * the column scan stops at a column with a single row (nothing but an
//    empty column can beat it);
//  * the last two empty cells are counted in bulk: with one cell left, each
//    row still in its column completes the cover; with two left, each pair
//    of rows of the two cells that share no column does. So the search never
//    covers and uncovers just to find the matrix empty.
//
// Proofs (docs/proofs.md): when the host asks for one, the search writes
// itself as a case-split tree as it goes: a column with rows is a split (a
// cell column over the cell's values, a value column over the unit's cells
// where the value may go), a column without rows or an empty matrix a leaf.
// The host's checker accepts the tree without trusting this search.

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "numplace/plugin.hpp"

namespace {

// Largest grid side accepted: the ABI's symbols go higher, but 25 (5x5
// boxes) is the largest common shape, and the matrix (4*N^3 nodes) stays
// small up to there.
constexpr uint32_t kMaxSide = 25;

// ---------------------------------------------------------------------------
// The exact cover matrix and Algorithm X.
// ---------------------------------------------------------------------------
//
// Node numbering (one index space for up/down/column_of):
//   0 .. columns-1            column headers: the heads of the vertical lists
//   columns                   the root: head of the list of uncovered columns
//   first_row_node_ + 4*id + k
//                             node k of matrix row id; k = 0 cell, 1 row-value,
//                             2 column-value, 3 box-value
// first_row_node_ is a multiple of 4, so the four nodes of a row differ only
// in their two lowest bits.
//
// Matrix row id = (r*N + c)*N + (v-1): the cell is id / N, the value id % N + 1.
class ExactCover {
public:
    // Makes the matrix of this shape with every column uncovered. Allocates
    // only when the side changes (box shape alone changes the box columns'
    // links, not the sizes).
    // `regions`: the region of each cell (N*N, -1 for none), or empty for
    // the boxes.
    void reset(int box_rows, int box_cols, const std::vector<int>& regions) {
        const int side = box_rows * box_cols;
        region_.resize(static_cast<std::size_t>(side) * side);
        for (int cell = 0; cell < side * side; ++cell) {
            const int r = cell / side, c = cell % side;
            const int box = (r / box_rows) * box_rows + c / box_cols;
            const int given = regions.empty() ? box : regions[static_cast<std::size_t>(cell)];
            region_[static_cast<std::size_t>(cell)] = given < 0 ? r : given;
        }
        if (side != side_) {
            side_ = side;
            columns_ = 4 * side * side;
            root_ = columns_;
            first_row_node_ = (columns_ + 1 + 3) & ~3;
            const std::size_t nodes = static_cast<std::size_t>(first_row_node_) +
                                      4u * static_cast<std::size_t>(side) * side * side;
            up_.assign(nodes, 0);
            down_.assign(nodes, 0);
            column_of_.assign(nodes, 0);
            left_.assign(static_cast<std::size_t>(columns_) + 1, 0);
            right_.assign(static_cast<std::size_t>(columns_) + 1, 0);
            size_.assign(static_cast<std::size_t>(columns_), 0);
            chosen_.assign(static_cast<std::size_t>(side) * side + 1, 0);
        }
        link();
        open_cells_ = side_ * side_;
    }

    int side() const { return side_; }

    // Selects the row of a given, value 1..N in cell (row, column), 0-based.
    // Returns NP_REASON_NONE, or the unit in which an earlier given already
    // holds the value: the row's column for that unit is covered. Units are
    // looked at in the order row, column, box; the cell's own column cannot
    // be covered, since every cell has one given at most.
    np_reason_code select_given(int row, int column, int value) {
        const int id = (row * side_ + column) * side_ + (value - 1);
        const int node = first_row_node_ + 4 * id;
        if (is_covered(column_of_[node + 1])) return NP_REASON_DUPLICATE_IN_ROW;
        if (is_covered(column_of_[node + 2])) return NP_REASON_DUPLICATE_IN_COLUMN;
        if (is_covered(column_of_[node + 3])) return NP_REASON_DUPLICATE_IN_BOX;
        // The cell's column is covered by hand: selecting a row is "cover its
        // column, then the columns of its mates".
        cover(column_of_[node]);
        select_mates(node);
        --open_cells_;
        return NP_REASON_NONE;
    }

    // Takes the row "value 1..N in cell" out of the matrix, for a candidate
    // the puzzle's masks leave out: before any given is selected, so it is
    // unlinked from all four of its columns, and never relinked in the call.
    void drop_row(int cell, int value) {
        const int node = first_row_node_ + 4 * (cell * side_ + value - 1);
        for (int j = node; j < node + 4; ++j) {
            const auto n = static_cast<std::size_t>(j);
            down_[static_cast<std::size_t>(up_[n])] = down_[n];
            up_[static_cast<std::size_t>(down_[n])] = up_[n];
            --size_[static_cast<std::size_t>(column_of_[n])];
        }
    }

    // What one search did, besides the solutions (the call counts those).
    struct Tally {
        uint64_t nodes = 0;
        // Nodes whose chosen column has two or more rows, once per node however
        // many rows are tried there: the ABI's one definition of a guess.
        uint64_t guesses = 0;
        uint64_t dead_ends = 0;
        uint64_t bulk_counted = 0;  // solutions counted at the last two cells
    };

    // Counts the covers of what is left, up to the call's limit, handing
    // each solution to the call as a full grid (givens included).
    Tally count(np::plugin::Solve& call) {
        Tally tally;
        const int* const down = down_.data();
        const int* const column_of = column_of_.data();
        int* const chosen = chosen_.data();
        const int open_at_start = open_cells_;

        // A solution made of the rows chosen so far plus up to two more
        // (`a`, `b`: nodes, or -1). Returns true when the limit is reached.
        // The call keeps the first NP_MAX_WITNESSES solutions as witnesses
        // and only counts the rest, so the grid is written out for those
        // first ones alone (a count runs to tens of millions); later
        // solutions pass the last grid written, which the call does not read.
        int depth = 0;
        uint8_t grid[kMaxSide * kMaxSide];
        // The proof of this search, when one is asked (null otherwise): see
        // write_column.
        np::proof::ProofWriter* const proof = call.proof();
        auto found = [&](int a, int b) {
            if (call.count() < NP_MAX_WITNESSES) write_grid(call.givens, depth, a, b, grid);
            return call.found(grid);
        };

        // The search tree, walked with an explicit stack: chosen[d] is the
        // node selected at depth d. A "node" of the search is one partial
        // cover looked at (the budget is charged for each); once two empty
        // cells or fewer are left, the node counts its completions itself
        // (count_last_cells) instead of searching on.
        bool descend = true;
        for (;;) {
            if (descend) {
                if (call.spent()) break;
                ++tally.nodes;
                descend = false;
                const int open = open_at_start - depth;
                if (open <= 2) {
                    const uint64_t before = call.count();
                    const bool at_limit = count_last_cells(open, tally, found, proof);
                    tally.bulk_counted += call.count() - before;
                    if (call.count() == before) ++tally.dead_ends;
                    if (at_limit) break;
                } else {
                    const int column = fewest_rows_column();
                    const int rows = size_[column];
                    if (proof != nullptr) write_column(*proof, column);
                    if (rows == 0) {
                        ++tally.dead_ends;
                    } else {
                        if (rows > 1) ++tally.guesses;
                        cover(column);
                        const int node = down[column];
                        chosen[depth++] = node;
                        select_mates(node);
                        descend = true;
                        continue;
                    }
                }
            }
            // Backtrack: move the deepest choice on to the next row of its
            // column, or, past the last row, uncover the column and go up.
            if (depth == 0) break;
            const int node = chosen[--depth];
            deselect_mates(node);
            const int next = down[node];
            const int column = column_of[node];
            if (next == column) {
                uncover(column);
                continue;
            }
            chosen[depth++] = next;
            select_mates(next);
            descend = true;
        }
        // Leaves the matrix as it was only when the search ran to its end;
        // reset() relinks everything before the next call in any case.
        return tally;
    }

private:
    // Links every column header into the root's list and every matrix row
    // into the vertical lists of its four columns, rows in id order.
    void link() {
        const int side = side_;
        for (int c = 0; c <= columns_; ++c) {
            left_[static_cast<std::size_t>(c)] = c == 0 ? columns_ : c - 1;
            right_[static_cast<std::size_t>(c)] = c == columns_ ? 0 : c + 1;
        }
        for (int c = 0; c < columns_; ++c) {
            up_[static_cast<std::size_t>(c)] = c;
            down_[static_cast<std::size_t>(c)] = c;
            column_of_[static_cast<std::size_t>(c)] = c;
            size_[static_cast<std::size_t>(c)] = 0;
        }
        const int cells = side * side;
        for (int r = 0; r < side; ++r) {
            for (int c = 0; c < side; ++c) {
                const int box = region_[static_cast<std::size_t>(r * side + c)];
                for (int v = 0; v < side; ++v) {
                    const int id = (r * side + c) * side + v;
                    const int node = first_row_node_ + 4 * id;
                    append(node + 0, r * side + c);
                    append(node + 1, cells + r * side + v);
                    append(node + 2, 2 * cells + c * side + v);
                    append(node + 3, 3 * cells + box * side + v);
                }
            }
        }
    }

    // Puts `node` at the bottom of `column`'s vertical list.
    void append(int node, int column) {
        const std::size_t n = static_cast<std::size_t>(node);
        const std::size_t c = static_cast<std::size_t>(column);
        column_of_[n] = column;
        up_[n] = up_[c];
        down_[n] = column;
        down_[static_cast<std::size_t>(up_[c])] = node;
        up_[c] = node;
        ++size_[c];
    }

    // A column is covered when it has been taken out of the root's list: its
    // left neighbour no longer points at it. (Covering never makes a list
    // element point back at a removed column, and givens are only ever
    // covered, never uncovered, when this is asked.)
    bool is_covered(int column) const {
        return right_[static_cast<std::size_t>(left_[static_cast<std::size_t>(column)])] != column;
    }

    // Knuth's S heuristic: the uncovered column with the fewest rows, the
    // first such in list order. The scan stops at a column of one row: only
    // an empty column could beat it, and an empty column stays empty, so the
    // next node finds it anyway; the scan is most of the cost of a node.
    int fewest_rows_column() const {
        const int* const right = right_.data();
        const int* const size = size_.data();
        int best = right[root_];
        int best_size = size[best];
        for (int c = right[best]; c != root_ && best_size > 1; c = right[c]) {
            if (size[c] < best_size) {
                best = c;
                best_size = size[c];
            }
        }
        return best;
    }

    // The last levels, counted without covering. With `open` empty cells
    // left, exactly 4*open columns are uncovered: the open cells' own
    // columns, which come first in the list (cell columns have the lowest
    // numbers and covering keeps the order), and 3*open unit columns. Every
    // row still in the matrix meets four uncovered columns, so
    //  * open = 0: the empty selection is the one solution;
    //  * open = 1: every row left in the cell's column covers all four;
    //  * open = 2: a row of the first cell and a row of the second complete
    //    the cover exactly when they share no column (fits()).
    // `found(a, b)` takes each solution's last rows; returns true at the limit.
    // With a proof, these levels are written as if searched: a split on the
    // first cell, under each of its rows a split on the second cell over the
    // rows that fit (a leaf when none does), and a leaf per solution.
    template <class Found>
    bool count_last_cells(int open, Tally& tally, Found& found, np::proof::ProofWriter* proof) {
        const int* const right = right_.data();
        const int* const down = down_.data();
        if (open == 0) {
            if (proof != nullptr) proof->leaf();
            return found(-1, -1);
        }
        const int first = right[root_];
        if (size_[first] > 1) ++tally.guesses;
        if (proof != nullptr) write_column(*proof, first);
        if (open == 1) {
            for (int a = down[first]; a != first; a = down[a]) {
                if (proof != nullptr) proof->leaf();
                if (found(a, -1)) return true;
            }
            return false;
        }
        const int second = right[first];
        for (int a = down[first]; a != first; a = down[a]) {
            if (proof != nullptr) write_fitting(*proof, second, a);
            for (int b = down[second]; b != second; b = down[b]) {
                if (!fits(a, b)) continue;
                if (proof != nullptr) proof->leaf();
                if (found(a, b)) return true;
            }
        }
        return false;
    }

    // Rows of the last two cells complete the cover together exactly when
    // they share no column. Rows of the same kind of node are the only ones
    // that can share one (node k of a row is in a column of kind k), and the
    // two cells' own columns differ, so three comparisons decide.
    bool fits(int a, int b) const {
        const int* const column_of = column_of_.data();
        const int row_a = a & ~3, row_b = b & ~3;
        return column_of[row_a + 1] != column_of[row_b + 1] && column_of[row_a + 2] != column_of[row_b + 2] &&
               column_of[row_a + 3] != column_of[row_b + 3];
    }

    // ---- The proof (docs/proofs.md) ----
    // Each node of the search is a node of the proof tree, written when the
    // walk reaches it, so the tree comes out in pre-order with its children
    // in the order the rows are tried. A column maps straight onto the
    // format: a cell column is a split on that cell over the values of its
    // rows; a row-, column- or box-value column is a split on where that
    // value goes in the unit, over the cells of its rows. A column without
    // rows is a leaf (a contradiction), and so is an empty matrix (a
    // solution). The checker propagates at least as much as the matrix does
    // (a selected row's conflicting rows are its placed value's peers and the
    // cell's other values), so its candidates at any node are among the rows
    // left here: every split covers them, and every leaf here is one there.

    // The matrix row of a node: its cell and value.
    int cell_of(int node) const { return ((node - first_row_node_) >> 2) / side_; }
    int value_of(int node) const { return ((node - first_row_node_) >> 2) % side_ + 1; }

    // The split on a column, over its rows in the order the search tries them.
    void write_column(np::proof::ProofWriter& proof, int column) const {
        const int cells = side_ * side_;
        const bool cell_column = column < cells;
        int listed[kMaxSide];
        int n = 0;
        for (int node = down_[column]; node != column; node = down_[node])
            listed[n++] = cell_column ? value_of(node) : cell_of(node);
        const std::span<const int> alternatives(listed, static_cast<std::size_t>(n));
        if (n == 0) return proof.leaf();
        if (cell_column) return proof.split_cell(column, alternatives);
        // Value columns: kind 1 row, 2 column, 3 box; then unit * N + value - 1.
        const int kind = column / cells, rest = column % cells;
        proof.split_place(static_cast<np::proof::UnitKind>(kind - 1), rest / side_, rest % side_ + 1, alternatives);
    }

    // Under row `a` of the first of the last two cells: the split on the
    // second cell (`column`) over its rows that fit with `a`, or a leaf.
    void write_fitting(np::proof::ProofWriter& proof, int column, int a) const {
        int values[kMaxSide];
        int n = 0;
        for (int b = down_[column]; b != column; b = down_[b])
            if (fits(a, b)) values[n++] = value_of(b);
        if (n == 0) return proof.leaf();
        proof.split_cell(column, std::span<const int>(values, static_cast<std::size_t>(n)));
    }

    // The row mates of a node, in cyclic order after it (step 1..3): keep the
    // row's base (a multiple of 4) and step the low two bits.
    static int mate(int node, int step) { return (node & ~3) | ((node + step) & 3); }

    // Takes a column out of the root's list and every row that meets it out
    // of the other columns it meets.
    void cover(int column) {
        int* const up = up_.data();
        int* const down = down_.data();
        const int* const column_of = column_of_.data();
        int* const size = size_.data();
        int* const left = left_.data();
        int* const right = right_.data();
        left[right[column]] = left[column];
        right[left[column]] = right[column];
        for (int row = down[column]; row != column; row = down[row]) {
            for (int step = 1; step <= 3; ++step) {
                const int j = mate(row, step);
                down[up[j]] = down[j];
                up[down[j]] = up[j];
                --size[column_of[j]];
            }
        }
    }

    // Exactly undoes cover(): the same nodes put back in the reverse order.
    void uncover(int column) {
        int* const up = up_.data();
        int* const down = down_.data();
        const int* const column_of = column_of_.data();
        int* const size = size_.data();
        for (int row = up[column]; row != column; row = up[row]) {
            for (int step = 3; step >= 1; --step) {
                const int j = mate(row, step);
                ++size[column_of[j]];
                down[up[j]] = j;
                up[down[j]] = j;
            }
        }
        int* const left = left_.data();
        int* const right = right_.data();
        left[right[column]] = column;
        right[left[column]] = column;
    }

    // Selecting a row whose own column is already covered: cover the columns
    // of its three mates.
    void select_mates(int node) {
        const int* const column_of = column_of_.data();
        for (int step = 1; step <= 3; ++step) cover(column_of[mate(node, step)]);
    }
    void deselect_mates(int node) {
        const int* const column_of = column_of_.data();
        for (int step = 3; step >= 1; --step) uncover(column_of[mate(node, step)]);
    }

    // Writes a solution into `grid`: the givens, the rows chosen at depths
    // 0..depth-1 and the rows of the nodes `a` and `b` (each -1 when absent).
    void write_grid(const uint8_t* givens, int depth, int a, int b, uint8_t* grid) const {
        std::memcpy(grid, givens, static_cast<std::size_t>(side_) * static_cast<std::size_t>(side_));
        auto place = [&](int node) {
            const int id = (node - first_row_node_) >> 2;
            grid[id / side_] = static_cast<uint8_t>(id % side_ + 1);
        };
        for (int d = 0; d < depth; ++d) place(chosen_[static_cast<std::size_t>(d)]);
        if (a >= 0) place(a);
        if (b >= 0) place(b);
    }

    std::vector<int> region_;  // each cell's box, region, or row (no regions)
    int side_ = 0;
    int columns_ = 0;
    int root_ = 0;
    int first_row_node_ = 0;
    int open_cells_ = 0;
    std::vector<int> up_, down_, column_of_;  // every node
    std::vector<int> left_, right_;           // column headers and the root
    std::vector<int> size_;                   // rows left in each column
    std::vector<int> chosen_;                 // the search stack
};

// ---------------------------------------------------------------------------
// The plugin: glue to the C++ layer (numplace/plugin.hpp).
// ---------------------------------------------------------------------------

const char* unit_word(np_reason_code code) {
    switch (code) {
        case NP_REASON_DUPLICATE_IN_ROW: return "row";
        case NP_REASON_DUPLICATE_IN_COLUMN: return "column";
        default: return "box";
    }
}

// The givens, in row-major order, so that a clash names the later cell.
// False when they break a rule (the call then says where).
// A jigsaw's givens that repeat in a region leave no solution (the search
// never starts): "invalid" locates repeats in rows, columns and boxes only.
bool select_givens(ExactCover& matrix, np::plugin::Solve& call, bool jigsaw) {
    const int side = matrix.side();
    for (int r = 0; r < side; ++r) {
        for (int c = 0; c < side; ++c) {
            const int value = call.given(r, c);
            if (value == 0) continue;
            const std::string where = " at row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1);
            if (value > side) {  // the host checks ranges; kept out of the matrix anyway
                call.invalid(NP_REASON_VALUE_OUT_OF_RANGE, r, c, value,
                             "value " + std::to_string(value) + where + " is above " + std::to_string(side));
                return false;
            }
            const np_reason_code clash = matrix.select_given(r, c, value);
            if (clash == NP_REASON_DUPLICATE_IN_BOX && jigsaw) return false;
            if (clash != NP_REASON_NONE) {
                call.invalid(clash, r, c, value,
                             "the given " + std::to_string(value) + where + " repeats a " + std::to_string(value) +
                                 " earlier in its " + unit_word(clash));
                return false;
            }
        }
    }
    return true;
}

// Pencilmarks (NP_CAP_CANDIDATES): the rows of the candidates the masks
// leave out go before the search, so the matrix is the puzzle's. A cell
// without candidates leaves its column empty: a dead end, no solution.
void drop_eliminated(ExactCover& matrix, const np::plugin::Solve& call) {
    if (call.candidates == nullptr) return;
    const int side = matrix.side();
    for (int cell = 0; cell < side * side; ++cell) {
        const uint64_t mask = call.candidate_mask(cell);
        for (int v = 1; v <= side; ++v)
            if ((mask >> v & 1) == 0) matrix.drop_row(cell, v);
    }
}

const std::vector<int> kBoxes;  // no map: the boxes of the call's shape

struct ExhaustiveCount {
    static constexpr np::plugin::Info info = {
        "exhaustive-count", "1.0.0",
        "Exact cover with dancing links (Knuth's Algorithm X): counts every solution, the uniqueness oracle.",
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_PROOF | NP_CAP_CANDIDATES, kMaxSide,
        /*suggested_max_nodes=*/0, /*shapes_note=*/nullptr,
        // The default only where faster ones cannot go: candidates beyond 9x9.
        NP_CAP_SOLVE | NP_CAP_COUNT, /*default_rank=*/10,
        // Regions are exact covers too: jigsaws and no regions; no constraint kinds.
        /*kinds=*/0, NP_REGIONS_BIT(NP_REGIONS_IRREGULAR) | NP_REGIONS_BIT(NP_REGIONS_NONE)};

    // Kept between calls: reset() reuses the arrays while the side stays the
    // same. (A caller without an instance gets one for the call from the layer.)
    ExactCover matrix;

    void solve(np::plugin::Solve& call) {
        const bool jigsaw = call.variant.has_value() && call.variant->layout != NP_REGIONS_BOXES;
        matrix.reset(call.shape.box_rows, call.shape.box_cols, jigsaw ? call.variant->region_of : kBoxes);
        drop_eliminated(matrix, call);
        if (!select_givens(matrix, call, jigsaw)) return;
        const ExactCover::Tally tally = matrix.count(call);
        call.set_nodes(tally.nodes);
        call.guess(tally.guesses);
        call.counter("dead_ends", tally.dead_ends);
        call.counter("bulk_counted", tally.bulk_counted);
    }
};

}  // namespace

NUMPLACE_PLUGIN(ExhaustiveCount)
