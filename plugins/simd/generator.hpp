// simd's generator: a random full grid (one search of the empty grid, the
// values of each branching in a random order), then a minimal unique
// puzzle from it (its clues taken away in a random order, each kept away
// while the puzzle stays unique, counted to two by the solver itself).
#pragma once

#include <cstdint>
#include <cstring>

#include "job.hpp"
#include "numplace/random.hpp"

namespace simd {

using RunFn = void (*)(const Job&, Outcome&);

class Generator {
public:
    // `run`: the path's search; `total`: every search's counters, added up.
    Generator(RunFn run, Hooks& hooks, np::Rng& rng, Outcome& total)
        : run_(run), hooks_(hooks), rng_(rng), total_(total) {}

    bool grid(uint8_t* out) {
        const uint8_t empty[kCells] = {};
        Job job = job_for(empty);
        job.shuffle = rng_.next() | 1;  // never 0, which means "ascending"
        const Outcome& found = search(job);
        if (found.count == 0) return false;
        std::memcpy(out, found.solution[0], kCells);
        return true;
    }

    // Empties the cells of a full grid in place; false when the budget ran out.
    bool puzzle(uint8_t* grid) {
        int order[kCells];
        for (int i = 0; i < kCells; ++i) order[i] = i;
        rng_.shuffle(order, order + kCells);
        for (int cell : order) {
            const uint8_t value = grid[cell];
            grid[cell] = 0;
            const Outcome& counted = search(job_for(grid, 2));
            if (counted.stopped) return false;
            if (counted.count != 1) grid[cell] = value;
        }
        return true;
    }

    // Solutions of `grid` counted to two, the search written as a proof
    // through the hooks when `proving`; 0 when the budget ran out.
    uint64_t count(const uint8_t* grid, bool proving) {
        Job job = job_for(grid, 2);
        job.proving = proving;
        const Outcome& counted = search(job);
        return counted.stopped ? 0 : counted.count;
    }

private:
    Job job_for(const uint8_t* givens, uint64_t limit = 1) {
        Job job;
        job.givens = givens;
        job.limit = limit;
        job.hooks = &hooks_;
        return job;
    }
    const Outcome& search(const Job& job) {
        run_(job, last_);
        total_.nodes += last_.nodes, total_.guesses += last_.guesses, total_.passes += last_.passes;
        total_.stopped = total_.stopped || last_.stopped;
        return last_;
    }

    RunFn run_;
    Hooks& hooks_;
    np::Rng& rng_;
    Outcome& total_;
    Outcome last_;
};

}  // namespace simd
