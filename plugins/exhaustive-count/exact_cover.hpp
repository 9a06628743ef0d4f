// The exact cover matrix of exhaustive-count and Algorithm X on dancing
// links (the plugin's method: exhaustive_count.cpp's opening comment).
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "numplace/plugin.hpp"

namespace exact_cover {

// Largest grid side accepted: the ABI's symbols go higher, but 25 (5x5
// boxes) is the largest common shape, and the matrix (4*N^3 nodes) stays
// small up to there.
constexpr uint32_t kMaxSide = 25;

// Where a given meets an earlier one with its value.
enum class Clash { none, row, column, box, unit };

// Extra units: groups of cells that hold a value once at most.
using Units = std::vector<std::vector<int>>;

// The constraint kinds that are such units: the ABI's first four (3.7),
// extra region 0, disjoint groups 1, diagonal+ 2 and diagonal- 3.
enum UnitKind { kExtraRegion = 0, kDisjointGroups = 1, kDiagonalPositive = 2, kDiagonalNegative = 3 };
constexpr uint64_t kKinds = 0b1111;  // their NP_KIND_BIT

// The units of a variant's constraints: an extra region's cells, each
// diagonal, and each of the N disjoint groups (the cells at one position
// inside their boxes).
inline Units units_of(const np::sdk::Variant& v, int box_rows, int box_cols) {
    const int n = v.side;
    Units units;
    for (const auto& c : v.constraints) {
        const int kind = c.kind;
        if (kind == kExtraRegion) units.push_back(c.groups.at(0));
        if (kind == kDiagonalPositive || kind == kDiagonalNegative) {
            units.emplace_back();
            for (int i = 0; i < n; ++i) units.back().push_back(kind == kDiagonalPositive ? (n - 1 - i) * n + i : i * n + i);
        }
        if (kind != kDisjointGroups) continue;
        for (int position = 0; position < n; ++position) {
            units.emplace_back();
            for (int box = 0; box < n; ++box) {
                const int r = (box / (n / box_cols)) * box_rows + position / box_cols;
                const int col = (box % (n / box_cols)) * box_cols + position % box_cols;
                units.back().push_back(r * n + col);
            }
        }
    }
    return units;
}

// True when no cell lies in more units than a row of K nodes has room for.
template <int K>
bool fits_rows(const Units& units, int side) {
    std::vector<int> in(static_cast<std::size_t>(side) * side, 0);
    for (const auto& unit : units)
        for (int cell : unit)
            if (++in[static_cast<std::size_t>(cell)] > K - 4) return false;
    return true;
}

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
//
// Rows of K nodes (K a power of two): K = 4 for boxes and jigsaws; K = 16
// when cells lie in extra units (diagonals, extra regions, disjoint groups,
// ABI 3.7), each a "secondary" column per unit and value: never chosen (it
// is not in the root's list) but covered with its row, so a value goes into
// a unit once at most; a unit of N cells then holds each value exactly once
// (N cells, N different values). Nodes 4.. of a row are its units' columns,
// then private columns (one per row and node, which only that row meets).
//   first_row_node_ + K*id + k,  k >= 4: unit or private columns
template <int K>
class ExactCover {
    static_assert(K == 4 || K == 16);
    static constexpr int kShift = K == 4 ? 2 : 4;

public:
    // The most extra units one cell may lie in.
    static constexpr int kMaxUnitsPerCell = K - 4;
    // Makes the matrix of this shape with every column uncovered. Allocates
    // only when the side changes (box shape alone changes the box columns'
    // links, not the sizes).
    // `regions`: the region of each cell (N*N, -1 for none), or empty for
    // the boxes.
    // `units`: cells that hold a value once at most (K = 16 only; each cell
    // in kMaxUnitsPerCell of them at most).
    void reset(int box_rows, int box_cols, const std::vector<int>& regions,
               const std::vector<std::vector<int>>& units = {}) {
        const int side = box_rows * box_cols;
        units_of_.assign(static_cast<std::size_t>(side) * side, {});
        for (std::size_t u = 0; u < units.size(); ++u)
            for (int cell : units[u]) units_of_[static_cast<std::size_t>(cell)].push_back(static_cast<int>(u));
        unit_count_ = static_cast<int>(units.size());
        region_.resize(static_cast<std::size_t>(side) * side);
        for (int cell = 0; cell < side * side; ++cell) {
            const int r = cell / side, c = cell % side;
            const int box = (r / box_rows) * box_rows + c / box_cols;
            const int given = regions.empty() ? box : regions[static_cast<std::size_t>(cell)];
            region_[static_cast<std::size_t>(cell)] = given < 0 ? r : given;
        }
        const int secondary = K == 4 ? 0 : unit_count_ * side + (K - 4) * side * side * side;
        if (side != side_ || 4 * side * side + secondary != columns_) {
            side_ = side;
            primary_ = 4 * side * side;
            columns_ = primary_ + secondary;
            root_ = columns_;
            first_row_node_ = (columns_ + 1 + K - 1) & ~(K - 1);
            const std::size_t nodes = static_cast<std::size_t>(first_row_node_) +
                                      static_cast<std::size_t>(K) * static_cast<std::size_t>(side) * side * side;
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
    // Returns Clash::none, or the unit in which an earlier given already
    // holds the value: the row's column for that unit is covered. Units are
    // looked at in the order row, column, box; the cell's own column cannot
    // be covered, since every cell has one given at most.
    Clash select_given(int row, int column, int value) {
        const int id = (row * side_ + column) * side_ + (value - 1);
        const int node = first_row_node_ + K * id;
        if (is_covered(column_of_[node + 1])) return Clash::row;
        if (is_covered(column_of_[node + 2])) return Clash::column;
        if (is_covered(column_of_[node + 3])) return Clash::box;
        // A unit column is never in the root's list, so a clash there shows
        // as the row taken out: its cell node no longer in its column.
        if (down_[static_cast<std::size_t>(up_[static_cast<std::size_t>(node)])] != node)
            return Clash::unit;
        // The cell's column is covered by hand: selecting a row is "cover its
        // column, then the columns of its mates".
        cover(column_of_[node]);
        select_mates(node);
        --open_cells_;
        return Clash::none;
    }

    // Takes the row "value 1..N in cell" out of the matrix, for a candidate
    // the puzzle's masks leave out: before any given is selected, so it is
    // unlinked from all four of its columns, and never relinked in the call.
    void drop_row(int cell, int value) {
        const int node = first_row_node_ + K * (cell * side_ + value - 1);
        for (int j = node; j < node + K; ++j) {
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
        // write_column. Not yet for variants, whose region and extra units
        // the format numbers its own way (docs/proofs.md, "Variants").
        np::proof::ProofWriter* const proof = call.variant ? nullptr : call.proof();
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
        // The root's list holds the primary columns; a secondary column
        // points at itself, so covering it leaves the list as it is.
        for (int c = 0; c <= columns_; ++c) {
            const bool listed = c < primary_ || c == columns_;
            left_[static_cast<std::size_t>(c)] = !listed ? c : c == 0 ? columns_ : c == columns_ ? primary_ - 1 : c - 1;
            right_[static_cast<std::size_t>(c)] = !listed ? c : c == columns_ ? 0 : c == primary_ - 1 ? columns_ : c + 1;
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
                    const int node = first_row_node_ + K * id;
                    append(node + 0, r * side + c);
                    append(node + 1, cells + r * side + v);
                    append(node + 2, 2 * cells + c * side + v);
                    append(node + 3, 3 * cells + box * side + v);
                    if constexpr (K > 4) link_units(node, r * side + c, id, v);
                }
            }
        }
    }

    // Nodes 4.. of a row: its cell's units' columns, then private ones.
    void link_units(int node, int cell, int id, int v) {
        const auto& units = units_of_[static_cast<std::size_t>(cell)];
        for (int k = 4; k < K; ++k) {
            const std::size_t i = static_cast<std::size_t>(k - 4);
            const int column = i < units.size() ? primary_ + units[i] * side_ + v
                                                : primary_ + unit_count_ * side_ + id * (K - 4) + k - 4;
            append(node + k, column);
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
    // With units, a unit column may sit at any node past the third: those
    // are compared each with each.
    bool fits(int a, int b) const {
        const int* const column_of = column_of_.data();
        const int row_a = a & ~(K - 1), row_b = b & ~(K - 1);
        if (column_of[row_a + 1] == column_of[row_b + 1] || column_of[row_a + 2] == column_of[row_b + 2] ||
            column_of[row_a + 3] == column_of[row_b + 3])
            return false;
        for (int i = 4; i < K; ++i)
            for (int j = 4; j < K; ++j)
                if (column_of[row_a + i] == column_of[row_b + j]) return false;
        return true;
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
    int cell_of(int node) const { return ((node - first_row_node_) >> kShift) / side_; }
    int value_of(int node) const { return ((node - first_row_node_) >> kShift) % side_ + 1; }

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

    // The row mates of a node, in cyclic order after it (step 1..K-1): keep
    // the row's base (a multiple of K) and step the low bits.
    static int mate(int node, int step) { return (node & ~(K - 1)) | ((node + step) & (K - 1)); }

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
            for (int step = 1; step < K; ++step) {
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
            for (int step = K - 1; step >= 1; --step) {
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
        for (int step = 1; step < K; ++step) cover(column_of[mate(node, step)]);
    }
    void deselect_mates(int node) {
        const int* const column_of = column_of_.data();
        for (int step = K - 1; step >= 1; --step) uncover(column_of[mate(node, step)]);
    }

    // Writes a solution into `grid`: the givens, the rows chosen at depths
    // 0..depth-1 and the rows of the nodes `a` and `b` (each -1 when absent).
    void write_grid(const uint8_t* givens, int depth, int a, int b, uint8_t* grid) const {
        std::memcpy(grid, givens, static_cast<std::size_t>(side_) * static_cast<std::size_t>(side_));
        auto place = [&](int node) {
            const int id = (node - first_row_node_) >> kShift;
            grid[id / side_] = static_cast<uint8_t>(id % side_ + 1);
        };
        for (int d = 0; d < depth; ++d) place(chosen_[static_cast<std::size_t>(d)]);
        if (a >= 0) place(a);
        if (b >= 0) place(b);
    }

    std::vector<int> region_;  // each cell's box, region, or row (no regions)
    std::vector<std::vector<int>> units_of_;  // each cell's extra units
    int unit_count_ = 0;
    int primary_ = 0;  // columns 0..primary_-1: cell, row, column and box columns
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

}  // namespace exact_cover
