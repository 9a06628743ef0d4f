// A finding as a corpus entry, for --regressions: a puzzle entry with the
// prover's truth, a step entry, or a generator entry. Internal to
// harness/fuzz.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "fuzz/context.hpp"
#include "corpus/corpus.hpp"
#include "judge/generators.hpp"
#include "judge/steps.hpp"
#include "truth/entailment.hpp"
#include "truth/generators.hpp"

namespace np::fuzz {

// A generator failure as a corpus entry: the call that fails, with the
// properties it must have.
corpus::GeneratorEntry generator_entry(const std::string& plugin, const judge::GeneratorCall& c, uint64_t found_by);

// A finding as a puzzle entry with the prover's truth (an invalid puzzle's
// first violation, a miscount's exact count); nullopt when the truth is not
// established.
std::optional<corpus::PuzzleEntry> entry_for(const Finding& f, Context& ctx);

// A step finding as a step regression entry (truth::step_regression), with
// the prover's truth; nullopt when the truth is not established.
std::optional<corpus::StepEntry> step_entry_for(const Finding& f, const judge::BadStep& bad, Context& ctx);

}  // namespace np::fuzz
