#include "fuzz.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <chrono>
#include <numeric>

#include "generators.hpp"
#include "judge.hpp"
#include "numplace/certify.hpp"
#include "numplace/clock.hpp"
#include "numplace/random.hpp"
#include "setup.hpp"

namespace np::fuzz {

namespace {

using judge::NamedAnswer;

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

struct Case {
    Grid puzzle;
    std::string kind;  // "unique-ish" (clues removed), "wrong-clue", "duplicate"
    uint64_t salt = 0;
};

struct Context {
    const std::vector<Plugin>& tested;
    const Plugin* oracle;
    const std::vector<Plugin>& all;  // every loaded plugin: where provers come from
    const Plugin* grid_source;  // a generator whose grids the host certifies
    runner::Runner& run;
    Budget budget;

    // What settles a plugin's answers: the oracle, or another plugin when
    // the oracle is the one tested (a plugin is never judged by itself).
    const Plugin* prover_for(const std::string& plugin) const { return harness::prover_for(plugin, oracle, all); }
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

struct Failure {
    std::string property, message;
    // The step of check() that failed (0: the puzzle itself, 1: the oracle,
    // 2: a symmetry, 3: a clue added, 4: a clue removed, 5: a duplicate), so
    // that shrinking runs only up to it.
    int step = 0;
    // When the plugin itself failed (a fault, a wrong certificate) on a
    // puzzle derived at a later step: that puzzle, which fails on its own.
    std::optional<Grid> derived{};
};

using judge::conclusive;

// A fault (a wrong certificate, a malformed answer, a crash, a hang) as the
// judge names it; nullopt for none, or a puzzle the plugin declines.
std::optional<Failure> fault_failure(const SolveOutcome& o) {
    const auto j = judge::judge_fault(o.fault, o.status, o.message);
    if (!j || j->status != judge::Status::fail) return std::nullopt;
    return Failure{std::string(judge::kind_name(j->kind)), o.message};
}

// Every property for one plugin on one puzzle, in steps (Failure::step);
// `salt` fixes the random choices (which symmetry, which clue), so that a
// shrunk puzzle is judged the same way as the original. Each step returns
// false to stop: a failure (kept in failure_), or nothing more to judge.
class Properties {
public:
    Properties(const Plugin& p, const Grid& puzzle, uint64_t salt, Context& ctx)
        : p_(p), puzzle_(puzzle), rng_(salt), ctx_(ctx) {}

    // Steps 0 .. last, in order; the first failure.
    std::optional<Failure> run(int last) {
        using Step = bool (Properties::*)();
        static constexpr Step kSteps[] = {&Properties::answer,   &Properties::agreement,   &Properties::symmetry,
                                          &Properties::add_clue, &Properties::remove_clue, &Properties::duplicate};
        for (int step = 0; step <= last && step < 6; ++step)
            if (!(this->*kSteps[step])()) break;
        return failure_;
    }

private:
    SolveOutcome solve(const Grid& g) { return ctx_.run.solve_one(p_, g, 2, {}, ctx_.budget); }
    bool fail(int step, std::string property, std::string message) {
        failure_ = Failure{std::move(property), std::move(message), step, std::nullopt};
        return false;
    }
    // A fault ends the check: a failure when the judge calls it one (on a
    // derived puzzle, a failure of that puzzle alone), else nothing to judge
    // (a call the interrupt stopped, a puzzle the plugin declines).
    bool faulted(int step, const SolveOutcome& o, const Grid& given) {
        if (o.fault == Fault::none) return false;
        failure_ = fault_failure(o);
        if (failure_) failure_->step = step;
        if (failure_ && step > 0) failure_->derived = given;
        return true;
    }
    static std::string said(const SolveOutcome& o) { return std::string(verdict_name(o.verdict)); }

