// Reason codes, their sentences, and the rule check over the givens.
#include "numplace/reason.hpp"

#include <array>
#include <cstdio>

namespace np {

namespace {

struct CodeName {
    ReasonCode code;
    std::string_view name;
};

constexpr std::array<CodeName, 8> kCodeNames{{
    {ReasonCode::wrong_length, "wrong_length"},
    {ReasonCode::bad_character, "bad_character"},
    {ReasonCode::value_out_of_range, "value_out_of_range"},
    {ReasonCode::duplicate_in_row, "duplicate_in_row"},
    {ReasonCode::duplicate_in_column, "duplicate_in_column"},
    {ReasonCode::duplicate_in_box, "duplicate_in_box"},
    {ReasonCode::bad_puzzle, "bad_puzzle"},
    {ReasonCode::breaks_constraint, "breaks_constraint"},
}};

std::string num(long long v) { return std::to_string(v); }

std::string side_name(int side) { return num(side) + "x" + num(side); }

// A character as it appears in a sentence: quoted when printable ASCII,
// as a byte value otherwise (UTF-8 pieces, control characters).
std::string quoted_char(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F) {
        if (c == '\'') return "\"'\"";
        return std::string("'") + c + "'";
    }
    char buf[16];
    std::snprintf(buf, sizeof buf, "byte 0x%02X", static_cast<unsigned>(u));
    return buf;
}

std::string cell_name(int row, int column) {
    return "row " + num(row) + ", column " + num(column);
}

// A duplicate's sentence. (row, column) is the later cell; (other_row,
// other_column) the earlier one, 0 when unknown.
std::string duplicate_sentence(ReasonCode code, int value, int row, int column, int box,
                               int other_row, int other_column) {
    const std::string head = "duplicate " + num(value) + " in ";
    const bool other_known = other_row > 0 && other_column > 0;
    switch (code) {
        case ReasonCode::duplicate_in_row:
            if (row <= 0) return head + "a row";
            if (other_known && column > 0)
                return head + "row " + num(row) + " (columns " + num(other_column) + " and " +
                       num(column) + ")";
            if (column > 0) return head + "row " + num(row) + " at column " + num(column);
            return head + "row " + num(row);
        case ReasonCode::duplicate_in_column:
            if (column <= 0) return head + "a column";
            if (other_known && row > 0)
                return head + "column " + num(column) + " (rows " + num(other_row) + " and " +
                       num(row) + ")";
            if (row > 0) return head + "column " + num(column) + " at row " + num(row);
            return head + "column " + num(column);
        default: {
            std::string s = head + (box > 0 ? "box " + num(box) : std::string("a box"));
            if (other_known && row > 0 && column > 0)
                return s + " (" + cell_name(other_row, other_column) + " and " +
                       cell_name(row, column) + ")";
            if (row > 0 && column > 0) return s + " at " + cell_name(row, column);
            return s;
        }
    }
}

}  // namespace

std::string_view reason_code_name(ReasonCode code) {
    for (const auto& entry : kCodeNames)
        if (entry.code == code) return entry.name;
    return "unknown";
}

std::optional<ReasonCode> reason_code_from_name(std::string_view name) {
    for (const auto& entry : kCodeNames)
        if (entry.name == name) return entry.code;
    return std::nullopt;
}

Reason wrong_length_reason(std::size_t got, std::string_view expected) {
    Reason r;
    r.code = ReasonCode::wrong_length;
    r.message = "expected " + std::string(expected) + ", got " + std::to_string(got);
    return r;
}

Reason bad_character_reason(char c, std::size_t position, int row, int column) {
    Reason r;
    r.code = ReasonCode::bad_character;
    r.row = row;
    r.column = column;
    std::string where;
    if (position > 0) {
        where = "position " + std::to_string(position);
        if (row > 0 && column > 0) where += " (" + cell_name(row, column) + ")";
    } else if (row > 0 && column > 0) {
        where = cell_name(row, column);
    } else if (row > 0) {
        where = "row " + num(row);
    }
    r.message = "bad character " + quoted_char(c);
    if (!where.empty()) r.message += " at " + where;
    return r;
}

Reason value_out_of_range_reason(int value, int side, int row, int column, int box) {
    Reason r;
    r.code = ReasonCode::value_out_of_range;
    r.row = row;
    r.column = column;
    r.box = box;
    r.value = value;
    r.message = "value " + num(value) + " is out of range for a " + side_name(side) + " grid";
    if (row > 0 && column > 0) r.message += " at " + cell_name(row, column);
    return r;
}

