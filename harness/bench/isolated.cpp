// --isolate: bench's steps through the runner's worker processes instead
// of forked children (measuring.hpp), from this process: a crash or a hang costs the puzzle it was on (then the
// row, as a finding). Each puzzle's time is this process's, taken as it reads
// the worker's answers (runner/item_times.hpp), never the worker's claim:
// it includes the worker protocol and the worker session's certification
// (and this process's, when that is the slower side). Starting the workers
// and the gaps between batches are in the rate only. There is no
// peak memory (the worker's is not reported back).
#include <memory>
#include <thread>

#include "bench/measuring.hpp"

namespace np::bench {

namespace {

constexpr std::size_t kBatch = 256;

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

// The certification pass through one runner: each answer judged and its
// fingerprint kept in `certified`, then the sample's puzzles beyond the pass
// timed into `extra`. A finding, or nullopt.
std::optional<json> certify_isolated(const Job& job, const std::vector<Known>& truth, const std::string& prover,
                                     const Sample& sample, std::vector<uint64_t>& certified, ProofTally& proofs,
                                     json& extra) {
    const Settings& s = job.settings;
    std::optional<json> found;
    auto run = runner::make_runner(s.harness.runner);
    solve_range(job, *run, 0, job.order.size(), [&](std::size_t k, const SolveOutcome& o) {
        const std::size_t i = job.order[k];
        if (auto f = judge_answer(o, truth[i], prover, job.data.origins[i]); f && !found) found = finding(f->first, f->second);
        if (auto lie = proofs.take(o, job.data.origins[i]); !lie.empty() && !found)
            found = finding(judge::Kind::certificate, lie);
        certified[k] = fingerprint(o);
    });
    if (found) return json{{"finding", *found}};
    extra = time_extra(job, truth, prover, sample.extra(), [&](std::size_t i, double& micros) {
        SolveOutcome o = run->solve_one(job.plugin, job.data.puzzles[i], s.limit, s.options, budget_of(s));
        micros = static_cast<double>(o.stats.micros);
        return o;
    });
    if (extra.contains("finding")) return extra;
    return std::nullopt;
}

// What the timed pass through the runners keeps, per puzzle of the order,
// and each part's first finding.
struct IsolatedTiming {
    std::vector<double> micros;
    std::vector<uint64_t> guesses, nodes;
    std::vector<uint8_t> unknown;  // 1: unknown, 2: timed out
    std::vector<std::optional<json>> findings;
};

// The timed pass: `jobs` runners in threads, each with a contiguous part of
// the sample; an answer that differs from the certified one is judged.
// Returns the wall time.
double timed_isolated(const Job& job, const std::vector<Known>& truth, const std::string& prover,
                      const std::vector<uint64_t>& certified,
                      const std::vector<std::unique_ptr<runner::Runner>>& runners, IsolatedTiming& t) {
    const Settings& s = job.settings;
    const std::size_t n = job.order.size(), parts = runners.size();
    t.micros.assign(n, 0), t.guesses.assign(n, 0), t.nodes.assign(n, 0), t.unknown.assign(n, 0);
    t.findings.assign(parts, std::nullopt);
    auto part = [&](std::size_t p) {
        solve_range(job, *runners[p], n * p / parts, n * (p + 1) / parts, [&](std::size_t k, const SolveOutcome& o) {
            t.micros[k] = static_cast<double>(o.stats.micros);
            t.guesses[k] = o.stats.guesses, t.nodes[k] = o.stats.nodes;
            t.unknown[k] = o.verdict == Verdict::unknown ? 1 + timed_out(s, o, t.micros[k]) : 0;
            const std::size_t i = job.order[k];
            if (fingerprint(o) == certified[k] || t.findings[p]) return;
            if (auto f = judge_answer(o, truth[i], prover, job.data.origins[i]))
                t.findings[p] = finding(f->first, f->second + " (in the timed pass)");
        });
    };
    const auto start = Clock::now();
    std::vector<std::thread> threads;
    for (std::size_t p = 1; p < parts; ++p) threads.emplace_back(part, p);
    part(0);
    for (auto& th : threads) th.join();
    return seconds_since(start);
}

// The row's figures from the timed pass.
json isolated_figures(const Settings& s, const IsolatedTiming& t, double wall, const Sample& sample) {
    const std::size_t n = t.micros.size();
    double no_guess = 0, g = 0, v = 0, u = 0;
    for (std::size_t k = 0; k < n; ++k) no_guess += t.guesses[k] == 0, g += static_cast<double>(t.guesses[k]),
                                        v += static_cast<double>(t.nodes[k]), u += t.unknown[k] != 0;
    const double count = static_cast<double>(n);
    json figures = {{"timed", n},
                    {"seconds", wall},
                    {"rate", count / std::max(wall, 1e-9)},
                    {"mean_us", std::accumulate(t.micros.begin(), t.micros.end(), 0.0) / count},
                    {"median_us", percentile(t.micros, 0.5)},
                    {"p99_us", percentile(t.micros, 0.99)},
                    {"no_guess_percent", 100.0 * no_guess / count},
                    {"guesses", g / count},
                    {"nodes", v / count},
                    {"unknown", static_cast<uint64_t>(u)}};
    add_pass_figures(figures, s, t.micros, t.unknown, sample);
    return figures;
}

}  // namespace

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

json measure_isolated(const Job& job, const std::vector<Known>& truth, const std::string& prover, const Sample& sample) {
    const Settings& s = job.settings;
    std::vector<uint64_t> certified(job.order.size());
    ProofTally proofs;  // the runner checked each proof as it came
    json extra;
    if (auto found = certify_isolated(job, truth, prover, sample, certified, proofs, extra)) return *found;
    std::vector<std::unique_ptr<runner::Runner>> runners;
    for (std::size_t p = 0; p < std::max(1u, s.jobs); ++p) runners.push_back(runner::make_runner(s.harness.runner));
    IsolatedTiming t;
    const double wall = timed_isolated(job, truth, prover, certified, runners, t);
    if (cancelled(s)) return {{"interrupted", true}};
    for (const auto& f : t.findings)
        if (f) return {{"finding", *f}};
    json figures = isolated_figures(s, t, wall, sample);
    add_runner_cpu(figures, runners);
    figures["extra"] = extra;
    if (job.proofs) figures["proofs"] = proofs.figures();
    return figures;
}

}  // namespace np::bench
