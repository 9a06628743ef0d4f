// The sat plugin's variant encodings (ABI 3.7), tested through its C
// descriptor: the test loads sat.so itself, builds the request's np_variant
// from an np::Puzzle (np::VariantRequest) and calls solve (the host's path is
// tested in tests/host and tests/cli).
//
// The plugin is never proved right by itself. Every count is compared with a
// brute force written here: it fills the grid cell by cell under the Latin
// square, the regions and the givens only, and tests each full grid against
// every constraint with this file's own reading of docs/variants.md
// (satisfies(), one plain check per kind, sharing nothing with the CNF). On
// 4x4 that is all 288 boxed grids (576 Latin squares without regions); on
// 6x6 and 9x9 the puzzles carry givens enough to keep it small. Every
// witness must be one of the brute force's solutions, and the host's
// certifier (np::check_variant) must pass it.

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "numplace/plugin_api.h"
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
using Cells = std::vector<uint8_t>;
using Rng = std::mt19937_64;

// ---------------------------------------------------------------------------
// The rules, read from docs/variants.md .
// ---------------------------------------------------------------------------

int at(const Cells& g, int cell) { return g[static_cast<std::size_t>(cell)]; }

bool all_distinct(const Cells& g, const std::vector<int>& cells) {
    std::set<int> seen;
    for (int c : cells)
        if (!seen.insert(at(g, c)).second) return false;
    return true;
}

int sum_of(const Cells& g, const std::vector<int>& cells) {
    int s = 0;
    for (int c : cells) s += at(g, c);
    return s;
}

bool adjacent(int n, int a, int b) {
    return (a / n == b / n && std::abs(a % n - b % n) == 1) || (a % n == b % n && std::abs(a / n - b / n) == 1);
}

// Position inside its box (row-major) and the box's top-left cell.
int box_position(const Geometry& geo, int cell) {
    const int n = geo.side(), r = cell / n, c = cell % n;
    return (r % geo.box_rows) * geo.box_cols + c % geo.box_cols;
}
int box_corner(const Geometry& geo, int cell) {
    const int n = geo.side(), r = cell / n, c = cell % n;
    return (r - r % geo.box_rows) * n + (c - c % geo.box_cols);
}

bool pairs_at_offsets_differ(const Cells& g, int n, const std::vector<std::pair<int, int>>& offsets) {
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            for (auto [dr, dc] : offsets) {
                const int r2 = r + dr, c2 = c + dc;
                if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && g[r * n + c] == g[r2 * n + c2]) return false;
            }
    return true;
}

bool extremum_ok(const Puzzle& p, const Cells& g, const Constraint& con, int sign) {
    const int n = p.side(), cell = con.cells[0][0];
    std::set<int> same;
    for (const auto& o : p.constraints)
        if (o.kind == con.kind) same.insert(o.cells[0][0]);
    for (int other = 0; other < n * n; ++other)
        if (adjacent(n, cell, other) && !same.count(other) && sign * (at(g, cell) - at(g, other)) <= 0) return false;
    return true;
}

bool sandwich_ok(const Cells& g, int n, const std::vector<int>& cells, int sum) {
    int one = -1, top = -1;
    for (int i = 0; i < static_cast<int>(cells.size()); ++i) {
        if (at(g, cells[i]) == 1) one = i;
        if (at(g, cells[i]) == n) top = i;
    }
    int s = 0;
    for (int i = std::min(one, top) + 1; i < std::max(one, top); ++i) s += at(g, cells[i]);
    return s == sum;
}

bool skyscraper_ok(const Cells& g, const std::vector<int>& cells, int count) {
    int seen = 0, highest = 0;
    for (int c : cells)
        if (at(g, c) > highest) highest = at(g, c), ++seen;
    return seen == count;
}

bool arrow_ok(const Cells& g, const Constraint& con) {
    int circle = 0;
    for (int c : con.cells[0]) circle = circle * 10 + at(g, c);
    for (std::size_t i = 1; i < con.cells.size(); ++i)
        if (sum_of(g, con.cells[i]) != circle) return false;
    return true;
}

bool region_sum_ok(const Puzzle& p, const Cells& g, const std::vector<int>& line) {
    std::vector<int> sums;
    int region = -2;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const int here = p.region(line[i]);
        if (i == 0 || here != region) sums.push_back(0);
        sums.back() += at(g, line[i]);
        region = here;
    }
    if (p.regions == RegionLayout::none) return true;
    return std::all_of(sums.begin(), sums.end(), [&](int s) { return s == sums[0]; });
}

bool quadruple_ok(const Cells& g, const Constraint& con) {
    std::map<int, int> want, have;
    for (int v : con.values) ++want[v];
    for (int c : con.cells[0]) ++have[at(g, c)];
    for (auto [v, k] : want)
        if (have[v] < k) return false;
    return true;
}

bool line_between(const Cells& g, const std::vector<int>& line) {
    const int a = at(g, line.front()), b = at(g, line.back());
    for (std::size_t i = 1; i + 1 < line.size(); ++i) {
        const int v = at(g, line[i]);
        if (!(std::min(a, b) < v && v < std::max(a, b))) return false;
    }
    return true;
}

bool entropic_ok(const Cells& g, int n, const std::vector<int>& line) {
    for (std::size_t i = 0; i + 2 < line.size(); ++i) {
        std::set<int> thirds;
        for (std::size_t j = i; j < i + 3; ++j) thirds.insert((at(g, line[j]) - 1) / (n / 3));
        if (thirds.size() != 3) return false;
    }
    return true;
}

