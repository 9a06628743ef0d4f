// csp-logic: the explainer (explain.hpp) - the fan of techniques over the
// host's candidate state, one step at a time.
#include "explain.hpp"

#include <algorithm>

namespace csp {

namespace {

char symbol(int v) { return static_cast<char>(v <= 9 ? '0' + v : 'A' + v - 10); }

// The words of each kind's own deduction (the vocabulary of
// harness/rating/techniques.cpp; docs/variants.md, "Explained variants").
// The kinds that are only units or peers never run as a prop of their own.
const char* kind_technique(const Rule& rule) {
    const int value = rule.values.empty() ? 0 : rule.values[0];
    switch (rule.kind) {
        case Kind::non_consecutive: return "non-consecutive";
        case Kind::odd: return "odd cell";
        case Kind::even: return "even cell";
        case Kind::minimum: return "minimum";
        case Kind::maximum: return "maximum";
        case Kind::thermometer: return "thermometer";
        case Kind::arrow: return "arrow sum";
        case Kind::killer_cage: return "cage combinations";
        case Kind::little_killer: return "little killer sum";
        case Kind::sandwich: return "sandwich sum";
        case Kind::x_sum: return "x-sum";
        case Kind::skyscraper: return "skyscraper clue";
        case Kind::xv: return "xv pair";
        case Kind::difference: return value == 1 ? "kropki white dot" : "difference dot";
        case Kind::ratio: return value == 2 ? "kropki black dot" : "ratio dot";
        case Kind::renban: return "renban run";
        case Kind::whispers: return "whispers";
        case Kind::palindrome: return "palindrome";
        case Kind::between_line: return "between line";
        case Kind::region_sum_line: return "region sum line";
        case Kind::entropic_line: return "entropic line";
        case Kind::clone: return "clone";
        case Kind::quadruple: return "quadruple";
        case Kind::row_indexer: return "row indexer";
        case Kind::column_indexer: return "column indexer";
        case Kind::box_indexer: return "box indexer";
        default: return "constraint";  // a unit or peers only: never a prop's name
    }
}

}  // namespace

Explainer::Explainer(const Engine& engine, const uint8_t* givens, const std::vector<Mask>& start, bool nets)
    : e_(engine), n_(engine.side()), cells_(engine.side() * engine.side()), nets_(nets) {
    values_.assign(givens, givens + cells_);
    masks_.resize(static_cast<std::size_t>(cells_));
    for (int c = 0; c < cells_; ++c) masks_[c] = values_[c] ? bit(values_[c]) : start[c] & span(1, n_, n_);
    for (int c = 0; c < cells_; ++c)
        if (values_[c])
            for (int p : e_.peers(c))
                if (!values_[p]) masks_[p] &= ~bit(values_[c]);
    auto prop_cells = std::make_shared<std::vector<std::vector<int>>>(e_.props().size());
    for (int c = 0; c < cells_; ++c)
        for (int id : e_.watchers(c)) (*prop_cells)[id].push_back(c);
    prop_cells_ = std::move(prop_cells);
    dirty_.assign(e_.props().size(), 1);
    scratch_.assign(static_cast<std::size_t>(cells_), 0);
    is_touched_.assign(static_cast<std::size_t>(cells_), 0);
}

Ending Explainer::run(const ExplainHooks& hooks) {
    spent_ = &hooks.spent;
    while (true) {
        if (hooks.spent && hooks.spent()) return Ending::stopped;
        if (std::all_of(values_.begin(), values_.end(), [](uint8_t v) { return v != 0; })) {
            if (satisfies(e_.model(), values_.data())) return Ending::solved;
            why_ = "the grid the steps fill breaks a rule";
            return Ending::contradiction;
        }
        if (dead_end()) return Ending::contradiction;
        ExplainStep s;
        const bool found = basic(s) || (why_.empty() && nets_ && forcing_net(s));
        if (!why_.empty()) return Ending::contradiction;
        if (!found) return net_spent_ ? Ending::stopped : Ending::stuck;  // the budget, not the techniques
        apply(s);
        ++steps_;
        if (hooks.step && !hooks.step(s)) return Ending::stopped;
    }
}

// The fan but the forcing net: the first technique that finds a step. One
// that finds a contradiction instead (why_) ends the search.
bool Explainer::basic(ExplainStep& s) {
    using Technique = bool (Explainer::*)(ExplainStep&);
    static constexpr Technique kFan[] = {&Explainer::naked_single,      &Explainer::hidden_single, &Explainer::constraint,
                                         &Explainer::innies_outies,     &Explainer::leftovers,
                                         &Explainer::locked_candidates,
                                         &Explainer::naked_pair,        &Explainer::hidden_pair};
    for (Technique t : kFan) {
        if ((this->*t)(s)) return true;
        s = ExplainStep{};
        if (!why_.empty()) return false;
    }
    return false;
}

// The last resort: a candidate that, placed, leads by the basic fan to a
// contradiction within kNetSteps steps is not there. Cells with the fewest
// candidates first; the first refuted candidate makes the step, whose
// pattern is every cell the branch read (the steps' patterns, the cell
// where it ended), so the harness can check it from those cells alone.
bool Explainer::forcing_net(ExplainStep& s) {
    net_work_ = 0;
    std::vector<int> order;
    for (int c = 0; c < cells_; ++c)
        if (!values_[c]) order.push_back(c);
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) { return count(masks_[a]) < count(masks_[b]); });
    for (int c : order)
        for (Mask m = masks_[c]; m; m &= m - 1) {
            if (net_work_ >= kNetWork || net_total_ >= kNetTotal || enumerated_ >= kEnumerationTotal) return false;
            if (spent_ && *spent_ && (*spent_)()) return net_spent_ = true, false;
            std::vector<uint8_t> read(static_cast<std::size_t>(cells_), 0);
            std::size_t steps = 0;
            if (!refutes(c, lowest(m), read, steps)) continue;
            s.technique = "forcing net";
            s.where = label(c) + "=" + symbol(lowest(m)) + " leads to a contradiction";
            s.eliminations = {{c, lowest(m)}};
            for (int x = 0; x < cells_; ++x)
                if (read[x]) s.pattern.push_back({x, 0});
            s.length = std::min(steps, s.pattern.size());
            return true;
        }
    return false;
}

