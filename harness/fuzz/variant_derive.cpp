// Constraints derived from a solution grid (variant_draw.hpp): for each
// kind, one that the grid satisfies, read off the grid (a cage's sum is its
// cells' sum, a thermometer follows increasing digits, a dot sits where its
// relation holds). Whatever is derived here is certified afterwards by the
// host's check_variant: a slip in this file drops a constraint, it never
// makes a wrong truth.
#include <algorithm>
#include <functional>
#include <numeric>

#include "fuzz/variant_draw.hpp"

namespace np::fuzz {

namespace {

using Cells = std::vector<int>;

// The grid being read: its side, digits and a random source.
struct Board {
    const Puzzle& puzzle;
    const Grid& s;
    Rng& rng;
    int n() const { return s.side(); }
    int d(int cell) const { return s.cells[static_cast<std::size_t>(cell)]; }
    int any_cell() { return static_cast<int>(rng.below(static_cast<uint64_t>(n() * n()))); }
    int between(int lo, int hi) { return lo + static_cast<int>(rng.below(static_cast<uint64_t>(hi - lo + 1))); }
    // The cells a king's (or, orthogonal, a rook's single) step from `cell`.
    Cells neighbours(int cell, bool diagonal) const {
        Cells out;
        const int r = cell / n(), c = cell % n();
        for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc) {
                if ((dr == 0 && dc == 0) || (!diagonal && dr != 0 && dc != 0)) continue;
                if (r + dr >= 0 && r + dr < n() && c + dc >= 0 && c + dc < n()) out.push_back((r + dr) * n() + c + dc);
            }
        return out;
    }
};

// A line of king steps from `start`, each next cell one `fits` accepts,
// up to `length` cells; stops early where no neighbour fits.
Cells walk(Board& b, int start, int length, const std::function<bool(const Cells&, int)>& fits, bool diagonal = true) {
    Cells line{start};
    while (static_cast<int>(line.size()) < length) {
        Cells next;
        for (int c : b.neighbours(line.back(), diagonal))
            if (std::find(line.begin(), line.end(), c) == line.end() && fits(line, c)) next.push_back(c);
        if (next.empty()) break;
        line.push_back(next[b.rng.below(next.size())]);
    }
    return line;
}

// Up to `tries` random lines of 2..max_length cells, the first that `good`
// accepts.
std::optional<Cells> find_line(Board& b, int max_length, int tries, const std::function<bool(const Cells&)>& good) {
    for (int t = 0; t < tries; ++t) {
        const Cells line = walk(b, b.any_cell(), b.between(2, max_length), [](const Cells&, int) { return true; });
        if (line.size() >= 2 && good(line)) return line;
    }
    return std::nullopt;
}

Constraint one(Kind k, Cells cells, std::vector<int> values = {}) { return Constraint{k, {std::move(cells)}, std::move(values), {}}; }

int sum(const Board& b, const Cells& cells) {
    return std::accumulate(cells.begin(), cells.end(), 0, [&](int s, int c) { return s + b.d(c); });
}

// ---- single cells and groups --------------------------------------------------

std::optional<Constraint> extra_region(Board& b) {
    Cells all(static_cast<std::size_t>(b.n() * b.n()));
    std::iota(all.begin(), all.end(), 0);
    b.rng.shuffle(all.begin(), all.end());
    const int size = b.between(2, b.n());
    Cells region;
    uint64_t seen = 0;
    for (int c : all)
        if (static_cast<int>(region.size()) < size && !(seen >> b.d(c) & 1)) region.push_back(c), seen |= uint64_t{1} << b.d(c);
    return one(Kind::extra_region, region);
}

// A random cell among those `fits` accepts.
std::optional<int> pick_cell(Board& b, const std::function<bool(int)>& fits) {
    Cells ok;
    for (int c = 0; c < b.n() * b.n(); ++c)
        if (fits(c)) ok.push_back(c);
    if (ok.empty()) return std::nullopt;
    return ok[b.rng.below(ok.size())];
}

std::optional<Constraint> single(Board& b, Kind k) {
    const auto fits = [&](int c) {
        const Cells around = b.neighbours(c, false);
        switch (k) {
        case Kind::odd: return b.d(c) % 2 == 1;
        case Kind::even: return b.d(c) % 2 == 0;
        case Kind::minimum: return std::all_of(around.begin(), around.end(), [&](int o) { return b.d(o) > b.d(c); });
        default: return std::all_of(around.begin(), around.end(), [&](int o) { return b.d(o) < b.d(c); });
        }
    };
    const auto cell = pick_cell(b, fits);
    if (!cell) return std::nullopt;
    return one(k, {*cell});
}

// An indexer's cell: one whose digit points at the cell holding its index.
std::optional<Constraint> indexer(Board& b, Kind k) {
    const int n = b.n();
    const Geometry g = b.puzzle.grid.geometry;
    const auto fits = [&](int cell) {
        const int r = cell / n, c = cell % n, d = b.d(cell);
        if (k == Kind::row_indexer) return b.d((d - 1) * n + c) == r + 1;
        if (k == Kind::column_indexer) return b.d(r * n + d - 1) == c + 1;
        const int top = r / g.box_rows * g.box_rows, left = c / g.box_cols * g.box_cols;
        const int p = (r - top) * g.box_cols + (c - left);
        return b.d((top + (d - 1) / g.box_cols) * n + left + (d - 1) % g.box_cols) == p + 1;
    };
    const auto cell = pick_cell(b, fits);
    if (!cell) return std::nullopt;
    return one(k, {*cell});
}

// A cage grown orthogonally from a cell over different digits.
std::optional<Constraint> killer_cage(Board& b) {
    const Cells cage = walk(b, b.any_cell(), b.between(2, std::min(b.n(), 5)), [&](const Cells& line, int c) {
        return std::none_of(line.begin(), line.end(), [&](int o) { return b.d(o) == b.d(c); });
    }, false);
    if (cage.size() < 2) return std::nullopt;
    if (b.rng.below(4) == 0) return one(Kind::killer_cage, cage);  // a cage without a sum
    return one(Kind::killer_cage, cage, {sum(b, cage)});
}

std::optional<Constraint> quadruple(Board& b) {
    const int r = b.between(0, b.n() - 2), c = b.between(0, b.n() - 2), n = b.n();
    Cells cells = {r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1};
    std::vector<int> digits;
    for (int cell : cells) digits.push_back(b.d(cell));
    b.rng.shuffle(digits.begin(), digits.end());
    digits.resize(static_cast<std::size_t>(b.between(1, 4)));
    std::sort(digits.begin(), digits.end());
    return one(Kind::quadruple, cells, digits);
}

// Two groups of the same shape, one a translation of the other, holding
// the same digits.
std::optional<Constraint> clone(Board& b) {
    const int n = b.n();
    for (int t = 0; t < 300; ++t) {
        const Cells a = walk(b, b.any_cell(), b.between(1, 3), [](const Cells&, int) { return true; }, false);
        const int dr = b.between(-(n - 1), n - 1), dc = b.between(-(n - 1), n - 1);
        Cells other;
        for (int c : a) {
            const int r2 = c / n + dr, c2 = c % n + dc;
            if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || b.d(r2 * n + c2) != b.d(c)) break;
            if (std::find(a.begin(), a.end(), r2 * n + c2) != a.end()) break;
            other.push_back(r2 * n + c2);
        }
        if (other.size() == a.size()) return Constraint{Kind::clone, {a, other}, {}, {}};
    }
    return std::nullopt;
}

