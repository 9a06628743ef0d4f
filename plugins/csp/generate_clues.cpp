// csp: the constraints of a generated puzzle, read off its full solution
// (generate.hpp) - killer cages, thermometers, arrows, Kropki dots, XV
// markers and sandwich sums - so that each holds by construction. Layouts
// as docs/variants.md gives them; all randomness from the np::Rng passed in.
#include <algorithm>
#include <cstdlib>

#include "generate.hpp"

namespace csp::gen {
namespace {

int sum_of(const Cells& cells, const Grid& solution) {
    int s = 0;
    for (int c : cells) s += solution[c];
    return s;
}

bool holds_digit(const Cells& cells, const Grid& solution, int digit) {
    for (int c : cells)
        if (solution[c] == digit) return true;
    return false;
}

bool contains(const Cells& cells, int cell) { return std::find(cells.begin(), cells.end(), cell) != cells.end(); }

Cells all_cells(int n) {
    Cells out(static_cast<std::size_t>(n) * n);
    for (int c = 0; c < n * n; ++c) out[c] = c;
    return out;
}

// A cage's size: 2..4 mostly, 5 now and then, a single cell rarely.
int cage_size(np::Rng& rng) {
    static const int weights[] = {1, 6, 8, 6, 3};  // sizes 1..5
    int pick = static_cast<int>(rng.below(24));
    for (int size = 1;; ++size) {
        pick -= weights[size - 1];
        if (pick < 0) return size;
    }
}

// Grows a cage from `start` by random free orthogonal neighbours whose digits
// it does not hold yet, up to `size` cells or until none is left.
Cells grow_cage(int start, int size, std::vector<int>& cage_of, int id, const Grid& solution, int n,
                np::Rng& rng) {
    Cells cage{start};
    cage_of[start] = id;
    while (static_cast<int>(cage.size()) < size) {
        Cells options;
        for (int c : cage)
            for (int nb : orthogonal(c, n))
                if (cage_of[nb] < 0 && !holds_digit(cage, solution, solution[nb]) && !contains(options, nb))
                    options.push_back(nb);
        if (options.empty()) break;
        const int pick = options[rng.below(options.size())];
        cage.push_back(pick), cage_of[pick] = id;
    }
    return cage;
}

// A cage of one cell that wanted more joins a neighbouring cage of fewer than
// five cells without its digit, so that singles stay rare.
void merge_single(std::vector<Cells>& cages, std::vector<int>& cage_of, int id, const Grid& solution, int n) {
    const int cell = cages[id][0];
    for (int nb : orthogonal(cell, n)) {
        Cells& other = cages[cage_of[nb]];
        if (other.size() >= 5 || holds_digit(other, solution, solution[cell])) continue;
        other.push_back(cell), cage_of[cell] = cage_of[nb];
        cages[id].clear();
        return;
    }
}

void add_cage(Model& m, Cells cage, const Grid& solution) {
    std::sort(cage.begin(), cage.end());
    const int sum = sum_of(cage, solution);
    m.rules.push_back({Kind::killer_cage, {std::move(cage)}, {sum}});
}

// Every path of 2..3 free cells, each a king's step from the one before and
// the first a king's step from the circle, whose digits add up to the circle's.
void arrow_lines(int circle, Cells& path, const std::vector<uint8_t>& used, const Grid& solution, int n,
                 std::vector<Cells>& out) {
    const int sum = sum_of(path, solution), target = solution[circle];
    if (path.size() >= 2 && sum == target) out.push_back(path);
    if (path.size() == 3 || sum >= target) return;
    for (int nb : kings(path.empty() ? circle : path.back(), n)) {
        if (used[nb] || nb == circle || contains(path, nb)) continue;
        path.push_back(nb);
        arrow_lines(circle, path, used, solution, n, out);
        path.pop_back();
    }
}

// A cell next to no cell of the path but its last: the line neither folds
// back on itself nor crosses itself, and reads as one line.
bool clear_of_path(int cell, const Cells& path, int n) {
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
        if (path[i] == cell || contains(kings(path[i], n), cell)) return false;
    return true;
}

// The next cell of a thermometer: a free king's-step neighbour with a higher
// digit, clear of the path; half the time the lowest such (long
// thermometers climb slowly).
int thermometer_step(const Cells& path, const std::vector<uint8_t>& used, const Grid& solution, int n,
                     np::Rng& rng) {
    Cells next;
    for (int nb : kings(path.back(), n))
        if (!used[nb] && clear_of_path(nb, path, n) && solution[nb] > solution[path.back()]) next.push_back(nb);
    if (next.empty()) return -1;
    if (rng.below(2)) return next[rng.below(next.size())];
    int best = next[0];
    for (int c : next)
        if (solution[c] < solution[best]) best = c;
    return best;
}

// Each orthogonally adjacent pair once (right, then down), row-major.
template <class Visit>
void each_adjacent_pair(int n, Visit visit) {
    for (int c = 0; c < n * n; ++c) {
        if (c % n + 1 < n) visit(c, c + 1);
        if (c / n + 1 < n) visit(c, c + n);
    }
}

}  // namespace

void add_cages(Model& m, const Grid& solution, np::Rng& rng) {
    const int n = m.side;
    std::vector<int> cage_of(static_cast<std::size_t>(n) * n, -1), wanted;
    std::vector<Cells> cages;
    Cells order = all_cells(n);
    rng.shuffle(order.begin(), order.end());
    for (int start : order) {
        if (cage_of[start] >= 0) continue;
        wanted.push_back(cage_size(rng));
        cages.push_back(grow_cage(start, wanted.back(), cage_of, static_cast<int>(cages.size()), solution, n, rng));
    }
    for (std::size_t id = 0; id < cages.size(); ++id)
        if (cages[id].size() == 1 && wanted[id] > 1) merge_single(cages, cage_of, static_cast<int>(id), solution, n);
    for (const Cells& cage : cages)
        if (!cage.empty()) add_cage(m, cage, solution);
}

bool split_cage(Model& m, int cell, const Grid& solution, np::Rng& rng) {
    const int n = m.side;
    auto it = std::find_if(m.rules.begin(), m.rules.end(), [cell](const Rule& r) {
        return r.kind == Kind::killer_cage && contains(r.groups[0], cell);
    });
    if (it == m.rules.end()) return false;
    const Cells cage = it->groups[0];
    const int size = static_cast<int>(cage.size());
    if (size < 2 || size > 16) return false;
    // Every split into two connected parts, the one with `cell` as even as can be.
    std::vector<std::pair<Cells, Cells>> best;
    int best_gap = size + 1;
    for (uint32_t mask = 1; mask + 1 < (1u << size); ++mask) {
        Cells part, rest;
        for (int i = 0; i < size; ++i) (mask >> i & 1 ? part : rest).push_back(cage[i]);
        if (!contains(part, cell) || !connected(part, n) || !connected(rest, n)) continue;
        const int gap = std::abs(2 * static_cast<int>(part.size()) - size);
        if (gap < best_gap) best.clear(), best_gap = gap;
        if (gap == best_gap) best.emplace_back(part, rest);
    }
    if (best.empty()) return false;
    const auto& [part, rest] = best[rng.below(best.size())];
    m.rules.erase(it);
    add_cage(m, part, solution), add_cage(m, rest, solution);
    return true;
}

// About N/2 + 1 thermometers of 3..N cells on cells of their own.
void add_thermometers(Model& m, const Grid& solution, np::Rng& rng) {
    const int n = m.side, wanted = n / 2 + 1;
    std::vector<uint8_t> used(static_cast<std::size_t>(n) * n, 0);
    int made = 0;
    for (int tries = 0; tries < 50 * wanted && made < wanted; ++tries) {
        const int start = static_cast<int>(rng.below(static_cast<uint64_t>(n) * n));
        if (used[start]) continue;
        const int length = 3 + static_cast<int>(rng.below(static_cast<uint64_t>(n) - 2));
        Cells path{start};
        while (static_cast<int>(path.size()) < length) {
            const int next = thermometer_step(path, used, solution, n, rng);
            if (next < 0) break;
            path.push_back(next);
        }
        if (path.size() < 3) continue;
        for (int c : path) used[c] = 1;
        m.rules.push_back({Kind::thermometer, {path}, {}});
        ++made;
    }
}

// About N/2 + 1 arrows: a circle and a line of 2..3 cells, on cells of their own.
void add_arrows(Model& m, const Grid& solution, np::Rng& rng) {
    const int n = m.side, wanted = n / 2 + 1;
    std::vector<uint8_t> used(static_cast<std::size_t>(n) * n, 0);
    int made = 0;
    for (int tries = 0; tries < 50 * wanted && made < wanted; ++tries) {
        const int circle = static_cast<int>(rng.below(static_cast<uint64_t>(n) * n));
        if (used[circle] || solution[circle] < 3) continue;
        std::vector<Cells> lines;
        Cells path;
        arrow_lines(circle, path, used, solution, n, lines);
        if (lines.empty()) continue;
        const Cells& line = lines[rng.below(lines.size())];
        used[circle] = 1;
        for (int c : line) used[c] = 1;
        m.rules.push_back({Kind::arrow, {{circle}, line}, {}});
        ++made;
    }
}

// Half the pairs that qualify get their dot: white (difference 1) or black
// (ratio 2); a pair 1-2, which is both, one of them at random.
void add_kropki(Model& m, const Grid& solution, np::Rng& rng) {
    each_adjacent_pair(m.side, [&](int a, int b) {
        const int x = solution[a], y = solution[b];
        const bool white = std::abs(x - y) == 1, black = x == 2 * y || y == 2 * x;
        if ((!white && !black) || rng.below(2)) return;
        const bool as_white = white && (!black || rng.below(2));
        m.rules.push_back({as_white ? Kind::difference : Kind::ratio, {{a, b}}, {as_white ? 1 : 2}});
    });
}

// Two pairs in three of those adding up to 5 (V) or 10 (X) get their marker.
void add_xv(Model& m, const Grid& solution, np::Rng& rng) {
    each_adjacent_pair(m.side, [&](int a, int b) {
        const int sum = solution[a] + solution[b];
        if ((sum != 5 && sum != 10) || rng.below(3) == 0) return;
        m.rules.push_back({Kind::xv, {{a, b}}, {sum}});
    });
}

// Half the rows (clue on the left, read left to right) and columns (clue on
// top, read downwards), at least one, get the sum between their 1 and N.
void add_sandwiches(Model& m, const Grid& solution, np::Rng& rng) {
    const int n = m.side;
    std::vector<uint8_t> chosen(static_cast<std::size_t>(2 * n), 0);
    for (auto& c : chosen) c = static_cast<uint8_t>(rng.below(2));
    if (std::find(chosen.begin(), chosen.end(), 1) == chosen.end()) chosen[rng.below(chosen.size())] = 1;
    for (int line = 0; line < 2 * n; ++line) {
        if (!chosen[line]) continue;
        Cells cells;
        for (int i = 0; i < n; ++i) cells.push_back(line < n ? line * n + i : i * n + (line - n));
        int one = 0, top = 0;
        for (int i = 0; i < n; ++i) {
            if (solution[cells[i]] == 1) one = i;
            if (solution[cells[i]] == n) top = i;
        }
        int sum = 0;
        for (int i = std::min(one, top) + 1; i < std::max(one, top); ++i) sum += solution[cells[i]];
        m.rules.push_back({Kind::sandwich, {cells}, {sum}});
    }
}

}  // namespace csp::gen
