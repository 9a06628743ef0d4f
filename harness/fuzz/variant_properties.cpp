// The variant properties (variant_properties.hpp): the class
// VariantProperties, a step per property for one plugin on one puzzle.
#include "fuzz/variant_properties.hpp"

#include <memory>
#include <utility>

#include "fuzz/proof_claims.hpp"
#include "fuzz/proof_mutation.hpp"
#include "fuzz/variant_draw.hpp"
#include "fuzz/variant_map.hpp"
#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "numplace/random.hpp"
#include "setup/setup.hpp"
#include "truth/entailment.hpp"

namespace np::fuzz {

Grid variant_grid(const Puzzle& p) {
    Grid g = p.grid;
    g.variant.reset();
    if (p.is_classic()) return g;
    Puzzle copy = p;
    copy.grid.variant.reset();
    g.variant = std::make_shared<const Puzzle>(std::move(copy));
    return g;
}

bool takes_puzzle(const Plugin& p, const Grid& puzzle) {
    if (!p.can(NP_CAP_SOLVE) || !p.supports(puzzle.geometry)) return false;
    return !puzzle.is_variant() || !p.variant_refusal(*puzzle.variant);
}

const Plugin* variant_counter(const Context& ctx, const std::string& plugin, const Grid& puzzle) {
    const auto counts = [&](const Plugin& p) {
        return p.name() != plugin && p.can(NP_CAP_COUNT) && p.can(NP_CAP_PROVE_UNIQUE) && takes_puzzle(p, puzzle);
    };
    if (ctx.oracle && counts(*ctx.oracle)) return ctx.oracle;
    for (const char* name : kVariantCounters)
        for (const Plugin& p : ctx.all)
            if (p.name() == name && counts(p)) return &p;
    for (const Plugin& p : ctx.all)
        if (counts(p)) return &p;
    return nullptr;
}

namespace {

// A count as a call gives it: exact, at least the limit, or neither (a
// budget ran out: nothing to compare).
struct Counted {
    uint64_t count = 0;
    bool exact = false, at_limit = false;
    bool conclusive() const { return exact || at_limit; }
    std::string text() const { return exact ? std::to_string(count) : "at least " + std::to_string(count); }
    static Counted of(const SolveOutcome& o, uint64_t limit) {
        return {o.count, o.complete, !o.complete && o.count >= limit};
    }
    // Both conclusive and different, counts capped at the limit.
    friend bool differ(const Counted& a, const Counted& b) {
        if (!a.conclusive() || !b.conclusive()) return false;
        if (a.exact && b.exact) return a.count != b.count;
        if (!a.exact && !b.exact) return false;  // both stopped at the limit
        // One stopped at the limit: the other must have found as many.
        return (a.exact ? a : b).count < (a.exact ? b : a).count;
    }
};

class VariantProperties {
public:
    VariantProperties(const Plugin& p, const Puzzle& puzzle, const Grid& solution, uint64_t salt, Context& ctx)
        : p_(p), puzzle_(puzzle), grid_(variant_grid(puzzle)), solution_(solution), rng_(salt), ctx_(ctx),
          limit_(p.can(NP_CAP_COUNT) ? kVariantLimit : 2) {}

    std::optional<VariantFailure> run(int last) {
        using Method = bool (VariantProperties::*)();
        static constexpr Method kSteps[] = {&VariantProperties::answer,    &VariantProperties::agreement,
                                            &VariantProperties::add_given, &VariantProperties::add_constraint,
                                            &VariantProperties::symmetry,  &VariantProperties::relabel,
                                            &VariantProperties::proof};
        for (int step = vAnswer; step <= last && step <= vProof; ++step)
            if (!(this->*kSteps[step])()) break;
        // Judged whatever the answer: a plugin may give up just after a bad step.
        if (!failure_ && last >= vExplain) explained();
        return failure_;
    }

private:
    VariantTally& tally() { return *ctx_.variant_tally; }
    SolveOutcome solve(const Grid& g) { return ctx_.run.solve_one(p_, g, limit_, {}, ctx_.budget_for(p_)); }
    bool fail(int step, std::string property, std::string message, judge::Kind kind = judge::Kind::disagreement) {
        failure_ = VariantFailure{std::move(property), std::move(message), step, kind, std::nullopt};
        return false;
    }
    // A fault the judge calls a failure ends the check as one (a refusal,
    // an interrupted call: nothing to judge).
    bool faulted(int step, const SolveOutcome& o, const std::optional<Puzzle>& copy = std::nullopt) {
        if (o.fault == Fault::none) return false;
        const auto j = judge::judge_fault(o.fault, o.status, o.message);
        if (j && j->status == judge::Status::fail) {
            fail(step, std::string(judge::kind_name(j->kind)), o.message, j->kind);
            failure_->copy = copy;
        }
        return true;
    }
    // Every witness satisfies the puzzle (the host certified it already:
    // this is the property said where it is checked).
    bool witnesses_hold(int step, const SolveOutcome& o, const Puzzle& puzzle) {
        for (const Grid& w : o.solutions) {
            Grid plain = w;
            plain.variant.reset();
            if (auto issue = check_variant(puzzle, plain))
                return fail(step, "certificate", "its witness " + format_line(plain) + " breaks " + issue->message,
                            judge::Kind::certificate);
        }
        return true;
    }

