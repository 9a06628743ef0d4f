#include "judge/steps.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <set>

#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "numplace/random.hpp"
#include "rating/techniques.hpp"

namespace np::judge {

namespace {

uint64_t all_values(int side) { return ((uint64_t{1} << side) - 1) << 1; }

std::string label(int cell, int side) { return cell_label(cell / side + 1, cell % side + 1); }

// "step 12 (x-wing 5 in r2,r8 / c3,c6: -5 r5c3)", and the state before it
// as a candidate line, so that the finding is reproducible from data.
std::string step_finding(std::size_t index, const Step& step, const StepState& before, const std::string& why) {
    return "step " + std::to_string(index + 1) + " (" + step_text(step, before.geometry()) + "): " + why +
           "; the candidates before it: " + format_candidates(before.grid());
}

Judgement step_failure(std::string finding) { return {Status::fail, Kind::step, std::move(finding)}; }

}  // namespace

Grid relaxed_state(const StepState& before, const Step& step) {
    const Geometry g = before.geometry();
    Grid relaxed(g);
    relaxed.variant = before.variant();  // the rules stay: only the state is relaxed
    relaxed.candidates.assign(static_cast<std::size_t>(g.cell_count()), all_values(g.side()));
    for (const Candidate& p : step.pattern) {
        auto& mask = relaxed.candidates[static_cast<std::size_t>(p.cell)];
        if (p.value == 0) {
            mask = before.mask(p.cell);
            relaxed.cells[static_cast<std::size_t>(p.cell)] = before.value(p.cell);
        } else if (!before.has(p.cell, p.value)) {
            mask &= ~(uint64_t{1} << p.value);
        }
    }
    return relaxed;
}

Grid forcing_puzzle(const Grid& state, const Candidate& effect, bool placement) {
    Grid forcing = state;
    if (forcing.candidates.empty())
        for (int i = 0; i < state.geometry.cell_count(); ++i) forcing.candidates.push_back(state.mask(i));
    auto& mask = forcing.candidates[static_cast<std::size_t>(effect.cell)];
    const uint64_t bit = uint64_t{1} << effect.value;
    mask = placement ? (mask & ~bit) : bit;
    // A placed cell keeps its value; the forcing is about empty ones.
    return forcing;
}

std::vector<std::size_t> sampled_steps(std::size_t count, const StepSample& sample) {
    std::vector<std::size_t> order(count);
    std::iota(order.begin(), order.end(), 0);
    if (sample.deep || count <= sample.steps) return order;
    Rng rng(sample.seed);
    for (std::size_t i = 0; i < sample.steps; ++i) std::swap(order[i], order[i + rng.below(count - i)]);
    order.resize(sample.steps);
    std::sort(order.begin(), order.end());
    return order;
}

std::vector<Effect> effects_of(const Step& step, const StepSample& sample) {
    std::vector<Effect> out;
    for (const Candidate& c : step.placements) out.push_back({c, true});
    for (const Candidate& c : step.eliminations) out.push_back({c, false});
    if (!sample.deep && out.size() > sample.effects) out.resize(sample.effects);
    return out;
}

Grid twin_puzzle(const Grid& base, const Grid& s, const Step& step) {
    Grid fixed = base;
    if (fixed.candidates.empty())
        for (int i = 0; i < base.geometry.cell_count(); ++i) fixed.candidates.push_back(base.mask(i));
    std::vector<bool> named(fixed.candidates.size(), false);
    for (const Candidate& p : step.pattern) named[static_cast<std::size_t>(p.cell)] = true;
    for (std::size_t c = 0; c < named.size(); ++c)
        if (!named[c] && fixed.cells[c] == 0) fixed.candidates[c] = uint64_t{1} << s.cells[c];
    return fixed;
}

Judgement not_entailed(std::size_t index, const Step& step, const StepState& before, const Effect& e,
                       const Grid& witness, const std::string& prover, bool by_pattern) {
    const std::string finds =
        prover + " finds the solution " + (step.assumes_unique ? "(without a twin in the pattern's cells) " : "");
    const std::string forced = (e.placement ? "without " : "with ") + std::string(1, value_symbol(e.candidate.value)) +
                               " at " + label(e.candidate.cell, before.side());
    if (!by_pattern)
        return step_failure(step_finding(index, step, before,
                                         "not entailed by the state: " + forced + ", " + finds + format_line(witness)));
    return step_failure(step_finding(index, step, before,
                                     "not entailed by its pattern (" + std::to_string(step.pattern.size()) +
                                         " entries): " + forced + " and every cell the pattern does not name "
                                         "open, " + finds + format_line(witness)));
}

std::optional<Judgement> unsound_step(const Grid& puzzle, const std::vector<Step>& steps,
                                      const std::optional<Grid>& solution, const SolveOutcome& answer) {
    StepState state(puzzle);
    const int side = puzzle.side();
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const Step& step = steps[i];
        if (solution) {
            for (const Candidate& e : step.eliminations)
                if (solution->cells[static_cast<std::size_t>(e.cell)] == e.value)
                    return step_failure(step_finding(i, step, state, "unsound: it eliminates " +
                                                                         std::string(1, value_symbol(e.value)) + " from " +
                                                                         label(e.cell, side) + ", the solution's value there"));
            for (const Candidate& p : step.placements)
                if (solution->cells[static_cast<std::size_t>(p.cell)] != p.value)
                    return step_failure(step_finding(
                        i, step, state,
                        "unsound: it places " + std::string(1, value_symbol(p.value)) + " in " + label(p.cell, side) +
                            ", where the solution has " +
                            std::string(1, value_symbol(solution->cells[static_cast<std::size_t>(p.cell)]))));
        }
        // A step is also named from the vocabulary and fits its technique's
        // shape (techniques.hpp): a rating reads its difficulty from the name.
        if (std::string why = misnamed_step(step, puzzle); !why.empty())
            return step_failure(step_finding(i, step, state, why));
        if (auto why = state.apply(step); !why.empty())  // the host certified it: cannot happen
            return step_failure("step " + std::to_string(i + 1) + ": " + why);
    }
    if (answer.verdict == Verdict::unique && solution && !state.solved())
        return step_failure("its answer is unique, but its " + std::to_string(steps.size()) +
                            " steps do not reach the solution; the candidates after them: " +
                            format_candidates(state.grid()));
    return std::nullopt;
}

