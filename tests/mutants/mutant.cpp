// A small, correct solver, generator and prover, built against the public
// headers only (plugin_api.h, and proof_writer.hpp for the proofs), and
// twenty broken copies of it: each MUTANT is a mistake solver authors really
// make. tests/cli/mutants_test.cpp asserts that verify or fuzz catches each,
// with the right kind of finding, and tests/cli/proof_mutants_test.cpp that
// the host's checker rejects each lying proof with its located reason;
// MUTANT 0 (mutant-none) must pass everything, its proofs too, so that the
// harness raises no false alarm.
//
//   1 box-le          seed 001's box check with <=: one cell too many
//   2 one-forward     uniqueness decided by one forward search
//   3 twin-search     seed 004's forward/backward test with the backward
//                     search going forward too
//   4 given-ignored   the last given is read as empty
//   5 box-swapped     box rows and columns swapped (right on 9x9, wrong on 6x6)
//   6 column-dup      a duplicate given in a column is missed
//   7 count-plus-one  counts above 2 reported one too high
//   8 gave-up-none    a spent budget reported as "no solution"
//   9 same-twice      the same witness returned twice
//  10 segv-25         a segfault on 25x25 grids
//  11 loop-none       an endless loop on puzzles with no solution, deaf to the deadline
//  12 throw-12        an exception thrown across the ABI on 12x12 grids
//  13 seedless        a generator that ignores its seed (a global counter)
//  14 one-too-many    a generator that removes one clue too many
//
// Lying proofs: these answer correctly (but 20) and declare their proofs
// written, but the trees lie (docs/proofs.md, "Lying proofs"):
//  15 proof-drops-branch   every split's last alternative is searched but
//                          not written (the loop writing them stops one short)
//  16 proof-non-candidate  every split's first candidate is written as a value
//                          a peer already holds, its subtree kept
//  17 proof-open-leaf      a branch the witness is not in is written as a
//                          leaf, as if a rule the checker lacks had closed it
//                          (for none, the whole proof is one leaf)
//  18 proof-truncated      the last byte of the proof is never sent
//  19 proof-other-puzzle   the proof of the puzzle mirrored left to right
//  20 proof-hides-twin     a puzzle with exactly two solutions answered as
//                          unique, the second solution's branch written as a leaf
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/plugin_api.h"
#include "numplace/proof_writer.hpp"

#ifndef MUTANT
#define MUTANT 0
#endif
#ifndef MUTANT_NAME
#define MUTANT_NAME "mutant-none"
#endif

namespace {

uint64_t now_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<uint64_t>(t.tv_sec) * 1000000000ull + static_cast<uint64_t>(t.tv_nsec);
}

