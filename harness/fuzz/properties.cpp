// fuzz's properties (properties.hpp): the class Properties, a step per
// property for one plugin on one puzzle, the claims a proof may be checked
// for, and the generator's properties.
#include "fuzz/properties.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "fuzz/damage.hpp"
#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "numplace/proof.hpp"
#include "numplace/random.hpp"
#include "numplace/steps.hpp"
#include "fuzz/proof_claims.hpp"
#include "fuzz/proof_mutation.hpp"
#include "rating/rating.hpp"
#include "fuzz/symmetries.hpp"

namespace np::fuzz {

namespace {

using judge::NamedAnswer;
using judge::BadStep;
using judge::bad_step;

// How far apart a permuted or transposed copy's rating may be from the
// puzzle's, and how much harder one more clue may make it, in tenths: the
// largest difference measured on 3,000 puzzles of exchange_diabolical
// (docs/rating.md, "How stable a rating is"). A relabelled copy must be
// rated exactly the same.
constexpr int kRatingTolerance = 4;

// Which check of the step checker a finding is about (judge/steps.hpp's
// phases, by the words of its finding: "step K (TEXT): unsound: ...", the
// words after the step's text, which are the plugin's).
std::string step_check_failed(const std::string& finding) {
    if (finding.rfind("its answer is unique", 0) == 0) return "do not reach";
    for (const char* phase : {"unsound", "not entailed by the state", "not entailed by its pattern"})
        if (finding.find(std::string("): ") + phase) != std::string::npos) return phase;
    return "";
}

using judge::conclusive;

// A fault (a wrong certificate, a malformed answer, a crash, a hang) as the
// judge names it; nullopt for none, or a puzzle the plugin declines.
std::optional<Failure> fault_failure(const SolveOutcome& o) {
    const auto j = judge::judge_fault(o.fault, o.status, o.message);
    if (!j || j->status != judge::Status::fail) return std::nullopt;
    return Failure{std::string(judge::kind_name(j->kind)), o.message, 0, std::nullopt, j->kind};
}

// A count with limit `limit` against the exact count: it must be min(limit,
// exact), and "exhausted" only when that is exact. A count the budget cut
// short is only a lower bound, wrong only above the truth.
std::optional<std::string> wrong_count(const SolveOutcome& o, uint64_t limit, const Context::Exact& exact) {
    const uint64_t expected = std::min(limit, exact.count);
    const std::string truth = exact.by + " counts " + std::to_string(exact.count) + " with no limit";
    const std::string said = "counts " + std::to_string(o.count) + " with limit " + std::to_string(limit);
    if (o.stop == NP_STOP_BUDGET && o.count <= expected) return std::nullopt;
    if (o.count != expected) return said + ", " + truth + " (so " + std::to_string(expected) + ")";
    if (o.stop == NP_STOP_EXHAUSTED && o.count != exact.count)
        return said + " and says it explored everything, but " + truth;
    return std::nullopt;
}

// Every property for one plugin on one puzzle, in steps (Failure::step);
// `choices` fix the random choices and the limit, so that a shrunk puzzle is
// judged the same way as the original. Each step returns false to stop: a
// failure (kept in failure_), or nothing more to judge.
class Properties {
public:
    Properties(const Plugin& p, const Grid& puzzle, const Choices& choices, Context& ctx)
        : p_(p), puzzle_(puzzle), rng_(choices.salt), limit_(choices.limit), ctx_(ctx) {}

    // Steps first .. last, in order; the first failure.
    std::optional<Failure> run(Steps steps) {
        using Method = bool (Properties::*)();
        static constexpr Method kSteps[] = {&Properties::answer,      &Properties::agreement, &Properties::symmetry,
                                            &Properties::add_clue,    &Properties::remove_clue,
                                            &Properties::duplicate,   &Properties::count,     &Properties::count_proof,
                                            &Properties::verdict_proof, &Properties::explained, &Properties::rated};
        for (int step = steps.first; step <= steps.last && step <= kRating; ++step)
            if (!(this->*kSteps[step])()) break;
        if (failure_) failure_->first = steps.first;
        return failure_;
    }

private:
    SolveOutcome solve(const Grid& g) { return ctx_.run.solve_one(p_, g, 2, {}, ctx_.budget_for(p_)); }
    bool fail(int step, std::string property, judge::Kind kind, std::string message) {
        failure_ = Failure{std::move(property), std::move(message), step, std::nullopt, kind};
        return false;
    }
    // A fault ends the check: a failure when the judge calls it one (on a
    // derived puzzle, a failure of that puzzle alone), else nothing to judge
    // (a call the interrupt stopped, a puzzle the plugin declines).
    bool faulted(int step, const SolveOutcome& o, const Grid& given) {
        if (o.fault == Fault::none) return false;
        failure_ = fault_failure(o);
        if (failure_) failure_->step = step;
        if (failure_ && &given != &puzzle_) failure_->derived = given;
        return true;
    }
    static std::string said(const SolveOutcome& o) { return std::string(verdict_name(o.verdict)); }

