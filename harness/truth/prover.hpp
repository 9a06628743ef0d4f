// A prover's complete search in this process, through its own Session:
// bench's forked children ask it there (no runner: a child measures the
// plugin alone), for the truth its certification pass judges each answer
// against and for the uniqueness of a generator's puzzles in its warm-up.
// What the search says of a puzzle is kept as a verdict (Known, a byte's
// worth per puzzle of a dataset), and made a judge::Truth when an answer is
// judged (prover_truth).
#pragma once

#include <optional>
#include <string>

#include "judge/judge.hpp"
#include "numplace/host.hpp"

namespace np::truth {

// The prover's answer on one puzzle: limit 2 (unique or several), its
// default options.
SolveOutcome ask_prover(Session& prover, const Grid& puzzle, const Budget& budget);

// What the prover's complete search says of one puzzle: a verdict, or
// nothing when it did not finish (or failed).
using Known = std::optional<Verdict>;
Known prover_known(Session& prover, const Grid& puzzle, const Budget& budget);

// The judge's truth from the prover's verdict, `prover` its name; nothing
// established when it is not known.
judge::Truth prover_truth(const Known& known, const std::string& prover);

}  // namespace np::truth
