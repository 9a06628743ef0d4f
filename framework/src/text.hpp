// Text helpers shared by the puzzle parsers (format.cpp) and the input
// splitter (input.cpp), so that both agree on what a border line or a row is.
// Internal to the framework.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

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

inline bool is_border_line(std::string_view line) {
    bool any = false;
    for (char c : line) {
        if (kBlank.find(c) != std::string_view::npos) continue;
        if (kBorderChars.find(c) == std::string_view::npos) return false;
        any = true;
    }
    return any;
}

}  // namespace np::text
