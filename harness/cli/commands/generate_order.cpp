// numplace generate --rating / --technique: puzzles made to order
// (harness/truth/order.hpp). The --plugin generator makes candidates, the
// --rater explains them, the harness rates the certified steps and proves
// each kept puzzle unique with the oracle; results stream in order.
#include <algorithm>
#include <iostream>

#include "cli/commands/commands.hpp"
#include "cli/commands/generate_order.hpp"
#include "numplace/clock.hpp"
#include "setup/setup.hpp"
#include "cli/shared.hpp"
#include "rating/techniques.hpp"
#include "truth/order.hpp"

namespace np::cli {

namespace {

// The --rater named, or the default explainer of the shape (choose.hpp, as
// numplace explain takes); nullopt (said) when there is none.
std::optional<Plugin> rater_of(const Args& args, PluginRegistry& registry, std::ostream& err) {
    std::string why;
    if (args.has("--rater")) {  // a name or a file, as --plugin
        auto found = registry.resolve(args.text("--rater"), why);
        if (!found) err << "numplace: generate: --rater: " << utf8_clean(why) << "\n";
        else if (!found->can(NP_CAP_EXPLAIN) || !found->can(NP_CAP_SOLVE))
            err << "numplace: generate: --rater: " << found->name() << " does not explain its steps\n";
        else return found;
        return std::nullopt;
    }
    const Geometry shape = size_of(args).value_or(Geometry{3, 3});
    const Need explaining{NP_CAP_SOLVE | NP_CAP_EXPLAIN, NP_CAP_EXPLAIN, "explain", "solve"};
    if (const Plugin* p = default_plugin(registry.plugins(), explaining, shape, Demand{}, why)) {
        err << "numplace: generate: rating with " << p->name() << ", the default (--rater names another)\n";
        return *p;
    }
    err << "numplace: generate: --rating and --technique need a plugin that explains: " << why << "\n";
    return std::nullopt;
}

// The oracle that proves the kept puzzles unique: neither the generator nor
// the rater, which would then vouch for themselves.
std::optional<Plugin> prover_of(const Args& args, PluginRegistry& registry, const Plugin& generator,
                                const Plugin& rater, std::ostream& err) {
    const std::string name = args.has("--oracle") ? args.text("--oracle") : harness::kDefaultOracle;
    std::string why;
    auto found = registry.resolve(name, why);
    if (!found) err << "numplace: generate: --oracle: " << utf8_clean(why) << "\n";
    else if (found->name() == generator.name() || found->name() == rater.name())
        err << "numplace: generate: --oracle " << found->name()
            << " would prove its own puzzles: name another plugin that proves uniqueness\n";
    else if (!found->can(NP_CAP_SOLVE) || !found->can(NP_CAP_PROVE_UNIQUE))
        err << "numplace: generate: --oracle " << found->name() << " cannot prove uniqueness\n";
    else return found;
    return std::nullopt;
}

// Whether a technique's slug names one of the vocabulary (else said, with
// the nearest name): a typo is refused at once, never searched for over
// thousands of candidates that cannot use it.
bool technique_known(const std::string& slug, const std::string& asked, std::ostream& err) {
    const std::vector<std::string> names = rating::technique_names();
    std::vector<std::string> slugs;
    for (const auto& n : names) {
        slugs.push_back(rating::technique_slug(n));
        if (slugs.back() == slug) return true;
    }
    std::string guess;
    if (const auto near = nearest(slug, slugs))
        guess = " (did you mean '" + names[static_cast<std::size_t>(std::find(slugs.begin(), slugs.end(), *near) - slugs.begin())] + "'?)";
    err << "numplace: generate: --technique: '" << utf8_clean(asked)
        << "' is no technique of the vocabulary (docs/rating.md; explain names each step's)" << guess << "\n";
    return false;
}

// The order from --rating, --technique and --table; nullopt (said) when bad.
std::optional<judge::Order> order_of(const Args& args, std::ostream& err) {
    judge::Order order;
    if (args.has("--rating")) {
        std::string why;
        const auto band = rating::parse_band(args.text("--rating"), why);
        if (!band) {
            err << "numplace: generate: --rating: " << why << "\n";
            return std::nullopt;
        }
        order.lo = band->first, order.hi = band->second;
    }
    order.technique = args.has("--technique") ? rating::technique_slug(args.text("--technique")) : "";
    if (args.has("--technique") && order.technique.empty()) {
        err << "numplace: generate: --technique: no technique named\n";
        return std::nullopt;
    }
    if (args.has("--technique") && !technique_known(order.technique, args.text("--technique"), err))
        return std::nullopt;
    order.table = *rating::table_named(args.text("--table"));
    if (const int top = rating::highest_tenths(order.table); order.lo && *order.lo > top) {
        err << "numplace: generate: --rating " << utf8_clean(args.text("--rating")) << ": no step rates above "
            << rating::tenths_text(top) << " in the " << rating::table_name(order.table)
            << " table (docs/rating.md), so no puzzle can be in this band\n";
        return std::nullopt;
    }
    return order;
}

void write_made(std::ostream& out, OutputFormat format, const truth::OrderCall& call, uint64_t index,
                const truth::Made& made) {
    if (format != OutputFormat::json) {
        out << format_grid_as(made.puzzle, format) << '\n';
        return;
    }
    const rating::Rating& r = made.rating;
    write_json_row(out, {{"plugin", call.generator->name()}, {"rater", call.rater->name()},
                         {"size", call.size.name()}, {"what", "puzzle"}, {"seed", call.seed}, {"index", index},
                         {"candidate", made.candidate}, {"grid", format_line(made.puzzle)},
                         {"givens", made.puzzle.given_count()}, {"er", r.er / 10.0}, {"ep", r.ep / 10.0},
                         {"ed", r.ed / 10.0}, {"hardest", r.hardest}, {"table", rating::table_name(call.order.table)},
                         {"proved_by", call.prover->name()}});
}

std::string summary(const truth::OrderCall& call, const truth::OrderRun& run, uint64_t count, double seconds) {
    const truth::Tried& t = run.tried;
    char time[32];
    std::snprintf(time, sizeof time, "%.1f s", seconds);
    std::string what = judge::describe(call.order);
    if (what.rfind("ER", 0) == 0) what = "with " + what;
    return std::to_string(run.produced) + " of " + std::to_string(count) + " puzzles " + what + " from " + std::to_string(t.candidates) + " candidates of " +
           call.generator->name() + " in " + time + " (rated by " + call.rater->name() + ", " +
           std::to_string(t.out_of_band) + " not to order, " + std::to_string(t.unrated) + " unrated, " +
           std::to_string(t.not_unique + t.undecided) + " not proved unique by " + call.prover->name() + ")";
}

}  // namespace

bool wants_order(const Args& args) { return args.has("--rating") || args.has("--technique"); }

int run_to_order(const Args& args, Streams io, PluginRegistry& registry, const ChosenPlugin& generator) {
    if (args.text("--what") != "puzzle") {
        io.err << "numplace: generate: --rating and --technique make puzzles: add --what puzzle\n";
        return kExitUsage;
    }
    const auto order = order_of(args, io.err);
    const auto rater = order ? rater_of(args, registry, io.err) : std::nullopt;
    const auto prover = rater ? prover_of(args, registry, *generator.plugin, *rater, io.err) : std::nullopt;
    const auto rater_options = prover ? parse_options(args.texts("--rater-option"), io.err) : std::nullopt;
    if (!rater_options) return kExitUsage;
    if (auto problem = rater->option_problem(*rater_options, "solve"); !problem.empty()) {
        io.err << "numplace: generate: --rater-option: " << rater->name() << ": " << utf8_clean(problem) << "\n";
        return kExitUsage;
    }
    truth::OrderCall call;
    call.generator = &*generator.plugin, call.generator_options = generator.options;
    call.rater = &*rater, call.rater_options = *rater_options, call.prover = &*prover;
    call.size = size_of(args).value_or(Geometry{3, 3});
    call.seed = args.whole("--seed");
    call.order = *order;
    for (const Plugin* p : {call.rater, call.prover})
        if (!p->supports(call.size)) {
            io.err << "numplace: generate: " << p->name() << " does not take " << call.size.name() << "\n";
            return kExitUsage;
        }
    const OutputFormat format = output_format_from_name(args.text("--format")).value_or(OutputFormat::line);
    const uint64_t count = args.whole("--count");
    Budget whole = budget_of(args);
    whole.cancel = &interrupt_flag();
    const unsigned threads = args.has("-j") ? static_cast<unsigned>(args.whole("-j")) : usable_cpus();
    const Stopwatch clock;
    const truth::OrderRun run = truth::make_to_order(
        call, harness_settings(args).runner, threads, args.whole("--first"), count, args.whole("--candidates"), whole,
        [&](uint64_t index, const truth::Made& made) {
            write_made(io.out, format, call, index, made);
            io.out.flush();
        },
        [] { return interrupted(); });
    io.err << "numplace: generate: " << summary(call, run, count, clock.seconds()) << "\n";
    if (!run.error.empty()) {
        io.err << "numplace: generate: stopped: " << utf8_clean(run.error) << "\n";
        return kExitFailed;
    }
    if (interrupted()) return interrupt_exit_code();
    return run.produced < count ? kExitFailed : kExitOk;
}

}  // namespace np::cli
