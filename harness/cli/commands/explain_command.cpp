// numplace explain: the steps of a plugin that explains (NP_CAP_EXPLAIN),
// one line per step in solvers' words, each certified against the candidate
// state before it is printed (StepIntake, in this process: a worker's steps
// are certified by the parent). A hint is the first step of a technique
// (--until).
#include <algorithm>
#include <cctype>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "numplace/format.hpp"
#include "numplace/json.hpp"
#include "numplace/steps.hpp"
#include "runner/runner.hpp"
#include "cli/commands/settle.hpp"
#include "truth/settle.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}


// What one input's explanation holds: the steps the host certified, each
// with the state after it when --grid asks for it.
struct Explanation {
    std::vector<Step> steps;
    std::vector<std::string> grids;  // with --grid: the candidates after each step
    bool reached = false;            // --until: a step of that technique came
};

json candidates_json(const std::vector<Candidate>& list, int side) {
    json out = json::array();
    for (const Candidate& c : list) {
        json one{{"row", c.cell / side + 1}, {"column", c.cell % side + 1}};
        if (c.value != 0) one["value"] = c.value;
        out.push_back(std::move(one));
    }
    return out;
}

// A forcing step's branches, one line each, as the plugin wrote them (the
// host held them to their form: steps.hpp, chains_problem).
std::vector<std::string> chain_lines(const Step& step) {
    std::vector<std::string> lines;
    std::istringstream in(step.chains);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

json step_json(const Step& step, const Geometry& g) {
    json j{{"technique", step.technique}, {"where", step.where}, {"text", step_text(step, g)},
           {"placements", candidates_json(step.placements, g.side())},
           {"eliminations", candidates_json(step.eliminations, g.side())},
           {"pattern", candidates_json(step.pattern, g.side())}};
    if (step.assumes_unique) j["assumes_unique"] = true;
    if (!step.chains.empty()) j["chains"] = chain_lines(step);
    return j;
}

// How the explanation ends, in words: solved, stuck (the state where), or
// the plugin's fault.
std::string ending(const SolveOutcome& out, const Explanation& e) {
    if (out.verdict == Verdict::error) return "error: " + out.message;
    if (out.verdict == Verdict::invalid) return "invalid: " + (out.error ? out.error->message : out.message);
    if (e.reached) return "";
    if (out.verdict == Verdict::unique || out.verdict == Verdict::found)
        return std::string(verdict_name(out.verdict)) + ": " + format_line(out.solutions.front());
    std::string words(verdict_name(out.verdict));
    if (!out.message.empty()) words += " (" + utf8_clean(out.message) + ")";
    return words;
}

void write_text(std::ostream& out, const InputItem& item, const Grid& puzzle, const SolveOutcome& outcome,
                const Explanation& e) {
    out << "# " << utf8_clean(item.origin) << ": " << puzzle_text(puzzle) << '\n';
    for (std::size_t i = 0; i < e.steps.size(); ++i) {
        out << i + 1 << ". " << step_text(e.steps[i], puzzle.geometry)
            << (e.steps[i].assumes_unique ? " (assumes one solution)" : "") << '\n';
        for (const std::string& line : chain_lines(e.steps[i])) out << "     " << line << '\n';
        if (i < e.grids.size()) out << e.grids[i] << '\n';
    }
    if (const std::string end = ending(outcome, e); !end.empty()) out << end << '\n';
    // Stuck: the state where, so that a person (or another tool) goes on from it.
    if (!e.reached && outcome.fault == Fault::none && outcome.verdict != Verdict::unique &&
        outcome.verdict != Verdict::found && outcome.verdict != Verdict::invalid && e.grids.empty()) {
        StepState state(puzzle);
        for (const Step& s : e.steps) state.apply(s);
        out << candidate_grid_text(state);
    }
    out << '\n';
}

void write_json(std::ostream& out, const InputItem& item, const Grid& puzzle, const std::string& plugin,
                const SolveOutcome& outcome, const Explanation& e) {
    json row{{"input", item.origin}, {"puzzle", puzzle_text(puzzle)}, {"size", puzzle.geometry.name()},
             {"plugin", plugin}, {"verdict", verdict_name(outcome.verdict)}};
    json steps = json::array();
    for (const Step& s : e.steps) steps.push_back(step_json(s, puzzle.geometry));
    row["steps"] = std::move(steps);
    if (!outcome.solutions.empty()) row["solution"] = format_line(outcome.solutions.front());
    if (outcome.verdict == Verdict::error) row["error"] = outcome.message;
    else if (!outcome.message.empty()) row["message"] = outcome.message;
    if (e.reached) row["until"] = e.steps.back().technique;
    write_json_row(out, row);
}

// No plugin for a puzzle's shape: an error row, and the rest runs; --option
// that does not suit the default: said, and the run ends (a usage error).
bool no_plugin(Streams io, Tally& tally, const InputItem& item, const NoPlugin& none, bool as_json,
               bool& bad_usage) {
    if (none.usage) {
        io.err << "numplace: " << none.why << "\n";
        bad_usage = true;
        return false;
    }
    tally.failed(item.origin);
    if (as_json) write_json_row(io.out, json{{"input", item.origin}, {"verdict", "error"}, {"error", none.why}});
    else io.out << "# " << utf8_clean(item.origin) << "\nerror: " << none.why << "\n\n";
    return !interrupted();
}

// A puzzle with several solutions, or none: said instead of its steps.
void write_unsettled(std::ostream& out, const InputItem& item, const Grid& puzzle, const Settled& settled, bool as_json) {
    const std::string words = settled_words(settled);
    if (as_json) {
        write_json_row(out, json{{"input", item.origin}, {"puzzle", puzzle_text(puzzle)}, {"size", puzzle.geometry.name()},
                                 {"verdict", settled.solutions == Solutions::none ? "none" : "multiple"},
                                 {"solutions", solutions_name(settled.solutions)}, {"oracle", settled.oracle},
                                 {"error", words + ": nothing to explain"}, {"steps", json::array()}});
        return;
    }
    out << "# " << utf8_clean(item.origin) << ": " << puzzle_text(puzzle) << '\n'
        << words << ": nothing to explain\n\n";
}

// One puzzle through the runner, its steps gathered.
Explanation explain_one(runner::Runner& runner, const Plugin& plugin, const Grid& puzzle, const OptionList& options,
                        const Budget& budget, const Args& args, SolveOutcome& outcome) {
    Explanation e;
    const std::string until = lower(args.text("--until"));
    const bool grids = args.flag("--grid");
    std::optional<StepState> state;
    if (grids) state.emplace(puzzle);
    auto sink = [&](std::size_t, const Step& step) {
        e.steps.push_back(step);
        if (state) {
            state->apply(step);  // certified already: it applies
            e.grids.push_back(candidate_grid_text(*state));
        }
        if (!until.empty() && lower(step.technique).find(until) != std::string::npos) e.reached = true;
        return !e.reached;
    };
    outcome = runner.solve(plugin, {&puzzle}, 2, options, budget, {}, sink).at(0);
    return e;
}

int run(const Args& args, Streams io) {
    PluginRegistry registry = load_plugins(args, io.err);
    auto choice = PluginChoice::make(args, registry, {NP_CAP_SOLVE | NP_CAP_EXPLAIN, NP_CAP_EXPLAIN, "explain", "solve"}, io.err);
    if (!choice) return kExitUsage;
    if (!worker_available(args, io.err)) return kExitUsage;
    const auto runner = runner::make_runner(harness_settings(args).runner);
    Budget budget = budget_of(args);
    budget.max_steps = args.whole("--max-steps");
    const bool as_json = args.text("--format") == "json";
    const auto size = size_of(args);
    bool oracle_ok = true;
    const std::optional<Plugin> oracle = settling_oracle(args, registry, io.err, oracle_ok);
    if (!oracle_ok) return kExitUsage;
    Tally tally;
    bool bad_usage = false;
    for_each_input(args, io.in, io.err, tally, [&](const InputItem& item) {
        tally.row();
        const ParseResult parsed = parse_item(item, size);
        if (const Reason* reason = std::get_if<Reason>(&parsed)) {
            tally.invalid(item.origin);
            if (as_json) write_json_row(io.out, json{{"input", item.origin}, {"verdict", "invalid"}, {"error", to_json(*reason)}});
            else io.out << "# " << utf8_clean(item.origin) << "\ninvalid: " << reason->message << "\n\n";
            return !interrupted();
        }
        const Grid& puzzle = std::get<Grid>(parsed);
        NoPlugin none;
        const ChosenPlugin* chosen = choice->for_puzzle(puzzle, none);
        if (chosen == nullptr) return no_plugin(io, tally, item, none, as_json, bad_usage);
        if (oracle) {
            const Settled settled = truth::settle(*runner, *oracle, {&puzzle}, budget).at(0);
            if (const std::string words = settled_words(settled); !words.empty()) {
                tally.invalid(item.origin);
                write_unsettled(io.out, item, puzzle, settled, as_json);
                return !interrupted();
            }
        }
        SolveOutcome outcome;
        const Explanation e = explain_one(*runner, *chosen->plugin, puzzle, chosen->options, budget, args, outcome);
        if (outcome.verdict == Verdict::invalid) tally.invalid(item.origin);
        else if (outcome.verdict == Verdict::error) tally.failed(item.origin);
        if (as_json) write_json(io.out, item, puzzle, chosen->plugin->name(), outcome, e);
        else write_text(io.out, item, puzzle, outcome, e);
        io.out.flush();
        return !interrupted() && outcome.status != NP_BAD_OPTION;
    });
    const int code = tally.finish(io.err, "inputs");
    return bad_usage && !interrupted() ? kExitUsage : code;
}

std::vector<FlagSpec> explain_flags() {
    FlagSpec until{"--until", FlagKind::text,
                   "Stop at the first step whose technique's name holds this text (a hint): --until 'x-wing'"};
    FlagSpec grid{"--grid", FlagKind::flag, "Print the candidates after each step"};
    FlagSpec max_steps{"--max-steps", FlagKind::whole, "Take at most this many steps a puzzle", "100000"};
    max_steps.at_least(1);
    return {flags::plugin_or_default("Plugin that explains (capability explain), e.g. logic"), flags::plugin_dir(),
            flags::allow_insecure_plugins(), flags::no_sandbox(), flags::option(), flags::size(), flags::input_format(),
            flags::format({"text", "json"}, "text"), until, grid, max_steps, settling_oracle_flag(), flags::max_nodes(), flags::timeout(),
            flags::in_process(), flags::memory(), flags::inputs()};
}

}  // namespace

Command explain_command() {
    return {{"explain"},
            "Solve step by step with a plugin that explains; every step certified",
            "Each input gets its steps, one line each in solvers' words ('r4c7: hidden single 3 in box 6', 'x-wing 5 "
            "in r2,r8 / c3,c6: -5 r5c3, r7c6'), then how it ended: the solution, or the candidates where the plugin "
            "got stuck. A puzzle that --oracle shows to have several solutions, or none, is said so instead (exit 1). Every step is certified against the candidate state before it is printed: a placement goes "
            "into an empty cell that still has the value, an elimination removes a candidate still there; a step "
            "that breaks this ends the input with 'error:' (exit 1). --format json gives one object per input with "
            "the steps as data. " + std::string(kWorkerHelp),
            explain_flags(),
            [](const Args& a, Streams io) { return run(a, io); }};
}

}  // namespace np::cli
