// The oracle's word on one puzzle, through the runner: the questions verify
// and fuzz put to the oracle (or, when the oracle is the one judged, to
// another plugin: harness::prover_for chooses it, a plugin is never its own
// prover) beside the answers they judge. verify's plain files ask it in the
// batch of the judged plugins' calls (oracle_call plans its place there: a
// worker round trip costs more than a 17-clue solve), and take the truth
// from the batch's answers (plain_truth); fuzz asks it one puzzle at a time
// (ask_oracle, unique_solution) and counts with a counter (count). Every
// answer is weighed by the judge (judge::truth_from_answers).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "judge/judge.hpp"
#include "runner/runner.hpp"

namespace np::truth {

// Two solutions tell unique from several: the limit of every call here but
// a count's.
constexpr uint64_t kOracleLimit = 2;

// The oracle's call in a batch of the judged plugins' solve calls on one
// puzzle: nullopt when there is no oracle, or it is judged (a judged plugin
// that solves has its name): its answer is then already in the batch. The
// oracle judges without being judged.
struct OracleCall {
    const Plugin* plugin = nullptr;
    uint64_t limit = kOracleLimit;
};
std::optional<OracleCall> oracle_call(const Plugin* oracle, const std::vector<Plugin>& judged);

// Whether a call of the batch is the oracle's: its answer is the one
// plain_truth takes as the oracle's.
bool is_oracle(const Plugin& plugin, const Plugin* oracle);

// A plain puzzle's truth from its batch: givens that break a rule are
// invalid, by the framework's own rule check; otherwise the answers' truth,
// ranked (judge::truth_from_answers): two certified solutions, then a
// checked proof from anyone, the oracle's first, then the oracle's complete
// search. `oracle_answer` is the oracle's call's answer (nullptr when it
// was not made).
judge::Truth plain_truth(const Grid& grid, const std::vector<judge::NamedAnswer>& answers,
                         const SolveOutcome* oracle_answer, const Plugin* oracle);

// The oracle asked alone (limit 2, its default options), and the truth of
// its answer ranked with `answers` (judge::truth_from_answers). `answer` is
// nullopt when it was not asked: no oracle, or one that does not take the
// shape; the truth is then the answers' alone.
struct Asked {
    std::optional<SolveOutcome> answer;
    judge::Truth truth;
};
Asked ask_oracle(const Plugin* oracle, const Grid& grid, const std::vector<judge::NamedAnswer>& answers,
                 runner::Runner& run, const Budget& budget);

// The one solution of `grid` by the prover's complete search; nullopt when
// there is no prover for the shape, or it fails, does not finish or finds
// other than one.
std::optional<Grid> unique_solution(const Plugin* prover, const Grid& grid, runner::Runner& run, const Budget& budget);

// A counter's count of `grid` looking for up to `limit` solutions
// (NP_UNLIMITED: all); nullopt when it fails (a fault). `complete`: it
// explored everything, so `count` is exact; `first`: the solution, when
// there is exactly one.
struct Count {
    uint64_t count = 0;
    bool complete = false;
    std::optional<Grid> first;
};
std::optional<Count> count(const Plugin& counter, const Grid& grid, uint64_t limit, runner::Runner& run,
                           const Budget& budget);

}  // namespace np::truth
