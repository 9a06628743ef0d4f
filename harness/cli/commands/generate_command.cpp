// numplace generate: full grids or puzzles from a seed, streamed in order.
#include <iostream>

#include "cli/commands/commands.hpp"
#include "cli/commands/generate_order.hpp"
#include "numplace/clock.hpp"
#include "numplace/fpuzzles.hpp"
#include "runner/runner.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

// What is left of the whole run's budget (--timeout, --max-nodes cover the
// run, not each request); nullopt when it is spent.
std::optional<Budget> budget_left(const Budget& whole, const Stopwatch& clock, uint64_t nodes_used) {
    Budget left = whole;
    if (whole.timeout_seconds > 0) {
        left.timeout_seconds = whole.timeout_seconds - clock.seconds();
        if (left.timeout_seconds <= 0) return std::nullopt;
    }
    if (whole.max_nodes > 0) {
        if (nodes_used >= whole.max_nodes) return std::nullopt;
        left.max_nodes = whole.max_nodes - nodes_used;
    }
    return left;
}

// Results first .. first + count - 1 through the runner, in requests of 1,
// 2, 4, ... up to 256 results, each written (by `write`) as soon as its
// request is answered: a long run streams, and a worker's exchanges stay
// few. The outcome sums the requests'.
GenerateOutcome generate_in_requests(runner::Runner& runner, const Plugin& plugin, const Geometry& geometry,
                                     np_generate_kind kind, uint64_t seed, uint64_t first, uint64_t count,
                                     const OptionList& options, const Budget& whole,
                                     const std::function<void(uint64_t, const Grid&)>& write) {
    constexpr uint64_t kLargestRequest = 256;
    GenerateOutcome total;
    total.ok = true;
    const Stopwatch clock;
    for (uint64_t request = 1; total.produced < count && !interrupted(); request = std::min(request * 2, kLargestRequest)) {
        const auto budget = budget_left(whole, clock, total.stats.nodes);
        if (!budget) break;
        const uint64_t want = std::min(request, count - total.produced);
        GenerateOutcome part =
            runner.generate(plugin, geometry, kind, seed, first + total.produced, want, options, *budget);
        for (uint64_t i = 0; i < part.results.size(); ++i) write(first + total.produced + i, part.results[i]);
        total.produced += part.results.size();
        total.stats.nodes += part.stats.nodes;
        if (!part.ok) {
            if (interrupted() && part.fault == Fault::refused) break;  // the worker was stopped: not its failure
            total.ok = false;
            total.status = part.status;
            total.fault = part.fault;
            total.message = part.message;
            break;
        }
        if (part.results.size() < want) break;  // the budget ran out inside the request
    }
    return total;
}

// A variant result as f-puzzles JSON, one line.
std::string variant_json(const Grid& g) {
    Puzzle p = *g.variant;
    p.grid = g;
    p.grid.variant = nullptr;
    return write_fpuzzles_json(p);
}

int run(const Args& args, Streams io) {
    const bool puzzles = args.text("--what") == "puzzle";
    PluginRegistry registry = load_plugins(args, io.err);
    const uint32_t operation = puzzles ? NP_CAP_GENERATE_PUZZLE : NP_CAP_GENERATE_GRID;
    auto choice = PluginChoice::make(
        args, registry, {operation, operation, puzzles ? "generate puzzles" : "generate grids", "generate"}, io.err);
    if (!choice) return kExitUsage;
    const Geometry geometry = size_of(args).value_or(Geometry{3, 3});
    NoPlugin none;
    const ChosenPlugin* chosen = choice->for_puzzle(geometry, Demand{}, none);
    if (chosen == nullptr) {
        io.err << "numplace: " << (none.usage ? "" : "generate: ") << none.why << "\n";
        return kExitUsage;
    }
    if (!worker_available(args, io.err)) return kExitUsage;
    if (wants_order(args)) return run_to_order(args, io, registry, *chosen);
    const auto runner = runner::make_runner(harness_settings(args).runner);
    const OutputFormat format = output_format_from_name(args.text("--format")).value_or(OutputFormat::line);
    const uint64_t seed = args.whole("--seed"), first = args.whole("--first"), count = args.whole("--count");
    const std::string& plugin = chosen->plugin->name();

    // Each result is written as soon as its request is answered and certified.
    // A result with rules of its own (a variant) is written with them: as
    // f-puzzles JSON on one line, which numplace reads back, or a link.
    auto write = [&](uint64_t index, const Grid& g) {
        if (format == OutputFormat::json) {
            json row = {{"plugin", plugin}, {"size", geometry.name()}, {"what", args.text("--what")}, {"seed", seed},
                        {"index", index}, {"grid", format_line(g)}, {"givens", g.given_count()}};
            if (g.is_variant()) row["fpuzzles"] = json::parse(variant_json(g));
            write_json_row(io.out, row);
        } else if (g.is_variant() && format != OutputFormat::fpuzzles) {
            io.out << variant_json(g) << '\n';
        } else {
            io.out << format_grid_as(g, format) << '\n';
        }
    };
    const GenerateOutcome outcome =
        generate_in_requests(*runner, *chosen->plugin, geometry, puzzles ? NP_GENERATE_PUZZLE : NP_GENERATE_GRID,
                             seed, first, count, chosen->options, budget_of(args), write);
    io.out.flush();
    if (!outcome.ok) {
        io.err << "numplace: generate: " << outcome.message << " (after " << outcome.produced << " of " << count
               << " results)\n";
        return outcome.status == NP_BAD_OPTION ? kExitUsage : kExitFailed;
    }
    if (interrupted()) {
        io.err << "numplace: generate: interrupted after " << outcome.produced << " of " << count << " results\n";
        return interrupt_exit_code();
    }
    if (outcome.produced < count) {
        io.err << "numplace: generate: the budget ran out after " << outcome.produced << " of " << count
               << " results\n";
        return kExitFailed;
    }
    return kExitOk;
}

}  // namespace

