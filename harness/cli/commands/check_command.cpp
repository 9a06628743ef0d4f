// numplace check: every rule violation of full or partial grids, located.
#include <iostream>

#include "cli/commands/commands.hpp"
#include "numplace/json.hpp"
#include "numplace/variant.hpp"
#include "runner/runner.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

// One input and what the check said.
struct Row {
    InputItem item;
    ParseResult parsed;
    std::vector<Reason> violations;
    std::string failure;  // the plugin's, when it gave no certified answer
    bool bad_option = false;
};

void write_row(std::ostream& out, const Row& row, const std::string& checker, const std::optional<Geometry>& size,
               bool as_json) {
    const Grid* grid = std::get_if<Grid>(&row.parsed);
    if (as_json) {
        json j{{"input", row.item.origin}, {"puzzle", row.item.text}};
        j["size"] = grid ? json(grid->geometry.name()) : size ? json(size->name()) : json(nullptr);
        j["checker"] = checker;
        j["valid"] = row.failure.empty() && row.violations.empty();
        j["full"] = grid != nullptr && grid->is_full();
        json list = json::array();
        for (const auto& v : row.violations) list.push_back(to_json(v));
        j["violations"] = std::move(list);
        if (!row.failure.empty()) j["error"] = {{"code", "plugin_error"}, {"message", row.failure}};
        write_json_row(out, std::move(j));
    } else if (!row.failure.empty()) {
        out << "error: " << row.failure << "\n";
    } else if (row.violations.empty()) {
        out << "valid (" << (grid->is_full() ? "full" : std::to_string(grid->given_count()) + " givens") << ")\n";
    } else {
        out << "invalid: " << row.violations.size() << " violation" << (row.violations.size() == 1 ? "" : "s") << "\n";
        for (const auto& v : row.violations) out << "  " << reason_code_name(v.code) << ": " << v.message << "\n";
    }
}

// The framework's check: every duplicate, and of a variant grid the first
// constraint its filled cells break (check_variant_partial; the cells of a
// full grid, check_variant).
std::vector<Reason> framework_check(const Grid& grid) {
    std::vector<Reason> found = check_rules(grid);
    if (auto issue = check_variant_grid(grid)) found.push_back(Reason{ReasonCode::breaks_constraint, 0, 0, 0, 0, issue->message});
    return found;
}

// The plugin's check of the grids among `rows`, in one call of the runner
// (one exchange with the worker process).
void check_with_plugin(runner::Runner& runner, const ChosenPlugin& chosen, std::vector<Row>& rows) {
    std::vector<const Grid*> grids;
    std::vector<Row*> asked;
    for (Row& row : rows)
        if (const Grid* grid = std::get_if<Grid>(&row.parsed)) {
            grids.push_back(grid);
            asked.push_back(&row);
        }
    if (grids.empty()) return;
    Budget budget;
    budget.cancel = &interrupt_flag();
    auto outcomes = runner.check(*chosen.plugin, grids, chosen.options, budget);
    for (std::size_t k = 0; k < asked.size(); ++k) {
        CheckOutcome& outcome = outcomes[k];
        asked[k]->bad_option = outcome.status == NP_BAD_OPTION;
        if (outcome.ok) asked[k]->violations = std::move(outcome.violations);
        else asked[k]->failure = std::move(outcome.message);
    }
}

int run(const Args& args, Streams io) {
    std::optional<ChosenPlugin> chosen;
    if (args.has("--plugin")) {
        PluginRegistry registry = load_plugins(args, io.err);
        chosen = choose_plugin(args, registry, NP_CAP_CHECK_GRID, "check grids", "check", io.err);
        if (!chosen) return kExitUsage;
    } else if (args.has("--option")) {
        io.err << "numplace check: --option needs --plugin\n";
        return kExitUsage;
    }
    std::unique_ptr<runner::Runner> runner;
    if (chosen) {
        if (!worker_available(args, io.err)) return kExitUsage;
        runner = runner::make_runner(harness_settings(args).runner);
    }
    const std::string checker = chosen ? chosen->plugin->name() : "framework";
    const bool as_json = args.text("--format") == "json";
    const auto size = size_of(args);

    // With a plugin, rows wait in `pending` (up to kBatch, fewer when the
    // input pauses) so that a worker answers many in one exchange; they are
    // written in input order.
    constexpr std::size_t kBatch = 64;
    Tally tally;
    bool bad_option = false;
    std::vector<Row> pending;
    auto write_pending = [&] {
        if (runner) check_with_plugin(*runner, *chosen, pending);
        for (const Row& row : pending) {
            // Interrupted: what the stopped worker did not answer is not written.
            if (interrupted() && !row.failure.empty()) break;
            tally.row();
            if (!row.failure.empty()) tally.failed(row.item.origin);
            else if (!row.violations.empty()) tally.invalid(row.item.origin);
            write_row(io.out, row, checker, size, as_json);
            if (row.bad_option) {
                bad_option = true;
                break;
            }
        }
        pending.clear();
    };
    for_each_input(args, io.in, io.err, tally, [&](const InputItem& item) {
        Row row{item, parse_item(item, size), {}, {}};
        if (const Reason* reason = std::get_if<Reason>(&row.parsed)) row.violations.push_back(*reason);
        else if (!runner) row.violations = framework_check(std::get<Grid>(row.parsed));
        pending.push_back(std::move(row));
        if (pending.size() >= (runner ? kBatch : 1)) write_pending();
        return !bad_option && !interrupted();
    }, [&] {
        // The input paused: what was checked is out before numplace waits.
        write_pending();
        io.out.flush();
    });
    write_pending();
    io.out.flush();
    const int code = tally.finish(io.err, "grids");
    return bad_option && !interrupted() ? kExitUsage : code;
}

}  // namespace

Command check_command() {
    FlagSpec plugin = flags::plugin("Use this plugin's check-grid instead of the framework's");
    return {{"check"},
            "Check full or partial grids against the rules, listing every violation",
            "The framework's rule check by default; --plugin uses that plugin's check-grid instead, and its "
            "answer is certified against the framework's. Exit 1 when a grid breaks a rule. With --plugin: " +
                std::string(kWorkerHelp),
            {plugin, flags::plugin_dir(), flags::allow_insecure_plugins(), flags::no_sandbox(),
             flags::option(), flags::size(), flags::input_format(), flags::format({"text", "json"}, "text"),
             flags::in_process(), flags::memory(), flags::inputs()},
            run};
}

}  // namespace np::cli
