// csp: making variant puzzles (generate.hpp) - the styles and their
// refusals, the structure of each style (regions, global kinds, windows),
// a random solution grid, the removal of givens while the Engine finds one
// solution, and make_puzzle, which runs them in that order.
#include "generate.hpp"

#include "variant_model.hpp"  // model_of: a made puzzle back to a Model, for its proof

#include <algorithm>

namespace csp {
namespace gen {

Cells orthogonal(int cell, int n) {
    const int r = cell / n, c = cell % n;
    Cells out;
    if (r > 0) out.push_back(cell - n);
    if (c > 0) out.push_back(cell - 1);
    if (c + 1 < n) out.push_back(cell + 1);
    if (r + 1 < n) out.push_back(cell + n);
    return out;
}

Cells kings(int cell, int n) {
    const int r = cell / n, c = cell % n;
    Cells out;
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
            const int r2 = r + dr, c2 = c + dc;
            if ((dr || dc) && r2 >= 0 && r2 < n && c2 >= 0 && c2 < n) out.push_back(r2 * n + c2);
        }
    return out;
}

bool connected(const Cells& cells, int n) {
    if (cells.empty()) return false;
    std::vector<uint8_t> inside(static_cast<std::size_t>(n) * n, 0), seen(inside.size(), 0);
    for (int c : cells) inside[c] = 1;
    Cells stack{cells[0]};
    seen[cells[0]] = 1;
    std::size_t reached = 0;
    while (!stack.empty()) {
        const int c = stack.back();
        stack.pop_back(), ++reached;
        for (int nb : orthogonal(c, n))
            if (inside[nb] && !seen[nb]) seen[nb] = 1, stack.push_back(nb);
    }
    return reached == cells.size();
}

// Starts 1, 1 + (size + 1), ... of blocks of `size` that end one short of the edge.
static Cells window_starts(int size, int n) {
    Cells out;
    for (int s = 1; s + size - 1 <= n - 2; s += size + 1) out.push_back(s);
    return out;
}

std::vector<Cells> windows(int box_rows, int box_cols) {
    const int n = box_rows * box_cols;
    std::vector<Cells> out;
    for (int top : window_starts(box_rows, n))
        for (int left : window_starts(box_cols, n)) {
            Cells w;
            for (int r = top; r < top + box_rows; ++r)
                for (int c = left; c < left + box_cols; ++c) w.push_back(r * n + c);
            out.push_back(w);
        }
    return out;
}

}  // namespace gen

namespace {

using namespace gen;

enum class Style { jigsaw, x, windoku, anti_knight, anti_king, non_consecutive, killer, killer_no_givens,
                   thermometer, arrow, kropki, xv, sandwich };

int style_index(std::string_view style) {
    const auto& all = styles();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i] == style) return static_cast<int>(i);
    return -1;
}

// The R x C boxes as a region map (box numbers row-major, as the SDK's).
std::vector<int> box_map(int box_rows, int box_cols) {
    const int n = box_rows * box_cols;
    std::vector<int> region(static_cast<std::size_t>(n) * n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) region[r * n + c] = (r / box_rows) * box_rows + c / box_cols;
    return region;
}

// The Model as the host will see it: a jigsaw's shape is 1 x N (its
// geometry), whatever shape it was drawn on.
Made to_made(const Model& m, Grid givens) {
    Made made;
    made.variant.side = m.side;
    made.variant.layout = m.boxes ? NP_REGIONS_BOXES : NP_REGIONS_IRREGULAR;
    made.variant.region_of = m.region_of;
    for (const Rule& r : m.rules) made.variant.constraints.push_back({static_cast<np_kind>(r.kind), r.groups, r.values});
    made.givens = std::move(givens);
    made.box_rows = m.box_rows, made.box_cols = m.box_cols;
    return made;
}

// What one bounded search found: up to two solutions.
struct Count {
    int solutions = 0;
    bool capped = false;  // the node cap ended it (never the budget: Counter::stopped says that)
    Grid first, second;
};