    // 0: the puzzle itself; duplicate givens must be called invalid.
    bool answer() {
        out_ = solve(puzzle_);
        if (faulted(0, out_, puzzle_)) return false;
        if (obeys_rules(puzzle_)) return true;
        if (out_.verdict != Verdict::invalid) return fail(0, "invalid", "duplicate givens, but it says " + said(out_));
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
        if (j.status == judge::Status::fail) return fail(1, "agreement", j.finding);
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
            return fail(2, "symmetry",
                        "says " + said(out_) + ", but " + said(mapped) + " for the same puzzle relabelled and permuted");
        if (out_.verdict == Verdict::unique && apply(s, out_.solutions.at(0)) != mapped.solutions.at(0))
            return fail(2, "symmetry", "the permuted puzzle's solution is not the permuted solution");
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
            return fail(3, "add-clue", "unique, but with one more clue from its solution it says " + said(o));
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
            return fail(4, "remove-clue", said(out_) + ", but with one clue fewer it says " + said(o));
        return true;
    }
    // 5: a duplicate given makes it invalid.
    bool duplicate() {
        Grid broken = puzzle_;
        if (!add_duplicate(broken, rng_)) return true;
        const SolveOutcome o = solve(broken);
        if (faulted(5, o, broken)) return false;
        if (o.verdict != Verdict::invalid) return fail(5, "invalid", "a duplicate given, but it says " + said(o));
        return true;
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
    Context& ctx_;
    SolveOutcome out_;
    std::optional<Failure> failure_;
};

std::optional<Failure> check(const Plugin& p, const Grid& puzzle, uint64_t salt, Context& ctx, int last = 5) {
    if (!p.supports(puzzle.geometry)) return std::nullopt;
    return Properties(p, puzzle, salt, ctx).run(last);
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
        judge::check_generator({p, c, generator_properties(c.what), ctx.prover_for(p.name()), true}, ctx.run, ctx.budget);
    if (g.judgement.status != judge::Status::fail) return std::nullopt;
    if (g.culprit) culprit = *g.culprit;
    return Failure{std::string(judge::kind_name(g.judgement.kind)), judge::describe(c) + ": " + g.judgement.finding};
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
// the verdict, is what must stay). Blocks halve from half the givens down to
// one clue, so that a 25x25 puzzle needs a few hundred checks, not one per
// clue per pass; the last passes go clue by clue until none can go. Stops
// at `deadline` (each check may wait for a watchdog) or on cancel; the
// puzzle then is smaller, if not the smallest.
struct Shrunk {
    Grid puzzle;
    bool complete = true;  // every clue was tried
};

Shrunk shrink(const Plugin& p, const Grid& puzzle, uint64_t salt, const Failure& failure, Context& ctx,
              std::chrono::steady_clock::time_point deadline) {
    Shrunk out{puzzle, true};
    auto still_fails = [&](const Grid& trial) {
        auto f = check(p, trial, salt, ctx, failure.step);
        return f && f->property == failure.property && f->step == failure.step;
    };
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
    } else {
        return std::nullopt;  // the truth is not established
    }
    e.source = "numplace fuzz --seed " + std::to_string(f.seed) + ": " + f.plugin + " breaks " + f.property;
    e.tags = {"regression", "fuzz", f.plugin};
    return e;
}

// rapidcheck's own reporting stays off: the finding is reported by us.
struct Quiet : rc::detail::TestListener {
    void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
    void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
    void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// One drawn case: a puzzle for the solving properties, a call for the
// generators.
struct Drawn {
    Grid puzzle;
    uint64_t salt = 0;  // fixes the properties' random choices
    judge::GeneratorCall call;
};

// A run: rapidcheck's seeds one after another, each in four phases.
//   draw    rapidcheck draws a shape, a grid seed, a clue share, a damage
//           and a generator call (so that rapidcheck can shrink them);
//   judge   every tested plugin's solving properties, then its generator;
//   record  the first failure becomes the finding: while rapidcheck
//           shrinks, only a smaller case failing the same way replaces it;
//   shrink  the finding's puzzle, clue by clue (shrink() above).
class FuzzRun {
public:
    FuzzRun(const Settings& s, Context& ctx) : s_(s), ctx_(ctx) {}

    // One seed's cases; the finding when one failed.
    std::optional<Finding> run_seed(uint64_t seed, Result& result, std::string& error);

private:
    using Clock = std::chrono::steady_clock;

