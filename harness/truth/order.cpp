#include "truth/order.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "judge/steps.hpp"
#include "numplace/clock.hpp"

namespace np::truth {

namespace {

// Candidates a generator call asks for at once.
constexpr uint64_t kChunk = 16;

void add(Tried& sum, const Tried& t) {
    sum.candidates += t.candidates, sum.out_of_band += t.out_of_band, sum.unrated += t.unrated;
    sum.not_unique += t.not_unique, sum.undecided += t.undecided;
}

// What is left of the whole run's budget for its next call; nullopt when spent.
std::optional<Budget> left_of(const Budget& whole, const Stopwatch& clock) {
    Budget left = whole;
    if (whole.cancel != nullptr && whole.cancel->load()) return std::nullopt;
    if (whole.timeout_seconds > 0) {
        left.timeout_seconds = whole.timeout_seconds - clock.seconds();
        if (left.timeout_seconds <= 0) return std::nullopt;
    }
    return left;
}

// The rater's certified steps of each candidate, rated.
struct Rated {
    SolveOutcome answer;
    std::vector<Step> steps;
    rating::Rating rating;
};
std::vector<Rated> rate_all(const OrderCall& call, runner::Runner& run, const std::vector<Grid>& grids,
                            const Budget& budget) {
    std::vector<const Grid*> asked;
    for (const Grid& g : grids) asked.push_back(&g);
    std::vector<Rated> rated(grids.size());
    auto sink = [&](std::size_t item, const Step& s) {
        if (item < rated.size()) rated[item].steps.push_back(s);
        return true;
    };
    auto answers = run.solve(*call.rater, asked, 2, call.rater_options, budget, {}, sink);
    for (std::size_t k = 0; k < grids.size(); ++k) {
        rated[k].answer = std::move(answers[k]);
        rated[k].rating = rating::rate(grids[k], rated[k].steps, call.order.table);
    }
    return rated;
}

// A candidate in band: its uniqueness by the prover, its steps sound
// against the prover's solution. "" when both hold; else why, with
// `failure` set when the rater's steps are what failed.
std::string certify(const OrderCall& call, runner::Runner& run, const Grid& g, const Rated& r, const Budget& budget,
                    Tried& tried, bool& failure) {
    const SolveOutcome proof = run.solve_one(*call.prover, g, 2, {}, budget);
    if (proof.fault != Fault::none || !proof.complete || proof.solutions.empty()) {
        if (proof.verdict == Verdict::none || proof.verdict == Verdict::multiple) ++tried.not_unique;
        else ++tried.undecided;
        return "not proved unique";
    }
    if (proof.verdict != Verdict::unique) {
        ++tried.not_unique;
        return "not unique";
    }
    if (auto bad = judge::unsound_step(g, r.steps, proof.solutions.front(), r.answer)) {
        failure = true;
        return call.rater->name() + ": " + bad->finding;
    }
    return "";
}

// The rater answered none or multiple: "" when the prover agrees that the
// puzzle is not unique, else the rater's failure (its first unsound step
// when the prover found the solution).
std::string contradicted(const OrderCall& call, runner::Runner& run, const Grid& g, const Rated& r,
                         const Budget& budget) {
    const SolveOutcome truth = run.solve_one(*call.prover, g, 2, {}, budget);
    if (truth.fault != Fault::none || !truth.complete || truth.verdict != Verdict::unique || truth.solutions.empty())
        return "";
    if (auto bad = judge::unsound_step(g, r.steps, truth.solutions.front(), r.answer))
        return call.rater->name() + ": " + bad->finding;
    return call.rater->name() + " answered " + std::string(verdict_name(r.answer.verdict)) + ", but " +
           call.prover->name() + " proves the puzzle unique";
}

}  // namespace

const Plugin* find_rater(const std::vector<Plugin>& loaded, const std::string& name, std::string& error) {
    std::vector<const Plugin*> explainers;
    for (const Plugin& p : loaded)
        if (p.can(NP_CAP_EXPLAIN) && p.can(NP_CAP_SOLVE) && (name.empty() || p.name() == name)) explainers.push_back(&p);
    if (explainers.size() == 1) return explainers.front();
    if (!name.empty()) error = "--rater " + name + ": no loaded plugin of that name explains its steps";
    else
        error = "--rating and --technique need a plugin that explains: name one with --rater (" +
                (explainers.empty() ? std::string("none is loaded") : std::to_string(explainers.size()) + " are loaded") +
                ")";
    return nullptr;
}

Chunk judge_candidates(const OrderCall& call, runner::Runner& run, uint64_t from, uint64_t count, const Budget& budget) {
    Chunk chunk;
    const GenerateOutcome gen = run.generate(*call.generator, call.size, NP_GENERATE_PUZZLE, call.seed, from, count,
                                             call.generator_options, budget);
    if (!gen.ok) {
        chunk.error = call.generator->name() + ": " + gen.message;
        return chunk;
    }
    chunk.budget_out = gen.results.size() < count;
    const std::vector<Rated> rated = rate_all(call, run, gen.results, budget);
    for (std::size_t k = 0; k < rated.size(); ++k) {
        const Rated& r = rated[k];
        ++chunk.tried.candidates;
        if (r.answer.fault != Fault::none || r.answer.verdict == Verdict::error ||
            r.answer.verdict == Verdict::invalid) {
            chunk.error = call.rater->name() + ": " + r.answer.message;
            return chunk;
        }
        if (r.answer.verdict == Verdict::none || r.answer.verdict == Verdict::multiple) {
            // A generated puzzle has a solution: the rater is wrong unless
            // the puzzle is, and its steps say where it went wrong.
            chunk.error = contradicted(call, run, gen.results[k], r, budget);
            if (!chunk.error.empty()) return chunk;
            ++chunk.tried.not_unique;
            continue;
        }
        const std::string problem = judge::order_problem(call.order, r.rating, r.steps);
        if (!problem.empty()) {
            ++(r.rating.solved && r.rating.unknown.empty() ? chunk.tried.out_of_band : chunk.tried.unrated);
            continue;
        }
        bool failure = false;
        const std::string why = certify(call, run, gen.results[k], r, budget, chunk.tried, failure);
        if (failure) {
            chunk.error = why;
            return chunk;
        }
        if (why.empty()) chunk.made.push_back({from + k, gen.results[k], r.rating});
    }
    return chunk;
}

Collected collect_to_order(const OrderCall& call, runner::Runner& run, uint64_t first, uint64_t count,
                           uint64_t max_candidates, const Budget& budget) {
    Collected out;
    uint64_t seen = 0;
    const uint64_t limit = max_candidates == 0 ? UINT64_MAX : max_candidates;
    for (uint64_t from = 0; out.made.size() < count && from < limit; from += kChunk) {
        Chunk chunk = judge_candidates(call, run, from, std::min(kChunk, limit - from), budget);
        add(out.tried, chunk.tried);
        for (Made& m : chunk.made)
            if (seen++ >= first && out.made.size() < count) out.made.push_back(std::move(m));
        if (!chunk.error.empty()) out.error = chunk.error;
        if (!chunk.error.empty() || chunk.budget_out) break;
    }
    return out;
}

OrderRun make_to_order(const OrderCall& call, const runner::Settings& settings, unsigned threads, uint64_t first,
                       uint64_t count, uint64_t max_candidates, const Budget& whole,
                       const std::function<void(uint64_t, const Made&)>& emit, const std::function<bool()>& stop) {
    // Chunks are numbered; threads take the next number, and the results
    // are emitted in chunk order, so the output is the sequential one.
    const Stopwatch clock;
    std::mutex m;
    std::condition_variable cv;
    std::vector<std::optional<Chunk>> done;  // by chunk number
    uint64_t next = 0;
    bool quit = false;
    auto last_chunk = [&] { return max_candidates == 0 ? UINT64_MAX : (max_candidates + kChunk - 1) / kChunk; };
    auto work = [&] {
        const auto run = runner::make_runner(settings);
        for (;;) {
            uint64_t c;
            {
                std::lock_guard lock(m);
                if (quit || next >= last_chunk()) return;
                c = next++;
                if (done.size() <= c) done.resize(c + 1);
            }
            const uint64_t from = c * kChunk;
            const uint64_t n = max_candidates == 0 ? kChunk : std::min(kChunk, max_candidates - from);
            const auto budget = left_of(whole, clock);
            Chunk chunk;
            if (!budget || (stop && stop())) chunk.budget_out = true;
            else chunk = judge_candidates(call, *run, from, n, *budget);
            std::lock_guard lock(m);
            done[c] = std::move(chunk);
            cv.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < std::max(1u, threads); ++t) pool.emplace_back(work);
    OrderRun out;
    uint64_t seen = 0;  // results of the sequence passed, emitted or skipped (first)
    for (uint64_t c = 0; c < last_chunk(); ++c) {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return done.size() > c && done[c].has_value(); });
        Chunk chunk = std::move(*done[c]);
        lock.unlock();
        add(out.tried, chunk.tried);
        for (const Made& made : chunk.made) {
            if (out.produced == count) break;
            if (seen++ >= first) emit(first + out.produced++, made);
        }
        if (!chunk.error.empty()) out.error = chunk.error;
        if (chunk.budget_out) out.exhausted = true;
        if (out.produced == count || !out.error.empty() || out.exhausted) break;
    }
    if (out.produced < count && out.error.empty()) out.exhausted = true;
    {
        std::lock_guard lock(m);
        quit = true;
    }
    for (std::thread& t : pool) t.join();
    return out;
}

}  // namespace np::truth
