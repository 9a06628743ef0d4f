// csp: the proof of a search (docs/proofs.md, "Variants"). Each search node
// is a split on the chosen cell, or a leaf; before it come the node's
// narrowings, in the order settle() made them, as nodes the host's checker
// can verify on its own:
//
//   a single leaving its peers   nothing: the checker does it (its peers are
//                                csp's: units, cages, renban, knight, king)
//   a unit (all different)       ELIMINATE, each refuted by a leaf: with the
//                                digit placed, the checker's own singles see
//                                the unit short of a digit (hidden singles,
//                                naked pairs, pointing through peers)
//   a binary relation            JUSTIFY by its rule over the two cells; a
//                                table of several rules: ELIMINATE, refuted by
//                                one JUSTIFY per rule over the two cells
//   a rule's propagator          JUSTIFY by the rule over its own cells; an
//                                indexer's over the cell and a target; cells
//                                outside the rule (a digit every sum needs,
//                                pointed at): ELIMINATE, refuted by the rule
//                                with no assignment left; an entropic line's
//                                over the window of three that rules it out
//   a dead end                   the unit's, binary's or rule's nodes above
//                                leave a cell empty, or JUSTIFY with nothing
//                                eliminated: the rule cannot hold at all (a
//                                unit's over its cells, an entropic line's
//                                over one window)
//
// The checker's candidates are never more than csp's at the same point (it
// applies every narrowing csp made before, and its own rules), so each
// justification csp could make, the checker can check.
#include <algorithm>
#include <bit>
#include <map>

#include "engine.hpp"

