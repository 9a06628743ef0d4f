// Which cells must hold different digits (variant.hpp: distinct_groups,
// variant_peers): one definition for the candidate state of explained
// solves (steps.cpp) and for whoever else asks.
#include <algorithm>

#include "numplace/variant.hpp"

namespace np {

namespace {

bool uses(const Puzzle& p, Kind kind) {
    return std::any_of(p.constraints.begin(), p.constraints.end(), [kind](const Constraint& c) { return c.kind == kind; });
}

// The cells a knight's (or king's) move from `cell`, each pair once from either end.
std::vector<int> moves_from(int cell, int n, bool knight) {
    static const int knight_steps[8][2] = {{1, 2}, {2, 1}, {1, -2}, {2, -1}, {-1, 2}, {-2, 1}, {-1, -2}, {-2, -1}};
    static const int king_steps[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    std::vector<int> out;
    for (const auto& s : knight ? knight_steps : king_steps) {
        const int r = cell / n + s[0], c = cell % n + s[1];
        if (r >= 0 && r < n && c >= 0 && c < n) out.push_back(r * n + c);
    }
    return out;
}

}  // namespace

std::vector<std::vector<int>> distinct_groups(const Puzzle& p) {
    const int n = p.side();
    std::vector<std::vector<int>> groups;
    for (int i = 0; i < n; ++i) {
        std::vector<int> row, column;
        for (int j = 0; j < n; ++j) row.push_back(i * n + j), column.push_back(j * n + i);
        groups.push_back(std::move(row)), groups.push_back(std::move(column));
    }
    std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
    for (int cell = 0; cell < n * n; ++cell)
        if (const int r = p.region(cell); r >= 0 && r < n) regions[static_cast<std::size_t>(r)].push_back(cell);
    for (auto& r : regions)
        if (!r.empty()) groups.push_back(std::move(r));
    for (const Constraint& c : p.constraints)
        if ((c.kind == Kind::extra_region || c.kind == Kind::killer_cage || c.kind == Kind::renban) && !c.cells.empty())
            groups.push_back(c.cells[0]);
    if (uses(p, Kind::diagonal_positive)) {
        std::vector<int> d;
        for (int i = 0; i < n; ++i) d.push_back((n - 1 - i) * n + i);
        groups.push_back(std::move(d));
    }
    if (uses(p, Kind::diagonal_negative)) {
        std::vector<int> d;
        for (int i = 0; i < n; ++i) d.push_back(i * n + i);
        groups.push_back(std::move(d));
    }
    // Disjoint groups need boxes (validate_variant refuses them otherwise).
    if (uses(p, Kind::disjoint_groups) && p.regions == RegionLayout::boxes) {
        const Geometry& g = p.grid.geometry;
        for (int position = 0; position < n; ++position) {
            std::vector<int> group;
            for (int box = 0; box < n; ++box) {
                const int top = (box / g.box_rows) * g.box_rows, left = (box % g.box_rows) * g.box_cols;
                group.push_back((top + position / g.box_cols) * n + left + position % g.box_cols);
            }
            groups.push_back(std::move(group));
        }
    }
    return groups;
}

std::vector<std::vector<int>> variant_peers(const Puzzle& p) {
    const int n = p.side();
    std::vector<std::vector<int>> peers(static_cast<std::size_t>(n * n));
    for (const auto& group : distinct_groups(p))
        for (int a : group)
            for (int b : group)
                if (a != b && a >= 0 && a < n * n) peers[static_cast<std::size_t>(a)].push_back(b);
    for (Kind kind : {Kind::anti_knight, Kind::anti_king})
        if (uses(p, kind))
            for (int cell = 0; cell < n * n; ++cell)
                for (int other : moves_from(cell, n, kind == Kind::anti_knight)) peers[static_cast<std::size_t>(cell)].push_back(other);
    for (auto& list : peers) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    return peers;
}

}  // namespace np