Reason reason_from_violation(const np_violation& v, const Geometry& geometry) {
    Reason r;
    r.code = static_cast<ReasonCode>(v.code);
    r.row = static_cast<int>(v.row);
    r.column = static_cast<int>(v.column);
    r.box = static_cast<int>(v.box);
    r.value = static_cast<int>(v.value);
    const int side = geometry.side();
    switch (v.code) {
        case NP_REASON_WRONG_LENGTH:
            r.message = "wrong length: a " + geometry.name() + " puzzle has " +
                        num(geometry.cell_count()) + " cells";
            break;
        case NP_REASON_BAD_CHARACTER:
            r.message = "bad character";
            if (r.row > 0 && r.column > 0) r.message += " at " + cell_name(r.row, r.column);
            break;
        case NP_REASON_VALUE_OUT_OF_RANGE:
            r.message = value_out_of_range_reason(r.value, side, r.row, r.column, r.box).message;
            break;
        case NP_REASON_DUPLICATE_IN_ROW:
        case NP_REASON_DUPLICATE_IN_COLUMN:
        case NP_REASON_DUPLICATE_IN_BOX: {
            int box = r.box;
            // The box number only for the sentence; the location stays as given.
            if (box == 0 && r.row >= 1 && r.row <= side && r.column >= 1 && r.column <= side)
                box = geometry.box_of(r.row - 1, r.column - 1) + 1;
            r.message = duplicate_sentence(r.code, r.value, r.row, r.column, box, 0, 0);
            break;
        }
        case NP_REASON_BAD_PUZZLE:
            r.message = "the puzzle is malformed";
            break;
        case NP_REASON_BREAKS_CONSTRAINT:
            r.message = "the givens break a constraint";
            if (r.row > 0 && r.column > 0) r.message += " at " + cell_name(r.row, r.column);
            break;
        default:
            r.message = "rule violation with unknown code " + num(v.code);
            break;
    }
    return r;
}

np_violation violation_from_reason(const Reason& r) {
    np_violation v{};
    v.code = static_cast<uint32_t>(r.code);
    v.row = static_cast<uint32_t>(r.row < 0 ? 0 : r.row);
    v.column = static_cast<uint32_t>(r.column < 0 ? 0 : r.column);
    v.box = static_cast<uint32_t>(r.box < 0 ? 0 : r.box);
    v.value = static_cast<uint32_t>(r.value < 0 ? 0 : r.value);
    return v;
}

std::vector<Reason> check_rules(const Grid& grid) {
    std::vector<Reason> out;
    const Geometry& g = grid.geometry;
    const int n = g.side();
    if (n <= 0 || grid.cells.size() != static_cast<std::size_t>(g.cell_count())) return out;

    // Scans one unit. cell(k) gives the k-th cell (0-based row, column) of
    // the unit in row-major order; the first occurrence of each value is
    // remembered and every later one yields a reason.
    auto scan = [&](ReasonCode code, auto cell) {
        std::array<int, 256> first{};  // index + 1 of the first occurrence
        for (int k = 0; k < n; ++k) {
            const auto [row, column] = cell(k);
            const int value = grid.at(row, column);
            if (value == kEmpty) continue;
            if (first[static_cast<std::size_t>(value)] == 0) {
                first[static_cast<std::size_t>(value)] = k + 1;
                continue;
            }
            const auto [orow, ocolumn] = cell(first[static_cast<std::size_t>(value)] - 1);
            Reason r;
            r.code = code;
            r.row = row + 1;
            r.column = column + 1;
            r.box = g.box_of(row, column) + 1;
            r.value = value;
            r.message =
                duplicate_sentence(code, value, r.row, r.column, r.box, orow + 1, ocolumn + 1);
            out.push_back(std::move(r));
        }
    };

    for (int row = 0; row < n; ++row)
        scan(ReasonCode::duplicate_in_row, [&](int k) { return std::pair{row, k}; });
    for (int column = 0; column < n; ++column)
        scan(ReasonCode::duplicate_in_column, [&](int k) { return std::pair{k, column}; });
    for (int box = 0; box < n; ++box) {
        // Boxes per band = N / box_cols = box_rows.
        const int top = (box / g.box_rows) * g.box_rows;
        const int left = (box % g.box_rows) * g.box_cols;
        scan(ReasonCode::duplicate_in_box, [&](int k) {
            return std::pair{top + k / g.box_cols, left + k % g.box_cols};
        });
    }
    return out;
}

}  // namespace np