    // A failing case: the finding, and the failure shrinking must keep.
    struct Caught {
        Finding finding;
        Failure failure;
        uint64_t salt = 0;
    };
    Drawn draw();
    std::optional<Caught> judge_case(const Drawn& d);
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
    uint64_t seed_ = 0;
    // The last failing case rapidcheck ran: after its shrinking, the smallest.
    std::optional<Finding> found_;
    Failure found_failure_;
    uint64_t found_salt_ = 0;
    std::optional<Clock::time_point> first_failure_;
};

Drawn FuzzRun::draw() {
    const auto& shapes = harness::standard_shapes();
    const Geometry g = s_.size ? *s_.size : *rc::gen::elementOf(shapes);
    const uint64_t grid_seed = *rc::gen::arbitrary<uint64_t>();
    Drawn d{Grid(g), *rc::gen::arbitrary<uint64_t>(), {}};
    const int lowest = g.side() >= 16 ? 60 : 20;  // big grids keep more clues: the prover must finish
    const int percent = *rc::gen::inRange(lowest, 90);
    const int damage = *rc::gen::inRange(0, 3);  // none, a wrong clue, a duplicate given
    Rng rng(d.salt ^ 0x9e3779b97f4a7c15ull);
    const Grid full = full_grid(g, grid_seed, ctx_);
    d.puzzle = remove_clues(full, percent, rng);
    if (damage == 1) add_wrong_clue(d.puzzle, full, rng);
    if (damage == 2) add_duplicate(d.puzzle, rng);
    d.call.what = *rc::gen::inRange(0, 2) == 0 ? NP_GENERATE_GRID : NP_GENERATE_PUZZLE;
    d.call.size = g;
    d.call.seed = *rc::gen::inRange<uint64_t>(0, 1000);
    d.call.first = *rc::gen::inRange<uint64_t>(0, 8);
    d.call.count = *rc::gen::inRange<uint64_t>(1, 4);
    return d;
}

// The solving properties first (most mistakes show there), then the
// generator's; the first failure found, or nullopt.
std::optional<FuzzRun::Caught> FuzzRun::judge_case(const Drawn& d) {
    for (const Plugin& p : ctx_.tested) {
        Caught c{Finding{}, Failure{}, d.salt};
        c.finding.plugin = p.name();
        c.finding.seed = seed_;
        if (p.can(NP_CAP_SOLVE))
            if (auto f = check(p, d.puzzle, d.salt, ctx_)) {
                // A fault on a derived puzzle: that puzzle fails on its own,
                // at the first step, and is the one to shrink.
                c.finding.puzzle = f->derived ? *f->derived : d.puzzle;
                if (f->derived) f->step = 0, f->derived.reset();
                c.failure = *f;
                c.finding.property = f->property;
                c.finding.message = f->message;
                return c;
            }
        const bool generates = p.can(d.call.what == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE);
        Grid culprit(d.call.size);
        if (auto f = generates && p.supports(d.call.size) ? check_generator(p, d.call, ctx_, culprit) : std::nullopt) {
            c.failure = *f;
            c.finding.property = f->property;
            c.finding.message = f->message;
            c.finding.puzzle = culprit;
            c.finding.generator = generator_entry(p.name(), d.call, seed_);
            return c;
        }
    }
    return std::nullopt;
}

// Keeps a failing case as the finding. While rapidcheck shrinks, only the
// first failure counts (the same plugin, property and kind of call): a
// smaller case that fails some other way is a different finding (false).
bool FuzzRun::record(Caught caught) {
    const Finding& f = caught.finding;
    if (found_ && (found_->plugin != f.plugin || found_->property != f.property ||
                   found_->generator.has_value() != f.generator.has_value()))
        return false;
    if (!first_failure_) first_failure_ = Clock::now();
    found_ = std::move(caught.finding);
    found_failure_ = caught.failure;
    found_salt_ = caught.salt;
    return true;
}

void FuzzRun::shrink_finding(Finding& f) {
    f.original = format_line(f.puzzle);
    if (f.generator) return;  // a generator's output is what the call made
    const Plugin* p = nullptr;
    for (const Plugin& q : ctx_.all)
        if (q.name() == f.plugin) p = &q;
    const auto deadline = std::max(*first_failure_ + shrink_budget(), Clock::now() + shrink_budget() / 4);
    const Shrunk shrunk = shrink(*p, f.puzzle, found_salt_, found_failure_, ctx_, deadline);
    f.puzzle = shrunk.puzzle;
    f.shrunk_completely = shrunk.complete;
    if (auto again = check(*p, f.puzzle, found_salt_, ctx_, found_failure_.step)) f.message = again->message;
    f.entry = entry_for(f, ctx_);
}

std::optional<Finding> FuzzRun::run_seed(uint64_t seed, Result& result, std::string& error) {
    seed_ = seed;
    found_.reset();
    first_failure_.reset();
    const auto property = [&] {
        if (rapidcheck_shrinking_over()) return;
        const Drawn d = draw();
        ++result.cases;
        auto caught = judge_case(d);
        if (!caught) return;
        const Finding& f = caught->finding;
        const std::string why = f.plugin + ": " + f.property + ": " + f.message;
        if (record(std::move(*caught))) RC_FAIL(why);
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

}  // namespace

std::optional<Result> run(const Settings& s, std::string& error) {
    const auto plugins = harness::load_plugins(s.harness, error);
    if (!plugins) return std::nullopt;
    const std::vector<Plugin> tested = tested_plugins(s, plugins->chosen);
    const Plugin* grid_source = nullptr;
    for (const auto& p : plugins->registry.plugins())
        if (p.can(NP_CAP_GENERATE_GRID) && grid_source == nullptr) grid_source = &p;
    auto runner = runner::make_runner(s.harness.runner);
    Context ctx{tested, plugins->oracle, plugins->registry.plugins(), grid_source, *runner, s.harness.budget()};
    FuzzRun fuzz(s, ctx);
    Result result;
    const Stopwatch clock;
    for (uint64_t seed = s.seed;; ++seed) {
        if (s.harness.cancel && s.harness.cancel->load()) {
            result.interrupted = true;
            break;
        }
        auto finding = fuzz.run_seed(seed, result, error);
        if (!error.empty()) return std::nullopt;
        ++result.seeds;
        if (s.progress) s.progress(result.seeds, result.cases);
        if (finding) {
            result.finding = std::move(finding);
            break;
        }
        if (!s.reproduce.empty()) break;
        if (s.seeds > 0 ? result.seeds >= s.seeds : clock.seconds() >= s.seconds) break;
    }
    return result;
}

}  // namespace np::fuzz
