// Tests of the csp plugin (variant puzzles), called through its C
// descriptor: the test loads csp.so itself, builds an np_solve_request
// whose variant is np::VariantRequest(puzzle), and calls descriptor->solve
// (the host's path is tested in tests/host and tests/cli).
//
// Nothing here takes csp's word for anything. Counts are compared with a
// brute force written here: every Latin square of side 3 or 4 (filtered by
// the puzzle's regions) tried against the puzzle's rules by a rule checker
// also written here (obeys(), from docs/variants.md's text, sharing no code
// with the plugin), and every witness is certified by the same checker.
// np::check_variant, the host's certifier, certifies every witness as well.
//
// Puzzles: for every kind, random 4x4 (and 3x3 for entropic lines)
// puzzles whose constraints are drawn from a random solution grid, with
// random givens, some values perturbed (so that some have no solution),
// under each region layout the kind allows. And 9x9: classic puzzles, a
// killer and a thermometer puzzle derived from seed 002's solution.

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "numplace/plugin_api.h"
#include "numplace/random.hpp"
#include "numplace/variant.hpp"
#include "numplace/variant_abi.hpp"
#include "test_support.hpp"

namespace {

using np::Constraint;
using np::Geometry;
using np::Grid;
using np::Kind;
using np::Puzzle;
using np::RegionLayout;
using Cells = std::vector<int>;
using Digits = std::vector<uint8_t>;

// ---- The plugin, through its descriptor -----------------------------------------

const np_plugin& descriptor() {
    static const np_plugin* loaded = [] {
        const std::string path = np::test::plugin_dir() + "/csp.so";
        void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (library == nullptr) return static_cast<const np_plugin*>(nullptr);
        auto entry = reinterpret_cast<np_entry_fn>(dlsym(library, NP_ENTRY_SYMBOL));
        return entry ? entry() : nullptr;
    }();
    if (loaded == nullptr) throw std::runtime_error("cannot load csp.so from " + np::test::plugin_dir());
    return *loaded;
}

struct Answer {
    int status = -1;
    uint64_t count = 0;
    uint32_t stop = 0;
    std::vector<Digits> witnesses;
    np_stats stats{};
    np_violation violation{};
    std::string message;
};

// One solve call; `classic`: no variant in the request at all.
Answer solve(const Puzzle& puzzle, uint64_t limit, uint64_t max_nodes = 0, bool classic = false) {
    const np_plugin& d = descriptor();
    const std::size_t cells = puzzle.grid.cells.size();
    np::VariantRequest variant(puzzle);
    np_solve_request request{};
    request.struct_size = sizeof request;
    request.geometry = puzzle.grid.geometry.to_c();
    request.cells = puzzle.grid.cells.data();
    request.limit = limit;
    request.budget.max_nodes = max_nodes;
    request.variant = classic ? nullptr : variant.get();
    Digits w0(cells), w1(cells);
    np_solve_result result{};
    result.struct_size = sizeof result;
    result.witnesses[0] = w0.data(), result.witnesses[1] = w1.data();
    void* instance = d.create();
    Answer a;
    a.status = d.solve(instance, &request, &result);
    d.destroy(instance);
    a.count = result.count, a.stop = result.stop, a.stats = result.stats, a.violation = result.violation;
    a.message = result.message;
    if (result.witness_count > 0) a.witnesses.push_back(w0);
    if (result.witness_count > 1) a.witnesses.push_back(w1);
    return a;
}

// ---- The rules, written here from docs/variants.md ------------------------------

struct View {
    const Puzzle& p;
    const Digits& g;
    int n;
    int at(int r, int c) const { return g[static_cast<std::size_t>(r * n + c)]; }
    int of(int cell) const { return g[static_cast<std::size_t>(cell)]; }
};

bool all_different(const View& v, const Cells& cells) {
    std::set<int> seen;
    for (int c : cells)
        if (!seen.insert(v.of(c)).second) return false;
    return true;
}

int total(const View& v, const Cells& cells) {
    int s = 0;
    for (int c : cells) s += v.of(c);
    return s;
}

bool orthogonal(int a, int b, int n) {
    const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
    return dr + dc == 1;
}

int box_of(const Puzzle& p, int cell) {
    const Geometry g = p.grid.geometry;
    const int n = g.side(), r = cell / n, c = cell % n;
    return (r / g.box_rows) * g.box_rows + c / g.box_cols;
}
int position_in_box(const Puzzle& p, int cell) {
    const Geometry g = p.grid.geometry;
    const int n = g.side(), r = cell / n, c = cell % n;
    return (r % g.box_rows) * g.box_cols + c % g.box_cols;
}

bool pair_rule(const View& v, std::function<bool(int, int, int, int)> bad) {
    for (int a = 0; a < v.n * v.n; ++a)
        for (int b = a + 1; b < v.n * v.n; ++b)
            if (bad(a / v.n - b / v.n, a % v.n - b % v.n, a, b)) return false;
    return true;
}

bool is_marked(const Puzzle& p, int a, int b, std::initializer_list<Kind> kinds) {
    for (const Constraint& c : p.constraints)
        for (Kind k : kinds)
            if (c.kind == k && ((c.cells[0][0] == a && c.cells[0][1] == b) || (c.cells[0][0] == b && c.cells[0][1] == a)))
                return true;
    return false;
}

bool one(const View& v, const Constraint& c) {
    const Cells& x = c.cells.empty() ? Cells{} : c.cells[0];
    const int val = c.values.empty() ? 0 : c.values[0];
    const int n = v.n;
    switch (c.kind) {
        case Kind::extra_region: return all_different(v, x);
        case Kind::disjoint_groups:
            return pair_rule(v, [&](int, int, int a, int b) {
                return box_of(v.p, a) != box_of(v.p, b) && position_in_box(v.p, a) == position_in_box(v.p, b) && v.of(a) == v.of(b);
            });
        case Kind::diagonal_positive: {
            Cells d;
            for (int i = 0; i < n; ++i) d.push_back((n - 1 - i) * n + i);
            return all_different(v, d);
        }
        case Kind::diagonal_negative: {
            Cells d;
            for (int i = 0; i < n; ++i) d.push_back(i * n + i);
            return all_different(v, d);
        }
        case Kind::anti_knight:
            return pair_rule(v, [&](int dr, int dc, int a, int b) { return dr * dr + dc * dc == 5 && v.of(a) == v.of(b); });
        case Kind::anti_king:
            return pair_rule(v, [&](int dr, int dc, int a, int b) {
                return std::abs(dr) <= 1 && std::abs(dc) <= 1 && v.of(a) == v.of(b);
            });
        case Kind::non_consecutive:
            return pair_rule(v, [&](int dr, int dc, int a, int b) {
                return std::abs(dr) + std::abs(dc) == 1 && std::abs(v.of(a) - v.of(b)) == 1;
            });
        case Kind::odd: return v.of(x[0]) % 2 == 1;
        case Kind::even: return v.of(x[0]) % 2 == 0;
        case Kind::minimum: case Kind::maximum:
            for (int b = 0; b < n * n; ++b) {
                if (!orthogonal(x[0], b, n)) continue;
                bool same = false;
                for (const Constraint& o : v.p.constraints) same = same || (o.kind == c.kind && o.cells[0][0] == b);
                if (same) continue;
                if (c.kind == Kind::minimum ? !(v.of(x[0]) < v.of(b)) : !(v.of(x[0]) > v.of(b))) return false;
            }
            return true;
        case Kind::thermometer:
            for (std::size_t i = 1; i < x.size(); ++i)
                if (v.of(x[i]) <= v.of(x[i - 1])) return false;
            return true;
        case Kind::arrow: {
            long number = 0;
            for (int cell : x) number = number * 10 + v.of(cell);
            for (std::size_t k = 1; k < c.cells.size(); ++k)
                if (total(v, c.cells[k]) != number) return false;
            return true;
        }
        case Kind::killer_cage: return all_different(v, x) && (c.values.empty() || total(v, x) == val);
        case Kind::little_killer: return total(v, x) == val;
        case Kind::sandwich: {
            int p1 = 0, pn = 0;
            for (int i = 0; i < n; ++i) {
                if (v.of(x[i]) == 1) p1 = i;
                if (v.of(x[i]) == n) pn = i;
            }
            int s = 0;
            for (int i = std::min(p1, pn) + 1; i < std::max(p1, pn); ++i) s += v.of(x[i]);
            return s == val;
        }
        case Kind::x_sum: {
            int s = 0;
            for (int i = 0; i < v.of(x[0]); ++i) s += v.of(x[i]);
            return s == val;
        }
        case Kind::skyscraper: {
            int seen = 0, best = 0;
            for (int cell : x)
                if (v.of(cell) > best) best = v.of(cell), ++seen;
            return seen == val;
        }
        case Kind::xv: return v.of(x[0]) + v.of(x[1]) == val;
        case Kind::difference: return std::abs(v.of(x[0]) - v.of(x[1])) == val;
        case Kind::ratio: return v.of(x[0]) * val == v.of(x[1]) || v.of(x[1]) * val == v.of(x[0]);
        case Kind::renban: {
            std::set<int> digits;
            for (int cell : x) digits.insert(v.of(cell));
            return digits.size() == x.size() && *digits.rbegin() - *digits.begin() + 1 == static_cast<int>(x.size());
        }
        case Kind::whispers:
            for (std::size_t i = 1; i < x.size(); ++i)
                if (std::abs(v.of(x[i]) - v.of(x[i - 1])) < val) return false;
            return true;
        case Kind::palindrome:
            for (std::size_t i = 0; i < x.size(); ++i)
                if (v.of(x[i]) != v.of(x[x.size() - 1 - i])) return false;
            return true;
        case Kind::between_line: {
            const int lo = std::min(v.of(x.front()), v.of(x.back())), hi = std::max(v.of(x.front()), v.of(x.back()));
            for (std::size_t i = 1; i + 1 < x.size(); ++i)
                if (!(lo < v.of(x[i]) && v.of(x[i]) < hi)) return false;
            return true;
        }
        case Kind::region_sum_line: {
            std::set<int> sums;
            int s = 0;
            for (std::size_t i = 0; i < x.size(); ++i) {
                s += v.of(x[i]);
                if (i + 1 == x.size() || v.p.region(x[i]) != v.p.region(x[i + 1])) sums.insert(s), s = 0;
            }
            return sums.size() <= 1;
        }
        case Kind::entropic_line:
            for (std::size_t i = 0; i + 2 < x.size(); ++i) {
                std::set<int> bands;
                for (std::size_t k = i; k < i + 3; ++k) bands.insert((v.of(x[k]) - 1) * 3 / n);
                if (bands.size() != 3) return false;
            }
            return true;
        case Kind::clone:
            for (std::size_t i = 0; i < x.size(); ++i)
                if (v.of(x[i]) != v.of(c.cells[1][i])) return false;
            return true;
        case Kind::quadruple:
            for (int d : c.values) {
                const auto need = std::count(c.values.begin(), c.values.end(), d);
                const auto have = std::count_if(x.begin(), x.end(), [&](int cell) { return v.of(cell) == d; });
                if (have < need) return false;
            }
            return true;
        case Kind::row_indexer: return v.at(v.of(x[0]) - 1, x[0] % n) == x[0] / n + 1;
        case Kind::column_indexer: return v.at(x[0] / n, v.of(x[0]) - 1) == x[0] % n + 1;
        case Kind::box_indexer: {
            const int box = box_of(v.p, x[0]), target = v.of(x[0]) - 1;
            for (int cell = 0; cell < n * n; ++cell)
                if (box_of(v.p, cell) == box && position_in_box(v.p, cell) == target)
                    return v.of(cell) == position_in_box(v.p, x[0]) + 1;
            return false;
        }
    }
    return false;
}

bool negative_rules(const View& v) {
    const Puzzle& p = v.p;
    return pair_rule(v, [&](int dr, int dc, int a, int b) {
        if (std::abs(dr) + std::abs(dc) != 1) return false;
        const int x = v.of(a), y = v.of(b);
        if (p.has_negative(Kind::xv) && !is_marked(p, a, b, {Kind::xv}) && (x + y == 5 || x + y == 10)) return true;
        const bool dot = is_marked(p, a, b, {Kind::difference, Kind::ratio});
        if (p.has_negative(Kind::difference) && !dot && std::abs(x - y) == 1) return true;
        if (p.has_negative(Kind::ratio) && !dot && (x == 2 * y || y == 2 * x)) return true;
        return false;
    });
}

// The grid (full, 1..N) keeps the givens and obeys every rule of the puzzle.
bool obeys(const Puzzle& p, const Digits& g) {
    const int n = p.side();
    const View v{p, g, n};
    for (int cell = 0; cell < n * n; ++cell) {
        if (g[cell] < 1 || g[cell] > n) return false;
        if (p.grid.cells[cell] != 0 && p.grid.cells[cell] != g[cell]) return false;
    }
    std::vector<int> region(static_cast<std::size_t>(n * n));
    for (int cell = 0; cell < n * n; ++cell) region[cell] = p.region(cell);
    for (int a = 0; a < n * n; ++a)
        for (int b = a + 1; b < n * n; ++b) {
            const bool unit = a / n == b / n || a % n == b % n || (region[a] >= 0 && region[a] == region[b]);
            if (unit && g[a] == g[b]) return false;
        }
    for (const Constraint& c : p.constraints)
        if (!one(v, c)) return false;
    return p.negative.empty() || negative_rules(v);
}

// obeys(), and np::check_variant's verdict: two readings of the rules.
::testing::AssertionResult certified(const Puzzle& p, const Digits& g) {
    if (!obeys(p, g)) return ::testing::AssertionFailure() << "the test's rules refuse the witness";
    if (const auto issue = np::check_variant(p, Grid(p.grid.geometry, g)))
        return ::testing::AssertionFailure() << "check_variant: " << issue->message;
    return ::testing::AssertionSuccess();
}

// ---- Brute force: every Latin square of a side, each tried -----------------------

const std::vector<Digits>& latin_squares(int n) {
    static std::map<int, std::vector<Digits>> memo;
    auto& out = memo[n];
    if (!out.empty()) return out;
    Digits g(static_cast<std::size_t>(n * n), 0);
    std::function<void(int)> fill = [&](int cell) {
        if (cell == n * n) return out.push_back(g);
        const int r = cell / n, c = cell % n;
        for (int d = 1; d <= n; ++d) {
            bool ok = true;
            for (int i = 0; i < n && ok; ++i) ok = (i >= c || g[r * n + i] != d) && (i >= r || g[i * n + c] != d);
            if (!ok) continue;
            g[cell] = static_cast<uint8_t>(d);
            fill(cell + 1);
        }
        g[cell] = 0;
    };
    fill(0);
    return out;
}

uint64_t brute_count(const Puzzle& p) {
    uint64_t count = 0;
    for (const Digits& g : latin_squares(p.side()))
        if (obeys(p, g)) ++count;
    return count;
}

// ---- Random puzzles drawn from a solution ----------------------------------------

struct Maker {
    np::Rng rng;
    int n;
    int pick(int bound) { return static_cast<int>(rng.below(static_cast<uint64_t>(bound))); }

