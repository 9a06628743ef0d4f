// Round-trip properties of the three formats over every box shape.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "numplace/format.hpp"

namespace {

using np::Geometry;
using np::Grid;

// The conventional shapes (inferable from a line's length or a grid's rows)
// and two that always need an explicit size.
const std::vector<Geometry> kConventional = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}};
const std::vector<Geometry> kUnconventional = {{2, 4}, {3, 5}, {4, 2}, {1, 3}};

std::vector<Geometry> all_shapes() {
    auto all = kConventional;
    all.insert(all.end(), kUnconventional.begin(), kUnconventional.end());
    return all;
}

bool conventional(const Geometry& g) {
    for (const auto& c : kConventional)
        if (c == g) return true;
    return false;
}

// Random values 0..N per cell; they need not obey the rules.
Grid random_grid(const Geometry& g) {
    const auto values = *rc::gen::container<std::vector<int>>(
        static_cast<std::size_t>(g.cell_count()), rc::gen::inRange(0, g.side() + 1));
    Grid grid(g);
    for (std::size_t i = 0; i < values.size(); ++i) grid.cells[i] = static_cast<uint8_t>(values[i]);
    return grid;
}

// A random symbol of a side-N grid: '.' or 1..N.
std::string random_symbols(const Geometry& g, char empty) {
    std::string s;
    for (int v : *rc::gen::container<std::vector<int>>(static_cast<std::size_t>(g.cell_count()),
                                                       rc::gen::inRange(0, g.side() + 1)))
        s += v == 0 ? empty : (v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10));
    return s;
}

// An independent Base64url encoder (no padding) for the expectations: bit
// by bit rather than by triples.
std::string b64url(const std::string& bytes) {
    static const char* alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string bits;
    for (unsigned char c : bytes)
        for (int b = 7; b >= 0; --b) bits += ((c >> b) & 1) ? '1' : '0';
    while (bits.size() % 6) bits += '0';
    std::string out;
    for (std::size_t i = 0; i < bits.size(); i += 6) out += alphabet[std::stoi(bits.substr(i, 6), nullptr, 2)];
    return out;
}

// The canonical grid text, written out independently of format_grid.
std::string canonical_grid_text(const std::string& line, const Geometry& g) {
    const int n = g.side();
    std::string border = "+";
    for (int b = 0; b < g.box_rows; ++b) border += std::string(2 * g.box_cols + 1, '-') + "+";
    std::string out;
    for (int r = 0; r < n; ++r) {
        if (r % g.box_rows == 0) out += border + "\n";
        std::string row = "|";
        for (int c = 0; c < n; ++c) {
            row += ' ';
            row += line[static_cast<std::size_t>(r * n + c)];
            if ((c + 1) % g.box_cols == 0) row += " |";
        }
        out += row + "\n";
    }
    return out + border + "\n";
}

template <class T>
T get_or_fail(const np::ParseResult& r) {
    if (!np::parsed(r)) RC_FAIL("parse failed: " + std::get<np::Reason>(r).message);
    return std::get<T>(r);
}

RC_GTEST_PROP(FormatRoundTrip, LineParseOfFormatIsIdentity, ()) {
    for (const Geometry& g : all_shapes()) {
        const Grid grid = random_grid(g);
        const std::string text = np::format_line(grid);
        RC_ASSERT(text.size() == static_cast<std::size_t>(g.cell_count()));
        RC_ASSERT(get_or_fail<Grid>(np::parse_line(text, g)) == grid);
        RC_ASSERT(get_or_fail<Grid>(np::parse_puzzle(text, np::InputFormat::automatic, g)) == grid);
        if (conventional(g)) {
            RC_ASSERT(get_or_fail<Grid>(np::parse_line(text)) == grid);
            RC_ASSERT(get_or_fail<Grid>(np::parse_puzzle(text)) == grid);
        } else {
            RC_ASSERT(!np::parsed(np::parse_line(text)));  // the length fits no known shape
        }
    }
}

RC_GTEST_PROP(FormatRoundTrip, GridParseOfFormatIsIdentity, ()) {
    for (const Geometry& g : all_shapes()) {
        const Grid grid = random_grid(g);
        const std::string text = np::format_grid(grid);
        RC_ASSERT(get_or_fail<Grid>(np::parse_grid(text, g)) == grid);
        RC_ASSERT(get_or_fail<Grid>(np::parse_puzzle(text, np::InputFormat::automatic, g)) == grid);
        if (conventional(g)) {
            RC_ASSERT(get_or_fail<Grid>(np::parse_grid(text)) == grid);
            RC_ASSERT(get_or_fail<Grid>(np::parse_puzzle(text)) == grid);
        }
    }
}

