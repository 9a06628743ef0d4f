// csp: a propagation engine for variant puzzles - candidate masks, one
// propagator per kind, branching on the cell with the fewest candidates per
// weight of its propagators' failures (dom/wdeg), and a full check of every
// rule before a grid is called a solution.
//
// Contents
//   engine.hpp        this file: the data layout, Domains, the Engine class
//   rules.cpp         holds() / satisfies(): each kind's exact rule on digits
//                     (the final check; the propagators' enumeration uses it too)
//   propagators.cpp   propagate_rule(): one small function per kind
//   sums.hpp/.cpp     sum tables: cages by digit sets, lines by runs and sums
//   engine.cpp        setup (units, peers, binary relations, watch lists),
//                     the propagation queue and the search
//   proof.cpp         the proof of a search (docs/proofs.md): each node's
//                     eliminations justified to the host's checker
//   plugin.cpp        the glue: request -> Model, answers -> the call
//
// Data layout (N = side, up to 25; cells row-major, cell = row * N + column)
//
//   mask[cell]   uint32_t   bit v set while digit v (1..N) may go there
//                 31      N+1  N  ...  2   1   0
//                [ 0 ... 0 | x | ... | x | x | 0 ]     bit 0 never used
//
//   units_[u]    cells that hold different digits: rows, columns, regions,
//                extra regions, diagonals, disjoint groups, killer cages,
//                renban lines. full_[u]: a unit of N cells holds every digit
//                (hidden singles, pointing); every unit: naked pairs.
//   peers_[c]    every cell that must differ from c (shares a unit, or a
//                knight's / king's move apart): a single removes its digit there.
//   binaries_[k] Binary{a, b, ok[x]}: with a = x, b may take the digits ok[x]
//                (dots, XV, negative rules, whispers, palindromes, clones,
//                minimum/maximum, thermometer steps, entropic neighbours);
//                two relations on one pair share one table (ANDed).
//   props_[p]    Prop{type: unit | binary | rule, index}; watch_[c] lists the
//                props that look at cell c. A cell whose mask narrows queues
//                its watchers; propagation runs the queue to a fixed point.
//   weight_[p]   double: 1 + the dead ends prop p has found in this run; a
//                cell's weight is the sum over watch_[c] (dom/wdeg).
//
// Every propagator only removes a digit that no solution of its own
// constraint can take (sound, possibly weak). A node with every cell decided
// is a solution only if satisfies() holds for the whole grid.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "model.hpp"
#include "numplace/proof_writer.hpp"