// One Engine for one model, searched again and again from different givens.
// Every node polls the caller's spent(); once it says true, stopped stays
// true and the generation gives up. A node cap (deterministic, unlike time)
// bounds the searches whose failure only costs a retry.
class Counter {
public:
    Counter(const Model& m, const std::function<bool()>& spent, Counters& total)
        : engine_(m), spent_(spent), total_(total) {}
    bool stopped = false;

    Count run(const Grid& givens, int limit, uint64_t cap) {
        Count out;
        uint64_t nodes = 0;
        const Hooks hooks{[&] {
                              if (stopped || spent_()) return stopped = true;
                              if (cap && ++nodes > cap) return out.capped = true;
                              return false;
                          },
                          [&](const uint8_t* grid) {
                              (out.solutions == 0 ? out.first : out.second).assign(grid, grid + givens.size());
                              return ++out.solutions >= limit;
                          }};
        const Counters c = engine_.run(givens.data(), hooks);
        total_.guesses += c.guesses, total_.solutions += c.solutions;
        total_.rejected += c.rejected, total_.enumerated += c.enumerated;
        total_.stopped = total_.stopped || stopped;
        return out;
    }

private:
    Engine engine_;
    const std::function<bool()>& spent_;
    Counters& total_;
};

// A random full grid of the model: the Engine's first solution, then a
// quarter of the cells (in a random order) each given a random digit that
// still leaves a solution; the last solution found is the grid. The Engine
// itself searches in a fixed order: the random seed cells are what vary it.
// nullopt when stopped, or when no solution turned up within `cap` nodes
// (0: none; a jigsaw's regions may admit no grid: the caller draws new ones).
std::optional<Grid> random_solution(Counter& counter, int n, uint64_t cap, np::Rng& rng) {
    const int cells = n * n;
    Grid givens(static_cast<std::size_t>(cells), 0);
    Count start = counter.run(givens, 1, cap);
    if (start.solutions == 0) return std::nullopt;
    Grid solution = start.first;
    Cells order(static_cast<std::size_t>(cells));
    for (int c = 0; c < cells; ++c) order[c] = c;
    rng.shuffle(order.begin(), order.end());
    for (int i = 0; i < cells / 4; ++i) {
        const int cell = order[i];
        Cells digits;
        for (int d = 1; d <= n; ++d) digits.push_back(d);
        rng.shuffle(digits.begin(), digits.end());
        for (int d : digits) {
            givens[cell] = static_cast<uint8_t>(d);
            if (solution[cell] == d) break;  // the grid in hand has it: no search needed
            Count tried = counter.run(givens, 1, 20ull * cells);
            if (counter.stopped) return std::nullopt;
            if (tried.solutions) {
                solution = tried.first;
                break;
            }
        }
    }
    return solution;
}

// Relabels the digits where the style's structure allows (every structural
// rule here is kept by any permutation, non-consecutive by the complement).
void relabel(Grid& grid, Style style, int n, np::Rng& rng) {
    std::vector<uint8_t> to(static_cast<std::size_t>(n) + 1);
    for (int d = 0; d <= n; ++d) to[d] = static_cast<uint8_t>(d);
    if (style == Style::non_consecutive) {
        if (rng.below(2))
            for (int d = 1; d <= n; ++d) to[d] = static_cast<uint8_t>(n + 1 - d);
    } else {
        rng.shuffle(to.begin() + 1, to.end());
    }
    for (auto& d : grid) d = to[d];
}

// A jigsaw: from the boxes, random swaps of a cell of region A with a cell
// of a neighbouring region B that touches A, kept when both stay connected.
// Sizes never change and a map is always at hand, so it cannot fail the way
// growing regions from seeds can; 30 tries per cell mix it well.
std::vector<int> jigsaw_regions(int box_rows, int box_cols, np::Rng& rng) {
    const int n = box_rows * box_cols, cells = n * n;
    std::vector<int> region = box_map(box_rows, box_cols);
    auto members = [&](int r) {
        Cells out;
        for (int c = 0; c < cells; ++c)
            if (region[c] == r) out.push_back(c);
        return out;
    };
    for (int attempt = 0; attempt < 30 * cells; ++attempt) {
        const int a = static_cast<int>(rng.below(static_cast<uint64_t>(cells)));
        const Cells around = orthogonal(a, n);
        const int b0 = around[rng.below(around.size())], ra = region[a], rb = region[b0];
        if (ra == rb) continue;
        Cells touching;
        for (int c : members(rb))
            for (int nb : orthogonal(c, n))
                if (region[nb] == ra && nb != a) {
                    touching.push_back(c);
                    break;
                }
        if (touching.empty()) continue;
        const int b = touching[rng.below(touching.size())];
        region[a] = rb, region[b] = ra;
        if (!connected(members(ra), n) || !connected(members(rb), n)) region[a] = ra, region[b] = rb;
    }
    return region;
}

