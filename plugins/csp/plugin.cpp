// csp: the glue to the C++ layer (numplace/plugin.hpp). The request's
// variant (or a classic puzzle's boxes) becomes a csp::Model, the engine
// searches (engine.hpp), and its solutions and counters go to the call.
// Givens repeated in a row, column or box are "invalid" (the layer's
// helper); givens that break another rule simply leave no solution.
#include <algorithm>
#include <cstdint>
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
        if (const std::string why = csp::style_refusal(style, call.shape.box_rows, call.shape.box_cols); !why.empty()) {
            call.refuse(why);
            return false;
        }
        if (!call.takes_variants()) {
            call.refuse("this host takes no variant puzzles from a generator (ABI 3.8)");
            return false;
        }
        csp::Counters counters;
        const auto made = csp::make_puzzle(style, call.shape.box_rows, call.shape.box_cols, call.rng,
                                           [&call] { return call.spent(); }, counters);
        call.guess(counters.guesses);
        if (!made) return false;
        std::copy(made->givens.begin(), made->givens.end(), call.out);
        if (!call.variant(made->variant)) return false;
        prove(*made, call);
        return true;
    }

private:
    // When a proof is asked, the proof that the puzzle made has one solution:
    // csp's search of it, counting to two. It is run first into a writer that
    // keeps nothing, so that only a proof csp finishes is sent; one it cannot
    // finish (a rule past the checker's bounds, the budget spent) is never
    // begun, and the puzzle goes without (the host then proves it by
    // another plugin).
    static void prove(const csp::Made& made, np::plugin::Generate& call) {
        np::proof::ProofWriter* out = call.proof();
        if (out == nullptr) return;
        const auto search = [&](np::proof::ProofWriter& writer) {
            csp::Engine engine(csp::model_of(made.variant, call.shape.box_rows, call.shape.box_cols));
            engine.prove_to(&writer);
            uint64_t found = 0;
            const csp::Hooks hooks{[&call] { return call.spent(); }, [&found](const uint8_t*) { return ++found >= 2; }};
            const csp::Counters counters = engine.run(made.givens.data(), hooks);
            return !counters.stopped && !engine.unprovable() && found == 1;
        };
        np::proof::ProofWriter scratch({call.shape.box_rows, call.shape.box_cols}, [](std::string_view) {});
        if (search(scratch)) search(*out);
    }
};

}  // namespace

NUMPLACE_PLUGIN(Csp)
