// A prover's complete search in this process (prover.hpp).
#include "truth/prover.hpp"

namespace np::truth {

SolveOutcome ask_prover(Session& prover, const Grid& puzzle, const Budget& budget) {
    return prover.solve(puzzle, 2, {}, budget);
}

Known prover_known(Session& prover, const Grid& puzzle, const Budget& budget) {
    const SolveOutcome o = ask_prover(prover, puzzle, budget);
    const bool known =
        o.fault == Fault::none && (o.complete || o.verdict == Verdict::multiple || o.verdict == Verdict::invalid);
    return known ? Known{o.verdict} : Known{};
}

judge::Truth prover_truth(const Known& known, const std::string& prover) {
    judge::Truth t;
    if (!known) return t;
    t.established = true;
    t.verdict = *known;
    t.source = prover + "'s complete search";
    if (t.verdict == Verdict::none) t.count = 0;
    if (t.verdict == Verdict::unique) t.count = 1, t.at_least = 1;
    if (t.verdict == Verdict::multiple) t.at_least = 2;
    return t;
}

}  // namespace np::truth
