// numplace fuzz: random puzzles of every shape (rapidcheck draws them),
// metamorphic properties checked for each plugin against an independent
// prover (the oracle, or another plugin when the oracle is the one tested),
// proofs checked and lies made from them (the `proof` property), the steps
// of each plugin that explains checked by judge/steps.hpp (the `step`
// property),
// judged by harness/judge, and each failure shrunk, clue by clue, to a
// puzzle a person can read. Runs plugins through the runner (worker
// processes by default). A run is seeds one after another; each seed's
// cases go draw -> judge -> record -> shrink (fuzz.cpp, class FuzzRun).
// With keep_going > 1 a seed with a finding runs again from its failing
// case, the failures already found skipped, until that many are found.
// With Settings::variants the cases are variant puzzles made from a known
// solution instead (variant_run.hpp), judged by the variant properties.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "corpus/corpus.hpp"
#include "judge/judge.hpp"
#include "numplace/grid.hpp"
#include "numplace/variant.hpp"
#include "runner/runner.hpp"
#include "setup/setup.hpp"

namespace np::fuzz {

struct Settings {
    // plugins (empty: every loaded plugin that can solve or generate),
    // folders, oracle, the per-call budget, runner, cancel; its
    // max_proof_bytes > 0 turns the `proof` property on (each proof's budget;
    // only that property's calls ask for proofs).
    harness::Settings harness;
    std::optional<Geometry> size;      // only this shape; default: the six standard shapes
    double seconds = 10;               // the whole run
    uint64_t seeds = 0;                // when > 0: exactly this many seeds, whatever the time (tests)
    uint64_t seed = 0;                 // the first rapidcheck seed; then seed + 1, ...
    int cases_per_seed = 20;
    double shrink_seconds = 60;        // at most this long shrinking a failure
    std::string reproduce;             // a reproduce string from an earlier failure
    // Stop after this many distinct findings (by plugin, property and kind).
    uint64_t keep_going = 1;
    // --deep: the `step` property checks every step of every explanation
    // for entailment; by default a seeded sample (judge::StepSample).
    bool deep = false;
    // --rating-option: the options of the `rating` property's explaining
    // calls (profile=se: the easiest path, on which the tolerance was
    // measured); a plugin that does not take them is not rated.
    OptionList rating_options;
    // --variants: draw variant puzzles instead of classic ones, of these
    // kinds (empty: every kind a tested plugin takes); a run is then only
    // the variant properties (variant_run.cpp).
    bool variants = false;
    std::vector<Kind> variant_kinds;
    // Called after each seed: seeds run, cases run.
    std::function<void(uint64_t seeds, uint64_t cases)> progress;
};

struct Finding {
    std::string plugin;
    std::string property;   // e.g. "agreement", "symmetry", "add-clue", "count"
    judge::Kind kind = judge::Kind::none;  // the judge's kind ("disagreement" for agreement, ...)
    std::string message;
    Grid puzzle;            // shrunk
    bool shrunk_completely = true;  // false: shrinking ran out of time
    std::string original;   // the puzzle before shrinking (line format)
    uint64_t seed = 0;      // the --seed that finds it again
    std::string reproduce;  // rapidcheck's reproduce string
    std::optional<corpus::PuzzleEntry> entry;  // with the oracle's complete answer, when it has one
    // For a generator's failure: the call that fails (the puzzle above is the
    // offending result, not shrunk: a generator's output is what it is).
    std::optional<corpus::GeneratorEntry> generator;
    // For a failing step: the candidate state before it and the step, with
    // the state's truth by the prover (then `entry` is not set).
    std::optional<corpus::StepEntry> step_entry;
};

// What the `proof` property did (properties.cpp, Properties::proof), counted
// while cases are judged (not while a finding shrinks).
struct ProofTally {
    uint64_t checked = 0;           // plugins' proofs the checker accepted, each agreeing with the oracle
    uint64_t perturbed = 0;         // of those, paired with their puzzle less a clue that breaks the claim
    uint64_t mutated = 0;           // mutated proofs made from them (a child dropped, two values swapped, bytes cut)
    uint64_t mutated_rejected = 0;  // of those, rejected for the true claim the original proved
    uint64_t false_claims = 0;      // claims the oracle refutes tried with either kind: none may be accepted
    uint64_t generated = 0;         // generated puzzles' proofs of uniqueness the checker accepted
};

// What the `step` property did (counted as ProofTally is).
struct StepTally {
    uint64_t explanations = 0;  // explanations judged by the step checker
    uint64_t steps = 0;         // their steps (every one checked for soundness)
    uint64_t effects = 0;       // forcing puzzles the prover found without a solution (two per effect checked)
    uint64_t undecided = 0;     // forcing puzzles it could not decide within the budget
    // Plugins whose steps' entailment was not checked, and why (a prover
    // that does not take candidates, or none).
    std::set<std::string> unchecked;
};

// What the `rating` property did (counted as ProofTally is).
struct RatingTally {
    uint64_t puzzles = 0;  // puzzles with one solution rated, each with its copies
    uint64_t steps = 0;    // steps explained (of every puzzle up to 9x9), each name checked against its pattern
    uint64_t copies = 0;   // copies rated and compared (relabelled, permuted, transposed, a clue more)
};

// What the variant properties did (--variants), counted while cases are
// judged (not while a finding shrinks).
// The limit of the variant properties' calls: counts are compared up to it.
constexpr uint64_t kVariantLimit = 20;

struct VariantTally {
    uint64_t puzzles = 0;                      // variant puzzles drawn, each certified against its solution
    std::array<uint64_t, kKindCount> kinds{};  // the constraints of each kind among them
    uint64_t judged = 0;      // a plugin judged on a puzzle (its answer certified, its count compared)
    uint64_t skipped = 0;     // a plugin that does not take a drawn puzzle (kind, layout or shape)
    uint64_t unique = 0, few = 0, many = 0;  // the answers judged: one solution, 2 up to the limit, at the limit
    uint64_t agreements = 0;  // counts compared with another engine's
    uint64_t added_givens = 0, added_constraints = 0, symmetries = 0, relabellings = 0;  // copies compared
    uint64_t no_counter = 0;  // puzzles with no other engine that takes them: agreement not checked
    uint64_t map_errors = 0;  // copies whose mapped solution the host refused: the harness's own mistake
    uint64_t proofs = 0, proof_lies = 0;  // proofs checked and agreeing with another engine; lies made from them, refused
};

struct Result {
    uint64_t seeds = 0, cases = 0;
    ProofTally proofs;
    StepTally steps;
    RatingTally ratings;
    VariantTally variants;
    std::vector<Finding> findings;  // in the order found; at most keep_going, each distinct
    bool interrupted = false;
};

// Runs until keep_going properties have failed, the time is up or the run is
// cancelled.
// nullopt with `error` set for usage errors (an unknown plugin or oracle).
std::optional<Result> run(const Settings& settings, std::string& error);

}  // namespace np::fuzz
