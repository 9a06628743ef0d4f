// Alternating inference chains (AIC). A node says "value v is in one of
// these cells": one cell (a candidate) or, in the AIC, 2+ cells lying in
// one box and one line (a grouped node). A strong link A=B means "not A,
// then B": v has exactly the places of A and B in a unit, or A and B are the
// two candidates of a bivalue cell. A weak link B-C means "B, then not C":
// one value in cells that all see each other, or two values of one cell. A
// chain A1=A2-A3=...=A2k that starts and ends strong proves "A1 or A2k":
// if A1 is false the links force A2 true, A3 false, ... A2k true.
//   Type 1, both ends on v: v leaves every cell that sees all the ends' cells.
//   Type 2 (AIC only), ends (c1,a) and (c2,b), a != b, c1 sees c2: c1 loses
//   b and c2 loses a (whichever end holds, the other cell cannot).
// The x-chain keeps to one value and single cells, the xy-chain to bivalue
// cells; the AIC mixes both and adds grouped nodes. Each search is breadth
// first from every node, so the step reported is a shortest chain found.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "techniques.hpp"

namespace logic {

namespace {

// Chains of at most this many links (8 strong, 7 weak): a bound on the
// work, not on what is true.
constexpr int kMaxLinks = 15;

uint32_t u32(int x) { return static_cast<uint32_t>(x); }
std::size_t at(int x) { return static_cast<std::size_t>(x); }

struct Node {
    int value = 0;
    std::vector<int> cells;  // ascending; 2+ cells: a grouped node
};

// An edge of the chain graph; for a strong link, the fact it rests on.
struct Edge {
    int to = 0;
    int unit = -1;  // a strong link: the unit, or -1 for a bivalue cell
};

struct Graph {
    std::vector<Node> nodes;
    std::vector<std::vector<Edge>> strong, weak;
    std::vector<int> candidate;  // cell * (N + 1) + v -> node, or -1

