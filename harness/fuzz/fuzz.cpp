#include "fuzz.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <numeric>
#include <set>
#include <string_view>
#include <utility>

#include "generators.hpp"
#include "judge.hpp"
#include "numplace/certify.hpp"
#include "numplace/clock.hpp"
#include "numplace/format.hpp"
#include "numplace/proof.hpp"
#include "numplace/random.hpp"
#include "numplace/steps.hpp"
#include "proof_mutation.hpp"
#include "rating.hpp"
#include "setup.hpp"
#include "steps.hpp"
#include "truth/entailment.hpp"
#include "truth/generators.hpp"

namespace np::fuzz {

namespace {

using judge::NamedAnswer;
using judge::BadStep;
using judge::bad_step;

// ---- Symmetries: maps that keep a grid valid ------------------------------------------
// Relabel the values; permute the bands, the rows in each band, the stacks,
// the columns in each stack; transpose when the boxes are square.
struct Symmetry {
    std::vector<int> value;  // value[v] for v in 0..N (value[0] = 0)
    std::vector<int> row, column;  // new row r comes from old row row[r]
    bool transpose = false;
};

std::vector<int> permutation(int n, Rng& rng) {
    std::vector<int> p(static_cast<std::size_t>(n));
    std::iota(p.begin(), p.end(), 0);
    rng.shuffle(p.begin(), p.end());
    return p;
}

// Rows: bands of box_rows rows; columns: stacks of box_cols columns.
std::vector<int> block_permutation(int blocks, int per_block, Rng& rng) {
    const auto order = permutation(blocks, rng);
    std::vector<int> out;
    for (int b : order)
        for (int i : permutation(per_block, rng)) out.push_back(b * per_block + i);
    return out;
}

Symmetry random_symmetry(const Geometry& g, Rng& rng) {
    Symmetry s;
    const int n = g.side();
    s.value = {0};
    for (int v : permutation(n, rng)) s.value.push_back(v + 1);
    s.row = block_permutation(n / g.box_rows, g.box_rows, rng);
    s.column = block_permutation(n / g.box_cols, g.box_cols, rng);
    s.transpose = g.box_rows == g.box_cols && rng.below(2) == 1;
    return s;
}

// The symmetry that changes nothing: the rating property takes one kind of
// change at a time from it.
Symmetry identity(const Geometry& g) {
    Symmetry s;
    s.value.resize(static_cast<std::size_t>(g.side()) + 1);
    std::iota(s.value.begin(), s.value.end(), 0);
    s.row.resize(static_cast<std::size_t>(g.side()));
    std::iota(s.row.begin(), s.row.end(), 0);
    s.column = s.row;
    return s;
}

Grid apply(const Symmetry& s, const Grid& grid) {
    Grid out(grid.geometry);
    const int n = grid.side();
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const int v = s.value[grid.at(s.row[r], s.column[c])];
            if (s.transpose) out.at(c, r) = static_cast<uint8_t>(v);
            else out.at(r, c) = static_cast<uint8_t>(v);
        }
    return out;
}

// ---- Cases --------------------------------------------------------------------------------

struct Context {
    const std::vector<Plugin>& tested;
    const Plugin* oracle;
    const std::vector<Plugin>& all;  // every loaded plugin: where provers come from
    const Plugin* grid_source;  // a generator whose grids the host certifies
    runner::Runner& run;
    Budget budget;
    const harness::Settings* settings = nullptr;  // for each tested plugin's own node budget

    // The budget of a tested plugin's calls: its node budget is the one
    // verify would give it (Settings::nodes_for).
    Budget budget_for(const Plugin& p) const {
        Budget b = budget;
        if (settings) b.max_nodes = settings->nodes_for(p);
        return b;
    }

    // What settles a plugin's answers: the oracle, or another plugin when
    // the oracle is the one tested (a plugin is never judged by itself).
    const Plugin* prover_for(const std::string& plugin) const { return harness::prover_for(plugin, oracle, all); }

    // What settles a plugin's counts: the same choice among the plugins that
    // count (the oracle when it counts, else the first other counter).
    const Plugin* counter_for(const std::string& plugin) const {
        std::vector<const Plugin*> counters;
        for (const Plugin& p : all)
            if (p.can(NP_CAP_COUNT)) counters.push_back(&p);
        return harness::prover_for(plugin, oracle && oracle->can(NP_CAP_COUNT) ? oracle : nullptr, counters);
    }

    // The exact count of `puzzle` by counter_for(plugin), with no limit;
    // nullopt when it does not finish within the budget. The last answer is
    // kept: every counting plugin of a case is judged on the same puzzle.
    struct Exact {
        uint64_t count = 0;
        std::string by;  // the counter's name
    };
    std::optional<Exact> exact_count(const std::string& plugin, const Grid& puzzle) {
        const Plugin* counter = counter_for(plugin);
        if (!counter || !counter->supports(puzzle.geometry)) return std::nullopt;
        if (last_count.puzzle != puzzle || last_count.by != counter->name()) {
            const SolveOutcome o = run.solve_one(*counter, puzzle, NP_UNLIMITED, {}, budget);
            last_count = {puzzle, counter->name(), std::nullopt};
            if (o.fault == Fault::none && o.complete) last_count.exact = Exact{o.count, counter->name()};
        }
        return last_count.exact;
    }
    struct LastCount {
        Grid puzzle;
        std::string by;
        std::optional<Exact> exact;
    } last_count{};

