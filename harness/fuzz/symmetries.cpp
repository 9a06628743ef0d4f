// fuzz's grid symmetries (symmetries.hpp): random ones from an Rng, the
// identity, and applying one to a grid.
#include "fuzz/symmetries.hpp"

#include <numeric>

namespace np::fuzz {

namespace {

std::vector<int> permutation(int n, Rng& rng) {
    std::vector<int> p(static_cast<std::size_t>(n));
    std::iota(p.begin(), p.end(), 0);
    rng.shuffle(p.begin(), p.end());
    return p;
}

// Rows: bands of box_rows rows; columns: stacks of box_cols columns.
std::vector<int> block_permutation(int blocks, int per_block, Rng& rng) {
    const auto order = permutation(blocks, rng);
    std::vector<int> out;
    for (int b : order)
        for (int i : permutation(per_block, rng)) out.push_back(b * per_block + i);
    return out;
}

}  // namespace

Symmetry random_symmetry(const Geometry& g, Rng& rng) {
    Symmetry s;
    const int n = g.side();
    s.value = {0};
    for (int v : permutation(n, rng)) s.value.push_back(v + 1);
    s.row = block_permutation(n / g.box_rows, g.box_rows, rng);
    s.column = block_permutation(n / g.box_cols, g.box_cols, rng);
    s.transpose = g.box_rows == g.box_cols && rng.below(2) == 1;
    return s;
}

Symmetry identity(const Geometry& g) {
    Symmetry s;
    s.value.resize(static_cast<std::size_t>(g.side()) + 1);
    std::iota(s.value.begin(), s.value.end(), 0);
    s.row.resize(static_cast<std::size_t>(g.side()));
    std::iota(s.row.begin(), s.row.end(), 0);
    s.column = s.row;
    return s;
}

Grid apply(const Symmetry& s, const Grid& grid) {
    Grid out(grid.geometry);
    const int n = grid.side();
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const int v = s.value[grid.at(s.row[r], s.column[c])];
            if (s.transpose) out.at(c, r) = static_cast<uint8_t>(v);
            else out.at(r, c) = static_cast<uint8_t>(v);
        }
    return out;
}

}  // namespace np::fuzz
