// numplace fuzz's driver (fuzz.hpp): rapidcheck's seeds one after another,
// each case drawn, judged by the properties (properties.hpp), the first
// failure recorded and shrunk (shrink.hpp), and kept with its corpus entry
// (entry.hpp).
#include "fuzz/fuzz.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <utility>

#include "fuzz/context.hpp"
#include "fuzz/damage.hpp"
#include "fuzz/entry.hpp"
#include "judge/generators.hpp"
#include "judge/judge.hpp"
#include "numplace/clock.hpp"
#include "numplace/format.hpp"
#include "numplace/random.hpp"
#include "fuzz/properties.hpp"
#include "setup/setup.hpp"
#include "fuzz/shrink.hpp"
#include "fuzz/variant_run.hpp"
#include "judge/steps.hpp"

namespace np::fuzz {

namespace {

using judge::BadStep;

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
//   shrink  the finding's puzzle, clue by clue (shrink.hpp).
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
        const auto c = truth::count(*counter, g, kFewSolutions + 1, ctx_.run, ctx_.budget);
        return c && c->complete;
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
    if (s.variants) {  // variant cases only: the classic run stays as it was without the flag
        if (auto why = run_variants(s, ctx, tested, result)) return error = *why, std::nullopt;
        keep_ids_unique(result.findings);
        return result;
    }
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