    // A walk of king steps (orthogonal only with `orth`), no cell twice.
    Cells walk(int length, bool orth = false) {
        Cells line{pick(n * n)};
        while (static_cast<int>(line.size()) < length) {
            Cells next;
            const int at = line.back();
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    const int r = at / n + dr, c = at % n + dc;
                    if ((dr || dc) && (!orth || !dr || !dc) && r >= 0 && r < n && c >= 0 && c < n &&
                        std::find(line.begin(), line.end(), r * n + c) == line.end())
                        next.push_back(r * n + c);
                }
            if (next.empty()) break;
            line.push_back(next[pick(static_cast<int>(next.size()))]);
        }
        return line;
    }
    // A whole row or column, read from a random side.
    // The clue sits one step outside, where the reading starts.
    Cells line_from_side(std::optional<np::Clue>& clue) {
        const int k = pick(n), dir = pick(4);
        Cells out;
        for (int i = 0; i < n; ++i) out.push_back(dir < 2 ? k * n + i : i * n + k);
        if (dir % 2) std::reverse(out.begin(), out.end());
        clue = dir == 0 ? np::Clue{k, -1} : dir == 1 ? np::Clue{k, n} : dir == 2 ? np::Clue{-1, k} : np::Clue{n, k};
        return out;
    }
    Cells random_cells(int k) {
        Cells all(static_cast<std::size_t>(n * n));
        for (int i = 0; i < n * n; ++i) all[i] = i;
        rng.shuffle(all.begin(), all.end());
        all.resize(static_cast<std::size_t>(k));
        return all;
    }

