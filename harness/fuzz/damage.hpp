// What a drawn case's puzzles are made of: a full grid from a seed, clues
// removed from it, and the damage a puzzle may take (a wrong clue, a
// duplicate given). Internal to harness/fuzz.
#pragma once

#include <cstdint>

#include "fuzz/context.hpp"
#include "numplace/grid.hpp"
#include "numplace/random.hpp"

namespace np::fuzz {

// A full grid from an independent seed: the grid source's result `seed`,
// certified by the host, seen through a random symmetry; the harness's own
// pattern grid when no plugin can make one.
Grid full_grid(const Geometry& g, uint64_t seed, Context& ctx);

// Keeps `percent` of the cells; larger grids keep more, so that the oracle
// finishes within its budget.
Grid remove_clues(const Grid& full, int percent, Rng& rng);

// A wrong clue that clashes with nothing: an empty cell gets a value that
// no given in its row, column or box has, but not the solution's.
bool add_wrong_clue(Grid& puzzle, const Grid& full, Rng& rng);

// A duplicate given: an empty cell takes the value of a given in its row,
// its column or its box (each is a different check a plugin can forget).
bool add_duplicate(Grid& puzzle, Rng& rng);

}  // namespace np::fuzz
