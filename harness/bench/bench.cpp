// numplace bench: the steps (bench.hpp) for each dataset and plugin, each
// plugin's work in a child process of its own (child.hpp).
#include "bench.hpp"

#include <sys/utsname.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>

#include "child.hpp"
#include "numplace/format.hpp"
#include "numplace/proof.hpp"
#include "numplace/random.hpp"
#include "numplace/utf8.hpp"
#include "generators.hpp"
#include "judge.hpp"
#include "runner.hpp"
#include "setup.hpp"
#include "truth/order.hpp"

namespace np::bench {

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Proofs are asked only by a NAME+proof row's calls (budget_of(Job)).
Budget budget_of(const Settings& s) {
    Budget b = s.harness.budget();
    b.max_proof_bytes = 0;
    return b;
}

bool cancelled(const Settings& s) { return s.harness.cancel && s.harness.cancel->load(); }

// What the prover's complete search says of one puzzle: a verdict, or
// nothing when it did not finish. Kept per puzzle (a byte's worth each).
using Known = std::optional<Verdict>;

// The judge's truth from the prover's verdict.
judge::Truth truth_from(const Known& known, const std::string& prover) {
    judge::Truth t;
    if (!known) return t;
    t.established = true;
    t.verdict = *known;
    t.source = prover + "'s complete search";
    if (t.verdict == Verdict::none) t.count = 0;
    if (t.verdict == Verdict::unique) t.count = 1, t.at_least = 1;
    if (t.verdict == Verdict::multiple) t.at_least = 2;
    return t;
}

// A finding from one answer, judged against the prover's truth as verify
// and fuzz judge: its kind and message, or nullopt when it stands.
std::optional<std::pair<judge::Kind, std::string>> judge_answer(const SolveOutcome& o, const Known& known,
                                                                const std::string& prover, const std::string& origin) {
    const judge::Judgement j = judge::judge_solve(o, truth_from(known, prover), judge::Kind::disagreement);
    if (j.status != judge::Status::fail) return std::nullopt;
    return std::pair{j.kind, origin + ": " + j.finding};
}

json finding(judge::Kind kind, const std::string& message) {
    return {{"kind", std::string(judge::kind_name(kind))}, {"message", message}};
}

// An answer in 8 bytes: its fault, verdict and witnesses, hashed. The child
// keeps one per puzzle (not the answers themselves, which would make its
// peak memory the harness's rather than the plugin's).
uint64_t fingerprint(const SolveOutcome& o) {
    const unsigned char head[2] = {static_cast<unsigned char>(o.fault), static_cast<unsigned char>(o.verdict)};
    uint64_t h = fnv1a(std::string_view(reinterpret_cast<const char*>(head), 2));
    for (const Grid& g : o.solutions)
        h = fnv1a(std::string_view(reinterpret_cast<const char*>(g.cells.data()), g.cells.size()), h);
    return h;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    const auto k = static_cast<std::size_t>(std::min<double>(static_cast<double>(v.size()) - 1, std::floor(p * static_cast<double>(v.size()))));
    std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
    return v[k];
}

// ---- Solving ----------------------------------------------------------------------------

struct Job {
    const Settings& settings;
    const Plugin& plugin;
    const Dataset& data;
    const std::vector<std::size_t>& order;  // the dataset's puzzles in the sample's order
    bool proofs = false;                    // a NAME+proof row
};

Budget budget_of(const Job& job) {
    Budget b = budget_of(job.settings);
    if (job.proofs) b.max_proof_bytes = job.settings.harness.max_proof_bytes ? job.settings.harness.max_proof_bytes : kProofBytes;
    return b;
}

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

// One certified solve, its proof (when the row asks for one) checked here.
SolveOutcome certified_solve(Session& session, const Job& job, const Grid& puzzle, const Budget& budget) {
    if (!job.proofs) return session.solve(puzzle, job.settings.limit, job.settings.options, budget);
    ProofIntake intake(puzzle, budget.max_proof_bytes);
    SolveOutcome o = session.solve(puzzle, job.settings.limit, job.settings.options, budget,
                                   [&](uint64_t, std::string_view bytes) { return intake.feed(bytes); });
    intake.judge(o);
    return o;
}

// Step 1, in the child: certified solving for --warmup seconds; the rate.
json estimate(const Job& job) {
    Session session(job.plugin);
    const Budget budget = budget_of(job);
    const auto start = Clock::now();
    std::size_t done = 0;
    while (done < job.order.size() && (done == 0 || seconds_since(start) < job.settings.warmup)) {
        const std::size_t i = job.order[done++];
        const SolveOutcome o = certified_solve(session, job, job.data.puzzles[i], budget);
        if (auto f = judge_answer(o, std::nullopt, "", job.data.origins[i])) return {{"finding", finding(f->first, f->second)}};
        if (cancelled(job.settings)) break;
    }
    return {{"rate", static_cast<double>(done) / std::max(1e-9, seconds_since(start))}};
}

// The prover's verdicts for the puzzles in `order` that `truth` lacks.
json prove(const Plugin& prover, const Dataset& data, const std::vector<std::size_t>& order,
           const std::vector<Known>& truth, const Settings& s) {
    Session session(prover);
    Budget budget = budget_of(s);
    json out = json::array();
    for (std::size_t i : order) {
        if (truth[i] || cancelled(s)) continue;
        const SolveOutcome o = session.solve(data.puzzles[i], 2, {}, budget);
        const bool known = o.fault == Fault::none && (o.complete || o.verdict == Verdict::multiple || o.verdict == Verdict::invalid);
        out.push_back({i, known ? static_cast<int>(o.verdict) : -1});
    }
    return out;
}

// What the timed pass keeps: each call's time, and the answers that differ
// from the certified ones (a plugin with random choices, or a liar), to be
// certified after timing.
struct Timing {
    std::vector<double> micros;
    std::vector<uint8_t> unknown_at;  // per puzzle: it answered 'unknown'
    uint64_t no_guess = 0, unknown = 0;
    double guesses = 0, nodes = 0;
    std::vector<std::pair<std::size_t, SolveOutcome>> different;
    std::mutex lock;  // for the sums and `different`, taken once per thread
};

// A call that stopped at the per-puzzle --timeout: 'unknown', stopped by its
// budget (bench sets no node limit: the deadline), after the timeout.
bool timed_out(const Settings& s, const SolveOutcome& o, double micros) {
    return s.harness.timeout_seconds > 0 && o.verdict == Verdict::unknown && o.stop == NP_STOP_BUDGET &&
           micros >= s.harness.timeout_seconds * 1e6;
}

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
json sample_time(bool unknown, double micros) { return unknown ? json(nullptr) : json(micros); }

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

// Step 4: the timed pass, certification off, `jobs` instances in threads
// taking the next puzzle in turn. Returns the wall time.
double timed_pass(const Job& job, const std::vector<uint64_t>& certified, Timing& t) {
    const std::size_t n = job.order.size();
    t.micros.assign(n, 0);
    t.unknown_at.assign(n, 0);
    std::atomic<std::size_t> next{0};
    const Budget budget = budget_of(job);
    auto worker = [&] {
        Session session(job.plugin);
        session.set_certify_solutions(false);
        uint64_t no_guess = 0, unknown = 0;
        double guesses = 0, nodes = 0;
        std::vector<std::pair<std::size_t, SolveOutcome>> different;
        // A proof is written into memory, as a worker's pipe would take it;
        // the certification pass checked this plugin's proofs already.
        std::string proof;
        const ProofSink keep = [&proof](uint64_t, std::string_view bytes) { return proof.append(bytes), true; };
        for (std::size_t k; (k = next.fetch_add(1)) < n && !cancelled(job.settings);) {
            const Grid& puzzle = job.data.puzzles[job.order[k]];
            proof.clear();
            const auto start = Clock::now();
            SolveOutcome o = session.solve(puzzle, job.settings.limit, job.settings.options, budget,
                                           job.proofs ? keep : ProofSink{});
            t.micros[k] = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
            t.unknown_at[k] = o.verdict == Verdict::unknown ? 1 + timed_out(job.settings, o, t.micros[k]) : 0;
            no_guess += o.stats.guesses == 0;
            unknown += o.verdict == Verdict::unknown;
            guesses += static_cast<double>(o.stats.guesses);
            nodes += static_cast<double>(o.stats.nodes);
            if (fingerprint(o) != certified[k]) different.emplace_back(k, std::move(o));
        }
        std::lock_guard<std::mutex> hold(t.lock);
        t.no_guess += no_guess, t.unknown += unknown, t.guesses += guesses, t.nodes += nodes;
        for (auto& d : different) t.different.push_back(std::move(d));
    };
    const auto start = Clock::now();
    std::vector<std::thread> threads;
    for (unsigned j = 1; j < std::max(1u, job.settings.jobs); ++j) threads.emplace_back(worker);
    worker();
    for (auto& th : threads) th.join();
    return seconds_since(start);
}

// The version 4 figures of a timed pass from each puzzle's time and
// 'unknown' mark (1: unknown, 2: timed out): timeouts, PAR-2 and the
// sample's times within the pass.
void add_pass_figures(json& figures, const Settings& s, const std::vector<double>& micros,
                      const std::vector<uint8_t>& unknown_at, const Sample& sample) {
    uint64_t timeouts = 0;
    double par2 = 0;
    for (std::size_t k = 0; k < micros.size(); ++k) {
        timeouts += unknown_at[k] == 2;
        par2 += unknown_at[k] != 0 ? 2 * s.harness.timeout_seconds : micros[k] * 1e-6;
    }
    figures["timeouts"] = timeouts;
    figures["par2_seconds"] = s.harness.timeout_seconds > 0 && !micros.empty()
                                  ? json(par2 / static_cast<double>(micros.size()))
                                  : json(nullptr);
    json us = json::array();
    for (std::size_t k = 0; k < sample.covered; ++k) {
        const std::size_t at = sample.position(k);
        us.push_back(sample_time(unknown_at[at] != 0, micros[at]));
    }
    figures["sample_us"] = us;
}

// Step 3, in a child: every answer of the timed pass's puzzles certified
// and judged; each one's fingerprint (for the timed pass to compare), the
// proofs' figures, and the sample's puzzles beyond the pass timed.
json certify(const Job& job, const std::vector<Known>& truth, const std::string& prover, const Sample& sample) {
    const Settings& s = job.settings;
    const Budget budget = budget_of(job);
    json certified = json::array();
    ProofTally proofs;
    Session session(job.plugin);
    for (std::size_t k = 0; k < job.order.size() && !cancelled(s); ++k) {
        const std::size_t i = job.order[k];
        const SolveOutcome o = certified_solve(session, job, job.data.puzzles[i], budget);
        if (auto f = judge_answer(o, truth[i], prover, job.data.origins[i])) return {{"finding", finding(f->first, f->second)}};
        if (auto lie = proofs.take(o, job.data.origins[i]); !lie.empty()) return {{"finding", finding(judge::Kind::certificate, lie)}};
        certified.push_back(fingerprint(o));
    }
    if (cancelled(s)) return {{"interrupted", true}};
    Session timing(job.plugin);
    timing.set_certify_solutions(false);
    json extra = time_extra(job, truth, prover, sample.extra(), [&](std::size_t i, double& micros) {
        const auto start = Clock::now();
        SolveOutcome o = timing.solve(job.data.puzzles[i], s.limit, s.options, budget_of(s));
        micros = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
        certify_answer(job.data.puzzles[i], o, job.plugin.name());
        return o;
    });
    if (extra.contains("finding")) return extra;
    json out = {{"certified", certified}, {"extra", extra}};
    if (job.proofs) out["proofs"] = proofs.figures();
    return out;
}

// Step 4, in a child of its own (its CPU and wall time are the row's): the
// timed pass, then the answers that differ from the certified ones judged.
json measure(const Job& job, const std::vector<uint64_t>& certified, const std::vector<Known>& truth,
             const std::string& prover, const Sample& sample) {
    const Settings& s = job.settings;
    Timing t;
    const double wall = timed_pass(job, certified, t);
    if (cancelled(s)) return {{"interrupted", true}};
    for (auto& [k, o] : t.different) {
        const std::size_t i = job.order[k];
        certify_answer(job.data.puzzles[i], o, job.plugin.name());
        if (auto f = judge_answer(o, truth[i], prover, job.data.origins[i]))
            return {{"finding", finding(f->first, f->second + " (in the timed pass)")}};
    }
    const double n = static_cast<double>(job.order.size());
    json figures = {{"timed", job.order.size()},
                    {"seconds", wall},
                    {"rate", n / std::max(wall, 1e-9)},
                    {"mean_us", std::accumulate(t.micros.begin(), t.micros.end(), 0.0) / n},
                    {"median_us", percentile(t.micros, 0.5)},
                    {"p99_us", percentile(t.micros, 0.99)},
                    {"no_guess_percent", 100.0 * static_cast<double>(t.no_guess) / n},
                    {"guesses", t.guesses / n},
                    {"nodes", t.nodes / n},
                    {"unknown", t.unknown}};
    add_pass_figures(figures, s, t.micros, t.unknown_at, sample);
    return figures;
}

// ---- --isolate: the same steps through the runner's worker processes ------------------
// From this process: a crash or a hang costs the puzzle it was on (then the
// row, as a finding). Each puzzle's time is this process's, taken as it reads
// the worker's answers (runner/item_times.hpp), never the worker's claim:
// it includes the worker protocol and the worker session's certification
// (and this process's, when that is the slower side). Starting the workers
// and the gaps between batches are in the rate only. There is no
// peak memory (the worker's is not reported back).

constexpr std::size_t kBatch = 256;

json estimate_isolated(const Job& job, runner::Runner& run) {
    const Budget budget = budget_of(job);
    const auto start = Clock::now();
    std::size_t done = 0;
    while (done < job.order.size() && (done == 0 || seconds_since(start) < job.settings.warmup)) {
        const std::size_t i = job.order[done++];
        const SolveOutcome o = run.solve_one(job.plugin, job.data.puzzles[i], job.settings.limit, job.settings.options, budget);
        if (auto f = judge_answer(o, std::nullopt, "", job.data.origins[i])) return {{"finding", finding(f->first, f->second)}};
        if (cancelled(job.settings)) break;
    }
    return {{"rate", static_cast<double>(done) / std::max(1e-9, seconds_since(start))}};
}

// Puzzles order[first, last) in batches; `each(k, outcome)` for every one.
template <class Each>
void solve_range(const Job& job, runner::Runner& run, std::size_t first, std::size_t last, Each each) {
    const Budget budget = budget_of(job);
    for (std::size_t k = first; k < last && !cancelled(job.settings); k += kBatch) {
        std::vector<const Grid*> batch;
        for (std::size_t j = k; j < std::min(last, k + kBatch); ++j) batch.push_back(&job.data.puzzles[job.order[j]]);
        auto outcomes = run.solve(job.plugin, batch, job.settings.limit, job.settings.options, budget);
        for (std::size_t j = 0; j < outcomes.size(); ++j) each(k + j, outcomes[j]);
    }
}

// The CPU and wall time of the timed pass's runners (their workers' /proc
// figures, read by this process around each request): added up.
void add_runner_cpu(json& figures, const std::vector<std::unique_ptr<runner::Runner>>& runners) {
    double cpu = 0, wall = 0;
    for (const auto& run : runners)
        for (const auto& [plugin, t] : run->cpu()) cpu += t.cpu_seconds, wall += t.wall_seconds;
    figures["cpu_seconds"] = cpu;
    figures["wall_seconds"] = wall;
}

json measure_isolated(const Job& job, const std::vector<Known>& truth, const std::string& prover, const Sample& sample) {
    const Settings& s = job.settings;
    const std::size_t n = job.order.size();
    std::vector<uint64_t> certified(n);
    std::optional<json> found;
    ProofTally proofs;  // the runner checked each proof as it came
    json extra;
    {
        auto run = runner::make_runner(s.harness.runner);
        solve_range(job, *run, 0, n, [&](std::size_t k, const SolveOutcome& o) {
            const std::size_t i = job.order[k];
            if (auto f = judge_answer(o, truth[i], prover, job.data.origins[i]); f && !found) found = finding(f->first, f->second);
            if (auto lie = proofs.take(o, job.data.origins[i]); !lie.empty() && !found)
                found = finding(judge::Kind::certificate, lie);
            certified[k] = fingerprint(o);
        });
        if (found) return {{"finding", *found}};
        extra = time_extra(job, truth, prover, sample.extra(), [&](std::size_t i, double& micros) {
            SolveOutcome o = run->solve_one(job.plugin, job.data.puzzles[i], s.limit, s.options, budget_of(s));
            micros = static_cast<double>(o.stats.micros);
            return o;
        });
        if (extra.contains("finding")) return extra;
    }
    // `jobs` runners in threads, each with a contiguous part of the sample.
    std::vector<double> micros(n, 0);
    std::vector<uint64_t> guesses(n, 0), nodes(n, 0);
    std::vector<uint8_t> unknown(n, 0);
    std::vector<std::optional<json>> findings(std::max(1u, s.jobs));
    const std::size_t parts = std::max(1u, s.jobs);
    std::vector<std::unique_ptr<runner::Runner>> runners;
    for (std::size_t p = 0; p < parts; ++p) runners.push_back(runner::make_runner(s.harness.runner));
    auto part = [&](std::size_t p) {
        solve_range(job, *runners[p], n * p / parts, n * (p + 1) / parts, [&](std::size_t k, const SolveOutcome& o) {
            micros[k] = static_cast<double>(o.stats.micros);
            guesses[k] = o.stats.guesses, nodes[k] = o.stats.nodes;
            unknown[k] = o.verdict == Verdict::unknown ? 1 + timed_out(s, o, micros[k]) : 0;
            const std::size_t i = job.order[k];
            if (fingerprint(o) == certified[k] || findings[p]) return;
            if (auto f = judge_answer(o, truth[i], prover, job.data.origins[i]))
                findings[p] = finding(f->first, f->second + " (in the timed pass)");
        });
    };
    const auto start = Clock::now();
    std::vector<std::thread> threads;
    for (std::size_t p = 1; p < parts; ++p) threads.emplace_back(part, p);
    part(0);
    for (auto& th : threads) th.join();
    const double wall = seconds_since(start);
    if (cancelled(s)) return {{"interrupted", true}};
    for (const auto& f : findings)
        if (f) return {{"finding", *f}};
    double no_guess = 0, g = 0, v = 0, u = 0;
    for (std::size_t k = 0; k < n; ++k) no_guess += guesses[k] == 0, g += static_cast<double>(guesses[k]),
                                        v += static_cast<double>(nodes[k]), u += unknown[k] != 0;
    const double count = static_cast<double>(n);
    json figures = {{"timed", n},
                    {"seconds", wall},
                    {"rate", count / std::max(wall, 1e-9)},
                    {"mean_us", std::accumulate(micros.begin(), micros.end(), 0.0) / count},
                    {"median_us", percentile(micros, 0.5)},
                    {"p99_us", percentile(micros, 0.99)},
                    {"no_guess_percent", 100.0 * no_guess / count},
                    {"guesses", g / count},
                    {"nodes", v / count},
                    {"unknown", static_cast<uint64_t>(u)}};
    add_pass_figures(figures, s, micros, unknown, sample);
    add_runner_cpu(figures, runners);
    figures["extra"] = extra;
    if (job.proofs) figures["proofs"] = proofs.figures();
    return figures;
}

// A result computed here rather than in a child (--isolate).
ChildResult here(const std::function<json()>& work) {
    ChildResult r;
    r.value = work();
    return r;
}

// Generous: the child's own steps bound its time; this only stops a plugin
// that ignores its deadline.
double child_limit(const Settings& s, std::size_t puzzles) {
    const double per_puzzle = s.harness.timeout_seconds > 0 ? s.harness.timeout_seconds + 1 : 0;
    if (per_puzzle == 0) return 0;
    return 60 + 4 * (s.warmup + s.seconds) + std::min<double>(3 * per_puzzle * static_cast<double>(puzzles), 3600);
}

void fill_figures(Row& row, const json& v) {
    row.status = Row::Status::measured;
    row.timed = v["timed"].get<uint64_t>();
    row.seconds = v["seconds"];
    row.rate = v["rate"];
    row.mean_us = v["mean_us"];
    row.median_us = v["median_us"];
    row.p99_us = v["p99_us"];
    row.no_guess_percent = v["no_guess_percent"];
    row.guesses = v["guesses"];
    row.nodes = v["nodes"];
    row.unknown = v["unknown"].get<uint64_t>();
    if (v.contains("mean_clues")) row.mean_clues = v["mean_clues"];
    if (v.contains("proofs")) {
        const json& p = v["proofs"];
        row.proofs = ProofFigures{p["checked"], p["unproved"], p["bytes_mean"], p["bytes_p99"], p["check_rate"]};
    }
    if (v.contains("timeouts")) row.timeouts = v["timeouts"].get<uint64_t>();
    if (v.contains("par2_seconds") && !v["par2_seconds"].is_null()) row.par2_seconds = v["par2_seconds"].get<double>();
    if (v.contains("cpu_seconds")) row.cpu_seconds = v["cpu_seconds"].get<double>(), row.wall_seconds = v["wall_seconds"].get<double>();
}

// The sample's times: the timed pass's (sample_us), then the extra ones'.
PuzzleTimes puzzle_times(const std::vector<std::size_t>& index, const json& v) {
    PuzzleTimes p;
    p.index.assign(index.begin(), index.end());
    auto take = [&](const json& us) {
        for (const json& t : us) p.us.push_back(t.is_null() ? std::nullopt : std::optional<double>(t.get<double>()));
    };
    take(v["sample_us"]);
    take(v["extra"]["us"]);
    p.not_reached = v["extra"]["not_reached"].get<uint64_t>();
    return p;
}

// The most of a child's finding message a row keeps: the host's sentence
// around a plugin's 256 bytes and a stderr tail fit well within it.
constexpr std::size_t kMaxChildMessage = 16 << 10;

// A child's outcome into the row: a crash or a hang is a finding; a JSON
// finding too. True when the child gave a value to go on with.
bool take(Row& row, const ChildResult& c) {
    if (!c.value) {
        row.status = Row::Status::finding;
        // The child died, or sent nothing: its process failed.
        row.kind = c.timed_out ? judge::Kind::timed_out : judge::Kind::crashed;
        row.message = row.plugin + " " + c.failure;
        return false;
    }
    if (c.value->contains("finding")) {
        // The child ran plugin code: its words are read as a plugin's are,
        // bounded and made plain, and a finding it cannot state well is a
        // contract failure (docs/reliability.md, "Channels").
        const json& f = (*c.value)["finding"];
        const auto text = [&f](const char* key) {
            const json* v = f.is_object() && f.contains(key) ? &f[key] : nullptr;
            return v != nullptr && v->is_string() ? v->get<std::string>() : std::string();
        };
        row.status = Row::Status::finding;
        row.kind = judge::kind_from_name(text("kind")).value_or(judge::Kind::contract);
        std::string message = text("message");
        if (message.size() > kMaxChildMessage) message.resize(kMaxChildMessage);
        row.message = message.empty() ? row.plugin + "'s measuring child sent a finding without a message" : plain_text(message);
        return false;
    }
    return true;
}

struct DatasetRun {
    const Settings& settings;
    const Dataset& data;
    const Plugin* prover;  // for this plugin: never the plugin itself
    std::vector<std::size_t> permutation;
    std::vector<Known>& truth;
};

Row bench_solver(const Plugin& plugin, DatasetRun& d, std::vector<std::string>& notes, bool proofs) {
    const Settings& s = d.settings;
    Row row;
    row.plugin = plugin.name() + (proofs ? kProofSuffix : "");
    row.dataset = d.data.name;
    row.dataset_size = d.data.puzzles.size();
    if (!plugin.can(NP_CAP_SOLVE)) return row.message = plugin.name() + " cannot solve", row;
    for (const Grid& g : d.data.puzzles)
        if (!plugin.supports(g.geometry))
            return row.message = plugin.name() + " does not support " + g.geometry.name() + " boxes", row;
    const std::string cannot_prove = plugin.name() + " cannot prove uniqueness: at --limit 2 it answers 'found' at best";
    if (s.limit >= 2 && !plugin.can(NP_CAP_PROVE_UNIQUE) && std::find(notes.begin(), notes.end(), cannot_prove) == notes.end())
        notes.push_back(cannot_prove);
    if (auto problem = plugin.option_problem(s.options, "solve"); !problem.empty())
        return row.message = "--option: " + problem, row;

    Job probe{s, plugin, d.data, d.permutation, proofs};
    std::unique_ptr<runner::Runner> isolated = s.isolate ? runner::make_runner(s.harness.runner) : nullptr;
    const ChildResult est = s.isolate ? here([&] { return estimate_isolated(probe, *isolated); })
                                      : in_child([&] { return estimate(probe); }, child_limit(s, 1), s.harness.cancel);
    isolated.reset();
    if (!take(row, est)) return row;
    if (est.value->contains("interrupted")) return row.message = "interrupted", row;
    const double rate = (*est.value)["rate"];
    const auto n = static_cast<std::size_t>(std::clamp(std::ceil(rate * s.seconds), 1.0, static_cast<double>(row.dataset_size)));
    std::vector<std::size_t> order(d.permutation.begin(), d.permutation.begin() + static_cast<long>(n));
    row.sampled = n < row.dataset_size;
    if (!row.sampled) std::sort(order.begin(), order.end());  // the whole file, in its order
    // The per-puzzle sample: the same first puzzles of the seeded order for
    // every plugin; those past this plugin's timed prefix are timed apart.
    Sample sample;
    const std::size_t cap = std::min<std::size_t>(s.sample_cap, row.dataset_size);
    sample.index.assign(d.permutation.begin(), d.permutation.begin() + static_cast<long>(cap));
    sample.whole_file = !row.sampled;
    sample.covered = row.sampled ? std::min(cap, n) : cap;

    if (d.prover) {
        std::vector<std::size_t> to_prove = order;
        for (std::size_t i : sample.extra()) to_prove.push_back(i);
        const ChildResult proof = in_child([&] { return prove(*d.prover, d.data, to_prove, d.truth, s); }, 0, s.harness.cancel);
        if (!proof.value) {
            notes.push_back(d.prover->name() + " " + proof.failure + " proving " + d.data.name + ": verdicts unconfirmed");
        } else if (proof.value->is_object() && proof.value->contains("interrupted")) {
            return row.message = "interrupted", row;
        } else {
            for (const auto& item : *proof.value) {
                const int v = item[1];
                d.truth[item[0].get<std::size_t>()] = v < 0 ? Known{} : Known{static_cast<Verdict>(v)};
            }
        }
    }
    Job job{s, plugin, d.data, order, proofs};
    const std::string prover = d.prover ? d.prover->name() : "";
    json figures;
    if (s.isolate) {
        const ChildResult m = here([&] { return measure_isolated(job, d.truth, prover, sample); });
        if (!take(row, m)) return row;
        figures = *m.value;
    } else {
        // Certifying, then timing, each in a child of its own: the second's
        // CPU and wall time, read here as it is reaped, are the timed pass's.
        const ChildResult c = in_child([&] { return certify(job, d.truth, prover, sample); }, child_limit(s, n + cap),
                                       s.harness.cancel);
        if (!take(row, c)) return row;
        if (c.value->contains("interrupted")) return row.message = "interrupted", row;
        const std::vector<uint64_t> certified = (*c.value)["certified"].get<std::vector<uint64_t>>();
        const ChildResult m = in_child([&] { return measure(job, certified, d.truth, prover, sample); },
                                       child_limit(s, n), s.harness.cancel);
        if (!take(row, m)) return row;
        figures = *m.value;
        if (!figures.contains("interrupted")) {
            figures["extra"] = (*c.value)["extra"];
            if (c.value->contains("proofs")) figures["proofs"] = (*c.value)["proofs"];
            figures["cpu_seconds"] = m.cpu_seconds;
            figures["wall_seconds"] = m.wall_seconds;
            row.peak_mib = std::max(c.peak_mib, m.peak_mib);
        }
    }
    if (figures.contains("interrupted")) return row.message = "interrupted", row;
    fill_figures(row, figures);
    row.puzzles = puzzle_times(sample.index, figures);
    return row;
}

// The prover for a plugin: the oracle, unless it is the plugin itself; then
// the fastest other plugin measured on this dataset that proves uniqueness
// (rows[k] belongs to plugins[k]; the ones not measured yet come after, in
// their order).
const Plugin* prover_for(const Plugin& plugin, const Plugin* oracle, const std::vector<Plugin>& plugins,
                         const std::vector<Row>& rows) {
    std::vector<std::size_t> order(plugins.size());
    std::iota(order.begin(), order.end(), 0);
    auto rate = [&](std::size_t k) {
        return k < rows.size() && rows[k].status == Row::Status::measured ? rows[k].rate : -1.0;
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rate(a) > rate(b); });
    std::vector<const Plugin*> candidates;
    for (std::size_t k : order) candidates.push_back(&plugins[k]);
    return harness::prover_for(plugin.name(), oracle, candidates);
}