namespace csp {

using np::proof::Elimination;

namespace {

// The checker's bound on one JUSTIFY's enumeration (proof_variant.cpp,
// 2^21): half of it, for the order of the checker's search may break ties
// otherwise where its candidates are fewer than csp's. Past it a call
// declares it cannot prove.
constexpr double kEnumerationBound = double(uint64_t{1} << 20);
// And the whole proof's: the checker's own (2^27), as each node's count is
// an upper bound, most of them far above what the checker's rule checks
// leave it to try.
constexpr double kProofEnumerationBound = double(uint64_t{1} << 27);
// Past this coarse count, a little killer's or region sum line's
// enumeration is walked as the checker walks it (checker_walk), a count far
// smaller.
constexpr double kWalkFrom = double(1 << 12);
// The sets of used digits counted at once (assignments()); past it, the
// coarse bound.
constexpr std::size_t kPrefixStates = 1 << 16;

// Runs of events by the same prop, in order (a peer's: prop -1).
template <class Each>
void for_runs(const std::vector<Event>& events, Each each) {
    for (std::size_t i = 0; i < events.size();) {
        std::size_t j = i;
        std::vector<Event> run;
        while (j < events.size() && events[j].prop == events[i].prop) run.push_back(events[j++]);
        each(events[i].prop, run);
        i = j;
    }
}

std::vector<Elimination> pairs_of(const std::vector<Event>& run) {
    std::vector<Elimination> out;
    for (const Event& e : run)
        for (Mask m = e.removed; m; m &= m - 1) out.push_back({e.cell, lowest(m)});
    return out;
}

// The format's counts stop at 63: longer lists go in several nodes.
template <class Write>
void in_chunks(const std::vector<Elimination>& all, Write write) {
    for (std::size_t i = 0; i < all.size(); i += np::proof::kMaxCount) {
        const std::size_t end = std::min(all.size(), i + np::proof::kMaxCount);
        write(std::vector<Elimination>(all.begin() + static_cast<long>(i), all.begin() + static_cast<long>(end)));
    }
}

}  // namespace

// True when the last node written ends this branch (a JUSTIFY that leaves
// nothing): no leaf may follow it.
bool Engine::write_events(bool alive, int failed) {
    // The masks before each event: what the checker's enumeration of a
    // rule's cells will see at most (its candidates are never more).
    std::vector<Mask> before = *masks_now_;
    for (const Event& e : events_) before[e.cell] |= e.removed;
    for_runs(events_, [&](int prop, const std::vector<Event>& run) {
        if (!proof_) return;  // stopped: unprovable
        // A single leaving its peers needs no node, but the checker has
        // done it too: the next rule's enumeration starts without them.
        if (prop < 0) {
            for (const Event& e : run) before[e.cell] &= ~e.removed;
            return;
        }
        const Prop& p = props_[prop];
        if (p.type == Prop::unit) write_unit_run(run);
        else if (p.type == Prop::binary) write_binary_run(binaries_[p.index], run);
        else write_rule_run(p.index, run, before);
        for (const Event& e : run) before[e.cell] &= ~e.removed;
    });
    events_.clear();
    if (!proof_ || alive || failed < 0) return false;
    // A dead end with every cell still holding a digit: a unit too short of
    // digits (a cage's or renban's: the checker sees a full unit's itself),
    // or a rule with no assignment.
    const Prop& p = props_[failed];
    const int rule = p.type == Prop::rule ? p.index : p.type == Prop::unit ? unit_rule_[p.index] : -1;
    if (rule < 0) return false;
    // A cell left empty (pointing emptied one outside the unit, say), or a
    // full unit hidden singles close: the checker's own rules see it.
    if (std::find(masks_now_->begin(), masks_now_->end(), Mask{0}) != masks_now_->end()) return false;
    if (p.type == Prop::unit && full_[p.index] && singles_close(units_[p.index], *masks_now_)) return false;
    // A unit's dead end needs only the unit's cells looked at, an entropic
    // line's one window of three; any other rule's, all its cells (a JUSTIFY
    // with no cells listed).
    std::vector<int> scope;
    if (p.type == Prop::unit) scope = crowded(units_[p.index], *masks_now_);
    else if (model_.rules[rule].kind == Kind::entropic_line) scope = entropic_window(model_.rules[rule], -1, 0, *masks_now_);
    std::vector<int> own = scope;
    if (own.empty())
        own = rule_cells(rule);
    count_enumeration(assignments(rule, own, *masks_now_, -1, 0));
    if (!proof_) return true;
    proof_->justify(rule, scope, {});
    return true;
}

void Engine::write_unit_run(const std::vector<Event>& run) {
    in_chunks(pairs_of(run), [&](const std::vector<Elimination>& chunk) {
        proof_->eliminate(chunk);
        for (std::size_t i = 0; i < chunk.size(); ++i) proof_->leaf();
    });
}

void Engine::write_binary_run(const Binary& rel, const std::vector<Event>& run) {
    const std::vector<Elimination> pairs = pairs_of(run);
    if (rel.origins.size() == 1) {
        const int scope[] = {rel.a, rel.b};
        in_chunks(pairs, [&](const std::vector<Elimination>& chunk) { proof_->justify(rel.origins[0].first, scope, chunk); });
        return;
    }
    in_chunks(pairs, [&](const std::vector<Elimination>& chunk) {
        proof_->eliminate(chunk);
        for (const Elimination& e : chunk) refute_binary(rel, e.cell, e.value);
    });
}

// With `digit` placed in `cell`, each rule of the table takes from the other
// cell what it forbids beside that digit; together they take everything.
void Engine::refute_binary(const Binary& rel, int cell, int digit) {
    const int other = cell == rel.a ? rel.b : rel.a;
    const int scope[] = {rel.a, rel.b};
    for (const auto& [rule, table] : rel.origins) {
        std::vector<Elimination> forbidden;
        for (int y = 1; y <= side_; ++y) {
            const bool allowed = cell == rel.a ? (table[digit] & bit(y)) != 0 : (table[y] & bit(digit)) != 0;
            if (!allowed) forbidden.push_back({other, y});
        }
        if (!forbidden.empty()) proof_->justify(rule, scope, forbidden);
    }
    proof_->leaf();
}

// At most how many assignments the checker tries over a rule's `cells`,
// one cell (`fixed`) holding `value`: its depth times the product of their
// candidates, or, when the cells must all differ (distinct_cells), the
// exact count of the prefixes without a repeated digit - what the checker
// walks at most in that order (it also prunes by the rule), with these
// candidates, which are never fewer than its own.
double Engine::assignments(int rule, const std::vector<int>& cells, const std::vector<Mask>& masks, int fixed, int value) const {
    std::vector<Mask> domains;
    for (int c : cells) domains.push_back(c == fixed ? bit(value) : masks[c]);
    double product = static_cast<double>(cells.size());
    for (Mask d : domains) product *= count(d);
    const Kind kind = model_.rules[rule].kind;
    if ((kind == Kind::little_killer || kind == Kind::region_sum_line) && product > kWalkFrom)
        return std::min(product, checker_walk(rule, cells, domains));
    if (!distinct_cells(rule, cells)) return product;
    // Fewest candidates first, as the checker orders its search.
    std::stable_sort(domains.begin(), domains.end(), [](Mask a, Mask b) { return count(a) < count(b); });
    std::map<Mask, double> prefixes = {{0, 1.0}};  // digits used -> prefixes using them
    double tried = 0;
    for (Mask d : domains) {
        std::map<Mask, double> next;
        for (const auto& [used, n] : prefixes) {
            tried += n * count(d);
            for (Mask free = d & ~used; free; free &= free - 1) next[used | (free & -free)] += n;
        }
        if (next.size() > kPrefixStates) return product;  // too many to count: the coarse bound
        prefixes = std::move(next);
    }
    return std::min(tried, product);
}

// A little killer's or region sum line's enumeration as the checker walks
// it (proof_variant.cpp): the cells with fewest candidates first (ties in
// the order given), every candidate tried counted, one that a cell before
// it that must differ holds skipped, and a prefix the rule already rules
// out not gone on with: as check.cpp's rule_little_killer and
// rule_region_sum_line read a partial line, each segment (a little
// killer's diagonal is one) can make its filled cells' sum plus 1 to N for
// each empty cell, and those ranges must share a value (the clue, for a
// little killer). Only csp's peers count as cells that must differ, and the
// checker has them all, so it walks no more than this. Stops a little past
// the bound on one node: the count is then only "too many". Remembered by
// the rule and the candidates, as settle() and the writing ask the same.
double Engine::checker_walk(int rule, const std::vector<int>& cells, const std::vector<Mask>& domains) const {
    auto key = std::make_pair(rule, domains);
    if (const auto it = walks_.find(key); it != walks_.end()) return it->second;
    const Rule& r = model_.rules[rule];
    const auto segments = r.kind == Kind::region_sum_line ? segments_of(r.groups[0], model_) : r.groups;
    std::vector<int> segment_of(static_cast<std::size_t>(cells_), -1), sum(segments.size(), 0), empty;
    for (std::size_t s = 0; s < segments.size(); ++s) {
        empty.push_back(static_cast<int>(segments[s].size()));
        for (int c : segments[s]) segment_of[c] = static_cast<int>(s);
    }
    const auto open = [&] {
        int low = 0, high = 1 << 20;
        for (std::size_t s = 0; s < sum.size(); ++s) low = std::max(low, sum[s] + empty[s]), high = std::min(high, sum[s] + empty[s] * side_);
        return r.kind == Kind::little_killer ? low <= r.values[0] && r.values[0] <= high : low <= high;
    };
    std::vector<std::size_t> order(cells.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return count(domains[a]) < count(domains[b]); });
    std::vector<int> digit(static_cast<std::size_t>(cells_), 0);
    const int k = static_cast<int>(cells.size());
    double tried = 0;
    const double cap = 2 * kEnumerationBound;
    const auto walk = [&](auto&& self, int i) -> bool {
        if (i == k) return true;
        const int cell = cells[order[static_cast<std::size_t>(i)]];
        const int seg = segment_of[cell];
        for (Mask m = domains[order[static_cast<std::size_t>(i)]]; m; m &= m - 1) {
            const int v = lowest(m);
            if (++tried > cap) return false;
            bool clash = false;
            for (int j = 0; j < i && !clash; ++j) {
                const int other = cells[order[static_cast<std::size_t>(j)]];
                clash = digit[other] == v && peer_bits_[cell][other];
            }
            if (clash) continue;
            // A cell off the line (never, from assignments()) the rule does not read.
            const auto add = [&](int d, int e) {
                if (seg >= 0) sum[static_cast<std::size_t>(seg)] += d, empty[static_cast<std::size_t>(seg)] += e;
            };
            digit[cell] = v, add(v, -1);
            const bool ok = open() && self(self, i + 1);
            digit[cell] = 0, add(-v, 1);
            if (!ok && tried > cap) return false;
        }
        return true;
    };
    walk(walk, 0);
    if (walks_.size() > (1u << 16)) walks_.clear();
    walks_.emplace(std::move(key), tried);
    return tried;
}