    int add(const Node& node) {
        nodes.push_back(node);
        strong.emplace_back();
        weak.emplace_back();
        return static_cast<int>(nodes.size()) - 1;
    }
    void link(std::vector<std::vector<Edge>>& kind, int a, int b, int unit) {
        kind[at(a)].push_back({b, unit});
        kind[at(b)].push_back({a, unit});
    }
};

// Cell x sees every one of `cells` (so is none of them).
bool sees_all(const Board& b, int x, const std::vector<int>& cells) {
    for (int c : cells)
        if (!b.sees(x, c)) return false;
    return true;
}

// Every cell of `a` sees every cell of `c` (so they share none).
bool all_see(const Board& b, const std::vector<int>& a, const std::vector<int>& c) {
    for (int x : a)
        if (!sees_all(b, x, c)) return false;
    return true;
}

bool in_unit(const Board& b, int cell, int u) {
    const int n = b.side();
    return u < n ? b.row(cell) == u : u < 2 * n ? b.col(cell) == u - n : b.box(cell) == u - 2 * n;
}

// One node per candidate; `keep` says which cells take part.
template <class Keep>
void add_candidates(const Board& b, Graph& g, const Keep& keep) {
    g.candidate.assign(at(b.cells() * (b.side() + 1)), -1);
    for (int c = 0; c < b.cells(); ++c)
        if (b.value(c) == 0 && keep(c))
            for (Mask m = b.mask(c); m != 0; m &= m - 1)
                g.candidate[at(c * (b.side() + 1) + lowest(m))] = g.add({lowest(m), {c}});
}

// Weak links between candidates of one value in cells that see each other.
void link_peers(const Board& b, Graph& g) {
    const int stride = b.side() + 1;
    for (int c = 0; c < b.cells(); ++c)
        for (int p : b.peers(c)) {
            if (p < c) continue;
            for (Mask m = b.mask(c) & b.mask(p); m != 0; m &= m - 1) {
                const int x = g.candidate[at(c * stride + lowest(m))], y = g.candidate[at(p * stride + lowest(m))];
                if (x >= 0 && y >= 0) g.link(g.weak, x, y, -1);
            }
        }
}

// Strong links in bivalue cells (the cell is the fact); with `weak_too`
// also the weak links between the values of every cell.
void link_cells(const Board& b, Graph& g, bool weak_too) {
    const int stride = b.side() + 1;
    for (int c = 0; c < b.cells(); ++c) {
        std::vector<int> here;
        for (Mask m = b.mask(c); m != 0; m &= m - 1)
            if (const int x = g.candidate[at(c * stride + lowest(m))]; x >= 0) here.push_back(x);
        if (here.size() == 2) g.link(g.strong, here[0], here[1], -1);
        if (weak_too)
            for (std::size_t i = 0; i < here.size(); ++i)
                for (std::size_t j = i + 1; j < here.size(); ++j) g.link(g.weak, here[i], here[j], -1);
    }
}

// Strong links in units: the nodes lying in unit u whose cells together are
// exactly v's places there, two of them. `by_value` lists, per value, the
// nodes of that value (candidates and groups).
void link_units(const Board& b, Graph& g, const std::vector<std::vector<int>>& by_value) {
    for (int u = 0; u < b.units(); ++u)
        for (int v = 1; v <= b.side(); ++v) {
            const int places = count(b.positions(u, v));
            if (places < 2) continue;
            std::vector<int> in;  // nodes of v inside unit u
            for (int x : by_value[at(v)]) {
                bool inside = true;
                for (int c : g.nodes[at(x)].cells) inside = inside && in_unit(b, c, u);
                if (inside) in.push_back(x);
            }
            for (std::size_t i = 0; i < in.size(); ++i)
                for (std::size_t j = i + 1; j < in.size(); ++j) {
                    const Node &p = g.nodes[at(in[i])], &q = g.nodes[at(in[j])];
                    if (static_cast<int>(p.cells.size() + q.cells.size()) != places) continue;
                    bool apart = true;
                    for (int c : p.cells) apart = apart && std::find(q.cells.begin(), q.cells.end(), c) == q.cells.end();
                    if (apart) g.link(g.strong, in[i], in[j], u);
                }
        }
}

// Grouped nodes: v's places in one box and one line, when 2+; weak links
// from each to every node of v whose cells all see it.
void add_groups(const Board& b, Graph& g, std::vector<std::vector<int>>& by_value) {
    const std::size_t singles = g.nodes.size();
    for (int box = 0; box < b.side(); ++box)
        for (int v = 1; v <= b.side(); ++v)
            for (int lines = 0; lines < 2; ++lines) {  // rows, then columns, of the box
                std::vector<std::vector<int>> parts(at(b.side()));
                for (int c : b.unit(2 * b.side() + box))
                    if (b.has(c, v)) parts[at(lines == 0 ? b.row(c) : b.col(c))].push_back(c);
                for (auto& cells : parts)
                    if (cells.size() >= 2) by_value[at(v)].push_back(g.add({v, cells}));
            }
    for (std::size_t x = singles; x < g.nodes.size(); ++x)
        for (int y : by_value[at(g.nodes[x].value)])
            if ((at(y) < singles || at(y) > x) && all_see(b, g.nodes[x].cells, g.nodes[at(y)].cells))
                g.link(g.weak, static_cast<int>(x), y, -1);
}

std::vector<std::vector<int>> nodes_by_value(const Board& b, const Graph& g) {
    std::vector<std::vector<int>> by_value(at(b.side() + 1));
    for (std::size_t x = 0; x < g.nodes.size(); ++x) by_value[at(g.nodes[x].value)].push_back(static_cast<int>(x));
    return by_value;
}

// The node of v whose cells are exactly `cells` (a candidate or a group).
int node_of(const Graph& g, const std::vector<int>& of_v, const std::vector<int>& cells) {
    for (int x : of_v)
        if (g.nodes[at(x)].cells == cells) return x;
    return -1;
}

// Empty rectangles: v's places in a box lie in one row and one column of
// it, each arm with a place the other lacks. When both arms hold the cell
// where they cross they overlap, a strong link link_units (which wants the
// places split) does not make: v out of the row's arm is in the column's.
void link_crosses(const Board& b, Graph& g, const std::vector<std::vector<int>>& by_value) {
    for (int box = 0; box < b.side(); ++box)
        for (int v = 1; v <= b.side(); ++v) {
            std::vector<int> places;
            for (int c : b.unit(2 * b.side() + box))
                if (b.has(c, v)) places.push_back(c);
            for (int heart : places) {
                std::vector<int> row, col;
                for (int c : places) {
                    if (b.row(c) == b.row(heart)) row.push_back(c);
                    if (b.col(c) == b.col(heart)) col.push_back(c);
                }
                if (row.size() < 2 || col.size() < 2 || row.size() + col.size() != places.size() + 1) continue;
                const int a = node_of(g, by_value[at(v)], row), c = node_of(g, by_value[at(v)], col);
                if (a >= 0 && c >= 0) g.link(g.strong, a, c, 2 * b.side() + box);
            }
        }
}

// One value; with `grouped` its groups and empty rectangles too.
Graph x_graph(const Board& b, bool grouped = false) {
    Graph g;
    add_candidates(b, g, [](int) { return true; });
    link_peers(b, g);
    std::vector<std::vector<int>> by_value = nodes_by_value(b, g);
    if (grouped) add_groups(b, g, by_value);
    link_units(b, g, by_value);
    if (grouped) link_crosses(b, g, by_value);
    return g;
}

Graph xy_graph(const Board& b) {
    Graph g;
    add_candidates(b, g, [&b](int c) { return count(b.mask(c)) == 2; });
    link_peers(b, g);
    link_cells(b, g, false);
    return g;
}

Graph aic_graph(const Board& b, bool grouped) {
    Graph g;
    add_candidates(b, g, [](int) { return true; });
    link_peers(b, g);
    link_cells(b, g, true);
    std::vector<std::vector<int>> by_value = nodes_by_value(b, g);
    if (grouped) add_groups(b, g, by_value);
    link_units(b, g, by_value);
    return g;
}

}  // namespace

namespace {

// A chain found: its nodes from the start (false) to the end (true); link
// i joins nodes[i] and nodes[i+1], strong for even i; units[i] is a strong
// link's unit (-1: a bivalue cell, or a weak link).
struct Chain {
    std::vector<int> nodes, units;
    std::vector<Cand> eliminations;
};

// Breadth first over states (node, true or false): from a false node a
// strong link makes the next true; from a true node a weak link makes the
// next false.
class Searcher {
public:
    // `loops`: look for loops instead of open chains (cycle, below).
    Searcher(const Board& b, const Graph& g, bool type2, bool loops = false, std::function<bool(const Chain&)> accept = {})
        : b_(b), g_(g), type2_(type2), loops_(loops), accept_(std::move(accept)), parent_(2 * g.nodes.size(), -1),
          via_(2 * g.nodes.size(), -1) {}

