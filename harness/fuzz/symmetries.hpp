// fuzz's grid symmetries: maps that keep a grid valid (a relabelling of
// the values, permutations of bands, rows, stacks and columns, a transpose),
// for the `symmetry` and `rating` properties and for drawing full grids.
// Internal to harness/fuzz.
#pragma once

#include <vector>

#include "numplace/grid.hpp"
#include "numplace/random.hpp"

namespace np::fuzz {

// Relabel the values; permute the bands, the rows in each band, the stacks,
// the columns in each stack; transpose when the boxes are square.
struct Symmetry {
    std::vector<int> value;  // value[v] for v in 0..N (value[0] = 0)
    std::vector<int> row, column;  // new row r comes from old row row[r]
    bool transpose = false;
};

Symmetry random_symmetry(const Geometry& g, Rng& rng);

// The symmetry that changes nothing: the rating property takes one kind of
// change at a time from it.
Symmetry identity(const Geometry& g);

Grid apply(const Symmetry& s, const Grid& grid);

}  // namespace np::fuzz