// The cells must hold different digits in the checker's eyes: the rule's
// own cells are a cage, a renban line or an extra region (its peers or a
// unit), or they share one row, one column or one region.
bool Engine::distinct_cells(int rule, const std::vector<int>& cells) const {
    const Kind kind = model_.rules[rule].kind;
    if (kind == Kind::killer_cage || kind == Kind::renban || kind == Kind::extra_region) return true;
    const auto same = [&](auto key) {
        return std::all_of(cells.begin(), cells.end(), [&](int c) { return key(c) == key(cells[0]) && key(c) >= 0; });
    };
    return cells.empty() || same([&](int c) { return c / side_; }) || same([&](int c) { return c % side_; }) ||
           same([&](int c) { return model_.region_of.empty() ? -1 : model_.region_of[c]; });
}

// Whether the checker's hidden singles close a full unit by themselves: a
// digit with no place in it, or two digits with one place, the same (the
// first placed there leaves the other none). Its candidates are never more
// than csp's, so its places are never more either.
bool Engine::singles_close(const std::vector<int>& unit, const std::vector<Mask>& masks) const {
    std::vector<int> only(static_cast<std::size_t>(side_ + 1), -1);  // per digit: its one place, if one
    for (int d = 1; d <= side_; ++d) {
        int places = 0, at = -1;
        for (int c : unit)
            if (masks[c] & bit(d)) ++places, at = c;
        if (places == 0) return true;
        if (places > 1) continue;
        for (int e = 1; e < d; ++e)
            if (only[static_cast<std::size_t>(e)] == at) return true;
        only[static_cast<std::size_t>(d)] = at;
    }
    return false;
}

