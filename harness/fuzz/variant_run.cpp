// fuzz --variants' driver (variant_run.hpp): seeds one after another, each
// case drawn from a known solution (variant_draw.hpp), judged for every
// tested plugin that takes it (variant_properties.hpp), a failure shrunk
// (constraints, then negative rules, then givens, one at a time) and kept
// as a variant corpus entry with another engine's count.
#include "fuzz/variant_run.hpp"

#include <algorithm>
#include <chrono>

#include "fuzz/variant_draw.hpp"
#include "fuzz/variant_properties.hpp"
#include "numplace/clock.hpp"
#include "numplace/format.hpp"

namespace np::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

// A drawn case and what fixes its random choices.
struct Drawn {
    VariantCase c;
    uint64_t salt = 0;
};

class VariantRun {
public:
    VariantRun(const Settings& s, Context& ctx, const std::vector<Plugin>& tested, std::vector<Kind> kinds,
               Result& result)
        : s_(s), ctx_(ctx), tested_(tested), kinds_(std::move(kinds)), result_(result) {}

    void run();

private:
    std::optional<Drawn> draw(uint64_t seed, uint64_t index);
    std::vector<VariantShape> shapes_for(Kind focus) const;
    void judge(const Drawn& d, uint64_t seed);
    Puzzle shrink(const Plugin& p, Puzzle puzzle, const Grid& solution, uint64_t salt, const VariantFailure& f,
                  bool& complete);
    std::optional<corpus::PuzzleEntry> entry_for(const Finding& f, const Puzzle& culprit);
    bool found_already(const std::string& plugin, const std::string& property) const {
        return std::any_of(result_.findings.begin(), result_.findings.end(),
                           [&](const Finding& f) { return f.plugin == plugin && f.property == property; });
    }
    bool done() const {
        return result_.findings.size() >= std::max<uint64_t>(1, s_.keep_going) ||
               (s_.harness.cancel && s_.harness.cancel->load());
    }

    const Settings& s_;
    Context& ctx_;
    const std::vector<Plugin>& tested_;
    const std::vector<Kind> kinds_;
    Result& result_;
};

// The shapes a case about `focus` may take: those it fits that some tested
// plugin takes (its shape, its region layout and the kind).
std::vector<VariantShape> VariantRun::shapes_for(Kind focus) const {
    std::vector<VariantShape> out;
    for (const VariantShape& shape : variant_shapes()) {
        if (!kind_fits(focus, shape)) continue;
        // --size: that side only (and those boxes, for a layout of boxes).
        if (s_.size && (shape.side() != s_.size->side() ||
                        (shape.layout == RegionLayout::boxes && !(shape.boxes == *s_.size))))
            continue;
        const Geometry g = shape.layout == RegionLayout::boxes ? shape.boxes : Geometry{1, shape.side()};
        const auto layout_bit = NP_REGIONS_BIT(static_cast<int>(shape.layout));
        for (const Plugin& p : tested_)
            if (p.supports(g) && (p.kinds() & NP_KIND_BIT(static_cast<int>(focus))) &&
                (shape.layout == RegionLayout::boxes || (p.region_layouts() & layout_bit))) {
                out.push_back(shape);
                break;
            }
    }
    return out;
}

// Case `index` of `seed`: its focus kind in turn (so that a run covers
// every kind), up to two more kinds, a shape, a share of givens.
std::optional<Drawn> VariantRun::draw(uint64_t seed, uint64_t index) {
    Rng rng(derive_seed(seed, index));
    const Kind focus = kinds_[(seed * static_cast<uint64_t>(s_.cases_per_seed) + index) % kinds_.size()];
    const auto shapes = shapes_for(focus);
    if (shapes.empty()) return std::nullopt;
    const VariantShape shape = shapes[rng.below(shapes.size())];
    std::vector<Kind> kinds{focus};
    for (uint64_t extra = rng.below(3); extra > 0; --extra) {
        const Kind k = kinds_[rng.below(kinds_.size())];
        if (kind_fits(k, shape) && std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
    }
    // Up to 60% of the cells kept as givens; at least 20% on 9x9, where a
    // puzzle with a rare global kind and no given took both engines past
    // the 10 s per call (seed 21 before this).
    const int keep = (shape.side() >= 9 ? 20 : 0) + static_cast<int>(rng.below(shape.side() >= 9 ? 41 : 61));
    auto c = draw_variant(shape, kinds, keep, rng);
    if (!c) return std::nullopt;
    return Drawn{std::move(*c), rng.next()};
}

Puzzle VariantRun::shrink(const Plugin& p, Puzzle puzzle, const Grid& solution, uint64_t salt,
                          const VariantFailure& f, bool& complete) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(s_.shrink_seconds));
    const auto still = [&](const Puzzle& trial) {
        if (check_variant(trial, solution)) return false;  // a dropped marker the negative rule needed
        const auto again = check_variant_case(p, trial, solution, salt, ctx_, f.step);
        return again && again->property == f.property && again->step == f.step;
    };
    const auto try_drop = [&](auto& items, std::size_t i) {
        auto saved = items;
        items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
        if (still(puzzle)) return true;
        items = std::move(saved);
        return false;
    };
    complete = false;
    for (std::size_t i = puzzle.constraints.size(); i-- > 0;)
        if (Clock::now() < deadline) try_drop(puzzle.constraints, i);
    for (std::size_t i = puzzle.negative.size(); i-- > 0;)
        if (Clock::now() < deadline) try_drop(puzzle.negative, i);
    for (std::size_t i = 0; i < puzzle.grid.cells.size(); ++i) {
        if (Clock::now() >= deadline) return puzzle;
        if (puzzle.grid.cells[i] == 0) continue;
        const uint8_t given = std::exchange(puzzle.grid.cells[i], 0);
        if (!still(puzzle)) puzzle.grid.cells[i] = given;
    }
    complete = true;
    return puzzle;
}