// The style's structure: its regions, its global kinds and its windows.
Model structure(Style style, int box_rows, int box_cols, np::Rng& rng) {
    Model m;
    m.side = box_rows * box_cols, m.box_rows = box_rows, m.box_cols = box_cols;
    m.region_of = box_map(box_rows, box_cols);
    auto global = [&m](Kind kind) { m.rules.push_back({kind, {}, {}}); };
    switch (style) {
    case Style::jigsaw:
        m.boxes = false, m.box_rows = 1, m.box_cols = m.side;
        m.region_of = jigsaw_regions(box_rows, box_cols, rng);
        break;
    case Style::x: global(Kind::diagonal_positive), global(Kind::diagonal_negative); break;
    case Style::windoku:
        for (const Cells& w : windows(box_rows, box_cols)) m.rules.push_back({Kind::extra_region, {w}, {}});
        break;
    case Style::anti_knight: global(Kind::anti_knight); break;
    case Style::anti_king: global(Kind::anti_king); break;
    case Style::non_consecutive: global(Kind::non_consecutive); break;
    default: break;
    }
    return m;
}

void add_clues(Style style, Model& m, const Grid& solution, np::Rng& rng) {
    switch (style) {
    case Style::killer:
    case Style::killer_no_givens: add_cages(m, solution, rng); break;
    case Style::thermometer: add_thermometers(m, solution, rng); break;
    case Style::arrow: add_arrows(m, solution, rng); break;
    case Style::kropki: add_kropki(m, solution, rng); break;
    case Style::xv: add_xv(m, solution, rng); break;
    case Style::sandwich: add_sandwiches(m, solution, rng); break;
    default: break;
    }
}

// Givens removed in a random order, each kept only where the puzzle without
// it has more than one solution. Fewer givens never mean fewer solutions, so
// a given kept once stays needed: the result is minimal. A search past the
// cap keeps the given (still unique, possibly not minimal); on the shapes
// csp makes the cap is far above what a removal costs.
std::optional<Grid> remove_givens(Counter& counter, Grid givens, int n, np::Rng& rng) {
    const int cells = n * n;
    Cells order(static_cast<std::size_t>(cells));
    for (int c = 0; c < cells; ++c) order[c] = c;
    rng.shuffle(order.begin(), order.end());
    for (int cell : order) {
        const uint8_t digit = givens[cell];
        givens[cell] = 0;
        const Count count = counter.run(givens, 2, 5000ull * cells);
        if (counter.stopped) return std::nullopt;
        if (count.solutions != 1 || count.capped) givens[cell] = digit;
    }
    return givens;
}

// killer-no-givens: while the cages allow a second solution, a cage holding
// a cell where it differs from ours is split in two (a one-cell cage fixes
// its digit, so such a cage has two cells or more). false when stopped.
bool cages_alone_unique(Model& m, const Grid& solution, np::Rng& rng, const std::function<bool()>& spent,
                        Counters& counters) {
    const Grid empty(solution.size(), 0);
    for (;;) {
        Counter counter(m, spent, counters);
        const Count count = counter.run(empty, 2, 0);
        if (counter.stopped) return false;
        if (count.solutions == 1) return true;
        const Grid& other = count.first == solution ? count.second : count.first;
        Cells differ;
        for (std::size_t c = 0; c < solution.size(); ++c)
            if (other[c] != solution[c]) differ.push_back(static_cast<int>(c));
        rng.shuffle(differ.begin(), differ.end());
        for (int cell : differ)
            if (split_cage(m, cell, solution, rng)) break;
    }
}

}  // namespace