    // The proof property: each proof's byte budget (0: the property is
    // off; `budget` itself asks for no proofs), and where it counts.
    uint64_t proof_bytes = 0;
    ProofTally* proofs = nullptr;
    // The step property: every step checked (--deep) or a sample, and where
    // it counts.
    bool deep = false;
    StepTally* step_tally = nullptr;
    RatingTally* rating_tally = nullptr;
    const OptionList* rating_options = nullptr;  // the rating property's explaining calls

    // What counter_for(plugin) finds for `puzzle` looking for up to `limit`
    // solutions: the exact count, or at least `limit`; nullopt when there is
    // no such counter or the budget stops it first.
    struct Found {
        uint64_t count = 0;
        bool exact = false;
        Grid first;  // the solution, when exactly one
        std::string by;
        std::string text() const {
            return by + " finds " + (exact ? std::to_string(count) : std::to_string(count) + " or more") +
                   (count == 1 && exact ? " solution" : " solutions");
        }
    };
    std::optional<Found> search(const std::string& plugin, const Grid& puzzle, uint64_t limit) {
        const Plugin* counter = counter_for(plugin);
        if (!counter || !counter->supports(puzzle.geometry)) return std::nullopt;
        const SolveOutcome o = run.solve_one(*counter, puzzle, limit, {}, budget);
        if (o.fault != Fault::none || (!o.complete && o.count < limit)) return std::nullopt;
        Found f{o.count, o.complete, Grid(puzzle.geometry), counter->name()};
        if (o.complete && o.count == 1) f.first = o.solutions.at(0);
        return f;
    }
};

// A full grid from an independent seed: the grid source's result `seed`,
// certified by the host, seen through a random symmetry; the harness's own
// pattern grid when no plugin can make one.
Grid full_grid(const Geometry& g, uint64_t seed, Context& ctx) {
    Rng rng(seed);
    Grid base(g);
    bool made = false;
    if (ctx.grid_source && ctx.grid_source->supports(g)) {
        auto out = ctx.run.generate(*ctx.grid_source, g, NP_GENERATE_GRID, seed, 0, 1, {}, ctx.budget);
        if (out.fault == Fault::none && out.results.size() == 1) base = out.results[0], made = true;
    }
    if (!made)
        for (int r = 0; r < g.side(); ++r)
            for (int c = 0; c < g.side(); ++c)
                base.at(r, c) = static_cast<uint8_t>((g.box_cols * (r % g.box_rows) + r / g.box_rows + c) % g.side() + 1);
    return apply(random_symmetry(g, rng), base);
}

// Keeps `percent` of the cells; larger grids keep more, so that the oracle
// finishes within its budget.
Grid remove_clues(const Grid& full, int percent, Rng& rng) {
    Grid puzzle = full;
    for (auto& cell : puzzle.cells)
        if (static_cast<int>(rng.below(100)) >= percent) cell = 0;
    return puzzle;
}

// A wrong clue that clashes with nothing: an empty cell gets a value that
// no given in its row, column or box has, but not the solution's.
bool add_wrong_clue(Grid& puzzle, const Grid& full, Rng& rng) {
    const int n = puzzle.side();
    for (int tries = 0; tries < 4 * n * n; ++tries) {
        const int cell = static_cast<int>(rng.below(static_cast<uint64_t>(n * n)));
        if (puzzle.cells[static_cast<std::size_t>(cell)] != 0) continue;
        const int v = static_cast<int>(rng.below(static_cast<uint64_t>(n))) + 1;
        if (v == full.cells[static_cast<std::size_t>(cell)]) continue;
        Grid trial = puzzle;
        trial.cells[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(v);
        if (!obeys_rules(trial)) continue;
        puzzle = trial;
        return true;
    }
    return false;
}

// A duplicate given: an empty cell takes the value of a given in its row,
// its column or its box (each is a different check a plugin can forget).
bool add_duplicate(Grid& puzzle, Rng& rng) {
    const int n = puzzle.side();
    const Geometry& g = puzzle.geometry;
    const int unit_kind = static_cast<int>(rng.below(3));
    for (int tries = 0; tries < 8 * n * n; ++tries) {
        const int a = static_cast<int>(rng.below(static_cast<uint64_t>(n * n)));
        const int b = static_cast<int>(rng.below(static_cast<uint64_t>(n * n)));
        const int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
        const bool same_unit = unit_kind == 0   ? ra == rb
                               : unit_kind == 1 ? ca == cb
                                                : g.box_of(ra, ca) == g.box_of(rb, cb);
        if (a == b || !same_unit || puzzle.cells[static_cast<std::size_t>(a)] == 0 ||
            puzzle.cells[static_cast<std::size_t>(b)] != 0)
            continue;
        puzzle.cells[static_cast<std::size_t>(b)] = puzzle.cells[static_cast<std::size_t>(a)];
        return true;
    }
    return false;
}

// ---- Properties -------------------------------------------------------------------------

// The steps of check(), in order. The solving properties (kAnswer ..
// kDuplicate) judge the drawn puzzle; kCount judges a puzzle of its own, one
// with few solutions (FuzzRun::few_solutions), and kCountProof its proof of
// that count; kProof the proof of the drawn puzzle's verdict. The proof
// steps (the `proof` property, Properties::proof) judge only plugins that
// prove, in calls of their own that ask for proofs.
// kExplain (the `step` property, Properties::explained) judges the steps of
// a plugin that explains, in a call of its own that asks for them; kRating
// (the `rating` property, Properties::rated) the ratings made from them.
enum Step : int {
    kAnswer, kAgreement, kSymmetry, kAddClue, kRemoveClue, kDuplicate, kCount, kCountProof, kProof, kExplain, kRating
};
struct Steps {
    int first = kAnswer, last = kDuplicate;
};
constexpr Steps kSolving{kAnswer, kDuplicate}, kCounting{kCount, kCountProof}, kProving{kProof, kProof},
    kExplaining{kExplain, kExplain}, kRatings{kRating, kRating};

// How far apart a permuted or transposed copy's rating may be from the
// puzzle's, and how much harder one more clue may make it, in tenths: the
// largest difference measured on 3,000 puzzles of exchange_diabolical
// (docs/rating.md, "How stable a rating is"). A relabelled copy must be
// rated exactly the same.
constexpr int kRatingTolerance = 4;

// A step the step checker failed, as data: the candidate state before it
// and the step itself (what a step regression entry is made of).
struct Failure {
    std::string property, message;
    // The step of check() that failed, so that shrinking runs only up to it.
    int step = 0;
    // When the plugin itself failed (a fault, a wrong certificate) on a
    // puzzle derived at a later step: that puzzle, which fails on its own.
    std::optional<Grid> derived{};
    judge::Kind kind = judge::Kind::none;
    int first = kAnswer;  // the first step run (kCount for the count property)
    std::optional<BadStep> bad{};  // the step property: the step that failed, when one did
    // The step property: which of the step checker's checks failed
    // (step_check_failed), so that shrinking keeps an unsound step unsound
    // rather than trading it for a weaker finding.
    std::string check{};
};

// Which check of the step checker a finding is about (judge/steps.hpp's
// phases, by the words of its finding: "step K (TEXT): unsound: ...", the
// words after the step's text, which are the plugin's).
std::string step_check_failed(const std::string& finding) {
    if (finding.rfind("its answer is unique", 0) == 0) return "do not reach";
    for (const char* phase : {"unsound", "not entailed by the state", "not entailed by its pattern"})
        if (finding.find(std::string("): ") + phase) != std::string::npos) return phase;
    return "";
}

// What rapidcheck drew for the properties' own choices: `salt` fixes the
// random ones (which symmetry, which clue), `limit` is the count property's
// limit (drawn so that it shrinks).
struct Choices {
    uint64_t salt = 0;
    uint64_t limit = 1;
};

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

// ---- Claims a proof may be checked for ----------------------------------------------

// A verdict as the checker takes it, with the witness a unique claim names.
struct Claim {
    ProofClaim claim;
    std::optional<Grid> witness;

    uint64_t solutions() const { return claim.count; }  // 1 for unique, 0 for none
    std::string text() const {
        if (claim.kind == ProofClaim::Kind::unique) return witness ? "unique" : "exactly one solution";
        if (claim.kind == ProofClaim::Kind::none) return "none";
        return "exactly " + std::to_string(claim.count) + " solutions";
    }
    // The claim of a complete search's answer (the proof's own).
    static Claim of(const SolveOutcome& o) {
        if (o.verdict == Verdict::unique) return {ProofClaim::unique(), o.solutions.at(0)};
        if (o.verdict == Verdict::none) return {ProofClaim::none(), std::nullopt};
        return {ProofClaim::exactly(o.count), std::nullopt};
    }
};

// True when what the counter found shows the claim false.
bool refutes(const Context::Found& f, const Claim& c) {
    if (!f.exact) return f.count > c.solutions();  // at least f.count
    if (f.count != c.solutions()) return true;
    return c.claim.kind == ProofClaim::Kind::unique && c.witness && *c.witness != f.first;
}

// The claim and its neighbours, the false claims a lie would make: none,
// one solution fewer, one more.
std::vector<Claim> claims_near(const Claim& c) {
    std::vector<Claim> out = {c};
    const auto add = [&](uint64_t n) {
        for (const Claim& o : out)
            if (o.solutions() == n) return;
        out.push_back({n == 0 ? ProofClaim::none() : ProofClaim::exactly(n), std::nullopt});
    };
    add(0);
    if (c.solutions() > 1) add(c.solutions() - 1);
    add(c.solutions() + 1);
    return out;
}

bool checker_accepts(const Grid& puzzle, std::string_view bytes, const Claim& c, uint64_t max_bytes) {
    ProofChecker checker(puzzle, max_bytes);
    checker.feed(bytes);
    return checker.finish(c.claim, c.witness ? &*c.witness : nullptr).accepted;
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
        std::optional<SolveOutcome> proof;
        if (prover && prover->supports(puzzle_.geometry)) proof = ctx_.run.solve_one(*prover, puzzle_, 2, {}, ctx_.budget);
        const judge::Truth truth = judge::truth_from_answers({NamedAnswer{p_.name(), &out_}},
                                                             proof ? &*proof : nullptr, prover ? prover->name() : "");
        const judge::Judgement j = judge::judge_solve(out_, truth, judge::Kind::disagreement);
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
        std::optional<Grid> solution;
        if (prover) {
            const SolveOutcome truth = ctx_.run.solve_one(*prover, puzzle_, 2, {}, ctx_.budget);
            if (truth.fault == Fault::none && truth.complete && truth.verdict == Verdict::unique)
                solution = truth.solutions.at(0);
        }
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
            if (const std::string why = judge::misnamed_step(base->steps[i], puzzle_.geometry); !why.empty()) {
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
        const Plugin* prover = ctx_.prover_for(p_.name());
        if (!prover || !prover->supports(puzzle_.geometry)) return std::nullopt;
        const SolveOutcome truth = ctx_.run.solve_one(*prover, puzzle_, 2, {}, ctx_.budget);
        if (truth.fault != Fault::none || !truth.complete || truth.verdict != Verdict::unique) return std::nullopt;
        return truth.solutions.at(0);
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

std::optional<Failure> check(const Plugin& p, const Grid& puzzle, const Choices& choices, Context& ctx,
                             Steps steps = kSolving) {
    if (!p.supports(puzzle.geometry)) return std::nullopt;
    return Properties(p, puzzle, choices, ctx).run(steps);
}

// The properties a drawn generator call must have: every result certified
// by the host (valid; full for grids), each puzzle unique by an independent
// prover, the same results from a shorter run and from a later first_index.
corpus::GeneratorProperties generator_properties(np_generate_kind what) {
    corpus::GeneratorProperties expect;
    expect.valid = expect.deterministic = true;
    expect.full = what == NP_GENERATE_GRID;
    expect.unique = what == NP_GENERATE_PUZZLE;
    return expect;
}

// One drawn generator call, judged by the generator checker; `culprit` gets
// the result that breaks a property.
std::optional<Failure> check_generator(const Plugin& p, const judge::GeneratorCall& c, Context& ctx, Grid& culprit) {
    const judge::GeneratorJudgement g =
        truth::check_generator({p, c, generator_properties(c.what), ctx.prover_for(p.name()), nullptr, true}, ctx.run, ctx.budget);
    if (g.judgement.status != judge::Status::fail) return std::nullopt;
    if (g.culprit) culprit = *g.culprit;
    return Failure{std::string(judge::kind_name(g.judgement.kind)), judge::describe(c) + ": " + g.judgement.finding, 0,
                   std::nullopt, g.judgement.kind};
}

// The `proof` property of a drawn puzzle call, for a generator that proves:
// the call made again with proofs asked, each puzzle's proof of uniqueness
// must pass the checker. (That each is unique, by an independent prover,
// is the generator property's, judged first.)
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

// A generator failure as a corpus entry: the call that fails, with the
// properties it must have.
corpus::GeneratorEntry generator_entry(const std::string& plugin, const judge::GeneratorCall& c, uint64_t found_by) {
    corpus::GeneratorEntry e;
    e.plugin = plugin;
    e.what = c.what;
    e.size = c.size;
    e.seed = c.seed;
    e.count = static_cast<uint32_t>(c.first + c.count);
    e.id = "fuzz-" + plugin + "-generator-seed" + std::to_string(found_by);
    e.expect = generator_properties(c.what);
    e.source = "numplace fuzz --seed " + std::to_string(found_by) + ": " + plugin + " breaks a generator property";
    e.tags = {"regression", "fuzz", plugin};
    return e;
}

// Delta debugging: drop a block of givens and keep the drop when the same
// property still fails (for a puzzle with no solution too: the failure, not
// the verdict, is what must stay; a step, by the same check of the step
// checker). Blocks halve from half the givens down to
// one clue, so that a 25x25 puzzle needs a few hundred checks, not one per
// clue per pass; the last passes go clue by clue until none can go. Stops
// at `deadline` (each check may wait for a watchdog) or on cancel; the
// puzzle then is smaller, if not the smallest.
struct Shrunk {
    Grid puzzle;
    bool complete = true;  // every clue was tried
};

// `trial` fails as `failure` did: the same property, at the same step, by
// the same check of the step checker.
bool fails_the_same(const Plugin& p, const Grid& trial, const Choices& choices, const Failure& failure, Context& ctx) {
    auto f = check(p, trial, choices, ctx, {failure.first, failure.step});
    return f && f->property == failure.property && f->step == failure.step && f->check == failure.check;
}

// A finding on a large shape stays there through rapidcheck's shrinking
// (the shape is drawn first, and every later draw depends on it), and
// clues alone shrink a 25x25 to a 25x25 (issue 41: a plugin that says
// unique after one solution, shrunk to a 25x25 with 2 givens). So each
// smaller standard shape the plugin takes is tried, smallest first: its
// empty grid, a full grid of it, and that grid with the share of clues the
// puzzle has. The first that fails the same way is the puzzle to shrink
// clue by clue; nullopt when none does (or at `deadline`).
std::optional<Grid> smaller_shape(const Plugin& p, const Grid& puzzle, const Choices& choices, const Failure& failure,
                                  Context& ctx, std::chrono::steady_clock::time_point deadline) {
    const std::size_t givens = static_cast<std::size_t>(puzzle.given_count());
    const int percent = static_cast<int>(100 * givens / std::max<std::size_t>(1, puzzle.cells.size()));
    for (const Geometry& g : harness::standard_shapes()) {
        if (g.side() >= puzzle.side() || !p.supports(g)) continue;
        const Grid full = full_grid(g, choices.salt, ctx);
        Rng rng(choices.salt ^ 0x5851f42d4c957f2dull);
        for (const Grid& trial : {Grid(g), full, remove_clues(full, percent, rng)}) {
            if (std::chrono::steady_clock::now() >= deadline || (ctx.budget.cancel && ctx.budget.cancel->load()))
                return std::nullopt;
            if (fails_the_same(p, trial, choices, failure, ctx)) return trial;
        }
    }
    return std::nullopt;
}

Shrunk shrink(const Plugin& p, const Grid& puzzle, const Choices& choices, const Failure& failure, Context& ctx,
              std::chrono::steady_clock::time_point deadline) {
    Shrunk out{puzzle, true};
    auto still_fails = [&](const Grid& trial) { return fails_the_same(p, trial, choices, failure, ctx); };
    auto givens = [&] {
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i < out.puzzle.cells.size(); ++i)
            if (out.puzzle.cells[i] != 0) at.push_back(i);
        return at;
    };
    auto out_of_time = [&] {
        return std::chrono::steady_clock::now() >= deadline || (ctx.budget.cancel && ctx.budget.cancel->load());
    };
    for (std::size_t block = std::max<std::size_t>(1, givens().size() / 2);;) {
        bool changed = false;
        const auto at = givens();
        for (std::size_t start = 0; start < at.size(); start += block) {
            if (out_of_time()) {
                out.complete = false;
                return out;
            }
            Grid trial = out.puzzle;
            for (std::size_t k = start; k < std::min(at.size(), start + block); ++k) trial.cells[at[k]] = 0;
            if (still_fails(trial)) out.puzzle = trial, changed = true;
        }
        if (block > 1) block /= 2;
        else if (!changed) break;
    }
    return out;
}

std::optional<corpus::PuzzleEntry> entry_for(const Finding& f, Context& ctx) {
    const Plugin* prover = ctx.prover_for(f.plugin);
    if (!prover || !prover->supports(f.puzzle.geometry)) return std::nullopt;
    const SolveOutcome o = ctx.run.solve_one(*prover, f.puzzle, 2, {}, ctx.budget);
    corpus::PuzzleEntry e;
    e.id = "fuzz-" + f.plugin + "-" + f.property + "-seed" + std::to_string(f.seed);
    e.size = f.puzzle.geometry;
    e.text = format_line(f.puzzle);
    e.puzzle = f.puzzle;
    if (!obeys_rules(f.puzzle)) {
        auto v = first_violation(f.puzzle);
        e.expect.verdict = Verdict::invalid;
        corpus::ExpectedReason r;
        r.code = v->code, r.row = v->row, r.column = v->column, r.box = v->box, r.value = v->value;
        e.expect.reason = r;
    } else if (o.fault == Fault::none && (o.complete || o.verdict == Verdict::multiple)) {
        e.expect.verdict = o.verdict;
        if (o.verdict == Verdict::unique) e.expect.solution = o.solutions.at(0), e.expect.count = 1;
        else if (o.verdict == Verdict::none) e.expect.count = 0;
        else e.expect.count_at_least = 2;
        // A miscount, or a rejected proof of a count, is kept with the exact count, so that verify counts it.
        const bool counted = f.property == "count" || f.property == "proof";  // a proof may be of a count
        const auto exact = counted ? ctx.exact_count(f.plugin, f.puzzle) : std::nullopt;
        if (exact && o.verdict == Verdict::multiple) e.expect.count = exact->count, e.expect.count_at_least.reset();
    } else {
        return std::nullopt;  // the truth is not established
    }
    e.source = "numplace fuzz --seed " + std::to_string(f.seed) + ": " + f.plugin + " breaks " + f.property;
    e.tags = {"regression", "fuzz", f.plugin};
    return e;
}

// A step finding as a step regression entry (truth::step_regression), with
// the prover's truth; nullopt when the truth is not established.
std::optional<corpus::StepEntry> step_entry_for(const Finding& f, const BadStep& bad, Context& ctx) {
    auto e = truth::step_regression(bad, f.plugin, f.puzzle, ctx.prover_for(f.plugin), ctx.run, ctx.budget);
    if (!e) return std::nullopt;
    e->id = "fuzz-" + f.plugin + "-step-seed" + std::to_string(f.seed);
    e->source = "numplace fuzz --seed " + std::to_string(f.seed) + ": " + f.plugin +
                " takes a step that fails the step checker, explaining the puzzle in 'explained'";
    e->tags = {"regression", "fuzz", "step", f.plugin};
    return e;
}

// rapidcheck's own reporting stays off: the finding is reported by us.
struct Quiet : rc::detail::TestListener {
    void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
    void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
    void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// One drawn case: a puzzle for the solving properties, a call for the
// generators, and what the count property's puzzle is made from.
struct Drawn {
    Grid puzzle;
    Grid full;   // the full grid the puzzle comes from
    Grid clean;  // the puzzle before its damage (a wrong clue, a duplicate)
    Choices choices;
    judge::GeneratorCall call;
};

// At most this many solutions in the count property's puzzles: enough that
// a drawn limit (1 to twice this) falls below the count as well as above it,
// few enough that counting them all is cheap.
constexpr uint64_t kFewSolutions = 300;

// Findings are distinct by plugin, property, kind and whether a generator's.
bool same_failure(const Finding& a, const Finding& b) {
    return a.plugin == b.plugin && a.property == b.property && a.kind == b.kind &&
           a.generator.has_value() == b.generator.has_value();
}

// A run: rapidcheck's seeds one after another, each in four phases.
//   draw    rapidcheck draws a shape, a grid seed, a clue share, a damage,
//           a generator call and a count limit (so that rapidcheck can
//           shrink them);
//   judge   every tested plugin's solving properties, its count on a puzzle
//           with few solutions, then its generator; a failure the run has
//           found already (--keep-going) is passed over;
//   record  the first failure becomes the finding: while rapidcheck
//           shrinks, only a smaller case failing the same way replaces it;
//   shrink  the finding's puzzle, clue by clue (shrink() above).
class FuzzRun {
public:
    // `found` is the run's findings so far: failing the same way again is
    // not a new finding.
    FuzzRun(const Settings& s, Context& ctx, const std::vector<Finding>& found)
        : s_(s), ctx_(ctx), found_before_(found) {}

    // One pass over a seed's cases from case `from` (those before it passed
    // in an earlier pass over the same seed); the finding when one is new.
    std::optional<Finding> run_seed(uint64_t seed, uint64_t from, Result& result, std::string& error);
    // The case that failed in the last pass: where the next pass starts.
    uint64_t failing_case() const { return failing_case_; }

private:
    using Clock = std::chrono::steady_clock;

    // A failing case: the finding, and the failure shrinking must keep.
    struct Caught {
        Finding finding;
        Failure failure;
        Choices choices;
    };
    Drawn draw();
    std::optional<Grid> few_solutions(const Drawn& d);
    std::optional<Caught> judge_case(const Drawn& d);
    std::optional<Caught> generator_case(const Plugin& p, const Drawn& d);
    std::optional<Caught> new_failure(const Plugin& p, const Drawn& d, const std::optional<Failure>& f,
                                      const Grid& puzzle,
                                      std::optional<corpus::GeneratorEntry> generator = std::nullopt) const;
    bool record(Caught caught);
    void shrink_finding(Finding& f);
    // Past the first half of --shrink-seconds, rapidcheck's remaining
    // shrinking attempts pass at once: the rest is ours, clue by clue.
    bool rapidcheck_shrinking_over() const {
        return first_failure_ && Clock::now() >= *first_failure_ + shrink_budget() / 2;
    }
    Clock::duration shrink_budget() const {
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s_.shrink_seconds));
    }

    const Settings& s_;
    Context& ctx_;
    const std::vector<Finding>& found_before_;
    uint64_t seed_ = 0;
    uint64_t failing_case_ = 0;
    // The last failing case rapidcheck ran: after its shrinking, the smallest.
    std::optional<Finding> found_;
    Failure found_failure_;
    Choices found_choices_;
    std::optional<Clock::time_point> first_failure_;
};

Drawn FuzzRun::draw() {
    const auto& shapes = harness::standard_shapes();
    const Geometry g = s_.size ? *s_.size : *rc::gen::elementOf(shapes);
    const uint64_t grid_seed = *rc::gen::arbitrary<uint64_t>();
    Drawn d{Grid(g), Grid(g), Grid(g), {*rc::gen::arbitrary<uint64_t>(), 1}, {}};
    const int lowest = g.side() >= 16 ? 60 : 20;  // big grids keep more clues: the prover must finish
    const int percent = *rc::gen::inRange(lowest, 90);
    const int damage = *rc::gen::inRange(0, 3);  // none, a wrong clue, a duplicate given
    Rng rng(d.choices.salt ^ 0x9e3779b97f4a7c15ull);
    d.full = full_grid(g, grid_seed, ctx_);
    d.puzzle = d.clean = remove_clues(d.full, percent, rng);
    if (damage == 1) add_wrong_clue(d.puzzle, d.full, rng);
    if (damage == 2) add_duplicate(d.puzzle, rng);
    d.call.what = *rc::gen::inRange(0, 2) == 0 ? NP_GENERATE_GRID : NP_GENERATE_PUZZLE;
    d.call.size = g;
    d.call.seed = *rc::gen::inRange<uint64_t>(0, 1000);
    d.call.first = *rc::gen::inRange<uint64_t>(0, 8);
    d.call.count = *rc::gen::inRange<uint64_t>(1, 4);
    // Drawn last, so that the draws before it stay those of earlier versions.
    d.choices.limit = *rc::gen::inRange<uint64_t>(1, 2 * kFewSolutions + 1);
    return d;
}

// The count property's puzzle, on shapes up to 9x9 only: there counting is
// cheap, and so is shrinking a miscount (on 25x25, each step of shrinking
// counts a puzzle with many solutions: a miscount took all 60 seconds of
// --shrink-seconds). The clean puzzle when at most kFewSolutions solve it;
// else the full grid with as many of the clean puzzle's missing clues
// removed, in a random order, as keep the count that low (by bisection:
// removing clues never lowers the count). Made once per case with the oracle
// (or another counter): it only makes the puzzle, each plugin's count is
// judged against the exact count of a counter other than itself
// (Context::exact_count).
std::optional<Grid> FuzzRun::few_solutions(const Drawn& d) {
    const Plugin* counter = ctx_.counter_for("");
    if (d.full.side() > 9 || !counter || !counter->supports(d.full.geometry)) return std::nullopt;
    auto few = [&](const Grid& g) {
        const SolveOutcome o = ctx_.run.solve_one(*counter, g, kFewSolutions + 1, {}, ctx_.budget);
        return o.fault == Fault::none && o.complete;
    };
    if (few(d.clean)) return d.clean;
    std::vector<std::size_t> missing;
    for (std::size_t i = 0; i < d.clean.cells.size(); ++i)
        if (d.clean.cells[i] == 0) missing.push_back(i);
    Rng rng(d.choices.salt ^ 0x632be59bd9b4e019ull);
    rng.shuffle(missing.begin(), missing.end());
    auto without = [&](std::size_t k) {  // the full grid without the first k missing clues
        Grid g = d.full;
        for (std::size_t i = 0; i < k; ++i) g.cells[missing[i]] = 0;
        return g;
    };
    std::size_t lo = 0, hi = missing.size();  // few(without(lo)), not few(without(hi))
    while (hi - lo > 1) {
        const std::size_t mid = lo + (hi - lo) / 2;
        (few(without(mid)) ? lo : hi) = mid;
    }
    return without(lo);
}

// The solving properties first (most mistakes show there), then the count,
// then the generator's; the first new failure, or nullopt.
std::optional<FuzzRun::Caught> FuzzRun::judge_case(const Drawn& d) {
    std::optional<std::optional<Grid>> few;  // made once, for the first plugin that counts
    for (const Plugin& p : ctx_.tested) {
        if (p.can(NP_CAP_SOLVE))
            if (auto c = new_failure(p, d, check(p, d.puzzle, d.choices, ctx_), d.puzzle)) return c;
        if (p.can(NP_CAP_SOLVE) && p.can(NP_CAP_COUNT)) {
            if (!few) few = few_solutions(d);
            if (*few)
                if (auto c = new_failure(p, d, check(p, **few, d.choices, ctx_, kCounting), **few)) return c;
        }
        if (p.can(NP_CAP_SOLVE) && p.can(NP_CAP_PROOF) && ctx_.proof_bytes > 0)
            if (auto c = new_failure(p, d, check(p, d.puzzle, d.choices, ctx_, kProving), d.puzzle)) return c;
        if (p.can(NP_CAP_SOLVE) && p.can(NP_CAP_EXPLAIN))
            if (auto c = new_failure(p, d, check(p, d.puzzle, d.choices, ctx_, kExplaining), d.puzzle)) return c;
        if (p.can(NP_CAP_SOLVE) && p.can(NP_CAP_EXPLAIN))
            if (auto c = new_failure(p, d, check(p, d.puzzle, d.choices, ctx_, kRatings), d.puzzle)) return c;
        if (auto c = generator_case(p, d)) return c;
    }
    return std::nullopt;
}

// The drawn generator call, for a plugin that makes that kind of result.
std::optional<FuzzRun::Caught> FuzzRun::generator_case(const Plugin& p, const Drawn& d) {
    const bool generates = p.can(d.call.what == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE);
    if (!generates || !p.supports(d.call.size)) return std::nullopt;
    Grid culprit(d.call.size);
    auto f = check_generator(p, d.call, ctx_, culprit);
    if (!f) f = check_generated_proofs(p, d.call, ctx_, culprit);
    if (!f) return std::nullopt;
    return new_failure(p, d, f, culprit, generator_entry(p.name(), d.call, seed_));
}

// A failure of `puzzle` as a case to record; nullopt for none, or for one
// the run has found already (rapidcheck goes on past it).
std::optional<FuzzRun::Caught> FuzzRun::new_failure(const Plugin& p, const Drawn& d, const std::optional<Failure>& f,
                                                    const Grid& puzzle,
                                                    std::optional<corpus::GeneratorEntry> generator) const {
    if (!f) return std::nullopt;
    Caught c{Finding{}, *f, d.choices};
    c.finding.plugin = p.name();
    c.finding.seed = seed_;
    c.finding.property = f->property;
    c.finding.kind = f->kind;
    c.finding.message = f->message;
    c.finding.generator = std::move(generator);
    // A fault on a derived puzzle: that puzzle fails on its own, at the
    // first step, and is the one to shrink.
    c.finding.puzzle = f->derived ? *f->derived : puzzle;
    if (f->derived) c.failure.step = kAnswer, c.failure.derived.reset();
    for (const Finding& old : found_before_)
        if (same_failure(old, c.finding)) return std::nullopt;
    return c;
}

// Keeps a failing case as the finding. While rapidcheck shrinks, only the
// first failure counts (the same plugin, property, kind and kind of call):
// a smaller case that fails some other way is a different finding (false).
bool FuzzRun::record(Caught caught) {
    if (found_ && !same_failure(*found_, caught.finding)) return false;
    if (!first_failure_) first_failure_ = Clock::now();
    found_ = std::move(caught.finding);
    found_failure_ = caught.failure;
    found_choices_ = caught.choices;
    return true;
}

void FuzzRun::shrink_finding(Finding& f) {
    f.original = format_line(f.puzzle);
    if (f.generator) return;  // a generator's output is what the call made
    const Plugin* p = nullptr;
    for (const Plugin& q : ctx_.all)
        if (q.name() == f.plugin) p = &q;
    const auto deadline = std::max(*first_failure_ + shrink_budget(), Clock::now() + shrink_budget() / 4);
    // The tallies count the cases judged, not the steps of shrinking.
    const ProofTally tally = *ctx_.proofs;
    const StepTally step_tally = *ctx_.step_tally;
    const RatingTally rating_tally = *ctx_.rating_tally;
    // The same property on a smaller shape first, unless --size chose it.
    if (!s_.size)
        if (auto smaller = smaller_shape(*p, f.puzzle, found_choices_, found_failure_, ctx_, deadline))
            f.puzzle = *smaller;
    const Shrunk shrunk = shrink(*p, f.puzzle, found_choices_, found_failure_, ctx_, deadline);
    f.puzzle = shrunk.puzzle;
    f.shrunk_completely = shrunk.complete;
    std::optional<BadStep> bad;
    if (auto again = check(*p, f.puzzle, found_choices_, ctx_, {found_failure_.first, found_failure_.step}))
        f.message = again->message, bad = again->bad;
    if (bad) f.step_entry = step_entry_for(f, *bad, ctx_);
    if (!f.step_entry) f.entry = entry_for(f, ctx_);
    *ctx_.proofs = tally;
    *ctx_.step_tally = step_tally;
    *ctx_.rating_tally = rating_tally;
}

std::optional<Finding> FuzzRun::run_seed(uint64_t seed, uint64_t from, Result& result, std::string& error) {
    seed_ = seed;
    found_.reset();
    first_failure_.reset();
    uint64_t next_case = 0;  // counts the cases before this pass's first failure
    const auto property = [&] {
        if (rapidcheck_shrinking_over()) return;
        // rapidcheck draws each case from the seed and the case's number
        // alone, so skipping the cases judged before changes none after.
        if (!found_ && next_case < from) return void(++next_case);
        const uint64_t this_case = next_case;
        if (!found_) ++next_case;
        const Drawn d = draw();
        ++result.cases;
        auto caught = judge_case(d);
        if (!caught) return;
        const Finding& f = caught->finding;
        const std::string why = f.plugin + ": " + f.property + ": " + f.message;
        const bool first = !found_;
        if (!record(std::move(*caught))) return;
        if (first) failing_case_ = this_case;
        RC_FAIL(why);
    };
    rc::detail::TestParams params;
    params.seed = seed;
    params.maxSuccess = s_.cases_per_seed;
    params.maxSize = 100;
    rc::detail::TestMetadata metadata;
    metadata.id = "numplace-fuzz";
    std::unordered_map<std::string, rc::detail::Reproduce> reproduce;
    if (!s_.reproduce.empty()) {
        try {
            reproduce = rc::detail::configFromString(s_.reproduce).reproduce;
        } catch (const std::exception& e) {
            error = std::string("--reproduce: ") + e.what();
            return std::nullopt;
        }
    }
    Quiet quiet;
    const auto outcome = rc::detail::checkProperty(rc::detail::toProperty(property), metadata, params, quiet, reproduce);
    rc::detail::FailureResult failure;
    if (!outcome.match(failure) || !found_) return std::nullopt;
    rc::detail::Configuration config;
    config.reproduce[metadata.id] = failure.reproduce;
    found_->reproduce = rc::detail::configToString(config);
    // rapidcheck shrank the drawn values (the shape comes first, so a 16x16
    // stays one); the puzzle itself shrinks clue by clue here.
    shrink_finding(*found_);
    return std::move(found_);
}

// The plugins fuzz tests: those named, or by default every plugin that can
// solve or generate.
std::vector<Plugin> tested_plugins(const Settings& s, const std::vector<Plugin>& chosen) {
    std::vector<Plugin> tested;
    for (const auto& p : chosen)
        if (!s.harness.plugins.empty() || p.can(NP_CAP_SOLVE) || p.can(NP_CAP_GENERATE_GRID) ||
            p.can(NP_CAP_GENERATE_PUZZLE))
            tested.push_back(p);
    return tested;
}

// Two findings of one generator would have the same corpus id: a suffix
// keeps the ids of one --regressions file unique.
void keep_ids_unique(std::vector<Finding>& findings) {
    std::set<std::string> seen;
    for (Finding& f : findings) {
        std::string* id = f.generator    ? &f.generator->id
                          : f.step_entry ? &f.step_entry->id
                          : f.entry      ? &f.entry->id
                                         : nullptr;
        if (!id) continue;
        const std::string base = *id;
        for (int n = 2; !seen.insert(*id).second; ++n) *id = base + "-" + std::to_string(n);
    }
}

}  // namespace

std::optional<Result> run(const Settings& s, std::string& error) {
    const auto plugins = harness::load_plugins(s.harness, error);
    if (!plugins) return std::nullopt;
    const std::vector<Plugin> tested = tested_plugins(s, plugins->chosen);
    if (!s.rating_options.empty() && std::none_of(tested.begin(), tested.end(), [&](const Plugin& p) {
            return p.can(NP_CAP_EXPLAIN) && p.option_problem(s.rating_options, "solve").empty();
        })) {
        error = "--rating-option: no plugin under test explains with these options";
        return std::nullopt;
    }
    const Plugin* grid_source = nullptr;
    for (const auto& p : plugins->registry.plugins())
        if (p.can(NP_CAP_GENERATE_GRID) && grid_source == nullptr) grid_source = &p;
    auto runner = runner::make_runner(s.harness.runner);
    Context ctx{tested, plugins->oracle, plugins->registry.plugins(), grid_source, *runner, s.harness.budget()};
    ctx.settings = &s.harness;
    Result result;
    // Only the proof property asks for proofs.
    ctx.proof_bytes = std::exchange(ctx.budget.max_proof_bytes, 0);
    ctx.proofs = &result.proofs;
    ctx.deep = s.deep;
    ctx.rating_options = &s.rating_options;
    ctx.step_tally = &result.steps;
    ctx.rating_tally = &result.ratings;
    FuzzRun fuzz(s, ctx, result.findings);
    const Stopwatch clock;
    // After a finding, the same seed once more from the case that failed:
    // rapidcheck stops a seed at its first failure, and the cases after it
    // may fail some other way.
    bool again = false;
    for (uint64_t seed = s.seed;;) {
        if (s.harness.cancel && s.harness.cancel->load()) {
            result.interrupted = true;
            break;
        }
        if (!again) ++result.seeds;
        auto finding = fuzz.run_seed(seed, again ? fuzz.failing_case() : 0, result, error);
        if (!error.empty()) return std::nullopt;
        again = finding.has_value();
        if (finding) result.findings.push_back(std::move(*finding));
        else if (s.progress) s.progress(result.seeds, result.cases);
        if (result.findings.size() >= std::max<uint64_t>(1, s.keep_going) || !s.reproduce.empty()) break;
        if (s.seeds > 0 ? !again && result.seeds >= s.seeds : clock.seconds() >= s.seconds) break;
        if (!again) ++seed;
    }
    keep_ids_unique(result.findings);
    return result;
}

}  // namespace np::fuzz
