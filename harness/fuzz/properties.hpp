// fuzz's properties: what one plugin must do on one drawn puzzle (its
// answer, agreement with an independent prover, the metamorphic properties,
// the count, proofs, explained steps, ratings), judged in steps by the
// class Properties (properties.cpp), and what a drawn generator call must
// do. Each check returns the first failure, as data that shrinking keeps.
// Internal to harness/fuzz.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "fuzz/context.hpp"
#include "judge/generators.hpp"
#include "judge/judge.hpp"
#include "judge/steps.hpp"
#include "truth/entailment.hpp"
#include "truth/generators.hpp"
#include "truth/oracle.hpp"

namespace np::fuzz {

// The steps of check(), in order. The solving properties (kAnswer ..
// kDuplicate) judge the drawn puzzle; kCount judges a puzzle of its own, one
// with few solutions (FuzzRun::few_solutions), and kCountProof its proof of
// that count; kProof the proof of the drawn puzzle's verdict. The proof
// steps (the `proof` property, Properties::proof) judge only plugins that
// prove, in calls of their own that ask for proofs.
// kExplain (the `step` property, Properties::explained) judges the steps of
// a plugin that explains, in a call of its own that asks for them; kRating
// (the `rating` property, Properties::rated) the ratings made from them.
enum Step : int {
    kAnswer, kAgreement, kSymmetry, kAddClue, kRemoveClue, kDuplicate, kCount, kCountProof, kProof, kExplain, kRating
};
struct Steps {
    int first = kAnswer, last = kDuplicate;
};
constexpr Steps kSolving{kAnswer, kDuplicate}, kCounting{kCount, kCountProof}, kProving{kProof, kProof},
    kExplaining{kExplain, kExplain}, kRatings{kRating, kRating};

// A property that failed, as data: which, at which step of check(), and
// what shrinking must keep failing the same way.
struct Failure {
    std::string property, message;
    // The step of check() that failed, so that shrinking runs only up to it.
    int step = 0;
    // When the plugin itself failed (a fault, a wrong certificate) on a
    // puzzle derived at a later step: that puzzle, which fails on its own.
    std::optional<Grid> derived{};
    judge::Kind kind = judge::Kind::none;
    int first = kAnswer;  // the first step run (kCount for the count property)
    std::optional<judge::BadStep> bad{};  // the step property: the step that failed, when one did
    // The step property: which of the step checker's checks failed
    // (step_check_failed), so that shrinking keeps an unsound step unsound
    // rather than trading it for a weaker finding.
    std::string check{};
};

// What rapidcheck drew for the properties' own choices: `salt` fixes the
// random ones (which symmetry, which clue), `limit` is the count property's
// limit (drawn so that it shrinks).
struct Choices {
    uint64_t salt = 0;
    uint64_t limit = 1;
};

// Every property for one plugin on one puzzle, steps `steps` in order
// (Properties::run); nullopt when all pass or the plugin does not take the
// shape.
std::optional<Failure> check(const Plugin& p, const Grid& puzzle, const Choices& choices, Context& ctx,
                             Steps steps = kSolving);

// The properties a drawn generator call must have: every result certified
// by the host (valid; full for grids), each puzzle unique by an independent
// prover, the same results from a shorter run and from a later first_index.
corpus::GeneratorProperties generator_properties(np_generate_kind what);

// One drawn generator call, judged by the generator checker; `culprit` gets
// the result that breaks a property.
std::optional<Failure> check_generator(const Plugin& p, const judge::GeneratorCall& c, Context& ctx, Grid& culprit);

// The `proof` property of a drawn puzzle call, for a generator that proves:
// the call made again with proofs asked, each puzzle's proof of uniqueness
// must pass the checker. (That each is unique, by an independent prover,
// is the generator property's, judged first.)
std::optional<Failure> check_generated_proofs(const Plugin& p, const judge::GeneratorCall& c, Context& ctx,
                                              Grid& culprit);

}  // namespace np::fuzz