// The fewest of a unit's cells that hold fewer candidates between them than
// they are cells (by Hall's theorem there are such whenever no digits can
// be given to all the unit's cells, different ones): the checker, told to
// look at them alone, runs out of digits at once, where the whole unit
// could take it millions of assignments. The whole unit when it has over
// 16 cells or no such set is found.
std::vector<int> Engine::crowded(const std::vector<int>& unit, const std::vector<Mask>& masks) const {
    const std::size_t k = unit.size();
    if (k > 16) return unit;
    uint32_t best = 0;
    for (uint32_t set = 1; set < (uint32_t{1} << k); ++set) {
        Mask held = 0;
        for (uint32_t m = set; m; m &= m - 1) held |= masks[unit[static_cast<std::size_t>(std::countr_zero(m))]];
        const int size = std::popcount(set);
        if (count(held) < size && (best == 0 || size < std::popcount(best))) best = set;
    }
    if (best == 0) return unit;
    std::vector<int> cells;
    for (uint32_t m = best; m; m &= m - 1) cells.push_back(unit[static_cast<std::size_t>(std::countr_zero(m))]);
    return cells;
}

// An entropic line's narrowing seen in one window of three (its prop
// reasons window by window): the window's cells when no assignment of them
// from `masks` gives one digit of each third with `value` in `cell` (cell
// -1: none at all), else nothing. The checker, asked about those three
// cells alone, finds the same: every other cell of the line is empty to it
// or a single, which only rules out more.
std::vector<int> Engine::entropic_window(const Rule& r, int cell, int value, const std::vector<Mask>& masks) const {
    const std::vector<int>& line = r.groups[0];
    const int third = side_ / 3;
    const auto thirds = [&](int c) {
        int out = 0;
        for (Mask m = c == cell ? bit(value) : masks[c]; m; m &= m - 1) out |= 1 << (lowest(m) - 1) / third;
        return out;
    };
    for (std::size_t i = 0; i + 2 < line.size(); ++i) {
        const int w[3] = {line[i], line[i + 1], line[i + 2]};
        if (cell >= 0 && w[0] != cell && w[1] != cell && w[2] != cell) continue;
        const int a = thirds(w[0]), b = thirds(w[1]), c = thirds(w[2]);
        bool completes = false;
        for (int x = 0; x < 3; ++x)
            completes |= (a >> x & 1) && (((b >> (x + 1) % 3 & 1) && (c >> (x + 2) % 3 & 1)) ||
                                          ((b >> (x + 2) % 3 & 1) && (c >> (x + 1) % 3 & 1)));
        if (!completes) return {w[0], w[1], w[2]};
    }
    return {};
}

// The eliminations of an entropic line's run, in order from `masks`, that
// one window each justifies (each then gone from the masks the next sees):
// put in `windows` with their window; the others returned.
std::vector<Elimination> Engine::windowed(int rule, const std::vector<Elimination>& pairs, std::vector<Mask> masks,
                                          std::vector<Windowed>& windows) const {
    const Rule& r = model_.rules[rule];
    if (r.kind != Kind::entropic_line) return pairs;
    std::vector<Elimination> rest;
    for (const Elimination& e : pairs) {
        std::vector<int> window = entropic_window(r, e.cell, e.value, masks);
        if (window.empty()) {
            rest.push_back(e);
            continue;
        }
        const double cost = assignments(rule, window, masks, -1, 0);
        windows.push_back({e, std::move(window), cost});
        masks[e.cell] &= ~bit(e.value);
    }
    return rest;
}