// The culprit as a variant corpus entry: another engine's count of it.
std::optional<corpus::PuzzleEntry> VariantRun::entry_for(const Finding& f, const Puzzle& culprit) {
    const Grid grid = variant_grid(culprit);
    const Plugin* counter = variant_counter(ctx_, f.plugin, grid);
    if (!counter) return std::nullopt;
    const auto c = truth::count(*counter, grid, kVariantLimit, ctx_.run, ctx_.budget);
    if (!c || (!c->complete && c->count < kVariantLimit)) return std::nullopt;
    corpus::PuzzleEntry e;
    e.id = "fuzz-" + f.plugin + "-variant-" + f.property + "-seed" + std::to_string(f.seed);
    e.size = grid.geometry;
    e.text = format_line(grid);
    e.puzzle = grid;
    if (c->complete && c->count == 0) e.expect.verdict = Verdict::none, e.expect.count = 0;
    else if (c->complete && c->count == 1) e.expect.verdict = Verdict::unique, e.expect.solution = *c->first, e.expect.count = 1;
    else if (c->complete) e.expect.verdict = Verdict::multiple, e.expect.count = c->count;
    else e.expect.verdict = Verdict::multiple, e.expect.count_at_least = c->count;
    if (e.expect.solution) e.expect.solution->variant.reset();
    e.source = "numplace fuzz --variants --seed " + std::to_string(f.seed) + ": " + f.plugin + " breaks " +
               f.property + "; the expectation is " + counter->name() + "'s count";
    e.tags = {"regression", "fuzz", "variant", f.plugin};
    return e;
}

void VariantRun::judge(const Drawn& d, uint64_t seed) {
    VariantTally& t = result_.variants;
    ++t.puzzles;
    for (const Constraint& c : d.c.puzzle.constraints) ++t.kinds[static_cast<std::size_t>(c.kind)];
    const Grid grid = variant_grid(d.c.puzzle);
    for (const Plugin& p : tested_) {
        if (done()) return;
        if (!takes_puzzle(p, grid)) {
            ++t.skipped;
            continue;
        }
        const auto f = check_variant_case(p, d.c.puzzle, d.c.solution, d.salt, ctx_);
        if (!f || found_already(p.name(), f->property)) continue;
        const VariantTally before = t;  // shrinking's calls are not the cases'
        Finding finding;
        finding.plugin = p.name(), finding.property = f->property, finding.kind = f->kind;
        finding.seed = seed;
        finding.original = format_line(grid) + " with " + std::to_string(d.c.puzzle.constraints.size()) + " constraints";
        const Puzzle shrunk = shrink(p, d.c.puzzle, d.c.solution, d.salt, *f, finding.shrunk_completely);
        const auto again = check_variant_case(p, shrunk, d.c.solution, d.salt, ctx_, f->step);
        const VariantFailure& last = again ? *again : *f;
        finding.message = last.message;
        finding.puzzle = variant_grid(again ? shrunk : d.c.puzzle);
        finding.entry = entry_for(finding, last.copy ? *last.copy : (again ? shrunk : d.c.puzzle));
        t = before;
        result_.findings.push_back(std::move(finding));
    }
}

void VariantRun::run() {
    const Stopwatch clock;
    // --seconds is checked before each case (a seed's 20 cases on 9x9 may
    // take seconds); --seeds runs whole seeds, whatever the time.
    const auto out_of_time = [&] { return s_.seeds == 0 && clock.seconds() >= s_.seconds; };
    for (uint64_t seed = s_.seed;; ++seed) {
        ++result_.seeds;
        for (uint64_t i = 0; i < static_cast<uint64_t>(s_.cases_per_seed) && !done() && !out_of_time(); ++i) {
            ++result_.cases;
            if (auto d = draw(seed, i)) judge(*d, seed);
        }
        if (s_.harness.cancel && s_.harness.cancel->load()) result_.interrupted = true;
        if (done()) break;
        if (s_.progress) s_.progress(result_.seeds, result_.cases);
        if (s_.seeds > 0 ? result_.seeds >= s_.seeds : out_of_time()) break;
    }
}

}  // namespace

std::optional<std::string> run_variants(const Settings& s, Context& ctx, const std::vector<Plugin>& tested,
                                        Result& result) {
    uint64_t taken = 0;
    for (const Plugin& p : tested) taken |= p.kinds();
    std::vector<Kind> kinds = s.variant_kinds;
    if (kinds.empty())
        for (int k = 0; k < kKindCount; ++k)
            if (taken & NP_KIND_BIT(k)) kinds.push_back(static_cast<Kind>(k));
    kinds.erase(std::remove_if(kinds.begin(), kinds.end(),
                               [&](Kind k) { return !(taken & NP_KIND_BIT(static_cast<int>(k))); }),
                kinds.end());
    if (kinds.empty()) return std::string("--variants: no plugin under test takes ") +
                              (s.variant_kinds.empty() ? "any constraint kind" : "these kinds");
    if (s.size && std::none_of(variant_shapes().begin(), variant_shapes().end(),
                               [&](const VariantShape& v) { return v.side() == s.size->side(); }))
        return "--size: --variants draws 4x4, 6x6 and 9x9 grids only (--size 2x2, 2x3 or 3x3)";
    std::vector<Plugin> takers;
    for (const Plugin& p : tested)
        if (p.kinds() != 0) takers.push_back(p);
    ctx.variant_tally = &result.variants;
    VariantRun(s, ctx, takers, std::move(kinds), result).run();
    return std::nullopt;
}

}  // namespace np::fuzz
