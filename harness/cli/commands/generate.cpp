// numplace generate: full grids or puzzles from a seed, streamed in order.
#include <iostream>

#include "commands.hpp"
#include "shared.hpp"

namespace np::cli {

namespace {

int run(const Args& args, Streams io) {
    const bool puzzles = args.text("--what") == "puzzle";
    PluginRegistry registry = load_plugins(args, io.err);
    auto chosen = choose_plugin(args, registry, puzzles ? NP_CAP_GENERATE_PUZZLE : NP_CAP_GENERATE_GRID,
                                puzzles ? "generate puzzles" : "generate grids", "generate", io.err);
    if (!chosen) return kExitUsage;
    Session session(*chosen->plugin);
    const Geometry geometry = size_of(args).value_or(Geometry{3, 3});
    const OutputFormat format = output_format_from_name(args.text("--format")).value_or(OutputFormat::line);
    const uint64_t seed = args.whole("--seed"), first = args.whole("--first"), count = args.whole("--count");
    const std::string& plugin = chosen->plugin->name();

    // Each result is written as soon as it is made and certified.
    auto write = [&](uint64_t index, const Grid& g) {
        if (format == OutputFormat::json) {
            write_json_row(io.out, {{"plugin", plugin}, {"size", geometry.name()}, {"what", args.text("--what")},
                                    {"seed", seed}, {"index", index}, {"grid", format_line(g)},
                                    {"givens", g.given_count()}});
        } else {
            io.out << format_grid_as(g, format) << '\n';
        }
        return true;
    };
    const GenerateOutcome outcome =
        session.generate(geometry, puzzles ? NP_GENERATE_PUZZLE : NP_GENERATE_GRID, seed, first, count,
                         chosen->options, budget_of(args), write);
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
            "the rules, a puzzle obeys the rules) and printed as soon as it is made. --timeout and --max-nodes "
            "cover the whole run.",
            {flags::plugin(), flags::plugin_dir(), flags::allow_insecure_plugins(),
             {"--what", FlagKind::choice, "grid or puzzle", "grid", {"grid", "puzzle"}}, count,
             flags::seed("64-bit seed; the same seed gives the same output"),
             {"--first", FlagKind::whole, "Index of the first result", "0"}, flags::option(), flags::size(),
             flags::format({"line", "grid", "share", "json"}, "line"), flags::max_nodes(), flags::timeout()},
            run};
}

}  // namespace np::cli