    // A candidate constraint of this kind; values worked out from the solution where they are a function of it.
    // Some draws are retried (a V or X where the grid has none may fail):
    // after 100, no cells, and the caller draws again.
    Constraint candidate(Kind kind, const Digits& s, int retries = 0) {
        Constraint c;
        c.kind = kind;
        if (retries > 100) return c;
        auto sum = [&](const Cells& cells) {
            int t = 0;
            for (int x : cells) t += s[x];
            return t;
        };
        switch (kind) {
            case Kind::extra_region: c.cells = {random_cells(1 + pick(n))}; break;
            case Kind::odd: case Kind::even: case Kind::minimum: case Kind::maximum: case Kind::row_indexer:
            case Kind::column_indexer: case Kind::box_indexer:
                c.cells = {{pick(n * n)}};
                break;
            case Kind::thermometer: case Kind::renban: case Kind::palindrome: case Kind::between_line:
            case Kind::region_sum_line: case Kind::entropic_line:
                c.cells = {walk(2 + pick(n - 1))};
                break;
            case Kind::whispers: {
                c.cells = {walk(2 + pick(3))};
                int least = n;
                for (std::size_t i = 1; i < c.cells[0].size(); ++i)
                    least = std::min(least, std::abs(s[c.cells[0][i]] - s[c.cells[0][i - 1]]));
                c.values = {1 + pick(std::max(1, least))};
                break;
            }
            case Kind::arrow: {
                c.cells = {walk(1)};
                for (int k = 0, lines = 1 + pick(2); k < lines; ++k) c.cells.push_back(walk(1 + pick(2)));
                break;
            }
            case Kind::killer_cage:
                c.cells = {walk(1 + pick(n), true)};
                if (pick(4)) c.values = {sum(c.cells[0])};
                break;
            case Kind::little_killer: {
                const int start = pick(n), right = pick(2);
                Cells diag;
                for (int r = 0, col = start; r < n && col >= 0 && col < n; ++r, col += right ? 1 : -1) diag.push_back(r * n + col);
                c.cells = {diag}, c.values = {sum(diag)};
                c.clue = np::Clue{-1, right ? start - 1 : start + 1};  // one diagonal step before the first cell
                break;
            }
            case Kind::sandwich: case Kind::x_sum: case Kind::skyscraper: {
                c.cells = {line_from_side(c.clue)};
                const Cells& l = c.cells[0];
                int value = 0;
                if (kind == Kind::x_sum)
                    for (int i = 0; i < s[l[0]]; ++i) value += s[l[i]];
                if (kind == Kind::skyscraper)
                    for (int i = 0, best = 0; i < n; ++i)
                        if (s[l[i]] > best) best = s[l[i]], ++value;
                if (kind == Kind::sandwich) {
                    int p1 = 0, pn = 0;
                    for (int i = 0; i < n; ++i) p1 = s[l[i]] == 1 ? i : p1, pn = s[l[i]] == n ? i : pn;
                    for (int i = std::min(p1, pn) + 1; i < std::max(p1, pn); ++i) value += s[l[i]];
                }
                c.values = {value};
                break;
            }
            case Kind::xv: case Kind::difference: case Kind::ratio: {
                const Cells pair = walk(2, true);
                if (pair.size() < 2) return candidate(kind, s, retries + 1);
                c.cells = {pair};
                const int a = s[pair[0]], b = s[pair[1]];
                if (kind == Kind::xv && a + b != 5 && a + b != 10) return candidate(kind, s, retries + 1);  // V or X only
                c.values = {kind == Kind::xv ? a + b : kind == Kind::difference ? std::abs(a - b)
                                                                                : std::max(a, b) / std::min(a, b)};
                break;
            }
            case Kind::clone: {
                const int len = 1 + pick(3);
                Cells a = random_cells(len), b;
                for (int x : a) {  // a copy cell per cell, none taken twice
                    Cells same;
                    for (int y = 0; y < n * n; ++y)
                        if (y != x && s[y] == s[x] && std::find(b.begin(), b.end(), y) == b.end()) same.push_back(y);
                    if (same.empty()) return candidate(kind, s, retries + 1);
                    b.push_back(same[pick(static_cast<int>(same.size()))]);
                }
                c.cells = {a, b};
                break;
            }
            case Kind::quadruple: {
                const int r = pick(n - 1), col = pick(n - 1);
                Cells block = {r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1};
                std::vector<int> digits;
                for (int x : block) digits.push_back(s[x]);
                rng.shuffle(digits.begin(), digits.end());
                digits.resize(static_cast<std::size_t>(1 + pick(4)));
                c.cells = {block}, c.values = digits;
                break;
            }
            default: break;  // global kinds: no cells
        }
        return c;
    }
};

