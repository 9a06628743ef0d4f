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

#include "exact_cover.hpp"
#include "numplace/plugin.hpp"

namespace {

using exact_cover::Clash;
using exact_cover::ExactCover;
using exact_cover::kMaxSide;


// ---------------------------------------------------------------------------
// The plugin: glue to the C++ layer (numplace/plugin.hpp).
// ---------------------------------------------------------------------------

const char* unit_word(Clash clash) { return clash == Clash::row ? "row" : clash == Clash::column ? "column" : "box"; }

// The givens, in row-major order, so that a clash names the later cell.
// False when they break a rule (the call then says where). Givens that
// repeat in a jigsaw's region or an extra unit leave no solution (the
// search never starts): "invalid" locates repeats in rows, columns and boxes.
template <class Matrix>
bool select_givens(Matrix& matrix, np::plugin::Solve& call, bool jigsaw) {
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
            const Clash clash = matrix.select_given(r, c, value);
            if (clash == Clash::none) continue;
            if (clash == Clash::unit || (clash == Clash::box && jigsaw)) return false;
            const auto code = clash == Clash::row ? 0 : clash == Clash::column ? 1 : 2;
            call.invalid(static_cast<np_reason_code>(NP_REASON_DUPLICATE_IN_ROW + code), r, c, value,
                         "the given " + std::to_string(value) + where + " repeats a " + std::to_string(value) +
                             " earlier in its " + unit_word(clash));
            return false;
        }
    }
    return true;
}

// Pencilmarks (NP_CAP_CANDIDATES): the rows of the candidates the masks
// leave out go before the search, so the matrix is the puzzle's. A cell
// without candidates leaves its column empty: a dead end, no solution.
template <class Matrix>
void drop_eliminated(Matrix& matrix, const np::plugin::Solve& call) {
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
        "exhaustive-count", "1.1.0",
        "Exact cover with dancing links (Knuth's Algorithm X): counts every solution, the uniqueness oracle; "
        "jigsaws, diagonals, extra regions and disjoint groups are exact covers too.",
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_PROOF | NP_CAP_CANDIDATES, kMaxSide,
        /*suggested_max_nodes=*/0, /*shapes_note=*/nullptr,
        // The default only where faster ones cannot go: candidates beyond 9x9.
        NP_CAP_SOLVE | NP_CAP_COUNT, /*default_rank=*/10, exact_cover::kKinds,
        NP_REGIONS_BIT(NP_REGIONS_IRREGULAR) | NP_REGIONS_BIT(NP_REGIONS_NONE)};

    // Kept between calls: reset() reuses the arrays while the side stays the
    // same. (A caller without an instance gets one for the call from the layer.)
    ExactCover<4> matrix;
    ExactCover<16> wide;  // rows of 16 nodes: cells in extra units

    void solve(np::plugin::Solve& call) {
        const auto& v = call.variant;
        if (v && call.proof()) call.cannot_prove();  // exact_cover.hpp: classic proofs only, for now
        const auto units = v ? exact_cover::units_of(*v, call.shape.box_rows, call.shape.box_cols) : exact_cover::Units{};
        const std::vector<int>& regions = v && v->layout != NP_REGIONS_BOXES ? v->region_of : kBoxes;
        if (units.empty()) return run(matrix, call, regions);  // boxes, jigsaws and no regions
        if (!exact_cover::fits_rows<16>(units, call.shape.side())) return call.fail("a cell in over 12 extra units");
        run(wide, call, regions, units);
    }

    template <class Matrix>
    void run(Matrix& m, np::plugin::Solve& call, const std::vector<int>& regions, const exact_cover::Units& units = {}) {
        m.reset(call.shape.box_rows, call.shape.box_cols, regions, units);
        drop_eliminated(m, call);
        if (!select_givens(m, call, &regions != &kBoxes)) return;
        const auto tally = m.count(call);
        call.set_nodes(tally.nodes);
        call.guess(tally.guesses);
        call.counter("dead_ends", tally.dead_ends);
        call.counter("bulk_counted", tally.bulk_counted);
    }
};

}  // namespace

NUMPLACE_PLUGIN(ExhaustiveCount)
