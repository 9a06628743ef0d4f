// The three puzzle text formats: line, grid and share.
#include "text.hpp"
#include "numplace/format.hpp"

#include <array>

namespace np {

namespace {

using text::is_border_line;
using text::kBlank;
using text::kBorderChars;
using text::kKnownCellCounts;
using text::kRowFiller;
using text::trim;


constexpr std::string_view kKnownCellCountsText = "16, 36, 81, 144, 256 or 625 cells";
constexpr std::string_view kKnownSidesText = "4, 6, 9, 12, 16 or 25 rows";

constexpr std::string_view kBase64Url =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

std::string cells_for(const Geometry& g) {
    return std::to_string(g.cell_count()) + " cells for a " + g.name() + " puzzle";
}

// For a cell count with no conventional shape that is still a square grid
// (64 = 8x8), the --size values that would read it: " (8x8 cells: read it
// with --size 2x4 or --size 4x2)". Boxes of one row or column only when the side
// is prime. "" when no shape fits.
std::string size_hint(std::size_t cells) {
    int side = 0;
    while (static_cast<std::size_t>((side + 1) * (side + 1)) <= cells) ++side;
    if (static_cast<std::size_t>(side * side) != cells || side < 2 || side > static_cast<int>(NP_MAX_SIDE)) return "";
    std::vector<std::string> shapes;
    for (int rows = 2; rows <= side / 2; ++rows)
        if (side % rows == 0) shapes.push_back("--size " + Geometry{rows, side / rows}.name());
    if (shapes.empty()) shapes = {"--size 1x" + std::to_string(side), "--size " + std::to_string(side) + "x1"};
    std::string text = " (" + std::to_string(side) + "x" + std::to_string(side) + " cells: read it with ";
    for (std::size_t i = 0; i < shapes.size(); ++i)
        text += (i == 0 ? "" : i + 1 == shapes.size() ? " or " : ", ") + shapes[i];
    return text + ")";
}

// The 6-bit value of a Base64 character: the URL-safe alphabet, and also the
// standard '+' and '/' (what seed 004's decoder turns '-' and '_' into).
int base64_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return 26 + (c - 'a');
    if (c >= '0' && c <= '9') return 52 + (c - '0');
    if (c == '-' || c == '+') return 62;
    if (c == '_' || c == '/') return 63;
    return -1;
}

std::string base64url_encode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() * 4 + 2) / 3);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const uint32_t v = (static_cast<uint8_t>(bytes[i]) << 16) |
                           (static_cast<uint8_t>(bytes[i + 1]) << 8) |
                           static_cast<uint8_t>(bytes[i + 2]);
        out += kBase64Url[(v >> 18) & 63];
        out += kBase64Url[(v >> 12) & 63];
        out += kBase64Url[(v >> 6) & 63];
        out += kBase64Url[v & 63];
    }
    const std::size_t rest = bytes.size() - i;
    if (rest == 1) {
        const uint32_t v = static_cast<uint8_t>(bytes[i]) << 16;
        out += kBase64Url[(v >> 18) & 63];
        out += kBase64Url[(v >> 12) & 63];
    } else if (rest == 2) {
        const uint32_t v = (static_cast<uint8_t>(bytes[i]) << 16) |
                           (static_cast<uint8_t>(bytes[i + 1]) << 8);
        out += kBase64Url[(v >> 18) & 63];
        out += kBase64Url[(v >> 12) & 63];
        out += kBase64Url[(v >> 6) & 63];
    }
    return out;
}

// Decoded length of `chars` Base64 characters (no padding); nullopt for the
// impossible remainder 1.
std::optional<std::size_t> base64_decoded_length(std::size_t chars) {
    if (chars % 4 == 1) return std::nullopt;
    return chars / 4 * 3 + (chars % 4 == 0 ? 0 : chars % 4 - 1);
}

// Drops '=' padding from the end (at most two, as Base64 ever has).
std::string_view strip_padding(std::string_view s) {
    int dropped = 0;
    while (!s.empty() && s.back() == '=' && dropped < 2) {
        s.remove_suffix(1);
        ++dropped;
    }
    return s;
}

// The "RxC." prefix of a share string, when the text starts with one.
struct SharePrefix {
    bool present = false;
    std::string_view text;               // "RxC" as written
    std::optional<Geometry> geometry;    // nullopt when RxC is no valid shape
    std::string_view body;               // what follows the '.'
};

SharePrefix split_share_prefix(std::string_view t) {
    SharePrefix p;
    p.body = t;
    const auto dot = t.find('.');
    if (dot == std::string_view::npos || dot == 0 || dot > 5) return p;
    const std::string_view head = t.substr(0, dot);
    const auto sep = head.find_first_of("xX");
    if (sep == std::string_view::npos || sep == 0 || sep + 1 == head.size()) return p;
    for (std::size_t i = 0; i < head.size(); ++i)
        if (i != sep && (head[i] < '0' || head[i] > '9')) return p;
    p.present = true;
    p.text = head;
    p.geometry = Geometry::parse(head);
    p.body = t.substr(dot + 1);
    return p;
}

