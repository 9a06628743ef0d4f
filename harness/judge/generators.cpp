#include "generators.hpp"

#include <algorithm>

#include "numplace/certify.hpp"
#include "numplace/clock.hpp"
#include "numplace/format.hpp"
#include "order.hpp"
#include "steps.hpp"

namespace np::judge {

namespace {

GeneratorJudgement verdict(Status status, Kind kind, std::string finding) {
    GeneratorJudgement g;
    g.judgement = {status, kind, std::move(finding)};
    return g;
}
GeneratorJudgement broken(std::string finding, const Grid& culprit) {
    GeneratorJudgement g = verdict(Status::fail, Kind::generator, std::move(finding));
    g.culprit = culprit;
    return g;
}
GeneratorJudgement undecided(std::string finding) { return verdict(Status::unknown, Kind::none, std::move(finding)); }
GeneratorJudgement lied(std::string finding, const Grid& culprit) {
    GeneratorJudgement g = verdict(Status::fail, Kind::certificate, std::move(finding));
    g.culprit = culprit;
    return g;
}

// How the puzzles' uniqueness was proved, for the finding.
struct Proved {
    uint64_t by_proof = 0, by_prover = 0;
};

std::string result_name(uint64_t index) { return "result " + std::to_string(index); }

std::string symmetry_of(const OptionList& options) {
    for (const auto& [key, value] : options)
        if (key == "symmetry") return value;
    return "none";
}

// Symmetries of a clue pattern, as the corpus format names them.
int mirror_cell(const std::string& symmetry, int r, int c, int side) {
    const int last = side - 1;
    if (symmetry == "rotate180") return (last - r) * side + (last - c);
    if (symmetry == "rotate90") return c * side + (last - r);
    if (symmetry == "mirror") return r * side + (last - c);
    if (symmetry == "diagonal") return c * side + r;
    return r * side + c;
}

// Phase 1's fault: a process failure keeps its kind; a wrong or malformed
// answer is the generator's failure; a refusal may be a skip.
GeneratorJudgement call_fault(const GenerateOutcome& out, bool refusal_is_skip) {
    if (refusal_is_skip && (out.status == NP_BAD_OPTION || out.status == NP_UNSUPPORTED))
        return verdict(Status::skip, Kind::none, out.message);
    Judgement j = *judge_fault(out.fault, out.status, out.message);
    if (j.status == Status::fail && !process_failure(out.fault)) j.kind = Kind::generator;
    GeneratorJudgement g;
    g.judgement = j;
    return g;
}

// The order of a call made to order, for order.hpp.
OrderCall order_call(const GeneratorCheck& c) {
    const corpus::GeneratorOrder& o = *c.call.order;
    OrderCall call;
    call.generator = &c.generator, call.generator_options = c.call.options;
    call.rater = c.rater, call.rater_options = o.rater_options, call.prover = c.prover;
    call.size = c.call.size, call.seed = c.call.seed;
    call.order = {o.lo, o.hi, o.technique, *rating::table_named(o.table)};
    return call;
}

// Results from .. from + count - 1 of the call: the generator's, or, with
// an order, the candidates the harness kept (`budget` is then per call).
GenerateOutcome produce(const GeneratorCheck& c, runner::Runner& run, uint64_t from, uint64_t count,
                        const Budget& budget) {
    const GeneratorCall& call = c.call;
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

// Phase 2: k results again from `first`, and k from the end of the run.
// k is below count when it can be, so that a shorter run is tried too.
std::optional<GeneratorJudgement> check_determinism(const GeneratorCheck& c, const std::vector<Grid>& results,
                                                    runner::Runner& run, const Budget& budget) {
    const GeneratorCall& call = c.call;
    const uint64_t k = call.count > 3 ? 3 : std::max<uint64_t>(1, call.count - 1);
    Budget unproved = budget;  // the first run's proofs are the ones judged
    unproved.max_proof_bytes = 0;
    auto again = [&](uint64_t from) { return produce(c, run, from, k, unproved); };
    const GenerateOutcome head = again(call.first);
    const uint64_t tail_from = call.first + call.count - k;
    const GenerateOutcome tail = tail_from == call.first ? head : again(tail_from);
    if (!head.ok || !tail.ok || head.results.size() < k || tail.results.size() < k)
        return undecided("the budget ran out on the second run");
    for (uint64_t i = 0; i < k; ++i) {
        if (head.results[i] != results[i])
            return broken(result_name(call.first + i) + " of a run of " + std::to_string(k) + " differs from the run of " +
                              std::to_string(call.count) + " (same seed)",
                          results[i]);
        const uint64_t at = call.count - k + i;
        if (tail.results[i] != results[at])
            return broken(result_name(call.first + at) + " asked with first_index " + std::to_string(tail_from) +
                              " differs from the whole run's",
                          results[at]);
    }
    return std::nullopt;
}

// Phase 3 for one result: full, few enough givens, symmetric.
std::optional<std::string> shape_problem(const Grid& g, const GeneratorCheck& c) {
    const corpus::GeneratorProperties& expect = c.expect;
    if (expect.full && !g.is_full()) return std::string(" is not full");
    if (expect.max_clues && g.given_count() > *expect.max_clues)
        return " has " + std::to_string(g.given_count()) + " givens, above " + std::to_string(*expect.max_clues);
    if (!expect.symmetric) return std::nullopt;
    const std::string symmetry = symmetry_of(c.call.options);
    const int side = g.side();
    for (int r = 0; r < side; ++r)
        for (int col = 0; col < side; ++col)
            if ((g.at(r, col) != 0) != (g.cells[static_cast<std::size_t>(mirror_cell(symmetry, r, col, side))] != 0))
                return ": its givens are not " + symmetry + "-symmetric at " + cell_label(r + 1, col + 1);
    return std::nullopt;
}

// Phase 4 for one puzzle: exactly one solution, by its own proof when the
// checker accepted it, else by the prover's complete search.
std::optional<GeneratorJudgement> check_unique(const Grid& g, const std::string& which, const ProofOutcome* proof,
                                               const Plugin* prover, runner::Runner& run, const Budget& budget,
                                               Proved& proved) {
    if (proof != nullptr && proof->status == ProofStatus::checked) {
        ++proved.by_proof;
        return std::nullopt;
    }
    if (prover == nullptr) return verdict(Status::skip, Kind::none, "no independent plugin to prove uniqueness");
    const SolveOutcome u = run.solve_one(*prover, g, 2, {}, budget);
    if (u.fault != Fault::none) return undecided(prover->name() + ": " + u.message);
    if (u.verdict == Verdict::multiple) return broken(which + " has more than one solution (" + prover->name() + ")", g);
    if (u.verdict == Verdict::none) return broken(which + " has no solution (" + prover->name() + ")", g);
    if (!u.complete) return undecided(prover->name() + " did not finish proving " + which + " unique");
    if (u.proof.status == ProofStatus::rejected)
        return undecided(prover->name() + "'s proof that " + which + " is unique was rejected: " + u.proof.note);
    ++proved.by_prover;
    return std::nullopt;
}

// Phase 5 for one puzzle: every given is needed. With a symmetry, a given
// goes together with its orbit (the cells the symmetry maps it to), so that
// the puzzle stays symmetric.
std::optional<GeneratorJudgement> check_minimal(const Grid& g, const std::string& which, const GeneratorCheck& c,
                                                runner::Runner& run, const Budget& budget) {
    const std::string symmetry = symmetry_of(c.call.options);
    const int side = g.side();
    for (std::size_t cell = 0; cell < g.cells.size(); ++cell) {
        if (g.cells[cell] == 0) continue;
        Grid less = g;
        for (int at = static_cast<int>(cell), step = 0; step < 4; ++step) {
            less.cells[static_cast<std::size_t>(at)] = 0;
            at = mirror_cell(symmetry, at / side, at % side, side);
        }
        const SolveOutcome m = run.solve_one(*c.prover, less, 2, {}, budget);
        if (m.fault != Fault::none || m.verdict == Verdict::unknown)
            return undecided(c.prover->name() + " did not finish the minimality check");
        if (m.verdict != Verdict::multiple)
            return broken(which + " is not minimal: without the given at " +
                              cell_label(static_cast<int>(cell) / side + 1, static_cast<int>(cell) % side + 1) +
                              (symmetry == "none" ? "" : " (and its " + symmetry + " orbit)") + " it is still unique (" +
                              c.prover->name() + ")",
                          g);
    }
    return std::nullopt;
}

// Phase 6 for one puzzle made to order: the rater explains it again, the
// harness rates the certified steps again, and they must be to order and
// sound against the prover's solution.
std::optional<GeneratorJudgement> check_rated(const Grid& g, const std::string& which, const GeneratorCheck& c,
                                              runner::Runner& run, const Budget& budget) {
    const OrderCall call = order_call(c);
    std::vector<Step> steps;
    auto sink = [&](std::size_t, const Step& s) {
        steps.push_back(s);
        return true;
    };
    const SolveOutcome answer = run.solve(*c.rater, {&g}, 2, call.rater_options, budget, {}, sink).at(0);
    if (answer.fault != Fault::none) return undecided(c.rater->name() + ": " + answer.message);
    const rating::Rating rated = rating::rate(g, steps, call.order.table);
    if (std::string problem = order_problem(call.order, rated, steps); !problem.empty())
        return broken(which + " is not made to order (" + describe(call.order) + "): " + problem, g);
    const SolveOutcome truth = run.solve_one(*c.prover, g, 2, {}, budget);
    if (truth.fault != Fault::none || truth.verdict != Verdict::unique || truth.solutions.empty())
        return undecided(c.prover->name() + " did not settle " + which);
    if (auto bad = unsound_step(g, steps, truth.solutions.front(), answer))
        return broken(which + ": " + c.rater->name() + "'s " + bad->finding, g);
    return std::nullopt;
}

// Phases 3 to 5 over every result. A proof the checker rejected fails its
// puzzle whatever the entry asks.
std::optional<GeneratorJudgement> check_results(const GeneratorCheck& c, const GenerateOutcome& all,
                                                runner::Runner& run, const Budget& budget, Proved& proved) {
    for (std::size_t i = 0; i < all.results.size(); ++i) {
        const Grid& g = all.results[i];
        const std::string which = result_name(c.call.first + i);
        const ProofOutcome* proof = i < all.proofs.size() ? &all.proofs[i] : nullptr;
        if (auto problem = shape_problem(g, c)) return broken(which + *problem, g);
        if (proof != nullptr && proof->status == ProofStatus::rejected)
            return lied(which + "'s proof of uniqueness was rejected: " + proof->note, g);
        if (c.expect.unique)
            if (auto j = check_unique(g, which, proof, c.prover, run, budget, proved)) return j;
        if (c.expect.rated)
            if (auto j = check_rated(g, which, c, run, budget)) return j;
        if (!c.expect.minimal) continue;
        if (c.prover == nullptr) return verdict(Status::skip, Kind::none, "no independent plugin to prove minimality");
        if (auto j = check_minimal(g, which, c, run, budget)) return j;
    }
    return std::nullopt;
}

// The pass's finding: what proved the puzzles unique (and minimal).
std::string proved_by(const GeneratorCheck& c, const Proved& p) {
    const std::string prover = c.prover != nullptr ? c.prover->name() : "";
    if (p.by_proof == 0) return p.by_prover > 0 || (c.expect.minimal && c.prover) ? "proved by " + prover : "";
    std::string words = "proved by its checked proofs";
    if (p.by_prover > 0)
        words += " (" + std::to_string(p.by_proof) + ") and " + prover + " (" + std::to_string(p.by_prover) + ")";
    if (c.expect.minimal) words += "; minimal by " + prover;
    return words;
}

// ... and, made to order, how the order was checked.
std::string found_by(const GeneratorCheck& c, const Proved& p) {
    std::string words = proved_by(c, p);
    if (!c.expect.rated) return words;
    return words + (words.empty() ? "" : "; ") + describe(order_call(c).order) + ", rated again from " +
           c.rater->name() + "'s steps";
}

// The generator's proofs as one: checked when every puzzle's was (absent
// when none were asked).
std::optional<ProofOutcome> proofs_of(const GeneratorCall& call, const GenerateOutcome& all) {
    if (call.what != NP_GENERATE_PUZZLE) return std::nullopt;
    ProofOutcome sum;
    const bool each = !all.results.empty() && all.proofs.size() >= all.results.size();
    sum.status = each ? ProofStatus::checked : ProofStatus::absent;
    for (const ProofOutcome& p : all.proofs) {
        sum.bytes += p.bytes;
        sum.check_micros += p.check_micros;
        sum.nodes += p.nodes;
        if (p.status == ProofStatus::rejected) sum.status = ProofStatus::rejected;
        else if (p.status == ProofStatus::absent && sum.status == ProofStatus::checked) sum.status = ProofStatus::absent;
    }
    return sum;
}

}  // namespace

std::string describe(const GeneratorCall& c) {
    return std::string(c.what == NP_GENERATE_GRID ? "grid" : "puzzle") + "s " + std::to_string(c.first) + " to " +
           std::to_string(c.first + c.count - 1) + " of seed " + std::to_string(c.seed) + " (" + c.size.name() + ")";
}

GeneratorJudgement check_generator(const GeneratorCheck& c, runner::Runner& run, const Budget& budget) {
    const GeneratorCall& call = c.call;
    Budget whole = budget;
    whole.timeout_seconds *= static_cast<double>(call.count);  // the per-call budget, for each result
    if (call.order && (c.rater == nullptr || c.prover == nullptr))
        return verdict(Status::skip, Kind::none,
                       c.rater == nullptr ? "the rater " + call.order->rater + " is not loaded"
                                          : "no independent plugin to prove the puzzles made to order unique");
    const GenerateOutcome all = produce(c, run, call.first, call.count, call.order ? budget : whole);
    if (all.fault != Fault::none) {
        GeneratorJudgement g = call_fault(all, c.refusal_is_skip);
        g.micros = all.stats.micros;
        return g;
    }
    const std::vector<Grid>& results = all.results;
    auto finish = [&](GeneratorJudgement g) {
        g.verdict = std::to_string(results.size()) + " " + (call.what == NP_GENERATE_GRID ? "grids" : "puzzles");
        g.micros = all.stats.micros;
        g.proof = proofs_of(call, all);
        return g;
    };
    if (results.size() < call.count)
        return finish(undecided("the budget ran out after " + std::to_string(results.size()) + " of " +
                                std::to_string(call.count) + " results"));
    if (c.expect.deterministic)
        if (auto j = check_determinism(c, results, run, whole)) return finish(*j);
    Proved proved;
    if (auto j = check_results(c, all, run, budget, proved)) return finish(*j);
    return finish(verdict(Status::pass, Kind::none, found_by(c, proved)));
}

}  // namespace np::judge
