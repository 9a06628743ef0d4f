// mutant-logic-other-digit-pattern: right locked candidates reported under
// the pattern of another digit (the next value, N wrapping to 1): its
// eliminations hold, but not by the facts it names.
#include "swap.hpp"

namespace logic {

namespace {

bool other_digit_pattern(const Board& b, Search& search, Step& step) {
    if (!locked_candidates(b, search, step)) return false;
    for (Cand& c : step.pattern) c.value = c.value % static_cast<uint32_t>(b.side()) + 1;  // the mistake
    return true;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-other-digit-pattern";

Finder finder(std::size_t i) { return mutant::swapped(i, "locked-candidates", other_digit_pattern); }

}  // namespace logic
