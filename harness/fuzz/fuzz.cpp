#include "fuzz.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <chrono>
#include <numeric>

#include "judge.hpp"
#include "numplace/certify.hpp"
#include "numplace/random.hpp"

namespace np::fuzz {

namespace {

using verify::NamedAnswer;

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

const Geometry kShapes[] = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}};

struct Context {
    const std::vector<Plugin>& tested;
    const Plugin* oracle;
    const Plugin* grid_source;  // a generator whose grids the host certifies
    runner::Runner& run;
    Budget budget;
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

bool conclusive(const SolveOutcome& o) {
    return o.fault == Fault::none &&
           (o.verdict == Verdict::multiple || o.verdict == Verdict::invalid ||
            ((o.verdict == Verdict::none || o.verdict == Verdict::unique) && o.complete));
}

std::optional<Failure> fault_failure(const SolveOutcome& o) {
    switch (o.fault) {
        case Fault::wrong: return Failure{"certificate", o.message};
        case Fault::malformed: return Failure{"contract", o.message};
        case Fault::crashed: return Failure{"crashed", o.message};
        case Fault::timed_out: return Failure{"timed-out", o.message};
        case Fault::out_of_memory: return Failure{"out-of-memory", o.message};
        case Fault::failed: return o.status == NP_UNSUPPORTED ? std::nullopt : std::optional<Failure>{{"contract", o.message}};
        default: return std::nullopt;
    }
}

// Every property for one plugin on one puzzle, in steps; stops after step
// `last`. `salt` fixes the random choices (which symmetry, which clue), so
// that a shrunk puzzle is judged the same way as the original.
std::optional<Failure> check(const Plugin& p, const Grid& puzzle, uint64_t salt, Context& ctx, int last = 5) {
    if (!p.supports(puzzle.geometry)) return std::nullopt;
    Rng rng(salt);
    auto solve = [&](const Grid& g) { return ctx.run.solve_one(p, g, 2, {}, ctx.budget); };
    // A fault on a derived puzzle is a failure of that puzzle alone.
    auto fault_at = [&](int step, const SolveOutcome& o, const Grid& given) -> std::optional<Failure> {
        auto f = fault_failure(o);
        if (!f) return std::nullopt;
        f->step = step;
        if (step > 0) f->derived = given;
        return f;
    };
    auto fail = [](int step, std::string property, std::string message) {
        return std::optional<Failure>{Failure{std::move(property), std::move(message), step, std::nullopt}};
    };
    const SolveOutcome out = solve(puzzle);
    if (auto f = fault_at(0, out, puzzle)) return f;
    if (!obeys_rules(puzzle)) {
        if (out.verdict != Verdict::invalid)
            return fail(0, "invalid", "duplicate givens, but it says " + std::string(verdict_name(out.verdict)));
        return std::nullopt;
    }
    if (last < 1) return std::nullopt;
    // Agreement with the oracle; certificates outrank claims.
    std::optional<SolveOutcome> oracle_out;
    if (ctx.oracle && ctx.oracle->supports(puzzle.geometry))
        oracle_out = ctx.run.solve_one(*ctx.oracle, puzzle, 2, {}, ctx.budget);
    const verify::Truth truth =
        verify::truth_from_answers({NamedAnswer{p.name(), &out}}, oracle_out ? &*oracle_out : nullptr,
                                   ctx.oracle ? ctx.oracle->name() : "");
    const verify::Judgement j = verify::judge_solve(out, truth, "agreement");
    if (j.status == verify::Status::fail) return fail(1, "agreement", j.finding);
    if (!conclusive(out) || last < 2) return std::nullopt;

    // A symmetry keeps the verdict and carries the solution along.
    const Symmetry s = random_symmetry(puzzle.geometry, rng);
    const Grid permuted = apply(s, puzzle);
    const SolveOutcome mapped = solve(permuted);
    if (auto f = fault_at(2, mapped, permuted)) return f;
    if (conclusive(mapped)) {
        if (mapped.verdict != out.verdict)
            return fail(2, "symmetry", "says " + std::string(verdict_name(out.verdict)) + ", but " +
                                           std::string(verdict_name(mapped.verdict)) +
                                           " for the same puzzle relabelled and permuted");
        if (out.verdict == Verdict::unique && apply(s, out.solutions.at(0)) != mapped.solutions.at(0))
            return fail(2, "symmetry", "the permuted puzzle's solution is not the permuted solution");
    }
    if (last < 3) return std::nullopt;
    std::vector<int> givens, empties;
    for (int i = 0; i < static_cast<int>(puzzle.cells.size()); ++i)
        (puzzle.cells[static_cast<std::size_t>(i)] ? givens : empties).push_back(i);
    // Adding a clue from the solution keeps a unique puzzle unique, same solution.
    if (out.verdict == Verdict::unique && !empties.empty()) {
        Grid more = puzzle;
        const int cell = empties[rng.below(empties.size())];
        more.cells[static_cast<std::size_t>(cell)] = out.solutions.at(0).cells[static_cast<std::size_t>(cell)];
        const SolveOutcome o = solve(more);
        if (auto f = fault_at(3, o, more)) return f;
        if (conclusive(o) && (o.verdict != Verdict::unique || o.solutions.at(0) != out.solutions.at(0)))
            return fail(3, "add-clue", "unique, but with one more clue from its solution it says " +
                                           std::string(verdict_name(o.verdict)));
    }
    if (last < 4) return std::nullopt;
    // Removing a clue never lowers the count.
    if (!givens.empty() && out.verdict != Verdict::none) {
        Grid fewer = puzzle;
        fewer.cells[static_cast<std::size_t>(givens[rng.below(givens.size())])] = 0;
        const SolveOutcome o = solve(fewer);
        if (auto f = fault_at(4, o, fewer)) return f;
        if (conclusive(o) && (o.verdict == Verdict::none || (out.verdict == Verdict::multiple && o.verdict != Verdict::multiple)))
            return fail(4, "remove-clue", std::string(verdict_name(out.verdict)) + ", but with one clue fewer it says " +
                                              std::string(verdict_name(o.verdict)));
    }
    if (last < 5) return std::nullopt;
    // A duplicate given makes it invalid.
    Grid broken = puzzle;
    if (add_duplicate(broken, rng)) {
        const SolveOutcome o = solve(broken);
        if (auto f = fault_at(5, o, broken)) return f;
        if (o.verdict != Verdict::invalid)
            return fail(5, "invalid", "a duplicate given, but it says " + std::string(verdict_name(o.verdict)));
    }
    return std::nullopt;
}

// The generator properties of verify, for one drawn call: every result is
// certified by the host (valid; full for grids); each puzzle is unique by
// the oracle's complete search; the same call again gives the same results
// (deterministic); a run of one from `first` gives the first of them
// (K-prefix) and one from `first + count - 1` the last (first_index).
struct GeneratorCall {
    np_generate_kind what = NP_GENERATE_GRID;
    Geometry size;
    uint64_t seed = 0, first = 0, count = 1;
};

std::string describe(const GeneratorCall& c) {
    return std::string(c.what == NP_GENERATE_GRID ? "grid" : "puzzle") + "s " + std::to_string(c.first) + " to " +
           std::to_string(c.first + c.count - 1) + " of seed " + std::to_string(c.seed) + " (" + c.size.name() + ")";
}

std::optional<Failure> check_generator(const Plugin& p, const GeneratorCall& c, Context& ctx, Grid& culprit) {
    auto generate = [&](uint64_t first, uint64_t count) {
        return ctx.run.generate(p, c.size, c.what, c.seed, first, count, {}, ctx.budget);
    };
    const GenerateOutcome all = generate(c.first, c.count);
    if (all.fault != Fault::none) {
        if (all.status == NP_UNSUPPORTED || all.status == NP_BAD_OPTION) return std::nullopt;
        SolveOutcome as_solve;  // the same fault kinds as a solve call
        as_solve.fault = all.fault, as_solve.status = all.status, as_solve.message = all.message;
        auto f = fault_failure(as_solve);
        if (f && (f->property == "certificate" || f->property == "contract")) f->property = "generator";
        if (f) f->message = describe(c) + ": " + f->message;
        return f;
    }
    if (all.results.size() < c.count) return std::nullopt;  // the budget ran out: nothing to judge
    const std::string what = describe(c);
    const GenerateOutcome again = generate(c.first, c.count);
    if (again.fault == Fault::none && again.results.size() == c.count)
        for (uint64_t i = 0; i < c.count; ++i)
            if (again.results[i] != all.results[i]) {
                culprit = all.results[i];
                return Failure{"generator", what + ": result " + std::to_string(c.first + i) +
                                                " differs when the same call is made again (not deterministic)"};
            }
    const GenerateOutcome head = generate(c.first, 1), last = generate(c.first + c.count - 1, 1);
    if (head.fault == Fault::none && head.results.size() == 1 && head.results[0] != all.results.front()) {
        culprit = all.results.front();
        return Failure{"generator", what + ": a run of one from " + std::to_string(c.first) + " differs from the run of " +
                                        std::to_string(c.count) + " (K-prefix)"};
    }
    if (last.fault == Fault::none && last.results.size() == 1 && last.results[0] != all.results.back()) {
        culprit = all.results.back();
        return Failure{"generator", what + ": result " + std::to_string(c.first + c.count - 1) +
                                        " asked with first_index differs from the run's"};
    }
    if (c.what != NP_GENERATE_PUZZLE || !ctx.oracle || ctx.oracle->name() == p.name() ||
        !ctx.oracle->supports(c.size))
        return std::nullopt;
    for (uint64_t i = 0; i < c.count; ++i) {
        const SolveOutcome o = ctx.run.solve_one(*ctx.oracle, all.results[i], 2, {}, ctx.budget);
        if (o.fault != Fault::none || (o.verdict != Verdict::multiple && !o.complete)) continue;
        if (o.verdict != Verdict::unique) {
            culprit = all.results[i];
            return Failure{"generator", what + ": result " + std::to_string(c.first + i) + " has " +
                                            (o.verdict == Verdict::multiple ? "more than one solution" : "no solution") +
                                            " (" + ctx.oracle->name() + ")"};
        }
    }
    return std::nullopt;
}

// A generator failure as a corpus entry: the call that fails, with the
// properties it must have.
corpus::GeneratorEntry generator_entry(const std::string& plugin, const GeneratorCall& c, uint64_t found_by) {
    corpus::GeneratorEntry e;
    e.plugin = plugin;
    e.what = c.what;
    e.size = c.size;
    e.seed = c.seed;
    e.count = static_cast<uint32_t>(c.first + c.count);
    e.id = "fuzz-" + plugin + "-generator-seed" + std::to_string(found_by);
    e.expect.valid = e.expect.deterministic = true;
    e.expect.full = c.what == NP_GENERATE_GRID;
    e.expect.unique = c.what == NP_GENERATE_PUZZLE;
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
    if (!ctx.oracle || !ctx.oracle->supports(f.puzzle.geometry)) return std::nullopt;
    const SolveOutcome o = ctx.run.solve_one(*ctx.oracle, f.puzzle, 2, {}, ctx.budget);
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

}  // namespace

std::optional<Result> run(const Settings& s, std::string& error) {
    PluginRegistry registry;
    registry.set_allow_insecure(s.allow_insecure_plugins);
    registry.add_standard_search_path(s.plugin_dirs);
    auto chosen = registry.select(s.plugins, error);
    if (!chosen) return std::nullopt;
    std::vector<Plugin> tested;  // by default every plugin that can solve
    for (const auto& p : *chosen)
        if (!s.plugins.empty() || p.can(NP_CAP_SOLVE) || p.can(NP_CAP_GENERATE_GRID) || p.can(NP_CAP_GENERATE_PUZZLE))
            tested.push_back(p);
    const Plugin* oracle = s.oracle.empty() ? nullptr : registry.find(s.oracle);
    if (!s.oracle.empty() && oracle == nullptr) {
        error = "the oracle '" + s.oracle + "' is not loaded (--oracle names it)";
        return std::nullopt;
    }
    const Plugin* grid_source = nullptr;
    for (const auto& p : registry.plugins())
        if (p.can(NP_CAP_GENERATE_GRID) && grid_source == nullptr) grid_source = &p;

    auto run = runner::make_runner(s.runner);
    Context ctx{tested, oracle, grid_source, *run, {}};
    ctx.budget.max_nodes = s.max_nodes;
    ctx.budget.timeout_seconds = s.timeout_seconds;
    ctx.budget.cancel = s.cancel;

    Result result;
    // The last failing case rapidcheck ran: after its shrinking, the smallest.
    std::optional<Finding> found;
    uint64_t found_salt = 0;
    Failure found_failure;
    uint64_t current_seed = s.seed;
    // rapidcheck draws the case; the properties run on every tested plugin.
    // Shrinking has --shrink-seconds from the first failure: rapidcheck's
    // shrinking of the drawn values the first half, ours clue by clue the
    // rest. Past the first half, rapidcheck's remaining attempts pass at once.
    using Clock = std::chrono::steady_clock;
    const auto shrink_budget = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s.shrink_seconds));
    std::optional<Clock::time_point> first_failure;
    auto note_failure = [&] {
        if (!first_failure) first_failure = Clock::now();
    };
    // While rapidcheck shrinks, only the first failure counts (the same
    // plugin, property and kind of call): a smaller case that fails some
    // other way is a different finding.
    auto same_failure = [&](const std::string& plugin, const std::string& property, bool generator) {
        return !found || (found->plugin == plugin && found->property == property && found->generator.has_value() == generator);
    };
    const auto property = [&] {
        if (first_failure && Clock::now() >= *first_failure + shrink_budget / 2) return;
        const Geometry g = s.size ? *s.size : *rc::gen::elementOf(std::vector<Geometry>(std::begin(kShapes), std::end(kShapes)));
        const uint64_t grid_seed = *rc::gen::arbitrary<uint64_t>();
        const uint64_t salt = *rc::gen::arbitrary<uint64_t>();
        const int lowest = g.side() >= 16 ? 60 : 20;  // big grids keep more clues: the oracle must finish
        const int percent = *rc::gen::inRange(lowest, 90);
        const int kind = *rc::gen::inRange(0, 3);
        Rng rng(salt ^ 0x9e3779b97f4a7c15ull);
        const Grid full = full_grid(g, grid_seed, ctx);
        Grid puzzle = remove_clues(full, percent, rng);
        if (kind == 1) add_wrong_clue(puzzle, full, rng);
        if (kind == 2) add_duplicate(puzzle, rng);
        ++result.cases;
        // One generator call per case, drawn here so that rapidcheck shrinks it.
        GeneratorCall call;
        call.what = *rc::gen::inRange(0, 2) == 0 ? NP_GENERATE_GRID : NP_GENERATE_PUZZLE;
        call.size = g;
        call.seed = *rc::gen::inRange<uint64_t>(0, 1000);
        call.first = *rc::gen::inRange<uint64_t>(0, 8);
        call.count = *rc::gen::inRange<uint64_t>(1, 4);
        for (const Plugin& p : tested) {
            // The solving properties first: most mistakes show there.
            if (p.can(NP_CAP_SOLVE)) {
                if (auto f = check(p, puzzle, salt, ctx)) {
                    if (!same_failure(p.name(), f->property, false)) return;
                    Finding finding;
                    finding.plugin = p.name();
                    finding.property = f->property;
                    finding.message = f->message;
                    // A fault on a derived puzzle: that puzzle fails on its own,
                    // at the first step, and is the one to shrink.
                    finding.puzzle = f->derived ? *f->derived : puzzle;
                    if (f->derived) f->step = 0, f->derived.reset();
                    finding.seed = current_seed;
                    found = std::move(finding);
                    found_failure = *f;
                    note_failure();
                    found_salt = salt;
                    RC_FAIL(p.name() + ": " + f->property + ": " + f->message);
                }
            }
            const bool generates = p.can(call.what == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE);
            Grid culprit(g);
            if (auto f = generates && p.supports(g) ? check_generator(p, call, ctx, culprit) : std::nullopt) {
                if (!same_failure(p.name(), f->property, true)) return;
                Finding finding;
                finding.plugin = p.name();
                finding.property = f->property;
                finding.message = f->message;
                finding.puzzle = culprit;
                finding.seed = current_seed;
                finding.generator = generator_entry(p.name(), call, current_seed);
                found = std::move(finding);
                note_failure();
                RC_FAIL(p.name() + ": " + f->property + ": " + f->message);
            }
        }
    };

    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    for (;; ++current_seed) {
        if (s.cancel && s.cancel->load()) {
            result.interrupted = true;
            break;
        }
        rc::detail::TestParams params;
        params.seed = current_seed;
        params.maxSuccess = s.cases_per_seed;
        params.maxSize = 100;
        rc::detail::TestMetadata metadata;
        metadata.id = "numplace-fuzz";
        std::unordered_map<std::string, rc::detail::Reproduce> reproduce;
        if (!s.reproduce.empty()) {
            try {
                reproduce = rc::detail::configFromString(s.reproduce).reproduce;
            } catch (const std::exception& e) {
                error = std::string("--reproduce: ") + e.what();
                return std::nullopt;
            }
        }
        Quiet quiet;
        const auto outcome = rc::detail::checkProperty(rc::detail::toProperty(property), metadata, params, quiet, reproduce);
        ++result.seeds;
        if (s.progress) s.progress(result.seeds, result.cases);
        rc::detail::FailureResult failure;
        if (outcome.match(failure) && found) {
            rc::detail::Configuration config;
            config.reproduce[metadata.id] = failure.reproduce;
            found->reproduce = rc::detail::configToString(config);
            // rapidcheck shrank the drawn values (the shape comes first, so a
            // 16x16 stays one); the puzzle itself shrinks clue by clue here.
            const uint64_t salt = found_salt;
            found->original = format_line(found->puzzle);
            if (!found->generator) {
                const Plugin* p = registry.find(found->plugin);
                const auto deadline = std::max(*first_failure + shrink_budget, Clock::now() + shrink_budget / 4);
                const auto shrunk = shrink(*p, found->puzzle, salt, found_failure, ctx, deadline);
                found->puzzle = shrunk.puzzle;
                found->shrunk_completely = shrunk.complete;
                if (auto again = check(*p, found->puzzle, salt, ctx, found_failure.step)) found->message = again->message;
                found->entry = entry_for(*found, ctx);
            }
            result.finding = std::move(found);
            break;
        }
        found.reset();
        first_failure.reset();
        if (!s.reproduce.empty()) break;
        if (s.seeds > 0 ? result.seeds >= s.seeds : elapsed() >= s.seconds) break;
    }
    return result;
}

}  // namespace np::fuzz
