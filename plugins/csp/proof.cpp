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
    // A unit's dead end needs only the unit's cells looked at, an entropic
    // line's one window of three; any other rule's, all its cells (a JUSTIFY
    // with no cells listed).
    std::vector<int> scope;
    if (p.type == Prop::unit) scope = units_[p.index];
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
    const std::vector<int> own = rule_cells(rule);
    const double all = assignments(rule, own, before_prop_, -1, 0);
    if (all <= kEnumerationBound) return true;
    // An entropic line's in windows of three (write_rule_run), the rest as
    // below.
    std::vector<Event> run(events_.begin() + static_cast<long>(mark), events_.end());
    std::vector<Windowed> windows;
    const std::vector<Elimination> rest = windowed(rule, pairs_of(run), before_prop_, windows);
    if (!alive) {  // a dead end: one JUSTIFY over every assignment, or a window's
        std::vector<Mask> after = before_prop_;
        for (const Event& e : run) after[e.cell] &= ~e.removed;
        return rest.empty() && model_.rules[rule].kind == Kind::entropic_line &&
               !entropic_window(model_.rules[rule], -1, 0, after).empty();
    }
    // Each elimination refuted with its cell placed (write_rule_run's one by
    // one); one outside the rule's cells takes the whole enumeration.
    for (const Elimination& e : rest) {
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