std::optional<BadStep> bad_step(const Grid& puzzle, const std::vector<Step>& steps, const std::string& finding) {
    const std::string_view prefix = "step ";
    if (finding.rfind(prefix, 0) != 0) return std::nullopt;
    std::size_t k = 0, at = prefix.size();
    while (at < finding.size() && std::isdigit(static_cast<unsigned char>(finding[at])) && k <= steps.size())
        k = k * 10 + static_cast<std::size_t>(finding[at++] - '0');
    if (k == 0 || k > steps.size() || finding.compare(at, 2, " (") != 0) return std::nullopt;
    StepState state(puzzle);
    for (std::size_t i = 0; i + 1 < k; ++i)
        if (!state.apply(steps[i]).empty()) return std::nullopt;  // certified by the runner: cannot happen
    return BadStep{state.grid(), steps[k - 1]};
}

Grid regression_state(const BadStep& bad) {
    return std::get<Grid>(parse_candidates(format_candidates(bad.before), bad.before.geometry));
}

std::optional<corpus::StepEntry> step_entry(const BadStep& bad, const std::string& plugin, const Grid& explained,
                                            const Grid& state, const SolveOutcome& o) {
    if (o.fault != Fault::none || !(o.complete || o.verdict == Verdict::multiple)) return std::nullopt;
    corpus::StepEntry e;
    e.state = state;
    e.expect.verdict = o.verdict;
    if (o.verdict == Verdict::unique) e.expect.solution = o.solutions.at(0), e.expect.count = 1;
    else if (o.verdict == Verdict::none) e.expect.count = 0;
    else e.expect.count_at_least = 2;
    e.size = e.state.geometry;
    e.text = format_candidates(e.state);
    e.plugin = plugin;
    e.technique = bad.step.technique;
    e.step = step_text(bad.step, e.size);
    e.explained = explained.has_candidates() ? format_candidates(explained) : format_line(explained);
    return e;
}

}  // namespace np::judge

// ---- A step's name against its pattern -------------------------------------------

namespace np::judge {

std::string misnamed_step(const Step& step, const Geometry& shape) { return rating::technique_problem(step, shape); }

std::string misnamed_step(const Step& step, const Grid& puzzle) {
    return rating::technique_problem(step, puzzle.geometry, puzzle.variant.get());
}

}  // namespace np::judge
