// mutant-logic-locked-named-single: right locked candidates (2.6 and 2.8
// on SE's scale, the subset/fish class) reported under the name of the
// finder they were copied from, "hidden single" (1.2, the single class),
// so that every puzzle that needs them is rated easier than it is. Every
// step is sound and entailed by its pattern, and the misnaming is the same
// whatever the labels or the order of the rows, so no invariance shows it:
// only a check of the pattern against its name's class
// (judge::misnamed_step, fuzz's rating property) sees that a "single"
// places nothing.
#include "swap.hpp"

namespace logic {

namespace {

bool locked_named_single(const Board& b, Search& search, Step& step) {
    if (!locked_candidates(b, search, step)) return false;
    step.technique = "hidden single";  // the mistake
    return true;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-locked-named-single";

Finder finder(std::size_t i) { return mutant::swapped(i, "locked-candidates", locked_named_single); }

}  // namespace logic
