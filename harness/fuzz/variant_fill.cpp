// The solution grid of a variant case (variant_draw.hpp): its regions and a
// full grid that keeps the drawn global kinds. The search here is the
// harness's own (a few dozen lines, independent of every engine judged);
// whatever it returns is certified by the host's check_variant before use.
#include <algorithm>
#include <bit>

#include "fuzz/variant_draw.hpp"

namespace np::fuzz {

namespace {

// A knight's and a king's steps.
constexpr int kKnight[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
constexpr int kKing[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool has_global(const Puzzle& p, Kind k) {
    return std::any_of(p.constraints.begin(), p.constraints.end(), [&](const Constraint& c) { return c.kind == k; });
}

// Position of a cell inside its R x C box (row-major), for disjoint groups.
int box_position(const Geometry& g, int row, int column) {
    return (row % g.box_rows) * g.box_cols + column % g.box_cols;
}

// Whether two cells must hold different digits under the frame's rules.
bool must_differ(const Puzzle& p, int a, int b) {
    const int n = p.side(), ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    if (ra == rb || ca == cb) return true;
    if (p.regions != RegionLayout::none && p.region(a) == p.region(b)) return true;
    if (has_global(p, Kind::diagonal_negative) && ra == ca && rb == cb) return true;
    if (has_global(p, Kind::diagonal_positive) && ra + ca == n - 1 && rb + cb == n - 1) return true;
    if (has_global(p, Kind::disjoint_groups) &&
        box_position(p.grid.geometry, ra, ca) == box_position(p.grid.geometry, rb, cb))
        return true;
    const int dr = rb - ra, dc = cb - ca;
    if (has_global(p, Kind::anti_knight))
        for (const auto& s : kKnight)
            if (dr == s[0] && dc == s[1]) return true;
    if (has_global(p, Kind::anti_king))
        for (const auto& s : kKing)
            if (dr == s[0] && dc == s[1]) return true;
    return false;
}

// The frame as lists per cell: the cells that must differ from it, and its
// orthogonal neighbours when non-consecutive is on.
struct Peers {
    std::vector<std::vector<int>> differ, apart_by_more_than_one;
};
Peers peers_of(const Puzzle& p) {
    const int n = p.side(), cells = n * n;
    const bool non_consecutive = has_global(p, Kind::non_consecutive);
    Peers peers{std::vector<std::vector<int>>(static_cast<std::size_t>(cells)),
                std::vector<std::vector<int>>(static_cast<std::size_t>(cells))};
    for (int a = 0; a < cells; ++a)
        for (int b = 0; b < cells; ++b) {
            if (a == b) continue;
            if (must_differ(p, a, b)) peers.differ[static_cast<std::size_t>(a)].push_back(b);
            const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
            if (non_consecutive && dr + dc == 1) peers.apart_by_more_than_one[static_cast<std::size_t>(a)].push_back(b);
        }
    return peers;
}

// Depth-first search, fewest candidates first, values in a random order,
// at most `nodes` placements.
class Filler {
public:
    Filler(const Puzzle& p, Rng& rng) : n_(p.side()), peers_(peers_of(p)), rng_(rng) {}

    std::optional<Grid> run(const Geometry& g) {
        std::vector<uint64_t> masks(static_cast<std::size_t>(n_ * n_), ((uint64_t{1} << n_) - 1) << 1);
        std::vector<uint8_t> cells(masks.size(), 0);
        if (!search(masks, cells)) return std::nullopt;
        return Grid(g, cells);
    }

private:
    bool search(std::vector<uint64_t>& masks, std::vector<uint8_t>& cells) {
        int best = -1, fewest = 64;
        for (int c = 0; c < n_ * n_; ++c) {
            if (cells[static_cast<std::size_t>(c)] != 0) continue;
            const int k = std::popcount(masks[static_cast<std::size_t>(c)]);
            if (k == 0) return false;
            if (k < fewest) best = c, fewest = k;
        }
        if (best < 0) return true;
        std::vector<int> values;
        for (int v = 1; v <= n_; ++v)
            if (masks[static_cast<std::size_t>(best)] >> v & 1) values.push_back(v);
        rng_.shuffle(values.begin(), values.end());
        for (int v : values) {
            if (++nodes_ > kNodes) return false;
            std::vector<uint64_t> next = masks;
            place(next, best, v);
            cells[static_cast<std::size_t>(best)] = static_cast<uint8_t>(v);
            if (search(next, cells)) return true;
            cells[static_cast<std::size_t>(best)] = 0;
        }
        return false;
    }
    void place(std::vector<uint64_t>& masks, int cell, int v) const {
        masks[static_cast<std::size_t>(cell)] = uint64_t{1} << v;
        for (int p : peers_.differ[static_cast<std::size_t>(cell)]) masks[static_cast<std::size_t>(p)] &= ~(uint64_t{1} << v);
        for (int p : peers_.apart_by_more_than_one[static_cast<std::size_t>(cell)])
            masks[static_cast<std::size_t>(p)] &= ~((uint64_t{1} << (v + 1)) | (uint64_t{1} << (v - 1)));
    }

    // Enough for a 9x9 non-consecutive grid now and then; a jigsaw map
    // with no Latin square costs this much before it is drawn again.
    static constexpr uint64_t kNodes = 5000;
    int n_;
    Peers peers_;
    Rng& rng_;
    uint64_t nodes_ = 0;
};

}  // namespace

std::vector<uint8_t> draw_regions(int side, Rng& rng) {
    const Geometry g = side == 4 ? Geometry{2, 2} : side == 6 ? Geometry{2, 3} : side == 9 ? Geometry{3, 3}
                                                                                        : Geometry{1, side};
    std::vector<uint8_t> region(static_cast<std::size_t>(side * side));
    for (int c = 0; c < side * side; ++c)
        region[static_cast<std::size_t>(c)] =
            static_cast<uint8_t>((c / side / g.box_rows) * (side / g.box_cols) + (c % side) / g.box_cols);
    // Swapping two cells' regions keeps N regions of N cells; neighbours
    // across a border, so that the regions stay close to connected.
    for (int swaps = 0; swaps < side; ++swaps) {
        const int a = static_cast<int>(rng.below(static_cast<uint64_t>(side * side)));
        const int b = rng.below(2) ? a + 1 : a + side;
        if (b >= side * side || (b == a + 1 && b % side == 0)) continue;
        std::swap(region[static_cast<std::size_t>(a)], region[static_cast<std::size_t>(b)]);
    }
    return region;
}

std::optional<Grid> fill_grid(const Puzzle& frame, Rng& rng) {
    Filler filler(frame, rng);
    auto grid = filler.run(frame.grid.geometry);
    if (!grid || check_variant(frame, *grid)) return std::nullopt;  // the host certifies it
    return grid;
}

}  // namespace np::fuzz
