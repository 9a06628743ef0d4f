// fuzz's own shrinking of a finding's puzzle, after rapidcheck's: first to
// a smaller shape, then clue by clue (delta debugging), keeping the same
// failure. Internal to harness/fuzz.
#pragma once

#include <chrono>
#include <optional>

#include "fuzz/context.hpp"
#include "fuzz/properties.hpp"

namespace np::fuzz {

// A shrunk puzzle, and whether shrinking got to try every clue.
struct Shrunk {
    Grid puzzle;
    bool complete = true;  // every clue was tried
};

// A finding on a large shape stays there through rapidcheck's shrinking
// (the shape is drawn first, and every later draw depends on it), and
// clues alone shrink a 25x25 to a 25x25 (issue 41: a plugin that says
// unique after one solution, shrunk to a 25x25 with 2 givens). So each
// smaller standard shape the plugin takes is tried, smallest first: its
// empty grid, a full grid of it, and that grid with the share of clues the
// puzzle has. The first that fails the same way is the puzzle to shrink
// clue by clue; nullopt when none does (or at `deadline`).
std::optional<Grid> smaller_shape(const Plugin& p, const Grid& puzzle, const Choices& choices, const Failure& failure,
                                  Context& ctx, std::chrono::steady_clock::time_point deadline);

// Delta debugging: drop a block of givens and keep the drop when the same
// property still fails (for a puzzle with no solution too: the failure, not
// the verdict, is what must stay; a step, by the same check of the step
// checker). Blocks halve from half the givens down to
// one clue, so that a 25x25 puzzle needs a few hundred checks, not one per
// clue per pass; the last passes go clue by clue until none can go. Stops
// at `deadline` (each check may wait for a watchdog) or on cancel; the
// puzzle then is smaller, if not the smallest.
Shrunk shrink(const Plugin& p, const Grid& puzzle, const Choices& choices, const Failure& failure, Context& ctx,
              std::chrono::steady_clock::time_point deadline);

}  // namespace np::fuzz
