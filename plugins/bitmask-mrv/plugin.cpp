// bitmask-mrv: the project's fast solver and unique-puzzle generator, after
// seed 004 (bit-mask candidates, fewest-candidates-first search, uniqueness
// by a forward and a backward search). The algorithm is in search.hpp (the
// search), engine.hpp (propagation; a 9x9 and an any-shape instance) and
// generator.hpp; this file is the glue to the C ABI.
//
// Seed 004's four answers map onto the ABI like this:
//   rule_violation     -> NP_INVALID_INPUT, violation located (givens.hpp)
//   unsolvable         -> count 0, NP_STOP_EXHAUSTED
//   multiple_solutions -> count 2 (two distinct witnesses)
//   valid              -> count 1, NP_STOP_EXHAUSTED

#include <array>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>

#include "engine.hpp"
#include "generator.hpp"
#include "givens.hpp"
#include "numplace/plugin_api.h"
#include "numplace/plugin_sdk.hpp"
#include "numplace/random.hpp"

namespace {

using namespace bitmask_mrv;

// ---- Options ------------------------------------------------------------------------

const np_option_spec kOptions[] = {
    {"uniqueness", "count|forward-backward", "count", "solve",
     "count: count solutions up to the limit; forward-backward: seed 004's test, one search trying "
     "values ascending and one descending, the same solution meaning unique (answers 0, 1 or 2)"},
    {"engine", "auto|general", "auto", "all",
     "auto: the specialised engine for 9x9 (3x3 boxes), the general one otherwise; general: the "
     "any-shape engine for every shape (to cross-check the two)"},
    {"symmetry", "none|rotate180|rotate90|mirror|diagonal", "none", "generate",
     "symmetry of the clue pattern (positions only, any box shape): clues are removed by orbit"},
    {"minimal", "0|1", "1", "generate",
     "1: try every clue (orbit) once, so that none can be removed without losing uniqueness"},
    {"clues", "integer", "0", "generate",
     "with minimal=0, stop removing once at most this many clues remain (0: no target); with "
     "minimal=1 minimality wins"},
};
constexpr uint32_t kOptionCount = sizeof kOptions / sizeof kOptions[0];

int solve(void* instance, const np_solve_request* request, np_solve_result* result);
int generate(void* instance, const np_generate_request* request, np_generate_result* result);
void* create_instance();
void destroy_instance(void* instance);

const np_plugin kDescriptor = {
    NP_ABI_VERSION,
    "bitmask-mrv",
    "1.0.0",
    "Seed 004: bit-mask candidates, fewest-candidates-first branching, naked and hidden singles, "
    "locked candidates; the fast solver (specialised 9x9 path) and the unique-puzzle generator.",
    NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_GENERATE_GRID | NP_CAP_GENERATE_PUZZLE,
    kMaxSide,
    nullptr,  // no listed shapes: every R x C with R*C <= 25
    0,
    kOptions,
    kOptionCount,
    &create_instance,
    &destroy_instance,
    &solve,
    nullptr,  // no check_grid
    &generate,
};

// ---- The instance: scratch space reused from call to call ---------------------------

struct Instance {
    ClassicEngine classic;
    std::unique_ptr<GeneralEngine> general;