    // 0: certified, never "none", a unique answer is the known solution.
    bool answer() {
        out_ = solve(grid_);
        if (faulted(vAnswer, out_) || !witnesses_hold(vAnswer, out_, puzzle_)) return false;
        ++tally().judged;
        base_ = Counted::of(out_, limit_);
        ++(base_.exact && base_.count == 1 ? tally().unique : base_.exact ? tally().few : tally().many);
        const std::string known = format_line(solution_);
        if (base_.exact && base_.count == 0)
            return fail(vAnswer, "known-solution", "says there is no solution, but " + known +
                                                       " (the grid the puzzle was made from) satisfies it");
        if (base_.exact && base_.count == 1 && out_.solutions.at(0).cells != solution_.cells)
            return fail(vAnswer, "known-solution", "says its only solution is " + format_line(out_.solutions.at(0)) +
                                                       ", but " + known + " (the grid it was made from) is another");
        return base_.conclusive();
    }
    // 1: the count is another engine's, to the same limit.
    bool agreement() {
        const Plugin* counter = variant_counter(ctx_, p_.name(), grid_);
        if (!counter) return ++tally().no_counter, true;
        const auto c = truth::count(*counter, grid_, limit_, ctx_.run, ctx_.budget);
        if (!c) return true;
        const Counted truth{c->count, c->complete, !c->complete && c->count >= limit_};
        if (!truth.conclusive()) return true;
        ++tally().agreements;
        if (differ(base_, truth))
            return fail(vAgreement, "agreement", "counts " + base_.text() + " with limit " + std::to_string(limit_) +
                                                     ", but " + counter->name() + " counts " + truth.text());
        return true;
    }
    // The copy (with its known solution) counted: at least one solution,
    // and `same` (or never more, when !same) solutions than the puzzle.
    bool compare(int step, const std::string& property, const Puzzle& copy, const Grid& copy_solution,
                 const std::string& what, bool same, uint64_t& counter) {
        if (validate_variant(copy) || check_variant(copy, copy_solution)) return ++tally().map_errors, true;
        const SolveOutcome o = solve(variant_grid(copy));
        if (faulted(step, o, copy)) return false;
        if (!witnesses_hold(step, o, copy)) return failure_->copy = copy, false;
        ++counter;
        const Counted c = Counted::of(o, limit_);
        std::string wrong;
        if (c.exact && c.count == 0) wrong = "none, but " + format_line(copy_solution) + " solves it";
        else if (same && differ(base_, c)) wrong = c.text();
        else if (!same && base_.exact && c.conclusive() && c.count > base_.count) wrong = c.text();
        if (wrong.empty()) return true;
        fail(step, property, "counts " + base_.text() + ", but " + wrong + " for the puzzle " + what);
        failure_->copy = copy;
        return false;
    }
    bool add_given() {
        std::vector<std::size_t> empty;
        for (std::size_t i = 0; i < puzzle_.grid.cells.size(); ++i)
            if (puzzle_.grid.cells[i] == 0) empty.push_back(i);
        if (empty.empty()) return true;
        Puzzle more = puzzle_;
        const std::size_t cell = empty[rng_.below(empty.size())];
        more.grid.cells[cell] = solution_.cells[cell];
        const int n = puzzle_.side(), at = static_cast<int>(cell);
        return compare(vAddGiven, "add-given", more, solution_,
                       "with one more given from its solution (" + cell_label(at / n + 1, at % n + 1) + ")", false,
                       tally().added_givens);
    }
    bool add_constraint() {
        const auto kinds = puzzle_.kinds();
        if (kinds.empty()) return true;
        Puzzle more = puzzle_;
        const Kind k = kinds[rng_.below(kinds.size())];
        if (!derive_constraint(k, more, solution_, rng_)) return true;
        return compare(vAddConstraint, "add-constraint", more, solution_,
                       "with one more " + std::string(kind_key(k)) + " constraint its solution keeps", false,
                       tally().added_constraints);
    }
    bool symmetry() {
        std::vector<std::pair<Square, Puzzle>> maps;
        for (const Square& s : square_symmetries())
            if (s.transpose || s.flip_rows || s.flip_columns)
                if (auto m = map_puzzle(puzzle_, s)) maps.emplace_back(s, std::move(*m));
        if (maps.empty()) return true;
        const auto& [s, copy] = maps[rng_.below(maps.size())];
        return compare(vSymmetry, "symmetry", copy, map_grid(solution_, s), s.name() + ", constraints mapped", true,
                       tally().symmetries);
    }
    bool relabel() {
        const auto ways = relabellings_for(puzzle_);
        if (ways.empty()) return true;
        const Relabelling r = draw_relabelling(ways[rng_.below(ways.size())], puzzle_.side(), rng_);
        const auto copy = relabel_puzzle(puzzle_, r);
        if (!copy) return ++tally().map_errors, true;
        return compare(vRelabel, "relabel", *copy, relabel_grid(solution_, r), r.name(), true, tally().relabellings);
    }

