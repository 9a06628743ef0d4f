#include "cli/commands/settle.hpp"

#include "setup/setup.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

// A proof of "none" for a 25x25 stays far below this; past it, unsettled.
constexpr uint64_t kMaxSettleProofBytes = uint64_t{64} << 20;

Settled settled_by(const SolveOutcome& out, const std::string& oracle) {
    Settled s{Solutions::unsettled, oracle};
    if (out.fault != Fault::none) return s;
    if (out.verdict == Verdict::unique) s.solutions = Solutions::one;
    else if (out.verdict == Verdict::multiple && out.solutions.size() >= 2 && out.solutions[0] != out.solutions[1])
        s.solutions = Solutions::several;
    else if (out.verdict == Verdict::none && out.proof.status == ProofStatus::checked)
        s.solutions = Solutions::none;
    return s;
}

}  // namespace

std::optional<Plugin> settling_oracle(const Args& args, PluginRegistry& registry, std::ostream& err, bool& ok) {
    ok = true;
    const std::string name = args.text("--oracle");
    if (name == "none") return std::nullopt;
    std::string why;
    auto found = registry.resolve(name, why);
    if (!found) {
        if (!args.has("--oracle")) return std::nullopt;  // the default, not built: nobody settles
        err << "numplace: --oracle: " << utf8_clean(why) << "\n";
    } else if (!found->can(NP_CAP_SOLVE) || !found->can(NP_CAP_PROVE_UNIQUE)) {
        err << "numplace: --oracle " << found->name() << " cannot prove uniqueness\n";
    } else {
        return found;
    }
    ok = false;
    return std::nullopt;
}

std::vector<Settled> settle(runner::Runner& runner, const Plugin& oracle, const std::vector<const Grid*>& puzzles,
                            const Budget& budget) {
    Budget asked = budget;
    asked.max_steps = 0;
    asked.max_proof_bytes = oracle.can(NP_CAP_PROOF) ? kMaxSettleProofBytes : 0;
    const auto outcomes = runner.solve(oracle, puzzles, 2, {}, asked);
    std::vector<Settled> out;
    out.reserve(outcomes.size());
    for (const SolveOutcome& o : outcomes) out.push_back(settled_by(o, oracle.name()));
    return out;
}

std::string settled_words(const Settled& s) {
    if (s.solutions == Solutions::several) return "several solutions (" + s.oracle + " found two, each certified)";
    if (s.solutions == Solutions::none) return "no solution (" + s.oracle + "'s proof checked)";
    return "";
}

const char* solutions_name(Solutions solutions) {
    switch (solutions) {
        case Solutions::one: return "one";
        case Solutions::several: return "several";
        case Solutions::none: return "none";
        case Solutions::unsettled: break;
    }
    return "unsettled";
}

FlagSpec settling_oracle_flag() {
    return {"--oracle", FlagKind::text,
            "The plugin that first settles whether each puzzle has one solution (two certified solutions, or a "
            "checked proof of none, and it is not rated or explained but said so); none: ask nobody",
            harness::kDefaultOracle};
}

}  // namespace np::cli