bool allows(Kind kind, RegionLayout layout, int n) {
    if ((kind == Kind::disjoint_groups || kind == Kind::box_indexer) && layout != RegionLayout::boxes) return false;
    return kind != Kind::entropic_line || n % 3 == 0;
}

// Three 4x4 jigsaws (regions of 4 cells, not boxes), each with Latin
// squares that fit it (96, 96 and 144 of them).
const std::vector<std::vector<uint8_t>> kJigsaws = {
    {0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3},
    {0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 2, 2, 3, 3, 2},
    {0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 2, 1, 3, 3, 3, 3},
};

Puzzle empty_puzzle(int n, RegionLayout layout, Maker& m) {
    Puzzle p;
    p.grid = Grid(layout == RegionLayout::boxes ? Geometry{2, n / 2} : Geometry{1, n});
    p.regions = layout;
    if (layout == RegionLayout::irregular) p.region_of = kJigsaws[m.pick(static_cast<int>(kJigsaws.size()))];
    return p;
}

// A random puzzle of `kind`: 1..3 constraints the solution keeps, random
// givens, and now and then one value changed (so no solution may remain).
Puzzle random_puzzle(Kind kind, RegionLayout layout, int n, Maker& m, bool& perturbed) {
    for (int attempt = 0;; ++attempt) {
        Puzzle p = empty_puzzle(n, layout, m);
        std::vector<Digits> grids;
        for (const Digits& g : latin_squares(n))
            if (obeys(p, g)) grids.push_back(g);
        const Digits& s = grids[m.pick(static_cast<int>(grids.size()))];
        const int wanted = np::kind_is_global(kind) ? 1 : 1 + m.pick(3);
        if (kind == Kind::xv || kind == Kind::difference || kind == Kind::ratio)
            if (m.pick(3) == 0) p.negative.push_back(kind);
        for (int tries = 0; tries < 300 && static_cast<int>(p.constraints.size()) < wanted; ++tries) {
            p.constraints.push_back(m.candidate(kind, s));
            if (!np::kind_is_global(kind) && p.constraints.back().cells.empty()) {
                p.constraints.pop_back();
                continue;
            }
            // A kind no grid of this size keeps (anti-king on 4x4) is taken anyway after a while: no solution.
            if (!obeys(p, s) && attempt < 40) p.constraints.pop_back();
        }
        if (p.constraints.empty()) continue;
        for (int cell : m.random_cells(m.pick(n * n / 3 + 1))) p.grid.cells[cell] = s[cell];
        // The host's definition of a well-formed puzzle (docs/variants.md): a
        // perturbation that breaks it (whispers of 0, a V of 6) is undone.
        if (const auto issue = np::validate_variant(p)) ADD_FAILURE() << np::kind_key(kind) << ": " << issue->message;
        perturbed = !p.constraints.back().values.empty() && m.pick(6) == 0;
        if (perturbed) {
            const int was = p.constraints.back().values[0];
            p.constraints.back().values[0] += m.pick(2) ? 1 : -1;
            if (np::validate_variant(p)) p.constraints.back().values[0] = was, perturbed = false;
        }
        return p;
    }
}

