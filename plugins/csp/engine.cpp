// csp: the engine - setup of units, peers, binary relations and watch
// lists from the Model; propagation to a fixed point; the search.
#include "engine.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace csp {
namespace {

std::vector<int> adjacent(int cell, int n) {
    const int r = cell / n, c = cell % n;
    std::vector<int> out;
    if (r > 0) out.push_back(cell - n);
    if (r + 1 < n) out.push_back(cell + n);
    if (c > 0) out.push_back(cell - 1);
    if (c + 1 < n) out.push_back(cell + 1);
    return out;
}

}  // namespace

Engine::Engine(Model model) : model_(std::move(model)) {
    side_ = model_.side, cells_ = side_ * side_;
    peers_.assign(static_cast<std::size_t>(cells_), {});
    peer_bits_.assign(static_cast<std::size_t>(cells_), {});
    watch_.assign(static_cast<std::size_t>(cells_), {});
    std::vector<std::vector<int>> regions(static_cast<std::size_t>(side_));
    for (int r = 0; r < side_; ++r) {
        std::vector<int> row, column;
        for (int i = 0; i < side_; ++i) row.push_back(r * side_ + i), column.push_back(i * side_ + r);
        add_unit(row), add_unit(column);
    }
    for (int cell = 0; cell < cells_; ++cell)
        if (model_.region_of[cell] >= 0) regions[model_.region_of[cell]].push_back(cell);
    for (const auto& region : regions)
        if (!region.empty()) add_unit(region);
    for (const Rule& rule : model_.rules) adding_rule_ = static_cast<int>(&rule - model_.rules.data()), add_kind(rule);
    add_negative_rules();
    adding_rule_ = -1;
    for (auto& list : peers_) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    touched_.reserve(static_cast<std::size_t>(cells_));
    is_touched_.assign(static_cast<std::size_t>(cells_), 0);
    queued_.assign(props_.size(), 0);
    weight_.assign(props_.size(), 1.0);
    solution_.assign(static_cast<std::size_t>(cells_), 0);
    scratch_.assign(static_cast<std::size_t>(cells_), 0);
}

void Engine::add_prop(Prop prop, const std::vector<int>& cells) {
    const int id = static_cast<int>(props_.size());
    props_.push_back(prop);
    std::set<int> unique(cells.begin(), cells.end());
    for (int c : unique) watch_[c].push_back(id);
}

void Engine::add_peer(int a, int b) {
    if (a == b) return;
    peers_[a].push_back(b), peers_[b].push_back(a);
    peer_bits_[a][b] = peer_bits_[b][a] = true;
}

void Engine::add_unit(const std::vector<int>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (std::size_t j = i + 1; j < cells.size(); ++j) add_peer(cells[i], cells[j]);
    units_.push_back(cells);
    full_.push_back(static_cast<int>(cells.size()) == side_);
    unit_rule_.push_back(adding_rule_);
    add_prop({Prop::unit, static_cast<int>(units_.size() - 1)}, cells);
}

// A relation between two cells; one table per unordered pair (ANDed), and
// one per pair and rule (adding_rule_) for proofs.
void Engine::add_binary(int a, int b, const std::function<bool(int, int)>& allowed) {
    if (a == b) return;
    const bool flip = a > b;
    if (flip) std::swap(a, b);
    auto it = std::find_if(binaries_.begin(), binaries_.end(), [&](const Binary& x) { return x.a == a && x.b == b; });
    if (it == binaries_.end()) {
        Binary fresh;
        fresh.a = a, fresh.b = b;
        for (int x = 1; x <= side_; ++x) fresh.ok[x] = span(1, side_, side_);
        binaries_.push_back(fresh);
        add_prop({Prop::binary, static_cast<int>(binaries_.size() - 1)}, {a, b});
        it = binaries_.end() - 1;
    }
    auto origin = std::find_if(it->origins.begin(), it->origins.end(), [&](const auto& o) { return o.first == adding_rule_; });
    if (origin == it->origins.end()) {
        Table all;
        all.fill(span(1, side_, side_));
        it->origins.emplace_back(adding_rule_, all);
        origin = it->origins.end() - 1;
    }
    for (int x = 1; x <= side_; ++x)
        for (int y = 1; y <= side_; ++y)
            if (!(flip ? allowed(y, x) : allowed(x, y))) it->ok[x] &= ~bit(y), origin->second[x] &= ~bit(y);
}

