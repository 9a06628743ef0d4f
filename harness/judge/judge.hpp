// The judge: pure functions from what plugins answered, and what is known
// to be true, to a status, a failure kind and a finding. verify, fuzz and
// bench all judge with these functions and speak of failures with these
// kinds. No plugin is trusted: the answers arrive certified by the host
// (Session), and "known to be true" comes from the corpus, certified
// witnesses, a proof the host's checker accepted (from anyone), or a
// complete search by a plugin other than the one judged.
//
// Adding a failure kind: the enum and its row in kKinds (judge.cpp), the
// table of kinds in docs/verification.md (tests/judge/judge_test.cpp checks
// that the two list the same kinds), and a test of where it is given.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "corpus/corpus.hpp"
#include "numplace/host.hpp"

namespace np::judge {

enum class Status { pass, fail, unknown, skip };
std::string_view status_name(Status status);
std::optional<Status> status_from_name(std::string_view name);

// Why a judged answer failed. One vocabulary for every command's rows,
// reports and findings.
enum class Kind : uint8_t {
    none,           // it did not fail
    certificate,    // a wrong answer the host's certificate check refutes
    expectation,    // against the corpus's established truth
    disagreement,   // against another plugin's certified or complete answer
    contract,       // broke the ABI's rules (malformed answer, a failure it may not give)
    generator,      // a generator property (determinism, uniqueness, minimality, ...)
    inconclusive,   // unknown on too many rows (verify's --min-conclusive)
    crashed,        // its process died
    timed_out,      // past its deadline: killed by the watchdog
    out_of_memory,  // past its memory limit
    step,           // an explanation's step: unsound, or not entailed (steps.hpp)
};
// "certificate", ..., "timed-out", "out-of-memory"; "" for none.
std::string_view kind_name(Kind kind);
std::optional<Kind> kind_from_name(std::string_view name);
// Every kind but none, in the enum's order.
std::vector<Kind> all_kinds();

struct Judgement {
    Status status = Status::pass;
    Kind kind = Kind::none;
    std::string finding;
};

// What is known about a puzzle. `established` when the verdict is certain
// (the corpus, two certified witnesses, a checked proof, a complete oracle
// search); otherwise only `witness`, a certified solution, may be known.
struct Truth {
    bool established = false;
    Verdict verdict = Verdict::unknown;    // invalid, none, unique or multiple
    std::optional<Grid> solution;          // for unique
    std::optional<uint64_t> count;         // exact, when known
    uint64_t at_least = 0;                 // a lower bound on the count
    std::optional<Grid> witness;           // a certified solution, whatever else is known
    std::string source;                    // "the corpus", "exhaustive-count's checked proof", ...
    // The plugins whose answers established it (truth_from_answers): what a
    // row judged against it needs to be judged again.
    std::vector<std::string> parties;
};

Truth truth_from_corpus(const corpus::PuzzleExpectation& expect);

// The truth among several answers to one puzzle (a plain file's line),
// ranked: certificates outrank proofs and proofs outrank searches.
//   1. two distinct valid witnesses, from anyone: multiple, whoever says
//      otherwise;
//   2. a checked proof (SolveOutcome::proof), the oracle's first, then the
//      answers' in order: its verdict; a proof of none that a certified
//      witness refutes is passed over (the checker would be wrong);
//   3. the oracle's complete search, unless its own proof was rejected or
//      it says none where a certified witness exists;
//   else nothing is established (a single witness still refutes "none").
// A rejected proof counts for nothing anywhere in the ranking.
struct NamedAnswer {
    std::string plugin;
    const SolveOutcome* outcome;
};
Truth truth_from_answers(const std::vector<NamedAnswer>& answers, const SolveOutcome* oracle,
                         const std::string& oracle_name);

// One plugin's answer against the truth. `kind_if_wrong` is expectation for
// the corpus, disagreement for answers judged against each other. A proof
// the checker rejected is a certificate failure, whatever the answer. An
// answer with a checked proof that the truth contradicts fails too, and its
// finding says so: then the truth's source (a corpus entry) or the checker
// itself is wrong, and a person must look.
Judgement judge_solve(const SolveOutcome& out, const Truth& truth, Kind kind_if_wrong);

// --require-proofs: a unique or none from a plugin that can prove
// (`can_prove`: NP_CAP_PROOF), claimed without a checked proof, is a
// certificate failure (the run asked for the proof as part of the
// answer's certificate); nullopt when the answer is proved, is no unique or
// none, or its plugin declared it cannot prove with its options
// (NP_PROOF_CANNOT).
std::optional<Judgement> unproved(const SolveOutcome& out, bool can_prove);

// A complete none/unique, a multiple, or an invalid: an answer that claims
// something definite about the puzzle.
bool conclusive(const SolveOutcome& out);

// Without an established truth: conclusive answers must agree with each
// other. Returns, for answer i, the first answer it contradicts ("" if none);
// `parties`, when given, gets that answer's plugin ("" if none).
std::vector<std::string> contradictions(const std::vector<NamedAnswer>& answers,
                                        std::vector<std::string>* parties = nullptr);

// A grid checker's answer against a grid-check entry.
Judgement judge_check(const CheckOutcome& out, const corpus::GridCheckEntry& entry);

// A fault from the host (refused, failed, malformed, wrong) or from the
// runner (crashed, timed out, out of memory) as a judgement; nullopt when
// the outcome has none. A shape or grid a plugin declines is a skip.
std::optional<Judgement> judge_fault(Fault fault, uint32_t status, const std::string& message);

// The process failures: the runner's, not the plugin's answer's.
bool process_failure(Fault fault);

}  // namespace np::judge
