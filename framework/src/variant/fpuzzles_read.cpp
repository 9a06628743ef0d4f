// Reading f-puzzles: the text (JSON, lz-string Base64 or a link) to JSON,
// the top-level keys (each a rule, a cosmetic key or metadata), the grid
// (givens, given pencil marks, regions) and the published solution. The
// rule keys are read in fpuzzles_kinds.cpp.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "fpuzzles_internal.hpp"
#include "numplace/fpuzzles.hpp"
#include "numplace/lzstring.hpp"

namespace np {
namespace fpz {
namespace {

constexpr std::array<std::string_view, 7> kMetadataKeys = {"size",    "grid",     "title",   "author",
                                                           "ruleset", "solution", "negative"};

std::string_view trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

// The JSON text of the input: itself, or the lz-string payload decompressed.
std::string json_text(std::string_view input) {
    const std::string_view text = trim(input);
    if (text.empty()) fail("", "the text is empty");
    if (text.front() == '{') return std::string(text);
    std::string payload(text);
    if (const auto load = text.find("load="); load != std::string_view::npos)
        payload = lz::undo_url_escapes(text.substr(load + 5));
    const lz::Result result = lz::decompress_base64(payload);
    if (!result.ok()) fail("", "lz-string, " + result.error.message());
    return *result.text;
}

Json parse_json(const std::string& text, bool compressed) {
    try {
        return Json::parse(text);
    } catch (const Json::parse_error& e) {
        const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
        std::string why = e.what();
        if (const auto colon = why.find(": ", why.find("column")); colon != std::string::npos) why = why.substr(colon + 2);
        fail("", std::string(compressed ? "the decompressed JSON" : "JSON") + ", character " + std::to_string(at) +
                     ": " + why);
    }
}

// Every key is metadata, a rule kind or a cosmetic key; anything else
// refuses the puzzle, named.
void check_keys(const Json& root) {
    for (const auto& [key, value] : root.items()) {
        if (std::ranges::find(kMetadataKeys, key) != kMetadataKeys.end()) continue;
        if (kind_from_key(key) || fpuzzles_key_is_cosmetic(key)) continue;
        fail("", "unknown key '" + clip(key) + "': neither a rule numplace reads nor a cosmetic key it ignores");
    }
}

int read_size(const Json& root) {
    const auto it = root.find("size");
    if (it == root.end()) fail("", "there is no \"size\"");
    if (!it->is_number_integer()) fail("size", shown(*it) + " is not a whole number");
    const auto size = it->get<long long>();
    if (size < 2 || size > static_cast<long long>(NP_MAX_SIDE))
        fail("size", std::to_string(size) + " is not a side from 2 to " + std::to_string(NP_MAX_SIDE));
    return static_cast<int>(size);
}

std::string read_text(const Json& root, const char* key) {
    const auto it = root.find(key);
    if (it == root.end() || it->is_null()) return {};
    if (!it->is_string()) fail(key, "is text, not " + shown(*it));
    return it->get<std::string>();
}

// "negative": ["xv", "ratio"]: the unmarked pairs obey the negative rule.
void read_negative(const Json& root, Puzzle& p) {
    const auto it = root.find("negative");
    if (it == root.end() || it->is_null()) return;
    if (!it->is_array()) fail("negative", "is a list like [\"ratio\", \"xv\"], not " + shown(*it));
    for (std::size_t i = 0; i < it->size(); ++i) {
        const Json& name = (*it)[i];
        if (name == "xv") p.negative.push_back(Kind::xv);
        else if (name == "ratio") p.negative.push_back(Kind::ratio);
        else fail("negative[" + std::to_string(i) + "]", shown(name) + " is not \"xv\" or \"ratio\"");
    }
}

// ---- The grid ---------------------------------------------------------------

enum class RegionMark : uint8_t { absent, none, number };

struct CellRead {
    int given = 0;
    uint64_t marks = 0;  // givenPencilMarks as a mask, 0 for none
    RegionMark region = RegionMark::absent;
    int region_number = 0;
    std::optional<Kind> parity;  // "parity": "Odd" or "Even", a cell's own odd/even mark
};

// Keys a grid cell may hold: what is read (value, given, givenPencilMarks,
// region, parity) and the solver's and setter's marks and colours, ignored.
constexpr std::array<std::string_view, 10> kCellKeys = {"value",  "given",             "givenPencilMarks",
                                                        "region", "centerPencilMarks", "cornerPencilMarks",
                                                        "c",      "cArray",            "highlight",
                                                        "parity"};

// Some exports mark odd and even cells in the cell itself rather than with
// the "odd" and "even" keys: the same rule.
std::optional<Kind> read_cell_parity(const Json& cell, const std::string& where) {
    const auto it = cell.find("parity");
    if (it == cell.end() || it->is_null()) return std::nullopt;
    if (*it == "Odd" || *it == "odd") return Kind::odd;
    if (*it == "Even" || *it == "even") return Kind::even;
    fail(where + ".parity", "is \"Odd\" or \"Even\", not " + shown(*it));
}

int cell_digit(const Json& v, const std::string& where, int side) {
    if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > side)
        fail(where, shown(v) + " is not a digit from 1 to " + std::to_string(side));
    return v.get<int>();
}

void read_cell_region(const Json& cell, const std::string& where, int side, CellRead& out) {
    const auto it = cell.find("region");
    if (it == cell.end()) return;
    if (it->is_null() || (it->is_number_integer() && it->get<long long>() == -1)) {
        out.region = RegionMark::none;
        return;
    }
    if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() >= side)
        fail(where + ".region", shown(*it) + " is not a region from 0 to " + std::to_string(side - 1));
    out.region = RegionMark::number;
    out.region_number = it->get<int>();
}

CellRead read_grid_cell(const Json& cell, const std::string& where, int side) {
    if (!cell.is_object()) fail(where, "a cell is an object, not " + shown(cell));
    for (const auto& [key, value] : cell.items())
        if (std::ranges::find(kCellKeys, key) == kCellKeys.end()) fail(where, "unknown cell key '" + clip(key) + "'");
    CellRead out;
    const auto given = cell.find("given");
    if (given != cell.end() && !given->is_boolean()) fail(where + ".given", "is true or false, not " + shown(*given));
    const bool is_given = given != cell.end() && given->get<bool>();
    if (const auto v = cell.find("value"); v != cell.end() && is_given) out.given = cell_digit(*v, where + ".value", side);
    if (const auto m = cell.find("givenPencilMarks"); m != cell.end() && !m->is_null()) {
        if (!m->is_array()) fail(where + ".givenPencilMarks", "is a list of digits, not " + shown(*m));
        for (std::size_t i = 0; i < m->size(); ++i) {
            const int d = cell_digit((*m)[i], where + ".givenPencilMarks[" + std::to_string(i) + "]", side);
            if (d == 0) fail(where + ".givenPencilMarks[" + std::to_string(i) + "]", "0 is not a digit");
            out.marks |= uint64_t{1} << d;
        }
    }
    read_cell_region(cell, where, side, out);
    out.parity = read_cell_parity(cell, where);
    return out;
}

std::vector<CellRead> read_grid_cells(const Json& root, int side) {
    std::vector<CellRead> cells(static_cast<std::size_t>(side * side));
    const auto it = root.find("grid");
    if (it == root.end()) return cells;
    if (!it->is_array() || it->size() != static_cast<std::size_t>(side))
        fail("grid", "is " + std::to_string(side) + " rows of " + std::to_string(side) + " cells");
    for (int r = 0; r < side; ++r) {
        const Json& row = (*it)[r];
        const std::string where = "grid[" + std::to_string(r) + "]";
        if (!row.is_array() || row.size() != static_cast<std::size_t>(side))
            fail(where, "a row is " + std::to_string(side) + " cells");
        for (int c = 0; c < side; ++c)
            cells[r * side + c] = read_grid_cell(row[c], where + "[" + std::to_string(c) + "]", side);
    }
    return cells;
}

// ---- Regions ----------------------------------------------------------------

// True when the map groups cells exactly as the boxes of g (whatever the
// numbers).
bool same_partition(const std::vector<uint8_t>& map, Geometry g) {
    const int side = g.side();
    std::map<int, int> box_of_region, region_of_box;
    for (int cell = 0; cell < side * side; ++cell) {
        const int box = g.box_of(cell / side, cell % side), region = map[cell];
        if (box_of_region.try_emplace(region, box).first->second != box) return false;
        if (region_of_box.try_emplace(box, region).first->second != region) return false;
    }
    return true;
}

// The boxes whose shape the map is, trying the default shape first.
std::optional<Geometry> boxes_matching(const std::vector<uint8_t>& map, int side) {
    if (const auto g = default_shape(side); g && same_partition(map, *g)) return g;
    for (int rows = 2; rows <= side / 2; ++rows)
        if (side % rows == 0 && same_partition(map, Geometry{rows, side / rows})) return Geometry{rows, side / rows};
    return std::nullopt;
}

std::string cell_where(int cell, int side) {
    return "grid[" + std::to_string(cell / side) + "][" + std::to_string(cell % side) + "]";
}

// Sets puzzle.regions, region_of and the grid's geometry from the cells'
// "region" fields (docs/fpuzzles.md, "Regions").
Geometry set_regions(const std::vector<CellRead>& cells, int side, Puzzle& p) {
    const auto count = [&](RegionMark m) { return std::ranges::count(cells, m, &CellRead::region); };
    const Geometry line{1, side};
    if (count(RegionMark::absent) == static_cast<long>(cells.size())) {
        if (const auto g = default_shape(side)) return p.regions = RegionLayout::boxes, *g;
        return p.regions = RegionLayout::none, line;
    }
    if (count(RegionMark::none) == static_cast<long>(cells.size())) return p.regions = RegionLayout::none, line;
    const auto shape = default_shape(side);
    std::vector<uint8_t> map(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const int cell = static_cast<int>(i);
        if (cells[i].region == RegionMark::none)
            fail(cell_where(cell, side) + ".region", "is null (no region) where other cells have regions");
        // An absent region is the cell's default one: its box, or on a side
        // with no box shape (a prime side) its row, as f-puzzles draws it.
        const int absent = shape ? shape->box_of(cell / side, cell % side) : cell / side;
        map[i] = static_cast<uint8_t>(cells[i].region == RegionMark::number ? cells[i].region_number : absent);
    }
    if (const auto g = boxes_matching(map, side)) return p.regions = RegionLayout::boxes, *g;
    p.regions = RegionLayout::irregular;
    p.region_of = std::move(map);
    return line;
}

// The grid: givens, and candidate masks when some cell has given pencil marks.
Grid build_grid(const std::vector<CellRead>& cells, Geometry g) {
    Grid grid(g);
    const bool marks = std::ranges::any_of(cells, [](const CellRead& c) { return c.given == 0 && c.marks != 0; });
    if (marks) grid.candidates.assign(cells.size(), 0);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        grid.cells[i] = static_cast<uint8_t>(cells[i].given);
        if (!marks) continue;
        const uint64_t all = ((uint64_t{1} << g.side()) - 1) << 1;
        grid.candidates[i] = cells[i].given ? uint64_t{1} << cells[i].given : cells[i].marks ? cells[i].marks : all;
    }
    return grid;
}

