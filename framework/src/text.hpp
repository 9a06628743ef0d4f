// Text helpers shared by the puzzle parsers (format.cpp) and the input
// splitter (input.cpp), so that both agree on what a border line or a row is.
// Internal to the framework.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "numplace/grid.hpp"

namespace np::text {

inline constexpr std::string_view kBlank = " \t\r\n\v\f";
// Characters dropped from a grid row: spacing and box borders.
inline constexpr std::string_view kRowFiller = " \t\r\v\f|*+";
// A border line holds only these (and spaces): "+---+", "|", seed 001's "*".
inline constexpr std::string_view kBorderChars = "+-=|*";
// Line lengths whose shape is inferred (2x2, 2x3, 3x3, 3x4, 4x4, 5x5).
inline constexpr std::array<std::size_t, 6> kKnownCellCounts{16, 36, 81, 144, 256, 625};

inline std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(kBlank);
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(kBlank);
    return s.substr(first, last - first + 1);
}

// HoDoKu's pencilmark grids draw corners with '.', ':' and '\'' as well
// (".----.----.", ":----+----:"); those count only on a line with a dash,
// since a line of dots alone is an empty row.
inline constexpr std::string_view kPencilBorderChars = ".:'";

inline bool is_border_line(std::string_view line) {
    bool any = false, dash = false, corner = false;
    for (char c : line) {
        if (kBlank.find(c) != std::string_view::npos) continue;
        if (c == '-' || c == '=') dash = true;
        if (kPencilBorderChars.find(c) != std::string_view::npos) corner = true;
        else if (kBorderChars.find(c) == std::string_view::npos) return false;
        any = true;
    }
    return any && (!corner || dash);
}

// The fields of a grid row: what stands between blanks and box borders.
inline std::vector<std::string_view> row_fields(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && kRowFiller.find(line[i]) != std::string_view::npos) ++i;
        const std::size_t start = i;
        while (i < line.size() && kRowFiller.find(line[i]) == std::string_view::npos) ++i;
        if (i > start) fields.push_back(line.substr(start, i - start));
    }
    return fields;
}

// The fewest blanks between two cells of a row (0 for fewer than two).
inline std::size_t narrowest_gap(std::string_view line) {
    std::size_t narrowest = 0, blanks = 0;
    bool seen_field = false, in_gap = false;
    for (char c : line) {
        if (kRowFiller.find(c) == std::string_view::npos) {
            if (in_gap && seen_field && (narrowest == 0 || blanks < narrowest)) narrowest = blanks;
            seen_field = true;
            in_gap = false;
            blanks = 0;
        } else {
            in_gap = true;
            if (kBlank.find(c) != std::string_view::npos) ++blanks;
        }
    }
    return narrowest;
}

// A row of a pencilmark grid of side `side`: `side` fields of symbols (each
// at most `side`) and '.', one of them longer than one character, or all of
// one value but three blanks apart or more (a row of placed values as
// candidate_grid_text pads them). A plain grid row is never one: it has one
// field, or fields of one symbol a blank or two apart, or fewer fields than
// the side (a 16x16 row written "12.. 34.. .... ....").
// `placed_too` false: only a row with candidates (a long field) counts.
inline bool is_candidate_row(std::string_view line, int side, bool placed_too = true) {
    const auto fields = row_fields(line);
    if (static_cast<int>(fields.size()) != side) return false;
    bool long_field = false, empty_cell = false;
    for (std::string_view f : fields) {
        long_field = long_field || f.size() > 1;
        for (char c : f) {
            const int v = symbol_value(c);
            if (v == kBadSymbol || v > side) return false;
            empty_cell = empty_cell || (f.size() == 1 && v == kEmpty);
        }
    }
    return long_field || (placed_too && !empty_cell && narrowest_gap(line) >= 3);
}

// The side of the pencilmark grid a line is a row of, or 0. Without a size,
// the side is the number of fields (a conventional one); four fields of 16
// symbols in all are a row of a plain 16x16 grid as well, and are read so
// (--size 2x2 reads them as pencilmarks).
inline int candidate_row_side(std::string_view line, const std::optional<Geometry>& size) {
    if (size) return is_candidate_row(line, size->side()) ? size->side() : 0;
    const auto fields = row_fields(line);
    const int n = static_cast<int>(fields.size());
    if (!Geometry::from_side(n) || !is_candidate_row(line, n)) return 0;
    std::size_t symbols = 0;
    for (std::string_view f : fields) symbols += f.size();
    return n == 4 && symbols == 16 ? 0 : n;
}

}  // namespace np::text