// ---- lines ----------------------------------------------------------------------

// A thermometer along increasing digits, or a renban line over a run of
// consecutive digits, grown step by step.
std::optional<Constraint> grown_line(Board& b, Kind k) {
    const int length = b.between(2, std::min(b.n(), 5));
    const Cells line = walk(b, b.any_cell(), length, [&](const Cells& l, int c) {
        if (k == Kind::thermometer) return b.d(c) > b.d(l.back());
        int lo = b.n(), hi = 0;
        for (int o : l) lo = std::min(lo, b.d(o)), hi = std::max(hi, b.d(o));
        return b.d(c) == lo - 1 || b.d(c) == hi + 1;
    });
    if (line.size() < 2) return std::nullopt;
    return one(k, line);
}

// German whispers: every step differs by at least a drawn threshold.
std::optional<Constraint> whispers(Board& b) {
    const int least = b.between(1, std::max(1, b.n() / 2));
    const Cells line = walk(b, b.any_cell(), b.between(2, 6), [&](const Cells& l, int c) {
        return std::abs(b.d(c) - b.d(l.back())) >= least;
    });
    if (line.size() < 2) return std::nullopt;
    return one(Kind::whispers, line, {least});
}

// Entropic: any three in a row hold a low, a middle and a high digit.
std::optional<Constraint> entropic(Board& b) {
    const int third = b.n() / 3;
    const auto part = [&](int c) { return (b.d(c) - 1) / third; };
    const Cells line = walk(b, b.any_cell(), b.between(3, 6), [&](const Cells& l, int c) {
        for (std::size_t i = l.size() >= 2 ? l.size() - 2 : 0; i < l.size(); ++i)
            if (part(l[i]) == part(c)) return false;
        return true;
    });
    if (line.size() < 2) return std::nullopt;
    return one(Kind::entropic_line, line);
}

