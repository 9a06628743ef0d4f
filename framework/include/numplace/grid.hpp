// Geometry, symbols and the grid value type shared by the host, the harness
// and plugins.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/plugin_api.h"

namespace np {

struct Puzzle;  // variant.hpp

// A box shape R x C (R = box height, C = box width). The grid is N x N with
// N = R * C; rows, columns, boxes and values all run over N.
struct Geometry {
    int box_rows = 3;
    int box_cols = 3;

    constexpr int side() const { return box_rows * box_cols; }
    constexpr int cell_count() const { return side() * side(); }
    // 0-based box index of a 0-based cell, boxes numbered row-major.
    constexpr int box_of(int row, int column) const {
        return (row / box_rows) * box_rows + column / box_cols;
    }
    // Equivalent: boxes per band is N / box_cols = box_rows.
    constexpr bool valid() const {
        return box_rows >= 1 && box_cols >= 1 && side() >= 2 &&
               side() <= static_cast<int>(NP_MAX_SIDE);
    }
    std::string name() const;  // "3x3"
    np_geometry to_c() const {
        return {static_cast<uint32_t>(box_rows), static_cast<uint32_t>(box_cols)};
    }
    static Geometry from_c(np_geometry g) {
        return {static_cast<int>(g.box_rows), static_cast<int>(g.box_cols)};
    }

    // "RxC" (or "RXC"); nullopt when malformed or when valid() fails.
    static std::optional<Geometry> parse(std::string_view text);
    // The conventional shape for a line of this many cells: 16 -> 2x2,
    // 36 -> 2x3, 81 -> 3x3, 144 -> 3x4, 256 -> 4x4, 625 -> 5x5.
    static std::optional<Geometry> from_cell_count(std::size_t cells);
    // The conventional shape for a grid side: 4, 6, 9, 12, 16, 25.
    static std::optional<Geometry> from_side(int side);

    friend constexpr bool operator==(const Geometry&, const Geometry&) = default;
};

// Symbols: 1-9 then A-Z for 10-35 (lower case accepted on input); '.' or '0'
// for an empty cell.
constexpr int kEmpty = 0;
constexpr int kBadSymbol = -1;
// The value of a symbol, 0 for empty, kBadSymbol for anything else.
int symbol_value(char c);
// The symbol of a value (1..35); '.' for 0.
char value_symbol(int value);

struct Grid {
    Geometry geometry;
    std::vector<uint8_t> cells;  // row-major, 0 = empty
    // Pencilmarks (the "sukaku" form): empty, or one mask per cell, bit v
    // set when value v (1..N) may still go there. With them the puzzle is
    // the grid with every other candidate removed; a given's mask is its own
    // bit. Only plugins with NP_CAP_CANDIDATES are handed such a puzzle.
    std::vector<uint64_t> candidates;
    // A variant puzzle's regions and constraints (variant.hpp), shared by
    // every copy of the grid; null for a classic puzzle. Only plugins that
    // declare its kinds and layout are handed such a puzzle, and every
    // answer is certified against it.
    std::shared_ptr<const Puzzle> variant;

    Grid() = default;
    explicit Grid(Geometry g) : geometry(g), cells(static_cast<std::size_t>(g.cell_count()), 0) {}
    Grid(Geometry g, std::vector<uint8_t> c) : geometry(g), cells(std::move(c)) {}

    int side() const { return geometry.side(); }
    uint8_t at(int row, int column) const { return cells[static_cast<std::size_t>(row * side() + column)]; }
    uint8_t& at(int row, int column) { return cells[static_cast<std::size_t>(row * side() + column)]; }
    int given_count() const;
    bool is_full() const;
    bool has_candidates() const { return !candidates.empty(); }
    // The mask of a cell: its pencilmarks, or all of 1..N without them (a
    // given: its own bit).
    uint64_t mask(int cell) const;

    bool is_variant() const { return variant != nullptr; }

    // Same shape, cells and masks, and the same variant (by value).
    friend bool operator==(const Grid& a, const Grid& b);
};

}  // namespace np