bool renban_ok(const Cells& g, const std::vector<int>& line) {
    if (!all_distinct(g, line)) return false;
    int lo = 1000, hi = 0;
    for (int c : line) lo = std::min(lo, at(g, c)), hi = std::max(hi, at(g, c));
    return hi - lo == static_cast<int>(line.size()) - 1;
}

bool palindrome_ok(const Cells& g, const std::vector<int>& line) {
    for (std::size_t i = 0; i < line.size(); ++i)
        if (at(g, line[i]) != at(g, line[line.size() - 1 - i])) return false;
    return true;
}

bool whispers_ok(const Cells& g, const std::vector<int>& line, int d) {
    for (std::size_t i = 0; i + 1 < line.size(); ++i)
        if (std::abs(at(g, line[i]) - at(g, line[i + 1])) < d) return false;
    return true;
}

bool thermo_ok(const Cells& g, const std::vector<int>& line) {
    for (std::size_t i = 0; i + 1 < line.size(); ++i)
        if (at(g, line[i]) >= at(g, line[i + 1])) return false;
    return true;
}

bool in_ratio(int a, int b, int r) { return a == r * b || b == r * a; }

// One constraint, on a full grid.
bool constraint_ok(const Puzzle& p, const Cells& g, const Constraint& con) {
    const int n = p.side();
    const auto& geo = p.grid.geometry;
    const std::vector<int> none;
    const auto& cells = con.cells.empty() ? none : con.cells[0];
    const int value = con.values.empty() ? 0 : con.values[0];
    switch (con.kind) {
        case Kind::extra_region: return all_distinct(g, cells);
        case Kind::disjoint_groups:
            for (int a = 0; a < n * n; ++a)
                for (int b = a + 1; b < n * n; ++b)
                    if (box_position(geo, a) == box_position(geo, b) && at(g, a) == at(g, b)) return false;
            return true;
        case Kind::diagonal_positive: {
            std::vector<int> d;
            for (int i = 0; i < n; ++i) d.push_back((n - 1 - i) * n + i);
            return all_distinct(g, d);
        }
        case Kind::diagonal_negative: {
            std::vector<int> d;
            for (int i = 0; i < n; ++i) d.push_back(i * n + i);
            return all_distinct(g, d);
        }
        case Kind::anti_knight: return pairs_at_offsets_differ(g, n, {{1, 2}, {2, 1}, {1, -2}, {2, -1}});
        case Kind::anti_king: return pairs_at_offsets_differ(g, n, {{1, 1}, {1, -1}, {0, 1}, {1, 0}});
        case Kind::non_consecutive:
            for (int a = 0; a < n * n; ++a)
                for (int b = 0; b < n * n; ++b)
                    if (adjacent(n, a, b) && std::abs(at(g, a) - at(g, b)) == 1) return false;
            return true;
        case Kind::odd: return at(g, cells[0]) % 2 == 1;
        case Kind::even: return at(g, cells[0]) % 2 == 0;
        case Kind::minimum: return extremum_ok(p, g, con, -1);
        case Kind::maximum: return extremum_ok(p, g, con, +1);
        case Kind::thermometer: return thermo_ok(g, cells);
        case Kind::arrow: return arrow_ok(g, con);
        case Kind::killer_cage: return all_distinct(g, cells) && (con.values.empty() || sum_of(g, cells) == value);
        case Kind::little_killer: return sum_of(g, cells) == value;
        case Kind::sandwich: return sandwich_ok(g, n, cells, value);
        case Kind::x_sum: {
            const std::vector<int> first(cells.begin(), cells.begin() + at(g, cells[0]));
            return sum_of(g, first) == value;
        }
        case Kind::skyscraper: return skyscraper_ok(g, cells, value);
        case Kind::xv: return at(g, cells[0]) + at(g, cells[1]) == value;
        case Kind::difference: return std::abs(at(g, cells[0]) - at(g, cells[1])) == value;
        case Kind::ratio: return in_ratio(at(g, cells[0]), at(g, cells[1]), value);
        case Kind::renban: return renban_ok(g, cells);
        case Kind::whispers: return whispers_ok(g, cells, value);
        case Kind::palindrome: return palindrome_ok(g, cells);
        case Kind::between_line: return line_between(g, cells);
        case Kind::region_sum_line: return region_sum_ok(p, g, cells);
        case Kind::entropic_line: return entropic_ok(g, n, cells);
        case Kind::clone:
            for (std::size_t i = 0; i < con.cells[0].size(); ++i)
                if (at(g, con.cells[0][i]) != at(g, con.cells[1][i])) return false;
            return true;
        case Kind::quadruple: return quadruple_ok(g, con);
        case Kind::row_indexer: {
            const int r = cells[0] / n, c = cells[0] % n, d = at(g, cells[0]);
            return at(g, (d - 1) * n + c) == r + 1;
        }
        case Kind::column_indexer: {
            const int r = cells[0] / n, c = cells[0] % n, d = at(g, cells[0]);
            return at(g, r * n + d - 1) == c + 1;
        }
        case Kind::box_indexer: {
            const int d = at(g, cells[0]), corner = box_corner(geo, cells[0]);
            const int target = corner + ((d - 1) / geo.box_cols) * n + (d - 1) % geo.box_cols;
            return at(g, target) == box_position(geo, cells[0]) + 1;
        }
    }
    return false;
}