// The branch with `v` placed in `cell`, run by the basic fan: true when it
// ends in a contradiction; `read` marks the cells it read.
bool Explainer::refutes(int cell, int v, std::vector<uint8_t>& read, std::size_t& steps) {
    Explainer branch(*this);
    branch.spent_ = nullptr;
    read[cell] = 1;
    ExplainStep assume;
    assume.placements = {{cell, v}};
    branch.apply(assume);
    bool refuted = false;
    for (steps = 0; steps < kNetSteps && branch.enumerated_ < kEnumerationTotal; ++steps, ++net_work_, ++net_total_) {
        ExplainStep inner;
        const bool dead = branch.dead_end();
        const bool found = !dead && branch.basic(inner);
        if (dead || !branch.why_.empty()) {
            for (int x : branch.dead_cells_) read[x] = 1;
            refuted = true;
            break;
        }
        if (!found) break;  // nothing more: no contradiction
        for (auto [x, digit] : inner.pattern) read[x] = 1;
        for (auto [x, digit] : inner.placements) read[x] = 1;
        branch.apply(inner);
    }
    enumerated_ = branch.enumerated_;  // the branch's enumeration is the run's work too
    return refuted;
}

// An empty cell without candidates, or a digit with no place left in a unit
// of N cells that lacks it.
bool Explainer::dead_end() {
    for (int c = 0; c < cells_; ++c)
        if (!values_[c] && masks_[c] == 0) return dead_cells_ = {c}, why_ = "no candidate left in " + label(c), true;
    for (std::size_t u = 0; u < e_.units().size(); ++u) {
        if (!e_.full(u)) continue;
        Mask seen = 0;
        for (int c : e_.units()[u]) seen |= masks_[c];
        if (const Mask missing = span(1, n_, n_) & ~seen) {
            dead_cells_ = e_.units()[u];
            return why_ = std::string("no place for ") + symbol(lowest(missing)) + " in " + unit_name(static_cast<int>(u)), true;
        }
    }
    return false;
}

bool Explainer::naked_single(ExplainStep& s) {
    for (int c = 0; c < cells_; ++c) {
        if (values_[c] || count(masks_[c]) != 1) continue;
        s.technique = "naked single";
        s.placements = {{c, lowest(masks_[c])}};
        s.pattern = {{c, 0}};
        return true;
    }
    return false;
}

// Where each digit may go among `cells`: bit i of [v] when cells[i] is empty
// and holds v as a candidate. What the unit techniques below all read.
std::vector<uint64_t> Explainer::places(const std::vector<int>& cells) const {
    std::vector<uint64_t> where(static_cast<std::size_t>(n_ + 1), 0);
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (Mask m = values_[cells[i]] ? 0 : masks_[cells[i]]; m; m &= m - 1) where[lowest(m)] |= uint64_t{1} << i;
    return where;
}

bool Explainer::hidden_single(ExplainStep& s) {
    for (std::size_t u = 0; u < e_.units().size(); ++u) {
        if (!e_.full(u)) continue;
        const std::vector<int>& cells = e_.units()[u];
        const std::vector<uint64_t> where = places(cells);
        for (int v = 1; v <= n_; ++v) {
            if (__builtin_popcountll(where[v]) != 1) continue;
            const int place = cells[static_cast<std::size_t>(__builtin_ctzll(where[v]))];
            s.technique = "hidden single";
            s.where = std::string(1, symbol(v)) + " in " + unit_name(static_cast<int>(u));
            s.placements = {{place, v}};
            for (int c : cells)
                if (c != place) s.pattern.push_back({c, v});
            return true;
        }
    }
    return false;
}