Command generate_command() {
    FlagSpec count = FlagSpec("--count", FlagKind::whole, "How many results", "1").at_least(1);
    return {{"generate"},
            "Generate full grids or puzzles from a seed",
            "Results are numbered from 0; result i depends only on the seed, i, the options and the shape, so "
            "--first 5 --count 5 gives the last five of --count 10. Each is certified (a grid is full and obeys "
            "the rules, a puzzle obeys the rules) and printed as soon as the plugin has answered (results are asked for "
            "1, 2, 4, ... up to 256 at a time). A variant result (csp's --option variant=killer, docs/variants.md) "
            "is written with its rules: as f-puzzles JSON on one line (numplace reads it back), a link with --format "
            "fpuzzles, the JSON under \"fpuzzles\" with --format json. --timeout and --max-nodes "
            "cover the whole run. With --rating or --technique, puzzles are made to order: the --rater explains "
            "each candidate, numplace rates its certified steps (docs/rating.md), keeps those in the band or "
            "whose path uses the technique, and proves each kept one unique with the oracle; result i is the i-th "
            "candidate kept, so the output still depends only on the seed. There --timeout covers the whole run "
            "and --max-nodes each call. " + std::string(kWorkerHelp),
            {flags::plugin_or_default("Plugin that generates"), flags::plugin_dir(), flags::allow_insecure_plugins(), flags::no_sandbox(),
             {"--what", FlagKind::choice, "grid or puzzle", "grid", {"grid", "puzzle"}}, count,
             flags::seed("64-bit seed; the same seed gives the same output"),
             {"--first", FlagKind::whole, "Index of the first result", "0"}, flags::option(),
             flags::size("3x3 (a 9x9 grid)"),
             flags::format({"line", "grid", "share", "json", "fpuzzles"}, "line"), flags::max_nodes(), flags::timeout(),
             flags::in_process(), flags::memory(),
             {"--rating", FlagKind::text, "Make puzzles whose SE-style rating (ER) is in this band: 7.0..7.5, 8.0.. "
                                          "(docs/rating.md)"},
             {"--technique", FlagKind::text, "Make puzzles whose path (the rater's) uses this technique, as explain names "
                                             "it: x-wing, 'hidden pair', xy-chain"},
             {"--rater", FlagKind::text, "Plugin that explains the candidates (default: the explainer that offers "
                                         "itself for the shape, named on stderr); e.g. logic with --rater-option profile=se for SE's easiest path"},
             {"--rater-option", FlagKind::texts, "The rater's option key=value; repeatable"},
             {"--table", FlagKind::choice, "Rating table: se or sukaku (docs/rating.md)", "se", {"se", "sukaku"}},
             {"--oracle", FlagKind::text, "Plugin that proves each kept puzzle unique (default: exhaustive-count); never "
                                          "the generator or the rater"},
             {"--candidates", FlagKind::whole, "Try at most this many of the generator's puzzles (0: no limit)",
              "100000"},
             {"-j", FlagKind::whole, "Candidates rated in parallel, one worker each (default: the CPUs this process "
                                     "may use)"}},
            run};
}

}  // namespace np::cli