// ---- Generating -------------------------------------------------------------------------

// In the child: --warmup seconds of results, each puzzle proved unique by
// the prover; then results one call each (so that each has its time) for
// --seconds, certified by the host as they come.
json measure_generator(const Settings& s, const Plugin& plugin, const Geometry& shape, const Plugin* prover) {
    Session session(plugin);
    const Budget budget = budget_of(s);
    const np_generate_kind what = *s.what;
    auto one = [&](uint64_t index, Grid& out) -> std::optional<json> {
        const GenerateOutcome g = session.generate(shape, what, s.seed, index, 1, s.options, budget);
        if (g.fault != Fault::none || g.results.size() != 1) {
            if (g.fault == Fault::none) return json{{"unknown", true}};
            // As the generator checker says it: the process's failure, or the generator's.
            const judge::Kind kind = judge::process_failure(g.fault) ? judge::judge_fault(g.fault, g.status, g.message)->kind
                                                                      : judge::Kind::generator;
            return json{{"finding", finding(kind, "result " + std::to_string(index) + ": " + g.message)}};
        }
        out = g.results[0];
        return std::nullopt;
    };
    uint64_t index = 0;
    std::optional<Session> proof;
    if (prover && what == NP_GENERATE_PUZZLE) proof.emplace(*prover);
    Grid result(shape);
    for (const auto start = Clock::now(); index == 0 || seconds_since(start) < s.warmup; ++index) {
        if (auto stop = one(index, result)) return stop->contains("unknown") ? json{{"unknown_warmup", true}} : *stop;
        if (!proof) continue;
        const SolveOutcome o = proof->solve(result, 2, {}, budget);
        if (o.fault == Fault::none && o.complete && o.verdict != Verdict::unique)
            return {{"finding", finding(judge::Kind::generator, "result " + std::to_string(index) + " (" + format_line(result) + ") has " +
                                                     (o.verdict == Verdict::none ? "no solution" : "more than one solution") +
                                                     " (" + prover->name() + ")")}};
        if (cancelled(s)) break;
    }
    std::vector<double> micros;
    uint64_t unknown = 0;
    double clues = 0;
    const auto start = Clock::now();
    while (micros.empty() || seconds_since(start) < s.seconds) {
        if (cancelled(s)) return {{"interrupted", true}};
        const auto t = Clock::now();
        auto stop = one(index++, result);
        micros.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t).count());
        if (stop && stop->contains("finding")) return *stop;
        if (stop) ++unknown;
        else clues += result.given_count();
    }
    const double wall = seconds_since(start), n = static_cast<double>(micros.size());
    return {{"timed", micros.size()},
            {"seconds", wall},
            {"rate", n / std::max(wall, 1e-9)},
            {"mean_us", std::accumulate(micros.begin(), micros.end(), 0.0) / n},
            {"median_us", percentile(micros, 0.5)},
            {"p99_us", percentile(micros, 0.99)},
            {"no_guess_percent", 0.0},
            {"guesses", 0.0},
            {"nodes", 0.0},
            {"unknown", unknown},
            {"mean_clues", clues / std::max(1.0, n - static_cast<double>(unknown))}};
}