bool fits_line_length(std::size_t length, const std::optional<Geometry>& size) {
    if (size) return length == static_cast<std::size_t>(size->cell_count());
    for (auto n : kKnownCellCounts)
        if (n == length) return true;
    return false;
}

// N*N symbols of a known shape into a grid: characters, then ranges, in the
// order of the cells. `where` is appended to a bad character's sentence.
ParseResult parse_cells(std::string_view chars, const Geometry& g, std::string_view where) {
    const int n = g.side();
    Grid grid(g);
    for (std::size_t i = 0; i < chars.size(); ++i) {
        const int row = static_cast<int>(i) / n + 1;
        const int column = static_cast<int>(i) % n + 1;
        const int v = symbol_value(chars[i]);
        if (v == kBadSymbol) {
            Reason r = bad_character_reason(chars[i], i + 1, row, column);
            r.message += where;
            return r;
        }
        if (v > n) return value_out_of_range_reason(v, n, row, column, g.box_of(row - 1, column - 1) + 1);
        grid.cells[i] = static_cast<uint8_t>(v);
    }
    return grid;
}

// The symbol string of a grid: values as symbols, empty as `empty`.
std::string symbols(const Grid& grid, char empty) {
    std::string s;
    s.reserve(grid.cells.size());
    for (auto v : grid.cells) s += v == kEmpty ? empty : value_symbol(v);
    return s;
}

}  // namespace

std::optional<InputFormat> input_format_from_name(std::string_view name) {
    if (name == "auto" || name == "automatic") return InputFormat::automatic;
    if (name == "line") return InputFormat::line;
    if (name == "grid") return InputFormat::grid;
    if (name == "share") return InputFormat::share;
    return std::nullopt;
}

std::optional<OutputFormat> output_format_from_name(std::string_view name) {
    if (name == "line") return OutputFormat::line;
    if (name == "grid") return OutputFormat::grid;
    if (name == "share") return OutputFormat::share;
    if (name == "json") return OutputFormat::json;
    return std::nullopt;
}

// Order of the checks: the first bad character (anywhere in the text), then
// the length, then the values.
ParseResult parse_line(std::string_view text, std::optional<Geometry> size) {
    const std::string_view t = trim(text);
    const std::optional<Geometry> g = size ? size : Geometry::from_cell_count(t.size());
    const bool length_fits = g && t.size() == static_cast<std::size_t>(g->cell_count());
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (symbol_value(t[i]) != kBadSymbol) continue;
        int row = 0, column = 0;
        if (g && i < static_cast<std::size_t>(g->cell_count())) {
            row = static_cast<int>(i) / g->side() + 1;
            column = static_cast<int>(i) % g->side() + 1;
        }
        return bad_character_reason(t[i], i + 1, row, column);
    }
    if (!length_fits) {
        if (size) return wrong_length_reason(t.size(), cells_for(*size));
        Reason r = wrong_length_reason(t.size(), kKnownCellCountsText);
        r.message += size_hint(t.size());
        return r;
    }
    return parse_cells(t, *g, "");
}

// Rows are the lines that are neither blank, nor borders, nor '#' comments.
// Checks in order: bad characters (row by row), the number of rows, each
// row's length, the values.
ParseResult parse_grid(std::string_view block, std::optional<Geometry> size) {
    std::vector<std::string> rows;
    std::size_t start = 0;
    while (start <= block.size()) {
        auto end = block.find('\n', start);
        if (end == std::string_view::npos) end = block.size();
        const std::string_view line = block.substr(start, end - start);
        start = end + 1;
        const std::string_view t = trim(line);
        if (t.empty() || t.front() == '#' || is_border_line(t)) continue;
        std::string row;
        for (char c : t)
            if (kRowFiller.find(c) == std::string_view::npos) row += c;
        rows.push_back(std::move(row));
    }

    for (std::size_t r = 0; r < rows.size(); ++r)
        for (std::size_t c = 0; c < rows[r].size(); ++c)
            if (symbol_value(rows[r][c]) == kBadSymbol)
                return bad_character_reason(rows[r][c], 0, static_cast<int>(r) + 1,
                                            static_cast<int>(c) + 1);

    Geometry g;
    if (size) {
        g = *size;
        if (rows.size() != static_cast<std::size_t>(g.side()))
            return wrong_length_reason(rows.size(), std::to_string(g.side()) + " rows for a " +
                                                        g.name() + " puzzle");
    } else {
        auto inferred = Geometry::from_side(static_cast<int>(rows.size()));
        if (!inferred) return wrong_length_reason(rows.size(), kKnownSidesText);
        g = *inferred;
    }

    const auto n = static_cast<std::size_t>(g.side());
    std::string all;
    all.reserve(n * n);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].size() != n) {
            Reason reason = wrong_length_reason(
                rows[r].size(), std::to_string(n) + " symbols in row " + std::to_string(r + 1));
            reason.row = static_cast<int>(r) + 1;
            return reason;
        }
        all += rows[r];
    }
    return parse_cells(all, g, "");
}