namespace csp {

using Mask = uint32_t;
constexpr int kMaxSide = 25;
constexpr int kMaxCells = kMaxSide * kMaxSide;
constexpr int kPointPlaces = 3;  // pointing looks at digits with 2..3 places in a unit

inline Mask bit(int v) { return Mask{1} << v; }
inline int lowest(Mask m) { return __builtin_ctz(m); }
inline int highest(Mask m) { return 31 - __builtin_clz(m); }
inline int count(Mask m) { return __builtin_popcount(m); }
// Digits a..b (clamped to 1..side); 0 when a > b.
inline Mask span(int a, int b, int side) {
    if (a < 1) a = 1;
    if (b > side) b = side;
    if (a > b) return 0;
    return static_cast<Mask>(((uint64_t{1} << (b + 1)) - 1) & ~((uint64_t{1} << a) - 1));
}

// One narrowing, kept while a proof is written: which prop (-1: a single
// leaving its peers) removed which digits from which cell.
struct Event {
    int prop;
    int cell;
    Mask removed;
};

// The masks a propagator sees and narrows.
class Domains {
public:
    Domains(Mask* masks, int side, std::vector<int>& touched, std::vector<uint8_t>& is_touched)
        : side(side), masks_(masks), touched_(touched), is_touched_(is_touched) {}
    const int side;
    Mask operator[](int cell) const { return masks_[cell]; }
    // mask &= allowed; false when nothing is left (a dead end).
    bool keep(int cell, Mask allowed) {
        const Mask now = masks_[cell] & allowed;
        if (now == masks_[cell]) return true;
        if (events) events->push_back({cause, cell, masks_[cell] & ~now});
        masks_[cell] = now;
        if (!is_touched_[cell]) is_touched_[cell] = 1, touched_.push_back(cell);
        return now != 0;
    }
    std::vector<Event>* events = nullptr;  // while a proof is written
    int cause = -1;                         // the prop running

private:
    Mask* masks_;
    std::vector<int>& touched_;
    std::vector<uint8_t>& is_touched_;
};

// ---- rules.cpp ----
// The rule of a kind on a grid of digits. A rule of cells reads only its own
// cells (so a partly filled scratch grid will do); a global kind reads the grid.
bool holds(const Rule& rule, const Model& model, const uint8_t* digits);
// The whole grid: rows, columns and regions distinct, every rule, the
// negative rules. The test before a solution is reported.
bool satisfies(const Model& model, const uint8_t* digits);
// True for kinds whose rule reads only the rule's own cells.
bool is_local(Kind kind);
// Why the engine cannot take this model (a cell outside the grid, a group
// missing, ...: what the host's validate_variant refuses first); "" when it can.
std::string malformed(const Model& model);

// ---- propagators.cpp ----
// Peers of a cell, for the enumeration's distinctness test.
using PeerBits = std::vector<std::bitset<kMaxCells>>;
struct RuleContext {
    const Model& model;
    const PeerBits& peers;
    uint64_t& enumerated;          // counter: enumeration nodes
    std::vector<uint8_t>& scratch;  // N*N digits, all 0 between calls
};
// Narrows the masks of one rule's cells; false on a dead end.
bool propagate_rule(const Rule& rule, const RuleContext& context, Domains& d);
// The segments of a region sum line: its runs within one region.
std::vector<std::vector<int>> segments_of(const std::vector<int>& line, const Model& m);
// An indexer's target cell for `digit`, and the index it must hold there.
int indexer_target(const Rule& rule, const Model& m, int digit, int& index);

// ---- engine.cpp ----
using Table = std::array<Mask, kMaxSide + 2>;  // [x]: digits of b allowed with a = x
struct Binary {
    int a = 0, b = 0;
    Table ok{};  // ok[x]: digits of b allowed with a = x (every origin's, ANDed)
    // The rules the table came from (their numbers: the model's rules, then
    // the negative rules) and each one's own table: for proofs.
    std::vector<std::pair<int, Table>> origins;
};

struct Prop {
    enum Type : uint8_t { unit, binary, rule } type;
    int index;
};

struct Hooks {
    std::function<bool()> spent;                // once per node: true to stop
    std::function<bool(const uint8_t*)> found;  // a solution: true at the limit
};

struct Counters {
    uint64_t guesses = 0, solutions = 0, rejected = 0, enumerated = 0;
    bool stopped = false;
};

class Engine {
public:
    explicit Engine(Model model);
    // Every solution from these givens (N*N digits, 0 = empty) to hooks.found
    // until it asks to stop or hooks.spent does.
    Counters run(const uint8_t* givens, const Hooks& hooks);
    // Write the proof of the next run's search here (null: none).
    void prove_to(np::proof::ProofWriter* writer) { proof_ = writer; }
    // The proof would ask the checker for more enumeration than it allows
    // (proof.cpp): the writing stopped there, before any node the checker
    // would refuse, and the call declares it cannot prove.
    bool unprovable() const { return unprovable_; }