uint64_t mix(uint64_t x) {  // splitmix64's finaliser: a per-result seed
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

struct Solver {
    int rows, cols, side;
    std::vector<uint8_t> cells;
    std::vector<uint64_t> row_used, col_used, box_used;
    const np_budget* budget;
    uint64_t limit, count = 0, nodes = 0, rng = 0;
    bool stopped = false, descending = false, random_order = false;
    std::vector<std::vector<uint8_t>> found;

    Solver(int r, int c, const np_budget* b, uint64_t lim) : rows(r), cols(c), side(r * c), budget(b), limit(lim) {}

    int box(int r, int c) const {
#if MUTANT == 5
        return (r / cols) * cols + c / rows;  // the shape read the wrong way round
#else
        return (r / rows) * rows + c / cols;
#endif
    }
    uint64_t all() const { return ((uint64_t{1} << side) - 1) << 1; }

    // 0 when the givens obey the rules, else the violation's code (and where).
    uint32_t load(const uint8_t* given, np_violation* v) {
        cells.assign(given, given + side * side);
#if MUTANT == 4
        for (int i = side * side - 1; i >= 0; --i)
            if (cells[i]) { cells[i] = 0; break; }
#endif
        row_used.assign(side, 0), col_used.assign(side, 0), box_used.assign(side, 0);
        for (int i = 0; i < side * side; ++i) {
            const int val = cells[i];
            if (!val) continue;
            const int r = i / side, c = i % side, b = box(r, c);
            const uint64_t bit = uint64_t{1} << val;
            uint32_t code = (row_used[r] & bit) ? NP_REASON_DUPLICATE_IN_ROW : 0;
#if MUTANT != 6
            if (!code && (col_used[c] & bit)) code = NP_REASON_DUPLICATE_IN_COLUMN;
#endif
            if (!code && (box_used[b] & bit)) code = NP_REASON_DUPLICATE_IN_BOX;
            if (code) {
                *v = {code, static_cast<uint32_t>(r + 1), static_cast<uint32_t>(c + 1), static_cast<uint32_t>(b + 1),
                      static_cast<uint32_t>(val)};
                return code;
            }
            row_used[r] |= bit, col_used[c] |= bit, box_used[b] |= bit;
        }
        return 0;
    }

    uint64_t candidates(int r, int c) const {
        uint64_t used = row_used[r] | col_used[c] | box_used[box(r, c)];
#if MUTANT == 1
        // "<=": the scan of the box's rows runs one row past it, into the
        // next band.
        const int past = (r / rows + 1) * rows, left = (c / cols) * cols;
        if (past < side)
            for (int cc = left; cc < left + cols; ++cc) used |= uint64_t{1} << cells[past * side + cc];
#endif
        return ~used & all();
    }

    bool spent() {
        ++nodes;
        if (budget->max_nodes && nodes > budget->max_nodes) return stopped = true;
        if ((nodes & 1023u) == 0) {
            if (budget->deadline_ns && now_ns() >= budget->deadline_ns) return stopped = true;
            if (budget->terminate && budget->terminate(budget->terminate_state)) return stopped = true;
        }
        return false;
    }

    void run() {
        if (stopped || count >= limit || spent()) return;
        int best = -1, best_n = side + 1;
        uint64_t best_free = 0;
        for (int i = 0; i < side * side; ++i) {
            if (cells[i]) continue;
            const uint64_t f = candidates(i / side, i % side);
            const int n = __builtin_popcountll(f);
            if (n < best_n) best = i, best_n = n, best_free = f;
            if (n == 0) return;
        }
        if (best < 0) {
            ++count;
            if (found.size() < 2) found.push_back(cells);
            return;
        }
        std::vector<int> order;
        for (uint64_t f = best_free; f; f &= f - 1) order.push_back(__builtin_ctzll(f));
        if (descending) std::vector<int>(order.rbegin(), order.rend()).swap(order);
        if (random_order)
            for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[(rng = mix(rng)) % i]);
        const int r = best / side, c = best % side, b = box(r, c);
        for (int v : order) {
            const uint64_t bit = uint64_t{1} << v;
            cells[best] = static_cast<uint8_t>(v);
            row_used[r] |= bit, col_used[c] |= bit, box_used[b] |= bit;
            run();
            row_used[r] &= ~bit, col_used[c] &= ~bit, box_used[b] &= ~bit;
            cells[best] = 0;
            if (stopped || count >= limit) return;
        }
    }
};

// ---- Proofs ------------------------------------------------------------------
// A plain backtracking case-split writer: Solver's search again (the cell with
// the fewest candidates, values ascending), with no propagation, each node
// written as it is entered. The host's checker propagates more, so at every
// node its candidates are a subset of these and each split covers them
// (docs/proofs.md). It runs after the answer, over the whole search space, so
// it knows the witness: the lying mutants use it to pick where to lie.

// Hands ProofWriter's chunks to the host one chunk late, so that the last
// one is known when the proof ends (mutant 18 cuts it).
struct ChunkSink {
    const np_proof_sink* sink;
    uint32_t result;
    std::string pending;
    bool refused = false;  // the host takes no more of this proof

    void take(std::string_view chunk) {
        send();
        pending.assign(chunk);
    }
    void send() {
        if (!refused && !pending.empty())
            refused = sink->write(sink->state, result, reinterpret_cast<const uint8_t*>(pending.data()), pending.size()) != 0;
        pending.clear();
    }
    void end() {
#if MUTANT == 18
        if (!pending.empty()) pending.pop_back();  // the final chunk written one byte short
#endif
        send();
    }
};