    // 0: the puzzle itself; duplicate givens must be called invalid.
    bool answer() {
        out_ = solve(puzzle_);
        if (faulted(0, out_, puzzle_)) return false;
        if (obeys_rules(puzzle_)) return true;
        if (out_.verdict != Verdict::invalid)
            return fail(kAnswer, "invalid", judge::Kind::certificate, "duplicate givens, but it says " + said(out_));
        return false;
    }
    // 1: agreement with an independent prover; certificates outrank claims.
    bool agreement() {
        const Plugin* prover = ctx_.prover_for(p_.name());
        const truth::Asked asked =
            truth::ask_oracle(prover, puzzle_, {NamedAnswer{p_.name(), &out_}}, ctx_.run, ctx_.budget);
        const judge::Judgement j = judge::judge_solve(out_, asked.truth, judge::Kind::disagreement);
        if (j.status == judge::Status::fail) return fail(kAgreement, "agreement", j.kind, j.finding);
        return conclusive(out_);
    }
    // 2: a symmetry keeps the verdict and carries the solution along.
    bool symmetry() {
        const Symmetry s = random_symmetry(puzzle_.geometry, rng_);
        const Grid permuted = apply(s, puzzle_);
        const SolveOutcome mapped = solve(permuted);
        if (faulted(2, mapped, permuted)) return false;
        if (!conclusive(mapped)) return true;
        if (mapped.verdict != out_.verdict)
            return fail(kSymmetry, "symmetry", judge::Kind::disagreement,
                        "says " + said(out_) + ", but " + said(mapped) + " for the same puzzle relabelled and permuted");
        if (out_.verdict == Verdict::unique && apply(s, out_.solutions.at(0)) != mapped.solutions.at(0))
            return fail(kSymmetry, "symmetry", judge::Kind::disagreement, "the permuted puzzle's solution is not the permuted solution");
        return true;
    }
    // 3: a clue from the solution keeps a unique puzzle unique, same solution.
    bool add_clue() {
        const auto empties = cells(false);
        if (out_.verdict != Verdict::unique || empties.empty()) return true;
        Grid more = puzzle_;
        const auto cell = static_cast<std::size_t>(empties[rng_.below(empties.size())]);
        more.cells[cell] = out_.solutions.at(0).cells[cell];
        const SolveOutcome o = solve(more);
        if (faulted(3, o, more)) return false;
        if (conclusive(o) && (o.verdict != Verdict::unique || o.solutions.at(0) != out_.solutions.at(0)))
            return fail(kAddClue, "add-clue", judge::Kind::disagreement, "unique, but with one more clue from its solution it says " + said(o));
        return true;
    }
    // 4: removing a clue never lowers the count.
    bool remove_clue() {
        const auto givens = cells(true);
        if (givens.empty() || out_.verdict == Verdict::none) return true;
        Grid fewer = puzzle_;
        fewer.cells[static_cast<std::size_t>(givens[rng_.below(givens.size())])] = 0;
        const SolveOutcome o = solve(fewer);
        if (faulted(4, o, fewer)) return false;
        if (conclusive(o) &&
            (o.verdict == Verdict::none || (out_.verdict == Verdict::multiple && o.verdict != Verdict::multiple)))
            return fail(kRemoveClue, "remove-clue", judge::Kind::disagreement, said(out_) + ", but with one clue fewer it says " + said(o));
        return true;
    }
    // 5: a duplicate given makes it invalid.
    bool duplicate() {
        Grid broken = puzzle_;
        if (!add_duplicate(broken, rng_)) return true;
        const SolveOutcome o = solve(broken);
        if (faulted(5, o, broken)) return false;
        if (o.verdict != Verdict::invalid)
            return fail(kDuplicate, "invalid", judge::Kind::certificate, "a duplicate given, but it says " + said(o));
        return true;
    }
    // 6 (on a puzzle with few solutions): counting with the drawn limit L
    // gives min(L, the exact count), and "exhausted" only when that is the
    // exact count. The exact count is an independent counter's, with no
    // limit; a puzzle it cannot count within the budget is skipped.
    bool count() {
        if (!p_.can(NP_CAP_COUNT) || !obeys_rules(puzzle_)) return true;
        const auto exact = ctx_.exact_count(p_.name(), puzzle_);
        if (!exact) return true;
        const SolveOutcome o = ctx_.run.solve_one(p_, puzzle_, limit_, {}, ctx_.budget_for(p_));
        if (faulted(kCount, o, puzzle_)) return false;
        if (auto wrong = wrong_count(o, limit_, *exact))
            return fail(kCount, "count", judge::Kind::disagreement, *wrong);
        return true;
    }
    // 7: proofs (docs/proofs.md). With proofs asked, a complete search's
    // proof must pass the checker (which the runner runs in this process),
    // and an accepted one must agree with an independent counter. Then lies
    // are made from it, and the checker may accept none for a claim the
    // counter refutes: (a) the proof with the puzzle less one clue, chosen so
    // that the claim is false there; (b) the proof mutated at random.
    // On the drawn puzzle with limit 2, as verify asks: proofs of unique and
    // none. Most drawn puzzles with one solution are easy enough for the
    // checker's own propagation, which then reads the proof without judging
    // it; hence also:
    bool verdict_proof() { return proof(kProof, 2); }
    // on the count property's puzzle (up to 300 solutions) with no limit:
    // proofs of exact counts, where several solutions always need the tree.
    bool count_proof() { return !p_.can(NP_CAP_COUNT) || proof(kCountProof, NP_UNLIMITED); }
    bool proof(int step, uint64_t limit) {
        if (!p_.can(NP_CAP_PROOF) || ctx_.proof_bytes == 0 || !obeys_rules(puzzle_)) return true;
        Budget budget = ctx_.budget_for(p_);
        budget.max_proof_bytes = ctx_.proof_bytes;
        std::string bytes;
        const auto keep = [&](uint64_t, std::string_view chunk) { return bytes.append(chunk), true; };
        const SolveOutcome o = ctx_.run.solve(p_, {&puzzle_}, limit, {}, budget, keep).at(0);
        if (faulted(step, o, puzzle_)) return false;
        step_ = step;
        if (o.proof.status == ProofStatus::rejected)
            return fail(step, "proof", judge::Kind::certificate,
                        "its proof of " + Claim::of(o).text() + " is rejected: " + o.proof.note);
        if (o.proof.status != ProofStatus::checked) return true;
        const Claim claim = Claim::of(o);
        const auto truth = ctx_.search(p_.name(), puzzle_, claim.solutions() + 2);
        if (!truth) return true;
        if (refutes(*truth, claim))
            return fail(step, "proof", judge::Kind::disagreement,
                        "the checker accepted its proof of " + claim.text() + ", but " + truth->text());
        ++ctx_.proofs->checked;
        return perturbed(bytes, claim) && mutated(bytes, claim, *truth);
    }
    // (a): up to kPerturbTries clues, in a random order, until one whose
    // removal makes the claim false by the counter.
    bool perturbed(const std::string& bytes, const Claim& claim) {
        constexpr std::size_t kPerturbTries = 8;
        auto givens = cells(true);
        rng_.shuffle(givens.begin(), givens.end());
        for (std::size_t i = 0; i < std::min(givens.size(), kPerturbTries); ++i) {
            Grid fewer = puzzle_;
            const auto cell = static_cast<std::size_t>(givens[i]);
            fewer.cells[cell] = 0;
            const auto truth = ctx_.search(p_.name(), fewer, claim.solutions() + 2);
            if (!truth || !refutes(*truth, claim)) continue;
            ++ctx_.proofs->perturbed;
            const int n = puzzle_.side(), at = givens[i];
            return nothing_false_accepted(fewer, bytes, claim, *truth,
                                          "its proof, on the puzzle without its clue in " +
                                              cell_label(at / n + 1, at % n + 1) + ",");
        }
        return true;
    }
    // (b): kMutationsPerKind of each kind; a mutation may make a proof
    // that still proves the true claim (a child the checker had already
    // ruled out, dropped), never one that proves a false one.
    bool mutated(const std::string& bytes, const Claim& claim, const Context::Found& truth) {
        constexpr int kMutationsPerKind = 3;
        const proof::Shape shape{puzzle_.geometry.box_rows, puzzle_.geometry.box_cols};
        for (Mutation kind : kMutations)
            for (int i = 0; i < kMutationsPerKind; ++i) {
                const auto m = mutate_proof(bytes, shape, kind, rng_);
                if (!m) break;
                ++ctx_.proofs->mutated;
                if (!checker_accepts(puzzle_, m->bytes, claim, ctx_.proof_bytes)) ++ctx_.proofs->mutated_rejected;
                if (!nothing_false_accepted(puzzle_, m->bytes, claim, truth, "its proof with " + m->what)) return false;
            }
        return true;
    }
    // The claims near `claim` that `truth` refutes: none may be accepted
    // with `bytes` for `puzzle`.
    bool nothing_false_accepted(const Grid& puzzle, std::string_view bytes, const Claim& claim,
                                const Context::Found& truth, const std::string& what) {
        for (const Claim& c : claims_near(claim)) {
            if (!refutes(truth, c)) continue;
            ++ctx_.proofs->false_claims;
            if (checker_accepts(puzzle, bytes, c, ctx_.proof_bytes))
                return fail(step_, "proof", judge::Kind::disagreement,
                            "the checker accepted " + what + " for " + c.text() + ", but " + truth.text());
        }
        return true;
    }
    // 9: explanations (judge/steps.hpp). A plugin that explains is asked
    // for its steps, each certified by the runner as it comes; the step
    // checker then judges them against the prover's answer: sound, reaching
    // a unique answer's solution, and (a seeded sample; all with --deep)
    // entailed by the state and by their own pattern, a refutation being a
    // certified solution from the prover. Judged whatever the answer, since
    // a plugin may give up just after a bad step.
    bool explained() {
        if (!p_.can(NP_CAP_EXPLAIN) || !obeys_rules(puzzle_)) return true;
        std::vector<np::Step> steps;
        const runner::ItemStepSink keep = [&steps](std::size_t, const np::Step& s) { return steps.push_back(s), true; };
        const SolveOutcome o = ctx_.run.solve(p_, {&puzzle_}, 2, {}, ctx_.budget_for(p_), {}, keep).at(0);
        if (faulted(kExplain, o, puzzle_)) return false;
        const Plugin* prover = ctx_.prover_for(p_.name());
        if (prover && !prover->supports(puzzle_.geometry)) prover = nullptr;
        const std::optional<Grid> solution = truth::unique_solution(prover, puzzle_, ctx_.run, ctx_.budget);
        note_unchecked(prover);
        judge::StepSample sample;
        sample.deep = ctx_.deep;
        sample.seed = rng_.next();
        const truth::StepCheck check =
            truth::check_steps(puzzle_, steps, solution, o, prover, ctx_.run, ctx_.budget, sample);
        StepTally& t = *ctx_.step_tally;
        ++t.explanations, t.steps += check.steps, t.effects += check.checked, t.undecided += check.undecided;
        if (!check.failure) return true;
        fail(kExplain, "step", judge::Kind::step, check.failure->finding);
        failure_->bad = bad_step(puzzle_, steps, check.failure->finding);
        failure_->check = step_check_failed(check.failure->finding);
        return false;
    }
    // 10: ratings (docs/rating.md), for a plugin that explains, on a puzzle
    // up to 9x9 (the table is SE's, for 9x9; larger grids cost more than a
    // case should) with one solution by the prover. Its steps, certified by
    // the runner as they come, rated with the se table: every step's
    // pattern fits its technique's class (judge::misnamed_step); a
    // relabelled copy is rated the same exactly; a permuted and (square
    // boxes) a transposed copy within kRatingTolerance; one more clue from
    // the solution makes it no harder than that. The names are checked
    // whatever the puzzle (a step is named the same on any), the copies
    // only on a puzzle with one solution, and compared
    // only when both are solved and rated (an unsolved path is only "at
    // least"); the added clue not when either path took a uniqueness step,
    // which needs its cells empty, so that a given can take it away.
    bool rated() {
        if (!p_.can(NP_CAP_EXPLAIN) || puzzle_.side() > 9 || !obeys_rules(puzzle_)) return true;
        if (!p_.option_problem(*ctx_.rating_options, "solve").empty()) return true;  // said once, by run()
        const auto base = rate(puzzle_);
        if (!base) return false;
        ctx_.rating_tally->steps += base->steps.size();
        for (std::size_t i = 0; i < base->steps.size(); ++i)
            if (const std::string why = judge::misnamed_step(base->steps[i], puzzle_); !why.empty()) {
                fail(kRating, "rating", judge::Kind::step, "step " + std::to_string(i + 1) + ": " + why);
                return failure_->check = "misnamed", false;
            }
        const std::optional<Grid> solution = unique_solution();
        if (!solution || !base->rating.unknown.empty()) return true;
        ++ctx_.rating_tally->puzzles;
        Symmetry relabel = identity(puzzle_.geometry), permute = random_symmetry(puzzle_.geometry, rng_);
        relabel.value = permute.value;
        permute.value = identity(puzzle_.geometry).value;
        permute.transpose = false;
        if (!same_rating(*base, apply(relabel, puzzle_), "relabelled", 0)) return false;
        if (!same_rating(*base, apply(permute, puzzle_), "permuted", kRatingTolerance)) return false;
        Symmetry transpose = identity(puzzle_.geometry);
        transpose.transpose = true;
        if (puzzle_.geometry.box_rows == puzzle_.geometry.box_cols &&
            !same_rating(*base, apply(transpose, puzzle_), "transposed", kRatingTolerance))
            return false;
        return no_harder_with_a_clue(*base, *solution);
    }
    struct Rated {
        rating::Rating rating;
        std::vector<np::Step> steps;
        bool assumes_unique = false;  // a step of the path assumed one solution
    };
    // The grid explained and rated; nullopt on a fault (a failure when the
    // judge calls it one).
    std::optional<Rated> rate(const Grid& grid) {
        Rated r;
        const runner::ItemStepSink keep = [&r](std::size_t, const np::Step& s) { return r.steps.push_back(s), true; };
        const SolveOutcome o =
            ctx_.run.solve(p_, {&grid}, 2, *ctx_.rating_options, ctx_.budget_for(p_), {}, keep).at(0);
        if (faulted(kRating, o, grid)) return std::nullopt;
        r.rating = rating::rate(grid, r.steps, rating::Table::se);
        for (const np::Step& s : r.steps) r.assumes_unique = r.assumes_unique || s.assumes_unique;
        return r;
    }
    std::optional<Grid> unique_solution() {
        return truth::unique_solution(ctx_.prover_for(p_.name()), puzzle_, ctx_.run, ctx_.budget);
    }
    static std::string rating_text(const rating::Rating& r) {
        return "ER " + rating::tenths_text(r.er) + " EP " + rating::tenths_text(r.ep) + " ED " + rating::tenths_text(r.ed) +
               (r.solved ? "" : " (not solved)");
    }
    // ER, EP and ED of `copy` within `tolerance` tenths of the puzzle's (0:
    // the same, solved or not; else compared only when both are solved).
    bool same_rating(const Rated& base, const Grid& copy, const std::string& what, int tolerance) {
        const auto other = rate(copy);
        if (!other) return false;
        ++ctx_.rating_tally->copies;
        const rating::Rating &a = base.rating, &b = other->rating;
        if (tolerance > 0 && (!a.solved || !b.solved || !b.unknown.empty())) return true;
        const bool near = std::abs(a.er - b.er) <= tolerance && std::abs(a.ep - b.ep) <= tolerance &&
                          std::abs(a.ed - b.ed) <= tolerance && (tolerance > 0 || a.solved == b.solved);
        if (near) return true;
        fail(kRating, "rating", judge::Kind::disagreement,
             "rated " + rating_text(a) + ", but " + rating_text(b) + " for the same puzzle " + what +
                 (tolerance == 0 ? " (must be the same)" : " (more than " + rating::tenths_text(tolerance) + " apart)"));
        return failure_->check = what, false;
    }
    bool no_harder_with_a_clue(const Rated& base, const Grid& solution) {
        const auto empties = cells(false);
        if (!base.rating.solved || base.assumes_unique || empties.empty()) return true;
        Grid more = puzzle_;
        const auto cell = static_cast<std::size_t>(empties[rng_.below(empties.size())]);
        more.cells[cell] = solution.cells[cell];
        const auto other = rate(more);
        if (!other) return false;
        ++ctx_.rating_tally->copies;
        const rating::Rating& b = other->rating;
        if (!b.solved || !b.unknown.empty() || other->assumes_unique || b.er <= base.rating.er + kRatingTolerance)
            return true;
        const int n = puzzle_.side(), at = static_cast<int>(cell);
        fail(kRating, "rating", judge::Kind::disagreement,
             "rated ER " + rating::tenths_text(base.rating.er) + ", but ER " + rating::tenths_text(b.er) +
                 " with one more clue from its solution (" + cell_label(at / n + 1, at % n + 1) + " = " +
                 std::to_string(solution.cells[cell]) + "): harder by more than " + rating::tenths_text(kRatingTolerance));
        return failure_->check = "clue", false;
    }
    // Entailment needs a prover that takes candidates: without one, only
    // soundness is checked, and the run says so.
    void note_unchecked(const Plugin* prover) {
        if (prover == nullptr)
            ctx_.step_tally->unchecked.insert(p_.name() + ": no prover for its steps (only what needs none is checked)");
        else if (!prover->can(NP_CAP_CANDIDATES))
            ctx_.step_tally->unchecked.insert(p_.name() + ": its prover " + prover->name() +
                                              " does not take candidates (entailment not checked)");
    }
    // The cells with a given (or without one), in order.
    std::vector<int> cells(bool given) const {
        std::vector<int> at;
        for (int i = 0; i < static_cast<int>(puzzle_.cells.size()); ++i)
            if ((puzzle_.cells[static_cast<std::size_t>(i)] != 0) == given) at.push_back(i);
        return at;
    }