    // Read only, for an explainer that runs the props one at a time as
    // steps (plugins/csp-logic): the model, the units (unit_rule: the rule a
    // unit comes from, -1 for rows, columns and regions; full: N cells), the
    // peers, the props and the cells each watches, the binary relations.
    const Model& model() const { return model_; }
    int side() const { return side_; }
    const std::vector<std::vector<int>>& units() const { return units_; }
    bool full(int u) const { return full_[u] != 0; }
    int unit_rule(int u) const { return unit_rule_[u]; }
    const std::vector<int>& peers(int cell) const { return peers_[cell]; }
    const PeerBits& peer_bits() const { return peer_bits_; }
    const std::vector<Prop>& props() const { return props_; }
    const std::vector<int>& watchers(int cell) const { return watch_[cell]; }
    const Binary& binary(int k) const { return binaries_[k]; }
    // Prop `id` alone on `d`; false: a dead end. `enumerated` counts the
    // enumeration's nodes; `scratch` is N*N zero digits, left as it was.
    bool run_prop(int id, Domains& d, uint64_t& enumerated, std::vector<uint8_t>& scratch) const;

private:
    void add_unit(const std::vector<int>& cells);
    void add_peer(int a, int b);
    void add_binary(int a, int b, const std::function<bool(int, int)>& allowed);
    void add_kind(const Rule& rule);
    void add_globals(const Rule& rule);
    void add_negative_rules();
    void add_prop(Prop prop, const std::vector<int>& cells);
    bool run_unit(int u, Domains& d) const;
    bool point(const std::vector<int>& cells, Domains& d) const;
    bool naked_pairs(const std::vector<int>& cells, Domains& d) const;
    bool run_binary(int k, Domains& d) const;
    bool settle(std::vector<Mask>& masks);
    int choose(const std::vector<Mask>& masks) const;
    void search(std::vector<Mask>& masks, const Hooks& hooks, Counters& counters);
    // proof.cpp: a node's events written as proof nodes.
    bool write_events(bool alive, int failed);
    void write_unit_run(const std::vector<Event>& run);
    void write_binary_run(const Binary& rel, const std::vector<Event>& run);
    void write_rule_run(int rule, const std::vector<Event>& run, const std::vector<Mask>& before);
    void refute_binary(const Binary& rel, int cell, int digit);
    double assignments(int rule, const std::vector<int>& cells, const std::vector<Mask>& masks, int fixed, int value) const;
    // Whether the checker can verify what rule `rule` just did (its events
    // from `mark` on, from the masks before_prop_ held; `alive` false: a
    // dead end) within its enumeration bound.
    bool provable(int rule, std::size_t mark, bool alive) const;
    struct Windowed {
        np::proof::Elimination elimination;
        std::vector<int> window;
        double assignments;
    };
    bool singles_close(const std::vector<int>& unit, const std::vector<Mask>& masks) const;
    std::vector<int> crowded(const std::vector<int>& unit, const std::vector<Mask>& masks) const;
    std::vector<int> entropic_window(const Rule& r, int cell, int value, const std::vector<Mask>& masks) const;
    std::vector<np::proof::Elimination> windowed(int rule, const std::vector<np::proof::Elimination>& pairs,
                                                 std::vector<Mask> masks, std::vector<Windowed>& windows) const;
    bool distinct_cells(int rule, const std::vector<int>& cells) const;
    double checker_walk(int rule, const std::vector<int>& cells, const std::vector<Mask>& domains) const;
    std::vector<int> rule_cells(int rule) const;
    void count_enumeration(double assignments);

    Model model_;
    int side_ = 0, cells_ = 0;
    std::vector<std::vector<int>> units_;
    std::vector<uint8_t> full_;
    std::vector<int> unit_rule_;  // per unit: the rule it comes from (cage, renban, extra region), -1 otherwise
    std::vector<std::vector<int>> peers_;
    PeerBits peer_bits_;
    std::vector<Binary> binaries_;
    std::vector<Prop> props_;
    std::vector<std::vector<int>> watch_;
    // The propagation queue (reset at every dead end).
    std::vector<int> touched_, queue_;
    std::vector<uint8_t> is_touched_, queued_;
    std::vector<double> weight_;  // per prop: 1 + the dead ends it found (dom/wdeg branching)
    std::vector<uint8_t> solution_;  // the grid of a decided node
    std::vector<uint8_t> scratch_;   // the enumeration's grid
    bool stop_ = false;
    uint64_t enumerated_ = 0;
    np::proof::ProofWriter* proof_ = nullptr;
    bool unprovable_ = false;
    double enumeration_ = 0;  // the checker's enumeration the proof asks for, at most
    const std::vector<Mask>* masks_now_ = nullptr;  // the node's masks after settle()
    std::vector<Event> events_;  // the node's narrowings, while proving
    std::vector<Mask> before_prop_;  // while proving: the masks before a rule's prop ran
    mutable std::map<std::pair<int, std::vector<Mask>>, double> walks_;  // checker_walk's counts, by rule and candidates
    int adding_rule_ = -1;       // the rule whose units and binaries are being added
    int failed_ = -1;            // the prop that found settle()'s dead end (-1: none, or a single's peers)
};

}  // namespace csp