    // Whether a chain from `start` could conclude anything: type 1 needs a
    // cell that sees the start and holds its value; type 2 a single cell.
    bool aim(int start) {
        if (loops_) return true;
        const Node& s = g_.nodes[at(start)];
        targets_.clear();
        for (int p : b_.peers(s.cells[0]))
            if (b_.has(p, s.value) && sees_all(b_, p, s.cells)) targets_.push_back(p);
        return !targets_.empty() || (type2_ && s.cells.size() == 1);
    }

    // The shortest chain from `start` (aimed first) of at most `max_links`
    // links whose ends conclude something; false when none.
    bool from(int start, int max_links, Chain& out) {
        for (int s : touched_) parent_[at(s)] = -1;
        touched_ = {2 * start};
        parent_[at(2 * start)] = 2 * start;
        std::vector<int> frontier = {2 * start}, next;
        for (int links = 1; links <= max_links && !frontier.empty(); ++links, frontier.swap(next)) {
            next.clear();
            for (int state : frontier) {
                const int node = state / 2;
                const bool on = (state & 1) != 0;
                for (const Edge& e : on ? g_.weak[at(node)] : g_.strong[at(node)]) {
                    const int to = 2 * e.to + (on ? 0 : 1);
                    // A true node weakly linked back to the start closes a loop.
                    if (loops_ && on && e.to == start && links >= 4 && trace(state, out) && loop(out)) return true;
                    if (parent_[at(to)] >= 0) continue;
                    parent_[at(to)] = state, via_[at(to)] = e.unit;
                    touched_.push_back(to), next.push_back(to);
                    if (!loops_ && !on && e.to != start && conclude(start, e.to, out) && trace(to, out) &&
                        (!accept_ || accept_(out)))
                        return true;
                }
            }
        }
        return false;
    }

private:
    bool conclude(int start, int end, Chain& out) const {
        const Node &s = g_.nodes[at(start)], &e = g_.nodes[at(end)];
        out.eliminations.clear();
        if (s.value == e.value) {
            for (int x : targets_)
                if (sees_all(b_, x, e.cells)) out.eliminations.push_back({u32(x), u32(s.value)});
        } else if (type2_ && s.cells.size() == 1 && e.cells.size() == 1 && b_.sees(s.cells[0], e.cells[0])) {
            if (b_.has(s.cells[0], e.value)) out.eliminations.push_back({u32(s.cells[0]), u32(e.value)});
            if (b_.has(e.cells[0], s.value)) out.eliminations.push_back({u32(e.cells[0]), u32(s.value)});
        }
        return !out.eliminations.empty();
    }