Row bench_generator(const Settings& s, const Plugin& plugin, const Geometry& shape, const Plugin* prover) {
    Row row;
    row.plugin = plugin.name();
    row.dataset = std::string(*s.what == NP_GENERATE_GRID ? "grids " : "puzzles ") + shape.name();
    if (!plugin.can(*s.what == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE))
        return row.message = plugin.name() + " cannot generate " + (*s.what == NP_GENERATE_GRID ? "grids" : "puzzles"), row;
    if (!plugin.supports(shape)) return row.message = plugin.name() + " does not support " + shape.name() + " boxes", row;
    if (auto problem = plugin.option_problem(s.options, "generate"); !problem.empty())
        return row.message = "--option: " + problem, row;
    const ChildResult m = in_child([&] { return measure_generator(s, plugin, shape, prover); }, child_limit(s, 1000), s.harness.cancel);
    if (!take(row, m)) return row;
    if (m.value->contains("interrupted")) return row.message = "interrupted", row;
    if (m.value->contains("unknown_warmup")) return row.message = "its budget ran out on the first result", row;
    fill_figures(row, *m.value);
    row.peak_mib = m.peak_mib;
    row.cpu_seconds = m.cpu_seconds, row.wall_seconds = m.wall_seconds;  // the generator's one child, warm-up included
    return row;
}

