// The judge: pure functions from what plugins answered, and what is known
// to be true, to a row's status, kind and finding. No plugin is trusted: the
// answers arrive certified by the host (Session), and "known to be true"
// comes from the corpus, a complete oracle search, or certified witnesses.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "numplace/host.hpp"
#include "verify.hpp"

namespace np::verify {

struct Judgement {
    Status status = Status::pass;
    std::string kind;
    std::string finding;
};

// What is known about a puzzle. `established` when the verdict is certain
// (the corpus, a complete oracle search, two certified witnesses); otherwise
// only `witness`, a certified solution, may be known.
struct Truth {
    bool established = false;
    Verdict verdict = Verdict::unknown;    // invalid, none, unique or multiple
    std::optional<Grid> solution;          // for unique
    std::optional<uint64_t> count;         // exact, when known
    uint64_t at_least = 0;                 // a lower bound on the count
    std::optional<Grid> witness;           // a certified solution, whatever else is known
    std::string source;                    // "the corpus", "exhaustive-count's complete search", ...
};

Truth truth_from_corpus(const corpus::PuzzleExpectation& expect);

// The truth among several answers to one puzzle. Certificates outrank
// claims: two distinct valid witnesses make it multiple whoever says
// otherwise; else the oracle's complete search decides; else nothing is
// established (a single witness still refutes "none").
struct NamedAnswer {
    std::string plugin;
    const SolveOutcome* outcome;
};
Truth truth_from_answers(const std::vector<NamedAnswer>& answers, const SolveOutcome* oracle,
                         const std::string& oracle_name);

// One plugin's answer against the truth. `kind_if_wrong` is "expectation"
// for the corpus, "disagreement" for answers judged against each other.
Judgement judge_solve(const SolveOutcome& out, const Truth& truth, const std::string& kind_if_wrong);

// Without an established truth: conclusive answers must agree with each
// other. Returns, for answer i, the first answer it contradicts ("" if none).
std::vector<std::string> contradictions(const std::vector<NamedAnswer>& answers);

// A grid checker's answer against a grid-check entry.
Judgement judge_check(const CheckOutcome& out, const corpus::GridCheckEntry& entry);

// A fault from the host (refused, failed, malformed, wrong) as a judgement;
// nullopt when the outcome has none.
std::optional<Judgement> judge_fault(Fault fault, uint32_t status, const std::string& message);


}  // namespace np::verify