// The negative rules: adjacent pairs without a marker.
bool negatives_ok(const Puzzle& p, const Cells& g) {
    const int n = p.side();
    std::set<std::pair<int, int>> xv, dots;
    for (const auto& con : p.constraints) {
        if (con.kind != Kind::xv && con.kind != Kind::difference && con.kind != Kind::ratio) continue;
        const auto pair = std::minmax(con.cells[0][0], con.cells[0][1]);
        (con.kind == Kind::xv ? xv : dots).insert(pair);
    }
    for (int a = 0; a < n * n; ++a)
        for (int b = a + 1; b < n * n; ++b) {
            if (!adjacent(n, a, b)) continue;
            const int v = at(g, a), w = at(g, b);
            if (p.has_negative(Kind::xv) && !xv.count({a, b}) && (v + w == 5 || v + w == 10)) return false;
            if (dots.count({a, b})) continue;
            if (p.has_negative(Kind::difference) && std::abs(v - w) == 1) return false;
            if (p.has_negative(Kind::ratio) && in_ratio(v, w, 2)) return false;
        }
    return true;
}

bool satisfies(const Puzzle& p, const Cells& g) {
    for (const auto& con : p.constraints)
        if (!constraint_ok(p, g, con)) return false;
    return negatives_ok(p, g);
}

// ---------------------------------------------------------------------------
// Brute force: every completion under the Latin square, regions and givens.
// ---------------------------------------------------------------------------

class Brute {
public:
    explicit Brute(const Puzzle& p) : p_(p), n_(p.side()), g_(p.grid.cells) {}

    std::vector<Cells> solutions(std::size_t cap = 200000) {
        cap_ = cap;
        go(0);
        return found_;
    }

private:
    bool fits(int cell, int v) const {
        const int r = cell / n_, c = cell % n_, region = p_.region(cell);
        for (int other = 0; other < n_ * n_; ++other) {
            if (other == cell || at(g_, other) != v) continue;
            if (other / n_ == r || other % n_ == c || (region >= 0 && p_.region(other) == region)) return false;
        }
        return true;
    }
    void go(int cell) {
        if (found_.size() >= cap_) return;
        if (cell == n_ * n_) {
            if (satisfies(p_, g_)) found_.push_back(g_);
            return;
        }
        if (p_.grid.cells[static_cast<std::size_t>(cell)] != 0) {
            if (fits(cell, at(g_, cell))) go(cell + 1);
            return;
        }
        for (int v = 1; v <= n_; ++v) {
            if (!fits(cell, v)) continue;
            g_[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(v);
            go(cell + 1);
            g_[static_cast<std::size_t>(cell)] = 0;
        }
    }

    const Puzzle& p_;
    int n_;
    Cells g_;
    std::vector<Cells> found_;
    std::size_t cap_ = 0;
};

// ---------------------------------------------------------------------------
// The plugin, through its C descriptor.
// ---------------------------------------------------------------------------

class SatModule {
public:
    SatModule() {
        const std::string path = std::string(NUMPLACE_TEST_PLUGIN_DIR) + "/sat.so";
        handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle_ == nullptr) return;
        using Entry = const np_plugin* (*)();
        if (auto entry = reinterpret_cast<Entry>(dlsym(handle_, "numplace_plugin_entry"))) descriptor_ = entry();
    }
    ~SatModule() {
        if (handle_ != nullptr) dlclose(handle_);
    }
    const np_plugin* descriptor() const { return descriptor_; }

private:
    void* handle_ = nullptr;
    const np_plugin* descriptor_ = nullptr;
};

const np_plugin* sat_descriptor() {
    static const SatModule module;
    return module.descriptor();
}

struct Answer {
    int status = -1;
    uint64_t count = 0;
    uint32_t stop = 0;
    std::vector<Cells> witnesses;
    std::map<std::string, uint64_t> counters;
    std::string message;
};

// One solve call; a classic puzzle (boxes, no constraint) is sent without a
// variant unless `as_variant`.
Answer sat_solve(const Puzzle& p, uint64_t limit, bool as_variant = true) {
    const np_plugin* d = sat_descriptor();
    void* instance = d->create != nullptr ? d->create() : nullptr;
    const np::VariantRequest variant(p);
    np_solve_request request{};
    request.struct_size = sizeof request;
    request.geometry = p.grid.geometry.to_c();
    request.cells = p.grid.cells.data();
    request.limit = limit;
    request.variant = as_variant ? variant.get() : nullptr;
    const std::size_t size = p.grid.cells.size();
    std::vector<Cells> buffers(NP_MAX_WITNESSES, Cells(size, 0));
    np_solve_result result{};
    result.struct_size = sizeof result;
    for (uint32_t i = 0; i < NP_MAX_WITNESSES; ++i) result.witnesses[i] = buffers[i].data();
    Answer answer;
    answer.status = d->solve(instance, &request, &result);
    answer.count = result.count;
    answer.stop = result.stop;
    for (uint32_t i = 0; i < result.witness_count && i < NP_MAX_WITNESSES; ++i) answer.witnesses.push_back(buffers[i]);
    for (uint32_t i = 0; i < result.stats.counter_count; ++i)
        answer.counters[result.stats.counters[i].name] = result.stats.counters[i].value;
    answer.message = result.message;
    if (d->destroy != nullptr) d->destroy(instance);
    return answer;
}

