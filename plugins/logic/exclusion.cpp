// Aligned exclusion and Nishio: techniques that try the combinations of a
// few cells' candidates, or one value's placements, and keep only what
// survives. Sudoku Explainer's ladder has them between the wings and the
// forcing chains; each is defined here for any box shape.
#include <string>
#include <vector>

#include "ancestry.hpp"
#include "techniques.hpp"

namespace logic {

namespace {

std::string sym(int v) { return std::string(1, Board::symbol(v)); }
uint32_t u32(int x) { return static_cast<uint32_t>(x); }

// The cells that could exclude a combination of values in `cells`: every
// empty cell, not one of them, that sees at least two of them and has no
// more candidates than the cells of them it sees (only then can their
// values take all of its candidates). A combination is excluded when such a
// cell would be left without a candidate.
std::vector<int> excluders(const Board& b, const std::vector<int>& cells, const std::vector<int>& small) {
    std::vector<int> out;
    for (int c : small) {
        int seen = 0;
        bool member = false;
        for (int x : cells) member = member || x == c, seen += b.sees(c, x) ? 1 : 0;
        if (!member && seen >= 2 && count(b.mask(c)) <= seen) out.push_back(c);
    }
    return out;
}

// True when the values (one per cell of `cells`) are possible together
// as far as these cells go: no two that see each other share a value, and
// no excluding cell is emptied.
bool allowed(const Board& b, const std::vector<int>& cells, const std::vector<int>& values,
             const std::vector<int>& by, std::vector<int>& used) {
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (std::size_t j = i + 1; j < cells.size(); ++j)
            if (values[i] == values[j] && b.sees(cells[i], cells[j])) return false;
    for (int c : by) {
        Mask taken = 0;
        for (std::size_t i = 0; i < cells.size(); ++i)
            if (b.sees(c, cells[i])) taken |= Mask{1} << values[i];
        if ((b.mask(c) & ~taken) == 0) {
            used.push_back(c);
            return false;
        }
    }
    return true;
}

// Every combination of the cells' candidates; `survives[i]` collects the
// values of cell i found in an allowed one.
void combine(const Board& b, const std::vector<int>& cells, const std::vector<int>& by, std::vector<int>& values,
             std::vector<Mask>& survives, std::vector<int>& used) {
    const std::size_t k = values.size();
    if (k == cells.size()) {
        if (allowed(b, cells, values, by, used))
            for (std::size_t i = 0; i < k; ++i) survives[i] |= Mask{1} << values[i];
        return;
    }
    for (Mask m = b.mask(cells[k]); m; m &= m - 1) {
        values.push_back(lowest(m));
        combine(b, cells, by, values, survives, used);
        values.pop_back();
    }
}

// The exclusion over one set of cells: a candidate of one of them that no
// allowed combination uses goes. One node per set tried (finding its
// excluders reads every small cell; its combinations are at most N^3).
bool exclude(const Board& b, Search& search, const std::vector<int>& cells, const std::vector<int>& small,
             const char* name, Step& step) {
    if (search.spent()) return false;
    const std::vector<int> by = excluders(b, cells, small);
    if (by.empty()) return false;
    std::vector<int> values, used;
    std::vector<Mask> survives(cells.size(), 0);
    combine(b, cells, by, values, survives, used);
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (Mask m = b.mask(cells[i]) & ~survives[i]; m; m &= m - 1)
            step.eliminations.push_back({u32(cells[i]), u32(lowest(m))});
    if (step.eliminations.empty()) return false;
    step.technique = name;
    step.where = b.cells_text(cells);
    for (int c : cells) step.pattern.push_back({u32(c), 0});
    std::vector<bool> named(static_cast<std::size_t>(b.cells()), false);
    for (int c : used)
        if (!named[static_cast<std::size_t>(c)]) named[static_cast<std::size_t>(c)] = true, step.pattern.push_back({u32(c), 0});
    return true;
}

// Empty cells with at most k candidates: the only ones that can exclude a
// combination of k cells' values.
std::vector<int> small_cells(const Board& b, int k) {
    std::vector<int> out;
    for (int c = 0; c < b.cells(); ++c)
        if (b.value(c) == 0 && count(b.mask(c)) <= k) out.push_back(c);
    return out;
}

// Empty cells of unit u, in order.
std::vector<int> open_cells(const Board& b, int u) {
    std::vector<int> out;
    for (int c : b.unit(u))
        if (b.value(c) == 0) out.push_back(c);
    return out;
}

}  // namespace

// Two cells of one unit ("aligned"): their values differ, and no cell
// that sees both may lose all its candidates to them.
bool aligned_pair_exclusion(const Board& b, Search& search, Step& step) {
    const std::vector<int> small = small_cells(b, 2);
    for (int u = 0; u < b.units(); ++u) {
        const std::vector<int> cells = open_cells(b, u);
        for (std::size_t i = 0; i < cells.size(); ++i)
            for (std::size_t j = i + 1; j < cells.size(); ++j) {
                step.clear();
                if (exclude(b, search, {cells[i], cells[j]}, small, "aligned pair exclusion", step)) return true;
                if (search.stopped) return false;
            }
    }
    step.clear();
    return false;
}

// Three cells of one unit, the same way; a cell that sees two of them is
// emptied by the values those two take.
bool aligned_triple_exclusion(const Board& b, Search& search, Step& step) {
    const std::vector<int> small = small_cells(b, 3);
    for (int u = 0; u < b.units(); ++u) {
        const std::vector<int> cells = open_cells(b, u);
        for (std::size_t i = 0; i < cells.size(); ++i)
            for (std::size_t j = i + 1; j < cells.size(); ++j)
                for (std::size_t k = j + 1; k < cells.size(); ++k) {
                    step.clear();
                    if (exclude(b, search, {cells[i], cells[j], cells[k]}, small, "aligned triple exclusion", step))
                        return true;
                    if (search.stopped) return false;
                }
    }
    step.clear();
    return false;
}

namespace {

// v placed at `cell`, and its consequences for v alone: v leaves the
// peers of each placement, and a unit left with one place for v puts it
// there. True when some unit that still needs v is left without a place;
// `chain`, when given, gets the placements in order and that unit, as a
// step's chains line (np_step.chains).
// `length`, when given, gets SE's measure of the contradiction
// (ancestry.hpp): the removals that emptied the unit, what they rest on,
// and the placement they deny, less SE's two ends.
bool v_contradicts(const Board& b, Search& search, int v, int cell, std::string* chain = nullptr,
                   std::size_t* length = nullptr) {
    std::vector<bool> can(static_cast<std::size_t>(b.cells()), false), placed(static_cast<std::size_t>(b.cells()), false);
    for (int c = 0; c < b.cells(); ++c) can[static_cast<std::size_t>(c)] = b.has(c, v), placed[static_cast<std::size_t>(c)] = b.value(c) == v;
    Ancestry ancestry(b.cells(), b.side());
    // v's removals in unit u (but at `except`): a hidden single's parents.
    auto gone_in = [&](int u, int except) {
        std::vector<int> ids;
        for (int c : b.unit(u))
            if (c != except && b.has(c, v)) ids.push_back(ancestry.off_id(c, v));
        return ids;
    };
    // Breadth first, as SE's search: a cell, and the unit that forced v there.
    std::vector<std::pair<int, int>> todo{{cell, -1}};
    for (std::size_t next = 0; next < todo.size(); ++next) {
        const auto [at, by] = todo[next];
        if (placed[static_cast<std::size_t>(at)]) continue;
        if (search.spent()) return false;
        placed[static_cast<std::size_t>(at)] = true;
        const std::vector<int> on{ancestry.on(at, v, by < 0 ? std::vector<int>{} : gone_in(by, at))};
        if (chain) *chain += (chain->empty() ? "" : " -> ") + b.label(at) + "=" + sym(v);
        for (int p : b.peers(at))
            if (can[static_cast<std::size_t>(p)]) can[static_cast<std::size_t>(p)] = false, ancestry.off(p, v, on);
        can[static_cast<std::size_t>(at)] = false;
        for (int u = 0; u < b.units(); ++u) {
            int places = 0, last = -1;
            bool done = false;
            for (int c : b.unit(u)) {
                done = done || placed[static_cast<std::size_t>(c)];
                if (can[static_cast<std::size_t>(c)]) ++places, last = c;
            }
            if (done) continue;
            if (places == 0) {
                if (chain) *chain += " -> no place for " + sym(v) + " in " + b.unit_name(u) + "\n";
                if (length) *length = std::max<std::size_t>(ancestry.contradiction(gone_in(u, -1)), 3) - 2;
                return true;
            }
            if (places == 1) todo.push_back({last, u});
        }
    }
    return false;
}

}  // namespace

// Nishio: v at a cell, followed for v alone, leaves a unit without a place
// for v; so v cannot go there. The pattern is v across the whole grid. The
// first found; on a rated ladder (Search::se_order) the shortest.
bool nishio(const Board& b, Search& search, Step& step) {
    int best_v = 0, best_cell = -1;
    std::size_t best = 0;
    for (int v = 1; v <= b.side() && (best_cell < 0 || search.se_order); ++v)
        for (int cell = 0; cell < b.cells() && (best_cell < 0 || search.se_order); ++cell) {
            if (!b.has(cell, v)) continue;
            std::size_t length = 0;
            if (v_contradicts(b, search, v, cell, nullptr, &length) && (best_cell < 0 || length < best))
                best_v = v, best_cell = cell, best = length;
            if (search.stopped) return false;
        }
    if (best_cell < 0) return false;
    const int v = best_v, cell = best_cell;
    step.technique = "nishio";
    step.where = sym(v) + " at " + b.label(cell);
    step.eliminations.push_back({u32(cell), u32(v)});
    // A cell that holds v whole: its unit needs no other place.
    for (int c = 0; c < b.cells(); ++c) step.pattern.push_back({u32(c), b.value(c) == v ? 0u : u32(v)});
    v_contradicts(b, search, v, cell, &step.chains, &step.length);  // again, saying how and how long
    return !search.stopped;
}

}  // namespace logic