struct Prover {
    int rows, cols, side;
    std::vector<uint8_t> cells;
    const uint8_t* witness;  // the answer's solution, or null
    const uint8_t* twin;     // mutant 20: the solution it hides, or null
    np::proof::ProofWriter& out;
    const ChunkSink& sink;
    const np_budget* budget;
    uint64_t nodes = 0;
    bool stopped = false;

    uint64_t candidates(int cell) const {
        const int r = cell / side, c = cell % side;
        uint64_t used = 0;
        for (int i = 0; i < side; ++i) {
            used |= uint64_t{1} << cells[r * side + i];
            used |= uint64_t{1} << cells[i * side + c];
        }
        const int top = r - r % rows, left = c - c % cols;
        for (int i = 0; i < side; ++i) used |= uint64_t{1} << cells[(top + i / cols) * side + left + i % cols];
        return ~used & (((uint64_t{1} << side) - 1) << 1);
    }
    bool spent() {
        ++nodes;
        if (sink.refused || (budget->max_nodes && nodes > budget->max_nodes)) return stopped = true;
        if ((nodes & 1023u) == 0) {
            if (budget->deadline_ns && now_ns() >= budget->deadline_ns) return stopped = true;
            if (budget->terminate && budget->terminate(budget->terminate_state)) return stopped = true;
        }
        return false;
    }

    // One node and its subtree. on_path: every value placed so far is the
    // witness's; on_twin likewise for the twin.
    void prove(bool on_path, bool on_twin) {
        if (stopped || spent()) return;
        int best = -1, best_n = side + 1;
        uint64_t best_free = 0;
        for (int i = 0; i < side * side && best_n > 0; ++i) {
            if (cells[i]) continue;
            const uint64_t f = candidates(i);
            const int n = __builtin_popcountll(f);
            if (n < best_n) best = i, best_n = n, best_free = f;
        }
        // A full grid or a cell without candidates: the checker sees both.
        if (best < 0 || best_n == 0) return out.leaf();
#if MUTANT == 17
        if (!on_path) return out.leaf();
#elif MUTANT == 20
        if (on_twin && !on_path) return out.leaf();
#endif
        std::vector<int> values, written;
        for (uint64_t f = best_free; f; f &= f - 1) values.push_back(__builtin_ctzll(f));
        written = values;
#if MUTANT == 15
        if (values.size() >= 2) values.pop_back(), written.pop_back();
#elif MUTANT == 16
        const uint64_t taken = ~best_free & (((uint64_t{1} << side) - 1) << 1);
        if (taken) written[0] = __builtin_ctzll(taken);
#endif
        out.split_cell(best, written);
        for (int v : values) {
            cells[best] = static_cast<uint8_t>(v);
            prove(on_path && witness[best] == v, on_twin && twin[best] == v);
            cells[best] = 0;
            if (stopped) return;
        }
    }
};

// How writing a proof ended.
enum class Proof { written, stopped, refused };  // refused: the host took no more

// Writes the proof of `given`'s search (result `result` of the call) to the
// host's sink.
Proof write_proof(int rows, int cols, const uint8_t* given, const uint8_t* witness, const uint8_t* twin,
                     const np_proof_sink& host, uint32_t result, const np_budget* budget) {
    const int side = rows * cols;
    std::vector<uint8_t> cells(given, given + side * side), solution, other;
    if (witness) solution.assign(witness, witness + side * side);
    if (twin) other.assign(twin, twin + side * side);
#if MUTANT == 19
    // The other puzzle: this one mirrored left to right (and its witness with it).
    for (auto* grid : {&cells, &solution, &other})
        for (std::size_t at = 0; at < grid->size(); at += static_cast<std::size_t>(side))
            std::reverse(grid->begin() + static_cast<std::ptrdiff_t>(at), grid->begin() + static_cast<std::ptrdiff_t>(at) + side);
#endif
    ChunkSink sink{&host, result, {}};
    try {
        np::proof::ProofWriter out({rows, cols}, [&](std::string_view chunk) { sink.take(chunk); });
        Prover p{rows, cols, side, std::move(cells), witness ? solution.data() : nullptr,
                 twin ? other.data() : nullptr, out, sink, budget};
        p.prove(witness != nullptr, twin != nullptr);
        out.flush();
        sink.end();
        return sink.refused ? Proof::refused : p.stopped ? Proof::stopped : Proof::written;
    } catch (...) {  // nothing may cross the C ABI
        return Proof::stopped;
    }
}