RC_GTEST_PROP(FormatRoundTrip, ShareParseOfFormatIsIdentity, ()) {
    for (const Geometry& g : all_shapes()) {
        const Grid grid = random_grid(g);
        const std::string text = np::format_share(grid);
        // Only 3x3 goes without the prefix.
        RC_ASSERT((text.rfind(g.name() + ".", 0) == 0) == !(g == Geometry{3, 3}));
        RC_ASSERT(np::looks_like_share(text));
        RC_ASSERT(np::looks_like_share(text, g));
        RC_ASSERT(get_or_fail<Grid>(np::parse_share(text, g)) == grid);
        RC_ASSERT(get_or_fail<Grid>(np::parse_share(text)) == grid);  // prefix or 81 cells
        RC_ASSERT(get_or_fail<Grid>(np::parse_puzzle(text)) == grid);
        RC_ASSERT(get_or_fail<Grid>(np::parse_puzzle(text, np::InputFormat::automatic, g)) == grid);
    }
}

RC_GTEST_PROP(FormatRoundTrip, ShareWithoutPrefixInfersConventionalShapes, ()) {
    for (const Geometry& g : kConventional) {
        const Grid grid = random_grid(g);
        std::string text = np::format_share(grid);
        const auto dot = text.find('.');
        if (dot != std::string::npos) text = text.substr(dot + 1);
        RC_ASSERT(np::looks_like_share(text));
        RC_ASSERT(get_or_fail<Grid>(np::parse_share(text)) == grid);
        RC_ASSERT(get_or_fail<Grid>(np::parse_puzzle(text)) == grid);
    }
}

RC_GTEST_PROP(FormatRoundTrip, CanonicalLineTextSurvives, ()) {
    for (const Geometry& g : all_shapes()) {
        const std::string text = random_symbols(g, '.');
        RC_ASSERT(np::format_line(get_or_fail<Grid>(np::parse_line(text, g))) == text);
        RC_ASSERT(!np::looks_like_share(text, g));
        if (conventional(g)) {
            RC_ASSERT(np::format_line(get_or_fail<Grid>(np::parse_line(text))) == text);
            RC_ASSERT(!np::looks_like_share(text));
        }
    }
}

RC_GTEST_PROP(FormatRoundTrip, CanonicalGridTextSurvives, ()) {
    for (const Geometry& g : all_shapes()) {
        const std::string line = random_symbols(g, '.');
        const std::string text = canonical_grid_text(line, g);
        const Grid grid = get_or_fail<Grid>(np::parse_grid(text, g));
        RC_ASSERT(np::format_grid(grid) == text);
        RC_ASSERT(np::format_line(grid) == line);
        if (conventional(g)) RC_ASSERT(np::format_grid(get_or_fail<Grid>(np::parse_grid(text))) == text);
    }
}

RC_GTEST_PROP(FormatRoundTrip, CanonicalShareTextSurvives, ()) {
    for (const Geometry& g : all_shapes()) {
        const std::string digits = random_symbols(g, '0');
        const std::string text =
            (g == Geometry{3, 3} ? std::string() : g.name() + ".") + b64url(digits);
        const Grid grid = get_or_fail<Grid>(np::parse_share(text));
        RC_ASSERT(np::format_share(grid) == text);
        RC_ASSERT(np::format_share(get_or_fail<Grid>(np::parse_share(text, g))) == text);
        // The share of a grid is the Base64 of its digit line.
        std::string line = np::format_line(grid);
        for (char& c : line)
            if (c == '.') c = '0';
        RC_ASSERT(line == digits);
    }
}

RC_GTEST_PROP(FormatRoundTrip, LenientInputsGiveTheSameGrid, ()) {
    for (const Geometry& g : kConventional) {
        const Grid grid = random_grid(g);
        const int n = g.side();
        // Zeros for empty and lower-case letters in a line.
        std::string line = np::format_line(grid);
        for (char& c : line) {
            if (c == '.') c = '0';
            else if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        }
        RC_ASSERT(get_or_fail<Grid>(np::parse_line(line)) == grid);
        // Grid rows without spaces or borders, with surrounding blanks.
        std::string packed = "\n";
        for (int r = 0; r < n; ++r) packed += "  " + line.substr(static_cast<std::size_t>(r * n), static_cast<std::size_t>(n)) + "\r\n";
        RC_ASSERT(get_or_fail<Grid>(np::parse_grid(packed)) == grid);
        RC_ASSERT(get_or_fail<Grid>(np::parse_puzzle(packed)) == grid);
    }
}

}  // namespace
