// tdoku: Tom Dillon's tdoku (BSD 2-clause; github.com/t-dillon/tdoku), the
// reference fast 9x9 solver, built from the user's own clone
// (-DNUMPLACE_TDOKU_SOURCE=DIR; README.md). Nothing of tdoku is in this
// repository: this file is the glue to its C entry points.
//
// What its entry point does not do, and what this file does about it:
//  * It checks nothing: repeated givens give a wrong answer, not an error.
//    The givens are scanned first (the SDK's givens_repeat), a repeat located.
//  * Its solving entry point returns a solution only when its limit is 1,
//    while the ABI wants a witness of each solution it counts, up to two.
//    So a call with limit 1 is that entry point, and one with limit >= 2 is
//    TdokuEnumerate (tdoku.h), the same solver counting to the limit and
//    handing each solution to a callback, which keeps the first two: one
//    search either way, as cheap as tdoku's own count (measured: the same
//    instructions per puzzle). (Its solver's configuration 1 keeps "the
//    last solution found", but on a puzzle with many solutions that was
//    the first one again: verify failed it for two equal witnesses.)
//  * TdokuEnumerate does not report guesses. Option guesses=1 runs tdoku's
//    counting entry point first, for its guess count, then the enumeration:
//    two searches, both timed, for a table of guesses per puzzle.
//  * Its solvers are process-wide objects, not instances: every call holds
//    one lock, so two instances in two threads never share them.
//  * It takes no budget and no terminate callback: a 9x9 search takes
//    microseconds, and the host's deadline stops a worker that hangs.
#include <tdoku.h>

#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>

#include "numplace/plugin.hpp"

namespace {

constexpr int kSide = 9, kCells = 81;

std::mutex tdoku_lock;  // tdoku's solvers are globals

// tdoku's input: 81 characters ('1'..'9', '.'), or with candidate masks the
// 729-character pencilmark form (cell by cell, digit d as '0'+d or '.').
std::string input_of(const np::plugin::Solve& call) {
    if (call.candidates == nullptr) {
        std::string line(kCells, '.');
        for (int i = 0; i < kCells; ++i)
            if (call.givens[i] != 0) line[i] = static_cast<char>('0' + call.givens[i]);
        return line;
    }
    std::string marks(kCells * kSide, '.');
    for (int i = 0; i < kCells; ++i)
        for (int d = 1; d <= kSide; ++d)
            if (call.candidate_mask(i) & (uint64_t{1} << d)) marks[i * kSide + d - 1] = static_cast<char>('0' + d);
    return marks;
}

// A solution line of tdoku's as cells.
void to_cells(const char* line, uint8_t* cells) {
    for (int i = 0; i < kCells; ++i) cells[i] = static_cast<uint8_t>(line[i] - '0');
}

struct Tdoku {
    static constexpr np::plugin::Info info = {
        "tdoku", "1.0.0",
        "tdoku (Tom Dillon, BSD 2-clause), built from the user's clone: DPLL over band triads with SIMD; 9x9 only",
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_CANDIDATES, /*max_side=*/0, 0,
        "bitmask-mrv solves every shape"};
    static constexpr np_geometry shapes[] = {{3, 3}};
    static constexpr np_option_spec options[] = {
        {"guesses", "0|1", "0", "solve",
         "1: with limit 2 or more, run tdoku's counting entry point first for its guess count (a second "
         "search, timed too); 0: one search, no guess count"},
    };

    void solve(np::plugin::Solve& call) {
        if (call.givens_repeat()) return;  // the SDK locates a repeat
        const std::string input = input_of(call);
        std::lock_guard lock(tdoku_lock);
        if (call.limit == 1) return solve_one(call, input);
        if (call.options.get("guesses") == "1") {
            size_t guesses = 0;
            TdokuSolverDpllTriadSimd(input.c_str(), call.limit, 0, nullptr, &guesses);
            call.guess(guesses);
        }
        Witnesses w{call, 0};
        const size_t count = TdokuEnumerate(input.c_str(), call.limit, &Witnesses::take, &w);
        call.add_solutions(count - w.taken);
    }

private:
    static void solve_one(np::plugin::Solve& call, const std::string& input) {
        char line[kCells + 1] = {};
        size_t guesses = 0;
        const size_t count = TdokuSolverDpllTriadSimd(input.c_str(), 1, 0, line, &guesses);
        call.guess(guesses);
        if (count == 0) return;
        uint8_t cells[kCells];
        to_cells(line, cells);
        call.found(cells);
    }

    // TdokuEnumerate's callback: the first two solutions it finds are the
    // witnesses; the rest are only counted (its return value).
    struct Witnesses {
        np::plugin::Solve& call;
        uint64_t taken;
        static void take(const char* line, void* self) {
            auto* w = static_cast<Witnesses*>(self);
            if (w->taken == 2) return;
            uint8_t cells[kCells];
            to_cells(line, cells);
            w->call.found(cells);
            ++w->taken;
        }
    };
};

}  // namespace

NUMPLACE_PLUGIN(Tdoku)
