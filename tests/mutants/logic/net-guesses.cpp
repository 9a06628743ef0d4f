// mutant-logic-net-guesses: a forcing net that guesses. When a branch is
// cut by a bound (max-net-depth, max-net-size) before it concludes, it keeps
// the branch's assumption anyway: "v at this cell" is placed, as if the
// branch had proved it. Its pattern names the facts the branch read, which
// say nothing about the other candidates of the cell.
#include "forcing.hpp"
#include "swap.hpp"

namespace logic {

namespace {

using mutant::u32;

bool net_guesses(const Board& b, Search& search, Step& step) {
    const Propagation how{true, search.max_net_depth, search.max_net_size};
    for (int k = 2; k <= b.side(); ++k)
        for (int c = 0; c < b.cells(); ++c) {
            if (b.value(c) != 0 || count(b.mask(c)) != k) continue;
            for (Mask m = b.mask(c); m != 0; m &= m - 1) {
                Branch branch(b, search, how);
                branch.run(c, lowest(m));
                if (branch.stopped) return false;
                if (!branch.cut || branch.contradiction) continue;
                step.technique = "forcing net";  // the mistake: a branch without conclusion, kept
                step.where = mutant::sym(lowest(m)) + " at " + b.label(c) + " (cut by a bound)";
                step.placements.push_back({u32(c), u32(lowest(m))});
                Branch::name(branch.facts, step.pattern);
                return true;
            }
        }
    return forcing_net(b, search, step);
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-net-guesses";

Finder finder(std::size_t i) { return mutant::swapped(i, "forcing-net", net_guesses); }

}  // namespace logic
