// The step checker's questions to a prover (judge/steps.hpp lists the
// phases): phases 3 and 4, whether each sampled effect of each sampled step
// is entailed by the state before it and by its pattern alone, asked as
// forcing puzzles the prover (the oracle: it must take candidates) solves;
// and the truth of a bad step's state, for its regression entry. The
// puzzles asked and the findings are judge/steps.hpp's; here they are put
// to the prover through the runner, and its answers counted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "corpus/corpus.hpp"
#include "judge/steps.hpp"
#include "runner/runner.hpp"

namespace np::truth {

struct StepCheck {
    std::optional<judge::Judgement> failure;  // the first step that fails, with its finding
    uint64_t steps = 0;                       // steps in the explanation
    uint64_t checked = 0;                     // effects the prover decided
    uint64_t undecided = 0;                   // effects it could not decide in its budget
};

// All four phases (1 and 2: judge::unsound_step); the prover must be able
// to take candidates (NP_CAP_CANDIDATES), else phases 3 and 4 are skipped.
StepCheck check_steps(const Grid& puzzle, const std::vector<Step>& steps, const std::optional<Grid>& solution,
                      const SolveOutcome& answer, const Plugin* prover, runner::Runner& run, const Budget& budget,
                      const judge::StepSample& sample);

// A bad step as a step regression entry (corpus kind `step`): the state
// before it, as its candidate line reads back, with the state's truth
// decided by the prover (which must take candidates); nullopt when the
// prover cannot establish it. The caller names it (id, source, tags).
std::optional<corpus::StepEntry> step_regression(const judge::BadStep& bad, const std::string& plugin,
                                                 const Grid& explained, const Plugin* prover, runner::Runner& run,
                                                 const Budget& budget);

}  // namespace np::truth