// One prop of the engine on a copy of the state: binaries first (a pair's
// table), then the rules' own propagators.
bool Explainer::constraint(ExplainStep& s) {
    for (const Prop::Type type : {Prop::binary, Prop::rule}) {
        for (std::size_t id = 0; id < e_.props().size(); ++id) {
            if (e_.props()[id].type != type || !dirty_[id]) continue;
            dirty_[id] = 0;
            bool dead = !narrow([&](Domains& d) { return e_.run_prop(static_cast<int>(id), d, enumerated_, scratch_); });
            const std::vector<int>& cells = (*prop_cells_)[id];
            for (int c : cells) {
                dead = dead || (values_[c] ? (work_[c] & masks_[c]) == 0 : work_[c] == 0);
                for (Mask gone = values_[c] || dead ? 0 : masks_[c] & ~work_[c]; gone; gone &= gone - 1)
                    s.eliminations.push_back({c, lowest(gone)});
            }
            if (dead) {
                std::string where;
                const std::string name = prop_name(static_cast<int>(id), where);
                // The prop may have read cells beyond its own: a cell that sees
                // every place of a digit the constraint needs loses it (csp's
                // place_required), and a contradiction there rests on that
                // cell's candidates too.
                dead_cells_ = cells;
                for (int c = 0; c < cells_; ++c)
                    if (!values_[c] && work_[c] != masks_[c] && std::find(cells.begin(), cells.end(), c) == cells.end())
                        dead_cells_.push_back(c);
                why_ = name + (where.empty() ? "" : " " + where) + " leaves no assignment of its cells";
                return false;
            }
            if (s.eliminations.empty()) continue;
            s.technique = prop_name(static_cast<int>(id), s.where);
            for (int c : cells) s.pattern.push_back({c, 0});
            return true;
        }
    }
    return false;
}

// One propagator on a copy of the state (work_, from masks_): false on a
// dead end.
bool Explainer::narrow(const std::function<bool(Domains&)>& propagate) {
    work_ = masks_;
    Domains d(work_.data(), n_, touched_, is_touched_);
    const bool alive = propagate(d);
    for (int c : touched_) is_touched_[c] = 0;
    touched_.clear();
    return alive;
}

// A digit whose places in a unit of N cells all see one cell is not there.
bool Explainer::locked_candidates(ExplainStep& s) {
    for (std::size_t u = 0; u < e_.units().size(); ++u) {
        if (!e_.full(u)) continue;
        const std::vector<int>& cells = e_.units()[u];
        const std::vector<uint64_t> where = places(cells);
        for (int v = 1; v <= n_; ++v) {
            if (__builtin_popcountll(where[v]) < 2) continue;
            std::bitset<kMaxCells> seen;
            seen.set();
            for (uint64_t w = where[v]; w; w &= w - 1) seen &= e_.peer_bits()[cells[static_cast<std::size_t>(__builtin_ctzll(w))]];
            for (std::size_t x = seen._Find_first(); x < seen.size(); x = seen._Find_next(x))
                if (!values_[x] && (masks_[x] & bit(v))) s.eliminations.push_back({static_cast<int>(x), v});
            if (s.eliminations.empty()) continue;
            // Confined to a line, they leave the line's other groups (claiming); to
            // any other group, the cells that see them all (pointing).
            s.technique = static_cast<int>(u) < 2 * n_ ? "locked candidates (claiming)" : "locked candidates (pointing)";
            s.where = std::string(1, symbol(v)) + " in " + unit_name(static_cast<int>(u));
            for (int c : cells) s.pattern.push_back({c, v});
            return true;
        }
    }
    return false;
}

// Two cells of a group of different digits left with the same two digits.
bool Explainer::naked_pair(ExplainStep& s) {
    for (std::size_t u = 0; u < e_.units().size(); ++u) {
        const std::vector<int>& cells = e_.units()[u];
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const int a = cells[i];
            if (values_[a] || count(masks_[a]) != 2) continue;
            for (std::size_t j = i + 1; j < cells.size(); ++j) {
                const int b = cells[j];
                if (values_[b] || masks_[b] != masks_[a]) continue;
                for (int c : cells)
                    for (Mask m = c == a || c == b || values_[c] ? 0 : masks_[c] & masks_[a]; m; m &= m - 1)
                        s.eliminations.push_back({c, lowest(m)});
                if (s.eliminations.empty()) continue;
                s.technique = "naked pair";
                s.where = std::string("{") + symbol(lowest(masks_[a])) + "," + symbol(highest(masks_[a])) + "} in " +
                          unit_name(static_cast<int>(u));
                s.pattern = {{a, 0}, {b, 0}};
                return true;
            }
        }
    }
    return false;
}