// ---- Made to order ----------------------------------------------------------------------

// In the child: the generator's candidates judged 16 at a time (rated by
// the rater's certified steps, kept ones proved unique by the prover) for
// --seconds; the puzzles a chunk keeps share the time since the last kept.
json measure_order(const Settings& s, const truth::OrderCall& call) {
    runner::Settings in_process;
    in_process.in_process = true;
    const auto run = runner::make_runner(in_process);
    const Budget budget = budget_of(s);
    std::vector<double> micros;
    truth::Tried tried;
    double clues = 0;
    const auto start = Clock::now();
    auto last = start;
    for (uint64_t from = 0; seconds_since(start) < s.seconds; from += 16) {
        if (cancelled(s)) return {{"interrupted", true}};
        const truth::Chunk chunk = truth::judge_candidates(call, *run, from, 16, budget);
        if (!chunk.error.empty()) return {{"finding", finding(judge::Kind::step, chunk.error)}};
        tried.candidates += chunk.tried.candidates, tried.unrated += chunk.tried.unrated;
        const auto now = Clock::now();
        // The puzzles a chunk kept share the time since the last one kept.
        const double each = std::chrono::duration<double, std::micro>(now - last).count() /
                            static_cast<double>(std::max<std::size_t>(1, chunk.made.size()));
        for (const truth::Made& m : chunk.made) {
            micros.push_back(each);
            clues += m.puzzle.given_count();
        }
        if (!chunk.made.empty()) last = now;
        if (chunk.budget_out) break;
    }
    const double wall = seconds_since(start), n = static_cast<double>(micros.size());
    return {{"timed", micros.size()},       {"seconds", wall},
            {"rate", n / std::max(wall, 1e-9)}, {"mean_us", n > 0 ? wall * 1e6 / n : 0.0},
            {"median_us", micros.empty() ? 0.0 : percentile(micros, 0.5)},
            {"p99_us", micros.empty() ? 0.0 : percentile(micros, 0.99)},
            {"no_guess_percent", 0.0},      {"guesses", 0.0},
            {"nodes", 0.0},                 {"unknown", tried.unrated},
            {"mean_clues", clues / std::max(1.0, n)}, {"candidates", tried.candidates}};
}

