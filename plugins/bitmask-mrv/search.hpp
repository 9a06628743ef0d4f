// bitmask-mrv: what both engines share - bit helpers, the value orders, and
// the depth-first search itself (seed 004's calcNumPl).
//
// The search: after propagation, pick an open cell with the fewest
// candidates (MRV; the engine's select() breaks ties) and try its
// candidates one by one, each in a copy of the state, in the order the caller
// asks for (ascending, descending, or shuffled by np::Rng). A state is copied
// into the next slot of a preallocated stack rather than undone with a log;
// the last candidate reuses the current slot, which is not looked at again.
// Nothing is allocated during a search.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "numplace/plugin.hpp"
#include "numplace/random.hpp"

namespace bitmask_mrv {

// ---- Bit helpers --------------------------------------------------------------
//
// Plain x86-64 has no popcnt instruction, and without -mpopcnt GCC turns
// __builtin_popcount into a library call; a 512-entry table serves 9-bit
// masks and the usual SWAR sum serves 32-bit ones. __builtin_ctz/clz become
// bsf/bsr, which every x86-64 has.

struct BitCounts9 {
    uint8_t of[512];
};
constexpr BitCounts9 make_bit_counts9() {
    BitCounts9 t{};
    for (int m = 1; m < 512; ++m) t.of[m] = static_cast<uint8_t>((m & 1) + t.of[m >> 1]);
    return t;
}
inline constexpr BitCounts9 kBitCounts9 = make_bit_counts9();

inline int count_bits32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return static_cast<int>((x * 0x01010101u) >> 24);
}

template <class Mask>
inline Mask lowest_bit(Mask m) {
    return static_cast<Mask>(m & (~m + 1u));
}
template <class Mask>
inline Mask highest_bit(Mask m) {
    return static_cast<Mask>(Mask{1} << (31 - __builtin_clz(static_cast<uint32_t>(m))));
}
// True for 0 and for a single bit.
template <class Mask>
inline bool at_most_one_bit(Mask m) {
    return (m & (m - 1u)) == 0;
}

// ---- Value orders for branching ------------------------------------------------------

struct Ascending {  // 1, 2, ..., N: the forward search, and plain counting
    static constexpr bool kRandom = false, kDescending = false;
};
struct Descending {  // N, ..., 2, 1: the backward search
    static constexpr bool kRandom = false, kDescending = true;
};
struct RandomOrder {  // a fresh shuffle at every branching: grid generation
    static constexpr bool kRandom = true, kDescending = false;
    np::Rng* rng;
};

enum class Stop { exhausted, limit, budget };

struct Outcome {
    uint64_t count = 0;
    Stop stop = Stop::exhausted;
};

struct Counters {
    uint64_t nodes = 0;           // states looked at (see below), refused ones not included
    uint64_t guesses = 0;         // branching nodes (always on two or more candidates)
    uint64_t naked_singles = 0;   // cells left with one candidate
    uint64_t hidden_singles = 0;  // values left with one cell in a unit
    uint64_t locked = 0;          // candidates removed by locked candidates
    uint64_t dead_ends = 0;       // nodes whose propagation emptied a cell or a unit

    // The plugin's own counters, by the names they are reported under.
    std::array<std::pair<const char*, uint64_t>, 4> named() const {
        return {{{"naked_singles", naked_singles},
                 {"hidden_singles", hidden_singles},
                 {"locked_candidates", locked},
                 {"dead_ends", dead_ends}}};
    }
};

// ---- The search ------------------------------------------------------------------------
//
// Impl (CRTP) holds the state and the propagation and provides:
//   State& slot(int depth)             the preallocated stack of states
//   const State& root(), bool root_dead()   the settled root
//   void copy_state(State& to, const State& from)
//   int select(const State&)           MRV: an open cell with the fewest
//                                      candidates (ties: engine.hpp); -1 if none
//   Mask candidates(const State&, int cell)
//   void assign(State&, int cell, Mask bit)   narrows an open cell to one value
//   bool propagate(State&)             singles to a fixed point; false on a dead end
//   void write_solution(const State&, uint8_t* out)
//
// Nodes: every state the search looks at (the root, and each child a
// branching makes) is a node, charged to the call's budget before it is
// propagated and counted only if the budget allows it: max_nodes is exact,
// node max_nodes + 1 is refused and not counted. Guesses: branching nodes,
// one each however many candidates are then tried and in whatever order
// (ascending, descending or one shuffle), which is the ABI's definition
// (plugin_api.h, above np_stats). Propagation runs to a fixed point first,
// so the branching cell always has two or more candidates and a forced cell
// is never a guess.
template <class Impl, class Mask, int kMaxValues>
class SearchCore {
public:
    // The layer's call holds the budget (its deadline and terminate callback
    // are polled every 1024 nodes); the counters start again at zero.
    void begin_call(np::plugin::Call& call) {
        call_ = &call;
        counters_ = {};
        proof_ = nullptr;
    }
    // The runs that follow write their search trees here (nullptr: none).
    // Only an ascending or descending run is a proof: see write_split.
    void prove_with(np::proof::ProofWriter* proof) { proof_ = proof; }
    const Counters& counters() const { return counters_; }

