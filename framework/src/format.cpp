// The three puzzle text formats: line, grid and share.
#include "text.hpp"
#include "numplace/format.hpp"

#include <array>

#include "numplace/certify.hpp"
#include "numplace/fpuzzles.hpp"

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
        if (v > n) {  // the character as typed: "value 33" alone hides that it was an x
            Reason r = value_out_of_range_reason(v, n, row, column, g.box_of(row - 1, column - 1) + 1);
            const std::size_t is = r.message.find(" is ");  // "value 33 is ..." -> "'x' (value 33) is ..."
            r.message = "'" + std::string(1, chars[i]) + "' (" + r.message.substr(0, is) + ")" + r.message.substr(is) +
                        std::string(where);
            return r;
        }
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

// ---- Candidates (pencilmarks) ----

// The shape of a candidate line of this length: with a size, its N*N*N;
// without, the cubes of the conventional sides 6, 9, 12, 16 and 25 (64 is
// also the length of an 8x8 line, so a 4x4 candidate line needs --size 2x2).
std::optional<Geometry> candidate_line_geometry(std::size_t length, const std::optional<Geometry>& size) {
    const auto cube = [](int n) { return static_cast<std::size_t>(n) * n * n; };
    if (size) return length == cube(size->side()) ? size : std::nullopt;
    for (int side : {6, 9, 12, 16, 25})
        if (length == cube(side)) return Geometry::from_side(side);
    return std::nullopt;
}

Reason located(ReasonCode code, int row, int column, std::string message) {
    Reason r;
    r.code = code;
    r.row = row;
    r.column = column;
    r.message = cell_label(row, column) + ": " + std::move(message);
    return r;
}

// A pencilmark grid's rows (as written) into a puzzle; parse_grid's reading
// of a block whose rows are pencilmark rows.
ParseResult parse_candidate_rows(const std::vector<std::string_view>& rows, std::optional<Geometry> size);

// One cell of a pencilmark grid: a lone symbol is a placed value (a given);
// N characters with value k's symbol or '.' at place k are the candidates
// by place (candidate_grid_text, the candidate line's cells); anything else
// lists the candidates (HoDoKu: "1569"). Sets `given` for a placed value.
std::variant<uint64_t, Reason> candidate_field(std::string_view field, int side, int row, int column,
                                               uint8_t& given) {
    given = 0;
    const auto n = static_cast<std::size_t>(side);
    if (field.size() == 1) {
        const int v = symbol_value(field[0]);
        if (v == kEmpty)
            return located(ReasonCode::bad_character, row, column,
                           "a lone '.' or '0' is no cell of a pencilmark grid: write a cell without candidates as " +
                               std::to_string(side) + " dots");
        if (v == kBadSymbol || v > side)
            return located(v > side ? ReasonCode::value_out_of_range : ReasonCode::bad_character, row, column,
                           "'" + std::string(1, field[0]) + "' is no value 1.." + std::to_string(side));
        given = static_cast<uint8_t>(v);
        return uint64_t{1} << v;
    }
    bool by_place = field.size() == n;
    for (std::size_t k = 0; by_place && k < n; ++k) {
        const int v = symbol_value(field[k]);
        by_place = v == kEmpty || v == static_cast<int>(k) + 1;
    }
    uint64_t mask = 0;
    for (std::size_t k = 0; k < field.size(); ++k) {
        const int v = symbol_value(field[k]);
        if (by_place) {
            if (v != kEmpty) mask |= uint64_t{1} << v;
            continue;
        }
        if (v == kEmpty || v == kBadSymbol || v > side || (mask >> v & 1) != 0) {
            std::string why = "'";  // appends: GCC 12 warns falsely on "'" + std::string(...)
            why.append(field);
            why += "' is neither a list of distinct values 1.." + std::to_string(side) + " nor " +
                   std::to_string(side) + " places holding value k's symbol or '.' at place k";
            return located(v > side ? ReasonCode::value_out_of_range : ReasonCode::bad_character, row, column,
                           std::move(why));
        }
        mask |= uint64_t{1} << v;
    }
    return mask;
}

}  // namespace

std::optional<InputFormat> input_format_from_name(std::string_view name) {
    if (name == "auto" || name == "automatic") return InputFormat::automatic;
    if (name == "line") return InputFormat::line;
    if (name == "grid") return InputFormat::grid;
    if (name == "share") return InputFormat::share;
    if (name == "fpuzzles") return InputFormat::fpuzzles;
    return std::nullopt;
}

std::optional<OutputFormat> output_format_from_name(std::string_view name) {
    if (name == "line") return OutputFormat::line;
    if (name == "grid") return OutputFormat::grid;
    if (name == "share") return OutputFormat::share;
    if (name == "json") return OutputFormat::json;
    if (name == "fpuzzles") return OutputFormat::fpuzzles;
    return std::nullopt;
}

