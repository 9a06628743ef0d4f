// csp: the glue to the C++ layer (numplace/plugin.hpp). The request's
// variant (or a classic puzzle's boxes) becomes a csp::Model, the engine
// searches (engine.hpp), and its solutions and counters go to the call.
// Givens repeated in a row, column or box are "invalid" (the layer's
// helper); givens that break another rule simply leave no solution.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

#include "engine.hpp"
#include "generate.hpp"
#include "variant_model.hpp"
#include "numplace/plugin.hpp"

namespace {

class Csp {
public:
    static constexpr np::plugin::Info info = {
        "csp", "1.0.0",
        "Variant puzzles: candidate masks, one propagator per constraint kind (bounds, pairwise tables, sum "
        "tables, exact enumeration of small groups), dom/wdeg search, every rule checked before a solution.",
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_PROOF | NP_CAP_GENERATE_PUZZLE, csp::kMaxSide, 0, nullptr,
        NP_CAP_SOLVE | NP_CAP_COUNT,
        /*default_rank=*/15,  // above exhaustive-count (10), which takes jigsaws and diagonals, below bitmask-mrv
        (NP_KIND_BIT(NP_KIND_COUNT - 1) << 1) - 1, NP_REGIONS_BIT(NP_REGIONS_IRREGULAR) | NP_REGIONS_BIT(NP_REGIONS_NONE)};

    static constexpr np_option_spec options[] = {
        {"variant", "jigsaw|x|windoku|anti-knight|anti-king|non-consecutive|killer|killer-no-givens|thermometer|arrow|"
                    "kropki|xv|sandwich",
         "jigsaw", "generate",
         "the kind of puzzle generate makes (generate.hpp): its rules drawn to fit a random solution, then givens "
         "removed while it stays unique"},
    };

    void solve(np::plugin::Solve& call) {
        std::optional<csp::Model> model = csp::model_for(call);
        if (!model) return;
        csp::Engine engine(std::move(*model));
        engine.prove_to(call.proof());
        const csp::Hooks hooks{[&call] { return call.spent(); }, [&call](const uint8_t* grid) { return call.found(grid); }};
        const csp::Counters counters = engine.run(call.givens, hooks);
        if (engine.unprovable()) call.cannot_prove();
        call.guess(counters.guesses);
        call.counter("rejected", counters.rejected);
        call.counter("enumerated", counters.enumerated);
    }

    // Result call.index of the seed's sequence, drawn from call.rng: the
    // style's rules and givens (generate.hpp), handed to the host (3.8).
    bool generate(np::plugin::Generate& call) {
        const std::string& style = call.options.get("variant");
        std::string why = csp::style_refusal(style, call.shape.box_rows, call.shape.box_cols);
        if (why.empty() && !call.takes_variants()) why = "this host takes no variant puzzles from a generator (ABI 3.8)";
        if (!why.empty()) {
            call.refuse(why);
            return false;
        }
        csp::Counters counters;
        const std::function<bool()> spent = [&call] { return call.spent(); };
        const auto made = csp::make_puzzle(style, call.shape.box_rows, call.shape.box_cols, call.rng, spent, counters);
        call.guess(counters.guesses);
        if (!made) return false;
        std::copy(made->givens.begin(), made->givens.end(), call.out);
        // Asked, the puzzle's proof (generate.hpp, prove_made).
        if (np::proof::ProofWriter* proof = call.proof()) csp::prove_made(*made, spent, *proof);
        return call.variant(made->variant);
    }

};

}  // namespace

NUMPLACE_PLUGIN(Csp)
