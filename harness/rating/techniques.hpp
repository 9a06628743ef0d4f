// The closed vocabulary of techniques a step may be named after, and the
// shape each one's step must have (docs/rating.md, "A step's name must fit
// its pattern"). A rating reads a step's difficulty from its name, so a
// name is plugin data like any other: it must be one the rating table
// knows (the names plugins/logic reports, and fish of every size a grid can
// hold), its parameters (a fish's size, a chain's length) must be bounded
// and parsed strictly, and the step must be the kind of step the name says,
// judged from what the host sees (its placements, eliminations and
// pattern), never from its words. The rating (rating.hpp) refuses a step
// that fails here; the judge's step checker (judge/steps.hpp) fails the
// explanation at it, so verify, fuzz, rate and generate --rating all hold
// a plugin to the same vocabulary.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/grid.hpp"
#include "numplace/steps.hpp"
#include "numplace/variant.hpp"

namespace np::rating {

// A fish's name: "x-wing" 2, "swordfish" 3, "jellyfish" 4, "squirmbag" 5,
// "whale" 6, "leviathan" 7, "size-K fish" for K from 5 (written in decimal,
// no sign, no leading zero, two digits at most), each also "finned ...".
// nullopt for any other name. The size is not bounded here: a grid of side
// N holds fish of at most N/2 (technique_problem checks it).
struct FishName {
    int size = 0;
    bool finned = false;
};
std::optional<FishName> fish_named(std::string_view name);

// "" when `step` is named from the vocabulary and fits the shape of its
// technique on this grid; otherwise why not, in one clause:
// "'size-999 fish' is no technique of the vocabulary ..." or
// "named x-wing, but its pattern spans 3 lines in each direction, not 2".
// A variant puzzle's groups of different digits count as units too.
std::string technique_problem(const Step& step, const Geometry& shape, const Puzzle* variant = nullptr);

// Whether `name` is in the vocabulary at all, for any grid (fish of any
// size the parser takes): for messages and docs.
bool known_technique(std::string_view name);

// Every name of the vocabulary, fish of 5 to 17 lines ("size-K fish") and
// the finned fish included: what a user may ask for by name.
std::vector<std::string> technique_names();

}  // namespace np::rating
