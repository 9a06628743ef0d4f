// numplace check: every rule violation of full or partial grids, located.
#include <iostream>

#include "commands.hpp"
#include "numplace/json.hpp"
#include "shared.hpp"

namespace np::cli {

namespace {

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
    std::optional<Session> session;
    if (chosen) session.emplace(*chosen->plugin);
    const std::string checker = chosen ? chosen->plugin->name() : "framework";
    const bool as_json = args.text("--format") == "json";
    const auto size = size_of(args);

    Tally tally;
    bool bad_option = false;
    for_each_input(args, io.in, io.err, tally, [&](const InputItem& item) {
        ParseResult parsed = parse_item(item, size);
        std::vector<Reason> violations;
        std::string failure;
        const Grid* grid = std::get_if<Grid>(&parsed);
        if (grid == nullptr) {
            violations.push_back(std::get<Reason>(parsed));
        } else if (session) {
            CheckOutcome outcome = session->check(*grid, chosen->options);
            bad_option = outcome.status == NP_BAD_OPTION;
            if (outcome.ok) violations = std::move(outcome.violations);
            else failure = outcome.message;
        } else {
            violations = check_rules(*grid);
        }
        tally.row();
        if (!failure.empty()) tally.failed(item.origin);
        else if (!violations.empty()) tally.invalid(item.origin);

        if (as_json) {
            json j{{"input", item.origin}, {"puzzle", item.text}};
            j["size"] = grid ? json(grid->geometry.name()) : size ? json(size->name()) : json(nullptr);
            j["checker"] = checker;
            j["valid"] = failure.empty() && violations.empty();
            j["full"] = grid != nullptr && grid->is_full();
            json list = json::array();
            for (const auto& v : violations) list.push_back(to_json(v));
            j["violations"] = std::move(list);
            if (!failure.empty()) j["error"] = {{"code", "plugin_error"}, {"message", failure}};
            write_json_row(io.out, std::move(j));
        } else if (!failure.empty()) {
            io.out << "error: " << failure << "\n";
        } else if (violations.empty()) {
            io.out << "valid (" << (grid->is_full() ? "full" : std::to_string(grid->given_count()) + " givens")
                   << ")\n";
        } else {
            io.out << "invalid: " << violations.size() << " violation" << (violations.size() == 1 ? "" : "s") << "\n";
            for (const auto& v : violations) io.out << "  " << reason_code_name(v.code) << ": " << v.message << "\n";
        }
        return !bad_option;
    }, [&] { io.out.flush(); });  // the input paused: what was checked is out before numplace waits
    io.out.flush();
    const int code = tally.finish(io.err, "grids");
    return bad_option && !interrupted() ? kExitUsage : code;
}

}  // namespace

Command check_command() {
    FlagSpec plugin = flags::plugin("Use this plugin's check-grid instead of the framework's");
    plugin.required = false;
    return {{"check"},
            "Check full or partial grids against the rules, listing every violation",
            "The framework's rule check by default; --plugin uses that plugin's check-grid instead, and its "
            "answer is certified against the framework's. Exit 1 when a grid breaks a rule.",
            {plugin, flags::plugin_dir(), flags::allow_insecure_plugins(),
             flags::option(), flags::size(), flags::input_format(), flags::format({"text", "json"}, "text"),
             flags::inputs()},
            run};
}

}  // namespace np::cli
