// mutant-logic-colouring-weak-link: simple colouring that takes a weak link
// for a strong one. A unit where v has three candidates links the first and
// the last as if they were its only two (they cannot both hold v, but both
// may lack it), so the colours need not alternate truly.
#include <utility>

#include "swap.hpp"

namespace logic {

namespace {

using mutant::u32;
using Links = std::vector<std::vector<std::pair<int, int>>>;  // per cell: (other end, unit)

Links links_of(const Board& b, int v) {
    Links links(static_cast<std::size_t>(b.cells()));
    for (int u = 0; u < b.units(); ++u) {
        const Mask at = b.positions(u, v);
        if (count(at) != 2 && count(at) != 3) continue;  // the mistake: three candidates make no strong link
        const int e1 = b.unit(u)[static_cast<std::size_t>(lowest(at))];
        const int e2 = b.unit(u)[static_cast<std::size_t>(63 - __builtin_clzll(at))];
        links[static_cast<std::size_t>(e1)].push_back({e2, u});
        links[static_cast<std::size_t>(e2)].push_back({e1, u});
    }
    return links;
}

// The component of `start`, two-coloured (colour[] is -1 elsewhere); the
// units of the links that coloured it go to the pattern.
std::vector<int> colour_from(const Board& b, int v, int start, const Links& links, std::vector<int>& colour, Step& step) {
    std::vector<int> members = {start};
    colour[static_cast<std::size_t>(start)] = 0;
    for (std::size_t i = 0; i < members.size(); ++i)
        for (auto [next, unit] : links[static_cast<std::size_t>(members[i])]) {
            if (colour[static_cast<std::size_t>(next)] >= 0) continue;
            colour[static_cast<std::size_t>(next)] = 1 - colour[static_cast<std::size_t>(members[i])];
            members.push_back(next);
            mutant::name_unit(b, unit, v, step);
        }
    return members;
}

// Colour trap only: a cell outside the chain that sees both colours loses v.
bool trap(const Board& b, int v, const std::vector<int>& members, const std::vector<int>& colour, Step& step) {
    for (int cell = 0; cell < b.cells(); ++cell) {
        if (!b.has(cell, v) || colour[static_cast<std::size_t>(cell)] >= 0) continue;
        bool sees[2] = {false, false};
        for (int m : members) sees[colour[static_cast<std::size_t>(m)]] |= b.sees(cell, m);
        if (sees[0] && sees[1]) step.eliminations.push_back({u32(cell), u32(v)});
    }
    if (step.eliminations.empty()) return false;
    std::vector<int> by_colour[2];
    for (int m : members) by_colour[colour[static_cast<std::size_t>(m)]].push_back(m);
    step.technique = "simple colouring";
    step.where = clipped(mutant::sym(v) + " colour trap " + b.cells_text(by_colour[0]) + " / " + b.cells_text(by_colour[1]));
    return true;
}

bool colouring_weak_link(const Board& b, Search& search, Step& step) {
    for (int v = 1; v <= b.side(); ++v) {
        const Links links = links_of(b, v);
        std::vector<int> colour(static_cast<std::size_t>(b.cells()), -1);
        for (int start = 0; start < b.cells(); ++start) {
            if (links[static_cast<std::size_t>(start)].empty() || colour[static_cast<std::size_t>(start)] >= 0) continue;
            if (search.spent()) return false;
            const std::vector<int> members = colour_from(b, v, start, links, colour, step);
            if (trap(b, v, members, colour, step)) return true;
            step.clear();
        }
    }
    return false;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-colouring-weak-link";

Finder finder(std::size_t i) { return mutant::swapped(i, "simple-colouring", colouring_weak_link); }

}  // namespace logic
