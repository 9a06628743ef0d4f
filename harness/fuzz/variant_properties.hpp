// fuzz --variants: what one plugin must do on one variant puzzle made from
// a known solution (variant_draw.hpp), in steps:
//   answer          its answer certified (every witness by check_variant)
//                   and never "no solution" (the grid it was made from
//                   solves it); a unique answer is that grid;
//   agreement       its count (to a limit) is another engine's: one that
//                   takes the puzzle's kinds, never the plugin itself;
//   add-given       a given from the known solution never adds solutions;
//   add-constraint  a constraint derived from the known solution never
//                   adds solutions;
//   symmetry        a symmetry of the square, constraints mapped along,
//                   keeps the count;
//   relabel         a relabelling every constraint allows, values mapped
//                   along, keeps the count;
//   proof           a plugin that proves: its proof of the answer passes the
//                   checker and agrees with another engine's count, and the
//                   lies made from it (a child dropped, alternatives
//                   swapped, bytes cut) prove no claim that count refutes;
//   explain         a plugin that explains: its steps, certified against the
//                   variant's state as they came, pass the step checker with
//                   a prover that takes the candidates and the kinds (never
//                   the plugin): names that fit, sound against the known
//                   solution when another engine counts one, and a sample
//                   (all with --deep) entailed by the state and the pattern.
// Each copy also keeps the known solution (mapped): at least one solution.
// Internal to harness/fuzz.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "fuzz/context.hpp"
#include "judge/judge.hpp"
#include "numplace/variant.hpp"

namespace np::fuzz {

enum VariantStep : int { vAnswer, vAgreement, vAddGiven, vAddConstraint, vSymmetry, vRelabel, vProof, vExplain };

// A failed variant property: which, at which step, and the copy it failed
// on (for the steps after agreement: the puzzle the plugin answered wrongly
// when the other engine is right on the original).
struct VariantFailure {
    std::string property, message;
    int step = vAnswer;
    judge::Kind kind = judge::Kind::none;
    std::optional<Puzzle> copy;
};

// The puzzle as the runner takes it (a grid with its variant; a classic
// puzzle as a plain grid).
Grid variant_grid(const Puzzle& p);

// Whether a plugin takes the puzzle: it solves, takes the shape, the
// region layout and every kind.
bool takes_puzzle(const Plugin& p, const Grid& puzzle);

// The engines that settle a variant puzzle's count when the oracle does
// not take it (exhaustive-count, the default oracle, takes no kind): the
// two bundled engines that take every kind, in this order. Named, as the
// default oracle is, so that a plugin loaded from --plugin-dir (say another
// mutant beside the one fuzzed) is never the truth by coming first.
constexpr const char* kVariantCounters[] = {"csp", "sat"};

// Another engine that counts the puzzle, never `plugin` itself: the oracle
// when it takes the puzzle (--oracle), else csp, else sat, else the first
// other loaded plugin that counts, proves uniqueness and takes it; nullptr
// when there is none. Each must take the puzzle's shape, layout and kinds.
const Plugin* variant_counter(const Context& ctx, const std::string& plugin, const Grid& puzzle);

// Steps vAnswer .. last for `p` on `puzzle`, known to be solved by
// `solution`; `salt` fixes the random choices (which given, which symmetry).
std::optional<VariantFailure> check_variant_case(const Plugin& p, const Puzzle& puzzle, const Grid& solution,
                                                 uint64_t salt, Context& ctx, int last = vExplain);

}  // namespace np::fuzz