[[maybe_unused]] bool proof_wanted(const np_solve_request* req, const np_solve_result* res) {
#if MUTANT == 0 || MUTANT >= 15
    return NP_HAS(np_solve_request, req, proof) && req->proof.write && NP_HAS(np_solve_result, res, proof);
#else
    (void)req, (void)res;
    return false;
#endif
}

int solve(void*, const np_solve_request* req, np_solve_result* res) {
    const int rows = static_cast<int>(req->geometry.box_rows), cols = static_cast<int>(req->geometry.box_cols);
#if MUTANT == 10
    if (rows * cols == 25) *static_cast<volatile int*>(nullptr) = 1;
#elif MUTANT == 12
    if (rows * cols == 12) throw std::runtime_error("thrown across the C ABI");
#endif
    const std::size_t n = static_cast<std::size_t>(rows * cols * rows * cols);
#if MUTANT == 2 || MUTANT == 3
    // Uniqueness by searches for ONE solution each (limit 1).
    Solver first(rows, cols, &req->budget, 1);
    if (first.load(req->cells, &res->violation)) return NP_INVALID_INPUT;
    first.run();
    if (first.stopped) { res->stop = NP_STOP_BUDGET; return NP_OK; }
    if (first.count == 0) { res->stop = NP_STOP_EXHAUSTED; return NP_OK; }
    std::memcpy(res->witnesses[0], first.found[0].data(), n);
    res->count = 1, res->witness_count = 1, res->stop = NP_STOP_EXHAUSTED;
#if MUTANT == 3
    Solver second(rows, cols, &req->budget, 1);
    second.load(req->cells, &res->violation);
    second.descending = false;  // the backward search that goes forward: it always agrees
    second.run();
    if (second.count == 1 && second.found[0] != first.found[0] && req->limit >= 2) {
        std::memcpy(res->witnesses[1], second.found[0].data(), n);
        res->count = 2, res->witness_count = 2, res->stop = NP_STOP_LIMIT;
    }
#endif
    return NP_OK;
#else
    Solver s(rows, cols, &req->budget, req->limit);
    if (s.load(req->cells, &res->violation)) return NP_INVALID_INPUT;
    s.run();
#if MUTANT == 11
    if (!s.stopped && s.count == 0)
        for (;;) __asm__ __volatile__("");  // no solution: never returns
#endif
    res->count = s.count;
#if MUTANT == 7
    if (s.count > 2 && !s.stopped) res->count = s.count + 1;
    if (res->count > req->limit) res->count = req->limit;
#endif
    res->witness_count = static_cast<uint32_t>(s.found.size());
    for (std::size_t i = 0; i < s.found.size(); ++i) std::memcpy(res->witnesses[i], s.found[i].data(), n);
#if MUTANT == 9
    if (s.found.size() == 2) std::memcpy(res->witnesses[1], s.found[0].data(), n);
#endif
    res->stats.nodes = s.nodes;
    res->stop = s.stopped ? NP_STOP_BUDGET : s.count >= req->limit ? NP_STOP_LIMIT : NP_STOP_EXHAUSTED;
#if MUTANT == 8
    if (s.stopped && s.count == 0) res->stop = NP_STOP_EXHAUSTED;  // "gave up" reported as "none"
#endif
    const uint8_t* twin = nullptr;
#if MUTANT == 20
    // Exactly two solutions: say unique, with the first.
    bool exactly_two = s.count == 2 && res->stop == NP_STOP_EXHAUSTED;
    if (s.count == 2 && res->stop == NP_STOP_LIMIT) {  // is there a third?
        Solver third(rows, cols, &req->budget, 3);
        third.load(req->cells, &res->violation);
        third.run();
        exactly_two = !third.stopped && third.count == 2;
    }
    if (exactly_two) {
        twin = res->witnesses[1];
        res->count = 1, res->witness_count = 1, res->stop = NP_STOP_EXHAUSTED;
    }
#endif
    if (proof_wanted(req, res) && res->stop == NP_STOP_EXHAUSTED && !s.stopped) {
        const uint8_t* witness = res->witness_count ? res->witnesses[0] : nullptr;
        const Proof written = write_proof(rows, cols, req->cells, witness, twin, req->proof, 0, &req->budget);
        res->proof = written == Proof::written ? NP_PROOF_WRITTEN : NP_PROOF_NONE;
    }
    return NP_OK;
#endif
}

