// The generator checker's calls: one generator call checked phase by phase
// (judge/generators.hpp lists the phases and judges each one's answers).
// Here is what each phase asks of the plugins, through the runner: the
// call itself (or, made to order, the candidates truth/order.hpp keeps),
// the runs again for determinism, the prover's complete search of each
// puzzle and of each puzzle less a given, the rater's explanation. Each
// answer is judged as it comes and a failing phase ends the check, so no
// call is made after the verdict is known.
#pragma once

#include "judge/generators.hpp"
#include "runner/runner.hpp"

namespace np::truth {

// `budget` is per call: the generating call gets it once per result.
judge::GeneratorJudgement check_generator(const judge::GeneratorCheck& check, runner::Runner& run,
                                          const Budget& budget);

}  // namespace np::truth