const char* layout_name(RegionLayout l) {
    return l == RegionLayout::boxes ? "boxes" : l == RegionLayout::irregular ? "irregular" : "none";
}

// ---- Tests ------------------------------------------------------------------------

TEST(Csp, DescribesItself) {
    const np_plugin& d = descriptor();
    EXPECT_STREQ(d.name, "csp");
    // Its search is complete; it makes variant puzzles (ABI 3.8, generate.hpp).
    EXPECT_EQ(d.capabilities,
              uint32_t{NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_PROOF | NP_CAP_GENERATE_PUZZLE});
    EXPECT_EQ(d.max_side, 25u);
    EXPECT_EQ(d.kinds, (uint64_t{1} << NP_KIND_COUNT) - 1);
    EXPECT_EQ(d.region_layouts, NP_REGIONS_BIT(NP_REGIONS_IRREGULAR) | NP_REGIONS_BIT(NP_REGIONS_NONE));
    EXPECT_EQ(d.default_for, NP_CAP_SOLVE | NP_CAP_COUNT);
    EXPECT_EQ(d.default_rank, 15u);
}

// Every kind, under every layout it allows: csp's exact count is the brute
// force's, and every witness obeys the rules.
TEST(Csp, EveryKindCountsAsTheBruteForce) {
    Maker m{np::Rng(20261206), 4};
    int puzzles = 0, none = 0, several = 0;
    for (int k = 0; k < np::kKindCount; ++k) {
        const Kind kind = static_cast<Kind>(k);
        for (RegionLayout layout : {RegionLayout::boxes, RegionLayout::irregular, RegionLayout::none}) {
            const int n = kind == Kind::entropic_line ? 3 : 4;  // entropic lines need N % 3 == 0
            if ((n == 3 && layout != RegionLayout::none) || !allows(kind, layout, n)) continue;
            m.n = n;
            for (int trial = 0; trial < 60; ++trial) {
                bool perturbed = false;
                const Puzzle p = random_puzzle(kind, layout, n, m, perturbed);
                const uint64_t expected = brute_count(p);
                const Answer a = solve(p, NP_UNLIMITED, 10'000'000);
                SCOPED_TRACE(std::string(np::kind_key(kind)) + " " + layout_name(layout) + " trial " +
                             std::to_string(trial) + " givens " + np::test::text_of(p.grid));
                ASSERT_EQ(a.status, NP_OK) << a.message;
                EXPECT_EQ(a.stop, uint32_t{NP_STOP_EXHAUSTED});
                ASSERT_EQ(a.count, expected) << (perturbed ? "(a value was perturbed)" : "");
                EXPECT_EQ(a.witnesses.size(), std::min<uint64_t>(expected, 2));
                for (const Digits& w : a.witnesses) EXPECT_TRUE(certified(p, w));
                if (a.witnesses.size() == 2) {
                    EXPECT_NE(a.witnesses[0], a.witnesses[1]);
                }
                // Limit 1: a solution found stops the search (stop = limit).
                const Answer first = solve(p, 1, 10'000'000);
                EXPECT_EQ(first.count, std::min<uint64_t>(expected, 1));
                EXPECT_EQ(first.stop, expected == 0 ? uint32_t{NP_STOP_EXHAUSTED} : uint32_t{NP_STOP_LIMIT});
                EXPECT_LE(first.stats.guesses, first.stats.nodes);
                ++puzzles, none += expected == 0, several += expected > 1;
            }
        }
    }
    std::printf("%d puzzles: %d with no solution, %d with several\n", puzzles, none, several);
    // The draw covers all three verdicts, not just one.
    EXPECT_GT(none, 0);
    EXPECT_GT(several, 0);
    EXPECT_GT(puzzles - none - several, 0);
}