const std::vector<std::string>& styles() {
    static const std::vector<std::string> all = {"jigsaw", "x", "windoku", "anti-knight", "anti-king",
                                                 "non-consecutive", "killer", "killer-no-givens",
                                                 "thermometer", "arrow", "kropki", "xv", "sandwich"};
    return all;
}

std::string style_refusal(std::string_view style, int box_rows, int box_cols) {
    const int index = style_index(style);
    if (index < 0) {
        std::string list;
        for (const auto& s : styles()) list += (list.empty() ? "" : ", ") + s;
        return "csp makes no style \"" + std::string(style) + "\"; its styles are " + list + ".";
    }
    const int n = box_rows * box_cols;
    const std::string grid = std::to_string(n) + "x" + std::to_string(n);
    if (box_rows < 1 || box_cols < 1 || n < 4)
        return "a " + grid + " grid is too small for a variant puzzle: csp makes them from 4x4 up.";
    // Measured (csp's README, "Generation"): past these sides one puzzle
    // takes from ten seconds to minutes, nearly all of it in the uniqueness
    // searches of the last givens removed.
    const auto s = static_cast<Style>(index);
    const bool slow = s == Style::killer || s == Style::killer_no_givens || s == Style::non_consecutive;
    const int largest = slow ? 9 : 12;
    if (n > largest)
        return "csp makes " + std::string(style) + " puzzles up to " + std::to_string(largest) + "x" +
               std::to_string(largest) + ": on a " + grid +
               " grid the uniqueness searches (one per given removed) take too long.";
    if (s == Style::windoku && windows(box_rows, box_cols).empty())
        return "no " + std::to_string(box_rows) + "x" + std::to_string(box_cols) + " window fits inside a " + grid +
               " grid one row and one column in from the edges and from each other.";
    // Found by search: no Latin square of side 4 keeps a king's move or an
    // orthogonal step apart from the same or a consecutive digit (from 5 up
    // every shape has grids of both).
    if ((s == Style::anti_king || s == Style::non_consecutive) && n == 4)
        return "no " + grid + " grid obeys the " + std::string(style) + " rule.";
    return "";
}

std::optional<Made> make_puzzle(std::string_view style, int box_rows, int box_cols, np::Rng& rng,
                                const std::function<bool()>& spent, Counters& counters) {
    if (!style_refusal(style, box_rows, box_cols).empty()) return std::nullopt;
    const auto s = static_cast<Style>(style_index(style));
    const int n = box_rows * box_cols;
    for (;;) {
        Model m = structure(s, box_rows, box_cols, rng);
        Counter plain(m, spent, counters);
        const uint64_t cap = s == Style::jigsaw ? 500ull * n * n : 0;
        std::optional<Grid> solution = random_solution(plain, n, cap, rng);
        if (plain.stopped) return std::nullopt;
        if (!solution && s == Style::jigsaw) continue;  // regions with no grid in reach: new ones
        if (!solution) return std::nullopt;             // no grid of the style: style_refusal's to refuse
        relabel(*solution, s, n, rng);
        add_clues(s, m, *solution, rng);
        if (s == Style::killer_no_givens) {
            if (!cages_alone_unique(m, *solution, rng, spent, counters)) return std::nullopt;
            return to_made(m, Grid(solution->size(), 0));
        }
        Counter full(m, spent, counters);
        std::optional<Grid> givens = remove_givens(full, *solution, n, rng);
        if (!givens) return std::nullopt;
        return to_made(m, std::move(*givens));
    }
}

bool prove_made(const Made& made, const std::function<bool()>& spent, np::proof::ProofWriter& out) {
    const auto search = [&](np::proof::ProofWriter& writer) {
        Engine engine(model_of(made.variant, made.box_rows, made.box_cols));
        engine.prove_to(&writer);
        uint64_t found = 0;
        const Counters counters = engine.run(made.givens.data(), {spent, [&found](const uint8_t*) { return ++found >= 2; }});
        return !counters.stopped && !engine.unprovable() && found == 1;
    };
    np::proof::ProofWriter scratch({made.box_rows, made.box_cols}, [](std::string_view) {});
    return search(scratch) && search(out);
}

}  // namespace csp
