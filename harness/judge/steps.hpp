// The step checker: an explanation (the steps a plugin reported, each
// already certified by the host against the candidate state) judged for
// what the state check cannot see. verify and fuzz run it for every plugin
// that explains. In order, each a phase of its own:
//   1. sound: no elimination removes the solution's value, every placement
//      is the solution's (needs the truth's solution);
//   2. complete: when the answer is unique, the steps end in the solution;
//   3. entailed by the state: with the candidates as they were before the
//      step, and the eliminated candidate forced in (a placement's value
//      taken out), the prover finds no solution (a step that assumes
//      uniqueness, NP_STEP_ASSUMES_UNIQUE: or each solution it finds has a
//      twin that differs only in the pattern's cells, so that a puzzle with
//      one solution cannot have the effect false);
//   4. entailed by its pattern: the same with only what the pattern names
//      kept and every other cell open (relaxed_state), so a step that is
//      right but not for the reason it gives is caught.
// Phases 1 and 2 are judged here from the truth's solution. Phases 3 and 4
// ask a prover (the oracle: it must take candidates): harness/truth/
// entailment.hpp asks it, with the puzzles and the findings made here. A
// step fails only on a certified witness: the prover's solution of the
// forcing puzzle, which shows the eliminated candidate possible. An answer
// the prover cannot give in its budget (unknown) fails nothing and is
// counted. By default a seeded sample of the steps is checked; --deep
// checks all.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "corpus/corpus.hpp"
#include "judge/judge.hpp"
#include "numplace/steps.hpp"

namespace np::judge {

struct StepSample {
    bool deep = false;        // every step and every effect
    uint64_t seed = 0;        // which steps the sample takes
    std::size_t steps = 4;    // steps checked per explanation, unless deep
    std::size_t effects = 4;  // effects checked per step, unless deep
};

// The state a step's pattern alone gives: every cell open (all N values)
// but what the pattern names: (cell, 0) keeps the cell as it stands (its
// value, or its candidates); (cell, v) removes v from the cell when v is
// not a candidate there now. Givens the pattern does not name are open too;
// a variant keeps its rules.
Grid relaxed_state(const StepState& before, const Step& step);

// The puzzle that refutes one effect of a step from `state`: the eliminated
// candidate placed (its cell's mask only that value), or the placed value
// taken out of its cell's mask. No solution means the effect is entailed.
Grid forcing_puzzle(const Grid& state, const Candidate& effect, bool placement);

// Phases 3 and 4's sample: the indices of the steps checked, in order
// (all when deep, else `sample.steps` of them drawn by the seed: the same
// puzzle and seed check the same steps) ...
std::vector<std::size_t> sampled_steps(std::size_t count, const StepSample& sample);

// ... and the effects checked of each (its placements, then its
// eliminations; the first `sample.effects` unless deep).
struct Effect {
    Candidate candidate;
    bool placement;
};
std::vector<Effect> effects_of(const Step& step, const StepSample& sample);

// A step that assumes uniqueness claims less than entailment: when the
// effect is false in a solution s, s has a twin, another solution that
// differs from it only in the pattern's cells (a deadly pattern). This is
// `base` with every cell outside the pattern fixed to s's value: it must
// have at least two fillings; exactly one (the prover's complete count)
// refutes the step, with s as the witness.
Grid twin_puzzle(const Grid& base, const Grid& s, const Step& step);

// The failure of step `index` (the state `before` it) whose effect `e` a
// certified solution `witness` of the prover's refutes, from the state
// itself or (`by_pattern`) from the pattern's relaxed state.
Judgement not_entailed(std::size_t index, const Step& step, const StepState& before, const Effect& e,
                       const Grid& witness, const std::string& prover, bool by_pattern);

// Phases 1 and 2 only: no prover needed; phase 1 also holds each step to
// its name (misnamed_step, below). `solution` may be absent (no
// established truth): then only what needs none is checked.
std::optional<Judgement> unsound_step(const Grid& puzzle, const std::vector<Step>& steps,
                                      const std::optional<Grid>& solution, const SolveOutcome& answer);

// All four phases: check_steps in harness/truth/entailment.hpp.

// The step a step finding names ("step K (TEXT): ...", this checker's
// form) and the candidate state just before it, replayed from the puzzle;
// nullopt for a finding about the explanation as a whole (its steps do not
// reach the solution of a unique answer).
struct BadStep {
    Grid before;
    Step step;
};
std::optional<BadStep> bad_step(const Grid& puzzle, const std::vector<Step>& steps, const std::string& finding);

// A bad step as a step regression entry (corpus kind `step`): the state
// before it, written as a candidate line and read back (every cell a mask,
// as the entry will be loaded) ...
Grid regression_state(const BadStep& bad);
// ... and the entry, with the state's truth from the prover's answer
// (limit 2, on regression_state); nullopt when the answer does not
// establish it. The caller names it (id, source, tags);
// truth::step_regression asks the prover.
std::optional<corpus::StepEntry> step_entry(const BadStep& bad, const std::string& plugin, const Grid& explained,
                                            const Grid& state, const SolveOutcome& answer);

// A step's name against the vocabulary and its pattern against the shape
// of the technique it is named after (rating::technique_problem,
// harness/rating/techniques.hpp; docs/rating.md, "A step's name must fit
// its pattern"). A rating reads a step's difficulty from its name, so a
// plugin that calls a step by another name changes its puzzles' ratings,
// and no invariance shows it when it does so consistently. Soundness and
// entailment (above) say the step is right; this says it is the kind of
// step its name says. unsound_step (phase 1) applies it to every step, so
// verify and generate --rating refuse what rate would: "" when the step
// fits, else why not.
std::string misnamed_step(const Step& step, const Geometry& shape);
// The same on a puzzle: a variant's groups of different digits are units too.
std::string misnamed_step(const Step& step, const Grid& puzzle);

}  // namespace np::judge
