// numplace: the command line. The only file that includes CLI11: it maps the
// table of commands (command_table.cpp) onto CLI11 and runs the one chosen.
#include <CLI/CLI.hpp>
#include <cctype>
#include <csignal>
#include <functional>
#include <iostream>
#include <list>
#include <map>

#include "cli/cli.hpp"
#include "numplace/sandbox.hpp"
#include "cli/shared.hpp"

namespace {

using namespace np::cli;

const char* kExitCodes =
    "Exit codes:\n"
    "  0    every input was processed and well-formed (any verdict: unique, found, none, multiple, ...)\n"
    "  1    every input was processed, but one was invalid or a plugin failed or gave a wrong answer\n"
    "       on it, a box shape it does not take included (the shape is the input's, however it was\n"
    "       given); plugins: a plugin file was skipped; check: a grid breaks a rule; solve and\n"
    "       count --proof: a proof was not written; prove-check: a proof file was rejected; report\n"
    "       --compare: a regression, with --fail-on-regression\n"
    "  2    usage or I/O error, found before any input is solved: unknown command, flag or plugin, bad\n"
    "       flag or option value, a plugin without the capability asked for (it cannot do that for\n"
    "       any input), an unreadable file (the other inputs still run)\n"    "  130  interrupted by SIGINT (Ctrl-C), 143 by SIGTERM: the call in flight is stopped, what was\n"
    "       answered so far is printed (a count as N+), and nothing more is started; a second\n"
    "       signal ends the process at once\n";

// Where CLI11 puts the texts of one command's flags until they become Args.
struct Slots {
    std::map<std::string, std::vector<std::string>> values;
    std::map<std::string, CLI::Option*> options;
};

CLI::App* subcommand_for(CLI::App& app, std::map<std::string, CLI::App*>& groups, const Command& command) {
    CLI::App* parent = &app;
    for (std::size_t i = 0; i + 1 < command.path.size(); ++i) {
        const std::string& part = command.path[i];
        if (!groups.count(part)) {
            groups[part] = parent->add_subcommand(part, group_summary(part));
            groups[part]->require_subcommand(1, 1);
        }
        parent = groups[part];
    }
    std::string footer = command.details.empty() ? kExitCodes : command.details + "\n\n" + kExitCodes;
    CLI::App* sub = parent->add_subcommand(command.path.back(), command.summary);
    sub->footer(footer);
    return sub;
}

// What --help shows for a text flag's value: what it names, not "TEXT".
std::string text_value_name(const std::string& flag) {
    static const std::map<std::string, std::string> kNames = {
        {"--plugin", "NAME|PATH"}, {"--oracle", "NAME|PATH"}, {"--rater", "NAME|PATH"},
        {"--baseline", "NAME"},    {"--plugins", "LIST"},     {"--ids", "LIST"},
        {"--tags", "LIST"},        {"--tag", "TAG"},          {"--line-tags", "LIST"},
        {"--compare", "LIST"},     {"--ratings", "FILE:COLUMN"}, {"--shard", "I/N"},
        {"--option", "KEY=VALUE"}, {"--rater-option", "KEY=VALUE"}, {"--rating-option", "KEY=VALUE"},
        {"--rating", "LOW..HIGH"}, {"--technique", "NAME"},   {"--table", "NAME"},
        {"--id-prefix", "PREFIX"}, {"--until", "TEXT"},       {"--plugin-dir", "DIR"},
        {"--source", "TEXT"},      {"--kinds", "LIST"},
    };
    if (const auto it = kNames.find(flag); it != kNames.end()) return it->second;
    // Everything else a text flag takes here is a file's name ("-": stdout).
    return flag.rfind("--", 0) == 0 ? "FILE" : "TEXT";  // a positional: its name says it
}

// What --help shows for a flag's value.
std::string value_name(const FlagSpec& spec) {
    switch (spec.kind) {
        case FlagKind::whole: return "N";
        case FlagKind::seconds: return "SECONDS";
        case FlagKind::percent: return "PERCENT";
        case FlagKind::shape: return "RxC";
        case FlagKind::choice: {
            std::string list;
            for (const auto& c : spec.choices) list += (list.empty() ? "" : "|") + c;
            return list;
        }
        default: return text_value_name(spec.name);
    }
}

void add_flags(CLI::App* sub, const Command& command, Slots& slots) {
    for (const FlagSpec& spec : command.flags) {
        auto& target = slots.values[spec.name];
        CLI::Option* option = nullptr;
        if (spec.kind == FlagKind::flag) {
            option = sub->add_flag(spec.name, spec.help);
        } else {
            option = sub->add_option(spec.name, target, spec.required ? spec.help + " (required)" : spec.help);
            if (!spec.positional()) {
                option->allow_extra_args(false);
                // One value per use ("..." in --help only for what repeats);
                // a repeated single-value flag keeps its last value.
                option->expected(1);
                option->multi_option_policy(spec.kind == FlagKind::texts ? CLI::MultiOptionPolicy::TakeAll
                                                                         : CLI::MultiOptionPolicy::TakeLast);
            }
            option->type_name(value_name(spec));
            if (!spec.default_value.empty()) option->default_str(spec.default_value);
            // Required flags are checked after parsing (cli.cpp, validate):
            // CLI11 would say "--plugin is required" before it says that
            // "--plugn" is no flag, which is the real mistake.
        }
        slots.options[spec.name] = option;
    }
}

// The first word CLI11 left over that looks like a flag ("--plugn"), or "".
std::string unknown_flag(const CLI::App& at) {
    for (const std::string& word : at.remaining())
        if (word.size() > 1 && word[0] == '-' && word != "-") return word.substr(0, word.find('='));
    return "";
}

// Every usage error is one line, "numplace[ COMMAND]: what", exit 2:
// CLI11's own text is two lines without the program's name.
int usage_error(const CLI::App& app, const CLI::ParseError& e) {
    std::string where = "numplace";
    const CLI::App* at = &app;  // the command being parsed when CLI11 stopped
    for (auto parsed = at->get_subcommands(); !parsed.empty(); parsed = at->get_subcommands()) {
        at = parsed.front();
        where += " " + at->get_name();
    }
    std::string what = e.what();
    if (at->get_require_subcommand_min() > 0 && at->get_subcommands().empty()) {
        // No command, or a word that is none: name the ones there are.
        std::string names;
        for (const CLI::App* sub : at->get_subcommands(std::function<bool(const CLI::App*)>{}))
            names += (names.empty() ? "" : ", ") + sub->get_name();
        const auto extra = at->remaining();
        what = (extra.empty() ? "a command is required" : "unknown command '" + extra.front() + "'") +
               " (commands: " + names + ")";
    } else if (const std::string word = unknown_flag(*at); !word.empty()) {
        std::vector<std::string> names;
        for (const CLI::Option* o : at->get_options())
            for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
        const std::string guess = did_you_mean(word, names);
        what = "unknown option " + word + (guess.empty() ? " (" + where + " --help lists its flags)" : guess);
    } else {
        if (!what.empty()) what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
        what += " (" + where + " --help lists its flags)";
    }
    std::cerr << where << ": " << what << "\n";
    return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    CLI::App app{"numplace: Sudoku solver and generator plugins behind one host"};
    app.footer(kExitCodes);
    app.set_version_flag("--version", std::string("numplace ") + kVersion + ", plugin ABI " + std::to_string(NP_ABI_VERSION));
    app.require_subcommand(1, 1);

    const auto& table = command_table();
    std::map<std::string, CLI::App*> groups;
    std::list<Slots> slots;  // stable addresses: CLI11 writes into them
    std::vector<std::pair<CLI::App*, Slots*>> subs;
    for (const Command& command : table) {
        CLI::App* sub = subcommand_for(app, groups, command);
        slots.emplace_back();
        add_flags(sub, command, slots.back());
        subs.emplace_back(sub, &slots.back());
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version end here with 0; every real parse error is a
        // usage error, exit 2.
        if (e.get_exit_code() == 0) return app.exit(e);
        return usage_error(app, e);
    }

    install_interrupt_handlers();
    // A write past `ulimit -f` then fails with EFBIG, which the output file
    // reports in one line naming the file, instead of killing numplace
    // without a word. Child processes get the default back (process.cpp).
    std::signal(SIGXFSZ, SIG_IGN);
    Streams io{std::cin, std::cout, std::cerr};
    for (std::size_t i = 0; i < table.size(); ++i) {
        auto [sub, slot] = subs[i];
        if (!sub->parsed()) continue;
        Args args;
        for (const FlagSpec& spec : table[i].flags) {
            CLI::Option* option = slot->options[spec.name];
            if (option->count() == 0) continue;
            args.given[spec.name] = spec.kind == FlagKind::flag ? std::vector<std::string>{""}
                                                                : slot->values[spec.name];
        }
        // Every command that runs plugins takes --no-sandbox (flags::no_sandbox);
        // the child-process primitive reads the switch.
        if (args.flag("--no-sandbox")) np::set_sandbox_enabled(false);
        return run_command(table[i], args, io);
    }
    return kExitUsage;
}
