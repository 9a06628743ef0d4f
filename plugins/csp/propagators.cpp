// csp: one propagator per kind. Each narrows the masks of its rule's cells
// and removes only digits that no assignment satisfying that rule (with
// the digits of peer cells different) can give the cell: sound, sometimes
// weak. Bounds where the cells are many (sums, thermometers, lines), exact
// support where they are few: enumerate() walks the assignments of the
// rule's cells under a node cap and keeps the digits that some assignment
// satisfying holds() uses. The kinds that are pairwise (dots, XV, whispers,
// palindromes, clones, minimum/maximum) are binary relations (engine.cpp);
// the all-different kinds are units and peers.
#include <algorithm>
#include <map>

#include "engine.hpp"
#include "sums.hpp"

namespace csp {
namespace {

using Cells = std::vector<int>;

constexpr uint64_t kEnumerationCap = 4096;  // nodes per enumeration; past it, nothing is removed
constexpr double kShortWalk = 4096;         // masks' product under which a tabled rule is also enumerated

// The sum of `cells` lies in [lo, hi]: each cell keeps the digits the others'
// smallest and largest sums leave room for.
bool sum_bounds(const Cells& cells, int lo, int hi, Domains& d) {
    int least = 0, most = 0;
    for (int c : cells) least += lowest(d[c]), most += highest(d[c]);
    if (least > hi || most < lo) return false;
    for (int c : cells) {
        const int rest_least = least - lowest(d[c]), rest_most = most - highest(d[c]);
        if (!d.keep(c, span(lo - rest_most, hi - rest_least, d.side))) return false;
    }
    return true;
}

void sum_range(const Cells& cells, const Domains& d, int& least, int& most) {
    least = most = 0;
    for (int c : cells) least += lowest(d[c]), most += highest(d[c]);
}

bool thermometer(const Cells& line, Domains& d) {
    int floor = 0;
    for (int c : line) {
        if (!d.keep(c, span(floor + 1, d.side, d.side))) return false;
        floor = lowest(d[c]);
    }
    int ceiling = d.side + 1;
    for (auto it = line.rbegin(); it != line.rend(); ++it) {
        if (!d.keep(*it, span(1, ceiling - 1, d.side))) return false;
        ceiling = highest(d[*it]);
    }
    return true;
}

bool arrow(const Rule& rule, Domains& d) {
    long long lo = 0, hi = 0;  // the circle's number
    for (int c : rule.groups[0]) lo = lo * 10 + lowest(d[c]), hi = hi * 10 + highest(d[c]);
    for (std::size_t k = 1; k < rule.groups.size(); ++k) {
        int least = 0, most = 0;
        sum_range(rule.groups[k], d, least, most);
        lo = std::max<long long>(lo, least), hi = std::min<long long>(hi, most);
    }
    if (lo > hi) return false;
    for (std::size_t k = 1; k < rule.groups.size(); ++k)
        if (!sum_bounds(rule.groups[k], static_cast<int>(lo), static_cast<int>(hi), d)) return false;
    if (rule.groups[0].size() == 1) return d.keep(rule.groups[0][0], span(static_cast<int>(lo), static_cast<int>(hi), d.side));
    return true;
}

// Sandwich: for each place of the 1 and of the N, the cells between them
// must be able to make the sum; every cell keeps the digits some feasible
// placing allows it.
bool sandwich(const Cells& line, int target, Domains& d) {
    const int n = d.side, len = static_cast<int>(line.size());
    const Mask ends = bit(1) | bit(n);
    std::vector<Mask> allowed(line.size(), 0), here(line.size());
    for (int p = 0; p < len; ++p) {
        if (!(d[line[p]] & bit(1))) continue;
        for (int q = 0; q < len; ++q) {
            if (q == p || !(d[line[q]] & bit(n))) continue;
            const int from = std::min(p, q), to = std::max(p, q), k = to - from - 1;
            int least = 0, most = 0;
            bool ok = true;
            for (int i = 0; i < len && ok; ++i) {
                here[i] = i == p ? bit(1) : i == q ? bit(n) : d[line[i]] & ~ends;
                ok = here[i] != 0;
                if (i > from && i < to && ok) least += lowest(here[i]), most += highest(here[i]);
            }
            // k different digits of 2..N-1 make at least 2+..+(k+1), at most (N-1)+..+(N-k).
            const bool reachable = target >= std::max(least, k * (k + 3) / 2) && target <= std::min(most, k * (2 * n - 1 - k) / 2);
            if (!ok || !reachable) continue;
            for (int i = from + 1; i < to; ++i) {
                const int rest_least = least - lowest(here[i]), rest_most = most - highest(here[i]);
                here[i] &= span(target - rest_most, target - rest_least, n);
            }
            for (int i = 0; i < len; ++i) allowed[i] |= here[i];
        }
    }
    for (int i = 0; i < len; ++i)
        if (!d.keep(line[i], allowed[i])) return false;
    return true;
}

// X-sum: for each digit X the first cell may hold, the first X cells must be
// able to make the sum.
bool x_sum(const Cells& line, int target, Domains& d) {
    const int len = static_cast<int>(line.size());
    std::vector<Mask> allowed(line.size(), 0), here(line.size());
    for (int x = 1; x <= std::min(len, d.side); ++x) {
        if (!(d[line[0]] & bit(x))) continue;
        int least = x, most = x;
        bool ok = true;
        for (int i = 0; i < len && ok; ++i) {
            here[i] = i == 0 ? bit(x) : d[line[i]] & ~bit(x);  // the line is a row or column
            ok = here[i] != 0;
            if (i > 0 && i < x && ok) least += lowest(here[i]), most += highest(here[i]);
        }
        if (!ok || target < least || target > most) continue;
        for (int i = 1; i < x; ++i) {
            const int rest_least = least - lowest(here[i]), rest_most = most - highest(here[i]);
            here[i] &= span(target - rest_most, target - rest_least, d.side);
        }
        for (int i = 0; i < len; ++i) allowed[i] |= here[i];
    }
    for (int i = 0; i < len; ++i)
        if (!d.keep(line[i], allowed[i])) return false;
    return true;
}

// Skyscraper: the visible cells rise to N, so N stands at place count-1 or
// later, and a first digit v leaves at most N - v + 1 visible.
bool skyscraper(const Cells& line, int seen, Domains& d) {
    const int n = d.side;
    if (seen < 1 || seen > static_cast<int>(line.size())) return false;
    for (int i = 0; i < seen - 1; ++i)
        if (!d.keep(line[i], ~bit(n))) return false;
    if (!d.keep(line[0], span(1, n - seen + 1, n))) return false;
    if (seen == static_cast<int>(line.size()) && static_cast<int>(line.size()) == n)
        for (int i = 0; i < n; ++i)
            if (!d.keep(line[i], bit(i + 1))) return false;
    return true;
}

// Renban: the digits are a run of len consecutive digits; a cell keeps the
// digits of every window every cell can take a digit of.
bool renban(const Cells& line, Domains& d) {
    const int len = static_cast<int>(line.size());
    Mask allowed = 0;
    for (int start = 1; start + len - 1 <= d.side; ++start) {
        const Mask window = span(start, start + len - 1, d.side);
        Mask covered = 0;
        bool ok = true;
        for (int c : line) ok = ok && (d[c] & window) != 0, covered |= d[c] & window;
        if (ok && covered == window) allowed |= window;
    }
    for (int c : line)
        if (!d.keep(c, allowed)) return false;
    return true;
}

// Between line: inner cells lie strictly inside the ends' outer bounds; an end
// is either below every inner cell or above every one.
bool between(const Cells& line, Domains& d) {
    if (line.size() < 3) return true;
    const int a = line.front(), b = line.back();
    const int lo = std::min(lowest(d[a]), lowest(d[b])), hi = std::max(highest(d[a]), highest(d[b]));
    int smallest_top = d.side + 1, largest_bottom = 0;
    for (std::size_t i = 1; i + 1 < line.size(); ++i) {
        if (!d.keep(line[i], span(lo + 1, hi - 1, d.side))) return false;
        smallest_top = std::min(smallest_top, highest(d[line[i]]));
        largest_bottom = std::max(largest_bottom, lowest(d[line[i]]));
    }
    const Mask gap = span(smallest_top, largest_bottom, d.side);
    return d.keep(a, ~gap) && d.keep(b, ~gap);
}

// Digits that must go in one of `cells`: with no place, a dead end; with
// one, it goes there; else no cell that sees every place can hold it.
bool place_required(const Cells& cells, Mask required, const RuleContext& context, Domains& d) {
    for (; required; required &= required - 1) {
        const Mask v = required & -required;
        int places = 0, last = -1;
        std::bitset<kMaxCells> seen;
        for (int c : cells) {
            if (!(d[c] & v)) continue;
            seen = places++ == 0 ? context.peers[c] : seen & context.peers[c];
            last = c;
        }
        if (places == 0) return false;
        if (places == 1 && !d.keep(last, v)) return false;
        for (std::size_t x = seen._Find_first(); places > 1 && x < seen.size(); x = seen._Find_next(x))
            if (!d.keep(static_cast<int>(x), ~v)) return false;
    }
    return true;
}

// Killer cage with a sum: bounds, the exact table of digit sets, then the
// digits every set uses are placed like a full unit's.
bool killer(const Cells& cage, int target, const RuleContext& context, Domains& d) {
    if (!sum_bounds(cage, target, target, d)) return false;
    Mask required = 0;
    const SumResult r = cage_sum(cage, target, d, required);
    if (r == SumResult::dead) return false;
    return r == SumResult::gave_up || place_required(cage, required, context, d);
}

// Little killer: bounds, then the table of reachable sums.
bool little_killer(const Cells& line, int target, const PeerBits& peers, Domains& d) {
    if (!sum_bounds(line, target, target, d)) return false;
    if (target < 0 || target >= kMaxSum) return true;
    Sums fixed;
    fixed.set(static_cast<std::size_t>(target));
    return equal_sums({line}, &fixed, peers, d) != SumResult::dead;
}

// Region sum line: every segment shares one sum.
bool region_sum(const Cells& line, const RuleContext& context, Domains& d) {
    const std::vector<Cells> segments = segments_of(line, context.model);
    if (segments.size() < 2) return true;
    int lo = 0, hi = 1 << 20;
    for (const Cells& s : segments) {
        int least = 0, most = 0;
        sum_range(s, d, least, most);
        lo = std::max(lo, least), hi = std::min(hi, most);
    }
    for (const Cells& s : segments)
        if (!sum_bounds(s, lo, hi, d)) return false;
    return equal_sums(segments, nullptr, context.peers, d) != SumResult::dead;
}

// Entropic line: in each window of three, the classes (low, middle, high)
// are one each; a cell keeps a class the other two can complete.
bool entropic(const Cells& line, Domains& d) {
    const int third = d.side / 3;
    const Mask cls[3] = {span(1, third, d.side), span(third + 1, 2 * third, d.side), span(2 * third + 1, d.side, d.side)};
    auto classes = [&](int c) {
        int out = 0;
        for (int k = 0; k < 3; ++k) out |= (d[c] & cls[k]) ? 1 << k : 0;
        return out;
    };
    for (std::size_t i = 0; i + 2 < line.size(); ++i) {
        const int w[3] = {line[i], line[i + 1], line[i + 2]};
        for (int j = 0; j < 3; ++j) {
            const int x = classes(w[(j + 1) % 3]), y = classes(w[(j + 2) % 3]);
            Mask keep = 0;
            for (int k = 0; k < 3; ++k) {
                const int o1 = (k + 1) % 3, o2 = (k + 2) % 3;  // the other two classes go to the other cells
                if (((x >> o1 & 1) && (y >> o2 & 1)) || ((x >> o2 & 1) && (y >> o1 & 1))) keep |= cls[k];
            }
            if (!d.keep(w[j], keep)) return false;
        }
    }
    return true;
}

// Quadruple: a digit listed m times needs m cells that can hold it; with
// exactly m, they hold it. Four listed digits fill the block.
bool quadruple(const Rule& rule, const RuleContext& context, Domains& d) {
    const Cells& cells = rule.groups[0];
    std::map<int, int> need;
    Mask listed = 0;
    for (int v : rule.values) ++need[v], listed |= bit(v);
    for (auto [v, times] : need) {
        Cells can;
        for (int c : cells)
            if (d[c] & bit(v)) can.push_back(c);
        if (static_cast<int>(can.size()) < times) return false;
        if (static_cast<int>(can.size()) == times)
            for (int c : can)
                if (!d.keep(c, bit(v))) return false;
    }
    if (rule.values.size() == cells.size())
        for (int c : cells)
            if (!d.keep(c, listed)) return false;
    return place_required(cells, listed, context, d);
}

}  // namespace

// The segments of a region sum line: its runs within one region.
std::vector<Cells> segments_of(const Cells& line, const Model& m) {
    std::vector<Cells> segments(1);
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (i > 0 && m.region_of[line[i]] != m.region_of[line[i - 1]]) segments.emplace_back();
        segments.back().push_back(line[i]);
    }
    return segments;
}

