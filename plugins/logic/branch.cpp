// A forcing technique's branch (forcing.hpp). A branch assumes one candidate
// and propagates what it forces on a copy of the state; every deduction
// records the facts of the real state it read (a cell read whole, or
// whether a value is a candidate in each cell of a unit), so that the step
// can name them as its pattern: with every other cell open, the same
// deductions still follow. A branch never guesses: when a bound ends it, it
// has proved only what it deduced so far.
#include "forcing.hpp"

#include <algorithm>
#include <string>

namespace logic {

namespace {

constexpr int kInnerBranches = 2;  // branches of a nested step's base, at most

std::string sym(int v) { return std::string(1, Board::symbol(v)); }
uint32_t u32(int x) { return static_cast<uint32_t>(x); }
Mask bit(int v) { return Mask{1} << v; }

}  // namespace

Branch::Branch(const Board& board, Search& search, const Propagation& how, const Branch* from)
    : ancestry(board.cells(), board.side()), b_(board), search_(search), how_(how), from_(from) {}

void Branch::run(int cell, int v) {
    const auto n = static_cast<std::size_t>(b_.cells());
    facts.assign(n, 0);
    if (from_ != nullptr) {
        masks = from_->masks, values = from_->values;
    } else {
        masks.resize(n), values.resize(n);
        for (int c = 0; c < b_.cells(); ++c) masks[static_cast<std::size_t>(c)] = b_.mask(c), values[static_cast<std::size_t>(c)] = b_.value(c);
    }
    start_ = masks;
    if (search_.spent()) return void(stopped = true);  // one node a branch, even one that deduces nothing
    place(cell, v, {});
    if (!singles() || !how_.net) return;
    for (int round = 1;; ++round) {
        bool changed = false;
        if (!net_round(changed)) return;
        if (changed && round < how_.max_depth) continue;
        // A further round might deduce more: the branch is cut, not finished.
        if (changed) cut = true;
        // Stalled or cut: a nested level may still find a step on this state.
        bool more = false;
        if (how_.level == 0 || !nested(more) || !more) return;
        round = 0;
    }
}

// k nodes at once: true when the budget ran out on one of them.
bool Branch::spend(int k) {
    for (int i = 0; i < k; ++i)
        if (search_.spent()) return true;
    return false;
}

bool Branch::deduce() {
    if (search_.spent()) return stopped = true, false;
    if (++deductions_ > how_.max_size) return cut = true, false;
    return true;
}

// A value placed turns off the cell's other candidates and v at its peers:
// each of those removals rests on the placement alone.
void Branch::place(int cell, int v, const std::vector<int>& parents, bool dynamic) {
    trail.push_back({cell, v, true});
    const std::vector<int> by{ancestry.on(cell, v, parents, dynamic)};
    values[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(v);
    for (Mask r = masks[static_cast<std::size_t>(cell)] & ~bit(v); r != 0; r &= r - 1) ancestry.off(cell, lowest(r), by);
    masks[static_cast<std::size_t>(cell)] = 0;
    for (int p : b_.peers(cell)) {
        Mask& m = masks[static_cast<std::size_t>(p)];
        if (m >> v & 1) ancestry.off(p, v, by), m &= ~bit(v);
    }
}

bool Branch::remove(int cell, Mask gone, const std::vector<int>& parents) {
    Mask& m = masks[static_cast<std::size_t>(cell)];
    if ((m & gone) == 0) return false;
    for (Mask r = m & gone; r != 0; r &= r - 1) trail.push_back({cell, lowest(r), false}), ancestry.off(cell, lowest(r), parents);
    m &= ~gone;
    return true;
}

// A single: v is c's last candidate, or its last place in a unit. Of the
// reasons that hold now, a plain one (one link: the cell or the unit had
// two) is kept before a dynamic one, then the one with fewer parents.
void Branch::place_forced(int c, int v) {
    std::vector<int> best, parents;
    bool best_dynamic = true, any = false;
    auto consider = [&](bool dynamic) {
        if (!any || std::pair(dynamic, parents.size()) < std::pair(best_dynamic, best.size()))
            best = parents, best_dynamic = dynamic, any = true;
    };
    if (masks[static_cast<std::size_t>(c)] == bit(v)) {
        gone_at(c, ~bit(v), parents);
        consider(count(start_[static_cast<std::size_t>(c)]) > 2);
    }
    for (int u : {b_.row_unit(c), b_.col_unit(c), b_.box_unit(c)}) {
        int places = 0, left = 0;
        for (int x : b_.unit(u)) {
            places += static_cast<int>(start_[static_cast<std::size_t>(x)] >> v & 1);
            left += static_cast<int>(x != c && (masks[static_cast<std::size_t>(x)] >> v & 1));
        }
        if (left != 0) continue;
        parents.clear();
        gone_in(u, v, c, parents);
        consider(places > 2);
    }
    place(c, v, best, best_dynamic);
}

void Branch::gone_at(int cell, Mask of, std::vector<int>& into) const {
    for (Mask r = start_[static_cast<std::size_t>(cell)] & of & ~masks[static_cast<std::size_t>(cell)]; r != 0; r &= r - 1)
        if (const int id = ancestry.off_id(cell, lowest(r)); id >= 0) into.push_back(id);
}

void Branch::gone_in(int u, int v, int except, std::vector<int>& into) const {
    for (int c : b_.unit(u))
        if (c != except) gone_at(c, bit(v), into);
}

// "Where v can go in unit u" was read: v's presence in each of its cells.
void Branch::read_unit(int u, int v) {
    for (int c : b_.unit(u)) facts[static_cast<std::size_t>(c)] |= bit(v);
}

// The values with two places in unit u when the branch started.
Mask Branch::twice_at_start(int u) const {
    Mask once = 0, twice = 0, more = 0;
    for (int c : b_.unit(u)) {
        const Mask m = start_[static_cast<std::size_t>(c)];
        more |= twice & m, twice |= once & m, once |= m;
    }
    return twice & ~more;
}

// Cell c as a naked single: its value; 0 when it is none (plain: none of a
// single link); -1 when it has no candidate left (the branch's
// contradiction, recorded).
int Branch::naked_at(int c) {
    const Mask m = masks[static_cast<std::size_t>(c)];
    if (values[static_cast<std::size_t>(c)] != 0 || (m != 0 && count(m) > 1)) return 0;
    if (how_.plain && (m == 0 || count(start_[static_cast<std::size_t>(c)]) != 2)) return 0;
    facts[static_cast<std::size_t>(c)] |= 1;
    if (m != 0) return lowest(m);
    gone_at(c, ~m, conflict);
    contradiction = true, why = b_.label(c) + " without candidates";
    return -1;
}

// The values with one place left in unit u (plain: of a single link), into
// `lone`; false when a value has none (the contradiction, recorded).
bool Branch::lone_in(int u, Mask& lone) {
    Mask once = 0, twice = 0, placed = 0;
    for (int c : b_.unit(u)) {
        const Mask m = masks[static_cast<std::size_t>(c)];
        twice |= once & m, once |= m;
        if (values[static_cast<std::size_t>(c)] != 0) placed |= bit(values[static_cast<std::size_t>(c)]);
    }
    if (const Mask missing = b_.all_values() & ~placed & ~once; missing != 0 && !how_.plain) {
        read_unit(u, lowest(missing));
        gone_in(u, lowest(missing), -1, conflict);
        return contradiction = true, why = "no place for " + sym(lowest(missing)) + " in " + b_.unit_name(u), false;
    }
    lone = once & ~twice & ~placed;
    if (how_.plain) lone &= twice_at_start(u);
    return true;
}

// v's one place in unit u.
int Branch::place_in(int u, int v) const {
    for (int c : b_.unit(u))
        if (masks[static_cast<std::size_t>(c)] >> v & 1) return c;
    return -1;
}

// Naked and hidden singles until none is left; false when the branch ends
// (a contradiction, a bound, the budget).
bool Branch::singles() {
    if (how_.levels) return singles_by_level();
    for (bool again = true; again;) {
        again = false;
        // A sweep reads the whole grid: nodes too, one per 81 cells, so that
        // the budget bounds the time of a large grid's branches, not only
        // their length (one node on 9x9, eight on 25x25).
        if (spend((b_.cells() + 80) / 81)) return stopped = true, false;
        for (int c = 0; c < b_.cells(); ++c) {
            const int v = naked_at(c);
            if (v < 0) return false;
            if (v == 0) continue;
            if (!deduce()) return false;
            place_forced(c, v);
            again = true;
        }
        for (int u = 0; u < b_.units(); ++u) {
            Mask lone = 0;
            if (!lone_in(u, lone)) return false;
            if (lone == 0) continue;
            if (!deduce()) return false;
            read_unit(u, lowest(lone));
            place_forced(place_in(u, lowest(lone)), lowest(lone));
            again = true;
        }
    }
    return true;
}

// The same, level by level: every single of the state, then those of the
// state they leave.
bool Branch::singles_by_level() {
    struct Single {
        int cell, v, unit;  // unit -1: a naked single
    };
    for (;;) {
        if (spend((b_.cells() + 80) / 81)) return stopped = true, false;
        std::vector<Single> level;
        for (int c = 0; c < b_.cells(); ++c) {
            const int v = naked_at(c);
            if (v < 0) return false;
            if (v > 0) level.push_back({c, v, -1});
        }
        for (int u = 0; u < b_.units(); ++u) {
            Mask lone = 0;
            if (!lone_in(u, lone)) return false;
            for (; lone != 0; lone &= lone - 1) level.push_back({place_in(u, lowest(lone)), lowest(lone), u});
        }
        if (level.empty()) return true;
        for (const Single& s : level) {
            const auto i = static_cast<std::size_t>(s.cell);
            if (values[i] != 0 || (masks[i] >> s.v & 1) == 0) continue;  // taken by this level already
            if (!deduce()) return false;
            if (s.unit >= 0) read_unit(s.unit, s.v);
            place_forced(s.cell, s.v);
        }
    }
}

// One sweep of the net rules over every unit, each deduction followed by
// singles (so it feeds the next at once).
bool Branch::net_round(bool& changed) {
    for (int u = 0; u < b_.units(); ++u)
        for (bool more = true; more;) {
            more = false;
            // The rules read the unit: a node per 9 of its cells.
            if (spend((b_.side() + 8) / 9)) return stopped = true, false;
            if (!locked(u, more) || !pairs(u, more)) return false;
            changed = changed || more;
        }
    return true;
}

// Locked candidates from unit u: a box's places for v within one line
// (pointing), or a line's within one box (claiming). At most one deduction.
bool Branch::locked(int u, bool& changed) {
    const int n = b_.side();
    const bool box = u >= 2 * n;
    for (int v = 1; v <= n; ++v) {
        int first = -1, places = 0;
        bool placed = false, same_row = true, same_col = true, same_box = true;
        for (int c : b_.unit(u)) {
            placed = placed || values[static_cast<std::size_t>(c)] == v;
            if ((masks[static_cast<std::size_t>(c)] >> v & 1) == 0) continue;
            if (first < 0) first = c;
            ++places;
            same_row = same_row && b_.row(c) == b_.row(first);
            same_col = same_col && b_.col(c) == b_.col(first);
            same_box = same_box && b_.box(c) == b_.box(first);
        }
        if (placed || places < 2) continue;
        const int target = box ? (same_row ? b_.row_unit(first) : same_col ? b_.col_unit(first) : -1)
                               : (same_box ? b_.box_unit(first) : -1);
        if (target < 0) continue;
        // The target's cells outside unit u.
        auto outside = [&](int c) {
            return box ? b_.box(c) != b_.box(first) : u < n ? b_.row(c) != b_.row(first) : b_.col(c) != b_.col(first);
        };
        bool any = false;
        for (int c : b_.unit(target)) any = any || (outside(c) && (masks[static_cast<std::size_t>(c)] >> v & 1) != 0);
        if (!any) continue;
        if (!deduce()) return false;
        read_unit(u, v);
        std::vector<int> parents;
        gone_in(u, v, -1, parents);
        for (int c : b_.unit(target))
            if (outside(c)) remove(c, bit(v), parents);
        changed = true;
        return singles();
    }
    return true;
}

// Naked and hidden pairs in unit u. At most one deduction.
bool Branch::pairs(int u, bool& changed) {
    const auto& cs = b_.unit(u);
    for (std::size_t i = 0; i < cs.size(); ++i) {
        const Mask mi = masks[static_cast<std::size_t>(cs[i])];
        if (count(mi) != 2) continue;
        for (std::size_t j = i + 1; j < cs.size(); ++j) {
            if (masks[static_cast<std::size_t>(cs[j])] != mi) continue;
            bool any = false;
            for (int c : cs) any = any || (c != cs[i] && c != cs[j] && (masks[static_cast<std::size_t>(c)] & mi) != 0);
            if (!any) continue;
            if (!deduce()) return false;
            facts[static_cast<std::size_t>(cs[i])] |= 1, facts[static_cast<std::size_t>(cs[j])] |= 1;
            std::vector<int> parents;
            gone_at(cs[i], ~mi, parents), gone_at(cs[j], ~mi, parents);
            for (int c : cs)
                if (c != cs[i] && c != cs[j]) remove(c, mi, parents);
            changed = true;
            return singles();
        }
    }
    const int n = b_.side();
    std::vector<Mask> at(static_cast<std::size_t>(n + 1), 0);
    for (std::size_t i = 0; i < cs.size(); ++i)
        for (int v = 1; v <= n; ++v)
            if (masks[static_cast<std::size_t>(cs[i])] >> v & 1) at[static_cast<std::size_t>(v)] |= Mask{1} << i;
    for (int a = 1; a <= n; ++a) {
        if (count(at[static_cast<std::size_t>(a)]) != 2) continue;
        for (int v = a + 1; v <= n; ++v) {
            if (at[static_cast<std::size_t>(v)] != at[static_cast<std::size_t>(a)]) continue;
            const Mask keep = bit(a) | bit(v), where = at[static_cast<std::size_t>(a)];
            const int x = cs[static_cast<std::size_t>(lowest(where))], y = cs[static_cast<std::size_t>(63 - __builtin_clzll(where))];
            if ((masks[static_cast<std::size_t>(x)] | masks[static_cast<std::size_t>(y)]) == keep) continue;
            if (!deduce()) return false;
            read_unit(u, a), read_unit(u, v);
            std::vector<int> parents;
            gone_in(u, a, -1, parents), gone_in(u, v, -1, parents);
            remove(x, ~keep, parents), remove(y, ~keep, parents);
            changed = true;
            return singles();
        }
    }
    return true;
}

// The facts that make a base exhaustive: a cell's candidates (cell >= 0),
// or v's places in unit u.
void Branch::read_base(int cell, int u, int v) {
    if (cell >= 0) facts[static_cast<std::size_t>(cell)] |= 1;
    else read_unit(u, v);
}

// One nested step: forcing nets of one level less, run on this branch's
// state from each of its bases of two branches (a bivalue cell, a value
// with two places in a unit); the first conclusion is applied here, with
// every fact its inner branches read. `changed` stays false when no base
// concludes. Bases of two keep a nested search's cost near the number of
// bivalue cells and links times a branch, not N^2 branches: without that
// bound a grid with little to reason from (an empty one) would take hours.
bool Branch::nested(bool& changed) {
    if (inner_steps_ >= how_.max_inner) return cut = true, true;
    const int n = b_.side();
    for (int k = 2; k <= kInnerBranches; ++k) {
        std::vector<Cand> at;
        for (int c = 0; c < b_.cells(); ++c) {
            const Mask m = masks[static_cast<std::size_t>(c)];
            if (values[static_cast<std::size_t>(c)] != 0 || count(m) != k) continue;
            at.clear();
            for (Mask r = m; r != 0; r &= r - 1) at.push_back({u32(c), u32(lowest(r))});
            if (!inner_base(at, c, -1, 0, changed)) return false;
            if (changed) return ++inner_steps_, singles();
        }
        for (int u = 0; u < b_.units(); ++u)
            for (int v = 1; v <= n; ++v) {
                at.clear();
                for (int c : b_.unit(u))
                    if (masks[static_cast<std::size_t>(c)] >> v & 1) at.push_back({u32(c), u32(v)});
                if (static_cast<int>(at.size()) != k) continue;
                if (!inner_base(at, -1, u, v, changed)) return false;
                if (changed) return ++inner_steps_, singles();
            }
    }
    return true;
}

// The inner branches "v at cell" for each of `at`, from this state. A
// contradiction removes its candidate here; else what all of them force
// (a value placed in the same cell, a candidate gone in each) is applied.
bool Branch::inner_base(const std::vector<Cand>& at, int cell, int u, int v, bool& changed) {
    Propagation inner = how_;
    inner.level = how_.level - 1;
    std::vector<Branch> inners;
    inners.reserve(at.size());
    for (const Cand& a : at) {
        Branch& br = inners.emplace_back(b_, search_, inner, this);
        br.run(static_cast<int>(a.cell), static_cast<int>(a.value));
        if (br.stopped) return stopped = true, false;
        if (!br.contradiction) continue;
        if (!deduce()) return false;
        br.join(facts);
        remove(static_cast<int>(a.cell), bit(static_cast<int>(a.value)), {});  // nested: measured by its pattern
        return changed = true, true;
    }
    std::vector<Cand> places, gone;
    for (int x = 0; x < b_.cells(); ++x) {
        const auto i = static_cast<std::size_t>(x);
        if (values[i] != 0) continue;
        const int w = inners[0].values[i];
        bool same = w != 0;
        for (const Branch& br : inners) same = same && br.values[i] == w;
        if (same) {
            places.push_back({u32(x), u32(w)});
            continue;
        }
        for (Mask m = masks[i]; m != 0; m &= m - 1) {
            bool all = true;
            for (const Branch& br : inners) all = all && br.values[i] != lowest(m) && (br.masks[i] >> lowest(m) & 1) == 0;
            if (all) gone.push_back({u32(x), u32(lowest(m))});
        }
    }
    if (places.empty() && gone.empty()) return true;
    if (!deduce()) return false;
    read_base(cell, u, v);
    for (const Branch& br : inners) br.join(facts);
    for (const Cand& g : gone) remove(static_cast<int>(g.cell), bit(static_cast<int>(g.value)), {});
    for (const Cand& p : places) place(static_cast<int>(p.cell), static_cast<int>(p.value), {}, true);
    return changed = true, true;
}

void Branch::join(std::vector<Mask>& into) const {
    into.resize(facts.size(), 0);
    for (std::size_t c = 0; c < facts.size(); ++c) into[c] |= facts[c];
}

void Branch::name(const std::vector<Mask>& facts, std::vector<Cand>& pattern) {
    for (std::size_t c = 0; c < facts.size(); ++c) {
        if (facts[c] & 1) {
            pattern.push_back({static_cast<uint32_t>(c), 0});
            continue;
        }
        for (Mask m = facts[c]; m != 0; m &= m - 1) pattern.push_back({static_cast<uint32_t>(c), u32(lowest(m))});
    }
}

}  // namespace logic
