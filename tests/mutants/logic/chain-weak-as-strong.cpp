// mutant-logic-chain-weak-as-strong: an x-chain that takes a unit where v
// has three places for a strong link between any two of them. "Not A, so
// B" holds only when A and B are v's only places there; with a third, both
// may lack v, so the chain proves nothing.
#include <algorithm>

#include "swap.hpp"

namespace logic {

namespace {

using mutant::u32;
using Links = std::vector<std::vector<std::pair<int, int>>>;  // per cell: (other end, unit)

constexpr int kMaxLinks = 15;

Links strong_links(const Board& b, int v) {
    Links links(static_cast<std::size_t>(b.cells()));
    for (int u = 0; u < b.units(); ++u) {
        const Mask at = b.positions(u, v);
        if (count(at) != 2 && count(at) != 3) continue;  // the mistake: three places make no strong link
        std::vector<int> ends;
        for (Mask m = at; m != 0; m &= m - 1) ends.push_back(b.unit(u)[static_cast<std::size_t>(lowest(m))]);
        for (std::size_t i = 0; i < ends.size(); ++i)
            for (std::size_t j = i + 1; j < ends.size(); ++j) {
                links[static_cast<std::size_t>(ends[i])].push_back({ends[j], u});
                links[static_cast<std::size_t>(ends[j])].push_back({ends[i], u});
            }
    }
    return links;
}

struct Found {
    std::vector<int> cells, units;  // units[i]: the unit of link i when strong
    std::vector<Cand> eliminations;
};

// Breadth first from `start` (assumed without v) over states cell * 2 +
// holds-v, at most `max_links` links; the first end, three links or more
// away, whose pair with the start clears something.
bool chain_from(const Board& b, int v, int start, int max_links, const Links& strong, Found& out) {
    std::vector<int> parent(static_cast<std::size_t>(2 * b.cells()), -1), via(parent.size(), -1);
    std::vector<int> frontier = {2 * start}, next;
    parent[static_cast<std::size_t>(2 * start)] = 2 * start;
    for (int links = 1; links <= max_links && !frontier.empty(); ++links, frontier.swap(next)) {
        next.clear();
        for (int state : frontier) {
            const int cell = state / 2;
            std::vector<std::pair<int, int>> edges = strong[static_cast<std::size_t>(cell)];
            if (state % 2 == 1) {
                edges.clear();
                for (int p : b.peers(cell))
                    if (b.has(p, v)) edges.push_back({p, -1});
            }
            for (auto [to_cell, unit] : edges) {
                const int to = 2 * to_cell + 1 - state % 2;
                if (parent[static_cast<std::size_t>(to)] >= 0) continue;
                parent[static_cast<std::size_t>(to)] = state, via[static_cast<std::size_t>(to)] = unit;
                next.push_back(to);
                if (to % 2 == 0 || to_cell == start || links < 3) continue;  // one link: no chain
                out.eliminations.clear();
                for (int p : common_peers(b, {start, to_cell}))
                    if (b.has(p, v)) out.eliminations.push_back({u32(p), u32(v)});
                if (out.eliminations.empty()) continue;
                out.cells.clear(), out.units.clear();
                for (int s = to; parent[static_cast<std::size_t>(s)] != s; s = parent[static_cast<std::size_t>(s)])
                    out.cells.push_back(s / 2), out.units.push_back(via[static_cast<std::size_t>(s)]);
                out.cells.push_back(start);
                std::reverse(out.cells.begin(), out.cells.end());
                std::reverse(out.units.begin(), out.units.end());
                return true;
            }
        }
    }
    return false;
}

bool x_chain_weak_as_strong(const Board& b, Search& search, Step& step) {
    Found best;
    int best_v = 0, bound = kMaxLinks;
    for (int v = 1; v <= b.side(); ++v) {
        const Links strong = strong_links(b, v);
        for (int start = 0; start < b.cells() && bound >= 1; ++start) {
            if (strong[static_cast<std::size_t>(start)].empty()) continue;
            if (search.spent()) return false;
            Found found;
            if (!chain_from(b, v, start, bound, strong, found)) continue;
            best = found, best_v = v, bound = static_cast<int>(found.units.size()) - 2;
        }
    }
    if (best_v == 0) return false;
    step.technique = "x-chain";
    step.where = mutant::sym(best_v);
    step.where += ' ';
    step.where += b.label(best.cells[0]);
    for (std::size_t i = 0; i < best.units.size(); ++i) {
        step.where += i % 2 == 0 ? '=' : '-';
        step.where += b.label(best.cells[i + 1]);
        if (i % 2 == 0) mutant::name_unit(b, best.units[i], best_v, step);
    }
    step.where = clipped(step.where);
    step.eliminations = best.eliminations;
    return true;
}

}  // namespace

extern const char kPluginName[] = "mutant-logic-chain-weak-as-strong";

Finder finder(std::size_t i) { return mutant::swapped(i, "x-chain", x_chain_weak_as_strong); }

}  // namespace logic
