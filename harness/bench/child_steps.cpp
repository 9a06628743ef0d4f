// bench's steps for a solver in a forked child (bench.hpp numbers them;
// child.hpp forks): the warm-up's estimate, the prover's verdicts, the
// certification pass and the timed pass with its threads.
#include <mutex>
#include <thread>

#include "bench/measuring.hpp"
#include "numplace/proof.hpp"
#include "truth/prover.hpp"

namespace np::bench {

namespace {

// One certified solve, its proof (when the row asks for one) checked here.
SolveOutcome certified_solve(Session& session, const Job& job, const Grid& puzzle, const Budget& budget) {
    if (!job.proofs) return session.solve(puzzle, job.settings.limit, job.settings.options, budget);
    ProofIntake intake(puzzle, budget.max_proof_bytes);
    SolveOutcome o = session.solve(puzzle, job.settings.limit, job.settings.options, budget,
                                   [&](uint64_t, std::string_view bytes) { return intake.feed(bytes); });
    intake.judge(o);
    return o;
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

}  // namespace

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

json prove(const Plugin& prover, const Dataset& data, const std::vector<std::size_t>& order,
           const std::vector<Known>& truth, const Settings& s) {
    Session session(prover);
    Budget budget = budget_of(s);
    json out = json::array();
    for (std::size_t i : order) {
        if (truth[i] || cancelled(s)) continue;
        const Known known = truth::prover_known(session, data.puzzles[i], budget);
        out.push_back({i, known ? static_cast<int>(*known) : -1});
    }
    return out;
}

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

}  // namespace np::bench