ParseResult parse_share(std::string_view text, std::optional<Geometry> size) {
    const std::string_view t = trim(text);
    const SharePrefix prefix = split_share_prefix(t);
    std::optional<Geometry> g = size;
    if (prefix.present) {
        if (!prefix.geometry) {
            Reason r = wrong_length_reason(0, "");
            r.message = "the share prefix '" + std::string(prefix.text) + "' is not a box shape";
            return r;
        }
        if (size && *size != *prefix.geometry) {
            Reason r = wrong_length_reason(0, "");
            r.message = "the share string is for a " + prefix.geometry->name() +
                        " puzzle, not " + size->name();
            return r;
        }
        g = prefix.geometry;
    }
    const std::size_t body_offset = t.size() - prefix.body.size();
    const std::string_view body = strip_padding(prefix.body);

    for (std::size_t i = 0; i < body.size(); ++i) {
        if (base64_value(body[i]) >= 0) continue;
        Reason r = bad_character_reason(body[i], body_offset + i + 1, 0, 0);
        r.message += " of the share string (not Base64url)";
        return r;
    }
    const auto decoded_length = base64_decoded_length(body.size());
    if (!decoded_length) {
        Reason r = wrong_length_reason(body.size(), "");
        r.message = "a share string cannot have " + std::to_string(body.size()) +
                    " Base64 characters (one too many or too few)";
        return r;
    }

    std::string decoded;
    decoded.reserve(*decoded_length);
    uint32_t bits = 0;
    int nbits = 0;
    for (char c : body) {
        bits = (bits << 6) | static_cast<uint32_t>(base64_value(c));
        nbits += 6;
        if (nbits >= 8) {
            nbits -= 8;
            decoded += static_cast<char>((bits >> nbits) & 0xFF);
        }
    }
    // Leftover bits (fewer than 8) are dropped, as atob does.

    if (!g) g = Geometry::from_cell_count(decoded.size());
    if (!g) {
        Reason r = wrong_length_reason(decoded.size(), kKnownCellCountsText);
        r.message += " (decoded from the share string)" + size_hint(decoded.size());
        return r;
    }
    if (decoded.size() != static_cast<std::size_t>(g->cell_count())) {
        Reason r = wrong_length_reason(decoded.size(), cells_for(*g));
        r.message += " (decoded from the share string)";
        return r;
    }
    return parse_cells(decoded, *g, " of the decoded share string");
}

bool looks_like_share(std::string_view text, std::optional<Geometry> size) {
    const std::string_view t = trim(text);
    if (t.empty()) return false;
    // With a size, a text of exactly N*N characters is a line. Otherwise the
    // prefix decides first: a line of a conventional length never holds 'x'
    // (value 33) and "1x3.MTIzNDU2Nzg5" is a 16-character share.
    if (size && t.size() == static_cast<std::size_t>(size->cell_count())) return false;
    if (split_share_prefix(t).present) return true;
    if (fits_line_length(t.size(), size)) return false;
    const std::string_view body = strip_padding(t);
    for (char c : body)
        if (base64_value(c) < 0) return false;
    const auto decoded = base64_decoded_length(body.size());
    return decoded && fits_line_length(*decoded, size);
}

ParseResult parse_puzzle(std::string_view text, InputFormat format, std::optional<Geometry> size) {
    switch (format) {
        case InputFormat::line: return parse_line(text, size);
        case InputFormat::grid: return parse_grid(text, size);
        case InputFormat::share: return parse_share(text, size);
        case InputFormat::automatic: break;
    }
    const std::string_view t = trim(text);
    if (t.find('\n') != std::string_view::npos) return parse_grid(t, size);
    if (looks_like_share(t, size)) return parse_share(t, size);
    return parse_line(t, size);
}

std::string format_line(const Grid& grid) { return symbols(grid, '.'); }

std::string format_grid(const Grid& grid) {
    const Geometry& g = grid.geometry;
    const int n = g.side();
    std::string border = "+";
    for (int b = 0; b < n / g.box_cols; ++b) {
        border.append(static_cast<std::size_t>(2 * g.box_cols + 1), '-');
        border += '+';
    }
    border += '\n';

    std::string out;
    for (int r = 0; r < n; ++r) {
        if (r % g.box_rows == 0) out += border;
        out += '|';
        for (int c = 0; c < n; ++c) {
            if (c > 0 && c % g.box_cols == 0) out += " |";
            out += ' ';
            out += value_symbol(grid.at(r, c));
        }
        out += " |\n";
    }
    out += border;
    return out;
}

std::string format_share(const Grid& grid) {
    const std::string encoded = base64url_encode(symbols(grid, '0'));
    if (grid.geometry == Geometry{3, 3}) return encoded;
    return grid.geometry.name() + "." + encoded;
}

// JSON is the host's business (it wraps a grid with more than its text);
// asked here, the grid comes out as a line.
std::string format_grid_as(const Grid& grid, OutputFormat format) {
    switch (format) {
        case OutputFormat::grid: return format_grid(grid);
        case OutputFormat::share: return format_share(grid);
        case OutputFormat::line:
        case OutputFormat::json: break;
    }
    return format_line(grid);
}

std::string grouped(uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace np
