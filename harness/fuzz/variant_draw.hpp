// fuzz --variants: variant puzzles whose truth is known by construction.
// A solution grid is drawn first (variant_fill.cpp: the regions, then a
// random search that keeps the drawn global kinds: diagonals, anti-knight,
// ...), constraints are derived from it (variant_derive.cpp: a cage with
// its cells' sum, a thermometer along increasing digits, a dot where the
// relation holds, ...), the whole is certified by the host's check_variant,
// and givens are removed (variant_draw.cpp). So the grid is always a
// solution: an engine that says "none" is wrong whatever anyone else says.
// Internal to harness/fuzz.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "numplace/grid.hpp"
#include "numplace/random.hpp"
#include "numplace/variant.hpp"

namespace np::fuzz {

// A shape a variant case is drawn on: the side, its boxes (when the layout
// is boxes) and its region layout.
struct VariantShape {
    Geometry boxes;  // R x C; for irregular and none only its side counts
    RegionLayout layout = RegionLayout::boxes;
    int side() const { return boxes.side(); }
    std::string name() const;
};

// 4x4, 6x6 and 9x9 with boxes; 4x4, 6x6 and 9x9 jigsaws; 4x4 and 6x6
// with no regions.
const std::vector<VariantShape>& variant_shapes();

// Whether a kind can be drawn on a shape (disjoint groups and box indexers
// need boxes, entropic lines a side divisible by 3).
bool kind_fits(Kind kind, const VariantShape& shape);

// A drawn case: the puzzle (givens removed) and its solution by
// construction; `drawn` counts the constraints of each kind it holds.
struct VariantCase {
    Puzzle puzzle;
    Grid solution;
    std::array<int, kKindCount> drawn{};
};

// The case for `kinds` on `shape`: the grid, then 1..3 constraints of each
// kind (a global kind once), then givens removed down to `keep_percent` of
// the cells. nullopt when no grid was found within the fill's budget.
// Kinds that could not be derived from this grid are simply absent (drawn
// says what is there).
std::optional<VariantCase> draw_variant(const VariantShape& shape, const std::vector<Kind>& kinds, int keep_percent,
                                        Rng& rng);

// ---- variant_fill.cpp ----------------------------------------------------------

// An irregular map for a side: the boxes of a shape of that side, then
// cells swapped between neighbouring regions (N regions of N cells stay).
std::vector<uint8_t> draw_regions(int side, Rng& rng);

// A full grid of `frame` (its regions and its global constraints, no
// other): a random search, most constrained cell first, values in a random
// order; nullopt past its node budget. Certified with check_variant.
std::optional<Grid> fill_grid(const Puzzle& frame, Rng& rng);

// ---- variant_derive.cpp --------------------------------------------------------

// Adds to `puzzle` one constraint of `kind` that `solution` satisfies (for
// XV and the dots, sometimes every marker the grid allows and the kind's
// negative rule); false when this grid has none to offer (no palindrome
// found, no cell an indexer can sit on). A global kind is added only when
// the solution keeps it.
bool derive_constraint(Kind kind, Puzzle& puzzle, const Grid& solution, Rng& rng);

}  // namespace np::fuzz