std::string describe(const Puzzle& p) {
    std::string s = "side " + std::to_string(p.side()) + " layout " + std::to_string(static_cast<int>(p.regions)) +
                    " givens ";
    for (uint8_t v : p.grid.cells) s += static_cast<char>(v == 0 ? '.' : '0' + v);
    if (p.regions == RegionLayout::irregular) {
        s += " regions ";
        for (uint8_t r : p.region_of) s += static_cast<char>('0' + r);
    }
    for (const auto& c : p.constraints) {
        s += "\n  " + std::string(np::kind_key(c.kind)) + " cells";
        for (const auto& g : c.cells) {
            s += " [";
            for (int cell : g) s += " " + std::to_string(cell);
            s += " ]";
        }
        s += " values";
        for (int v : c.values) s += " " + std::to_string(v);
    }
    for (Kind k : p.negative) s += "\n  negative " + std::string(np::kind_key(k));
    return s;
}

// sat's exact count and witnesses against the brute force's; the count.
std::size_t expect_agrees(const Puzzle& p) {
    SCOPED_TRACE(describe(p));
    const std::vector<Cells> truth = Brute(p).solutions();
    const Answer answer = sat_solve(p, 1'000'000);
    EXPECT_EQ(answer.status, NP_OK) << answer.message;
    EXPECT_EQ(answer.stop, static_cast<uint32_t>(NP_STOP_EXHAUSTED));
    EXPECT_EQ(answer.count, truth.size());
    for (const Cells& w : answer.witnesses) {
        EXPECT_NE(std::find(truth.begin(), truth.end(), w), truth.end()) << "a witness the brute force does not find";
        if (const auto issue = np::check_variant(p, Grid(p.grid.geometry, w)))
            ADD_FAILURE() << "check_variant: " << issue->message;
    }
    return truth.size();
}

class SatVariant : public ::testing::Test {
protected:
    void SetUp() override {
        if (sat_descriptor() == nullptr)
            GTEST_SKIP() << "the sat plugin was not built (libcadical-dev absent at configure time)";
    }
};

// ---------------------------------------------------------------------------
// Puzzles drawn from a random solution grid S.
// ---------------------------------------------------------------------------

int pick(Rng& rng, int below) { return static_cast<int>(rng() % static_cast<uint64_t>(below)); }

Geometry boxes_of(int n) { return n == 4 ? Geometry{2, 2} : n == 6 ? Geometry{2, 3} : Geometry{3, 3}; }

Puzzle empty_puzzle(int n, RegionLayout layout) {
    Puzzle p;
    p.grid = Grid(layout == RegionLayout::boxes ? boxes_of(n) : Geometry{1, n});
    p.regions = layout;
    if (layout == RegionLayout::irregular) p.region_of.assign(static_cast<std::size_t>(n * n), 0);
    return p;
}

// Two filled cells break a global kind (so random grids can be drawn that
// keep it, and the draws around them are not all unsolvable).
bool global_clash(Kind kind, const Geometry& geo, int a, int b, int v, int w) {
    const int n = geo.side(), dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
    switch (kind) {
        case Kind::diagonal_positive: return v == w && a / n + a % n == n - 1 && b / n + b % n == n - 1;
        case Kind::diagonal_negative: return v == w && a / n == a % n && b / n == b % n;
        case Kind::anti_knight: return v == w && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1));
        case Kind::anti_king: return v == w && dr <= 1 && dc <= 1;
        case Kind::non_consecutive: return dr + dc == 1 && std::abs(v - w) == 1;
        case Kind::disjoint_groups: return v == w && box_position(geo, a) == box_position(geo, b);
        default: return false;
    }
}

// A random grid under the puzzle's Latin square and regions, and the global
// kinds listed.
bool random_fill(const Puzzle& p, Cells& g, int cell, Rng& rng, const std::vector<Kind>& globals = {}) {
    const int n = p.side();
    if (cell == n * n) return true;
    std::vector<int> values(static_cast<std::size_t>(n));
    std::iota(values.begin(), values.end(), 1);
    std::shuffle(values.begin(), values.end(), rng);
    for (int v : values) {
        bool ok = true;
        for (int other = 0; other < cell && ok; ++other) {
            const int w = at(g, other);
            ok = !(w == v && (other / n == cell / n || other % n == cell % n ||
                              (p.region(cell) >= 0 && p.region(other) == p.region(cell))));
            for (Kind kind : globals) ok = ok && !global_clash(kind, p.grid.geometry, other, cell, w, v);
        }
        if (!ok) continue;
        g[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(v);
        if (random_fill(p, g, cell + 1, rng, globals)) return true;
    }
    g[static_cast<std::size_t>(cell)] = 0;
    return false;
}

// A jigsaw that S fits: region k takes one cell of each digit (regions need
// not be connected), chosen by a random permutation per digit.
void random_regions_for(Puzzle& p, const Cells& s, Rng& rng) {
    const int n = p.side();
    std::vector<std::vector<int>> cells_of(static_cast<std::size_t>(n) + 1);
    for (int cell = 0; cell < n * n; ++cell) cells_of[static_cast<std::size_t>(at(s, cell))].push_back(cell);
    for (int v = 1; v <= n; ++v) {
        auto& cells = cells_of[static_cast<std::size_t>(v)];
        std::shuffle(cells.begin(), cells.end(), rng);
        for (int k = 0; k < n; ++k) p.region_of[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])] = static_cast<uint8_t>(k);
    }
}

