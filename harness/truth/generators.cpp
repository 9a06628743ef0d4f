#include "truth/generators.hpp"

#include <algorithm>

#include "numplace/clock.hpp"
#include "truth/order.hpp"

namespace np::truth {

namespace {

using judge::GeneratorCheck;
using judge::GeneratorJudgement;

// The order of a call made to order, for order.hpp.
OrderCall order_call(const GeneratorCheck& c) {
    const corpus::GeneratorOrder& o = *c.call.order;
    OrderCall call;
    call.generator = &c.generator, call.generator_options = c.call.options;
    call.rater = c.rater, call.rater_options = o.rater_options, call.prover = c.prover;
    call.size = c.call.size, call.seed = c.call.seed;
    call.order = judge::order_of(o);
    return call;
}

// Results from .. from + count - 1 of the call: the generator's, or, with
// an order, the candidates the harness kept (`budget` is then per call).
GenerateOutcome produce(const GeneratorCheck& c, runner::Runner& run, uint64_t from, uint64_t count,
                        const Budget& budget) {
    const judge::GeneratorCall& call = c.call;
    if (!call.order) return run.generate(c.generator, call.size, call.what, call.seed, from, count, call.options, budget);
    const Stopwatch clock;
    Collected kept = collect_to_order(order_call(c), run, from, count, call.order->candidates, budget);
    GenerateOutcome out;
    out.ok = kept.error.empty();
    out.fault = out.ok ? Fault::none : Fault::wrong;
    out.message = kept.error;
    for (Made& m : kept.made) out.results.push_back(std::move(m.puzzle));
    out.produced = out.results.size();
    out.stats.micros = static_cast<uint64_t>(clock.micros());
    return out;
}

// Phase 2: the results again from `first`, and from the end of the run.
std::optional<GeneratorJudgement> check_determinism(const GeneratorCheck& c, const std::vector<Grid>& results,
                                                    runner::Runner& run, const Budget& budget) {
    const judge::GeneratorCall& call = c.call;
    const judge::Rerun rerun = judge::rerun_of(call);
    Budget unproved = budget;  // the first run's proofs are the ones judged
    unproved.max_proof_bytes = 0;
    auto again = [&](uint64_t from) { return produce(c, run, from, rerun.length, unproved); };
    const GenerateOutcome head = again(call.first);
    const GenerateOutcome tail = rerun.tail_from == call.first ? head : again(rerun.tail_from);
    return judge::judge_determinism(call, results, head, tail);
}

// Phase 4 for one puzzle: its own proof when the checker accepted it, else
// the prover's complete search.
std::optional<GeneratorJudgement> check_unique(const Grid& g, const std::string& which, const ProofOutcome* proof,
                                               const Plugin* prover, runner::Runner& run, const Budget& budget,
                                               judge::Proved& proved) {
    if (proof != nullptr && proof->status == ProofStatus::checked) {
        ++proved.by_proof;
        return std::nullopt;
    }
    if (prover == nullptr) return judge::no_prover("uniqueness");
    if (auto j = judge::judge_unique(g, which, *prover, run.solve_one(*prover, g, 2, {}, budget))) return j;
    ++proved.by_prover;
    return std::nullopt;
}

// Phase 5 for one puzzle: every given is needed, by the prover.
std::optional<GeneratorJudgement> check_minimal(const Grid& g, const std::string& which, const GeneratorCheck& c,
                                                runner::Runner& run, const Budget& budget) {
    for (std::size_t cell = 0; cell < g.cells.size(); ++cell) {
        if (g.cells[cell] == 0) continue;
        const SolveOutcome m = run.solve_one(*c.prover, judge::without_given(g, cell, c), 2, {}, budget);
        if (auto j = judge::judge_minimal(g, which, cell, c, m)) return j;
    }
    return std::nullopt;
}

// Phase 6 for one puzzle made to order: the rater explains it again (its
// steps certified by the host), and the prover settles it.
std::optional<GeneratorJudgement> check_rated(const Grid& g, const std::string& which, const GeneratorCheck& c,
                                              runner::Runner& run, const Budget& budget) {
    std::vector<Step> steps;
    auto sink = [&](std::size_t, const Step& s) {
        steps.push_back(s);
        return true;
    };
    const SolveOutcome answer = run.solve(*c.rater, {&g}, 2, c.call.order->rater_options, budget, {}, sink).at(0);
    if (auto j = judge::judge_rating(g, which, c, answer, steps)) return j;
    const SolveOutcome truth = run.solve_one(*c.prover, g, 2, {}, budget);
    return judge::judge_rated_steps(g, which, c, answer, steps, truth);
}

// Phases 3 to 6 over every result.
std::optional<GeneratorJudgement> check_results(const GeneratorCheck& c, const GenerateOutcome& all,
                                                runner::Runner& run, const Budget& budget, judge::Proved& proved) {
    for (std::size_t i = 0; i < all.results.size(); ++i) {
        const Grid& g = all.results[i];
        const std::string which = judge::result_name(c.call.first + i);
        const ProofOutcome* proof = i < all.proofs.size() ? &all.proofs[i] : nullptr;
        if (auto j = judge::judge_shape(g, which, proof, c)) return j;
        if (c.expect.unique)
            if (auto j = check_unique(g, which, proof, c.prover, run, budget, proved)) return j;
        if (c.expect.rated)
            if (auto j = check_rated(g, which, c, run, budget)) return j;
        if (!c.expect.minimal) continue;
        if (c.prover == nullptr) return judge::no_prover("minimality");
        if (auto j = check_minimal(g, which, c, run, budget)) return j;
    }
    return std::nullopt;
}

// Whether `p` may be handed every result (a variant's kinds and layout).
bool takes_all(const Plugin& p, const std::vector<Grid>& results) {
    for (const Grid& g : results)
        if (g.is_variant() && p.variant_refusal(*g.variant)) return false;
    return true;
}

// The provers that may settle the results, in order: the check's own, then
// the others; for variant results only those that take them all (the oracle
// may not: exhaustive-count takes no killer cage), never the generator.
std::vector<const Plugin*> provers_for(const GeneratorCheck& c, const std::vector<Grid>& results) {
    std::vector<const Plugin*> out;
    const bool variant = std::any_of(results.begin(), results.end(), [](const Grid& g) { return g.is_variant(); });
    if (c.prover != nullptr && takes_all(*c.prover, results)) out.push_back(c.prover);
    if (!variant) return out;
    for (const Plugin* p : c.other_provers)
        if (p->name() != c.generator.name() && takes_all(*p, results) && std::find(out.begin(), out.end(), p) == out.end())
            out.push_back(p);
    return out;
}

// Phases 3 to 6 with the first prover that settles them: a classic call
// has its one prover; variant results go to the next prover that takes
// them when one did not finish (exhaustive-count's search of a windoku less
// a given can pass verify's node budget where sat's does not).
std::optional<GeneratorJudgement> check_with_provers(const GeneratorCheck& given, const GenerateOutcome& all,
                                                     runner::Runner& run, const Budget& budget, judge::Proved& proved,
                                                     const Plugin*& used) {
    const std::vector<const Plugin*> provers = provers_for(given, all.results);
    std::optional<GeneratorJudgement> j;
    for (std::size_t i = 0; i < std::max<std::size_t>(provers.size(), 1); ++i) {
        GeneratorCheck attempt = given;
        attempt.prover = used = provers.empty() ? nullptr : provers[i];
        proved = {};
        j = check_results(attempt, all, run, budget, proved);
        if (!j || j->judgement.status != judge::Status::unknown) break;
    }
    return j;
}
}  // namespace

GeneratorJudgement check_generator(const GeneratorCheck& c, runner::Runner& run, const Budget& budget) {
    const judge::GeneratorCall& call = c.call;
    Budget whole = budget;
    whole.timeout_seconds *= static_cast<double>(call.count);  // the per-call budget, for each result
    if (auto missing = judge::missing_plugin(c)) return *missing;
    const GenerateOutcome all = produce(c, run, call.first, call.count, call.order ? budget : whole);
    if (all.fault != Fault::none) {
        GeneratorJudgement g = judge::call_fault(all, c.refusal_is_skip);
        g.micros = all.stats.micros;
        return g;
    }
    if (auto j = judge::too_few(call, all)) return judge::finished(*j, call, all);
    if (c.expect.deterministic)
        if (auto j = check_determinism(c, all.results, run, whole)) return judge::finished(*j, call, all);
    judge::Proved proved;
    const Plugin* prover = c.prover;
    if (auto j = check_with_provers(c, all, run, budget, proved, prover)) return judge::finished(*j, call, all);
    GeneratorCheck used = c;
    used.prover = prover;
    return judge::finished(judge::passed(used, proved), call, all);
}

}  // namespace np::truth