Row bench_order(const Settings& s, const truth::OrderCall& call, const std::string& dataset) {
    Row row;
    row.plugin = call.generator->name();
    row.dataset = dataset;
    if (!call.generator->can(NP_CAP_GENERATE_PUZZLE))
        return row.message = row.plugin + " cannot generate puzzles", row;
    for (const Plugin* p : {call.generator, call.rater, call.prover})
        if (!p->supports(call.size)) return row.message = p->name() + " does not support " + call.size.name() + " boxes", row;
    if (auto problem = call.generator->option_problem(s.options, "generate"); !problem.empty())
        return row.message = "--option: " + problem, row;
    const ChildResult m = in_child([&] { return measure_order(s, call); }, child_limit(s, 1000), s.harness.cancel);
    if (!take(row, m)) return row;
    if (m.value->contains("interrupted")) return row.message = "interrupted", row;
    fill_figures(row, *m.value);
    row.candidates = (*m.value)["candidates"].get<uint64_t>();
    row.peak_mib = m.peak_mib;
    row.cpu_seconds = m.cpu_seconds, row.wall_seconds = m.wall_seconds;  // the generator's one child, warm-up included
    return row;
}

// ---- The run ----------------------------------------------------------------------------

std::string machine_line() {
    std::string cpu;
    std::ifstream info("/proc/cpuinfo");
    for (std::string line; std::getline(info, line);)
        if (line.rfind("model name", 0) == 0) {
            cpu = line.substr(line.find(':') + 2);
            break;
        }
    utsname u{};
    uname(&u);
    return (cpu.empty() ? std::string(u.machine) : cpu) + ", " + std::to_string(std::thread::hardware_concurrency()) +
           " CPUs, " + u.sysname + " " + u.release;
}

