// mutant-logic-uniqueness-unflagged: a uniqueness technique used with the
// option off, and reported as plain logic: after finned swordfish finds
// nothing, a unique rectangle is taken without NP_STEP_ASSUMES_UNIQUE. Its
// elimination holds on a puzzle with one solution, but only because there
// is one: the rectangle's four cells alone do not entail it.
#include "swap.hpp"

namespace logic {

namespace {

bool swordfish_then_rectangle(const Board& b, Search& search, Step& step) {
    if (finned_swordfish(b, search, step)) return true;
    step.clear();
    if (!unique_rectangle(b, search, step)) return false;
    step.assumes_unique = false;  // the mistake
    return true;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-uniqueness-unflagged";

Finder finder(std::size_t i) { return mutant::swapped(i, "finned-swordfish", swordfish_then_rectangle); }

}  // namespace logic
