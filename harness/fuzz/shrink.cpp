// Shrinking a finding's puzzle (shrink.hpp): each check runs the failing
// property again, up to the step that failed.
#include "fuzz/shrink.hpp"

#include <algorithm>

#include "fuzz/damage.hpp"
#include "setup/setup.hpp"

namespace np::fuzz {

namespace {

// `trial` fails as `failure` did: the same property, at the same step, by
// the same check of the step checker.
bool fails_the_same(const Plugin& p, const Grid& trial, const Choices& choices, const Failure& failure, Context& ctx) {
    auto f = check(p, trial, choices, ctx, {failure.first, failure.step});
    return f && f->property == failure.property && f->step == failure.step && f->check == failure.check;
}

}  // namespace

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

}  // namespace np::fuzz