    const Plugin& p_;
    const Grid& puzzle_;
    Rng rng_;
    uint64_t limit_;
    Context& ctx_;
    SolveOutcome out_;
    std::optional<Failure> failure_;
    int step_ = kProof;  // the proof step running (its failures name it)
};

}  // namespace

std::optional<Failure> check(const Plugin& p, const Grid& puzzle, const Choices& choices, Context& ctx, Steps steps) {
    if (!p.supports(puzzle.geometry)) return std::nullopt;
    return Properties(p, puzzle, choices, ctx).run(steps);
}

corpus::GeneratorProperties generator_properties(np_generate_kind what) {
    corpus::GeneratorProperties expect;
    expect.valid = expect.deterministic = true;
    expect.full = what == NP_GENERATE_GRID;
    expect.unique = what == NP_GENERATE_PUZZLE;
    return expect;
}

std::optional<Failure> check_generator(const Plugin& p, const judge::GeneratorCall& c, Context& ctx, Grid& culprit) {
    const judge::GeneratorJudgement g =
        truth::check_generator({p, c, generator_properties(c.what), ctx.prover_for(p.name()), nullptr, true, {}}, ctx.run, ctx.budget);
    if (g.judgement.status != judge::Status::fail) return std::nullopt;
    if (g.culprit) culprit = *g.culprit;
    return Failure{std::string(judge::kind_name(g.judgement.kind)), judge::describe(c) + ": " + g.judgement.finding, 0,
                   std::nullopt, g.judgement.kind};
}

std::optional<Failure> check_generated_proofs(const Plugin& p, const judge::GeneratorCall& c, Context& ctx,
                                              Grid& culprit) {
    if (c.what != NP_GENERATE_PUZZLE || !p.can(NP_CAP_PROOF) || ctx.proof_bytes == 0) return std::nullopt;
    Budget budget = ctx.budget;
    budget.max_proof_bytes = ctx.proof_bytes;
    const GenerateOutcome out = ctx.run.generate(p, c.size, c.what, c.seed, c.first, c.count, c.options, budget);
    if (out.fault != Fault::none || out.proofs.size() != out.results.size()) return std::nullopt;
    for (std::size_t i = 0; i < out.proofs.size(); ++i) {
        if (out.proofs[i].status == ProofStatus::checked) ++ctx.proofs->generated;
        if (out.proofs[i].status != ProofStatus::rejected) continue;
        culprit = out.results[i];
        return Failure{"proof", judge::describe(c) + ": puzzle " + std::to_string(c.first + i) +
                                    "'s proof of uniqueness is rejected: " + out.proofs[i].note,
                       0, std::nullopt, judge::Kind::certificate};
    }
    return std::nullopt;
}

}  // namespace np::fuzz