// A rule's cells as the checker reads a JUSTIFY that lists none: in
// increasing order, each once (its ties in the order of search alike).
std::vector<int> Engine::rule_cells(int rule) const {
    std::vector<int> own;
    for (const auto& group : model_.rules[rule].groups) own.insert(own.end(), group.begin(), group.end());
    std::sort(own.begin(), own.end());
    own.erase(std::unique(own.begin(), own.end()), own.end());
    return own;
}

bool Engine::provable(int rule, std::size_t mark, bool alive) const {
    if (alive && mark == events_.size()) return true;  // nothing narrowed: nothing to write
    const std::vector<int> own = rule_cells(rule);
    const std::vector<Event> run(events_.begin() + static_cast<long>(mark), events_.end());
    if (!alive) {  // a dead end: after the run's eliminations, one JUSTIFY over what is left (or a window)
        std::vector<Mask> after = before_prop_;
        for (const Event& e : run) after[e.cell] &= ~e.removed;
        const bool window = model_.rules[rule].kind == Kind::entropic_line && !entropic_window(model_.rules[rule], -1, 0, after).empty();
        if (!window && assignments(rule, own, after, -1, 0) > kEnumerationBound) return false;
    }
    if (assignments(rule, own, before_prop_, -1, 0) <= kEnumerationBound) return true;
    // An entropic line's in windows of three (write_rule_run); the rest
    // each refuted with its cell placed (one by one); one outside the
    // rule's cells takes the whole enumeration.
    std::vector<Windowed> windows;
    for (const Elimination& e : windowed(rule, pairs_of(run), before_prop_, windows)) {
        if (std::find(own.begin(), own.end(), e.cell) == own.end()) return false;
        if (assignments(rule, own, before_prop_, e.cell, e.value) > kEnumerationBound) return false;
    }
    return true;
}

// One JUSTIFY's enumeration: past either bound, the proof would be
// refused, so the writing stops before it.
void Engine::count_enumeration(double assignments) {
    enumeration_ += assignments;
    if (assignments > kEnumerationBound || enumeration_ > kProofEnumerationBound) unprovable_ = true, proof_ = nullptr;
}

void Engine::write_rule_run(int rule, const std::vector<Event>& run, const std::vector<Mask>& before) {
    const Rule& r = model_.rules[rule];
    const std::vector<int> own = rule_cells(rule);
    const bool indexer = r.kind == Kind::row_indexer || r.kind == Kind::column_indexer || r.kind == Kind::box_indexer;
    if (indexer) {  // every pair over the indexer's cell and the target concerned
        for (const Elimination& e : pairs_of(run)) {
            int index = 0;
            const int at = r.groups[0][0];
            const int target = e.cell == at ? indexer_target(r, model_, e.value, index) : e.cell;
            const int scope[] = {at, target};
            proof_->justify(rule, scope, std::vector<Elimination>{e});
        }
        return;
    }
    // An entropic line's eliminations, each in its window of three where
    // one is enough.
    std::vector<Windowed> windows;
    const std::vector<Elimination> rest = windowed(rule, pairs_of(run), before, windows);
    for (const Windowed& w : windows) {
        count_enumeration(w.assignments);
        if (!proof_) return;
        proof_->justify(rule, w.window, std::vector<Elimination>{w.elimination});
    }
    std::vector<Elimination> inside, outside;
    for (const Elimination& e : rest)
        (std::find(own.begin(), own.end(), e.cell) != own.end() ? inside : outside).push_back(e);
    const double all = assignments(rule, own, before, -1, 0);
    // Inside the rule's cells: one JUSTIFY; over the bound, each pair
    // refuted with its cell placed (a factor of its candidates fewer).
    const bool one_by_one = all > kEnumerationBound;
    if (!one_by_one && !inside.empty()) count_enumeration(all);
    for (const Elimination& e : inside)
        if (one_by_one) count_enumeration(assignments(rule, own, before, e.cell, e.value));
    for (std::size_t i = 0; i < outside.size(); ++i) count_enumeration(all);
    if (!proof_) return;
    in_chunks(inside, [&](const std::vector<Elimination>& chunk) {
        if (!one_by_one) return proof_->justify(rule, {}, chunk);
        proof_->eliminate(chunk);
        for (std::size_t i = 0; i < chunk.size(); ++i) proof_->justify(rule, {}, {});
    });
    // Outside them (a digit the rule needs, pointed at): refuted by the rule
    // with no assignment left.
    in_chunks(outside, [&](const std::vector<Elimination>& chunk) {
        proof_->eliminate(chunk);
        for (std::size_t i = 0; i < chunk.size(); ++i) proof_->justify(rule, {}, {});
    });
}

}  // namespace csp
