// Writing f-puzzles: a Puzzle as the JSON f-puzzles opens, its keys in
// f-puzzles' order (fpuzzles_keys.cpp), compressed for a link. Values are
// written as f-puzzles writes them: sums and dot values as strings, XV as
// "X" or "V", quadruple digits as numbers. The writer assumes a well formed
// puzzle (validate_variant); read_fpuzzles(write_fpuzzles_json(p)) == p
// for every kind (docs/fpuzzles.md says where the reading normalizes).
#include <algorithm>
#include <map>

#include "fpuzzles_internal.hpp"
#include "numplace/fpuzzles.hpp"
#include "numplace/lzstring.hpp"

namespace np {
namespace fpz {
namespace {

Json name(int cell, int side) { return cell_name(cell / side, cell % side); }

Json names(const std::vector<int>& cells, int side) {
    Json list = Json::array();
    for (int cell : cells) list.push_back(name(cell, side));
    return list;
}

const std::vector<int>& group(const Constraint& c, std::size_t i) {
    static const std::vector<int> empty;
    return i < c.cells.size() ? c.cells[i] : empty;
}

int value(const Constraint& c, int fallback) { return c.values.empty() ? fallback : c.values[0]; }

// Where an outside clue sits: its own, or one step back from its first
// cell along its cells (a constraint made without one).
Clue clue_of(const Constraint& c, int side) {
    if (c.clue) return *c.clue;
    const auto& cells = group(c, 0);
    if (cells.empty()) return {};
    const int r0 = cells[0] / side, c0 = cells[0] % side;
    const int dr = cells.size() > 1 ? cells[1] / side - r0 : -1, dc = cells.size() > 1 ? cells[1] % side - c0 : 0;
    return {r0 - dr, c0 - dc};
}

// An arrow's line written from the circle: the circle cell next to the
// line's first cell (a king's step), else the circle's last.
Json arrow_line(const std::vector<int>& circle, const std::vector<int>& line, int side) {
    int from = circle.empty() ? -1 : circle.back();
    for (int cell : circle)
        if (!line.empty() && std::abs(cell / side - line[0] / side) <= 1 && std::abs(cell % side - line[0] % side) <= 1)
            from = cell;
    Json cells = Json::array();
    if (from >= 0) cells.push_back(name(from, side));
    for (int cell : line) cells.push_back(name(cell, side));
    return cells;
}

Json little_killer(const Constraint& c, int side) {
    const Clue clue = clue_of(c, side);
    const auto& cells = group(c, 0);
    const int first = cells.empty() ? 0 : cells[0];
    const char* up_down = first / side < clue.row ? "U" : "D";
    const char* left_right = first % side < clue.column ? "L" : "R";
    return {{"cell", cell_name(clue.row, clue.column)},
            {"cells", names(cells, side)},
            {"direction", std::string(up_down) + left_right},
            {"value", std::to_string(value(c, 0))}};
}

Json dot(const Constraint& c, int side) {
    Json entry = {{"cells", names(group(c, 0), side)}};
    if (c.kind == Kind::xv) entry["value"] = value(c, 10) == 5 ? "V" : "X";
    if (c.kind == Kind::difference && value(c, 1) != 1) entry["value"] = std::to_string(value(c, 1));
    if (c.kind == Kind::ratio && value(c, 2) != 2) entry["value"] = std::to_string(value(c, 2));
    return entry;
}

Json entry(const Constraint& c, int side) {
    switch (c.kind) {
    case Kind::odd: case Kind::even: case Kind::minimum: case Kind::maximum:
        return {{"cell", name(group(c, 0).empty() ? 0 : group(c, 0)[0], side)}};
    case Kind::killer_cage: {
        Json cage = {{"cells", names(group(c, 0), side)}};
        if (!c.values.empty()) cage["value"] = std::to_string(c.values[0]);
        return cage;
    }
    case Kind::arrow: {
        Json lines = Json::array();
        for (std::size_t i = 1; i < c.cells.size(); ++i) lines.push_back(arrow_line(c.cells[0], c.cells[i], side));
        return {{"lines", lines}, {"cells", names(group(c, 0), side)}};
    }
    case Kind::little_killer: return little_killer(c, side);
    case Kind::sandwich: case Kind::x_sum: case Kind::skyscraper: {
        const Clue clue = clue_of(c, side);
        return {{"cell", cell_name(clue.row, clue.column)}, {"value", std::to_string(value(c, 0))}};
    }
    case Kind::xv: case Kind::difference: case Kind::ratio: return dot(c, side);
    case Kind::clone: return {{"cells", names(group(c, 0), side)}, {"cloneCells", names(group(c, 1), side)}};
    case Kind::quadruple: return {{"cells", names(group(c, 0), side)}, {"values", c.values}};
    case Kind::extra_region: case Kind::row_indexer: case Kind::column_indexer: case Kind::box_indexer:
        return {{"cells", names(group(c, 0), side)}};
    case Kind::whispers:
        return {{"lines", Json::array({names(group(c, 0), side)})}, {"value", std::to_string(value(c, (side + 1) / 2))}};
    default: return {{"lines", Json::array({names(group(c, 0), side)})}};  // the other lines
    }
}

Json grid_cell(const Puzzle& p, int cell) {
    const Grid& g = p.grid;
    const int side = g.side();
    Json out = Json::object();
    if (g.cells[cell] != kEmpty) {
        out["value"] = g.cells[cell];
        out["given"] = true;
    } else if (g.has_candidates() && g.candidates[cell] != (((uint64_t{1} << side) - 1) << 1)) {
        Json marks = Json::array();
        for (int d = 1; d <= side; ++d)
            if (g.candidates[cell] >> d & 1) marks.push_back(d);
        out["givenPencilMarks"] = marks;
    }
    const auto shape = default_shape(side);
    const bool default_boxes = p.regions == RegionLayout::boxes && shape && *shape == g.geometry;
    if (p.regions == RegionLayout::none) out["region"] = nullptr;
    else if (p.regions == RegionLayout::irregular) out["region"] = p.region(cell);
    else if (!default_boxes) out["region"] = g.geometry.box_of(cell / side, cell % side);
    return out;
}

Json grid(const Puzzle& p) {
    const int side = p.side();
    Json rows = Json::array();
    for (int r = 0; r < side; ++r) {
        Json row = Json::array();
        for (int c = 0; c < side; ++c) row.push_back(grid_cell(p, r * side + c));
        rows.push_back(row);
    }
    return rows;
}

// Every key's value but the metadata, by key.
std::map<std::string_view, Json> rule_values(const Puzzle& p) {
    std::map<std::string_view, Json> keys;
    for (const Constraint& c : p.constraints) {
        if (kind_is_global(c.kind)) {
            keys[kind_key(c.kind)] = true;
            continue;
        }
        Json& list = keys[kind_key(c.kind)];
        if (list.is_null()) list = Json::array();
        list.push_back(entry(c, p.side()));
    }
    if (p.has_negative(Kind::difference)) keys["nonconsecutive"] = true;
    Json negative = Json::array();
    if (p.has_negative(Kind::ratio)) negative.push_back("ratio");
    if (p.has_negative(Kind::xv)) negative.push_back("xv");
    if (!negative.empty()) keys["negative"] = negative;
    return keys;
}

}  // namespace
}  // namespace fpz

std::string write_fpuzzles_json(const Puzzle& p) {
    auto keys = fpz::rule_values(p);
    keys["size"] = p.side();
    if (!p.title.empty()) keys["title"] = p.title;
    if (!p.author.empty()) keys["author"] = p.author;
    if (!p.rules.empty()) keys["ruleset"] = p.rules;
    keys["grid"] = fpz::grid(p);
    if (p.solution) keys["solution"] = p.solution->cells;
    fpz::Json root = fpz::Json::object();
    for (std::string_view key : fpz::written_key_order())
        if (const auto it = keys.find(key); it != keys.end()) root[std::string(key)] = it->second;
    return root.dump(-1, ' ', false, fpz::Json::error_handler_t::replace);  // never throws on bad UTF-8
}

std::string write_fpuzzles_compressed(const Puzzle& p) { return lz::compress_base64(write_fpuzzles_json(p)); }

std::string write_fpuzzles_link(const Puzzle& p) {
    return "https://www.f-puzzles.com/?load=" + write_fpuzzles_compressed(p);
}

}  // namespace np