// An arrow: a circle cell and a line from one of its neighbours whose
// digits add up to the circle's.
std::optional<Constraint> arrow(Board& b) {
    for (int t = 0; t < 50; ++t) {
        const int circle = b.any_cell();
        const Cells start = b.neighbours(circle, true);
        const int first = start[b.rng.below(start.size())];
        int total = b.d(first);
        Cells line = walk(b, first, b.n(), [&](const Cells&, int c) {
            if (c == circle || total >= b.d(circle) || total + b.d(c) > b.d(circle)) return false;
            return total += b.d(c), true;
        });
        if (total == b.d(circle)) return Constraint{Kind::arrow, {{circle}, line}, {}, {}};
    }
    return std::nullopt;
}

// A region sum line: two or more segments of one sum (any line when the
// grid has no regions: one segment is always true).
std::optional<Constraint> region_sum_line(Board& b) {
    const Puzzle& p = b.puzzle;
    const auto good = [&](const Cells& line) {
        if (p.regions == RegionLayout::none) return true;
        std::vector<int> sums{0};
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (i > 0 && p.region(line[i]) != p.region(line[i - 1])) sums.push_back(0);
            sums.back() += b.d(line[i]);
        }
        return sums.size() >= 2 && std::all_of(sums.begin(), sums.end(), [&](int s) { return s == sums[0]; });
    };
    const auto line = find_line(b, 6, 400, good);
    if (!line) return std::nullopt;
    return one(Kind::region_sum_line, *line);
}

std::optional<Constraint> tested_line(Board& b, Kind k) {
    const auto good = [&](const Cells& l) {
        if (k == Kind::palindrome) {
            for (std::size_t i = 0; i < l.size(); ++i)
                if (b.d(l[i]) != b.d(l[l.size() - 1 - i])) return false;
            return true;
        }
        const int lo = std::min(b.d(l.front()), b.d(l.back())), hi = std::max(b.d(l.front()), b.d(l.back()));
        if (l.size() < 3) return false;  // a line of two always holds: worth nothing
        for (std::size_t i = 1; i + 1 < l.size(); ++i)
            if (b.d(l[i]) <= lo || b.d(l[i]) >= hi) return false;
        return true;
    };
    const auto line = find_line(b, 5, 600, good);
    if (!line) return std::nullopt;
    return one(k, *line);
}

// ---- pairs: XV and Kropki dots --------------------------------------------------

bool relation(Kind k, int a, int b, int value) {
    if (k == Kind::xv) return a + b == value;
    if (k == Kind::difference) return std::abs(a - b) == value;
    return a == value * b || b == value * a;
}

// The adjacent pairs, each once.
std::vector<std::pair<int, int>> pairs(const Board& b) {
    std::vector<std::pair<int, int>> out;
    for (int c = 0; c < b.n() * b.n(); ++c) {
        if (c % b.n() + 1 < b.n()) out.emplace_back(c, c + 1);
        if (c + b.n() < b.n() * b.n()) out.emplace_back(c, c + b.n());
    }
    return out;
}

// One marker where the relation holds; or (one time in three, when the
// kind's negative rule is not on yet) every marker of the plain value —
// V and X, white dots of 1, black dots of 2 — and the negative rule.
bool pair_kind(Board& b, Kind k, Puzzle& puzzle) {
    const bool all = b.rng.below(3) == 0 && !puzzle.has_negative(k);
    std::vector<Constraint> found;
    for (auto [x, y] : pairs(b)) {
        const int dx = b.d(x), dy = b.d(y);
        if (all) {
            for (int v : k == Kind::xv ? std::vector<int>{5, 10} : std::vector<int>{k == Kind::ratio ? 2 : 1})
                if (relation(k, dx, dy, v)) found.push_back(one(k, {x, y}, {v}));
            continue;
        }
        if (k == Kind::xv && (dx + dy == 5 || dx + dy == 10)) found.push_back(one(k, {x, y}, {dx + dy}));
        if (k == Kind::difference) found.push_back(one(k, {x, y}, {std::abs(dx - dy)}));
        if (k == Kind::ratio && (std::max(dx, dy) % std::min(dx, dy) == 0))
            found.push_back(one(k, {x, y}, {std::max(dx, dy) / std::min(dx, dy)}));
    }
    if (all) {
        puzzle.constraints.insert(puzzle.constraints.end(), found.begin(), found.end());
        puzzle.negative.push_back(k);
        return true;
    }
    if (found.empty()) return false;
    puzzle.constraints.push_back(found[b.rng.below(found.size())]);
    return true;
}

// ---- outside clues --------------------------------------------------------------

