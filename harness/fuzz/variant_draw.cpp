// A variant case assembled (variant_draw.hpp): regions, a grid that keeps
// the global kinds, constraints derived from it, givens removed.
#include "fuzz/variant_draw.hpp"

#include <algorithm>

namespace np::fuzz {

std::string VariantShape::name() const {
    const std::string side = std::to_string(boxes.side());
    if (layout == RegionLayout::irregular) return side + "x" + side + " jigsaw";
    if (layout == RegionLayout::none) return side + "x" + side + " without regions";
    return side + "x" + side + " (" + boxes.name() + " boxes)";
}

const std::vector<VariantShape>& variant_shapes() {
    static const std::vector<VariantShape> shapes = {
        {{2, 2}, RegionLayout::boxes},     {{2, 3}, RegionLayout::boxes},     {{3, 3}, RegionLayout::boxes},
        {{2, 2}, RegionLayout::irregular}, {{2, 3}, RegionLayout::irregular}, {{3, 3}, RegionLayout::irregular},
        {{2, 2}, RegionLayout::none},      {{2, 3}, RegionLayout::none},
    };
    return shapes;
}

bool kind_fits(Kind kind, const VariantShape& shape) {
    if (kind == Kind::disjoint_groups || kind == Kind::box_indexer) return shape.layout == RegionLayout::boxes;
    if (kind == Kind::entropic_line) return shape.side() % 3 == 0;
    // No 4x4 Latin square keeps them (the fill's search exhausts at once).
    if (kind == Kind::anti_king || kind == Kind::non_consecutive) return shape.side() > 4;
    return true;
}

namespace {

// The empty puzzle of a shape: its geometry (1 x N without boxes) and regions.
Puzzle frame_of(const VariantShape& shape, Rng& rng) {
    Puzzle p;
    p.regions = shape.layout;
    const int n = shape.side();
    p.grid = Grid(shape.layout == RegionLayout::boxes ? shape.boxes : Geometry{1, n});
    if (shape.layout == RegionLayout::irregular) p.region_of = draw_regions(n, rng);
    return p;
}

// The grid of the frame with the drawn global kinds; a kind the search
// cannot satisfy within its budget is dropped (the last drawn first), and
// a jigsaw with no Latin square is drawn again.
std::optional<Grid> grid_for(Puzzle& frame, const VariantShape& shape, Rng& rng) {
    for (int attempt = 0; attempt < 12; ++attempt) {
        if (auto grid = fill_grid(frame, rng)) return grid;
        // A jigsaw is drawn again twice before a global kind goes.
        const bool redraw = shape.layout == RegionLayout::irregular && (attempt % 3 != 2 || frame.constraints.empty());
        if (redraw) frame.region_of = draw_regions(shape.side(), rng);
        else if (!frame.constraints.empty()) frame.constraints.pop_back();
    }
    return std::nullopt;
}

// Keeps about `percent` of the cells as givens.
void remove_givens(Puzzle& p, const Grid& solution, int percent, Rng& rng) {
    for (std::size_t i = 0; i < solution.cells.size(); ++i)
        p.grid.cells[i] = static_cast<int>(rng.below(100)) < percent ? solution.cells[i] : 0;
}

}  // namespace

std::optional<VariantCase> draw_variant(const VariantShape& shape, const std::vector<Kind>& kinds, int keep_percent,
                                        Rng& rng) {
    Puzzle p = frame_of(shape, rng);
    for (Kind k : kinds)
        if (kind_is_global(k) && kind_fits(k, shape)) p.constraints.push_back(Constraint{k, {}, {}, {}});
    const auto grid = grid_for(p, shape, rng);
    if (!grid) return std::nullopt;
    for (Kind k : kinds) {
        if (kind_is_global(k) || !kind_fits(k, shape)) continue;
        const int many = 1 + static_cast<int>(rng.below(3));
        for (int i = 0; i < many; ++i) derive_constraint(k, p, *grid, rng);
    }
    remove_givens(p, *grid, keep_percent, rng);
    if (validate_variant(p) || check_variant(p, *grid)) return std::nullopt;  // never: each step was certified
    VariantCase out{p, *grid, {}};
    out.solution.variant.reset();
    for (const Constraint& c : p.constraints) ++out.drawn[static_cast<std::size_t>(c.kind)];
    return out;
}

}  // namespace np::fuzz