void Engine::add_globals(const Rule& rule) {
    const int n = side_;
    auto apart = [&](const std::vector<std::pair<int, int>>& steps) {
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                for (auto [dr, dc] : steps)
                    if (r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n) add_peer(r * n + c, (r + dr) * n + c + dc);
    };
    std::vector<int> cells;
    switch (rule.kind) {
        case Kind::disjoint_groups:
            for (int p = 0; p < n; ++p) {
                cells.clear();
                for (int box = 0; box < n; ++box) {
                    const int top = box / model_.box_rows * model_.box_rows, left = box % model_.box_rows * model_.box_cols;
                    cells.push_back((top + p / model_.box_cols) * n + left + p % model_.box_cols);
                }
                add_unit(cells);
            }
            return;
        case Kind::diagonal_positive:
        case Kind::diagonal_negative:
            for (int i = 0; i < n; ++i) cells.push_back(rule.kind == Kind::diagonal_negative ? i * n + i : (n - 1 - i) * n + i);
            return add_unit(cells);
        case Kind::anti_knight: return apart({{1, 2}, {2, 1}, {1, -2}, {2, -1}});
        case Kind::anti_king: return apart({{1, 1}, {1, -1}});
        default:  // non_consecutive
            for (int cell = 0; cell < n * n; ++cell)
                for (int nb : adjacent(cell, n)) add_binary(cell, nb, [](int x, int y) { return std::abs(x - y) != 1; });
    }
}

void Engine::add_kind(const Rule& rule) {
    const std::vector<int> none;
    const std::vector<int>& line = rule.groups.empty() ? none : rule.groups[0];
    const int value = rule.values.empty() ? 0 : rule.values[0];
    switch (rule.kind) {
        case Kind::disjoint_groups: case Kind::diagonal_positive: case Kind::diagonal_negative:
        case Kind::anti_knight: case Kind::anti_king: case Kind::non_consecutive:
            return add_globals(rule);
        case Kind::extra_region: return add_unit(line);
        case Kind::xv: return add_binary(line[0], line[1], [value](int x, int y) { return x + y == value; });
        case Kind::difference: return add_binary(line[0], line[1], [value](int x, int y) { return std::abs(x - y) == value; });
        case Kind::ratio:
            return add_binary(line[0], line[1], [value](int x, int y) { return x == value * y || y == value * x; });
        case Kind::whispers:
            for (std::size_t i = 0; i + 1 < line.size(); ++i)
                add_binary(line[i], line[i + 1], [value](int x, int y) { return std::abs(x - y) >= value; });
            return;
        case Kind::palindrome:
            for (std::size_t i = 0; i < line.size() / 2; ++i)
                add_binary(line[i], line[line.size() - 1 - i], [](int x, int y) { return x == y; });
            return;
        case Kind::clone:
            for (std::size_t i = 0; i < line.size(); ++i) add_binary(line[i], rule.groups[1][i], [](int x, int y) { return x == y; });
            return;
        case Kind::minimum: case Kind::maximum: {
            const bool minimum = rule.kind == Kind::minimum;
            for (int nb : adjacent(line[0], side_)) {
                const bool same = std::any_of(model_.rules.begin(), model_.rules.end(),
                                              [&](const Rule& r) { return r.kind == rule.kind && r.groups[0][0] == nb; });
                if (!same) add_binary(line[0], nb, [minimum](int x, int y) { return minimum ? x < y : x > y; });
            }
            return;
        }
        default: break;
    }
    if (rule.kind == Kind::killer_cage || rule.kind == Kind::renban) add_unit(line);
    if (rule.kind == Kind::thermometer)
        for (std::size_t i = 0; i + 1 < line.size(); ++i) add_binary(line[i], line[i + 1], [](int x, int y) { return x < y; });
    if (rule.kind == Kind::entropic_line && line.size() >= 3) {
        const int third = side_ / 3;
        for (std::size_t i = 0; i + 1 < line.size(); ++i)
            for (std::size_t j = i + 1; j < std::min(line.size(), i + 3); ++j)
                add_binary(line[i], line[j], [third](int x, int y) { return (x - 1) / third != (y - 1) / third; });
    }
    std::vector<int> watched;
    for (const auto& group : rule.groups) watched.insert(watched.end(), group.begin(), group.end());
    if (rule.kind == Kind::row_indexer || rule.kind == Kind::column_indexer || rule.kind == Kind::box_indexer)
        for (int cell = 0; cell < cells_; ++cell) watched.push_back(cell);  // the targets (a row, column or box)
    const int index = static_cast<int>(&rule - model_.rules.data());
    add_prop({Prop::rule, index}, watched);
}