bool generated_proof_wanted(const np_generate_request* req) {
#if MUTANT == 0 || MUTANT >= 15
    return NP_HAS(np_generate_request, req, proof) && req->proof.write;
#else
    (void)req;
    return false;
#endif
}

#if MUTANT == 13
uint64_t g_calls = 0;  // the mistake: state shared across calls instead of the seed
#endif

int generate(void*, const np_generate_request* req, np_generate_result* res) {
    const int rows = static_cast<int>(req->geometry.box_rows), cols = static_cast<int>(req->geometry.box_cols);
    const int side = rows * cols, n = side * side;
    for (uint32_t k = 0; k < req->count; ++k) {
#if MUTANT == 13
        uint64_t seed = mix(++g_calls);
#else
        uint64_t seed = mix(req->seed ^ mix(req->first_index + k));
#endif
        Solver grid(rows, cols, &req->budget, 1);
        std::vector<uint8_t> empty(static_cast<std::size_t>(n), 0);
        np_violation unused{};
        grid.load(empty.data(), &unused);
        grid.random_order = true;
        grid.rng = seed;
        grid.run();
        if (grid.stopped || grid.count == 0) return NP_OK;  // the budget ran out
        std::vector<uint8_t> cells = grid.found[0];
        if (req->kind == NP_GENERATE_PUZZLE) {
            // Remove clues in a random order while the puzzle stays unique.
            std::vector<int> order(static_cast<std::size_t>(n));
            for (int i = 0; i < n; ++i) order[i] = i;
            for (int i = n; i > 1; --i) std::swap(order[i - 1], order[(seed = mix(seed)) % i]);
            [[maybe_unused]] int last_kept = -1;
            for (int cell : order) {
                const uint8_t v = cells[cell];
                cells[cell] = 0;
                Solver check(rows, cols, &req->budget, 2);
                check.load(cells.data(), &unused);
                check.run();
                // A check the budget stopped decides nothing: results must not
                // depend on how fast the machine is, so the run ends here.
                if (check.stopped) return NP_OK;
                if (check.count != 1) cells[cell] = v, last_kept = cell;
            }
#if MUTANT == 14
            if (last_kept >= 0) cells[last_kept] = 0;  // one clue too many removed
#endif
            // Its proof of uniqueness, when asked; a budget spent while
            // proving ends the call like one spent while generating.
            if (generated_proof_wanted(req) &&
                write_proof(rows, cols, cells.data(), grid.found[0].data(), nullptr, req->proof, k, &req->budget) ==
                    Proof::stopped)
                return NP_OK;
        }
        std::memcpy(res->cells + static_cast<std::size_t>(k) * n, cells.data(), static_cast<std::size_t>(n));
        ++res->produced;
    }
    return NP_OK;
}

const np_plugin kDescriptor = {
    NP_DESCRIPTOR_HEAD, MUTANT_NAME, "0.0.1", "a correct solver and generator, or a deliberately broken copy (tests)",
    NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_GENERATE_GRID | NP_CAP_GENERATE_PUZZLE
#if MUTANT == 0 || MUTANT >= 15
        | NP_CAP_PROOF
#endif
    ,
    25, nullptr, 0, nullptr, 0, nullptr, nullptr, solve, nullptr, generate,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const np_plugin* numplace_plugin_entry(void) { return &kDescriptor; }
