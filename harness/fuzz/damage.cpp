// Full grids, clues removed and damage (damage.hpp).
#include "fuzz/damage.hpp"

#include "numplace/certify.hpp"
#include "fuzz/symmetries.hpp"

namespace np::fuzz {

Grid full_grid(const Geometry& g, uint64_t seed, Context& ctx) {
    Rng rng(seed);
    Grid base(g);
    bool made = false;
    if (ctx.grid_source && ctx.grid_source->supports(g)) {
        auto out = ctx.run.generate(*ctx.grid_source, g, NP_GENERATE_GRID, seed, 0, 1, {}, ctx.budget);
        if (out.fault == Fault::none && out.results.size() == 1) base = out.results[0], made = true;
    }
    if (!made)
        for (int r = 0; r < g.side(); ++r)
            for (int c = 0; c < g.side(); ++c)
                base.at(r, c) = static_cast<uint8_t>((g.box_cols * (r % g.box_rows) + r / g.box_rows + c) % g.side() + 1);
    return apply(random_symmetry(g, rng), base);
}

Grid remove_clues(const Grid& full, int percent, Rng& rng) {
    Grid puzzle = full;
    for (auto& cell : puzzle.cells)
        if (static_cast<int>(rng.below(100)) >= percent) cell = 0;
    return puzzle;
}

bool add_wrong_clue(Grid& puzzle, const Grid& full, Rng& rng) {
    const int n = puzzle.side();
    for (int tries = 0; tries < 4 * n * n; ++tries) {
        const int cell = static_cast<int>(rng.below(static_cast<uint64_t>(n * n)));
        if (puzzle.cells[static_cast<std::size_t>(cell)] != 0) continue;
        const int v = static_cast<int>(rng.below(static_cast<uint64_t>(n))) + 1;
        if (v == full.cells[static_cast<std::size_t>(cell)]) continue;
        Grid trial = puzzle;
        trial.cells[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(v);
        if (!obeys_rules(trial)) continue;
        puzzle = trial;
        return true;
    }
    return false;
}

bool add_duplicate(Grid& puzzle, Rng& rng) {
    const int n = puzzle.side();
    const Geometry& g = puzzle.geometry;
    const int unit_kind = static_cast<int>(rng.below(3));
    for (int tries = 0; tries < 8 * n * n; ++tries) {
        const int a = static_cast<int>(rng.below(static_cast<uint64_t>(n * n)));
        const int b = static_cast<int>(rng.below(static_cast<uint64_t>(n * n)));
        const int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
        const bool same_unit = unit_kind == 0   ? ra == rb
                               : unit_kind == 1 ? ca == cb
                                                : g.box_of(ra, ca) == g.box_of(rb, cb);
        if (a == b || !same_unit || puzzle.cells[static_cast<std::size_t>(a)] == 0 ||
            puzzle.cells[static_cast<std::size_t>(b)] != 0)
            continue;
        puzzle.cells[static_cast<std::size_t>(b)] = puzzle.cells[static_cast<std::size_t>(a)];
        return true;
    }
    return false;
}

}  // namespace np::fuzz