    // A loop A=B-C=...=Z, closed by Z-A: either every other node holds or
    // every other one, so each weak link has one true end, and its value
    // leaves the cells outside the loop that see both ends (SE's cycles
    // remove no more than that).
    bool loop(Chain& out) const {
        out.eliminations.clear();
        const std::size_t n = out.nodes.size();
        std::vector<int> cells;
        for (int x : out.nodes)
            for (int c : g_.nodes[at(x)].cells) cells.push_back(c);
        for (std::size_t i = 1; i < n; i += 2) {
            const Node &p = g_.nodes[at(out.nodes[i])], &q = g_.nodes[at(out.nodes[(i + 1) % n])];
            if (p.value != q.value) continue;
            for (int c : b_.peers(p.cells[0]))
                if (b_.has(c, p.value) && std::find(cells.begin(), cells.end(), c) == cells.end() &&
                    sees_all(b_, c, p.cells) && sees_all(b_, c, q.cells))
                    out.eliminations.push_back({u32(c), u32(p.value)});
        }
        sort_unique(out.eliminations);
        return !out.eliminations.empty();
    }

    // The path to `state`, start first; false when it passes a node twice
    // (sound, but no chain to show).
    bool trace(int state, Chain& out) const {
        out.nodes.clear(), out.units.clear();
        for (int s = state;; s = parent_[at(s)]) {
            out.nodes.push_back(s / 2);
            if (parent_[at(s)] == s) break;
            out.units.push_back(via_[at(s)]);
        }
        std::reverse(out.nodes.begin(), out.nodes.end());
        std::reverse(out.units.begin(), out.units.end());
        std::vector<int> seen = out.nodes;
        std::sort(seen.begin(), seen.end());
        return std::adjacent_find(seen.begin(), seen.end()) == seen.end();
    }

