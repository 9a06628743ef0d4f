// A small, correct solver and generator, built against the public header
// only, and fourteen broken copies of it: each MUTANT is a mistake solver
// authors really make. tests/cli/mutants_test.cpp asserts that verify or fuzz
// catches each, with the right kind of finding; MUTANT 0 (mutant-none) must
// pass everything, so that the harness raises no false alarm.
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
#include <cstdint>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <vector>

#include "numplace/plugin_api.h"

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
    return NP_OK;
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
        }
        std::memcpy(res->cells + static_cast<std::size_t>(k) * n, cells.data(), static_cast<std::size_t>(n));
        ++res->produced;
    }
    return NP_OK;
}

const np_plugin kDescriptor = {
    NP_DESCRIPTOR_HEAD, MUTANT_NAME, "0.0.1", "a correct solver and generator, or a deliberately broken copy (tests)",
    NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_GENERATE_GRID | NP_CAP_GENERATE_PUZZLE,
    25, nullptr, 0, nullptr, 0, nullptr, nullptr, solve, nullptr, generate,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const np_plugin* numplace_plugin_entry(void) { return &kDescriptor; }
