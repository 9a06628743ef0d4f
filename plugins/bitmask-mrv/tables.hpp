// bitmask-mrv: the lookup tables of one grid shape.
//
// For a box shape R x C (side N = R*C) the engine needs, for every cell, its
// peers (the other cells of its row, column and box) and its three units, and
// for every unit its N cells. Units are numbered boxes 0..N-1 (row-major, as
// in the ABI), rows N..2N-1, columns 2N..3N-1: the engine looks at units in
// that order, and boxes first finds hidden singles soonest.
//
// The classic 9x9 tables are built at compile time (constexpr), so the 9x9
// engine sees them as constants; every other shape builds them at run time,
// once per instance and shape.
#pragma once

#include <cstdint>
#include <stdexcept>

namespace bitmask_mrv {

// The general engine's limits: sides up to 25 keep a cell's candidates in a
// 32-bit mask.
constexpr int kMaxSide = 25;
constexpr int kMaxCells = kMaxSide * kMaxSide;
constexpr int kMaxUnits = 3 * kMaxSide;
// A cell has 2(N-1) + (R-1)(C-1) peers; 3(N-1) bounds that for every shape.
constexpr int kMaxPeers = 3 * (kMaxSide - 1);

constexpr int words_for(int bits) { return (bits + 63) / 64; }

// Index: the integer type that holds a cell number.
template <class Index, int Cells, int Units, int Peers, int Side>
struct Tables {
    using index_type = Index;
    static constexpr int kUnitWords = words_for(Units);

    int box_rows = 0, box_cols = 0, side = 0, cells = 0, units = 0, peer_count = 0;
    Index peers[Cells][Peers] = {};
    Index unit_cells[Units][Side] = {};
    uint8_t cell_units[Cells][3] = {};           // box, row, column unit of a cell
    uint64_t unit_bits[Cells][kUnitWords] = {};  // the same three units as a bit set
};

// Fills `t` for the shape R x C. The caller makes sure R*C fits the table.
// Peers are listed in row-major order; each cell has exactly
// 2(N-1) + (R-1)(C-1) of them (for R = 1 or C = 1 the box is a row or a
// column and adds none).
template <class T>
constexpr void build_tables(T& t, int box_rows, int box_cols) {
    const int side = box_rows * box_cols;
    t.box_rows = box_rows;
    t.box_cols = box_cols;
    t.side = side;
    t.cells = side * side;
    t.units = 3 * side;
    t.peer_count = 2 * (side - 1) + (box_rows - 1) * (box_cols - 1);

    int filled[3 * kMaxSide] = {};
    for (int cell = 0; cell < t.cells; ++cell) {
        const int row = cell / side, col = cell % side;
        const int box = (row / box_rows) * box_rows + col / box_cols;
        const int units[3] = {box, side + row, 2 * side + col};
        for (int k = 0; k < 3; ++k) {
            t.cell_units[cell][k] = static_cast<uint8_t>(units[k]);
            t.unit_bits[cell][units[k] / 64] |= uint64_t{1} << (units[k] % 64);
            t.unit_cells[units[k]][filled[units[k]]++] = static_cast<typename T::index_type>(cell);
        }
        // Row by row: the whole own row, the box's columns in the other rows
        // of the band, the own column elsewhere; row-major order.
        int count = 0;
        const int left = (col / box_cols) * box_cols;
        for (int r = 0; r < side; ++r) {
            const bool same_band = r / box_rows == row / box_rows;
            const int first = r == row ? 0 : same_band ? left : col;
            const int last = r == row ? side : same_band ? left + box_cols : col + 1;
            for (int c = first; c < last; ++c)
                if (r != row || c != col) t.peers[cell][count++] = static_cast<typename T::index_type>(r * side + c);
        }
        if (count != t.peer_count) throw std::logic_error("internal error: peer count");
    }
}

// The 9x9 tables, computed by the compiler.
using ClassicTables = Tables<uint8_t, 81, 27, 20, 9>;
constexpr ClassicTables make_classic_tables() {
    ClassicTables t;
    build_tables(t, 3, 3);
    return t;
}
inline constexpr ClassicTables kClassicTables = make_classic_tables();

// Any shape up to 25x25.
using GeneralTables = Tables<uint16_t, kMaxCells, kMaxUnits, kMaxPeers, kMaxSide>;

}  // namespace bitmask_mrv
