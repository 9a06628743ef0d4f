// numplace solve / count: one answer per input puzzle, from one plugin.
#include <iostream>

#include "commands.hpp"
#include "numplace/json.hpp"
#include "pipeline.hpp"
#include "runner.hpp"
#include "shared.hpp"

namespace np::cli {

namespace {

std::string size_name(const ParseResult& parsed, const std::optional<Geometry>& size) {
    if (const Grid* g = std::get_if<Grid>(&parsed)) return g->geometry.name();
    return size ? size->name() : "";
}

// JSON rows, one object reused for every input: assigning into keys and
// strings that already exist keeps allocation out of the per-puzzle path
// (at 150,000 puzzles a second the host's share must stay small).
class JsonRows {
public:
    void write(std::ostream& out, const InputItem& item, const ParseResult& parsed,
               const std::optional<Geometry>& size, const std::string& plugin, const SolveOutcome& outcome) {
        json& j = row_;
        j["input"] = item.origin;
        j["puzzle"] = item.text;
        const std::string shape = size_name(parsed, size);
        j["size"] = shape.empty() ? json(nullptr) : json(shape);
        j["plugin"] = plugin;
        j["verdict"] = verdict_name(outcome.verdict);
        j["count"] = outcome.count;
        j["complete"] = outcome.complete;
        json& solutions = j["solutions"];
        if (!solutions.is_array()) solutions = json::array();
        while (solutions.size() > outcome.solutions.size()) solutions.erase(solutions.size() - 1);
        for (std::size_t i = 0; i < outcome.solutions.size(); ++i) {
            if (i < solutions.size()) solutions[i] = format_line(outcome.solutions[i]);
            else solutions.push_back(format_line(outcome.solutions[i]));
        }
        write_stats(j["stats"], outcome.stats);
        j.erase("error");
        j.erase("message");
        if (outcome.error) j["error"] = to_json(*outcome.error);
        else if (outcome.verdict == Verdict::error) j["error"] = {{"code", "plugin_error"}, {"message", outcome.message}};
        else if (!outcome.message.empty()) j["message"] = outcome.message;  // the plugin's remark
        write_json_row(out, j);
    }

private:
    // Into the keys already there when they are the same keys; otherwise
    // anew, in to_json's order.
    static void write_stats(json& stats, const CallStats& s) {
        const bool claim = s.claimed_micros != 0;  // a worker's: see host.hpp
        const std::size_t keys = 3 + (claim ? 1 : 0) + s.counters.size();
        if (stats.size() != keys || stats.contains("claimed_micros") != claim) {
            stats = to_json(s);
            return;
        }
        stats["nodes"] = s.nodes;
        stats["guesses"] = s.guesses;
        stats["micros"] = s.micros;
        if (claim) stats["claimed_micros"] = s.claimed_micros;
        for (const auto& [counter, value] : s.counters) stats[counter] = value;
        if (stats.size() != keys) stats = to_json(s);  // other counters
    }
    json row_ = json::object();
};

// Text rows: a bare solution means unique (proved); "found: " marks a
// solution whose uniqueness nobody examined.
void write_text(std::ostream& out, const SolveOutcome& outcome, OutputFormat format, bool count_mode) {
    switch (outcome.verdict) {
        case Verdict::invalid: out << "invalid: " << outcome.error->message << '\n'; return;
        case Verdict::error: out << "error: " << outcome.message << '\n'; return;
        default: break;
    }
    if (count_mode) {
        out << outcome.count << (outcome.complete ? "" : "+") << '\n';
        return;
    }
    const bool has_solution = !outcome.solutions.empty();
    if (outcome.verdict == Verdict::unique && has_solution) {
        // A grid ends with its own newline; the extra one separates blocks.
        out << format_grid_as(outcome.solutions.front(), format) << '\n';
    } else if (outcome.verdict == Verdict::found && has_solution) {
        out << (format == OutputFormat::grid ? "found:\n" : "found: ")
            << format_grid_as(outcome.solutions.front(), format) << '\n';
    } else {
        out << verdict_name(outcome.verdict) << '\n';
    }
}

struct Job {
    InputItem item;
    ParseResult parsed;
    SolveOutcome outcome;
};

// What every call of one run shares.
struct Calls {
    runner::Runner& runner;
    const Plugin& plugin;
    uint64_t limit;
    const OptionList& options;
    Budget budget;
    bool one_at_a_time;  // in this process: an interrupt then stops before the next puzzle
};

// Solves the puzzles of jobs [from, to) in one call of the runner (one
// exchange with the worker process).
void solve_range(const Calls& calls, std::vector<Job>& batch, std::size_t from, std::size_t to) {
    std::vector<const Grid*> grids;
    std::vector<Job*> asked;
    for (std::size_t i = from; i < to; ++i)
        if (const Grid* grid = std::get_if<Grid>(&batch[i].parsed)) {
            grids.push_back(grid);
            asked.push_back(&batch[i]);
        }
    if (grids.empty()) return;
    auto outcomes = calls.runner.solve(calls.plugin, grids, calls.limit, calls.options, calls.budget);
    for (std::size_t k = 0; k < asked.size(); ++k) asked[k]->outcome = std::move(outcomes[k]);
}

// Solves a batch in order; drops what an interrupt left unanswered (a
// worker's whole remaining request comes back refused) and stops at a bad
// option, which is the same for every input. False stops the pipeline.
// A worker gets the batch in requests of 1, 2, 4, ... puzzles: few
// exchanges for a long batch, and an interrupt loses only the request in
// flight, not the answers before it.
bool solve_batch(const Calls& calls, std::vector<Job>& batch) {
    std::size_t request = 1;
    for (std::size_t done = 0; done < batch.size();) {
        if (interrupted()) {
            batch.resize(done);
            return false;
        }
        const std::size_t end = calls.one_at_a_time ? done + 1 : std::min(batch.size(), done + request);
        request *= 2;
        solve_range(calls, batch, done, end);
        for (std::size_t i = done; i < end; ++i) {
            if (interrupted() && batch[i].outcome.fault == Fault::refused) {
                batch.resize(i);
                return false;
            }
            if (batch[i].outcome.status == NP_BAD_OPTION) {
                batch.resize(i + 1);
                return false;
            }
        }
        done = end;
    }
    return true;
}

int run(const Args& args, Streams io, bool count_mode) {
    const uint64_t limit = args.has("--limit") ? args.whole("--limit") : (count_mode ? NP_UNLIMITED : 2);
    PluginRegistry registry = load_plugins(args, io.err);
    const uint32_t needs = count_mode ? (NP_CAP_SOLVE | NP_CAP_COUNT) : NP_CAP_SOLVE;
    auto chosen = choose_plugin(args, registry, needs, count_mode ? "count" : "solve", "solve", io.err);
    if (!chosen) return kExitUsage;
    if (!worker_available(args, io.err)) return kExitUsage;
    const auto runner = runner::make_runner(harness_settings(args).runner);
    const Calls calls{*runner, *chosen->plugin, limit, chosen->options, budget_of(args), args.flag("--in-process")};
    const OutputFormat format = output_format_from_name(args.text("--format")).value_or(OutputFormat::line);
    const auto size = size_of(args);
    const std::string& plugin = chosen->plugin->name();

    // Parsing and writing on this thread, solving on the pipeline's worker
    // thread (which talks to the worker process, if any).
    Tally tally;
    bool bad_option = false;
    JsonRows json_rows;
    OrderedPipeline<Job> pipeline(
        OrderedPipeline<Job>::Batched{}, [&](std::vector<Job>& batch) { return solve_batch(calls, batch); },
        [&](Job& job) {
            const SolveOutcome& outcome = job.outcome;
            tally.row();
            if (outcome.verdict == Verdict::invalid) tally.invalid(job.item.origin);
            else if (outcome.verdict == Verdict::error) tally.failed(job.item.origin);
            if (outcome.status == NP_BAD_OPTION) bad_option = true;
            if (format == OutputFormat::json) json_rows.write(io.out, job.item, job.parsed, size, plugin, outcome);
            else write_text(io.out, outcome, format, count_mode);
        });
    for_each_input(args, io.in, io.err, tally, [&](const InputItem& item) {
        Job job{item, parse_item(item, size), {}};
        if (const Reason* reason = std::get_if<Reason>(&job.parsed)) {
            job.outcome.verdict = Verdict::invalid;
            job.outcome.error = *reason;
        }
        return pipeline.add(std::move(job));
    }, [&] {
        // The input paused: every answer out now (stdout to a pipe is
        // block-buffered), not when the last puzzle is done.
        pipeline.drain();
        io.out.flush();
    });
    pipeline.finish();
    io.out.flush();
    const int code = tally.finish(io.err, "inputs");
    return bad_option && !interrupted() ? kExitUsage : code;
}

std::vector<FlagSpec> solve_flags(bool count_mode) {
    FlagSpec limit{"--limit", FlagKind::whole,
                   count_mode ? "Stop after this many solutions (default: count them all)"
                              : "Stop after this many solutions; 2 also proves uniqueness, 1 takes the first found",
                   count_mode ? "" : "2"};
    limit.at_least(1);
    return {flags::plugin(), flags::plugin_dir(), flags::allow_insecure_plugins(), flags::no_sandbox(), limit, flags::option(), flags::size(),
            flags::input_format(), flags::format({"line", "grid", "share", "json"}, "line"), flags::max_nodes(),
            flags::timeout(), flags::in_process(), flags::memory(), flags::inputs()};
}

}  // namespace

Command solve_command() {
    return {{"solve"},
            "Solve puzzles; limit 2 (the default) also proves uniqueness",
            "Each input gets one row: the solution when it is unique (proved), 'found: <solution>' when a "
            "solution was found but uniqueness was not examined (a plugin that cannot prove it, --limit 1, or a "
            "spent budget), otherwise none, multiple, unknown (budget spent), 'invalid: <reason>' or "
            "'error: <message>'. --format json gives one object per input. " + std::string(kWorkerHelp),
            solve_flags(false),
            [](const Args& a, Streams io) { return run(a, io, false); }};
}

Command count_command() {
    return {{"count"},
            "Count solutions (all of them unless --limit); N+ = a lower bound",
            "Each input gets its count; N+ when the search stopped early (--limit, --max-nodes, --timeout or "
            "an interrupt), so N is a lower bound. Needs a plugin that can count. " + std::string(kWorkerHelp),
            solve_flags(true),
            [](const Args& a, Streams io) { return run(a, io, true); }};
}

}  // namespace np::cli
