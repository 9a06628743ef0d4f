// Symmetries and relabellings of variant puzzles (variant_map.hpp).
#include "fuzz/variant_map.hpp"

#include <algorithm>
#include <map>

namespace np::fuzz {

namespace {

struct Point {
    int row, column;
};

Point map_point(Point p, const Square& s, int n) {
    if (s.transpose) std::swap(p.row, p.column);
    if (s.flip_rows) p.row = n - 1 - p.row;
    if (s.flip_columns) p.column = n - 1 - p.column;
    return p;
}
int map_cell(int cell, const Square& s, int n) {
    const Point p = map_point({cell / n, cell % n}, s, n);
    return p.row * n + p.column;
}

// Boxes are kept when every box maps onto one box.
bool keeps_boxes(const Geometry& g, const Square& s) {
    const int n = g.side();
    std::map<int, int> image;
    const auto box = [&](int cell) { return (cell / n / g.box_rows) * (n / g.box_cols) + (cell % n) / g.box_cols; };
    for (int c = 0; c < n * n; ++c) {
        const auto [it, fresh] = image.emplace(box(c), box(map_cell(c, s, n)));
        if (!fresh && it->second != box(map_cell(c, s, n))) return false;
    }
    return true;
}

// The kind a constraint becomes, nullopt when the map does not keep it.
std::optional<Kind> mapped_kind(Kind k, const Square& s, int n) {
    const bool identity = !s.transpose && !s.flip_rows && !s.flip_columns;
    switch (k) {
    case Kind::diagonal_positive: case Kind::diagonal_negative: {
        // A corner of the "\" diagonal lands on "\" or on "/".
        const Point corner = map_point({0, 0}, s, n);
        const bool stays = corner.row == corner.column;
        return (k == Kind::diagonal_negative) == stays ? Kind::diagonal_negative : Kind::diagonal_positive;
    }
    case Kind::row_indexer: case Kind::column_indexer: {
        // The index's axis (rows for a row indexer) must keep its direction.
        const bool rows = k == Kind::row_indexer;
        const bool axis_flipped = s.transpose ? (rows ? s.flip_columns : s.flip_rows) : (rows ? s.flip_rows : s.flip_columns);
        if (axis_flipped) return std::nullopt;
        return s.transpose ? (rows ? Kind::column_indexer : Kind::row_indexer) : k;
    }
    case Kind::box_indexer: return identity ? std::optional<Kind>(k) : std::nullopt;
    default: return k;
    }
}

}  // namespace

std::string Square::name() const {
    if (!transpose && !flip_rows && !flip_columns) return "identity";
    std::string out;
    if (transpose) out = "transposed";
    if (flip_rows) out += std::string(out.empty() ? "" : ", ") + "rows reversed";
    if (flip_columns) out += std::string(out.empty() ? "" : ", ") + "columns reversed";
    return out;
}

std::vector<Square> square_symmetries() {
    std::vector<Square> all;
    for (int i = 0; i < 8; ++i) all.push_back({(i & 4) != 0, (i & 2) != 0, (i & 1) != 0});
    return all;
}

Grid map_grid(const Grid& g, const Square& s) {
    Grid out = g;
    const int n = g.side();
    for (int c = 0; c < n * n; ++c) {
        out.cells[static_cast<std::size_t>(map_cell(c, s, n))] = g.cells[static_cast<std::size_t>(c)];
        if (g.has_candidates())
            out.candidates[static_cast<std::size_t>(map_cell(c, s, n))] = g.candidates[static_cast<std::size_t>(c)];
    }
    return out;
}

std::optional<Puzzle> map_puzzle(const Puzzle& p, const Square& s) {
    const int n = p.side();
    if (p.regions == RegionLayout::boxes && !keeps_boxes(p.grid.geometry, s)) return std::nullopt;
    Puzzle out = p;
    out.grid = map_grid(p.grid, s);
    for (int c = 0; c < n * n && p.regions == RegionLayout::irregular; ++c)
        out.region_of[static_cast<std::size_t>(map_cell(c, s, n))] = p.region_of[static_cast<std::size_t>(c)];
    for (Constraint& c : out.constraints) {
        const auto kind = mapped_kind(c.kind, s, n);
        if (!kind) return std::nullopt;
        c.kind = *kind;
        for (auto& group : c.cells)
            for (int& cell : group) cell = map_cell(cell, s, n);
        if (c.clue) {
            const Point q = map_point({c.clue->row, c.clue->column}, s, n);
            c.clue = Clue{q.row, q.column};
        }
    }
    return out;
}

}  // namespace np::fuzz