// Two digits with the same two places in a unit of N cells: those cells hold
// them, and no other digit.
bool Explainer::hidden_pair(ExplainStep& s) {
    for (std::size_t u = 0; u < e_.units().size(); ++u) {
        if (!e_.full(u)) continue;
        const std::vector<int>& cells = e_.units()[u];
        const std::vector<uint64_t> where = places(cells);
        for (int a = 1; a <= n_; ++a) {
            if (__builtin_popcountll(where[a]) != 2) continue;
            for (int b = a + 1; b <= n_; ++b) {
                if (where[b] != where[a]) continue;
                const Mask pair = bit(a) | bit(b);
                for (uint64_t w = where[a]; w; w &= w - 1) {
                    const int c = cells[static_cast<std::size_t>(__builtin_ctzll(w))];
                    for (Mask m = masks_[c] & ~pair; m; m &= m - 1) s.eliminations.push_back({c, lowest(m)});
                }
                if (s.eliminations.empty()) continue;
                s.technique = "hidden pair";
                s.where = std::string("{") + symbol(a) + "," + symbol(b) + "} in " + unit_name(static_cast<int>(u));
                for (int c : cells) s.pattern.push_back({c, a}), s.pattern.push_back({c, b});
                return true;
            }
        }
    }
    return false;
}

// The state as the host applies a step: eliminations, then placements, each
// removing its digit from the cells that must differ.
void Explainer::apply(const ExplainStep& s) {
    auto changed = [this](int c) {
        for (int id : e_.watchers(c)) dirty_[id] = 1;
    };
    for (auto [c, v] : s.eliminations) masks_[c] &= ~bit(v), changed(c);
    for (auto [c, v] : s.placements) {
        values_[c] = static_cast<uint8_t>(v), masks_[c] = bit(v), changed(c);
        for (int p : e_.peers(c))
            if (!values_[p] && (masks_[p] & bit(v))) masks_[p] &= ~bit(v), changed(p);
    }
}

std::string Explainer::label(int cell) const {
    std::string out = "r";  // appended, not "r" + ...: GCC 12 at -O3 warns falsely of the latter (-Wrestrict)
    out += std::to_string(cell / n_ + 1);
    out += 'c';
    out += std::to_string(cell % n_ + 1);
    return out;
}

// A prop's technique, and where it sits ("r1c1-r1c2", "r1c1 to r3c1").
std::string Explainer::prop_name(int id, std::string& where) const {
    const Prop& p = e_.props()[id];
    const std::vector<int>& cells = (*prop_cells_)[id];
    if (p.type == Prop::binary) {
        const Binary& rel = e_.binary(p.index);
        where = label(rel.a) + "-" + label(rel.b);
        const int rule = rel.origins.empty() ? -1 : rel.origins.front().first;
        const int base = static_cast<int>(e_.model().rules.size());
        if (rule >= 0 && rule < base) return kind_technique(e_.model().rules[rule]);
        const Model& m = e_.model();
        if (rule == base && m.negative_xv) return "negative xv";
        if (rule == base + m.negative_xv && m.negative_difference) return "negative white dot";
        return "negative black dot";
    }
    const Rule& rule = e_.model().rules[p.index];
    const std::vector<int>& line = rule.groups.empty() ? cells : rule.groups[0];
    if (!line.empty()) where = line.size() == 1 ? label(line[0]) : label(line.front()) + " to " + label(line.back());
    return kind_technique(rule);
}

// "row 3", "column 5", "box 6", "region 2", "cage at r1c1", "the / diagonal".
std::string Explainer::unit_name(int u) const {
    if (u < 2 * n_) return (u % 2 == 0 ? "row " : "column ") + std::to_string(u / 2 + 1);
    const int rule = e_.unit_rule(u);
    if (rule < 0) return (e_.model().boxes ? "box " : "region ") + std::to_string(u - 2 * n_ + 1);
    const Rule& r = e_.model().rules[rule];
    int first = u;
    while (first > 0 && e_.unit_rule(first - 1) == rule) --first;
    const int top = *std::min_element(e_.units()[u].begin(), e_.units()[u].end());
    switch (r.kind) {
        case Kind::disjoint_groups: return "disjoint group " + std::to_string(u - first + 1);
        case Kind::diagonal_positive: return "the / diagonal";
        case Kind::diagonal_negative: return "the \\ diagonal";
        case Kind::killer_cage: return "cage at " + label(top);
        case Kind::renban: return "renban line at " + label(top);
        default: return "extra region at " + label(top);
    }
}

}  // namespace csp