// A puzzle of this layout and its random solution S (a jigsaw built around
// S), which keeps the global kinds listed when some grid does.
Puzzle random_base(int n, RegionLayout layout, Rng& rng, Cells& s, const std::vector<Kind>& kinds) {
    Puzzle p = empty_puzzle(n, layout);
    const Puzzle& fill = layout == RegionLayout::irregular ? empty_puzzle(n, RegionLayout::none) : p;
    s.assign(static_cast<std::size_t>(n * n), 0);
    std::vector<Kind> globals;
    for (Kind kind : kinds)
        if (np::kind_is_global(kind)) globals.push_back(kind);
    if (!random_fill(fill, s, 0, rng, globals)) random_fill(fill, s, 0, rng);
    if (layout == RegionLayout::irregular) random_regions_for(p, s, rng);
    return p;
}

void add_givens(Puzzle& p, const Cells& s, int count, Rng& rng) {
    for (int i = 0; i < count; ++i) {
        const int cell = pick(rng, p.side() * p.side());
        p.grid.cells[static_cast<std::size_t>(cell)] = s[static_cast<std::size_t>(cell)];
    }
}

std::vector<int> king_path(int n, int length, Rng& rng) {
    for (;;) {
        std::vector<int> path{pick(rng, n * n)};
        while (static_cast<int>(path.size()) < length) {
            std::vector<int> next;
            const int r = path.back() / n, c = path.back() % n;
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    const int r2 = r + dr, c2 = c + dc;
                    if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
                    if (std::find(path.begin(), path.end(), r2 * n + c2) == path.end()) next.push_back(r2 * n + c2);
                }
            if (next.empty()) break;
            path.push_back(next[static_cast<std::size_t>(pick(rng, static_cast<int>(next.size())))]);
        }
        if (static_cast<int>(path.size()) == length) return path;
    }
}

std::vector<int> random_cells(int n, int count, Rng& rng) {
    std::vector<int> all(static_cast<std::size_t>(n * n));
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), rng);
    all.resize(static_cast<std::size_t>(count));
    return all;
}

std::vector<int> adjacent_pair(int n, Rng& rng) {
    for (;;) {
        const int a = pick(rng, n * n), dir = pick(rng, 4);
        const int r = a / n + (dir == 0) - (dir == 1), c = a % n + (dir == 2) - (dir == 3);
        if (r >= 0 && r < n && c >= 0 && c < n) return {a, r * n + c};
    }
}

// A whole row or column, read from a random side; the clue one step outside
// that side.
std::vector<int> outside_line(int n, Rng& rng, std::optional<np::Clue>& clue) {
    const int index = pick(rng, n);
    const bool row = pick(rng, 2) == 0, reversed = pick(rng, 2) == 0;
    std::vector<int> cells;
    for (int i = 0; i < n; ++i) cells.push_back(row ? index * n + i : i * n + index);
    if (reversed) std::reverse(cells.begin(), cells.end());
    const int side = reversed ? n : -1;
    clue = row ? np::Clue{index, side} : np::Clue{side, index};
    return cells;
}

// A diagonal from a clue outside the grid, in one of four directions.
std::vector<int> little_killer_diagonal(int n, Rng& rng, std::optional<np::Clue>& clue) {
    for (;;) {
        const int cell = pick(rng, n * n), dr = pick(rng, 2) ? 1 : -1, dc = pick(rng, 2) ? 1 : -1;
        int r = cell / n, c = cell % n;
        if (r - dr >= 0 && r - dr < n && c - dc >= 0 && c - dc < n) continue;  // the clue must be outside
        clue = np::Clue{r - dr, c - dc};
        std::vector<int> cells;
        for (; r >= 0 && r < n && c >= 0 && c < n; r += dr, c += dc) cells.push_back(r * n + c);
        return cells;
    }
}

std::vector<int> arrow_circle(const Cells& s, int n, int sum, const std::vector<int>& line, Rng& rng) {
    std::vector<std::vector<int>> circles;
    for (int a = 0; a < n * n; ++a) {
        if (std::find(line.begin(), line.end(), a) != line.end()) continue;
        if (at(s, a) == sum) circles.push_back({a});
        for (int b = 0; b < n * n; ++b)
            if (b != a && std::find(line.begin(), line.end(), b) == line.end() && at(s, a) * 10 + at(s, b) == sum)
                circles.push_back({a, b});
    }
    if (circles.empty()) return {pick(rng, n * n)};
    return circles[static_cast<std::size_t>(pick(rng, static_cast<int>(circles.size())))];
}

Constraint propose_arrow(int n, const Cells& s, Rng& rng) {
    std::vector<int> line = king_path(n, 1 + pick(rng, pick(rng, 3) == 0 ? 6 : 3), rng);
    Constraint c{Kind::arrow, {}, {}, {}};
    c.cells.push_back(arrow_circle(s, n, sum_of(s, line), line, rng));
    c.cells.push_back(line);
    if (pick(rng, 3) == 0) c.cells.push_back(king_path(n, 1 + pick(rng, 3), rng));
    return c;
}

Constraint propose_quadruple(int n, const Cells& s, Rng& rng) {
    const int corner = pick(rng, n - 1) * n + pick(rng, n - 1);
    Constraint c{Kind::quadruple, {{corner, corner + 1, corner + n, corner + n + 1}}, {}, {}};
    std::vector<int> order{0, 1, 2, 3};
    std::shuffle(order.begin(), order.end(), rng);
    for (int i = 0, k = 1 + pick(rng, 4); i < k; ++i) c.values.push_back(at(s, c.cells[0][order[i]]));
    if (pick(rng, 4) == 0) c.values[0] = 1 + pick(rng, n);
    return c;
}

