// A chunk of units: the calls each unit needs (plan), run as batches per
// plugin (run_calls) through its thread's runner, then judged
// (harness/judge) into rows; what each row says of itself is row_words.cpp's.
#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "judge/generators.hpp"
#include "judge/judge.hpp"
#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "numplace/random.hpp"
#include "runner/runner.hpp"
#include "verify/sources.hpp"
#include "judge/steps.hpp"
#include "truth/entailment.hpp"
#include "truth/generators.hpp"
#include "truth/oracle.hpp"
#include "verify/units.hpp"
#include "verify/verify.hpp"

namespace np::verify {

using judge::contradictions;
using judge::judge_check;
using judge::judge_solve;
using judge::Judgement;
using judge::NamedAnswer;
using judge::truth_from_corpus;
using judge::Truth;

// ---- Running units -------------------------------------------------------------------

// A lane's batch stops when the run is interrupted or its deadline passed.
// (A deadline read just as its batch ended may stop the next batch early:
// that batch's calls are only sent again, and the rows do not change.)
void watch_lanes(std::vector<Lane>& lanes, bool interrupted) {
    const int64_t now = Lane::now_ns();
    for (Lane& lane : lanes) {
        int64_t deadline = lane.deadline_ns.load();
        if (interrupted || (deadline != 0 && now >= deadline && lane.deadline_ns.compare_exchange_strong(deadline, 0)))
            lane.stop.store(true);
    }
}

bool cancelled(const Context& ctx) {
    const std::atomic<bool>* flag = ctx.settings.harness.cancel;
    return flag != nullptr && flag->load(std::memory_order_relaxed);
}

namespace {

// One call a unit needs. A chunk's calls are grouped by plugin and sent as
// batches (a worker round trip costs more than a 17-clue solve).
struct Call {
    const Plugin* plugin = nullptr;
    bool check = false;
    const Grid* grid = nullptr;
    uint64_t limit = 2;
    uint64_t max_nodes = 0;  // Settings::nodes_for: the plugin's, the entry's or --max-nodes
    SolveOutcome solved;
    CheckOutcome checked;
    std::string not_run;  // why the call was not made (--max-timeouts); "" when it ran
    std::vector<Step> steps;  // a plugin that explains: its steps, certified by the runner
};

// A solve or count row: the answer as judged, --require-proofs applied, and
// its proof (absent when none was asked).
Row answer_row(const std::string& entry, const Plugin& plugin, const std::string& operation, const SolveOutcome& out,
               Judgement j, const Context& ctx) {
    if (ctx.settings.require_proofs && j.status == Status::pass)
        if (auto missing = judge::unproved(out, plugin.can(NP_CAP_PROOF))) j = *missing;
    Row r = row_for(entry, plugin.name(), operation, j);
    r.verdict = verdict_of(out);
    r.micros = out.stats.micros;
    r.claimed_micros = out.stats.claimed_micros;
    r.cpu_micros = out.stats.cpu_micros;
    r.proof = row_proof(out.proof);
    // The answer grid as this process received it: a certified witness, or
    // the one certification refused (shown, never believed).
    if (r.status == Status::fail && !out.solutions.empty()) r.shown_answer = out.solutions.front();
    else if (r.status == Status::fail && !out.refused.empty()) r.shown_answer = out.refused.front();
    return r;
}

// A stable seed from an entry's name: the same run samples the same steps.
uint64_t seed_of(const std::string& entry) {
    uint64_t h = 1469598103934665603ull;  // FNV-1a
    for (unsigned char c : entry) h = (h ^ c) * 1099511628211ull;
    return h;
}

// An answer from a plugin that explains is judged on its steps too
// (judge/steps.hpp): sound against the truth's solution, and a sample of
// them (all with --deep) entailed by the state and by their own pattern,
// asked of the oracle. A stuck explanation (unknown) is judged as well; so
// is a wrong answer, whose first unsound step, when it has one, is the
// finding: the cause rather than its consequence.
Judgement with_steps(const std::string& entry, const Call& call, const Grid& puzzle, const Truth& truth, Judgement j,
                     const Context& ctx, runner::Runner& run) {
    if (call.steps.empty() || call.solved.fault != Fault::none) return j;
    const std::optional<Grid> solution = truth.verdict == Verdict::unique ? truth.solution : std::nullopt;
    if (j.status == Status::fail && (j.kind == Kind::expectation || j.kind == Kind::disagreement)) {
        auto unsound = judge::unsound_step(puzzle, call.steps, solution, call.solved);
        return unsound ? *unsound : j;
    }
    if (j.status != Status::pass && j.status != Status::unknown) return j;
    judge::StepSample sample;
    sample.deep = ctx.settings.deep;
    sample.steps = ctx.settings.step_sample;
    sample.seed = seed_of(entry + "\n" + call.plugin->name());
    const Plugin* prover = harness::step_prover_for(call.plugin->name(), puzzle, ctx.oracle, ctx.plugins.registry.plugins());
    const truth::StepCheck check = truth::check_steps(puzzle, call.steps, solution, call.solved, prover, run,
                                                      ctx.budget, sample);
    return check.failure ? *check.failure : j;
}

// A failure worth a regression entry: not one whose own checked proof
// contradicts the truth (then the truth's source, or the checker, is what a
// person must look at: its finding says so).
bool regression_worthy(const Row& r, const SolveOutcome& out) {
    return r.status == Status::fail && out.proof.status != ProofStatus::checked;
}

// An entry id from a file name and line ("puzzles.txt:12" -> "puzzles.txt-12").
std::string clean_id(const std::string& id) {
    std::string clean;
    for (char c : id) clean += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '-';
    return clean;
}

corpus::PuzzleEntry regression_entry(const std::string& id, const Grid& puzzle, const Truth& truth,
                                     const std::string& source) {
    corpus::PuzzleEntry e;
    e.id = clean_id(id);
    e.size = puzzle.geometry;
    e.text = format_line(puzzle);
    e.puzzle = puzzle;
    e.expect.verdict = truth.verdict;
    if (truth.verdict == Verdict::unique) {
        e.expect.solution = truth.solution;
        e.expect.count = 1;
    } else if (truth.verdict == Verdict::none) {
        e.expect.count = 0;
    } else if (truth.verdict == Verdict::multiple) {
        if (truth.count) e.expect.count = truth.count;
        else e.expect.count_at_least = std::max<uint64_t>(truth.at_least, 2);
    } else if (truth.verdict == Verdict::invalid) {
        if (auto v = first_violation(puzzle)) {
            corpus::ExpectedReason r;
            r.code = v->code;
            r.row = v->row;
            r.column = v->column;
            r.box = v->box;
            r.value = v->value;
            e.expect.reason = r;
        }
    }
    e.source = source;
    e.tags = {"regression"};
    return e;
}

// A failure that is a bad step gets the step's regression entry
// (truth::step_regression: the state before it, its truth by the oracle) in
// place of the puzzle's, so that the regressions file pins the cause; when
// the oracle cannot settle the state, the puzzle's entry stays.
void step_regression(Row& r, const std::string& entry, const Call& call, const Context& ctx, runner::Runner& run) {
    if (r.status != Status::fail || r.kind != Kind::step) return;
    // A step entry's state is a candidate line, which holds no variant's
    // rules: a variant puzzle's entry stays whole.
    if (call.grid->is_variant()) return;
    const auto bad = judge::bad_step(*call.grid, call.steps, r.finding);
    if (!bad) return;
    auto e = truth::step_regression(*bad, r.plugin, *call.grid, ctx.oracle, run, ctx.budget);
    if (!e) return;
    e->id = clean_id(entry) + "-" + r.plugin + "-step";
    e->source = "numplace verify: " + entry + ": " + r.plugin +
                " takes a step that fails the step checker, explaining the puzzle in 'explained'";
    e->tags = {"regression", "step", r.plugin};
    r.step_regression = std::move(e);
    r.regression.reset();
}

// An entry with an exact count above 2 is counted by plugins that can count.
uint64_t limit_for(const corpus::PuzzleEntry& e, const Plugin& p) {
    return p.can(NP_CAP_COUNT) && e.expect.count.value_or(0) > 2 ? NP_UNLIMITED : 2;
}

std::vector<Row> judge_corpus_puzzle(const corpus::PuzzleEntry& e, const std::vector<Call>& calls, const Context& ctx,
                                     runner::Runner& run) {
    if (const Reason* reason = std::get_if<Reason>(&e.puzzle)) {
        // Text the host's parser refuses never reaches a plugin: the parser
        // itself is judged.
        const bool right = e.expect.reason && e.expect.reason->matches(*reason);
        Judgement j = right ? Judgement{Status::pass, Kind::none, ""}
                            : Judgement{Status::fail, Kind::expectation, "the parser says " + reason->message};
        Row r = row_for(e.id, "host", "parse", j);
        r.verdict = "invalid";
        return {r};
    }
    const Truth truth = truth_from_corpus(e.expect);
    std::vector<Row> rows;
    for (const Call& call : calls) {
        const std::string operation = call.limit == NP_UNLIMITED ? "count" : "solve";
        if (!call.not_run.empty()) {
            rows.push_back(not_run_row(e.id, call.plugin->name(), operation, call.not_run));
            continue;
        }
        const SolveOutcome& out = call.solved;
        const Judgement j = with_steps(e.id, call, *call.grid, truth, judge_solve(out, truth, Kind::expectation), ctx, run);
        Row r = answer_row(e.id, *call.plugin, operation, out, j, ctx);
        if (regression_worthy(r, out)) {
            corpus::PuzzleEntry copy = e;
            copy.tags.push_back("regression");
            r.regression = std::move(copy);
            step_regression(r, e.id, call, ctx, run);
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

// A step regression (corpus kind `step`): each plugin that explains, from
// the entry's candidate state. Its answer is judged against the state's
// truth, and every one of its steps is checked (--deep strength, whatever
// the answer: a plugin that gives up after a bad step is still caught), so
// that neither the recorded step nor any other failing one comes back.
std::vector<Row> judge_step_entry(const corpus::StepEntry& e, const std::vector<Call>& calls, const Context& ctx,
                                  runner::Runner& run) {
    const Truth truth = truth_from_corpus(e.expect);
    const std::optional<Grid> solution = truth.verdict == Verdict::unique ? truth.solution : std::nullopt;
    judge::StepSample every;
    every.deep = true;
    std::vector<Row> rows;
    for (const Call& call : calls) {
        if (!call.not_run.empty()) {
            rows.push_back(not_run_row(e.id, call.plugin->name(), "explain", call.not_run));
            continue;
        }
        const SolveOutcome& out = call.solved;
        Judgement j = judge_solve(out, truth, Kind::expectation);
        if (out.fault == Fault::none && j.status != Status::fail) {
            const truth::StepCheck check =
                truth::check_steps(e.state, call.steps, solution, out, ctx.oracle, run, ctx.budget, every);
            if (check.failure) j = *check.failure;
            if (check.failure && check.failure->finding.find(" (" + e.step + "): ") != std::string::npos)
                j.finding += " (the step this entry records, again)";
        }
        rows.push_back(answer_row(e.id, *call.plugin, "explain", out, j, ctx));
    }
    return rows;
}

// The solution that refutes answer `mine` of a failed row, when one is
// known and differs from its own: the truth's, else another plugin's
// certified one. Drawn beside the answer on the report page.
void add_refuting(Row& r, std::size_t mine, const std::vector<NamedAnswer>& answers, const Truth& truth) {
    if (r.status != Status::fail) return;
    const SolveOutcome& out = *answers[mine].outcome;
    const Grid* own = out.solutions.empty() ? nullptr : &out.solutions.front();
    auto differs = [&](const Grid& g) { return own == nullptr || !(g.cells == own->cells); };
    const Grid* truth_grid = truth.solution ? &*truth.solution : truth.witness ? &*truth.witness : nullptr;
    if (truth_grid != nullptr && differs(*truth_grid)) {
        r.shown_refuting = *truth_grid, r.refuting_source = truth.source.empty() ? "the truth" : truth.source;
        return;
    }
    for (std::size_t k = 0; k < answers.size(); ++k)
        for (const Grid& g : answers[k].outcome->solutions)
            if (k != mine && answers[k].outcome->fault == Fault::none && differs(g)) {
                r.shown_refuting = g, r.refuting_source = answers[k].plugin + "'s certified solution";
                return;
            }
}

// The calls come from plan(): every judged solver, then the oracle when it
// is not among them (truth::oracle_call); the truth is the batch's
// (truth::plain_truth).
std::vector<Row> judge_plain_puzzle(const Unit& u, const std::vector<Call>& calls, const Context& ctx,
                                    runner::Runner& run) {
    const Grid& grid = *u.grid;
    std::vector<NamedAnswer> answers;
    std::vector<const Call*> answered;  // answers[i]'s call
    std::vector<Row> not_run;  // judged plugins whose calls --max-timeouts kept back
    const SolveOutcome* oracle = nullptr;
    for (const Call& call : calls) {
        const bool judged = std::any_of(ctx.judged.begin(), ctx.judged.end(),
                                        [&](const Plugin& p) { return &p == call.plugin; });
        // A call not made is no answer: the truth comes from the others.
        if (!call.not_run.empty()) {
            if (judged) not_run.push_back(not_run_row(u.item.origin, call.plugin->name(), "solve", call.not_run));
            continue;
        }
        if (judged) {
            answers.push_back({call.plugin->name(), &call.solved});
            answered.push_back(&call);
        }
        if (truth::is_oracle(*call.plugin, ctx.oracle)) oracle = &call.solved;
    }
    const Truth truth = truth::plain_truth(grid, answers, oracle, ctx.oracle);
    std::vector<std::string> clashes(answers.size()), clash_parties(answers.size());
    if (!truth.established) clashes = contradictions(answers, &clash_parties);
    std::vector<Row> rows = std::move(not_run);
    for (std::size_t i = 0; i < answers.size(); ++i) {
        const SolveOutcome& out = *answers[i].outcome;
        Judgement j = judge_solve(out, truth, Kind::disagreement);
        if (j.status == Status::pass && !clashes[i].empty()) j = {Status::fail, Kind::disagreement, clashes[i]};
        j = with_steps(u.item.origin, *answered[i], grid, truth, j, ctx, run);
        Row r = answer_row(u.item.origin, *answered[i]->plugin, "solve", out, j, ctx);
        add_refuting(r, i, answers, truth);
        r.parties = truth.parties;
        if (!clash_parties[i].empty()) r.parties.push_back(clash_parties[i]);
        if (regression_worthy(r, out) && truth.established)
            r.regression = regression_entry(u.item.origin, grid, truth, "numplace verify: " + u.item.origin +
                                                                             "; truth from " + truth.source);
        if (regression_worthy(r, out)) step_regression(r, u.item.origin, *answered[i], ctx, run);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<Row> judge_grid_check(const corpus::GridCheckEntry& e, const std::vector<Call>& calls) {
    std::vector<Row> rows;
    for (const Call& call : calls) {
        if (!call.not_run.empty()) {
            rows.push_back(not_run_row(e.id, call.plugin->name(), "check", call.not_run));
            continue;
        }
        const CheckOutcome& out = call.checked;
        Row r = row_for(e.id, call.plugin->name(), "check", judge_check(out, e));
        r.verdict = out.fault != Fault::none ? "error" : out.violations.empty() ? "valid" : "not valid";
        rows.push_back(std::move(r));
    }
    return rows;
}

// The calls a unit needs (generators make theirs as they go).
std::vector<Call> plan(const Unit& u, const Context& ctx) {
    std::vector<Call> calls;
    const uint64_t entry_nodes = u.kind == Unit::Kind::corpus_puzzle ? u.puzzle->max_nodes : 0;
    auto solve = [&](const Plugin& p, const Grid& g, uint64_t limit) {
        Call c;
        c.plugin = &p;
        c.grid = &g;
        c.limit = limit;
        c.max_nodes = ctx.settings.harness.nodes_for(p, entry_nodes);
        calls.push_back(std::move(c));
    };
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle:
            if (const Grid* g = std::get_if<Grid>(&u.puzzle->puzzle))
                for (const Plugin& p : ctx.judged)
                    if (p.can(NP_CAP_SOLVE)) solve(p, *g, limit_for(*u.puzzle, p));
            break;
        case Unit::Kind::plain_puzzle:
            for (const Plugin& p : ctx.judged)
                if (p.can(NP_CAP_SOLVE)) solve(p, *u.grid, 2);
            // The oracle's call joins the batch, unless it is judged already.
            if (const auto oracle = truth::oracle_call(ctx.oracle, ctx.judged))
                solve(*oracle->plugin, *u.grid, oracle->limit);
            break;
        case Unit::Kind::grid_check:
            for (const Plugin& p : ctx.judged) {
                if (!p.can(NP_CAP_CHECK_GRID)) continue;
                Call c;
                c.plugin = &p;
                c.max_nodes = ctx.settings.harness.nodes_for(p);
                c.check = true;
                c.grid = &u.check->grid;
                calls.push_back(std::move(c));
            }
            break;
        case Unit::Kind::corpus_step:
            for (const Plugin& p : ctx.judged)
                if (p.can(NP_CAP_SOLVE) && p.can(NP_CAP_EXPLAIN)) solve(p, u.step->state, 2);
            break;
        case Unit::Kind::generator: break;
    }
    return calls;
}

// A generator unit, judged by the generator checker. The prover is the
// oracle unless the oracle is the generator itself; then another plugin.
Row run_generator(const GeneratorUnit& g, const Context& ctx, runner::Runner& run) {
    Row row;
    row.entry = g.id;
    row.plugin = g.plugin;
    row.operation = "generate";
    const Plugin* plugin = nullptr;
    for (const Plugin& p : ctx.judged)
        if (p.name() == g.plugin) plugin = &p;
    if (plugin == nullptr) {
        row.status = Status::skip;
        row.finding = g.plugin + " is not loaded";
        return row;
    }
    const Plugin* prover = harness::prover_for(g.plugin, ctx.oracle, ctx.plugins.registry.plugins());
    const Plugin* rater = nullptr;  // an order's: any loaded plugin, judged or not
    if (g.call.order)
        for (const Plugin& p : ctx.plugins.registry.plugins())
            if (p.name() == g.call.order->rater) rater = &p;
    judge::GeneratorCheck check{*plugin, g.call, g.expect, prover, rater, g.sweep, {}};
    for (const Plugin& p : ctx.plugins.registry.plugins())
        if (p.can(NP_CAP_SOLVE) && p.can(NP_CAP_PROVE_UNIQUE)) check.other_provers.push_back(&p);
    const judge::GeneratorJudgement j = truth::check_generator(check, run, ctx.budget);
    row.status = j.judgement.status;
    row.kind = j.judgement.kind;
    row.finding = j.judgement.finding;
    row.verdict = j.verdict;
    row.micros = j.micros;
    if (j.proof) row.proof = row_proof(*j.proof);
    if (row.status == Status::fail && j.culprit) row.shown_puzzle = j.culprit;
    return row;
}

std::vector<Row> judge_unit(const Unit& u, const std::vector<Call>& calls, const Context& ctx, runner::Runner& run) {
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle: return judge_corpus_puzzle(*u.puzzle, calls, ctx, run);
        case Unit::Kind::plain_puzzle: return judge_plain_puzzle(u, calls, ctx, run);
        case Unit::Kind::grid_check: return judge_grid_check(*u.check, calls);
        case Unit::Kind::corpus_step: return judge_step_entry(*u.step, calls, ctx, run);
        case Unit::Kind::generator: break;
    }
    return {};
}

// One batch of calls (one plugin, kind and limit) through the runner.
// Returns how many of them timed out.
std::size_t run_batch(const std::vector<Call*>& batch, runner::Runner& run, const Budget& budget) {
    const Call& first = *batch.front();
    std::vector<const Grid*> grids;
    for (const Call* c : batch) grids.push_back(c->grid);
    std::size_t timed_out = 0;
    if (first.check) {
        auto out = run.check(*first.plugin, grids, {}, budget);
        for (std::size_t k = 0; k < batch.size(); ++k) {
            timed_out += out[k].fault == Fault::timed_out;
            batch[k]->checked = std::move(out[k]);
        }
    } else {
        // A plugin that explains is asked to: its steps come certified
        // against the state, and are judged with its answer (with_steps).
        runner::ItemStepSink steps;
        if (first.plugin->can(NP_CAP_EXPLAIN)) {
            for (Call* c : batch) c->steps.clear();
            steps = [&batch](std::size_t k, const Step& step) { return batch[k]->steps.push_back(step), true; };
        }
        auto out = run.solve(*first.plugin, grids, first.limit, {}, budget, {}, steps);
        for (std::size_t k = 0; k < batch.size(); ++k) {
            timed_out += out[k].fault == Fault::timed_out;
            batch[k]->solved = std::move(out[k]);
        }
    }
    return timed_out;
}

// A call of a batch that its lane's stop flag cut off: the runner gave it
// back unanswered.
// Told by the runner's own mark, never by the message: a worker's stderr
// or a plugin's words must not decide whether a call is run again (issue
// 40: a plugin that printed one line had its cut calls skipped, and the
// run ended green).
bool cut_off(const Call& c) { return c.check ? c.checked.cut : c.solved.cut; }

// A solve call that answered "unknown" because its budget ran out.
bool stopped_by_budget(const Call& c) {
    return !c.check && c.solved.fault == Fault::none && c.solved.verdict == Verdict::unknown && c.solved.stop == NP_STOP_BUDGET;
}

// A group's calls under --max-timeouts. A batch may hold more calls than it
// may time out (its allowance: batches are what make workers cheap); it
// then runs under a deadline of allowance x (timeout + grace), since each
// timeout costs that much. A batch cut by its deadline is sent again in
// batches no larger than the allowance, which need no deadline. Once the
// plugin has timed out K times, the calls left are not made.
void run_group(const std::vector<Call*>& group, Lane& lane, const Context& ctx) {
    const std::string& plugin = group.front()->plugin->name();
    const double per_timeout = ctx.budget.timeout_seconds + ctx.settings.harness.runner.grace_seconds;
    Budget budget = ctx.budget;
    budget.max_nodes = group.front()->max_nodes;
    if (ctx.bound.active()) budget.cancel = &lane.stop;  // watch_lanes passes an interrupt on
    std::vector<Call*> pending = group;
    bool cut = false;
    while (!pending.empty() && !cancelled(ctx)) {
        const std::size_t allowance = ctx.bound.take(plugin, pending.size());
        if (allowance == 0) {
            for (Call* c : pending) c->not_run = ctx.bound.reason(plugin);
            return;
        }
        const std::size_t n = cut ? allowance : pending.size();
        const std::vector<Call*> batch(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(n));
        lane.arm(n > allowance ? static_cast<double>(allowance) * per_timeout : 0);
        const std::size_t timed_out = run_batch(batch, *lane.run, budget);
        lane.disarm();
        ctx.bound.give_back(plugin, allowance, timed_out);
        // The batch's own deadline stopped the call in hand, which may have
        // answered with what it had (a budget stop): that is this run's
        // scheduling, not the plugin's answer, so it goes again too.
        const bool deadline_hit = n > allowance && lane.stop.load();
        std::vector<Call*> again;
        for (Call* c : batch)
            if ((cut_off(*c) || (deadline_hit && stopped_by_budget(*c))) && !cancelled(ctx)) again.push_back(c);
        cut = cut || !again.empty();
        again.insert(again.end(), pending.begin() + static_cast<std::ptrdiff_t>(n), pending.end());
        pending = std::move(again);
    }
}

// Runs a chunk's calls grouped by plugin, kind, limit and budget, in batches.
void run_calls(std::vector<Call*>& calls, Lane& lane, const Context& ctx) {
    std::vector<bool> done(calls.size(), false);
    for (std::size_t i = 0; i < calls.size(); ++i) {
        if (done[i]) continue;
        std::vector<Call*> group;
        for (std::size_t k = i; k < calls.size(); ++k)
            if (!done[k] && calls[k]->plugin == calls[i]->plugin && calls[k]->check == calls[i]->check &&
                calls[k]->limit == calls[i]->limit && calls[k]->max_nodes == calls[i]->max_nodes) {
                group.push_back(calls[k]);
                done[k] = true;
            }
        run_group(group, lane, ctx);
    }
}

// A generator unit counts as one call of its plugin for --max-timeouts.
Row run_generator_bounded(const GeneratorUnit& g, const Context& ctx, runner::Runner& run) {
    if (ctx.bound.take(g.plugin, 1) == 0) return not_run_row(g.id, g.plugin, "generate", ctx.bound.reason(g.plugin));
    Row row = run_generator(g, ctx, run);
    ctx.bound.give_back(g.plugin, 1, row.kind == Kind::timed_out ? 1 : 0);
    return row;
}

}  // namespace

// One chunk: its calls planned and run as batches, then judged.
void run_chunk(Chunk& chunk, const Context& ctx, Lane& lane) {
    std::vector<std::vector<Call>> calls(chunk.units.size());
    std::vector<Call*> flat;
    for (std::size_t k = 0; k < chunk.units.size(); ++k) {
        calls[k] = plan(chunk.units[k], ctx);
        for (Call& c : calls[k]) flat.push_back(&c);
    }
    run_calls(flat, lane, ctx);
    for (std::size_t k = 0; k < chunk.units.size(); ++k) {
        const Unit& unit = chunk.units[k];
        auto rows = unit.kind == Unit::Kind::generator ? std::vector<Row>{run_generator_bounded(unit.generator, ctx, *lane.run)}
                                                       : judge_unit(unit, calls[k], ctx, *lane.run);
        if (cancelled(ctx)) return;
        for (auto& r : rows) r.unit = chunk.index[k];
        describe(rows, unit, ctx);
        chunk.rows[k] = std::move(rows);
    }
}

uint64_t rows_of(const Unit& u, const std::vector<Plugin>& judged) {
    auto able = [&](np_capability capability) {
        return static_cast<uint64_t>(std::count_if(judged.begin(), judged.end(), [&](const Plugin& p) { return p.can(capability); }));
    };
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle: return std::holds_alternative<Reason>(u.puzzle->puzzle) ? 1 : able(NP_CAP_SOLVE);
        case Unit::Kind::plain_puzzle: return able(NP_CAP_SOLVE);
        case Unit::Kind::grid_check: return able(NP_CAP_CHECK_GRID);
        case Unit::Kind::generator: return 1;
        case Unit::Kind::corpus_step:
            return static_cast<uint64_t>(std::count_if(judged.begin(), judged.end(), [](const Plugin& p) {
                return p.can(NP_CAP_SOLVE) && p.can(NP_CAP_EXPLAIN);
            }));
    }
    return 0;
}

}  // namespace np::verify
