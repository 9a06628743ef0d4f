// Internal to numplace_corpus: how a variant constraint is written in a
// corpus entry (docs/corpus-format.md, "Variant puzzles"), shared by the
// reader (variant_schema.cpp) and the writer (variant_writer.cpp) so that
// the two cannot drift apart.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "numplace/variant.hpp"

namespace np::corpus::detail {

// The fields a kind's map takes, besides `kind`.
enum class Shape {
    global,         // no fields: written as the bare key (antiknight)
    single,         // cells: one constraint per cell (odd, even, minimum, maximum, indexers)
    cells,          // cells: a group or a line (extraregion, thermometer, renban, ...)
    cage,           // cells, sum (optional)
    valued_line,    // cells, value (whispers: optional, (N+1)/2)
    dot,            // cells, value (xv: required; difference: 1; ratio: 2)
    arrow,          // circle, lines
    little_killer,  // clue, direction or cells, sum
    outside_sum,    // clue, sum, cells (optional: the row or column from the clue)
    skyscraper,     // clue, value, cells (optional)
    clone,          // cells, clone
    quadruple,      // cells, digits
};

inline Shape shape_of(Kind kind) {
    if (kind_is_global(kind)) return Shape::global;
    switch (kind) {
    case Kind::odd: case Kind::even: case Kind::minimum: case Kind::maximum:
    case Kind::row_indexer: case Kind::column_indexer: case Kind::box_indexer:
        return Shape::single;
    case Kind::killer_cage: return Shape::cage;
    case Kind::whispers: return Shape::valued_line;
    case Kind::xv: case Kind::difference: case Kind::ratio: return Shape::dot;
    case Kind::arrow: return Shape::arrow;
    case Kind::little_killer: return Shape::little_killer;
    case Kind::sandwich: case Kind::x_sum: return Shape::outside_sum;
    case Kind::skyscraper: return Shape::skyscraper;
    case Kind::clone: return Shape::clone;
    case Kind::quadruple: return Shape::quadruple;
    default: return Shape::cells;  // extraregion and the lines
    }
}

// The keys of a kind's map, `kind` first.
inline std::vector<std::string_view> keys_of(Shape shape) {
    switch (shape) {
    case Shape::global: return {"kind"};
    case Shape::single: case Shape::cells: return {"kind", "cells"};
    case Shape::cage: return {"kind", "cells", "sum"};
    case Shape::valued_line: case Shape::dot: return {"kind", "cells", "value"};
    case Shape::arrow: return {"kind", "circle", "lines"};
    case Shape::little_killer: return {"kind", "clue", "direction", "cells", "sum"};
    case Shape::outside_sum: return {"kind", "clue", "sum", "cells"};
    case Shape::skyscraper: return {"kind", "clue", "value", "cells"};
    case Shape::clone: return {"kind", "cells", "clone"};
    case Shape::quadruple: return {"kind", "cells", "digits"};
    }
    return {"kind"};
}

// The value a dot or a whispers line has when the entry leaves it out.
inline int default_value(Kind kind, int side) {
    if (kind == Kind::difference) return 1;
    if (kind == Kind::ratio) return 2;
    if (kind == Kind::whispers) return (side + 1) / 2;  // f-puzzles' default (5 on 9x9)
    return 0;  // none: the value is required
}

// "r3c10": a cell (or, 0 and N+1 allowed, an outside clue), 1-based.
inline std::string cell_text(int row, int column) {
    return "r" + std::to_string(row + 1) + "c" + std::to_string(column + 1);
}

// The cells an outside clue looks along, in order from the clue, while
// inside the grid: a row or column (step (dr, dc) away from the clue's
// side) or a diagonal.
inline std::vector<int> walk_from(Clue clue, int dr, int dc, int side) {
    std::vector<int> cells;
    if (dr == 0 && dc == 0) return cells;
    for (int r = clue.row + dr, c = clue.column + dc; r >= 0 && r < side && c >= 0 && c < side; r += dr, c += dc)
        cells.push_back(r * side + c);
    return cells;
}

// The row or column read from a clue beside it; empty when it is beside none.
inline std::vector<int> line_from_clue(Clue clue, int side) {
    const bool row_side = clue.column == -1 || clue.column == side;
    const bool column_side = clue.row == -1 || clue.row == side;
    if (row_side == column_side) return {};  // a corner, or not outside
    if (row_side && (clue.row < 0 || clue.row >= side)) return {};
    if (column_side && (clue.column < 0 || clue.column >= side)) return {};
    const int dr = column_side ? (clue.row == -1 ? 1 : -1) : 0;
    const int dc = row_side ? (clue.column == -1 ? 1 : -1) : 0;
    return walk_from(clue, dr, dc, side);
}

}  // namespace np::corpus::detail