Constraint propose(Kind kind, int n, const Cells& s, Rng& rng) {
    const int cell = pick(rng, n * n);
    Constraint c{kind, {}, {}, {}};
    auto line = [&](int lo, int hi) { return king_path(n, lo + pick(rng, hi - lo + 1), rng); };
    switch (kind) {
        case Kind::extra_region: c.cells = {random_cells(n, 2 + pick(rng, n - 1), rng)}; break;
        case Kind::odd: case Kind::even: case Kind::minimum: case Kind::maximum:
        case Kind::row_indexer: case Kind::column_indexer: case Kind::box_indexer: c.cells = {{cell}}; break;
        case Kind::thermometer: c.cells = {line(2, std::min(n, 4))}; break;
        case Kind::arrow: return propose_arrow(n, s, rng);
        case Kind::killer_cage:
            c.cells = {random_cells(n, 1 + pick(rng, 4), rng)};
            if (pick(rng, 5) != 0) c.values = {sum_of(s, c.cells[0])};
            break;
        case Kind::little_killer:
            c.cells = {little_killer_diagonal(n, rng, c.clue)};
            c.values = {sum_of(s, c.cells[0]) + (pick(rng, 6) == 0)};
            break;
        case Kind::sandwich: case Kind::x_sum: case Kind::skyscraper: {
            c.cells = {outside_line(n, rng, c.clue)};
            Puzzle any = empty_puzzle(n, RegionLayout::none);
            for (int v = 0; v <= n * (n + 1) / 2; ++v) {
                c.values = {v};
                if (constraint_ok(any, s, c)) break;
            }
            break;
        }
        case Kind::xv: c.cells = {adjacent_pair(n, rng)}; c.values = {pick(rng, 2) ? 5 : 10}; break;
        case Kind::difference: c.cells = {adjacent_pair(n, rng)}; c.values = {1 + pick(rng, n - 1)}; break;
        case Kind::ratio: c.cells = {adjacent_pair(n, rng)}; c.values = {2 + pick(rng, n - 1)}; break;
        case Kind::renban: c.cells = {line(1, std::min(n, 4))}; break;
        case Kind::whispers: c.cells = {line(2, 4)}; c.values = {1 + pick(rng, std::max(1, n / 2))}; break;
        case Kind::palindrome: c.cells = {line(2, 5)}; break;
        case Kind::between_line: c.cells = {line(2, 4)}; break;
        case Kind::region_sum_line: c.cells = {line(2, 6)}; break;
        case Kind::entropic_line: c.cells = {line(2, 5)}; break;
        case Kind::clone: {
            const std::vector<int> a = line(1, 3);
            const int shift = (1 + pick(rng, n - 1)) * (pick(rng, 2) ? 1 : n);
            std::vector<int> b;
            for (int x : a) b.push_back((x + shift) % (n * n));
            c.cells = {a, b};
            break;
        }
        case Kind::quadruple: return propose_quadruple(n, s, rng);
        default: break;  // the global kinds: no cells
    }
    return c;
}

// Half the time, a minimum or maximum cell next to one already there (such
// neighbours are not compared with each other).
void maybe_beside_same_kind(Constraint& c, const Puzzle& base, Rng& rng) {
    if ((c.kind != Kind::minimum && c.kind != Kind::maximum) || pick(rng, 2) == 0) return;
    const int n = base.side();
    std::vector<int> beside;
    for (const auto& other : base.constraints)
        for (int o = 0; o < n * n; ++o)
            if (other.kind == c.kind && adjacent(n, other.cells[0][0], o)) beside.push_back(o);
    if (!beside.empty()) c.cells = {{beside[static_cast<std::size_t>(pick(rng, static_cast<int>(beside.size())))]}};
}

// A constraint of this kind that S satisfies with those already in the
// puzzle, when a few tries find one (otherwise the last try: the count may
// then be 0, which is tested too).
Constraint draw(Kind kind, const Puzzle& base, const Cells& s, Rng& rng) {
    Constraint c;
    for (int attempt = 0; attempt < 60; ++attempt) {
        c = propose(kind, base.side(), s, rng);
        maybe_beside_same_kind(c, base, rng);
        Puzzle with = base;
        with.constraints.push_back(c);
        if (constraint_ok(with, s, c)) break;
    }
    return c;
}

// A negative rule that S keeps: every adjacent pair of S that the rule
// would forbid gets a marker (a Kropki pair that is both 1:2 and
// consecutive, such as 1-2, gets a dot of either colour at random, since
// either exempts it from both rules).
void add_negative(Kind kind, Puzzle& p, const Cells& s, Rng& rng) {
    const int n = p.side();
    auto marked = [&](int a, int b, bool any_dot) {
        for (const auto& c : p.constraints)
            if ((c.kind == kind || (any_dot && c.kind != Kind::xv && (c.kind == Kind::difference || c.kind == Kind::ratio))) &&
                c.cells[0].size() == 2 && std::minmax(c.cells[0][0], c.cells[0][1]) == std::minmax(a, b))
                return true;
        return false;
    };
    for (int a = 0; a < n * n; ++a)
        for (int b = a + 1; b < n * n; ++b) {
            if (!adjacent(n, a, b)) continue;
            const int v = at(s, a), w = at(s, b);
            const bool sum = v + w == 5 || v + w == 10, next = std::abs(v - w) == 1, half = in_ratio(v, w, 2);
            if (kind == Kind::xv && sum && !marked(a, b, false)) p.constraints.push_back({Kind::xv, {{a, b}}, {v + w}, {}});
            if (kind == Kind::xv || marked(a, b, true) || !(kind == Kind::difference ? next : half)) continue;
            const bool white = next && (!half || pick(rng, 2) == 0);
            p.constraints.push_back({white ? Kind::difference : Kind::ratio, {{a, b}}, {white ? 1 : 2}, {}});
        }
    p.negative.push_back(kind);
}