void Engine::add_negative_rules() {
    if (!model_.negative_xv && !model_.negative_difference && !model_.negative_ratio) return;
    std::set<std::pair<int, int>> xv, dot;
    for (const Rule& r : model_.rules) {
        if (r.kind != Kind::xv && r.kind != Kind::difference && r.kind != Kind::ratio) continue;
        (r.kind == Kind::xv ? xv : dot).insert(std::minmax(r.groups[0][0], r.groups[0][1]));
    }
    // The rules' numbers for proofs: after the model's rules, the negative
    // rules the puzzle has in the order xv, difference, ratio.
    const int base = static_cast<int>(model_.rules.size());
    const int xv_rule = base, white_rule = base + model_.negative_xv,
              black_rule = white_rule + model_.negative_difference;
    for (int cell = 0; cell < cells_; ++cell)
        for (int nb : adjacent(cell, side_)) {
            if (nb < cell) continue;
            const bool no_dot = !dot.count({cell, nb});
            if (model_.negative_xv && !xv.count({cell, nb}))
                adding_rule_ = xv_rule, add_binary(cell, nb, [](int x, int y) { return x + y != 5 && x + y != 10; });
            if (no_dot && model_.negative_difference)
                adding_rule_ = white_rule, add_binary(cell, nb, [](int x, int y) { return std::abs(x - y) != 1; });
            if (no_dot && model_.negative_ratio)
                adding_rule_ = black_rule, add_binary(cell, nb, [](int x, int y) { return x != 2 * y && y != 2 * x; });
        }
}

// All different: a unit of N cells holds every digit (a digit with one place
// goes there); any unit needs as many digits as cells.
bool Engine::run_unit(int u, Domains& d) const {
    const std::vector<int>& cells = units_[u];
    Mask once = 0, twice = 0;
    for (int c : cells) twice |= once & d[c], once |= d[c];
    if (count(once) < static_cast<int>(cells.size())) return false;
    if (!naked_pairs(cells, d)) return false;
    if (!full_[u]) return true;
    for (Mask single = once & ~twice; single; single &= single - 1) {
        const Mask b = single & -single;
        for (int c : cells)
            if ((d[c] & b) && !d.keep(c, b)) return false;
    }
    return point(cells, d);
}

// Two cells of a unit left with the same two digits hold them both: no
// other cell of the unit can.
bool Engine::naked_pairs(const std::vector<int>& cells, Domains& d) const {
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const Mask pair = d[cells[i]];
        if (count(pair) != 2) continue;
        std::size_t j = i + 1;
        while (j < cells.size() && d[cells[j]] != pair) ++j;
        if (j == cells.size()) continue;
        for (std::size_t k = 0; k < cells.size(); ++k)
            if (k != i && k != j && !d.keep(cells[k], ~pair)) return false;
    }
    return true;
}

// A digit that must go in one of a few places of a full unit is not in any
// cell that sees all of those places (box/line interactions, and their kin
// through cages, diagonals, knights' moves: the peers say who sees whom).
bool Engine::point(const std::vector<int>& cells, Domains& d) const {
    uint32_t where[kMaxSide + 2] = {};  // where[v]: bit i when cells[i] can hold v
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (Mask m = d[cells[i]]; m; m &= m - 1) where[lowest(m)] |= uint32_t{1} << i;
    for (int v = 1; v <= side_; ++v) {
        const int places = count(where[v]);
        if (places < 2 || places > kPointPlaces) continue;
        uint32_t p = where[v];
        std::bitset<kMaxCells> seen = peer_bits_[cells[lowest(p)]];
        for (p &= p - 1; p; p &= p - 1) seen &= peer_bits_[cells[lowest(p)]];
        for (std::size_t x = seen._Find_first(); x < seen.size(); x = seen._Find_next(x))
            if (!d.keep(static_cast<int>(x), ~bit(v))) return false;
    }
    return true;
}

bool Engine::run_binary(int k, Domains& d) const {
    const Binary& rel = binaries_[k];
    const Mask mb = d[rel.b];
    Mask keep_a = 0, keep_b = 0;
    for (Mask m = d[rel.a]; m; m &= m - 1) {
        const int x = lowest(m);
        if (const Mask with = rel.ok[x] & mb) keep_a |= bit(x), keep_b |= with;
    }
    return d.keep(rel.a, keep_a) && d.keep(rel.b, keep_b);
}

bool Engine::run_prop(int id, Domains& d, uint64_t& enumerated, std::vector<uint8_t>& scratch) const {
    const Prop& p = props_[id];
    if (p.type == Prop::unit) return run_unit(p.index, d);
    if (p.type == Prop::binary) return run_binary(p.index, d);
    const RuleContext context{model_, peer_bits_, enumerated, scratch};
    return propagate_rule(model_.rules[p.index], context, d);
}