// Several kinds at once, on 4x4 boxes: the propagators meet on shared cells.
TEST(Csp, MixedKindsCountAsTheBruteForce) {
    Maker m{np::Rng(77), 4};
    for (int trial = 0; trial < 300; ++trial) {
        Puzzle p = empty_puzzle(4, RegionLayout::boxes, m);
        const auto& squares = latin_squares(4);
        std::vector<Digits> grids;
        for (const Digits& g : squares)
            if (obeys(p, g)) grids.push_back(g);
        const Digits s = grids[m.pick(static_cast<int>(grids.size()))];
        for (int k = 0, kinds = 2 + m.pick(3); k < kinds; ++k) {
            Kind kind = static_cast<Kind>(m.pick(np::kKindCount));
            if (kind == Kind::entropic_line) kind = Kind::renban;
            for (int tries = 0; tries < 50; ++tries) {
                p.constraints.push_back(m.candidate(kind, s));
            if (!np::kind_is_global(kind) && p.constraints.back().cells.empty()) {
                p.constraints.pop_back();
                continue;
            }
                if (obeys(p, s)) break;
                p.constraints.pop_back();
            }
        }
        for (int cell : m.random_cells(m.pick(4))) p.grid.cells[cell] = s[cell];
        const Answer a = solve(p, NP_UNLIMITED);
        SCOPED_TRACE("trial " + std::to_string(trial));
        ASSERT_EQ(a.status, NP_OK) << a.message;
        ASSERT_EQ(a.count, brute_count(p));
        for (const Digits& w : a.witnesses) EXPECT_TRUE(certified(p, w));
    }
}

// ---- 6x6 and 9x9 ----

// Soundness where the brute force cannot go: constraints of one kind drawn
// from a full 6x6 or 9x9 grid, its digits given but for 20..36 or 20..70 holes.
// The grid is a solution, so csp must find one (it may find others): every
// witness obeys the rules, and a complete search with one solution found
// has found the grid itself.
TEST(Csp, NeverLosesTheGridItWasDrawnFrom) {
    int searches = 0, unique = 0;
    uint64_t nodes = 0;
    for (const Geometry shape : {Geometry{2, 3}, Geometry{3, 3}}) {
        const int n = shape.side();
        Maker m{np::Rng(static_cast<uint64_t>(n) * 1000 + 7), n};
        for (int k = 0; k < np::kKindCount; ++k) {
            const Kind kind = static_cast<Kind>(k);
            for (RegionLayout layout : {RegionLayout::boxes, RegionLayout::none}) {
                if (!allows(kind, layout, n)) continue;
                for (int trial = 0; trial < 6; ++trial) {
                    const Grid full = np::test::pattern_grid(shape, static_cast<uint64_t>(k * 100 + trial));
                    const Digits& s = full.cells;
                    Puzzle p;
                    p.grid = Grid(layout == RegionLayout::boxes ? shape : Geometry{1, n});
                    p.regions = layout;
                    if (kind == Kind::xv || kind == Kind::difference || kind == Kind::ratio)
                        if (m.pick(2) == 0) p.negative.push_back(kind);
                    if (!obeys(p, s)) p.negative.clear();
                    const int wanted = np::kind_is_global(kind) ? 1 : 2 + m.pick(6);
                    for (int tries = 0; tries < 400 && static_cast<int>(p.constraints.size()) < wanted; ++tries) {
                        p.constraints.push_back(m.candidate(kind, s));
            if (!np::kind_is_global(kind) && p.constraints.back().cells.empty()) {
                p.constraints.pop_back();
                continue;
            }
                        if (!obeys(p, s)) p.constraints.pop_back();
                    }
                    p.grid.cells = s;
                    for (int cell : m.random_cells(20 + m.pick(n == 9 ? 51 : 17))) p.grid.cells[cell] = 0;
                    SCOPED_TRACE(std::string(np::kind_key(kind)) + " " + layout_name(layout) + " " + shape.name() +
                                 " trial " + std::to_string(trial) + " (" + std::to_string(p.constraints.size()) +
                                 " constraints) " + np::test::text_of(p.grid));
                    const Answer a = solve(p, 2, 2'000'000);
                    ASSERT_EQ(a.status, NP_OK) << a.message;
                    ASSERT_NE(a.stop, uint32_t{NP_STOP_BUDGET});
                    ASSERT_GE(a.count, 1u);
                    for (const Digits& w : a.witnesses) EXPECT_TRUE(certified(p, w));
                    if (a.count == 1) {
                        EXPECT_EQ(a.witnesses[0], s);
                    }
                    ++searches, unique += a.count == 1, nodes += a.stats.nodes;
                }
            }
        }
    }
    std::printf("%d searches, %d with one solution, %llu nodes in all\n", searches, unique,
                static_cast<unsigned long long>(nodes));
}