bool box_only(Kind kind) { return kind == Kind::disjoint_groups || kind == Kind::box_indexer; }
bool global(Kind kind) { return np::kind_is_global(kind); }

// A random puzzle of these kinds around a random solution.
Puzzle random_puzzle(int n, RegionLayout layout, const std::vector<Kind>& kinds, int givens, Rng& rng) {
    Cells s;
    Puzzle p = random_base(n, layout, rng, s, kinds);
    for (Kind kind : kinds) {
        const int copies = global(kind) ? 1 : 1 + pick(rng, 3);
        for (int i = 0; i < copies; ++i) p.constraints.push_back(draw(kind, p, s, rng));
        if ((kind == Kind::xv || kind == Kind::difference || kind == Kind::ratio) && pick(rng, 2) == 0)
            add_negative(kind, p, s, rng);
    }
    add_givens(p, s, givens, rng);
    return p;
}

// ---------------------------------------------------------------------------
// The tests.
// ---------------------------------------------------------------------------

const RegionLayout kLayouts[] = {RegionLayout::boxes, RegionLayout::none, RegionLayout::irregular};

TEST_F(SatVariant, DeclaresEveryKindAndBothLayouts) {
    const np_plugin* d = sat_descriptor();
    ASSERT_TRUE(NP_HAS(np_plugin, d, region_layouts));
    EXPECT_EQ(d->kinds, (uint64_t{1} << NP_KIND_COUNT) - 1);
    EXPECT_EQ(d->region_layouts, NP_REGIONS_BIT(NP_REGIONS_IRREGULAR) | NP_REGIONS_BIT(NP_REGIONS_NONE));
}

// Each kind on its own (1 to 3 constraints), on random puzzles of every
// layout it allows: 4x4 with 0 to 3 givens (entropic lines need N % 3 == 0,
// so not on 4x4), and 6x6 with givens enough for the brute force (where
// anti-king and non-consecutive grids exist; on 4x4 they have none).
class EachKind : public SatVariant, public ::testing::WithParamInterface<int> {};

TEST_P(EachKind, CountsAgreeWithBruteForce) {
    const Kind kind = static_cast<Kind>(GetParam());
    Rng rng(1000 + static_cast<uint64_t>(GetParam()));
    std::map<std::size_t, int> counts;  // how many puzzles had each count
    for (RegionLayout layout : kLayouts) {
        if (box_only(kind) && layout != RegionLayout::boxes) continue;
        for (int round = 0; kind != Kind::entropic_line && round < 20; ++round)
            ++counts[expect_agrees(random_puzzle(4, layout, {kind}, pick(rng, 4), rng))];
        for (int round = 0; round < 8; ++round)
            ++counts[expect_agrees(random_puzzle(6, layout, {kind}, layout == RegionLayout::none ? 18 : 14, rng))];
    }
    // The draws are not all degenerate: some puzzles have several solutions,
    // so the constraint had to cut the brute force's grids, not empty them.
    EXPECT_GT(counts.size(), 2u) << "too few different counts to tell";
    EXPECT_GE(counts.rbegin()->first, 2u);
}

// "k02_diagonal": the kind's number and its f-puzzles key, letters only.
std::string kind_test_name(const ::testing::TestParamInfo<int>& info) {
    std::string name = (info.param < 10 ? "k0" : "k") + std::to_string(info.param) + "_";
    for (char ch : np::kind_key(static_cast<Kind>(info.param)))
        if (std::isalnum(static_cast<unsigned char>(ch))) name += ch;
    return name;
}

INSTANTIATE_TEST_SUITE_P(Kinds, EachKind, ::testing::Range(0, static_cast<int>(NP_KIND_COUNT)), kind_test_name);

// Several kinds together, every layout.
TEST_F(SatVariant, MixedKindsAgreeWithBruteForceOn4x4) {
    Rng rng(77);
    for (int round = 0; round < 60; ++round) {
        const RegionLayout layout = kLayouts[round % 3];
        std::vector<Kind> kinds;
        for (int i = 0, k = 2 + pick(rng, 3); i < k; ++i) {
            const Kind kind = static_cast<Kind>(pick(rng, static_cast<int>(NP_KIND_COUNT)));
            if (kind == Kind::entropic_line || (box_only(kind) && layout != RegionLayout::boxes)) continue;
            kinds.push_back(kind);
        }
        expect_agrees(random_puzzle(4, layout, kinds, pick(rng, 3), rng));
    }
}

// 6x6 jigsaws (regions need not be connected) and grids with no regions,
// with a few kinds each and givens enough for the brute force.
TEST_F(SatVariant, JigsawAndNoRegions6x6) {
    Rng rng(66);
    for (int round = 0; round < 24; ++round) {
        const RegionLayout layout = round % 2 == 0 ? RegionLayout::irregular : RegionLayout::none;
        std::vector<Kind> kinds;
        for (int i = 0, k = 1 + pick(rng, 3); i < k; ++i) {
            const Kind kind = static_cast<Kind>(pick(rng, static_cast<int>(NP_KIND_COUNT)));
            if (!box_only(kind)) kinds.push_back(kind);
        }
        expect_agrees(random_puzzle(6, layout, kinds, layout == RegionLayout::none ? 20 : 16, rng));
    }
}