// "solution": N*N digits, row-major; kept when complete (null or 0 marks
// a cell the setter left out, and then the whole list is ignored).
std::optional<Grid> read_solution(const Json& root, Geometry g) {
    const auto it = root.find("solution");
    if (it == root.end() || it->is_null()) return std::nullopt;
    const int side = g.side();
    if (!it->is_array() || it->size() != static_cast<std::size_t>(side * side))
        fail("solution", "is a list of " + std::to_string(side * side) + " digits");
    Grid solution(g);
    bool complete = true;
    for (int i = 0; i < side * side; ++i) {
        const Json& v = (*it)[i];
        if (v.is_null()) {
            complete = false;
            continue;
        }
        const int d = cell_digit(v, "solution[" + std::to_string(i) + "]", side);
        complete = complete && d != 0;
        solution.cells[i] = static_cast<uint8_t>(d);
    }
    if (!complete) return std::nullopt;
    return solution;
}

Puzzle read_document(const Json& root) {
    if (!root.is_object()) fail("", "f-puzzles JSON is an object, not " + std::string(root.type_name()));
    check_keys(root);
    Puzzle p;
    Reading reading{read_size(root), &p, false};
    if (const auto d = root.find("difference"); d != root.end() && d->is_array() && !d->empty())
        reading.difference_dots = true;
    const auto cells = read_grid_cells(root, reading.side);
    const Geometry g = set_regions(cells, reading.side, p);
    p.grid = build_grid(cells, g);
    for (const auto& [key, value] : root.items())
        if (const auto kind = kind_from_key(key)) read_kind(*kind, value, reading);
    for (std::size_t i = 0; i < cells.size(); ++i)
        if (cells[i].parity) p.constraints.push_back({*cells[i].parity, {{static_cast<int>(i)}}, {}, {}});
    std::ranges::stable_sort(p.constraints, {}, &Constraint::kind);
    read_negative(root, p);
    std::ranges::sort(p.negative);
    p.negative.erase(std::unique(p.negative.begin(), p.negative.end()), p.negative.end());
    p.title = read_text(root, "title");
    p.author = read_text(root, "author");
    p.rules = read_text(root, "ruleset");
    p.solution = read_solution(root, g);
    return p;
}

}  // namespace

std::optional<Geometry> default_shape(int side) {
    if (const auto g = Geometry::from_side(side)) return g;
    for (int rows = static_cast<int>(std::sqrt(side)); rows >= 2; --rows)
        if (side % rows == 0) return Geometry{rows, side / rows};
    return std::nullopt;
}

}  // namespace fpz

FpuzzlesResult read_fpuzzles(std::string_view text) {
    try {
        const bool compressed = !fpz::trim(text).starts_with("{");
        const std::string json = fpz::json_text(text);
        return fpz::read_document(fpz::parse_json(json, compressed));
    } catch (const fpz::Failure& f) {
        return FpuzzlesError{f.message};
    }
}

bool looks_like_fpuzzles(std::string_view text) {
    const std::string_view t = fpz::trim(text);
    if (t.starts_with("{") || t.find("load=") != std::string_view::npos) return true;
    const auto base64 = [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/' ||
               c == '=';
    };
    return t.size() >= 16 && t.starts_with("N4Ig") && std::ranges::all_of(t, base64);
}

}  // namespace np
