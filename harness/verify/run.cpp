// verify's runner side: the calls each unit needs (plan), run as batches
// per plugin (run_calls) across -j threads, each thread with a runner of its
// own; then judged (harness/judge) into rows, in unit order.
#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "generators.hpp"
#include "judge.hpp"
#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "numplace/random.hpp"
#include "runner.hpp"
#include "sources.hpp"
#include "verify.hpp"

namespace np::verify {

using judge::contradictions;
using judge::judge_check;
using judge::judge_solve;
using judge::Judgement;
using judge::NamedAnswer;
using judge::truth_from_answers;
using judge::truth_from_corpus;
using judge::Truth;

namespace {

// ---- Running units -------------------------------------------------------------------

struct Context {
    const Settings& settings;
    const harness::Plugins& plugins;
    const std::vector<Plugin>& judged;
    const Plugin* oracle;
    Budget budget;
};

bool cancelled(const Context& ctx) {
    const std::atomic<bool>* flag = ctx.settings.harness.cancel;
    return flag != nullptr && flag->load(std::memory_order_relaxed);
}

// One call a unit needs. A chunk's calls are grouped by plugin and sent as
// batches (a worker round trip costs more than a 17-clue solve).
struct Call {
    const Plugin* plugin = nullptr;
    bool check = false;
    const Grid* grid = nullptr;
    uint64_t limit = 2;
    SolveOutcome solved;
    CheckOutcome checked;
};

Row row_for(const std::string& entry, const std::string& plugin, const std::string& operation, const Judgement& j) {
    Row r;
    r.entry = entry;
    r.plugin = plugin;
    r.operation = operation;
    r.status = j.status;
    r.kind = j.kind;
    r.finding = j.finding;
    return r;
}

std::string verdict_of(const SolveOutcome& out) {
    if (out.fault != Fault::none) return "error";
    std::string v(verdict_name(out.verdict));
    if (out.count > 2 || (out.verdict == Verdict::multiple && out.complete)) v += " (" + std::to_string(out.count) + (out.complete ? ")" : "+)");
    return v;
}

corpus::PuzzleEntry regression_entry(const std::string& id, const Grid& puzzle, const Truth& truth,
                                     const std::string& source) {
    corpus::PuzzleEntry e;
    std::string clean;
    for (char c : id) clean += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '-';
    e.id = clean;
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

// An entry with an exact count above 2 is counted by plugins that can count.
uint64_t limit_for(const corpus::PuzzleEntry& e, const Plugin& p) {
    return p.can(NP_CAP_COUNT) && e.expect.count.value_or(0) > 2 ? NP_UNLIMITED : 2;
}

std::vector<Row> judge_corpus_puzzle(const corpus::PuzzleEntry& e, const std::vector<Call>& calls) {
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
        const SolveOutcome& out = call.solved;
        Row r = row_for(e.id, call.plugin->name(), call.limit == NP_UNLIMITED ? "count" : "solve",
                        judge_solve(out, truth, Kind::expectation));
        r.verdict = verdict_of(out);
        r.micros = out.stats.micros;
        if (r.status == Status::fail) {
            corpus::PuzzleEntry copy = e;
            copy.tags.push_back("regression");
            r.regression = std::move(copy);
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

// The calls come from plan(): every judged solver, then the oracle when it
// is not among them.
std::vector<Row> judge_plain_puzzle(const Unit& u, const std::vector<Call>& calls, const Context& ctx) {
    const Grid& grid = *u.grid;
    std::vector<NamedAnswer> answers;
    const SolveOutcome* oracle = nullptr;
    for (const Call& call : calls) {
        const bool judged = std::any_of(ctx.judged.begin(), ctx.judged.end(),
                                        [&](const Plugin& p) { return &p == call.plugin; });
        if (judged) answers.push_back({call.plugin->name(), &call.solved});
        if (ctx.oracle && call.plugin->name() == ctx.oracle->name()) oracle = &call.solved;
    }
    Truth truth;
    if (!obeys_rules(grid)) {
        truth.established = true;
        truth.verdict = Verdict::invalid;
        truth.source = "the rules";
    } else {
        truth = truth_from_answers(answers, oracle, ctx.oracle ? ctx.oracle->name() : "");
    }
    const auto clashes = truth.established ? std::vector<std::string>(answers.size()) : contradictions(answers);
    std::vector<Row> rows;
    for (std::size_t i = 0; i < answers.size(); ++i) {
        const SolveOutcome& out = *answers[i].outcome;
        Judgement j = judge_solve(out, truth, Kind::disagreement);
        if (j.status == Status::pass && !clashes[i].empty()) j = {Status::fail, Kind::disagreement, clashes[i]};
        Row r = row_for(u.item.origin, answers[i].plugin, "solve", j);
        r.verdict = verdict_of(out);
        r.micros = out.stats.micros;
        if (r.status == Status::fail && truth.established)
            r.regression = regression_entry(u.item.origin, grid, truth, "numplace verify: " + u.item.origin +
                                                                             "; truth from " + truth.source);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<Row> judge_grid_check(const corpus::GridCheckEntry& e, const std::vector<Call>& calls) {
    std::vector<Row> rows;
    for (const Call& call : calls) {
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
    auto solve = [&](const Plugin& p, const Grid& g, uint64_t limit) {
        Call c;
        c.plugin = &p;
        c.grid = &g;
        c.limit = limit;
        calls.push_back(std::move(c));
    };
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle:
            if (const Grid* g = std::get_if<Grid>(&u.puzzle->puzzle))
                for (const Plugin& p : ctx.judged)
                    if (p.can(NP_CAP_SOLVE)) solve(p, *g, limit_for(*u.puzzle, p));
            break;
        case Unit::Kind::plain_puzzle: {
            bool oracle_judged = false;
            for (const Plugin& p : ctx.judged) {
                if (!p.can(NP_CAP_SOLVE)) continue;
                solve(p, *u.grid, 2);
                oracle_judged = oracle_judged || (ctx.oracle && p.name() == ctx.oracle->name());
            }
            // The oracle judges without being judged.
            if (ctx.oracle && !oracle_judged) solve(*ctx.oracle, *u.grid, 2);
            break;
        }
        case Unit::Kind::grid_check:
            for (const Plugin& p : ctx.judged) {
                if (!p.can(NP_CAP_CHECK_GRID)) continue;
                Call c;
                c.plugin = &p;
                c.check = true;
                c.grid = &u.check->grid;
                calls.push_back(std::move(c));
            }
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
    const judge::GeneratorJudgement j =
        judge::check_generator({*plugin, g.call, g.expect, prover, g.sweep}, run, ctx.budget);
    row.status = j.judgement.status;
    row.kind = j.judgement.kind;
    row.finding = j.judgement.finding;
    row.verdict = j.verdict;
    row.micros = j.micros;
    return row;
}

std::vector<Row> judge_unit(const Unit& u, const std::vector<Call>& calls, const Context& ctx) {
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle: return judge_corpus_puzzle(*u.puzzle, calls);
        case Unit::Kind::plain_puzzle: return judge_plain_puzzle(u, calls, ctx);
        case Unit::Kind::grid_check: return judge_grid_check(*u.check, calls);
        case Unit::Kind::generator: break;
    }
    return {};
}

// Runs a chunk's calls grouped by plugin, kind and limit, in batches.
void run_calls(std::vector<Call*>& calls, runner::Runner& run, const Context& ctx) {
    std::vector<bool> done(calls.size(), false);
    for (std::size_t i = 0; i < calls.size(); ++i) {
        if (done[i]) continue;
        std::vector<std::size_t> group;
        for (std::size_t k = i; k < calls.size(); ++k)
            if (!done[k] && calls[k]->plugin == calls[i]->plugin && calls[k]->check == calls[i]->check &&
                calls[k]->limit == calls[i]->limit)
                group.push_back(k);
        std::vector<const Grid*> grids;
        for (std::size_t k : group) grids.push_back(calls[k]->grid);
        if (calls[i]->check) {
            auto out = run.check(*calls[i]->plugin, grids, {}, ctx.budget);
            for (std::size_t g = 0; g < group.size(); ++g) calls[group[g]]->checked = std::move(out[g]);
        } else {
            auto out = run.solve(*calls[i]->plugin, grids, calls[i]->limit, {}, ctx.budget);
            for (std::size_t g = 0; g < group.size(); ++g) calls[group[g]]->solved = std::move(out[g]);
        }
        for (std::size_t k : group) done[k] = true;
    }
}

// Whether an earlier report may be resumed by this run: the same units,
// plugins and settings (the fingerprint), the same shard.
bool resumable(const Report& earlier, const Report& now, std::string& error) {
    if (earlier.fingerprint != now.fingerprint || earlier.plugins != now.plugins) {
        error = "--resume: that report was made with other inputs, plugins or settings (fingerprint " +
                earlier.fingerprint + ", this run " + now.fingerprint +
                "): give the same paths, plugins and budget flags, or run without --resume";
        return false;
    }
    if (earlier.shard_index != now.shard_index || earlier.shard_count != now.shard_count) {
        error = "--resume: that report is shard " + std::to_string(earlier.shard_index) + "/" +
                std::to_string(earlier.shard_count) + ", this run is shard " + std::to_string(now.shard_index) +
                "/" + std::to_string(now.shard_count);
        return false;
    }
    return true;
}

// The fingerprint: every unit, plugin and setting that decides the rows.
std::string fingerprint(const Settings& s, const Inputs& inputs, const std::vector<Plugin>& judged,
                        const std::string& oracle) {
    uint64_t hash = fnv1a("numplace verify 1");
    for (const auto& u : inputs.units) hash = fnv1a(u.identity() + "\n", hash);
    for (const auto& p : judged) hash = fnv1a(p.name() + " " + p.version() + "\n", hash);
    hash = fnv1a(oracle + " " + std::to_string(s.harness.timeout_seconds) + " " + std::to_string(s.harness.max_nodes) +
                     " " + std::to_string(s.shard_count),
                 hash);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return hex;
}

// This shard's units that --resume's report does not hold yet: every
// shard_count-th unit, so that each shard gets a mix.
std::vector<std::size_t> units_to_run(const Settings& s, const Inputs& inputs) {
    std::set<uint64_t> finished;
    if (s.resume != nullptr)
        for (const Row& r : s.resume->rows)
            if (!r.derived) finished.insert(r.unit);
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < inputs.units.size(); ++i)
        if (i % s.shard_count == s.shard_index - 1 && finished.count(i) == 0) mine.push_back(i);
    return mine;
}

// One chunk of units: their calls planned and run as batches, then judged.
// Returns false when the run was interrupted: a unit judged after the
// interrupt is left out whole (a call it stopped would read as unknown), so
// that the report holds finished units only and --resume runs the rest.
bool run_chunk(const Inputs& inputs, const std::vector<std::size_t>& mine, std::size_t first, std::size_t last,
               const Context& ctx, runner::Runner& run, std::vector<std::vector<Row>>& results,
               std::atomic<std::size_t>& done) {
    std::vector<std::vector<Call>> calls(last - first);
    std::vector<Call*> flat;
    for (std::size_t k = first; k < last; ++k) {
        calls[k - first] = plan(inputs.units[mine[k]], ctx);
        for (Call& c : calls[k - first]) flat.push_back(&c);
    }
    run_calls(flat, run, ctx);
    for (std::size_t k = first; k < last; ++k) {
        const Unit& unit = inputs.units[mine[k]];
        auto rows = unit.kind == Unit::Kind::generator ? std::vector<Row>{run_generator(unit.generator, ctx, run)}
                                                       : judge_unit(unit, calls[k - first], ctx);
        if (cancelled(ctx)) return false;
        for (auto& r : rows) r.unit = mine[k];
        results[k] = std::move(rows);
        done.fetch_add(1);
    }
    return true;
}

// Threads take chunks of units: a chunk's calls go to each plugin as one
// batch (a worker round trip is dearer than an easy solve). This thread
// reports progress while the pool works. Rows come back in `mine`'s order.
std::vector<std::vector<Row>> run_units(const Inputs& inputs, const std::vector<std::size_t>& mine, const Context& ctx) {
    constexpr std::size_t kChunk = 64;
    const Settings& s = ctx.settings;
    std::vector<std::vector<Row>> results(mine.size());
    std::atomic<std::size_t> next{0}, done{0};
    auto worker = [&] {
        auto run = runner::make_runner(s.harness.runner);
        for (std::size_t first; (first = next.fetch_add(kChunk)) < mine.size();)
            if (cancelled(ctx) || !run_chunk(inputs, mine, first, std::min(first + kChunk, mine.size()), ctx, *run, results, done))
                break;
    };
    const auto chunks = static_cast<unsigned>((mine.size() + kChunk - 1) / kChunk);
    const unsigned threads = std::max(1u, std::min<unsigned>(s.jobs, chunks));
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
    while (done.load() < mine.size() && !cancelled(ctx)) {
        if (s.progress) s.progress(done.load(), mine.size());
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (auto& t : pool) t.join();
    if (s.progress) s.progress(done.load(), mine.size());
    return results;
}

}  // namespace

std::optional<Report> run(const Settings& s, std::string& error) {
    const auto plugins = harness::load_plugins(s.harness, error);
    if (!plugins) return std::nullopt;
    const std::vector<Plugin>& judged = plugins->chosen;
    const Inputs inputs = gather(s, judged);
    Report report;
    for (const auto& p : judged) report.plugins.push_back(p.name());
    report.oracle = plugins->oracle ? plugins->oracle->name() : "";
    report.input_errors = inputs.errors;
    report.shard_index = s.shard_index;
    report.shard_count = s.shard_count;
    report.fingerprint = fingerprint(s, inputs, judged, report.oracle);
    if (s.resume != nullptr && !resumable(*s.resume, report, error)) return std::nullopt;

    const Context ctx{s, *plugins, judged, plugins->oracle, s.harness.budget()};
    auto results = run_units(inputs, units_to_run(s, inputs), ctx);
    report.interrupted = cancelled(ctx);
    if (s.resume != nullptr)
        for (const Row& r : s.resume->rows)
            if (!r.derived) report.rows.push_back(r);
    for (auto& rows : results)
        for (auto& r : rows) report.rows.push_back(std::move(r));
    finalize(report, s.min_conclusive);
    return report;
}

}  // namespace np::verify