// A row or column read from a clue on a random side: the clue and its cells.
std::pair<Clue, Cells> from_a_side(Board& b) {
    const int n = b.n(), i = b.between(0, n - 1), side = b.between(0, 3);
    Cells cells;
    for (int k = 0; k < n; ++k) {
        const int j = side % 2 == 0 ? k : n - 1 - k;  // sides 1 and 3 read backwards
        cells.push_back(side < 2 ? i * n + j : j * n + i);
    }
    const Clue clue = side == 0 ? Clue{i, -1} : side == 1 ? Clue{i, n} : side == 2 ? Clue{-1, i} : Clue{n, i};
    return {clue, cells};
}

int outside_value(const Board& b, Kind k, const Cells& cells) {
    if (k == Kind::sandwich) {
        int one_at = 0, n_at = 0;
        for (int i = 0; i < b.n(); ++i) {
            if (b.d(cells[static_cast<std::size_t>(i)]) == 1) one_at = i;
            if (b.d(cells[static_cast<std::size_t>(i)]) == b.n()) n_at = i;
        }
        int s = 0;
        for (int i = std::min(one_at, n_at) + 1; i < std::max(one_at, n_at); ++i) s += b.d(cells[static_cast<std::size_t>(i)]);
        return s;
    }
    if (k == Kind::x_sum) return sum(b, Cells(cells.begin(), cells.begin() + b.d(cells[0])));
    int seen = 0, highest = 0;
    for (int c : cells)
        if (b.d(c) > highest) highest = b.d(c), ++seen;
    return seen;
}

std::optional<Constraint> outside(Board& b, Kind k) {
    auto [clue, cells] = from_a_side(b);
    Constraint c = one(k, cells, {outside_value(b, k, cells)});
    c.clue = clue;
    return c;
}

// A little killer: a diagonal from a clue in the ring around the grid.
std::optional<Constraint> little_killer(Board& b) {
    const int n = b.n();
    for (int t = 0; t < 50; ++t) {
        const int dr = b.rng.below(2) ? 1 : -1, dc = b.rng.below(2) ? 1 : -1;
        const int along = b.between(-1, n), edge = b.rng.below(2) ? (dr > 0 ? -1 : n) : -2;
        const Clue clue = edge != -2 ? Clue{edge, along} : Clue{along, dc > 0 ? -1 : n};
        Cells cells;
        for (int r = clue.row + dr, c = clue.column + dc; r >= 0 && r < n && c >= 0 && c < n; r += dr, c += dc)
            cells.push_back(r * n + c);
        if (cells.empty()) continue;
        Constraint lk = one(Kind::little_killer, cells, {sum(b, cells)});
        lk.clue = clue;
        return lk;
    }
    return std::nullopt;
}

std::optional<Constraint> local(Board& b, Kind k) {
    switch (k) {
    case Kind::extra_region: return extra_region(b);
    case Kind::odd: case Kind::even: case Kind::minimum: case Kind::maximum: return single(b, k);
    case Kind::row_indexer: case Kind::column_indexer: case Kind::box_indexer: return indexer(b, k);
    case Kind::killer_cage: return killer_cage(b);
    case Kind::quadruple: return quadruple(b);
    case Kind::clone: return clone(b);
    case Kind::thermometer: case Kind::renban: return grown_line(b, k);
    case Kind::whispers: return whispers(b);
    case Kind::entropic_line: return entropic(b);
    case Kind::arrow: return arrow(b);
    case Kind::region_sum_line: return region_sum_line(b);
    case Kind::palindrome: case Kind::between_line: return tested_line(b, k);
    case Kind::little_killer: return little_killer(b);
    case Kind::sandwich: case Kind::x_sum: case Kind::skyscraper: return outside(b, k);
    default: return std::nullopt;
    }
}

}  // namespace

bool derive_constraint(Kind kind, Puzzle& puzzle, const Grid& solution, Rng& rng) {
    Board b{puzzle, solution, rng};
    Puzzle trial = puzzle;
    if (kind_is_global(kind)) {
        if (std::any_of(puzzle.constraints.begin(), puzzle.constraints.end(), [&](const Constraint& c) { return c.kind == kind; }))
            return false;
        trial.constraints.push_back(Constraint{kind, {}, {}, {}});
    } else if (kind == Kind::xv || kind == Kind::difference || kind == Kind::ratio) {
        if (!pair_kind(b, kind, trial)) return false;
    } else if (auto c = local(b, kind)) {
        trial.constraints.push_back(std::move(*c));
    } else {
        return false;
    }
    // The host's word: what was derived must hold on the grid (and be well formed).
    if (check_variant(trial, solution)) return false;
    puzzle = std::move(trial);
    return true;
}

}  // namespace np::fuzz
