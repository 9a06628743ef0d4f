// bitmask-mrv: the project's fast solver and unique-puzzle generator, after
// seed 004 (bit-mask candidates, fewest-candidates-first search, uniqueness
// by a forward and a backward search). The algorithm is in search.hpp (the
// search), engine.hpp (propagation; a 9x9 and an any-shape instance) and
// generator.hpp; this file is the glue to the C++ layer (numplace/plugin.hpp):
// the algorithm answers in plain structs (Answer, Counters) and report()
// hands them to the call.
//
// Seed 004's four answers map onto the ABI like this:
//   rule_violation     -> NP_INVALID_INPUT, violation located (givens.hpp)
//   unsolvable         -> count 0, NP_STOP_EXHAUSTED
//   multiple_solutions -> count 2 (two distinct witnesses)
//   valid              -> count 1, NP_STOP_EXHAUSTED

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include "engine.hpp"
#include "generator.hpp"
#include "givens.hpp"
#include "numplace/plugin.hpp"

namespace {

using Options = np::sdk::Options;  // the --option values, as the layer parsed them

using namespace bitmask_mrv;

// ---- Options, read into plain settings ----------------------------------------------

struct SolveSettings {
    bool forward_backward = false;  // uniqueness=forward-backward
    bool force_general = false;     // engine=general
};

SolveSettings solve_settings(const Options& options) {
    return {options.get("uniqueness") == "forward-backward", options.get("engine") == "general"};
}

struct GenerateSettings {
    bool force_general = false;
    long long clues = 0;  // as given; negative is refused
    PuzzleSettings puzzle;
};

Symmetry symmetry_from_name(const std::string& name) {
    if (name == "rotate180") return Symmetry::rotate180;
    if (name == "rotate90") return Symmetry::rotate90;
    if (name == "mirror") return Symmetry::mirror;
    if (name == "diagonal") return Symmetry::diagonal;
    return Symmetry::none;
}

GenerateSettings generate_settings(const Options& options) {
    GenerateSettings settings;
    settings.force_general = options.get("engine") == "general";
    settings.puzzle.symmetry = symmetry_from_name(options.get("symmetry"));
    settings.puzzle.minimal = options.get("minimal") == "1";
    settings.clues = options.get_int("clues");
    settings.puzzle.clue_target = static_cast<int>(std::clamp<long long>(settings.clues, 0, kMaxCells));
    return settings;
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
int quick_clue_target(int box_rows, int box_cols) { return box_rows == 1 || box_cols == 1 ? 420 : 320; }

// Why this generation is refused, with the way that works; empty when it is
// not. With minimal=0 and no target the pass also visits every clue, so that
// is refused the same way.
std::string slow_minimal(bool puzzle_kind, int box_rows, int box_cols, const PuzzleSettings& puzzle) {
    if (!puzzle_kind || box_rows * box_cols != 25) return "";
    if (!puzzle.minimal && puzzle.clue_target > 0) return "";
    const std::string example = "(e.g. N=" + std::to_string(quick_clue_target(box_rows, box_cols)) + ")";
    return puzzle.minimal ? "minimal puzzles at 25x25 take minutes each; use --option minimal=0 "
                            "--option clues=N " + example
                          : "minimal=0 without a clue target still makes minimal puzzles, which "
                            "take minutes each at 25x25; add --option clues=N " + example;
}

// Why these generate options are refused; empty when they are not.
std::string refusal(const GenerateSettings& settings, bool puzzle_kind, int box_rows, int box_cols) {
    if (settings.clues < 0) return "option 'clues': must be 0 (no target) or a positive number";
    return slow_minimal(puzzle_kind, box_rows, box_cols, settings.puzzle);
}

// ---- What a solve found, in plain terms ---------------------------------------------

struct Answer {
    bool invalid = false;
    BadGiven fault;                  // when invalid
    uint64_t count = 0;              // solutions counted, up to the limit
    const uint8_t* witness[2] = {};  // the first two of them
    bool two_differ = false;         // forward-backward met two different solutions
    bool unprovable = false;         // a proof was asked of forward-backward (README.md, "Proofs")
};

// ---- The plugin ----------------------------------------------------------------------

class BitmaskMrv {
public:
    static constexpr np::plugin::Info info = {
        "bitmask-mrv", "1.0.0",
        "Seed 004: bit-mask candidates, fewest-candidates-first branching, naked and hidden singles, "
        "locked candidates; the fast solver (specialised 9x9 path) and the unique-puzzle generator.",
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_PROOF | NP_CAP_GENERATE_GRID | NP_CAP_GENERATE_PUZZLE,
        kMaxSide, 0, nullptr, /* the default of every shape after simd's 9x9: */
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_GENERATE_GRID | NP_CAP_GENERATE_PUZZLE, /*default_rank=*/20};

    static constexpr np_option_spec options[] = {
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

    void solve(np::plugin::Solve& call) {
        const SolveSettings settings = solve_settings(call.options);
        with_engine(call.shape, settings.force_general, [&](auto& engine) {
            engine.begin_call(call);
            const Answer answer = answer_for(engine, call.givens, call.limit, settings.forward_backward, call.proof());
            report(answer, engine.counters(), call);
        });
    }

    // Result call.index of the seed's sequence, drawn from call.rng, which
    // the layer seeds with derive_seed(seed, index) as this plugin always did.
    bool generate(np::plugin::Generate& call) {
        const GenerateSettings settings = generate_settings(call.options);
        const bool puzzle = call.kind == NP_GENERATE_PUZZLE;  // the layer refuses any other kind
        if (const std::string why = refusal(settings, puzzle, call.shape.box_rows, call.shape.box_cols); !why.empty()) {
            call.bad_option(why);  // NP_BAD_OPTION: the options are what is refused, not the shape
            return false;
        }
        bool made = false;
        with_engine(call.shape, settings.force_general, [&](auto& engine) {
            engine.begin_call(call);
            made = make(engine, puzzle, settings.puzzle, call.rng, call.out, call.proof());
            report(engine.counters(), call);
        });
        return made;
    }

private:
    // The 9x9 engine for 3x3 boxes (unless engine=general), the any-shape
    // one otherwise; its tables are kept until the shape changes.
    template <class Body>
    void with_engine(const np::plugin::Shape& shape, bool force_general, Body&& body) {
        if (shape.box_rows == 3 && shape.box_cols == 3 && !force_general) return body(classic_);
        if (!general_ || general_->box_rows() != shape.box_rows || general_->box_cols() != shape.box_cols)
            general_ = std::make_unique<GeneralEngine>(shape.box_rows, shape.box_cols);
        body(*general_);
    }

    // `proof`: where to write the search tree, when one is asked.
    template <class Eng>
    Answer answer_for(Eng& engine, const uint8_t* givens, uint64_t limit, bool forward_backward,
                      np::proof::ProofWriter* proof) {
        Answer answer;
        if (!engine.load(givens)) {
            answer.invalid = true;
            if (!locate_bad_given(givens, engine.box_rows(), engine.box_cols(), answer.fault))
                throw std::logic_error("internal error: givens rejected but no fault located");
            return answer;
        }
        engine.settle_root();
        Ascending ascending;
        if (!forward_backward || limit == 1) {
            engine.prove_with(proof);  // the one search, whole when it is exhausted
            answer.count = engine.run(limit, ascending).count;
            answer.witness[0] = engine.solution(0);
            answer.witness[1] = engine.solution(1);
            return answer;
        }
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
        //
        // Neither search is the whole tree, and the argument is not one a
        // checker can follow: no proof (README.md, "Proofs").
        answer.unprovable = proof != nullptr;
        // No solution forward, or the budget ran out (the call knows which).
        if (engine.run(1, ascending).count == 0) return answer;
        const std::size_t n = static_cast<std::size_t>(engine.cell_count());
        std::memcpy(forward_.data(), engine.solution(0), n);
        answer.count = 1;
        answer.witness[0] = forward_.data();
        Descending descending;
        const Outcome backward = engine.run(1, descending);
        if (backward.stop == Stop::budget) return answer;
        if (backward.count == 0) throw std::logic_error("internal error: the backward search found no solution");
        if (std::memcmp(forward_.data(), engine.solution(0), n) != 0) {
            // Two distinct solutions; the count is not exact (stop = limit).
            answer.count = 2;
            answer.witness[1] = engine.solution(0);
            answer.two_differ = true;
        }
        return answer;
    }

    // `proof`, when set, gets the proof that the puzzle made is unique.
    template <class Eng>
    static bool make(Eng& engine, bool puzzle, const PuzzleSettings& settings, np::Rng& rng, uint8_t* out,
                     np::proof::ProofWriter* proof) {
        Generator<Eng> generator(engine);
        if (!puzzle) return generator.make_grid(rng, out);
        return generator.make_puzzle(rng, settings, make_orbits(engine.side(), settings.symmetry), out) &&
               (proof == nullptr || generator.prove_unique(out, *proof));
    }

    // ---- The adapter: plain results to the call ----

    static void report(const Answer& answer, const Counters& counters, np::plugin::Solve& call) {
        if (answer.invalid) {
            const BadGiven& fault = answer.fault;
            call.invalid(fault.code, fault.row, fault.column, fault.value, fault.message);
            return;
        }
        // found() counts a solution and keeps it while there is room for
        // witnesses (two); the search kept only the first two, and the
        // layer has no other way to take a count.
        for (uint64_t k = 0; k < answer.count; ++k) call.found(answer.witness[k < 2 ? k : 1]);
        if (answer.two_differ) call.two_differ();
        if (answer.unprovable) call.cannot_prove();
        report(counters, call);
    }

    static void report(const Counters& counters, np::plugin::Call& call) {
        call.set_nodes(counters.nodes);
        call.guess(counters.guesses);
        for (const auto& [name, value] : counters.named()) call.counter(name, value);
    }

    ClassicEngine classic_;
    std::unique_ptr<GeneralEngine> general_;
    std::array<uint8_t, kMaxCells> forward_{};  // the forward search's solution
};

}  // namespace

NUMPLACE_PLUGIN(BitmaskMrv)
