// Each f-puzzles rule key read into Constraints (the layouts of
// variant.hpp): one reader per shape of entry. Every error names the key,
// the entry and the field ("killercage[3].cells[1]: ...").
#include <algorithm>
#include <cstdlib>

#include "fpuzzles_internal.hpp"

namespace np::fpz {
namespace {

std::string at(Kind kind, std::size_t i) { return std::string(kind_key(kind)) + "[" + std::to_string(i) + "]"; }

void add(Reading& r, Kind kind, std::vector<std::vector<int>> cells, std::vector<int> values = {},
         std::optional<Clue> clue = std::nullopt) {
    r.puzzle->constraints.push_back(Constraint{kind, std::move(cells), std::move(values), clue});
}

const Json& entries(Kind kind, const Json& value) {
    if (!value.is_array()) fail(std::string(kind_key(kind)), "a list of entries is an array, not " + shown(value));
    return value;
}

// odd, even, minimum, maximum: [{cell}], one constraint each.
void read_single_cells(Kind kind, const Json& value, Reading& r) {
    const Json& list = entries(kind, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(kind, i);
        add(r, kind, {{read_cell(field(list[i], "cell", where), where + ".cell", r.side)}});
    }
}

// rowindexer, columnindexer, boxindexer: [{cells}], one constraint a cell.
void read_indexers(Kind kind, const Json& value, Reading& r) {
    const Json& list = entries(kind, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(kind, i);
        for (int cell : read_cells(field(list[i], "cells", where), where + ".cells", r.side))
            add(r, kind, {{cell}});
    }
}

// extraregion, killercage: [{cells, value?}]; a cage's value is its sum.
void read_groups(Kind kind, const Json& value, Reading& r) {
    const Json& list = entries(kind, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(kind, i);
        auto cells = read_cells(field(list[i], "cells", where), where + ".cells", r.side);
        std::vector<int> values;
        if (kind == Kind::killer_cage)
            if (const auto sum = read_number(list[i], "value", where)) values.push_back(*sum);
        add(r, kind, {std::move(cells)}, std::move(values));
    }
}

// The line kinds: [{lines: [[cells]...], value?}], one constraint a line.
// Only whispers has a value: its least difference, (N+1)/2 when absent
// (5 on 9x9, German whispers; rangsk's SudokuSolver's default).
void read_lines(Kind kind, const Json& value, Reading& r) {
    const Json& list = entries(kind, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(kind, i);
        const Json& lines = field(list[i], "lines", where);
        if (!lines.is_array()) fail(where + ".lines", "is an array of lines, not " + shown(lines));
        std::vector<int> values;
        if (kind == Kind::whispers)
            values.push_back(read_number(list[i], "value", where).value_or((r.side + 1) / 2));
        for (std::size_t j = 0; j < lines.size(); ++j)
            add(r, kind, {read_cells(lines[j], where + ".lines[" + std::to_string(j) + "]", r.side)}, values);
    }
}

// arrow: [{cells: circle, lines}]; each line starts in the circle, whose
// cells are taken off it (the line is what sums to the circle).
void read_arrows(const Json& value, Reading& r) {
    const Json& list = entries(Kind::arrow, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(Kind::arrow, i);
        std::vector<std::vector<int>> groups{read_cells(field(list[i], "cells", where), where + ".cells", r.side)};
        const Json& lines = field(list[i], "lines", where);
        if (!lines.is_array()) fail(where + ".lines", "is an array of lines, not " + shown(lines));
        for (std::size_t j = 0; j < lines.size(); ++j) {
            const std::string line_at = where + ".lines[" + std::to_string(j) + "]";
            auto line = read_cells(lines[j], line_at, r.side);
            std::erase_if(line, [&](int c) { return std::ranges::find(groups[0], c) != groups[0].end(); });
            if (line.empty()) fail(line_at, "has no cell outside the circle");
            groups.push_back(std::move(line));
        }
        add(r, Kind::arrow, std::move(groups));
    }
}

// difference, ratio, xv: [{cells: [a, b], value}]. A difference dot's
// value defaults to 1 (white), a ratio's to 2 (black); XV's is "X" or "V".
int dot_value(Kind kind, const Json& entry, const std::string& where) {
    if (kind != Kind::xv) return read_number(entry, "value", where).value_or(kind == Kind::ratio ? 2 : 1);
    const Json& v = field(entry, "value", where);
    if (v == "X") return 10;
    if (v == "V") return 5;
    fail(where + ".value", "an XV marker is \"X\" or \"V\", not " + shown(v));
}

void read_dots(Kind kind, const Json& value, Reading& r) {
    const Json& list = entries(kind, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(kind, i);
        auto cells = read_cells(field(list[i], "cells", where), where + ".cells", r.side);
        if (cells.size() != 2) fail(where + ".cells", "a marker sits between two cells, not " + std::to_string(cells.size()));
        add(r, kind, {std::move(cells)}, {dot_value(kind, list[i], where)});
    }
}

// The cells from an outside clue along (dr, dc) while inside the grid.
std::vector<int> walk(RowColumn from, int dr, int dc, int side) {
    std::vector<int> cells;
    for (int row = from.row + dr, column = from.column + dc; row >= 0 && row < side && column >= 0 && column < side;
         row += dr, column += dc)
        cells.push_back(row * side + column);
    return cells;
}

// sandwichsum, xsum, skyscraper: [{cell, value}] with the cell one step
// outside a row or column; cells[0] is that row or column from the clue.
// A clue without a number carries no rule and is left out.
void read_outside_clues(Kind kind, const Json& value, Reading& r) {
    const Json& list = entries(kind, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(kind, i);
        const RowColumn clue = read_outside(field(list[i], "cell", where), where + ".cell", r.side);
        const bool row_end = clue.row == -1 || clue.row == r.side;
        const bool column_end = clue.column == -1 || clue.column == r.side;
        if (row_end && column_end) fail(where + ".cell", "a corner is outside every row and column");
        const auto number = read_number(list[i], "value", where);
        if (!number) continue;
        const int dr = clue.row == -1 ? 1 : clue.row == r.side ? -1 : 0;
        const int dc = clue.column == -1 ? 1 : clue.column == r.side ? -1 : 0;
        add(r, kind, {walk(clue, dr, dc, r.side)}, {*number}, Clue{clue.row, clue.column});
    }
}

// littlekillersum: [{cell, direction, cells?, value}]: the diagonal from the
// clue in the direction (UL, UR, DL, DR). When the entry lists "cells" they
// must be that diagonal. A clue without a number is left out.
void read_little_killers(const Json& value, Reading& r) {
    const Json& list = entries(Kind::little_killer, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(Kind::little_killer, i);
        const RowColumn clue = read_outside(field(list[i], "cell", where), where + ".cell", r.side);
        const Json& d = field(list[i], "direction", where);
        if (d != "UL" && d != "UR" && d != "DL" && d != "DR")
            fail(where + ".direction", "is UL, UR, DL or DR, not " + shown(d));
        const std::string dir = d.get<std::string>();
        auto cells = walk(clue, dir[0] == 'U' ? -1 : 1, dir[1] == 'L' ? -1 : 1, r.side);
        if (cells.empty()) fail(where, "the diagonal from " + cell_name(clue.row, clue.column) + " going " + dir + " misses the grid");
        if (list[i].contains("cells") && read_cells(list[i]["cells"], where + ".cells", r.side) != cells)
            fail(where + ".cells", "are not the diagonal from " + cell_name(clue.row, clue.column) + " going " + dir);
        if (const auto sum = read_number(list[i], "value", where))
            add(r, Kind::little_killer, {std::move(cells)}, {*sum}, Clue{clue.row, clue.column});
    }
}

// clone: [{cells, cloneCells}]; quadruple: [{cells, values}].
void read_clones(const Json& value, Reading& r) {
    const Json& list = entries(Kind::clone, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(Kind::clone, i);
        add(r, Kind::clone,
            {read_cells(field(list[i], "cells", where), where + ".cells", r.side),
             read_cells(field(list[i], "cloneCells", where), where + ".cloneCells", r.side)});
    }
}

void read_quadruples(const Json& value, Reading& r) {
    const Json& list = entries(Kind::quadruple, value);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = at(Kind::quadruple, i);
        auto cells = read_cells(field(list[i], "cells", where), where + ".cells", r.side);
        const Json& values = field(list[i], "values", where);
        if (!values.is_array()) fail(where + ".values", "is an array of digits, not " + shown(values));
        std::vector<int> digits;
        for (std::size_t j = 0; j < values.size(); ++j) {
            const std::string digit_at = where + ".values[" + std::to_string(j) + "]";
            const auto d = number_of(values[j], digit_at);
            if (!d) fail(digit_at, "is empty");
            digits.push_back(*d);
        }
        add(r, Kind::quadruple, {std::move(cells)}, std::move(digits));
    }
}

// A global rule's key holds true or false.
void read_global(Kind kind, const Json& value, Reading& r) {
    if (!value.is_boolean()) fail(std::string(kind_key(kind)), "is true or false, not " + shown(value));
    if (!value.get<bool>()) return;
    if (kind == Kind::non_consecutive && r.difference_dots) {
        r.puzzle->negative.push_back(Kind::difference);  // f-puzzles: every white dot is given
        return;
    }
    add(r, kind, {});
}

}  // namespace

void read_kind(Kind kind, const Json& value, Reading& r) {
    if (kind_is_global(kind)) return read_global(kind, value, r);
    switch (kind) {
    case Kind::odd: case Kind::even: case Kind::minimum: case Kind::maximum:
        return read_single_cells(kind, value, r);
    case Kind::row_indexer: case Kind::column_indexer: case Kind::box_indexer:
        return read_indexers(kind, value, r);
    case Kind::extra_region: case Kind::killer_cage:
        return read_groups(kind, value, r);
    case Kind::arrow: return read_arrows(value, r);
    case Kind::little_killer: return read_little_killers(value, r);
    case Kind::sandwich: case Kind::x_sum: case Kind::skyscraper:
        return read_outside_clues(kind, value, r);
    case Kind::xv: case Kind::difference: case Kind::ratio:
        return read_dots(kind, value, r);
    case Kind::clone: return read_clones(value, r);
    case Kind::quadruple: return read_quadruples(value, r);
    default: return read_lines(kind, value, r);  // thermometer, renban, whispers, palindrome and the other lines
    }
}

}  // namespace np::fpz
