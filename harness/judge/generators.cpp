#include "judge/generators.hpp"

#include <algorithm>

#include "judge/to_order.hpp"
#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "judge/steps.hpp"

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
    return words + (words.empty() ? "" : "; ") + describe(order_of(*c.call.order)) + ", rated again from " +
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

std::string result_name(uint64_t index) { return "result " + std::to_string(index); }

std::optional<GeneratorJudgement> missing_plugin(const GeneratorCheck& c) {
    if (!c.call.order || (c.rater != nullptr && c.prover != nullptr)) return std::nullopt;
    return verdict(Status::skip, Kind::none,
                   c.rater == nullptr ? "the rater " + c.call.order->rater + " is not loaded"
                                      : "no independent plugin to prove the puzzles made to order unique");
}

GeneratorJudgement call_fault(const GenerateOutcome& out, bool refusal_is_skip) {
    if (refusal_is_skip && (out.status == NP_BAD_OPTION || out.status == NP_UNSUPPORTED))
        return verdict(Status::skip, Kind::none, out.message);
    Judgement j = *judge_fault(out.fault, out.status, out.message);
    if (j.status == Status::fail && !process_failure(out.fault)) j.kind = Kind::generator;
    GeneratorJudgement g;
    g.judgement = j;
    return g;
}

std::optional<GeneratorJudgement> too_few(const GeneratorCall& call, const GenerateOutcome& all) {
    if (all.results.size() >= call.count) return std::nullopt;
    return undecided("the budget ran out after " + std::to_string(all.results.size()) + " of " +
                     std::to_string(call.count) + " results");
}

Rerun rerun_of(const GeneratorCall& call) {
    const uint64_t k = call.count > 3 ? 3 : std::max<uint64_t>(1, call.count - 1);
    return {k, call.first + call.count - k};
}

std::optional<GeneratorJudgement> judge_determinism(const GeneratorCall& call, const std::vector<Grid>& results,
                                                   const GenerateOutcome& head, const GenerateOutcome& tail) {
    const Rerun again = rerun_of(call);
    const uint64_t k = again.length;
    if (!head.ok || !tail.ok || head.results.size() < k || tail.results.size() < k)
        return undecided("the budget ran out on the second run");
    for (uint64_t i = 0; i < k; ++i) {
        if (head.results[i] != results[i])
            return broken(result_name(call.first + i) + " of a run of " + std::to_string(k) + " differs from the run of " +
                              std::to_string(call.count) + " (same seed)",
                          results[i]);
        const uint64_t at = call.count - k + i;
        if (tail.results[i] != results[at])
            return broken(result_name(call.first + at) + " asked with first_index " + std::to_string(again.tail_from) +
                              " differs from the whole run's",
                          results[at]);
    }
    return std::nullopt;
}

std::optional<GeneratorJudgement> judge_shape(const Grid& g, const std::string& which, const ProofOutcome* proof,
                                              const GeneratorCheck& c) {
    if (auto problem = shape_problem(g, c)) return broken(which + *problem, g);
    if (proof != nullptr && proof->status == ProofStatus::rejected)
        return lied(which + "'s proof of uniqueness was rejected: " + proof->note, g);
    return std::nullopt;
}

GeneratorJudgement no_prover(const std::string& what) {
    return verdict(Status::skip, Kind::none, "no independent plugin to prove " + what);
}

std::optional<GeneratorJudgement> judge_unique(const Grid& g, const std::string& which, const Plugin& prover,
                                               const SolveOutcome& u) {
    if (u.fault != Fault::none) return undecided(prover.name() + ": " + u.message);
    if (u.verdict == Verdict::multiple) return broken(which + " has more than one solution (" + prover.name() + ")", g);
    if (u.verdict == Verdict::none) return broken(which + " has no solution (" + prover.name() + ")", g);
    if (!u.complete) return undecided(prover.name() + " did not finish proving " + which + " unique");
    if (u.proof.status == ProofStatus::rejected)
        return undecided(prover.name() + "'s proof that " + which + " is unique was rejected: " + u.proof.note);
    return std::nullopt;
}

Grid without_given(const Grid& g, std::size_t cell, const GeneratorCheck& c) {
    const std::string symmetry = symmetry_of(c.call.options);
    const int side = g.side();
    Grid less = g;
    for (int at = static_cast<int>(cell), step = 0; step < 4; ++step) {
        less.cells[static_cast<std::size_t>(at)] = 0;
        at = mirror_cell(symmetry, at / side, at % side, side);
    }
    return less;
}

std::optional<GeneratorJudgement> judge_minimal(const Grid& g, const std::string& which, std::size_t cell,
                                                const GeneratorCheck& c, const SolveOutcome& m) {
    if (m.fault != Fault::none || m.verdict == Verdict::unknown)
        return undecided(c.prover->name() + " did not finish the minimality check");
    if (m.verdict == Verdict::multiple) return std::nullopt;
    const std::string symmetry = symmetry_of(c.call.options);
    const int side = g.side();
    return broken(which + " is not minimal: without the given at " +
                      cell_label(static_cast<int>(cell) / side + 1, static_cast<int>(cell) % side + 1) +
                      (symmetry == "none" ? "" : " (and its " + symmetry + " orbit)") + " it is still unique (" +
                      c.prover->name() + ")",
                  g);
}

std::optional<GeneratorJudgement> judge_rating(const Grid& g, const std::string& which, const GeneratorCheck& c,
                                               const SolveOutcome& answer, const std::vector<Step>& steps) {
    if (answer.fault != Fault::none) return undecided(c.rater->name() + ": " + answer.message);
    const Order order = order_of(*c.call.order);
    const rating::Rating rated = rating::rate(g, steps, order.table);
    if (std::string problem = order_problem(order, rated, steps); !problem.empty())
        return broken(which + " is not made to order (" + describe(order) + "): " + problem, g);
    return std::nullopt;
}

std::optional<GeneratorJudgement> judge_rated_steps(const Grid& g, const std::string& which, const GeneratorCheck& c,
                                                    const SolveOutcome& answer, const std::vector<Step>& steps,
                                                    const SolveOutcome& truth) {
    if (truth.fault != Fault::none || truth.verdict != Verdict::unique || truth.solutions.empty())
        return undecided(c.prover->name() + " did not settle " + which);
    if (auto bad = unsound_step(g, steps, truth.solutions.front(), answer))
        return broken(which + ": " + c.rater->name() + "'s " + bad->finding, g);
    return std::nullopt;
}

GeneratorJudgement passed(const GeneratorCheck& c, const Proved& proved) {
    return verdict(Status::pass, Kind::none, found_by(c, proved));
}

GeneratorJudgement finished(GeneratorJudgement g, const GeneratorCall& call, const GenerateOutcome& all) {
    g.verdict = std::to_string(all.results.size()) + " " + (call.what == NP_GENERATE_GRID ? "grids" : "puzzles");
    g.micros = all.stats.micros;
    g.proof = proofs_of(call, all);
    return g;
}

}  // namespace np::judge
