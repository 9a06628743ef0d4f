// The generator checker's verdicts: one generator call judged against the
// properties its results must have (corpus.hpp's GeneratorProperties), from
// the answers harness/truth/generators.hpp gathers for it. verify runs the
// checker for corpus generator entries and the standard sweep; fuzz for the
// calls it draws. Adding a generator property touches the corpus schema,
// this file and the phase's call in truth/generators.cpp.
//
// In order, each a phase of its own:
//   1. the call: results first .. first + count - 1, certified by the host
//      (valid; the runner turns a crash or a hang into a fault);
//   2. determinism: a shorter run from `first` gives the same prefix, and a
//      run from a later first_index the same tail (ABI 2: result i depends
//      only on the seed and i);
//   3. each result's shape: full grids, at most max_clues givens, givens
//      placed with the symmetry option's symmetry;
//   4. uniqueness: by the generator's own proof of each puzzle when the
//      host's checker accepted it (Budget::max_proof_bytes), else by a
//      prover other than the generator; a rejected proof is a certificate
//      failure;
//   5. minimality: without any one given (and its symmetry orbit) the
//      puzzle is no longer unique, by the same prover;
//   6. made to order (a call with an order, truth/order.hpp): the results
//      are the generator's puzzles the harness kept, and each is explained
//      again by the rater and rated again here: in the band, using the
//      technique, every step sound against the prover's solution.
// Each function below judges one phase's answers: nullopt when the phase
// passes, else the check's verdict.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "corpus/corpus.hpp"
#include "judge/judge.hpp"

namespace np::judge {

struct GeneratorCall {
    np_generate_kind what = NP_GENERATE_GRID;
    Geometry size;
    uint64_t seed = 0;
    uint64_t first = 0;   // first_index
    uint64_t count = 1;
    OptionList options;
    // Puzzles made to order: results are the i-th candidates kept.
    std::optional<corpus::GeneratorOrder> order;
};

// "puzzles 0 to 9 of seed 1 (3x3)"
std::string describe(const GeneratorCall& call);

struct GeneratorJudgement {
    Judgement judgement;
    std::string verdict;          // "10 puzzles", once the call gave its results
    uint64_t micros = 0;          // the whole call's time, on numplace's clock
    std::optional<Grid> culprit;  // the result that breaks a property
    // The generator's own proofs of its puzzles, when it made puzzles:
    // checked when every puzzle's was, rejected when one was, else absent
    // (none asked, too); bytes and check time summed.
    std::optional<ProofOutcome> proof;
};

struct GeneratorCheck {
    const Plugin& generator;
    GeneratorCall call;
    corpus::GeneratorProperties expect;
    const Plugin* prover = nullptr;  // never the generator; nullptr: only the generator's own proofs prove
    const Plugin* rater = nullptr;   // the order's rater (calls with an order)
    // A refusal (an option or shape the plugin declines) is a skip: true for
    // calls the harness made up (the sweep, fuzz), false for a corpus entry,
    // which names a call the plugin must take.
    bool refusal_is_skip = false;
    // For variant results the prover does not take (its kinds or layout):
    // the first of these that takes them all, never the generator.
    std::vector<const Plugin*> other_provers;
};

// "result 3": a result by its index in the seed's sequence.
std::string result_name(uint64_t index);

// Before any call: a call made to order needs its rater and a prover.
std::optional<GeneratorJudgement> missing_plugin(const GeneratorCheck& check);

// Phase 1's fault: a process failure keeps its kind; a wrong or malformed
// answer is the generator's failure; a refusal may be a skip.
GeneratorJudgement call_fault(const GenerateOutcome& out, bool refusal_is_skip);

// Phase 1 without a fault: fewer results than asked (the budget ran out).
std::optional<GeneratorJudgement> too_few(const GeneratorCall& call, const GenerateOutcome& all);

// Phase 2's runs: `length` results again from `first`, and `length` from
// `tail_from`, the end of the run. The length is below count when it can
// be, so that a shorter run is tried too.
struct Rerun {
    uint64_t length = 0;
    uint64_t tail_from = 0;
};
Rerun rerun_of(const GeneratorCall& call);
std::optional<GeneratorJudgement> judge_determinism(const GeneratorCall& call, const std::vector<Grid>& results,
                                                   const GenerateOutcome& head, const GenerateOutcome& tail);

// Phase 3 for one result, with its proof when it came with one: full, few
// enough givens, symmetric; a proof the checker rejected fails its puzzle
// whatever the entry asks.
std::optional<GeneratorJudgement> judge_shape(const Grid& g, const std::string& which, const ProofOutcome* proof,
                                              const GeneratorCheck& check);

// How the puzzles' uniqueness was proved, for the pass's finding.
struct Proved {
    uint64_t by_proof = 0, by_prover = 0;
};

// Phases 4 and 5 without a prover: a skip ("uniqueness", "minimality").
GeneratorJudgement no_prover(const std::string& what);

// Phase 4 for one puzzle: the prover's answer (limit 2) proves it unique.
std::optional<GeneratorJudgement> judge_unique(const Grid& g, const std::string& which, const Plugin& prover,
                                               const SolveOutcome& answer);

// Phase 5 for one given of one puzzle: the puzzle without it and, with a
// symmetry, without its orbit (the cells the symmetry maps it to, so that
// the puzzle stays symmetric) ...
Grid without_given(const Grid& g, std::size_t cell, const GeneratorCheck& check);
// ... is no longer unique by the prover's answer (limit 2).
std::optional<GeneratorJudgement> judge_minimal(const Grid& g, const std::string& which, std::size_t cell,
                                                const GeneratorCheck& check, const SolveOutcome& answer);

// Phase 6 for one puzzle made to order: the rater's explanation (its
// answer and the steps the host certified) rated again here is to order ...
std::optional<GeneratorJudgement> judge_rating(const Grid& g, const std::string& which, const GeneratorCheck& check,
                                               const SolveOutcome& answer, const std::vector<Step>& steps);
// ... and its steps are sound against the prover's solution (limit 2).
std::optional<GeneratorJudgement> judge_rated_steps(const Grid& g, const std::string& which,
                                                    const GeneratorCheck& check, const SolveOutcome& answer,
                                                    const std::vector<Step>& steps, const SolveOutcome& truth);

// Every phase passed: what proved the puzzles unique (and minimal) and,
// made to order, how the order was checked.
GeneratorJudgement passed(const GeneratorCheck& check, const Proved& proved);

// A verdict on a call that gave its results, completed with their count,
// the call's time and the generator's proofs.
GeneratorJudgement finished(GeneratorJudgement g, const GeneratorCall& call, const GenerateOutcome& all);

}  // namespace np::judge