// Order of the checks: the first bad character (anywhere in the text), then
// the length, then the values.
ParseResult parse_line(std::string_view text, std::optional<Geometry> size) {
    const std::string_view t = trim(text);
    if (candidate_line_geometry(t.size(), size)) return parse_candidates(t, size);
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
    std::vector<std::string_view> lines;  // the rows as written
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
        lines.push_back(t);
    }
    const int pencil_side = size ? size->side() : static_cast<int>(lines.size());
    for (std::string_view line : lines)
        if (text::is_candidate_row(line, pencil_side, false)) return parse_candidate_rows(lines, size);

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

ParseResult parse_candidates(std::string_view text, std::optional<Geometry> size) {
    const std::string_view t = trim(text);
    const auto g = candidate_line_geometry(t.size(), size);
    if (!g) {
        const std::string expected =
            size ? std::to_string(size->side() * size->cell_count()) + " characters for a " + size->name() +
                       " candidate line"
                 : "216, 729, 1,728, 4,096 or 15,625 characters for a candidate line";
        return wrong_length_reason(t.size(), expected);
    }
    const int n = g->side();
    Grid grid(*g);
    grid.candidates.assign(static_cast<std::size_t>(g->cell_count()), 0);
    for (std::size_t i = 0; i < t.size(); ++i) {
        const int cell = static_cast<int>(i) / n, place = static_cast<int>(i) % n + 1;
        const int v = symbol_value(t[i]);
        if (v == kEmpty) continue;
        if (v == kBadSymbol) return bad_character_reason(t[i], i + 1, cell / n + 1, cell % n + 1);
        if (v != place)
            return located(ReasonCode::bad_character, cell / n + 1, cell % n + 1,
                           "character " + std::to_string(i + 1) + " of the candidate line is '" + std::string(1, t[i]) +
                               "' at place " + std::to_string(place) + " of the cell, which holds '" +
                               std::string(1, value_symbol(place)) + "', '.' or '0'");
        grid.candidates[static_cast<std::size_t>(cell)] |= uint64_t{1} << v;
    }
    return grid;
}

namespace {

ParseResult parse_candidate_rows(const std::vector<std::string_view>& rows, std::optional<Geometry> size) {
    std::optional<Geometry> g = size ? size : Geometry::from_side(static_cast<int>(rows.size()));
    if (!g) return wrong_length_reason(rows.size(), kKnownSidesText);
    const int n = g->side();
    if (rows.size() != static_cast<std::size_t>(n))
        return wrong_length_reason(rows.size(), std::to_string(n) + " rows for a " + g->name() + " puzzle");
    Grid grid(*g);
    grid.candidates.assign(static_cast<std::size_t>(g->cell_count()), 0);
    for (int r = 0; r < n; ++r) {
        const auto fields = text::row_fields(rows[static_cast<std::size_t>(r)]);
        if (fields.size() != static_cast<std::size_t>(n)) {
            Reason reason = wrong_length_reason(fields.size(), std::to_string(n) + " cells in row " +
                                                                   std::to_string(r + 1) + " of the pencilmark grid");
            reason.row = r + 1;
            return reason;
        }
        for (int c = 0; c < n; ++c) {
            uint8_t given = 0;
            auto mask = candidate_field(fields[static_cast<std::size_t>(c)], n, r + 1, c + 1, given);
            if (Reason* why = std::get_if<Reason>(&mask)) return std::move(*why);
            if (given > n) return value_out_of_range_reason(given, n, r + 1, c + 1, g->box_of(r, c) + 1);
            grid.at(r, c) = given;
            grid.candidates[static_cast<std::size_t>(r * n + c)] = std::get<uint64_t>(mask);
        }
    }
    return grid;
}

// `body`'s bytes (Base64url characters only, `length` of them decoded).
std::string base64_decode(std::string_view body, std::size_t length) {
    std::string decoded;
    decoded.reserve(length);
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
    return decoded;
}

}  // namespace

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

    const std::string decoded = base64_decode(body, *decoded_length);
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
        case InputFormat::fpuzzles: return parse_fpuzzles(text);
        case InputFormat::automatic: break;
    }
    const std::string_view t = trim(text);
    if (looks_like_fpuzzles(t)) return parse_fpuzzles(t);
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

std::string format_candidates(const Grid& grid) {
    const int n = grid.side();
    std::string out;
    out.reserve(static_cast<std::size_t>(n) * grid.cells.size());
    for (int cell = 0; cell < n * n; ++cell) {
        const uint64_t mask = grid.mask(cell);
        for (int v = 1; v <= n; ++v) out += (mask >> v & 1) != 0 ? value_symbol(v) : '.';
    }
    return out;
}

// JSON is the host's business (it wraps a grid with more than its text);
// asked here, the grid comes out as a line.
std::string format_grid_as(const Grid& grid, OutputFormat format) {
    switch (format) {
        case OutputFormat::grid: return format_grid(grid);
        case OutputFormat::share: return format_share(grid);
        case OutputFormat::fpuzzles: return format_fpuzzles(grid);
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
