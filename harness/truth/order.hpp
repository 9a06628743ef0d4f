// Puzzles made to order (docs/rating.md, "Puzzles made to order"): a
// generator plugin's puzzles, kept when the harness's own rating of an
// explaining plugin's certified steps falls in an ER band, or when that
// path uses a named technique. Nothing a plugin says is taken for a result:
//   - the candidates are the generator's, certified by the host (valid);
//   - the rating is rating::rate over the rater's steps, each certified by
//     the host against its own state as it came (StepIntake);
//   - uniqueness is the prover's complete search (an independent plugin),
//     and every step is checked sound against the prover's solution
//     (judge::unsound_step), so a lucky step cannot make a rating.
// Whether a rated candidate is to order is judged by judge/to_order.hpp;
// this file asks the plugins.
// The results are the candidates that pass, in the generator's order: the
// sequence depends only on the seed, the options, the shape and the order,
// so it is reproducible, and result i is the i-th candidate that passes.
// A candidate whose rating call runs out of budget is passed over (and
// counted): a rating is only as good as a finished path.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "judge/to_order.hpp"
#include "numplace/host.hpp"
#include "rating/rating.hpp"
#include "runner/runner.hpp"

namespace np::truth {

// The rater of an order among `loaded`: the one named (it must explain),
// or with no name the one plugin that explains; nullptr and `error` when
// there is no such plugin, or more than one to choose from.
const Plugin* find_rater(const std::vector<Plugin>& loaded, const std::string& name, std::string& error);

struct OrderCall {
    const Plugin* generator = nullptr;
    OptionList generator_options;
    const Plugin* rater = nullptr;  // explains (NP_CAP_EXPLAIN)
    OptionList rater_options;
    const Plugin* prover = nullptr;  // proves uniqueness: never the generator or the rater
    Geometry size;
    uint64_t seed = 0;
    judge::Order order;
};

struct Made {
    uint64_t candidate = 0;  // its index in the generator's sequence
    Grid puzzle;
    rating::Rating rating;
};

// Why candidates were passed over, for the summary line.
struct Tried {
    uint64_t candidates = 0;    // generated and looked at
    uint64_t out_of_band = 0;   // rated, but not to order
    uint64_t unrated = 0;       // the rater got stuck, ran out of budget or named a technique the table lacks
    uint64_t not_unique = 0;    // the prover found other solutions (or none)
    uint64_t undecided = 0;     // the prover did not finish
};

// Candidates [from, from + count) judged: those made to order, in order.
// A failure of a plugin (a fault, an unsound step, a refused call) ends the
// run: `error` says which; a result from it is never returned.
struct Chunk {
    std::vector<Made> made;
    Tried tried;
    std::string error;
    bool budget_out = false;  // the generator or a call ran out of the whole budget
};
Chunk judge_candidates(const OrderCall& call, runner::Runner& run, uint64_t from, uint64_t count, const Budget& budget);

// The same sequence judged in this thread with `run`, chunk after chunk
// (verify's generator checker): results first .. first + count - 1, fewer
// when `max_candidates` or the budget ran out, or a plugin failed.
struct Collected {
    std::vector<Made> made;
    Tried tried;
    std::string error;
};
Collected collect_to_order(const OrderCall& call, runner::Runner& run, uint64_t first, uint64_t count,
                           uint64_t max_candidates, const Budget& budget);

// Results first .. first + count - 1 of the sequence: chunks of `chunk`
// candidates judged by `threads` threads (each with a runner from
// `settings`), `emit` called in order as results are known. Stops at
// `max_candidates` candidates (0 = no limit), the whole budget or `stop()`.
struct OrderRun {
    Tried tried;
    uint64_t produced = 0;
    std::string error;   // a plugin's failure: the run stopped there
    bool exhausted = false;  // max_candidates or the budget ran out first
};
OrderRun make_to_order(const OrderCall& call, const runner::Settings& settings, unsigned threads, uint64_t first,
                       uint64_t count, uint64_t max_candidates, const Budget& whole,
                       const std::function<void(uint64_t index, const Made&)>& emit,
                       const std::function<bool()>& stop = {});

}  // namespace np::truth