int indexer_target(const Rule& rule, const Model& m, int digit, int& index) {
    const int cell = rule.groups[0][0], n = m.side, r = cell / n, c = cell % n;
    if (rule.kind == Kind::row_indexer) return index = r + 1, (digit - 1) * n + c;
    if (rule.kind == Kind::column_indexer) return index = c + 1, r * n + digit - 1;
    const int box = r / m.box_rows * m.box_rows + c / m.box_cols;
    index = (r % m.box_rows) * m.box_cols + c % m.box_cols + 1;
    const int top = box / m.box_rows * m.box_rows, left = box % m.box_rows * m.box_cols;
    return (top + (digit - 1) / m.box_cols) * n + left + (digit - 1) % m.box_cols;
}

namespace {

// Indexers: digit d in the cell points at a target cell that must hold the
// cell's own index.
bool indexer(const Rule& rule, const Model& m, Domains& d) {
    const int cell = rule.groups[0][0], n = m.side;
    auto target = [&](int digit, int& index) { return indexer_target(rule, m, digit, index); };
    Mask keep = 0;
    for (int digit = 1; digit <= n; ++digit) {
        int index = 0;
        if ((d[cell] & bit(digit)) && (d[target(digit, index)] & bit(index))) keep |= bit(digit);
    }
    if (!d.keep(cell, keep)) return false;
    if (count(d[cell]) == 1) {
        int index = 0;
        const int t = target(lowest(d[cell]), index);
        return d.keep(t, bit(index));
    }
    return true;
}

// Exact support by enumeration: every assignment of the rule's cells within
// their masks, peers different, that holds() accepts; past the cap, nothing.
class Enumeration {
public:
    Enumeration(const Rule& rule, const RuleContext& context, const Domains& d)
        : rule_(rule), context_(context), d_(d), digits_(context.scratch) {
        for (const auto& group : rule.groups) cells_.insert(cells_.end(), group.begin(), group.end());
        std::sort(cells_.begin(), cells_.end());
        cells_.erase(std::unique(cells_.begin(), cells_.end()), cells_.end());
        std::sort(cells_.begin(), cells_.end(), [&](int a, int b) { return count(d[a]) < count(d[b]); });
        support_.assign(cells_.size(), 0);
    }
    // False when the cap was reached (support unknown). (Skipping walks whose
    // masks' product is far above the cap costs more than it saves: peers
    // prune a row's walk to a small part of that product.)
    bool run() {
        walk(0);
        for (int c : cells_) digits_[c] = 0;  // the scratch grid stays all zeros between calls
        context_.enumerated += nodes_;
        return nodes_ <= kEnumerationCap;
    }
    bool apply(Domains& d) const {
        for (std::size_t i = 0; i < cells_.size(); ++i)
            if (!d.keep(cells_[i], support_[i])) return false;
        return true;
    }

private:
    // True to stop: the cap, or every digit already supported.
    bool walk(std::size_t i) {
        if (++nodes_ > kEnumerationCap) return true;
        if (i == cells_.size()) {
            if (!holds(rule_, context_.model, digits_.data())) return false;
            bool all = true;
            for (std::size_t k = 0; k < cells_.size(); ++k)
                support_[k] |= bit(digits_[cells_[k]]), all = all && support_[k] == d_[cells_[k]];
            return all;
        }
        const int cell = cells_[i];
        for (Mask m = d_[cell]; m; m &= m - 1) {
            const int v = lowest(m);
            bool clash = false;
            for (std::size_t k = 0; k < i && !clash; ++k)
                clash = digits_[cells_[k]] == v && context_.peers[cell][cells_[k]];
            if (clash) continue;
            digits_[cell] = static_cast<uint8_t>(v);
            if (walk(i + 1)) return true;
        }
        digits_[cell] = 0;
        return false;
    }