Puzzle classic(const char* text) { return np::classic_puzzle(np::test::parse(text)); }

Digits digits_of(const char* text) {
    const Grid g = np::test::parse(text);
    return g.cells;
}

TEST(Csp, SolvesClassicPuzzlesWithAndWithoutAVariant) {
    const Puzzle p = classic(np::test::kSeed002Puzzle);
    for (bool plain : {false, true}) {
        const Answer a = solve(p, 2, 0, plain);
        ASSERT_EQ(a.status, NP_OK) << a.message;
        EXPECT_EQ(a.count, 1u);
        EXPECT_EQ(a.stop, uint32_t{NP_STOP_EXHAUSTED});
        ASSERT_EQ(a.witnesses.size(), 1u);
        EXPECT_EQ(a.witnesses[0], digits_of(np::test::kSeed002Solution));
        EXPECT_LE(a.stats.guesses, a.stats.nodes);
    }
}

// Hard classic puzzles, their counts proved by exhaustive-count (the test support's oracle).
TEST(Csp, ClassicCountsAsTheOracle) {
    const char* puzzles[] = {
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",  // Arto Inkala's
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",  // several solutions
        ".................................................................................",
    };
    for (const char* text : puzzles) {
        const Puzzle p = classic(text);
        const auto expected = np::test::oracle_count(p.grid, 10, np::test::kProofNodes);
        ASSERT_TRUE(expected.has_value());
        const Answer a = solve(p, 10, 50'000'000);
        ASSERT_EQ(a.status, NP_OK) << a.message;
        EXPECT_EQ(a.count, *expected) << text;
        for (const Digits& w : a.witnesses) EXPECT_TRUE(certified(p, w));
    }
}

TEST(Csp, RepeatedGivensAreInvalid) {
    Puzzle p = classic(np::test::kSeed002Puzzle);
    p.grid.cells[2] = 5;  // a second 5 in row 1
    const Answer a = solve(p, 2);
    EXPECT_EQ(a.status, NP_INVALID_INPUT);
    EXPECT_EQ(a.violation.code, uint32_t{NP_REASON_DUPLICATE_IN_ROW});
    EXPECT_EQ(a.violation.row, 1u);
    EXPECT_EQ(a.violation.column, 3u);
}

TEST(Csp, GivensThatBreakAConstraintHaveNoSolution) {
    Puzzle p = classic(np::test::kSeed002Puzzle);
    p.constraints.push_back({Kind::odd, {{0}}, {}, {}});  // r1c1 is a given 5: odd, fine
    p.constraints.push_back({Kind::even, {{1}}, {}, {}});  // r1c2 is a given 3
    const Answer a = solve(p, 2);
    ASSERT_EQ(a.status, NP_OK) << a.message;
    EXPECT_EQ(a.count, 0u);
    EXPECT_EQ(a.stop, uint32_t{NP_STOP_EXHAUSTED});
}

// A killer: cages grown from seed 002's solution (orthogonal walks of 1..4
// cells, digits different), with their sums; no givens.
TEST(Csp, SolvesAKillerDerivedFromASolution) {
    const Digits s = digits_of(np::test::kSeed002Solution);
    Puzzle p = classic(std::string(81, '.').c_str());
    np::Rng rng(9);
    std::vector<int> cage_of(81, -1);
    for (int start = 0; start < 81; ++start) {
        if (cage_of[start] >= 0) continue;
        Cells cage{start};
        cage_of[start] = 1;
        const int size = 1 + static_cast<int>(rng.below(4));
        for (int grow = 0; grow < 8 && static_cast<int>(cage.size()) < size; ++grow) {
            const int at = cage[rng.below(cage.size())], dir = static_cast<int>(rng.below(4));
            const int r = at / 9 + (dir == 0) - (dir == 1), c = at % 9 + (dir == 2) - (dir == 3);
            if (r < 0 || r > 8 || c < 0 || c > 8 || cage_of[r * 9 + c] >= 0) continue;
            bool fresh = true;
            for (int x : cage) fresh = fresh && s[x] != s[r * 9 + c];
            if (fresh) cage.push_back(r * 9 + c), cage_of[r * 9 + c] = 1;
        }
        int sum = 0;
        for (int x : cage) sum += s[x];
        p.constraints.push_back({Kind::killer_cage, {cage}, {sum}, {}});
    }
    ASSERT_TRUE(obeys(p, s));
    const Answer a = solve(p, 2, 20'000'000);
    ASSERT_EQ(a.status, NP_OK) << a.message;
    EXPECT_EQ(a.stop, a.count < 2 ? uint32_t{NP_STOP_EXHAUSTED} : uint32_t{NP_STOP_LIMIT});
    ASSERT_GE(a.count, 1u);
    for (const Digits& w : a.witnesses) EXPECT_TRUE(certified(p, w));
    if (a.count == 1) {
        EXPECT_EQ(a.witnesses[0], s);
    }
    std::printf("killer: %zu cages, count %llu, nodes %llu, guesses %llu\n", p.constraints.size(),
                static_cast<unsigned long long>(a.count), static_cast<unsigned long long>(a.stats.nodes),
                static_cast<unsigned long long>(a.stats.guesses));
}

