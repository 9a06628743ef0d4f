// mutant-logic-hidden-single-short-pattern: a right hidden single whose
// pattern leaves out one cell of its unit (the last of the others), so that
// the facts it names do not force the placement: v might go there.
#include "swap.hpp"

namespace logic {

namespace {

bool hidden_single_short_pattern(const Board& b, Search& search, Step& step) {
    if (!hidden_single(b, search, step)) return false;
    step.pattern.pop_back();  // the mistake: a loop one short
    return true;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-hidden-single-short-pattern";

Finder finder(std::size_t i) { return mutant::swapped(i, "hidden-single", hidden_single_short_pattern); }

}  // namespace logic
