// What every part of a fuzz run shares (fuzz.cpp makes it once per run):
// the plugins tested and where the truth comes from (the oracle, or another
// plugin when the oracle is the one tested; asked through truth/oracle.hpp),
// the runner and the budgets, and the tallies the properties count into.
// Internal to harness/fuzz.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzz/fuzz.hpp"
#include "runner/runner.hpp"
#include "setup/setup.hpp"
#include "truth/oracle.hpp"

namespace np::fuzz {

struct Context {
    const std::vector<Plugin>& tested;
    const Plugin* oracle;
    const std::vector<Plugin>& all;  // every loaded plugin: where provers come from
    const Plugin* grid_source;  // a generator whose grids the host certifies
    runner::Runner& run;
    Budget budget;
    const harness::Settings* settings = nullptr;  // for each tested plugin's own node budget

    // The budget of a tested plugin's calls: its node budget is the one
    // verify would give it (Settings::nodes_for).
    Budget budget_for(const Plugin& p) const {
        Budget b = budget;
        if (settings) b.max_nodes = settings->nodes_for(p);
        return b;
    }

    // What settles a plugin's answers: the oracle, or another plugin when
    // the oracle is the one tested (a plugin is never judged by itself).
    const Plugin* prover_for(const std::string& plugin) const { return harness::prover_for(plugin, oracle, all); }

    // What settles a plugin's counts: the same choice among the plugins that
    // count (the oracle when it counts, else the first other counter).
    const Plugin* counter_for(const std::string& plugin) const {
        std::vector<const Plugin*> counters;
        for (const Plugin& p : all)
            if (p.can(NP_CAP_COUNT)) counters.push_back(&p);
        return harness::prover_for(plugin, oracle && oracle->can(NP_CAP_COUNT) ? oracle : nullptr, counters);
    }

    // The exact count of `puzzle` by counter_for(plugin), with no limit;
    // nullopt when it does not finish within the budget. The last answer is
    // kept: every counting plugin of a case is judged on the same puzzle.
    struct Exact {
        uint64_t count = 0;
        std::string by;  // the counter's name
    };
    std::optional<Exact> exact_count(const std::string& plugin, const Grid& puzzle) {
        const Plugin* counter = counter_for(plugin);
        if (!counter || !counter->supports(puzzle.geometry)) return std::nullopt;
        if (last_count.puzzle != puzzle || last_count.by != counter->name()) {
            const auto c = truth::count(*counter, puzzle, NP_UNLIMITED, run, budget);
            last_count = {puzzle, counter->name(), std::nullopt};
            if (c && c->complete) last_count.exact = Exact{c->count, counter->name()};
        }
        return last_count.exact;
    }
    struct LastCount {
        Grid puzzle;
        std::string by;
        std::optional<Exact> exact;
    } last_count{};

    // The proof property: each proof's byte budget (0: the property is
    // off; `budget` itself asks for no proofs), and where it counts.
    uint64_t proof_bytes = 0;
    ProofTally* proofs = nullptr;
    // The step property: every step checked (--deep) or a sample, and where
    // it counts.
    bool deep = false;
    StepTally* step_tally = nullptr;
    RatingTally* rating_tally = nullptr;
    const OptionList* rating_options = nullptr;  // the rating property's explaining calls
    VariantTally* variant_tally = nullptr;       // --variants

    // What counter_for(plugin) finds for `puzzle` looking for up to `limit`
    // solutions: the exact count, or at least `limit`; nullopt when there is
    // no such counter or the budget stops it first.
    struct Found {
        uint64_t count = 0;
        bool exact = false;
        Grid first;  // the solution, when exactly one
        std::string by;
        std::string text() const {
            return by + " finds " + (exact ? std::to_string(count) : std::to_string(count) + " or more") +
                   (count == 1 && exact ? " solution" : " solutions");
        }
    };
    std::optional<Found> search(const std::string& plugin, const Grid& puzzle, uint64_t limit) {
        const Plugin* counter = counter_for(plugin);
        if (!counter || !counter->supports(puzzle.geometry)) return std::nullopt;
        const auto c = truth::count(*counter, puzzle, limit, run, budget);
        if (!c || (!c->complete && c->count < limit)) return std::nullopt;
        Found f{c->count, c->complete, Grid(puzzle.geometry), counter->name()};
        if (c->first) f.first = *c->first;
        return f;
    }
};

}  // namespace np::fuzz
