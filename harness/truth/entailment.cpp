#include "truth/entailment.hpp"

namespace np::truth {

namespace {

using judge::Effect;

// The prover on one forcing puzzle: nullopt when it has no solution (or the
// prover cannot tell), else the certified solution that refutes the effect.
std::optional<Grid> refutation(const Grid& forcing, const Plugin& prover, runner::Runner& run, const Budget& budget,
                               StepCheck& tally) {
    const SolveOutcome out = run.solve_one(prover, forcing, 1, {}, budget);
    if (out.fault == Fault::none && !out.solutions.empty()) return out.solutions.front();  // certified by the host
    if (out.fault == Fault::none && out.verdict == Verdict::none) ++tally.checked;
    else ++tally.undecided;
    return std::nullopt;
}

// A step that assumes uniqueness: true when the refuting solution `s` has
// no twin in the pattern's cells (judge::twin_puzzle), so it refutes.
bool has_no_twin(const Grid& base, const Grid& s, const Step& step, const Plugin& prover, runner::Runner& run,
                 const Budget& budget, StepCheck& tally) {
    const SolveOutcome out = run.solve_one(prover, judge::twin_puzzle(base, s, step), 2, {}, budget);
    if (out.fault == Fault::none && out.verdict == Verdict::multiple) ++tally.checked;
    else if (out.fault != Fault::none || out.verdict != Verdict::unique) ++tally.undecided;
    return out.fault == Fault::none && out.verdict == Verdict::unique;
}

// One effect against one base state (the state before the step, or the
// pattern's relaxed state): the solution that refutes it, if any.
std::optional<Grid> refuting(const Grid& base, const Effect& e, const Step& step, const Plugin& prover,
                             runner::Runner& run, const Budget& budget, StepCheck& tally) {
    auto w = refutation(judge::forcing_puzzle(base, e.candidate, e.placement), prover, run, budget, tally);
    if (!w || !step.assumes_unique) return w;
    if (has_no_twin(base, *w, step, prover, run, budget, tally)) return w;
    return std::nullopt;
}

// Phases 3 and 4 for one step: the first effect that a solution refutes.
std::optional<judge::Judgement> unentailed(std::size_t index, const Step& step, const StepState& before,
                                           const Plugin& prover, runner::Runner& run, const Budget& budget,
                                           const judge::StepSample& sample, StepCheck& tally) {
    const Grid state = before.grid();
    const Grid relaxed = judge::relaxed_state(before, step);
    for (const Effect& e : judge::effects_of(step, sample)) {
        if (auto w = refuting(state, e, step, prover, run, budget, tally))
            return judge::not_entailed(index, step, before, e, *w, prover.name(), false);
        if (auto w = refuting(relaxed, e, step, prover, run, budget, tally))
            return judge::not_entailed(index, step, before, e, *w, prover.name(), true);
    }
    return std::nullopt;
}

}  // namespace

StepCheck check_steps(const Grid& puzzle, const std::vector<Step>& steps, const std::optional<Grid>& solution,
                      const SolveOutcome& answer, const Plugin* prover, runner::Runner& run, const Budget& budget,
                      const judge::StepSample& sample) {
    StepCheck check;
    check.steps = steps.size();
    if ((check.failure = judge::unsound_step(puzzle, steps, solution, answer))) return check;
    if (prover == nullptr || !prover->can(NP_CAP_CANDIDATES) || !prover->supports(puzzle.geometry)) return check;
    const std::vector<std::size_t> chosen = judge::sampled_steps(steps.size(), sample);
    StepState state(puzzle);
    std::size_t next = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (next < chosen.size() && chosen[next] == i) {
            ++next;
            if ((check.failure = unentailed(i, steps[i], state, *prover, run, budget, sample, check))) return check;
        }
        state.apply(steps[i]);
    }
    return check;
}

std::optional<corpus::StepEntry> step_regression(const judge::BadStep& bad, const std::string& plugin,
                                                 const Grid& explained, const Plugin* prover, runner::Runner& run,
                                                 const Budget& budget) {
    if (!prover || !prover->can(NP_CAP_CANDIDATES) || !prover->supports(bad.before.geometry)) return std::nullopt;
    const Grid state = judge::regression_state(bad);
    return judge::step_entry(bad, plugin, explained, state, run.solve_one(*prover, state, 2, {}, budget));
}

}  // namespace np::truth