std::string today() {
    const std::time_t now = std::time(nullptr);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d", std::gmtime(&now));
    return text;
}

void add_ratios(Report& r) {
    if (r.settings.baseline.empty()) return;
    for (Row& row : r.rows) {
        if (row.status != Row::Status::measured) continue;
        for (const Row& base : r.rows)
            if (base.plugin == r.settings.baseline && base.dataset == row.dataset && base.status == Row::Status::measured &&
                base.rate > 0)
                row.ratio = row.rate / base.rate;
    }
}

}  // namespace

const Row* find_row(const std::vector<Row>& rows, const std::string& plugin, const std::string& dataset) {
    for (const Row& row : rows)
        if (row.plugin == plugin && row.dataset == dataset) return &row;
    return nullptr;
}

namespace {

// --resume's rows, kept as they are; nullopt and `error` for a report made
// with other settings, or not a report.
std::optional<std::vector<Row>> resumed_rows(const Settings& s, const std::vector<harness::PluginFile>& files,
                                             std::string& error) {
    if (s.resume == nullptr) return std::vector<Row>{};
    const std::string flag = "--resume" + (s.resume_name.empty() ? std::string() : " " + s.resume_name) + ": ";
    if (auto why = changed_plugin_file(*s.resume, files); !why.empty()) {
        error = flag + why + " (a changed plugin is measured again: run without --resume)";
        return std::nullopt;
    }
    const auto then = s.resume->contains("settings") ? s.resume->at("settings") : nlohmann::json();
    auto now = settings_json(s);
    // Reports before version 4 had no sample cap: their rows have no samples.
    if (then.is_object() && !then.contains("sample_cap")) now.erase("sample_cap");
    if (then != now) {
        error = flag + "that report was made with other settings (" + then.dump() + ", this run " + now.dump() + ")";
        return std::nullopt;
    }
    auto rows = rows_from_json(*s.resume, error);
    if (!rows) error = flag + error;
    return rows;
}

// Whether a plugin also gets a NAME+proof row.
bool proves(const Settings& s, const Plugin& p) { return s.proofs && !s.what && p.can(NP_CAP_PROOF); }

// The plugins measured: those named, or every one that can do what is
// measured (solve, or generate --what).
std::vector<Plugin> measured_plugins(const Settings& s, const std::vector<Plugin>& chosen) {
    std::vector<Plugin> plugins;
    for (const Plugin& p : chosen) {
        const bool can = s.what ? p.can(*s.what == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE)
                                : p.can(NP_CAP_SOLVE);
        if (can || !s.harness.plugins.empty()) plugins.push_back(p);
    }
    return plugins;
}

struct Bench {
    const Settings& s;
    const harness::Plugins& loaded;
    const std::vector<Plugin>& plugins;
    const std::vector<Row>& earlier;
    Report& report;
    const Plugin* rater = nullptr;  // --rating, --technique