// Runs the queue to a fixed point: a cell that became a single leaves its
// digit to no peer; a narrowed cell queues its watchers. False: dead end.
bool Engine::settle(std::vector<Mask>& masks) {
    Domains d(masks.data(), side_, touched_, is_touched_);
    d.events = proof_ ? &events_ : nullptr;
    bool alive = true;
    std::size_t head = 0;
    failed_ = -1;
    while (alive) {
        if (!touched_.empty()) {
            const int cell = touched_.back();
            touched_.pop_back(), is_touched_[cell] = 0;
            d.cause = -1;
            if (masks[cell] == 0) alive = false;
            else if (count(masks[cell]) == 1)
                for (int p : peers_[cell])
                    if (!d.keep(p, ~masks[cell])) alive = false;
            for (int id : watch_[cell])
                if (!queued_[id]) queued_[id] = 1, queue_.push_back(id);
            continue;
        }
        if (head == queue_.size()) break;
        const int id = queue_[head++];
        queued_[id] = 0;
        d.cause = id;
        // While proving, a rule's narrowing that the checker could not
        // verify within its bounds is undone, not used (proof.cpp,
        // provable): the search decides more of its cells first.
        const bool guarded = proof_ && props_[id].type == Prop::rule;
        const std::size_t mark = events_.size();
        if (guarded) before_prop_ = masks;
        alive = run_prop(id, d, enumerated_, scratch_);
        if (guarded && !provable(props_[id].index, mark, alive)) {
            std::copy(before_prop_.begin(), before_prop_.end(), masks.begin());
            events_.resize(mark);
            // Props run with nothing touched: what it touched is untouched
            // again, or it would be queued once more and undone forever.
            for (int c : touched_) is_touched_[c] = 0;
            touched_.clear();
            alive = true;
            continue;
        }
        if (!alive) weight_[id] += 1, failed_ = id;
    }
    for (int c : touched_) is_touched_[c] = 0;
    for (std::size_t i = head; i < queue_.size(); ++i) queued_[queue_[i]] = 0;
    touched_.clear(), queue_.clear();
    return alive;
}

void Engine::search(std::vector<Mask>& masks, const Hooks& hooks, Counters& counters) {
    if (hooks.spent()) return void(stop_ = counters.stopped = true);
    const bool alive = settle(masks);
    // The node's narrowings, then the node itself: a leaf or a split.
    masks_now_ = &masks;
    if (proof_) {
        const bool closed = write_events(alive, failed_);
        if (proof_ && !closed && !alive) proof_->leaf();
    }
    if (!alive) return;
    const int best = choose(masks);
    if (best < 0) {
        if (proof_) proof_->leaf();  // the checker judges the grid with every rule, as satisfies() does
        for (int cell = 0; cell < cells_; ++cell) solution_[cell] = static_cast<uint8_t>(lowest(masks[cell]));
        if (!satisfies(model_, solution_.data())) return void(++counters.rejected);
        ++counters.solutions;
        if (hooks.found(solution_.data())) stop_ = true;
        return;
    }
    ++counters.guesses;
    if (proof_) {
        int values[kMaxSide];
        int k = 0;
        for (Mask m = masks[best]; m; m &= m - 1) values[k++] = lowest(m);
        proof_->split_cell(best, std::span<const int>(values, static_cast<std::size_t>(k)));
    }
    for (Mask m = masks[best]; m && !stop_; m &= m - 1) {
        std::vector<Mask> child = masks;
        child[best] = m & -m;
        touched_.push_back(best), is_touched_[best] = 1;
        search(child, hooks, counters);
    }
}

// The open cell with the fewest candidates per unit of weight: a
// propagator's weight counts the dead ends it found (dom/wdeg), so the search
// goes first where the constraints have been biting. -1: every cell decided.
int Engine::choose(const std::vector<Mask>& masks) const {
    int best = -1;
    double best_score = 0;
    for (int cell = 0; cell < cells_; ++cell) {
        const int n = count(masks[cell]);
        if (n < 2) continue;
        double weight = 0;
        for (int id : watch_[cell]) weight += weight_[id];
        const double score = n / weight;
        if (best < 0 || score < best_score) best = cell, best_score = score;
    }
    return best;
}

Counters Engine::run(const uint8_t* givens, const Hooks& hooks) {
    Counters counters;
    stop_ = false, enumerated_ = 0, unprovable_ = false, enumeration_ = 0;
    std::fill(weight_.begin(), weight_.end(), 1.0);
    std::vector<Mask> masks(static_cast<std::size_t>(cells_));
    for (int cell = 0; cell < cells_; ++cell) {
        masks[cell] = givens[cell] ? bit(givens[cell]) : span(1, side_, side_);
        touched_.push_back(cell), is_touched_[cell] = 1;  // every cell's watchers run once
    }
    search(masks, hooks, counters);
    counters.enumerated = enumerated_;
    return counters;
}

}  // namespace csp
