// Whether a puzzle has one solution, settled by the oracle (settle.hpp).
#include "truth/settle.hpp"

namespace np::truth {

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

}  // namespace np::truth