// Thermometers along increasing king walks of seed 002's solution, with a
// few of its givens: the one solution is seed 002's.
TEST(Csp, SolvesAThermoDerivedFromASolution) {
    const Digits s = digits_of(np::test::kSeed002Solution);
    Puzzle p = classic(std::string(81, '.').c_str());
    np::Rng rng(3);
    for (int t = 0; t < 30; ++t) {
        Cells line{static_cast<int>(rng.below(81))};
        for (;;) {
            Cells next;
            const int at = line.back();
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    const int r = at / 9 + dr, c = at % 9 + dc;
                    if (r >= 0 && r < 9 && c >= 0 && c < 9 && s[r * 9 + c] > s[at]) next.push_back(r * 9 + c);
                }
            if (next.empty() || line.size() >= 6) break;
            line.push_back(next[rng.below(next.size())]);
        }
        if (line.size() >= 2) p.constraints.push_back({Kind::thermometer, {line}, {}, {}});
    }
    // Givens of the solution, one at a time, until the thermometers and
    // they leave one solution (csp's count only chooses the puzzle; the
    // test is that its one solution is seed 002's).
    Answer a;
    for (int k = 0; k < 60; ++k) {
        a = solve(p, 2, 20'000'000);
        if (a.count < 2) break;
        const int cell = static_cast<int>(rng.below(81));
        p.grid.cells[cell] = s[cell];
    }
    ASSERT_TRUE(obeys(p, s));
    ASSERT_EQ(a.status, NP_OK) << a.message;
    EXPECT_EQ(a.stop, a.count < 2 ? uint32_t{NP_STOP_EXHAUSTED} : uint32_t{NP_STOP_LIMIT});
    ASSERT_GE(a.count, 1u);
    for (const Digits& w : a.witnesses) EXPECT_TRUE(certified(p, w));
    if (a.count == 1) {
        EXPECT_EQ(a.witnesses[0], s);
    }
    std::printf("thermo: %zu thermometers, %d givens, count %llu, nodes %llu, guesses %llu\n", p.constraints.size(),
                p.grid.given_count(), static_cast<unsigned long long>(a.count), static_cast<unsigned long long>(a.stats.nodes),
                static_cast<unsigned long long>(a.stats.guesses));
}

TEST(Csp, StopsAtTheBudgetAndTheLimit) {
    const Puzzle p = classic(std::string(81, '.').c_str());
    const Answer budget = solve(p, NP_UNLIMITED, 1000);
    ASSERT_EQ(budget.status, NP_OK) << budget.message;
    EXPECT_EQ(budget.stop, uint32_t{NP_STOP_BUDGET});
    EXPECT_LE(budget.stats.nodes, 1001u);
    const Answer limit = solve(p, 5);
    EXPECT_EQ(limit.count, 5u);
    EXPECT_EQ(limit.stop, uint32_t{NP_STOP_LIMIT});
    ASSERT_EQ(limit.witnesses.size(), 2u);
    for (const Digits& w : limit.witnesses) EXPECT_TRUE(certified(p, w));
}

// What the host's validation refuses first never crashes the engine: a
// caller that sends it anyway gets a failure that says why.
TEST(Csp, MalformedVariantsFailWithAReason) {
    Puzzle p = classic(np::test::kSeed002Puzzle);
    p.constraints.push_back({Kind::killer_cage, {{0, 999}}, {10}, {}});
    Answer a = solve(p, 2);
    EXPECT_EQ(a.status, NP_FAILED);
    EXPECT_NE(a.message.find("outside the grid"), std::string::npos) << a.message;
    Maker m{np::Rng(1), 4};
    Puzzle four = empty_puzzle(4, RegionLayout::boxes, m);
    four.constraints.push_back({Kind::entropic_line, {{0, 1, 2}}, {}, {}});
    a = solve(four, 2);
    EXPECT_EQ(a.status, NP_FAILED);
    EXPECT_NE(a.message.find("divisible by 3"), std::string::npos) << a.message;
}

// The largest side: a 25x25 grid with 250 holes, a diagonal and killer
// cages drawn from it.
TEST(Csp, SolvesTheLargestSide) {
    const Geometry shape{5, 5};
    const Grid full = np::test::pattern_grid(shape, 25);
    Maker m{np::Rng(25), 25};
    Puzzle p;
    p.grid = full;
    for (Kind kind : {Kind::diagonal_negative, Kind::killer_cage, Kind::killer_cage, Kind::thermometer}) {
        for (int tries = 0; tries < 400; ++tries) {
            p.constraints.push_back(m.candidate(kind, full.cells));
            if (obeys(p, full.cells)) break;
            p.constraints.pop_back();
        }
    }
    for (int cell : m.random_cells(250)) p.grid.cells[cell] = 0;
    const Answer a = solve(p, 2, 2'000'000);
    ASSERT_EQ(a.status, NP_OK) << a.message;
    ASSERT_GE(a.count, 1u);
    EXPECT_NE(a.stop, uint32_t{NP_STOP_BUDGET});
    for (const Digits& w : a.witnesses) EXPECT_TRUE(certified(p, w));
    std::printf("25x25: %zu constraints, count %llu, nodes %llu\n", p.constraints.size(),
                static_cast<unsigned long long>(a.count), static_cast<unsigned long long>(a.stats.nodes));
}

// A puzzle propagation alone solves takes no guess.
TEST(Csp, ForcedSolutionsTakeNoGuess) {
    Puzzle p = classic(np::test::kSeed002Solution);
    for (int cell : {0, 13, 40, 77}) p.grid.cells[cell] = 0;
    const Answer a = solve(p, 2);
    EXPECT_EQ(a.count, 1u);
    EXPECT_EQ(a.stats.guesses, 0u);
    EXPECT_GE(a.stats.nodes, 1u);
}

}  // namespace