    // Counts the solutions of the settled root up to `limit`, trying values
    // in `order` at every branching. The first two solutions found are kept
    // (solution(0), solution(1)).
    template <class Order>
    Outcome run(uint64_t limit, Order& order) {
        count_ = 0;
        limit_ = limit;
        stop_ = Stop::exhausted;
        if (spent()) return {0, Stop::budget};
        if (impl().root_dead()) {
            ++counters_.dead_ends;
            if (proof_ != nullptr) proof_->leaf();
            return {0, Stop::exhausted};
        }
        impl().copy_state(impl().slot(0), impl().root());
        search(0, order);
        return {count_, stop_};
    }

    // Solution k (0 or 1) of the last run: N*N values 1..N.
    const uint8_t* solution(int k) const { return solutions_[static_cast<std::size_t>(k)].data(); }

protected:
    void allocate_solutions(int cells) {
        for (auto& s : solutions_) s.assign(static_cast<std::size_t>(cells), 0);
    }

    Counters counters_;

private:
    Impl& impl() { return static_cast<Impl&>(*this); }

    // Charges one node to the budget; true when it is refused. The layer's
    // check is a few compares on every node; on the 17-clue and the hardest
    // sets it measured no slower than this plugin's former one-compare
    // threshold, a node's propagation costs far more.
    bool spent() {
        if (call_->spent()) return true;
        ++counters_.nodes;
        return false;
    }

    template <class State>
    bool record(const State& s) {
        if (count_ < 2) impl().write_solution(s, solutions_[static_cast<std::size_t>(count_)].data());
        ++count_;
        if (count_ >= limit_) {
            stop_ = Stop::limit;
            return true;
        }
        return false;
    }

    // Explores the propagated state in slot(depth). Returns true when the
    // whole search must stop (limit reached or budget spent).
    template <class Order>
    bool search(int depth, Order& order) {
        auto& s = impl().slot(depth);
        for (;;) {
            const int x = impl().select(s);
            if (x < 0) {
                if (proof_ != nullptr) proof_->leaf();
                return record(s);
            }
            ++counters_.guesses;

            Mask rest = impl().candidates(s, x);
            [[maybe_unused]] Mask shuffled[kMaxValues];
            [[maybe_unused]] int shuffled_count = 0, next = 0;
            if constexpr (Order::kRandom) {
                while (rest) {
                    shuffled[shuffled_count++] = lowest_bit(rest);
                    rest = static_cast<Mask>(rest & (rest - 1u));
                }
                order.rng->shuffle(shuffled, shuffled + shuffled_count);
                if (proof_ != nullptr) write_split(x, shuffled, shuffled_count);
            } else if (proof_ != nullptr) {
                write_split(x, rest, Order::kDescending);
            }

            for (;;) {
                Mask bit;
                bool last;
                if constexpr (Order::kRandom) {
                    bit = shuffled[next++];
                    last = next == shuffled_count;
                } else if constexpr (Order::kDescending) {
                    bit = highest_bit(rest);
                    rest = static_cast<Mask>(rest ^ bit);
                    last = rest == 0;
                } else {
                    bit = lowest_bit(rest);
                    rest = static_cast<Mask>(rest ^ bit);
                    last = rest == 0;
                }
                if (spent()) {
                    stop_ = Stop::budget;
                    return true;
                }
                if (last) {
                    impl().assign(s, x, bit);
                    break;
                }
                auto& child = impl().slot(depth + 1);
                impl().copy_state(child, s);
                impl().assign(child, x, bit);
                if (impl().propagate(child)) {
                    if (search(depth + 1, order)) return true;
                } else {
                    ++counters_.dead_ends;
                    if (proof_ != nullptr) proof_->leaf();
                }
            }
            if (!impl().propagate(s)) {
                ++counters_.dead_ends;
                if (proof_ != nullptr) proof_->leaf();
                return false;
            }
        }
    }

    // ---- The proof (docs/proofs.md) ----
    // The search tree is the proof tree: a branching is a split on its cell
    // over the candidates it tries, in that order; a dead end and a solution
    // are leaves; nodes are written as the walk reaches them (pre-order).
    // The checker's propagation has the same rules as this engine's (a placed
    // value leaves its peers, naked and hidden singles, locked candidates),
    // so, whatever the order, its candidates at a node are among this
    // engine's there (it may have fewer: what a rule removes it removes from
    // a state with fewer candidates too, or that state is a contradiction).
    // So every split lists all the checker's candidates, and a dead end or a
    // solution here is a contradiction or the same solution there.
    void write_split(int cell, Mask candidates, bool descending) {
        int values[kMaxValues];
        int n = 0;
        for (Mask m = candidates; m; m = static_cast<Mask>(m & (m - 1u))) values[n++] = __builtin_ctz(m) + 1;
        if (descending) std::reverse(values, values + n);
        proof_->split_cell(cell, std::span<const int>(values, static_cast<std::size_t>(n)));
    }
    void write_split(int cell, const Mask* order, int count) {
        int values[kMaxValues];
        for (int i = 0; i < count; ++i) values[i] = __builtin_ctz(order[i]) + 1;
        proof_->split_cell(cell, std::span<const int>(values, static_cast<std::size_t>(count)));
    }

    np::plugin::Call* call_ = nullptr;
    np::proof::ProofWriter* proof_ = nullptr;
    std::vector<uint8_t> solutions_[2];
    uint64_t count_ = 0, limit_ = 1;
    Stop stop_ = Stop::exhausted;
};

}  // namespace bitmask_mrv