// A plain jigsaw and a plain grid without regions: only the Latin square
// (and the jigsaw's regions) with givens.
TEST_F(SatVariant, PlainJigsawAndLatinSquare) {
    Rng rng(6);
    for (RegionLayout layout : {RegionLayout::irregular, RegionLayout::none}) {
        for (int round = 0; round < 4; ++round) expect_agrees(random_puzzle(6, layout, {}, 18, rng));
        expect_agrees(random_puzzle(4, layout, {}, 0, rng));  // all 4x4 Latin squares (jigsaw: those it allows)
    }
}

// A known 9x9 solution (Wikipedia's "Sudoku" article).
const char* const kSolution9 =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

Puzzle known_9x9(Cells& s) {
    Puzzle p = empty_puzzle(9, RegionLayout::boxes);
    s.clear();
    for (const char* ch = kSolution9; *ch != 0; ++ch) s.push_back(static_cast<uint8_t>(*ch - '0'));
    return p;
}

// Cages covering the grid: each grown from a free cell through free
// orthogonal neighbours with digits not yet in it, 1 to 4 cells.
std::vector<Constraint> cages_of(const Cells& s, Rng& rng) {
    std::vector<bool> used(81, false);
    std::vector<Constraint> cages;
    for (int start = 0; start < 81; ++start) {
        if (used[static_cast<std::size_t>(start)]) continue;
        std::vector<int> cage{start};
        used[static_cast<std::size_t>(start)] = true;
        for (int want = 1 + pick(rng, 4); static_cast<int>(cage.size()) < want;) {
            std::vector<int> next;
            for (int c : cage)
                for (int o = 0; o < 81; ++o)
                    if (!used[static_cast<std::size_t>(o)] && adjacent(9, c, o)) {
                        std::vector<int> with = cage;
                        with.push_back(o);
                        if (all_distinct(s, with)) next.push_back(o);
                    }
            if (next.empty()) break;
            const int o = next[static_cast<std::size_t>(pick(rng, static_cast<int>(next.size())))];
            used[static_cast<std::size_t>(o)] = true;
            cage.push_back(o);
        }
        cages.push_back({Kind::killer_cage, {cage}, {sum_of(s, cage)}, {}});
    }
    return cages;
}

// With no givens: sat's answer is a solution (this file's checker says so)
// and, when it says unique, the known one. With 36 givens: the brute
// force's count.
void expect_9x9(Puzzle p, const Cells& s, Rng& rng) {
    {
        SCOPED_TRACE(describe(p));
        const Answer answer = sat_solve(p, 2);
        ASSERT_EQ(answer.status, NP_OK) << answer.message;
        ASSERT_GE(answer.count, 1u);
        for (const Cells& w : answer.witnesses) EXPECT_TRUE(satisfies(p, w));
        if (answer.count == 1) {
            EXPECT_EQ(answer.witnesses[0], s);
        }
    }
    add_givens(p, s, 45, rng);
    expect_agrees(p);
}

TEST_F(SatVariant, Killer9x9FromAKnownSolution) {
    Rng rng(9);
    for (int round = 0; round < 3; ++round) {
        Cells s;
        Puzzle p = known_9x9(s);
        p.constraints = cages_of(s, rng);
        expect_9x9(p, s, rng);
    }
}

TEST_F(SatVariant, Thermo9x9FromAKnownSolution) {
    Rng rng(10);
    for (int round = 0; round < 3; ++round) {
        Cells s;
        Puzzle p = known_9x9(s);
        for (int i = 0; i < 14; ++i) p.constraints.push_back(draw(Kind::thermometer, p, s, rng));
        expect_9x9(p, s, rng);
    }
}

TEST_F(SatVariant, Outside9x9FromAKnownSolution) {
    Rng rng(11);
    Cells s;
    Puzzle p = known_9x9(s);
    for (Kind kind : {Kind::sandwich, Kind::x_sum, Kind::skyscraper, Kind::little_killer, Kind::arrow})
        for (int i = 0; i < 4; ++i) p.constraints.push_back(draw(kind, p, s, rng));
    expect_9x9(p, s, rng);
}

// Without a variant the formula is the classic one, clause for clause in
// number (729 variables, 11,988 clauses and the givens on 9x9); a variant
// with boxes and no constraint gives the same formula and answer.
TEST_F(SatVariant, ClassicFormulaUnchanged) {
    Cells s;
    Puzzle p = known_9x9(s);
    Rng rng(12);
    add_givens(p, s, 30, rng);
    const uint64_t givens = static_cast<uint64_t>(p.grid.given_count());
    const Answer classic = sat_solve(p, 2, false), variant = sat_solve(p, 2, true);
    ASSERT_EQ(classic.status, NP_OK) << classic.message;
    EXPECT_EQ(classic.counters.at("variables"), 729u);
    EXPECT_EQ(classic.counters.at("clauses"), 11988u + givens + 1);  // and one blocking clause
    EXPECT_EQ(variant.counters.at("variables"), 729u);
    EXPECT_EQ(variant.counters.at("clauses"), classic.counters.at("clauses"));
    EXPECT_EQ(variant.count, classic.count);
}

}  // namespace
