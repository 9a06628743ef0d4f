// The generator checker: one generator call judged against the properties
// its results must have (corpus.hpp's GeneratorProperties). verify runs it
// for corpus generator entries and the standard sweep; fuzz for the calls it
// draws. Adding a generator property touches the corpus schema and this
// file.
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
//   6. made to order (a call with an order, order.hpp): the results are
//      the generator's puzzles the harness kept, and each is explained
//      again by the rater and rated again here: in the band, using the
//      technique, every step sound against the prover's solution.
#pragma once

#include <optional>
#include <string>

#include "corpus.hpp"
#include "judge.hpp"
#include "runner.hpp"

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
};

// `budget` is per call: the generating call gets it once per result.
GeneratorJudgement check_generator(const GeneratorCheck& check, runner::Runner& run, const Budget& budget);

}  // namespace np::judge