    // 7: its explanation (judge/steps.hpp; variant_properties.hpp).
    bool explained() {
        if (!p_.can(NP_CAP_EXPLAIN)) return true;
        std::vector<Step> steps;
        const runner::ItemStepSink keep = [&steps](std::size_t, const Step& s) { return steps.push_back(s), true; };
        const SolveOutcome o = ctx_.run.solve(p_, {&grid_}, limit_, {}, ctx_.budget_for(p_), {}, keep).at(0);
        if (faulted(vExplain, o)) return false;
        const Plugin* prover = harness::step_prover_for(p_.name(), grid_, ctx_.oracle, ctx_.all);
        std::optional<Grid> solution;
        if (const Plugin* counter = variant_counter(ctx_, p_.name(), grid_)) {
            const SolveOutcome c = ctx_.run.solve_one(*counter, grid_, 2, {}, ctx_.budget);
            if (c.fault == Fault::none && c.complete && c.count == 1) solution = solution_;
        }
        judge::StepSample sample;
        sample.deep = ctx_.deep;
        sample.seed = rng_.next();
        const truth::StepCheck check = truth::check_steps(grid_, steps, solution, o, prover, ctx_.run, ctx_.budget, sample);
        StepTally& t = *ctx_.step_tally;
        ++t.explanations, t.steps += check.steps, t.effects += check.checked, t.undecided += check.undecided;
        if (!prover) t.unchecked.insert(p_.name() + ": no prover takes its variant puzzles with candidates");
        if (!check.failure) return true;
        return fail(vExplain, "step", check.failure->finding, judge::Kind::step);
    }
    // 6: the proof of its answer (docs/proofs.md, "Variants"), when it proves.
    bool proof() {
        if (!p_.can(NP_CAP_PROOF) || ctx_.proof_bytes == 0) return true;
        Budget budget = ctx_.budget_for(p_);
        budget.max_proof_bytes = ctx_.proof_bytes;
        std::string bytes;
        const auto keep = [&](uint64_t, std::string_view chunk) { return bytes.append(chunk), true; };
        const SolveOutcome o = ctx_.run.solve(p_, {&grid_}, limit_, {}, budget, keep).at(0);
        if (faulted(vProof, o)) return false;
        if (o.proof.status == ProofStatus::rejected)
            return fail(vProof, "proof", "its proof of " + Claim::of(o).text() + " is rejected: " + o.proof.note,
                        judge::Kind::certificate);
        const Plugin* counter = variant_counter(ctx_, p_.name(), grid_);
        if (o.proof.status != ProofStatus::checked || counter == nullptr) return true;
        const Claim claim = Claim::of(o);
        const auto c = truth::count(*counter, grid_, claim.solutions() + 2, ctx_.run, ctx_.budget);
        if (!c || (!c->complete && c->count < claim.solutions() + 2)) return true;  // the counter ran out
        const Context::Found truth{c->count, c->complete, c->first.value_or(Grid{}), counter->name()};
        if (refutes(truth, claim))
            return fail(vProof, "proof", "the checker accepted its proof of " + claim.text() + ", but " + truth.text());
        ++tally().proofs;
        return no_lie_accepted(bytes, claim, truth);
    }
    bool no_lie_accepted(const std::string& bytes, const Claim& claim, const Context::Found& truth) {
        const proof::Shape shape{grid_.geometry.box_rows, grid_.geometry.box_cols};
        for (Mutation kind : kMutations)
            for (int i = 0; i < 2; ++i) {
                const auto m = mutate_proof(bytes, shape, kind, rng_);
                if (!m) break;
                for (const Claim& near : claims_near(claim)) {
                    if (!refutes(truth, near)) continue;
                    ++tally().proof_lies;
                    if (checker_accepts(grid_, m->bytes, near, ctx_.proof_bytes))
                        return fail(vProof, "proof", "the checker accepted its proof with " + m->what + " for " +
                                                         near.text() + ", but " + truth.text());
                }
            }
        return true;
    }

    const Plugin& p_;
    const Puzzle& puzzle_;
    const Grid grid_;
    const Grid& solution_;
    Rng rng_;
    Context& ctx_;
    uint64_t limit_;
    SolveOutcome out_;
    Counted base_;
    std::optional<VariantFailure> failure_;
};

}  // namespace

std::optional<VariantFailure> check_variant_case(const Plugin& p, const Puzzle& puzzle, const Grid& solution,
                                                 uint64_t salt, Context& ctx, int last) {
    if (!takes_puzzle(p, variant_grid(puzzle))) return std::nullopt;
    return VariantProperties(p, puzzle, solution, salt, ctx).run(last);
}

}  // namespace np::fuzz
