// csp-logic: a plugin built on csp's engine (plugins/csp). It solves
// by deduction alone and explains every step (explain.hpp) in setters'
// words: cage combinations, thermometer and arrow bounds, Kropki and XV
// pairs, whispers, and the singles, locked candidates and pairs of every
// group of different digits a variant has. Stuck, it gives up.
#include <string>
#include <utility>
#include <vector>

#include "explain.hpp"
#include "numplace/plugin.hpp"
#include "variant_model.hpp"

namespace {

std::vector<np_candidate> to_abi(const std::vector<std::pair<int, int>>& list) {
    std::vector<np_candidate> out;
    out.reserve(list.size());
    for (auto [cell, value] : list) out.push_back({static_cast<uint32_t>(cell), static_cast<uint32_t>(value)});
    return out;
}

class CspLogic {
public:
    static constexpr np::plugin::Info info = {
        .name = "csp-logic",
        .version = "1.0.0",
        .description = "Variant puzzles by deduction alone, each step explained in setters' words: singles, cage "
                       "combinations, thermometer and arrow bounds, Kropki and XV pairs, whispers and the other "
                       "constraints one at a time, locked candidates and naked pairs in every group of different digits.",
        .capabilities = NP_CAP_SOLVE | NP_CAP_PROVE_UNIQUE | NP_CAP_EXPLAIN | NP_CAP_CANDIDATES,
        .max_side = csp::kMaxSide,
        .default_for = NP_CAP_EXPLAIN,
        .default_rank = 5,  // below logic (10): classic puzzles go to logic, variants here
        .kinds = (NP_KIND_BIT(NP_KIND_COUNT - 1) << 1) - 1,
        .region_layouts = NP_REGIONS_BIT(NP_REGIONS_IRREGULAR) | NP_REGIONS_BIT(NP_REGIONS_NONE)};

    void solve(np::plugin::Solve& call) {
        std::optional<csp::Model> model = csp::model_for(call);
        if (!model) return;
        const auto& shape = call.shape;
const csp::Engine engine(std::move(*model));
        const int cells = shape.side() * shape.side();
        std::vector<csp::Mask> start(static_cast<std::size_t>(cells));
        for (int cell = 0; cell < cells; ++cell) start[cell] = static_cast<csp::Mask>(call.candidate_mask(cell));
        csp::Explainer explainer(engine, call.givens, start, /*nets=*/call.variant.has_value());
        const csp::ExplainHooks hooks{[&call] { return call.spent(); }, [&call](const csp::ExplainStep& s) {
                                          if (!call.explaining()) return true;
                                          const auto placements = to_abi(s.placements), eliminations = to_abi(s.eliminations),
                                                     pattern = to_abi(s.pattern);
                                          return call.step({s.technique.c_str(), s.where.empty() ? nullptr : s.where.c_str(),
                                                            placements, eliminations, pattern, 0u,
                                                            static_cast<uint32_t>(s.length)});
                                      }};
        const csp::Ending end = explainer.run(hooks);
        call.counter("steps", explainer.steps());
        call.counter("net steps", explainer.net_steps());
        answer(end, explainer, call);
    }

private:
    static void answer(csp::Ending end, const csp::Explainer& explainer, np::plugin::Solve& call) {
        const std::string after = " after " + std::to_string(explainer.steps()) + " steps";
        switch (end) {
            case csp::Ending::solved: call.found(explainer.grid().data()); return;
            case csp::Ending::contradiction: return call.note("no solution: " + explainer.why() + after);
            case csp::Ending::stuck: call.note("stuck" + after + ": no technique applies"); return call.gave_up();
            case csp::Ending::stopped: return call.note("stopped" + after + ": the budget or the step limit ran out");
        }
    }
};

}  // namespace

NUMPLACE_PLUGIN(CspLogic)
