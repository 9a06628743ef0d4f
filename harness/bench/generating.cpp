// bench's generator rows (--what): each plugin's generator measured in a
// child, and puzzles made to order (--rating, --technique; truth/order.hpp).
#include "bench/bench_rows.hpp"

#include <memory>

#include "numplace/format.hpp"
#include "truth/prover.hpp"

namespace np::bench {

namespace {

// In the child: --warmup seconds of results, each puzzle proved unique by
// the prover; then results one call each (so that each has its time) for
// --seconds, certified by the host as they come.
// The provers' sessions, opened when first needed: for each result the
// first prover that takes it (a variant's kinds and layout), never the
// generator itself.
class Provers {
public:
    Provers(const std::vector<const Plugin*>& provers, const Plugin& generator) : provers_(provers), generator_(generator) {
        sessions_.resize(provers_.size());
    }
    std::pair<const Plugin*, Session*> for_result(const Grid& g) {
        for (std::size_t i = 0; i < provers_.size(); ++i) {
            const Plugin& p = *provers_[i];
            if (p.name() == generator_.name() || (g.is_variant() && p.variant_refusal(*g.variant))) continue;
            if (!sessions_[i]) sessions_[i] = std::make_unique<Session>(p);
            return {&p, sessions_[i].get()};
        }
        return {nullptr, nullptr};
    }

private:
    const std::vector<const Plugin*>& provers_;
    const Plugin& generator_;
    std::vector<std::unique_ptr<Session>> sessions_;
};

json measure_generator(const Settings& s, const Plugin& plugin, const Geometry& shape,
                       const std::vector<const Plugin*>& provers) {
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
    Provers proving(provers, plugin);
    Grid result(shape);
    for (const auto start = Clock::now(); index == 0 || seconds_since(start) < s.warmup; ++index) {
        if (auto stop = one(index, result)) return stop->contains("unknown") ? json{{"unknown_warmup", true}} : *stop;
        const auto [prover, proof] = proving.for_result(result);
        if (what != NP_GENERATE_PUZZLE || proof == nullptr) continue;
        const SolveOutcome o = truth::ask_prover(*proof, result, budget);
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

}  // namespace

Row bench_generator(const Settings& s, const Plugin& plugin, const Geometry& shape,
                    const std::vector<const Plugin*>& provers) {
    Row row;
    row.plugin = plugin.name();
    row.dataset = std::string(*s.what == NP_GENERATE_GRID ? "grids " : "puzzles ") + shape.name();
    if (!plugin.can(*s.what == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE))
        return row.message = plugin.name() + " cannot generate " + (*s.what == NP_GENERATE_GRID ? "grids" : "puzzles"), row;
    if (!plugin.supports(shape)) return row.message = plugin.name() + " does not support " + shape.name() + " boxes", row;
    if (auto problem = plugin.option_problem(s.options, "generate"); !problem.empty())
        return row.message = "--option: " + problem, row;
    const ChildResult m = in_child([&] { return measure_generator(s, plugin, shape, provers); }, child_limit(s, 1000), s.harness.cancel);
    if (!take(row, m)) return row;
    if (m.value->contains("interrupted")) return row.message = "interrupted", row;
    if (m.value->contains("unknown_warmup")) return row.message = "its budget ran out on the first result", row;
    fill_figures(row, *m.value);
    row.peak_mib = m.peak_mib;
    row.cpu_seconds = m.cpu_seconds, row.wall_seconds = m.wall_seconds;  // the generator's one child, warm-up included
    return row;
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

}  // namespace np::bench