    void say(const std::string& line) const {
        if (s.progress) s.progress(line);
    }
    void generators();
    void made_to_order(const Geometry& shape);
    void dataset(const std::string& path);
};

// --what: each plugin's generator on one shape.
void Bench::generators() {
    const Geometry shape = s.size ? *s.size : Geometry{3, 3};
    if (!s.bands.empty() || !s.technique.empty()) return made_to_order(shape);
    report.dataset_names.push_back(std::string(*s.what == NP_GENERATE_GRID ? "grids " : "puzzles ") + shape.name());
    for (const Plugin& p : plugins) {
        if (cancelled(s)) break;
        if (const Row* done = find_row(earlier, p.name(), report.dataset_names.back())) {
            report.rows.push_back(*done);
            continue;
        }
        say(p.name() + ": generating " + report.dataset_names.back());
        report.rows.push_back(bench_generator(s, p, shape, prover_for(p, loaded.oracle, loaded.registry.plugins(), {})));
    }
}

// --rating, --technique: each generator's puzzles made to each order, one
// "dataset" per band. The rater and the prover were checked by run().
void Bench::made_to_order(const Geometry& shape) {
    std::vector<std::string> bands = s.bands;
    if (bands.empty()) bands.push_back("");
    for (const std::string& band : bands) {
        truth::OrderCall call;
        call.size = shape, call.seed = s.seed, call.generator_options = s.options;
        call.rater = rater, call.rater_options = s.rater_options;
        call.order.technique = rating::technique_slug(s.technique);
        call.order.table = *rating::table_named(s.table);
        std::string why;
        if (!band.empty())
            if (auto b = rating::parse_band(band, why)) call.order.lo = b->first, call.order.hi = b->second;
        const std::string name = "puzzles " + shape.name() + " " + judge::describe(call.order);
        report.dataset_names.push_back(name);
        for (const Plugin& p : plugins) {
            if (cancelled(s)) return;
            if (const Row* done = find_row(earlier, p.name(), name)) {
                report.rows.push_back(*done);
                continue;
            }
            call.generator = &p;
            call.prover = prover_for(p, loaded.oracle, loaded.registry.plugins(), {});
            if (call.prover == rater) call.prover = nullptr;
            say(p.name() + ": " + name);
            if (call.prover == nullptr) {
                Row row;
                row.plugin = p.name(), row.dataset = name;
                row.message = "no plugin other than " + p.name() + " and the rater to prove its puzzles unique";
                report.rows.push_back(row);
                continue;
            }
            report.rows.push_back(bench_order(s, call, name));
        }
    }
}

// One dataset: every plugin on the same seeded order of its puzzles.
void Bench::dataset(const std::string& path) {
    std::string why;
    auto data = read_dataset(path, s.size, why);
    if (!data) return report.notes.push_back(why);
    for (const auto& e : data->errors) report.notes.push_back(e);
    if (data->puzzles.empty()) return report.notes.push_back(path + ": no puzzles");
    // Two files with one stem (x.txt, x.tsv) keep their extensions apart.
    auto& names = report.dataset_names;
    if (std::find(names.begin(), names.end(), data->name) != names.end())
        data->name = std::filesystem::path(path).filename().string();
    names.push_back(data->name);
    std::vector<std::size_t> permutation(data->puzzles.size());
    std::iota(permutation.begin(), permutation.end(), 0);
    Rng rng(s.seed ^ fnv1a(data->name));
    rng.shuffle(permutation.begin(), permutation.end());
    // One truth cache per prover (a plugin is never its own prover). The
    // oracle goes last: its prover is then the fastest plugin measured.
    std::map<std::string, std::vector<Known>> truths;
    std::vector<Row> rows(plugins.size());
    std::vector<std::size_t> order(plugins.size());
    std::iota(order.begin(), order.end(), 0);
    const Plugin* oracle = loaded.oracle;
    std::stable_partition(order.begin(), order.end(), [&](std::size_t k) { return !oracle || plugins[k].name() != oracle->name(); });
    std::vector<Row> proved(plugins.size());  // NAME+proof rows (--proofs)
    for (std::size_t k : order) {
        const Plugin& p = plugins[k];
        for (const bool proofs : {false, true}) {
            if (cancelled(s) || (proofs && !proves(s, p))) break;
            Row& row = proofs ? proved[k] : rows[k];
            const std::string name = p.name() + (proofs ? kProofSuffix : "");
            if (const Row* done = find_row(earlier, name, data->name)) {
                row = *done;
                continue;
            }
            say(name + ": " + data->name + " (" + std::to_string(data->puzzles.size()) + " puzzles)");
            const Plugin* prover = prover_for(p, oracle, plugins, rows);
            auto& truth = truths[prover ? prover->name() : ""];
            truth.resize(data->puzzles.size());
            DatasetRun d{s, *data, prover, permutation, truth};
            row = bench_solver(p, d, report.notes, proofs);
        }
    }
    for (std::size_t k = 0; k < rows.size(); ++k)
        for (Row* row : {&rows[k], &proved[k]})
            if (!row->plugin.empty()) report.rows.push_back(std::move(*row));
}

// The rater of --rating and --technique (named, or the one loaded plugin
// that explains), once the bands are known to parse; nullptr and `error`
// otherwise.
const Plugin* order_rater(const Settings& s, const std::vector<Plugin>& all, std::string& error) {
    if (!s.what || *s.what != NP_GENERATE_PUZZLE) return error = "--rating and --technique need --what puzzle", nullptr;
    for (const std::string& band : s.bands)
        if (std::string why; !rating::parse_band(band, why)) return error = "--rating " + band + ": " + why, nullptr;
    if (!rating::table_named(s.table)) return error = "--table " + s.table + ": se or sukaku", nullptr;
    const Plugin* rater = truth::find_rater(all, s.rater, error);
    if (rater == nullptr) return nullptr;
    if (auto problem = rater->option_problem(s.rater_options, "solve"); !problem.empty())
        return error = "--rater-option: " + problem, nullptr;
    return rater;
}

}  // namespace

