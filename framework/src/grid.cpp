// Geometry names and shapes, symbols, and the small Grid queries.
#include "numplace/grid.hpp"

#include <algorithm>

#include "numplace/variant.hpp"

namespace np {

namespace {

// A decimal number of one or two digits (shapes never need more); nullopt
// for anything else, so that "003x3" or "3x3000000000" cannot overflow.
std::optional<int> small_number(std::string_view digits) {
    if (digits.empty() || digits.size() > 2) return std::nullopt;
    int value = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

}  // namespace

std::string Geometry::name() const {
    return std::to_string(box_rows) + "x" + std::to_string(box_cols);
}

// Accepts "RxC" and "RXC" only. (The header comment also mentions "R*C";
// the project settled on 'x' / 'X' so that a shell glob never gets in the
// way.)
std::optional<Geometry> Geometry::parse(std::string_view text) {
    const auto sep = text.find_first_of("xX");
    if (sep == std::string_view::npos) return std::nullopt;
    const auto rows = small_number(text.substr(0, sep));
    const auto cols = small_number(text.substr(sep + 1));
    if (!rows || !cols) return std::nullopt;
    const Geometry g{*rows, *cols};
    if (!g.valid()) return std::nullopt;
    return g;
}

std::optional<Geometry> Geometry::from_cell_count(std::size_t cells) {
    switch (cells) {
        case 16: return Geometry{2, 2};
        case 36: return Geometry{2, 3};
        case 81: return Geometry{3, 3};
        case 144: return Geometry{3, 4};
        case 256: return Geometry{4, 4};
        case 625: return Geometry{5, 5};
        default: return std::nullopt;
    }
}

std::optional<Geometry> Geometry::from_side(int side) {
    switch (side) {
        case 4: return Geometry{2, 2};
        case 6: return Geometry{2, 3};
        case 9: return Geometry{3, 3};
        case 12: return Geometry{3, 4};
        case 16: return Geometry{4, 4};
        case 25: return Geometry{5, 5};
        default: return std::nullopt;
    }
}

int symbol_value(char c) {
    if (c == '.' || c == '0') return kEmpty;
    if (c >= '1' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'Z') return 10 + (c - 'A');
    if (c >= 'a' && c <= 'z') return 10 + (c - 'a');
    return kBadSymbol;
}

char value_symbol(int value) {
    if (value == kEmpty) return '.';
    if (value >= 1 && value <= 9) return static_cast<char>('0' + value);
    if (value >= 10 && value <= 35) return static_cast<char>('A' + (value - 10));
    return '?';  // not a value any grid can hold
}

int Grid::given_count() const {
    return static_cast<int>(std::count_if(cells.begin(), cells.end(),
                                          [](uint8_t v) { return v != kEmpty; }));
}

bool Grid::is_full() const {
    return cells.size() == static_cast<std::size_t>(geometry.cell_count()) &&
           std::none_of(cells.begin(), cells.end(), [](uint8_t v) { return v == kEmpty; });
}

uint64_t Grid::mask(int cell) const {
    const auto i = static_cast<std::size_t>(cell);
    if (cells[i] != kEmpty) return uint64_t{1} << cells[i];
    if (!candidates.empty()) return candidates[i];
    return ((uint64_t{1} << side()) - 1) << 1;
}

bool operator==(const Grid& a, const Grid& b) {
    if (!(a.geometry == b.geometry) || a.cells != b.cells || a.candidates != b.candidates) return false;
    if (a.variant == b.variant) return true;
    return a.variant != nullptr && b.variant != nullptr && *a.variant == *b.variant;
}

}  // namespace np
