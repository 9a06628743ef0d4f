// Forcing chains and bounded forcing nets, built from branches
// (branch.cpp): what every branch of a base forces, or a branch's
// contradiction, becomes a step with the facts they read as its pattern,
// SE's measure as its length (ancestry.hpp), and each branch's course as
// its chains; then the bases, tried in order or all for the cheapest.
#include "forcing.hpp"

#include <algorithm>
#include <tuple>
#include <string>

namespace logic {

namespace {

std::string sym(int v) { return std::string(1, Board::symbol(v)); }
uint32_t u32(int x) { return static_cast<uint32_t>(x); }
Mask bit(int v) { return Mask{1} << v; }

}  // namespace

namespace {

// What every branch forces: a value placed in the same cell, or a candidate
// of the real state gone in each (`branches`: those that can hold; with
// `offs_too` a placed cell's other values as well). The first one, in
// words, into `said`.
bool common(const Board& b, const std::vector<const Branch*>& branches, bool offs_too, Step& step, std::string& said) {
    if (branches.empty()) return false;
    for (int x = 0; x < b.cells(); ++x) {
        if (b.value(x) != 0) continue;
        const auto i = static_cast<std::size_t>(x);
        const int w = branches[0]->values[i];
        bool same = w != 0;
        for (const Branch* br : branches) same = same && br->values[i] == w;
        if (same) {
            if (said.empty()) said = "each places " + sym(w) + " at " + b.label(x);
            step.placements.push_back({u32(x), u32(w)});
            // SE also has the cell's other values off, each a conclusion of
            // its own, often cheaper than the placement they lead to.
            for (Mask m = offs_too ? b.mask(x) & ~bit(w) : 0; m != 0; m &= m - 1) step.eliminations.push_back({u32(x), u32(lowest(m))});
            continue;
        }
        for (Mask m = b.mask(x); m != 0; m &= m - 1) {
            const int v = lowest(m);
            bool gone = true;
            for (const Branch* br : branches) gone = gone && br->values[i] != v && (br->masks[i] >> v & 1) == 0;
            if (!gone) continue;
            if (said.empty()) said = "each removes " + sym(v) + " from " + b.label(x);
            step.eliminations.push_back({u32(x), u32(v)});
        }
    }
    // A placement clears its value from its peers by itself: not reported.
    std::erase_if(step.eliminations, [&](const Cand& e) {
        for (const Cand& p : step.placements)
            if (p.value == e.value && b.sees(static_cast<int>(p.cell), static_cast<int>(e.cell))) return true;
        return false;
    });
    return !step.placements.empty() || !step.eliminations.empty();
}

std::string fact_text(const Board& b, int cell, int v, bool placed) {
    return b.label(cell) + (placed ? "=" : "<>") + sym(v);
}

// The step's first effect in common()'s words.
std::string effect_text(const Board& b, const Step& step) {
    if (!step.placements.empty())
        return "each places " + sym(static_cast<int>(step.placements[0].value)) + " at " + b.label(static_cast<int>(step.placements[0].cell));
    return "each removes " + sym(static_cast<int>(step.eliminations[0].value)) + " from " + b.label(static_cast<int>(step.eliminations[0].cell));
}

// Where in a branch's trail an effect of the step first holds: its
// placement, or (an elimination) the cell or a peer taking another value,
// or a net rule removing it. The trail's end when none does.
std::size_t reached(const Board& b, const Branch& br, const Cand& effect, bool placed) {
    const int x = static_cast<int>(effect.cell), v = static_cast<int>(effect.value);
    for (std::size_t k = 0; k < br.trail.size(); ++k) {
        const Branch::Fact& f = br.trail[k];
        const bool here = placed ? f.placed && f.cell == x && f.value == v
                                 : (f.placed && f.cell == x && f.value != v) || (f.placed && f.value == v && b.sees(f.cell, x)) ||
                                       (!f.placed && f.cell == x && f.value == v);
        if (here) return k;
    }
    return br.trail.empty() ? 0 : br.trail.size() - 1;
}

// One branch as a player reads it: its implications in order, up to the
// last one the step's effects need, then those effects themselves (or, for
// a contradiction, what it ran into). A candidate a net rule removed from a
// cell the step never reads (not in its pattern or effects) led nowhere: it
// is left out, as the host would refuse a fact about such a cell.
std::string chain_line(const Board& b, const Branch& br, const Step& step) {
    std::size_t end = br.trail.size();
    if (!br.contradiction) {
        end = 0;
        for (const Cand& p : step.placements) end = std::max(end, reached(b, br, p, true) + 1);
        for (const Cand& e : step.eliminations) end = std::max(end, reached(b, br, e, false) + 1);
    }
    std::vector<bool> named(static_cast<std::size_t>(b.cells()), false);
    for (const auto* list : {&step.pattern, &step.placements, &step.eliminations})
        for (const Cand& c : *list) named[c.cell] = true;
    // Only what the effects rest on (ancestry.hpp), as a player follows it;
    // a nested net's whole trail (its nested steps keep no parents).
    std::vector<int> targets = br.conflict;
    if (!br.contradiction) {
        for (const Cand& p : step.placements) targets.push_back(br.ancestry.on_id(static_cast<int>(p.cell)));
        for (const Cand& e : step.eliminations)
            targets.push_back(br.ancestry.off_id(static_cast<int>(e.cell), static_cast<int>(e.value)));
    }
    const std::vector<bool> needed = br.ancestry.closure(targets);
    auto kept = [&](const Branch::Fact& f) {
        if (br.level() > 0) return true;
        const int id = f.placed ? br.ancestry.on_id(f.cell) : br.ancestry.off_id(f.cell, f.value);
        return id >= 0 && needed[static_cast<std::size_t>(id)];
    };
    std::string line;
    for (std::size_t k = 0; k < end && k < br.trail.size(); ++k)
        if (named[static_cast<std::size_t>(br.trail[k].cell)] && (k == 0 || kept(br.trail[k])))
            line += (line.empty() ? "" : " -> ") + fact_text(b, br.trail[k].cell, br.trail[k].value, br.trail[k].placed);
    if (br.contradiction) return line + " -> " + br.why;
    // The effects, but one the line already ends with (a placement reached).
    auto then = [&line](const std::string& fact) {
        if (!line.ends_with(" " + fact) && line != fact) line += " -> " + fact;
    };
    for (const Cand& p : step.placements) then(fact_text(b, static_cast<int>(p.cell), static_cast<int>(p.value), true));
    for (const Cand& e : step.eliminations) then(fact_text(b, static_cast<int>(e.cell), static_cast<int>(e.value), false));
    return line;
}

// SE's measure of a step (ancestry.hpp): an effect costs the ancestors of
// its fact in each branch (all of them), summed; a contradiction the removals it ran
// into and the placement they deny. The step's length is its cheapest
// effect's cost less the two ends SE leaves out. With `one`, only that
// effect is kept.
void measure(const std::vector<const Branch*>& branches, bool one, Step& step) {
    std::size_t best = 0, at = 0;
    bool dynamic = false;
    const std::size_t effects = step.placements.size() + step.eliminations.size();
    for (std::size_t k = 0; k < effects; ++k) {
        const bool placed = k < step.placements.size();
        const Cand& e = placed ? step.placements[k] : step.eliminations[k - step.placements.size()];
        std::size_t cost = 0;
        bool dyn = false;
        for (const Branch* br : branches) {
            const int id = !placed ? br->ancestry.off_id(static_cast<int>(e.cell), static_cast<int>(e.value))
                           : br->values[e.cell] == e.value ? br->ancestry.on_id(static_cast<int>(e.cell))
                                                            : -1;
            // A branch that cannot hold forces anything: by its contradiction,
            // unless it reached the fact before.
            cost += id >= 0 || !br->contradiction ? br->ancestry.ancestors({id}, &dyn)
                                                  : br->ancestry.contradiction(br->conflict, &dyn);
        }
        if (k == 0 || cost < best) best = cost, at = k, dynamic = dyn;
    }
    step.length = std::max<std::size_t>(best, 3) - 2, step.dynamic = dynamic;
    if (!one || effects < 2) return;
    if (at < step.placements.size()) {
        step.placements = {step.placements[at]}, step.eliminations.clear();
    } else {
        step.eliminations = {step.eliminations[at - step.placements.size()]}, step.placements.clear();
    }
}

// The step a contradiction in branch `br` gives: its assumption `a` goes.
void contradiction_step(const Board& b, const Branch& br, const Cand& a, Step& step) {
    step.eliminations.push_back(a);
    step.where = clipped(sym(static_cast<int>(a.value)) + " at " + b.label(static_cast<int>(a.cell)) + " leads to " + br.why);
    Branch::name(br.facts, step.pattern);
    step.length = std::max<std::size_t>(br.ancestry.contradiction(br.conflict, &step.dynamic), 3) - 2;
    step.chains = chain_line(b, br, step) + "\n";
}

// SE's order between two steps: plain before dynamic, then the shorter.
bool cheaper(const Step& x, const Step& y) { return std::pair(x.dynamic, x.length) < std::pair(y.dynamic, y.length); }

// Runs the branch "v at cell" for each (cell, v) of `at`. Reports a
// contradiction at once (that candidate goes); else what all branches
// force, with `base` (the facts that make `at` exhaustive) in the pattern.
// With Search::se_order every branch runs, and the cheapest of the steps
// is taken: each contradiction, and what the other branches all force
// (a branch that cannot hold forces nothing; its facts stay in the pattern).
bool branches_from(const Board& b, Search& search, const Propagation& how, const std::vector<Cand>& at,
                   std::vector<Mask> base, const std::string& name, Step& step) {
    std::vector<Branch> branches;
    branches.reserve(at.size());
    Step best, s;
    bool found = false;
    for (const Cand& a : at) {
        Branch& br = branches.emplace_back(b, search, how);
        br.run(static_cast<int>(a.cell), static_cast<int>(a.value));
        if (br.stopped) return false;
        if (!br.contradiction) continue;
        s.clear();
        contradiction_step(b, br, a, s);
        if (!search.se_order) return step = std::move(s), true;
        if (!found || cheaper(s, best)) best = std::move(s);
        found = true;
    }
    std::vector<const Branch*> open, all;
    for (const Branch& br : branches) {
        all.push_back(&br);
        if (!br.contradiction) open.push_back(&br);
    }
    std::string said;
    s.clear();
    if (common(b, open, search.se_order, s, said)) {
        measure(all, search.se_order, s);
        if (search.se_order) said = effect_text(b, s);
        for (const Branch& br : branches) br.join(base);
        Branch::name(base, s.pattern);
        s.where = clipped(name + ": " + said);
        for (const Branch& br : branches) s.chains += chain_line(b, br, s) + "\n";
        if (!found || cheaper(s, best)) best = std::move(s);
        found = true;
    }
    if (found) step = std::move(best);
    return found;
}

}  // namespace

bool forcing_from_cell(const Board& b, Search& search, const Propagation& how, int cell, Step& step) {
    std::vector<Cand> at;
    for (Mask m = b.mask(cell); m != 0; m &= m - 1) at.push_back({u32(cell), u32(lowest(m))});
    std::vector<Mask> base(static_cast<std::size_t>(b.cells()), 0);
    base[static_cast<std::size_t>(cell)] = 1;  // its candidates, whole: one of them is its value
    return branches_from(b, search, how, at, base, b.label(cell) + " " + b.values_text(b.mask(cell)), step);
}

bool forcing_from_unit(const Board& b, Search& search, const Propagation& how, int u, int v, Step& step) {
    std::vector<Cand> at;
    std::vector<int> cells;
    std::vector<Mask> base(static_cast<std::size_t>(b.cells()), 0);
    for (int c : b.unit(u)) {
        base[static_cast<std::size_t>(c)] = bit(v);  // v's places in u: one of them holds it
        if (b.has(c, v)) at.push_back({u32(c), u32(v)}), cells.push_back(c);
    }
    return branches_from(b, search, how, at, base, sym(v) + " in " + b.unit_name(u) + " at " + b.cells_text(cells), step);
}

namespace {

// Of every base, the step SE's multiple and dynamic forcing chains would
// take (Chaining.getMultipleChainsHintList and its sort): plain before
// dynamic, then the shortest, then a cell's before a unit's, then the first
// made. SE makes them cell by cell (rows, then columns), a cell's units
// (box, row, column) for each of its values when it is that unit's first
// place for the value, then the cell itself; plain chains skip bivalue
// cells, and so the units whose first place is one.
bool se_cheapest(const Board& b, Search& search, const Propagation& how, bool cells, bool units, Step& step) {
    Step found;
    bool any = false;
    int kind = 0;  // the best's: 0 a cell, 1 a unit
    auto take = [&](int k) {
        if (!any || std::tuple(found.dynamic, found.length, k) < std::tuple(step.dynamic, step.length, kind))
            step = found, kind = k;
        any = true;
    };
    for (int c = 0; c < b.cells(); ++c) {
        const int k = count(b.mask(c));
        if (b.value(c) != 0 || k < 2 || (k == 2 && how.plain)) continue;
        for (Mask m = units ? b.mask(c) : 0; m != 0; m &= m - 1)
            for (int u : {b.box_unit(c), b.row_unit(c), b.col_unit(c)}) {
                const Mask places = b.positions(u, lowest(m));
                if (count(places) < 2 || b.unit(u)[static_cast<std::size_t>(lowest(places))] != c) continue;
                found.clear();
                if (forcing_from_unit(b, search, how, u, lowest(m), found)) take(1);
                if (search.stopped) return false;
            }
        found.clear();
        if (cells && forcing_from_cell(b, search, how, c, found)) take(0);
        if (search.stopped) return false;
    }
    step.technique = kind == 0 ? "cell forcing chain" : "unit forcing chain";
    return any;
}

// Cells with k candidates, then units where a value has k places, for k
// from 2 up: the fewest branches first; the first base that concludes. With
// `cheapest` (the rated ladders), the one SE would take (se_cheapest).
bool each_base(const Board& b, Search& search, const Propagation& how, bool cells, bool units, bool cheapest,
               Step& step) {
    if (cheapest) return se_cheapest(b, search, how, cells, units, step);
    const int n = b.side();
    for (int k = 2; k <= n; ++k) {
        for (int c = 0; cells && c < b.cells(); ++c) {
            if (b.value(c) != 0 || count(b.mask(c)) != k) continue;
            step.clear();
            if (forcing_from_cell(b, search, how, c, step)) return true;
            if (search.stopped) return false;
        }
        for (int u = 0; units && u < b.units(); ++u)
            for (int v = 1; v <= n; ++v) {
                if (count(b.positions(u, v)) != k) continue;
                step.clear();
                if (forcing_from_unit(b, search, how, u, v, step)) return true;
                if (search.stopped) return false;
            }
    }
    return false;
}

// Cell and unit forcing chains. On a rated ladder as SE takes them: plain
// chains (its multiple forcing chains) of every base first; only when none
// concludes, dynamic ones (its dynamic forcing chains, contradictions
// among them), named so. Else one search with every single, the first
// base that concludes.
bool forcing_chains(const Board& b, Search& search, bool cells, bool units, const char* name, Step& step) {
    if (search.se_order) {
        Propagation plain;
        plain.plain = plain.levels = true;
        if (each_base(b, search, plain, cells, units, true, step)) return true;  // named by its base
        if (search.stopped) return false;
    }
    Propagation dynamic;
    dynamic.levels = search.se_order;
    if (!each_base(b, search, dynamic, cells, units, search.se_order, step)) return false;
    // Off a rated ladder the first base found is taken, and whether its
    // conclusion needs a dynamic link is chance (a transposed copy of a
    // puzzle found the other base, 0.5 apart): the step keeps its name.
    step.dynamic = search.se_order;
    step.technique = step.dynamic ? "dynamic forcing chain" : name;
    return true;
}

}  // namespace

// On a rated ladder the cell rung is SE's one producer of both, taking the
// cheapest of cells and units (a unit's named so); the unit rung adds
// nothing there.
bool cell_forcing_chain(const Board& b, Search& search, Step& step) {
    if (!search.se_order) return forcing_chains(b, search, true, false, "cell forcing chain", step);
    return forcing_chains(b, search, true, true, "cell forcing chain", step);
}

bool unit_forcing_chain(const Board& b, Search& search, Step& step) {
    if (search.se_order) return false;
    return forcing_chains(b, search, false, true, "unit forcing chain", step);
}

// The first base that concludes, even on a rated ladder: scanning every
// base for the cheapest net cost nearly twice the time (docs/logic.md).
bool forcing_net(const Board& b, Search& search, Step& step) {
    const Propagation how{true, search.max_net_depth, search.max_net_size};
    if (!each_base(b, search, how, true, true, false, step)) return false;
    step.technique = "forcing net";
    return true;
}

// Levels 1 up to max_net_level, the cheapest first: a level-L net is tried
// only when no net of a lower level concludes. Measured by its pattern: a
// nested step's own chains are not counted as SE counts them.
bool nested_forcing_net(const Board& b, Search& search, Step& step) {
    for (int level = 1; level <= search.max_net_level; ++level) {
        const Propagation how{true, search.max_net_depth, search.max_net_size, level, search.max_net_inner};
        if (each_base(b, search, how, true, true, false, step)) {
            step.technique = "nested forcing net";
            step.length = step.pattern.size();
            if (level > 1) step.where = clipped("level " + std::to_string(level) + ": " + step.where);
            return true;
        }
        if (search.stopped) return false;
    }
    return false;
}

}  // namespace logic
