// What bench's measuring steps share (internal to harness/bench): the job a
// step runs, an answer judged as verify judges it, the proofs' tally, the
// sample of per-puzzle times, and the steps themselves: in a forked child
// (child_steps.cpp) and through the runner's worker processes, --isolate
// (isolated.cpp). The helpers are in measuring.cpp.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench/bench.hpp"
#include "judge/judge.hpp"
#include "numplace/host.hpp"
#include "runner/runner.hpp"
#include "truth/prover.hpp"

namespace np::bench {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Proofs are asked only by a NAME+proof row's calls (budget_of(Job)).
Budget budget_of(const Settings& s);

inline bool cancelled(const Settings& s) { return s.harness.cancel && s.harness.cancel->load(); }

// What the prover's complete search says of one puzzle (truth/prover.hpp):
// a verdict, or nothing when it did not finish. Kept per puzzle.
using Known = truth::Known;

// A finding from one answer, judged against the prover's truth as verify
// and fuzz judge: its kind and message, or nullopt when it stands.
std::optional<std::pair<judge::Kind, std::string>> judge_answer(const SolveOutcome& o, const Known& known,
                                                                const std::string& prover, const std::string& origin);
json finding(judge::Kind kind, const std::string& message);

// An answer in 8 bytes: its fault, verdict and witnesses, hashed. The child
// keeps one per puzzle (not the answers themselves, which would make its
// peak memory the harness's rather than the plugin's).
uint64_t fingerprint(const SolveOutcome& o);
double percentile(std::vector<double> v, double p);

struct Job {
    const Settings& settings;
    const Plugin& plugin;
    const Dataset& data;
    const std::vector<std::size_t>& order;  // the dataset's puzzles in the sample's order
    bool proofs = false;                    // a NAME+proof row
};

Budget budget_of(const Job& job);

// The certification pass's proofs, as they are judged.
struct ProofTally {
    std::vector<double> bytes;
    uint64_t unproved = 0, check_micros = 0;
    // A rejected proof is the row's finding ("" when it stands).
    std::string take(const SolveOutcome& o, const std::string& origin) {
        if (o.proof.status == ProofStatus::rejected) return origin + ": proof rejected: " + o.proof.note;
        if (o.proof.status == ProofStatus::checked) {
            bytes.push_back(static_cast<double>(o.proof.bytes));
            check_micros += o.proof.check_micros;
        } else if (o.complete) {
            ++unproved;
        }
        return "";
    }
    json figures() const {
        const double n = static_cast<double>(bytes.size());
        return {{"checked", bytes.size()},
                {"unproved", unproved},
                {"bytes_mean", n > 0 ? std::accumulate(bytes.begin(), bytes.end(), 0.0) / n : 0.0},
                {"bytes_p99", percentile(bytes, 0.99)},
                {"check_rate", check_micros > 0 ? n * 1e6 / static_cast<double>(check_micros) : 0.0}};
    }
};

// A call that stopped at the per-puzzle --timeout: 'unknown', stopped by its
// budget (bench sets no node limit: the deadline), after the timeout.
bool timed_out(const Settings& s, const SolveOutcome& o, double micros);

// The sample of per-puzzle times (report version 4): the first
// --sample-cap puzzles of the dataset's seeded order, the same for every
// plugin. `covered` of them are in the timed pass (all of them when the
// whole file is timed; else the timed prefix of the same order), the rest
// `extra`, timed one by one beside it.
struct Sample {
    std::vector<std::size_t> index;
    std::size_t covered = 0;
    bool whole_file = false;
    // Where sample puzzle s sits in the timed pass's order.
    std::size_t position(std::size_t s) const { return whole_file ? index[s] : s; }
    std::vector<std::size_t> extra() const { return {index.begin() + static_cast<long>(covered), index.end()}; }
};

// A sample time: the call's microseconds, or null for 'unknown' (a timeout among them).
json sample_time(bool unknown, double micros);

// The sample's puzzles beyond the timed pass, each timed alone (no
// certification during the call, no proof asked), within --seconds: the
// times ("us") and how many were not reached, or a finding. `solve(i,
// micros)` solves puzzle i, timing it, and returns its certified answer,
// judged here.
template <class Solve>
json time_extra(const Job& job, const std::vector<Known>& truth, const std::string& prover,
                const std::vector<std::size_t>& extra, Solve solve) {
    const Settings& s = job.settings;
    json us = json::array();
    const auto start = Clock::now();
    for (std::size_t i : extra) {
        if (cancelled(s) || seconds_since(start) >= s.seconds) break;
        double micros = 0;
        const SolveOutcome o = solve(i, micros);
        if (auto f = judge_answer(o, truth[i], prover, job.data.origins[i]))
            return {{"finding", finding(f->first, f->second + " (timing the sample)")}};
        us.push_back(sample_time(o.verdict == Verdict::unknown, micros));
    }
    const std::size_t reached = us.size();
    for (std::size_t k = reached; k < extra.size(); ++k) us.push_back(nullptr);
    return {{"us", us}, {"not_reached", extra.size() - reached}};
}

// The version 4 figures of a timed pass from each puzzle's time and
// 'unknown' mark (1: unknown, 2: timed out): timeouts, PAR-2 and the
// sample's times within the pass.
void add_pass_figures(json& figures, const Settings& s, const std::vector<double>& micros,
                      const std::vector<uint8_t>& unknown_at, const Sample& sample);

// ---- The steps in a forked child (child_steps.cpp; bench.hpp numbers them) ----------------

// Step 1: certified solving for --warmup seconds; the rate.
json estimate(const Job& job);
// The prover's verdicts for the puzzles in `order` that `truth` lacks.
json prove(const Plugin& prover, const Dataset& data, const std::vector<std::size_t>& order,
           const std::vector<Known>& truth, const Settings& s);
// Step 3: every answer of the timed pass's puzzles certified and judged;
// each one's fingerprint, the proofs' figures, and the sample's puzzles
// beyond the pass timed.
json certify(const Job& job, const std::vector<Known>& truth, const std::string& prover, const Sample& sample);
// Step 4, in a child of its own (its CPU and wall time are the row's): the
// timed pass, then the answers that differ from the certified ones judged.
json measure(const Job& job, const std::vector<uint64_t>& certified, const std::vector<Known>& truth,
             const std::string& prover, const Sample& sample);

// ---- --isolate: the same steps through the runner's workers (isolated.cpp) ------------------

json estimate_isolated(const Job& job, runner::Runner& run);
// Steps 3 and 4 from this process: the figures, or a finding.
json measure_isolated(const Job& job, const std::vector<Known>& truth, const std::string& prover, const Sample& sample);

}  // namespace np::bench