    const Rule& rule_;
    const RuleContext& context_;
    const Domains& d_;
    Cells cells_;
    std::vector<Mask> support_;
    std::vector<uint8_t>& digits_;  // N*N, zero but for the cells being tried
    uint64_t nodes_ = 0;
};

bool by_kind(const Rule& rule, const RuleContext& context, Domains& d) {
    const Cells& first = rule.groups.empty() ? Cells{} : rule.groups[0];
    const int value = rule.values.empty() ? 0 : rule.values[0];
    switch (rule.kind) {
        case Kind::odd: return d.keep(first[0], 0xAAAAAAAAu);
        case Kind::even: return d.keep(first[0], 0x55555554u);
        case Kind::thermometer: return thermometer(first, d);
        case Kind::arrow: return arrow(rule, d) && arrow_sums(rule.groups, context.peers, d) != SumResult::dead;
        case Kind::killer_cage: return rule.values.empty() || killer(first, value, context, d);
        case Kind::little_killer: return little_killer(first, value, context.peers, d);
        case Kind::sandwich: return sandwich(first, value, d);
        case Kind::x_sum: return x_sum(first, value, d);
        case Kind::skyscraper: return skyscraper(first, value, d);
        case Kind::renban: return renban(first, d);
        case Kind::between_line: return between(first, d);
        case Kind::region_sum_line: return region_sum(first, context, d);
        case Kind::entropic_line: return entropic(first, d);
        case Kind::quadruple: return quadruple(rule, context, d);
        case Kind::row_indexer: case Kind::column_indexer: case Kind::box_indexer:
            return indexer(rule, context.model, d);
        default: return true;  // units, peers and binary relations carry the rest
    }
}

// Kinds whose bounds leave work for an exact enumeration of their cells.
bool enumerable(Kind kind) {
    switch (kind) {
        case Kind::arrow: case Kind::little_killer: case Kind::sandwich:
        case Kind::x_sum: case Kind::skyscraper: case Kind::renban: case Kind::between_line:
        case Kind::region_sum_line: case Kind::quadruple: case Kind::thermometer: case Kind::entropic_line:
            return true;
        default: return false;
    }
}

// Kinds whose sum tables are exact but for the distinctness of peers on a
// line: the enumeration adds that, worth it only while its walk is short.
bool tabled(Kind kind) {
    return kind == Kind::arrow || kind == Kind::little_killer || kind == Kind::region_sum_line;
}

// Two cells the tables let take one digit though they are peers: in two
// groups, or two runs of one line (sums.hpp). A one-cell circle differs
// from a line of two or more cells anyway (it is their sum).
bool loose_peers(const Rule& rule, const RuleContext& context) {
    const bool arrow = rule.kind == Kind::arrow;
    const std::vector<Cells> groups = rule.kind == Kind::region_sum_line ? segments_of(rule.groups[0], context.model) : rule.groups;
    auto apart = [&](std::size_t a, std::size_t i, std::size_t b, std::size_t j) {
        if (a == b) return !(arrow && a == 0) && same_run(groups[a], i, j, context.peers);
        return arrow && a == 0 && groups[0].size() == 1 && groups[b].size() > 1;
    };
    for (std::size_t a = 0; a < groups.size(); ++a)
        for (std::size_t i = 0; i < groups[a].size(); ++i)
            for (std::size_t b = a; b < groups.size(); ++b)
                for (std::size_t j = b == a ? i + 1 : 0; j < groups[b].size(); ++j)
                    if (context.peers[groups[a][i]][groups[b][j]] && !apart(a, i, b, j)) return true;
    return false;
}

// Worth walking: some peers the tables do not keep apart, and a small
// product of the masks.
bool short_walk(const Rule& rule, const RuleContext& context, const Domains& d) {
    double product = 1;
    for (const auto& group : rule.groups)
        for (int c : group) product *= count(d[c]);
    return product <= kShortWalk && loose_peers(rule, context);
}

}  // namespace

bool propagate_rule(const Rule& rule, const RuleContext& context, Domains& d) {
    if (!by_kind(rule, context, d)) return false;
    if (!enumerable(rule.kind)) return true;
    if (tabled(rule.kind) && !short_walk(rule, context, d)) return true;
    Enumeration enumeration(rule, context, d);
    return !enumeration.run() || enumeration.apply(d);
}

}  // namespace csp