    GeneralEngine& general_for(int box_rows, int box_cols) {
        if (!general || general->box_rows() != box_rows || general->box_cols() != box_cols)
            general = std::make_unique<GeneralEngine>(box_rows, box_cols);
        return *general;
    }
};

void* create_instance() {
    try {
        return new Instance();
    } catch (...) {
        return nullptr;
    }
}

void destroy_instance(void* instance) { delete static_cast<Instance*>(instance); }

// ---- Shared checks ----------------------------------------------------------------------

bool geometry_supported(const np_geometry& g) {
    if (g.box_rows < 1 || g.box_cols < 1 || g.box_rows > kMaxSide || g.box_cols > kMaxSide) return false;
    const uint32_t side = g.box_rows * g.box_cols;
    return side >= 2 && side <= kMaxSide;
}

template <class Result>
int unsupported(const np_geometry& g, Result& result) {
    np::sdk::set_message(result.message, "bitmask-mrv supports shapes R x C with R*C <= 25, not " +
                                             std::to_string(g.box_rows) + "x" + std::to_string(g.box_cols));
    return NP_UNSUPPORTED;
}

bool is_classic(const np_geometry& g, bool force_general) {
    return g.box_rows == 3 && g.box_cols == 3 && !force_general;
}

// ---- Solve ----------------------------------------------------------------------------

struct SolveSettings {
    bool forward_backward = false;
    bool force_general = false;
};

uint32_t stop_code(Stop stop) {
    switch (stop) {
        case Stop::exhausted: return NP_STOP_EXHAUSTED;
        case Stop::limit: return NP_STOP_LIMIT;
        case Stop::budget: return NP_STOP_BUDGET;
    }
    return NP_STOP_BUDGET;
}

void put_witness(np_solve_result& result, const uint8_t* cells, std::size_t n) {
    const uint32_t k = result.witness_count;
    if (k < NP_MAX_WITNESSES && result.witnesses[k] != nullptr) {
        std::memcpy(result.witnesses[k], cells, n);
        result.witness_count = k + 1;
    }
}

template <class Eng>
int solve_with(Eng& engine, const np_solve_request& request, np_solve_result& result,
               const SolveSettings& settings) {
    engine.begin_call(request.budget);
    if (!engine.load(request.cells)) {
        std::string message;
        if (!locate_bad_given(request.cells, engine.box_rows(), engine.box_cols(), result.violation, message))
            throw std::logic_error("internal error: givens rejected but no fault located");
        np::sdk::set_message(result.message, message);
        return NP_INVALID_INPUT;
    }
    engine.settle_root();
    const std::size_t n = static_cast<std::size_t>(engine.cell_count());

    if (!settings.forward_backward || request.limit == 1) {
        Ascending ascending;
        const Outcome outcome = engine.run(request.limit, ascending);
        result.count = outcome.count;
        result.stop = stop_code(outcome.stop);
        for (int k = 0; k < 2 && static_cast<uint64_t>(k) < outcome.count; ++k)
            put_witness(result, engine.solution(k), n);
    } else {
        // Seed 004's uniqueness test. Why it is a proof here: propagation
        // and the choice of the branching cell (MRV, ties to the first cell)
        // depend only on the node's state, never on the order in which
        // values are tried, so the forward and the backward search walk the
        // same search tree - a node's children are the same, only visited
        // in the opposite order. Propagation removes no solution and the
        // children of a node split its solutions by the value of the
        // branching cell, so the solutions are exactly the tree's solved
        // leaves, each reached once. The forward search stops at the
        // leftmost of them and the backward search at the rightmost; the
        // two are the same leaf exactly when there is only one.
        Ascending ascending;
        const Outcome forward = engine.run(1, ascending);
        if (forward.stop == Stop::budget) {
            result.count = 0;
            result.stop = NP_STOP_BUDGET;
        } else if (forward.count == 0) {
            result.count = 0;
            result.stop = NP_STOP_EXHAUSTED;
        } else {
            std::array<uint8_t, kMaxCells> first{};
            std::memcpy(first.data(), engine.solution(0), n);
            put_witness(result, first.data(), n);
            Descending descending;
            const Outcome backward = engine.run(1, descending);
            if (backward.stop == Stop::budget) {
                result.count = 1;
                result.stop = NP_STOP_BUDGET;
            } else if (backward.count == 0) {
                throw std::logic_error("internal error: the backward search found no solution");
            } else if (std::memcmp(first.data(), engine.solution(0), n) == 0) {
                result.count = 1;
                result.stop = NP_STOP_EXHAUSTED;
            } else {
                // Two distinct solutions; the count is not exact (NP_STOP_LIMIT).
                result.count = 2;
                result.stop = NP_STOP_LIMIT;
                put_witness(result, engine.solution(0), n);
            }
        }
    }

    const Counters& counters = engine.counters();
    result.stats.nodes = engine.budget().explored();
    result.stats.guesses = counters.guesses;
    np::sdk::add_counter(result.stats, "naked_singles", counters.naked_singles);
    np::sdk::add_counter(result.stats, "hidden_singles", counters.hidden_singles);
    np::sdk::add_counter(result.stats, "locked_candidates", counters.locked);
    np::sdk::add_counter(result.stats, "dead_ends", counters.dead_ends);
    return NP_OK;
}

int parse_solve_settings(const np_solve_request& request, np_solve_result& result, SolveSettings& settings) {
    if (request.option_count == 0) return NP_OK;  // the defaults, without building a map per call
    np::sdk::Options options;
    std::string error;
    if (!options.parse(kOptions, kOptionCount, request.options, request.option_count, "solve", error)) {
        np::sdk::set_message(result.message, error);
        return NP_BAD_OPTION;
    }
    settings.forward_backward = options.get("uniqueness") == "forward-backward";
    settings.force_general = options.get("engine") == "general";
    return NP_OK;
}

int solve(void* instance, const np_solve_request* request, np_solve_result* result) {
    if (result == nullptr) return NP_FAILED;
    return np::sdk::guarded(result, [&]() -> int {
        if (request == nullptr || request->cells == nullptr) {
            np::sdk::set_message(result->message, "solve called without a request or cells");
            return NP_FAILED;
        }
        if (!geometry_supported(request->geometry)) return unsupported(request->geometry, *result);
        SolveSettings settings;
        if (const int status = parse_solve_settings(*request, *result, settings); status != NP_OK) return status;
        if (request->limit == 0) {
            np::sdk::set_message(result->message, "limit must be at least 1");
            return NP_FAILED;
        }
        std::unique_ptr<Instance> temporary;  // a host that did not call create
        Instance* state = static_cast<Instance*>(instance);
        if (state == nullptr) {
            temporary = std::make_unique<Instance>();
            state = temporary.get();
        }
        const np_geometry& g = request->geometry;
        if (is_classic(g, settings.force_general)) return solve_with(state->classic, *request, *result, settings);
        return solve_with(state->general_for(static_cast<int>(g.box_rows), static_cast<int>(g.box_cols)),
                          *request, *result, settings);
    });
}

// ---- Generate ------------------------------------------------------------------------

struct GenerateSettings {
    bool force_general = false;
    PuzzleSettings puzzle;
};

Symmetry symmetry_from_name(const std::string& name) {
    if (name == "rotate180") return Symmetry::rotate180;
    if (name == "rotate90") return Symmetry::rotate90;
    if (name == "mirror") return Symmetry::mirror;
    if (name == "diagonal") return Symmetry::diagonal;
    return Symmetry::none;
}

// Minimal puzzles at side 25 are refused up front: near the end of the pass
// a single removal test can take tens of millions of nodes, so one puzzle
// takes minutes, and a user who asked with the defaults would only see a
// hang. A clue target stops the pass before that. The targets below are the
// lowest round ones measured to stay quick (README.md, "Limits"): the cost
// rises steeply just under them (5x5 boxes: every one of 40 seeds within
// 0.03 s at 320 clues, up to 2.4 s at 310, over 30 s for some at 300).
// Boxes that are a whole row or column (1x25, 25x1) need more clues: within
// 0.05 s at 420 over 12 seeds, up to 1.4 s at 400, over 20 s at 380.
int quick_clue_target(const np_geometry& g) { return g.box_rows == 1 || g.box_cols == 1 ? 420 : 320; }

// NP_OK, or NP_BAD_OPTION with the way that works. With minimal=0 and no
// target the pass also visits every clue, so that is refused the same way.
int refuse_slow_minimal(const np_generate_request& request, const PuzzleSettings& puzzle, np_generate_result& result) {
    const bool side_25 = request.geometry.box_rows * request.geometry.box_cols == 25;
    if (request.kind != NP_GENERATE_PUZZLE || !side_25) return NP_OK;
    if (!puzzle.minimal && puzzle.clue_target > 0) return NP_OK;
    const std::string example = "(e.g. N=" + std::to_string(quick_clue_target(request.geometry)) + ")";
    np::sdk::set_message(result.message, puzzle.minimal
                                             ? "minimal puzzles at 25x25 take minutes each; use --option minimal=0 "
                                               "--option clues=N " + example
                                             : "minimal=0 without a clue target still makes minimal puzzles, which "
                                               "take minutes each at 25x25; add --option clues=N " + example);
    return NP_BAD_OPTION;
}

template <class Eng>
int generate_with(Eng& engine, const np_generate_request& request, np_generate_result& result,
                  const GenerateSettings& settings) {
    engine.begin_call(request.budget);
    Generator<Eng> generator(engine);
    const std::size_t n = static_cast<std::size_t>(engine.cell_count());
    Orbits orbits;
    if (request.kind == NP_GENERATE_PUZZLE) orbits = make_orbits(engine.side(), settings.puzzle.symmetry);

    for (uint32_t i = 0; i < request.count; ++i) {
        // Result i of this call is result first_index + i of the seed's
        // sequence, which depends on the seed and that index only.
        np::Rng rng(np::derive_seed(request.seed, request.first_index + i));
        uint8_t* out = result.cells + i * n;
        const bool made = !engine.budget().poll_now() &&
                          (request.kind == NP_GENERATE_GRID ? generator.make_grid(rng, out)
                                                            : generator.make_puzzle(rng, settings.puzzle, orbits, out));
        if (!made) {
            np::sdk::set_message(result.message, "budget ran out after " + std::to_string(i) + " of " +
                                                     std::to_string(request.count) + " results");
            break;
        }
        ++result.produced;
    }

    const Counters& counters = engine.counters();
    result.stats.nodes = engine.budget().explored();
    result.stats.guesses = counters.guesses;
    np::sdk::add_counter(result.stats, "naked_singles", counters.naked_singles);
    np::sdk::add_counter(result.stats, "hidden_singles", counters.hidden_singles);
    np::sdk::add_counter(result.stats, "locked_candidates", counters.locked);
    np::sdk::add_counter(result.stats, "dead_ends", counters.dead_ends);
    return NP_OK;
}

int generate(void* instance, const np_generate_request* request, np_generate_result* result) {
    if (result == nullptr) return NP_FAILED;
    return np::sdk::guarded(result, [&]() -> int {
        if (request == nullptr) {
            np::sdk::set_message(result->message, "generate called without a request");
            return NP_FAILED;
        }
        if (!geometry_supported(request->geometry)) return unsupported(request->geometry, *result);
        np::sdk::Options options;
        std::string error;
        if (!options.parse(kOptions, kOptionCount, request->options, request->option_count, "generate", error)) {
            np::sdk::set_message(result->message, error);
            return NP_BAD_OPTION;
        }
        GenerateSettings settings;
        settings.force_general = options.get("engine") == "general";
        settings.puzzle.symmetry = symmetry_from_name(options.get("symmetry"));
        settings.puzzle.minimal = options.get("minimal") == "1";
        const long long clues = options.get_int("clues");
        if (clues < 0) {
            np::sdk::set_message(result->message, "option 'clues': must be 0 (no target) or a positive number");
            return NP_BAD_OPTION;
        }
        settings.puzzle.clue_target = clues > kMaxCells ? kMaxCells : static_cast<int>(clues);
        if (request->kind != NP_GENERATE_GRID && request->kind != NP_GENERATE_PUZZLE) {
            np::sdk::set_message(result->message, "unknown generate kind " + std::to_string(request->kind));
            return NP_UNSUPPORTED;
        }
        if (const int status = refuse_slow_minimal(*request, settings.puzzle, *result); status != NP_OK) return status;
        if (request->count > 0 && result->cells == nullptr) {
            np::sdk::set_message(result->message, "generate called without a result buffer");
            return NP_FAILED;
        }
        std::unique_ptr<Instance> temporary;
        Instance* state = static_cast<Instance*>(instance);
        if (state == nullptr) {
            temporary = std::make_unique<Instance>();
            state = temporary.get();
        }
        const np_geometry& g = request->geometry;
        if (is_classic(g, settings.force_general)) return generate_with(state->classic, *request, *result, settings);
        return generate_with(state->general_for(static_cast<int>(g.box_rows), static_cast<int>(g.box_cols)),
                             *request, *result, settings);
    });
}

}  // namespace

NP_PLUGIN_EXPORT const np_plugin* numplace_plugin_entry(void) { return &kDescriptor; }
