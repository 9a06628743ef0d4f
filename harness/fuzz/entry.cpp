// Corpus entries made from findings (entry.hpp).
#include "fuzz/entry.hpp"

#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "fuzz/properties.hpp"

namespace np::fuzz {

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

std::optional<corpus::PuzzleEntry> entry_for(const Finding& f, Context& ctx) {
    // The prover's answer alone: the entry states what its complete search found.
    const truth::Asked asked = truth::ask_oracle(ctx.prover_for(f.plugin), f.puzzle, {}, ctx.run, ctx.budget);
    if (!asked.answer) return std::nullopt;  // no prover for the shape
    const SolveOutcome& o = *asked.answer;
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

std::optional<corpus::StepEntry> step_entry_for(const Finding& f, const judge::BadStep& bad, Context& ctx) {
    auto e = truth::step_regression(bad, f.plugin, f.puzzle, ctx.prover_for(f.plugin), ctx.run, ctx.budget);
    if (!e) return std::nullopt;
    e->id = "fuzz-" + f.plugin + "-step-seed" + std::to_string(f.seed);
    e->source = "numplace fuzz --seed " + std::to_string(f.seed) + ": " + f.plugin +
                " takes a step that fails the step checker, explaining the puzzle in 'explained'";
    e->tags = {"regression", "fuzz", "step", f.plugin};
    return e;
}

}  // namespace np::fuzz