    const Board& b_;
    const Graph& g_;
    bool type2_, loops_;
    std::function<bool(const Chain&)> accept_;  // which chains may end the search (all when empty)
    std::vector<int> parent_, via_, touched_;
    std::vector<int> targets_;  // type 1: the cells that see every cell of the start and hold its value
};

// The shortest productive chain over every start (the first found among
// the shortest); one node of the budget per start searched from.
bool shortest_chain(const Board& b, Search& search, const Graph& g, bool type2, Chain& best, int bound = kMaxLinks,
                    std::function<bool(const Chain&)> accept = {}) {
    Searcher searcher(b, g, type2, false, std::move(accept));
    bool found = false;
    for (std::size_t start = 0; start < g.nodes.size() && bound >= 1; ++start) {
        if (g.strong[start].empty() || !searcher.aim(static_cast<int>(start))) continue;
        if (search.spent()) return false;
        Chain chain;
        if (!searcher.from(static_cast<int>(start), bound, chain)) continue;
        best = chain, found = true;
        bound = static_cast<int>(chain.units.size()) - 2;
    }
    return found;
}

// The shortest loop over every start (the first found among the shortest):
// its nodes from the start, the closing link from the last back to it.
bool shortest_loop(Search& search, Searcher& searcher, const Graph& g, Chain& best) {
    int bound = kMaxLinks + 1;
    bool found = false;
    for (std::size_t start = 0; start < g.nodes.size() && bound >= 4; ++start) {
        if (g.strong[start].empty()) continue;
        if (search.spent()) return false;
        Chain chain;
        if (!searcher.from(static_cast<int>(start), bound, chain)) continue;
        best = chain, found = true;
        bound = static_cast<int>(chain.nodes.size()) - 2;
    }
    return found;
}

// "r1c7", or a group: "r1c78", "r12c3" (numbers joined by commas when the
// side is above 9).
std::string node_cells(const Board& b, const Node& node) {
    if (node.cells.size() == 1) return b.label(node.cells[0]);
    std::vector<int> rows, cols;
    for (int c : node.cells) rows.push_back(b.row(c) + 1), cols.push_back(b.col(c) + 1);
    auto list = [&b](std::vector<int> xs) {
        std::sort(xs.begin(), xs.end());
        xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
        std::string out;
        for (int x : xs) {
            if (!out.empty() && b.side() > 9) out += ',';
            out += std::to_string(x);
        }
        return out;
    };
    std::string out = "r";
    out += list(rows);
    out += 'c';
    out += list(cols);
    return out;
}

void name_facts(const Board& b, const Graph& g, const Chain& chain, Step& step) {
    for (std::size_t i = 0; i < chain.units.size(); i += 2) {
        const Node& node = g.nodes[at(chain.nodes[i])];
        if (chain.units[i] < 0) {
            step.pattern.push_back({u32(node.cells[0]), 0});
            continue;
        }
        for (int c : b.unit(chain.units[i])) step.pattern.push_back({u32(c), u32(node.value)});
    }
    sort_unique(step.pattern);
}

std::string links_text(const Chain& chain) {
    std::string seps;
    for (std::size_t i = 0; i < chain.units.size(); ++i) seps += i % 2 == 0 ? '=' : '-';
    return seps;
}

void report(const Board& b, const Graph& g, const Chain& chain, const char* technique, Step& step) {
    step.technique = technique;
    step.length = chain.nodes.size();
    step.eliminations = chain.eliminations;
    name_facts(b, g, chain, step);
}

}  // namespace

namespace {

// A one-value chain's step: "5 r1c2=r1c7-r4c7=r4c3" (groups "r1c78").
void report_x(const Board& b, const Graph& g, const Chain& chain, const char* technique, Step& step) {
    std::vector<std::string> items;
    for (int x : chain.nodes) items.push_back(node_cells(b, g.nodes[at(x)]));
    report(b, g, chain, technique, step);
    step.where = chain_text(std::string(1, Board::symbol(g.nodes[at(chain.nodes[0])].value)) + " ", items, links_text(chain));
}

}  // namespace

// One value, single cells: "5 r1c2=r1c7-r4c7=r4c3".
bool x_chain(const Board& b, Search& search, Step& step) {
    const Graph g = x_graph(b);
    Chain chain;
    if (!shortest_chain(b, search, g, false, chain)) return false;
    report_x(b, g, chain, "x-chain", step);
    return true;
}

namespace {

// A strong link of a box between a row's places and a column's, not both
// one cell: an empty rectangle's (the crossing cell may be in both).
bool cross_link(const Board& b, const Graph& g, const Chain& chain, std::size_t i) {
    if (chain.units[i] < 2 * b.side()) return false;
    const Node &p = g.nodes[at(chain.nodes[i])], &q = g.nodes[at(chain.nodes[i + 1])];
    auto along = [&b](const Node& n, bool rows) {
        for (int c : n.cells)
            if ((rows ? b.row(c) : b.col(c)) != (rows ? b.row(n.cells[0]) : b.col(n.cells[0]))) return false;
        return true;
    };
    return (p.cells.size() > 1 || q.cells.size() > 1) &&
           ((along(p, true) && along(q, false)) || (along(p, false) && along(q, true)));
}

bool any_group(const Graph& g, const Chain& chain) {
    for (int x : chain.nodes)
        if (g.nodes[at(x)].cells.size() > 1) return true;
    return false;
}

// A one-value chain of at most `strong` strong links with a group or an
// empty rectangle in it: "5 r1c2=r1c78-r4c7=r4c3". Two strong links, one
// of them an empty rectangle's, make an empty rectangle; else a grouped
// x-chain (Sukaku Explainer's grouped strong links).
// On a rated ladder a plain chain of as many links comes first, as
// Sukaku Explainer's strong links rate it below a grouped one.
bool grouped_chain(const Board& b, Search& search, int strong, Step& step) {
    Chain chain;
    if (search.se_order) {
        const Graph plain = x_graph(b);
        if (shortest_chain(b, search, plain, false, chain, 2 * strong - 1)) return report_x(b, plain, chain, "x-chain", step), true;
    }
    const Graph g = x_graph(b, true);
    if (!shortest_chain(b, search, g, false, chain, 2 * strong - 1, [&g](const Chain& c) { return any_group(g, c); }))
        return false;
    const bool rectangle = chain.nodes.size() == 4 && (cross_link(b, g, chain, 0) || cross_link(b, g, chain, 2));
    report_x(b, g, chain, rectangle ? "empty rectangle" : "grouped x-chain", step);
    return true;
}

}  // namespace

bool empty_rectangle(const Board& b, Search& search, Step& step) { return grouped_chain(b, search, 2, step); }
bool grouped_x_chain(const Board& b, Search& search, Step& step) { return grouped_chain(b, search, 4, step); }

// Bivalue cells, each strong link inside a cell: "(5=3)r1c2-(3=7)r1c7-(7=5)r4c7".
bool xy_chain(const Board& b, Search& search, Step& step) {
    const Graph g = xy_graph(b);
    Chain chain;
    if (!shortest_chain(b, search, g, false, chain)) return false;
    std::vector<std::string> items;
    for (std::size_t i = 0; i + 1 < chain.nodes.size(); i += 2) {
        const Node &p = g.nodes[at(chain.nodes[i])], &q = g.nodes[at(chain.nodes[i + 1])];
        items.push_back(in_brackets(p.value, q.value, b.label(p.cells[0])));
    }
    report(b, g, chain, "xy-chain", step);
    step.where = chain_text("", items, std::string(items.size() - 1, '-'));
    return true;
}

// Candidates and grouped nodes, links of both kinds: "(5)r1c2=(5)r1c78-(5)r4c7=(3)r4c7".
bool aic(const Board& b, Search& search, Step& step) {
    const Graph g = aic_graph(b, search.grouped_nodes);
    Chain chain;
    if (!shortest_chain(b, search, g, true, chain)) return false;
    std::vector<std::string> items;
    for (int x : chain.nodes)
        items.push_back(in_brackets(g.nodes[at(x)].value, 0, node_cells(b, g.nodes[at(x)])));
    report(b, g, chain, "alternating inference chain", step);
    step.where = chain_text("", items, links_text(chain));
    return true;
}

// Loops (continuous nice loops; SE's bidirectional cycles) on the three
// graphs: one value, bivalue cells, or both kinds of link. The `where`
// ends where it began: "5 r1c2=r1c7-r4c7=r4c3-r1c2".
namespace {

enum class Loop { x, y, xy };  // the graph's kind: how its nodes are written

bool cycle(const Board& b, Search& search, const Graph& g, Loop kind, Step& step) {
    static const char* const kNames[] = {"x-cycle", "y-cycle", "xy-cycle"};
    Searcher searcher(b, g, false, true);
    Chain chain;
    if (!shortest_loop(search, searcher, g, chain)) return false;
    report(b, g, chain, kNames[static_cast<int>(kind)], step);
    step.length = chain.nodes.size() - 2;  // SE's count: the loop's nodes less its two ends
    std::vector<std::string> items;
    std::string head, seps = links_text(chain);
    const Node& first = g.nodes[at(chain.nodes[0])];
    if (kind == Loop::y) {
        for (std::size_t i = 0; i + 1 < chain.nodes.size(); i += 2) {
            const Node &p = g.nodes[at(chain.nodes[i])], &q = g.nodes[at(chain.nodes[i + 1])];
            items.push_back(in_brackets(p.value, q.value, b.label(p.cells[0])));
        }
        items.push_back(in_brackets(first.value, 0, b.label(first.cells[0])));
        seps = std::string(items.size() - 1, '-');
    } else {
        const bool one_value = kind == Loop::x;
        if (one_value) head = std::string(1, Board::symbol(first.value)) + " ";
        for (int x : chain.nodes) {
            const Node& node = g.nodes[at(x)];
            items.push_back(one_value ? b.label(node.cells[0]) : in_brackets(node.value, 0, node_cells(b, node)));
        }
        items.push_back(items.front());
        seps += '-';
    }
    step.where = chain_text(head, items, seps);
    return true;
}

}  // namespace

bool x_cycle(const Board& b, Search& search, Step& step) { return cycle(b, search, x_graph(b), Loop::x, step); }
bool y_cycle(const Board& b, Search& search, Step& step) { return cycle(b, search, xy_graph(b), Loop::y, step); }
bool xy_cycle(const Board& b, Search& search, Step& step) {
    return cycle(b, search, aic_graph(b, search.grouped_nodes), Loop::xy, step);
}

}  // namespace logic