std::optional<Report> run(const Settings& s, std::string& error) {
    const auto loaded = harness::load_plugins(s.harness, error);
    if (!loaded) return std::nullopt;
    const std::vector<Plugin> plugins = measured_plugins(s, loaded->chosen);
    Report r;
    r.files = harness::files_of(plugins, loaded->oracle);
    const auto earlier = resumed_rows(s, r.files, error);
    if (!earlier) return std::nullopt;
    r.settings = s;
    r.machine = machine_line();
    r.date = today();
    r.prover = loaded->oracle ? loaded->oracle->name() : "";
    for (const Plugin& p : plugins) {
        r.plugin_names.push_back(p.name());
        if (proves(s, p)) r.plugin_names.push_back(p.name() + kProofSuffix);
    }
    if (!s.baseline.empty() && std::find(r.plugin_names.begin(), r.plugin_names.end(), s.baseline) == r.plugin_names.end()) {
        error = "--baseline " + s.baseline + " is not one of the plugins measured";
        return std::nullopt;
    }
    const Plugin* rater = nullptr;
    if ((!s.bands.empty() || !s.technique.empty()) && !(rater = order_rater(s, loaded->registry.plugins(), error)))
        return std::nullopt;
    Bench bench{s, *loaded, plugins, *earlier, r, rater};
    if (s.what) bench.generators();
    for (const std::string& path : s.datasets) {
        if (cancelled(s)) break;
        bench.dataset(path);
    }
    r.interrupted = cancelled(s);
    if (r.dataset_names.empty()) {
        error = s.what ? "nothing to generate" : "no dataset could be read";
        for (const auto& n : r.notes) error += "; " + n;
        return std::nullopt;
    }
    add_ratios(r);
    return r;
}

int exit_code(const Report& report) {
    for (const Row& row : report.rows)
        if (row.status == Row::Status::finding) return 1;
    return 0;
}

}  // namespace np::bench
