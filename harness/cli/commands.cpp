#include "commands.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "numplace/input.hpp"
#include "numplace/json.hpp"

namespace np::cli {

namespace {

using json = nlohmann::ordered_json;

// A batch's exit code: the worst thing that happened.
struct ExitCode {
    int value = kExitOk;
    void raise(int code) { value = std::max(value, code); }
};

// The settings every command shares, checked once.
struct Context {
    std::optional<Geometry> size;
    OutputFormat format = OutputFormat::line;
    InputFormat input_format = InputFormat::automatic;
    Budget budget;
};

// Parses the shared flags; on a usage error prints it and returns nullopt.
std::optional<Context> make_context(const Common& c, std::ostream& err) {
    Context ctx;
    if (!c.size.empty()) {
        ctx.size = Geometry::parse(c.size);
        if (!ctx.size) {
            err << "numplace: --size " << c.size << ": expected a box shape RxC (e.g. 3x3) with 2 <= R*C <= "
                << NP_MAX_SIDE << "\n";
            return std::nullopt;
        }
    }
    auto format = output_format_from_name(c.format);
    if (!format) {
        err << "numplace: --format " << c.format << ": expected line, grid, share or json\n";
        return std::nullopt;
    }
    ctx.format = *format;
    auto input_format = input_format_from_name(c.input_format);
    if (!input_format) {
        err << "numplace: --input-format " << c.input_format << ": expected auto, line, grid or share\n";
        return std::nullopt;
    }
    ctx.input_format = *input_format;
    if (c.timeout_seconds < 0) {
        err << "numplace: --timeout must not be negative\n";
        return std::nullopt;
    }
    ctx.budget.max_nodes = c.max_nodes;
    ctx.budget.timeout_seconds = c.timeout_seconds;
    return ctx;
}

// "key=value" strings to an option list.
std::optional<OptionList> parse_options(const std::vector<std::string>& given, std::ostream& err) {
    OptionList list;
    for (const auto& text : given) {
        auto eq = text.find('=');
        if (eq == std::string::npos || eq == 0) {
            err << "numplace: --option " << text << ": expected key=value\n";
            return std::nullopt;
        }
        list.emplace_back(text.substr(0, eq), text.substr(eq + 1));
    }
    return list;
}

// Loads the plugins; prints the one-line summary when files were skipped.
PluginRegistry load_plugins(const Common& c, std::ostream& err, bool summarize_skipped) {
    PluginRegistry registry;
    registry.add_standard_search_path(c.plugin_dirs);
    if (summarize_skipped && !registry.skipped().empty())
        err << "numplace: " << registry.skipped().size()
            << " plugin file(s) skipped; `numplace plugins` says why\n";
    return registry;
}

const Plugin* require_plugin(const PluginRegistry& registry, const std::string& name, std::ostream& err) {
    if (const Plugin* p = registry.find(name)) return p;
    err << "numplace: unknown plugin '" << name << "'";
    if (registry.plugins().empty()) {
        err << " (no plugins found)";
    } else {
        err << " (available:";
        for (const auto& p : registry.plugins()) err << " " << p.name();
        err << ")";
    }
    err << "\n";
    return nullptr;
}

// Every puzzle the INPUT arguments name: files, stdin ("-" or nothing), or
// puzzles given inline. An unreadable file is reported and raises the exit
// code to 2; the other inputs still run.
std::vector<InputItem> gather_inputs(const std::vector<std::string>& inputs, const Context& ctx,
                                     std::istream& in, std::ostream& err, ExitCode& exit) {
    std::vector<InputItem> items;
    auto append = [&](std::vector<InputItem> more) {
        items.insert(items.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    };
    auto read_stdin = [&] {
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        append(split_input(text, "stdin", ctx.input_format, ctx.size));
    };
    if (inputs.empty()) read_stdin();
    bool stdin_read = inputs.empty();
    int arg_index = 0;
    for (const auto& input : inputs) {
        ++arg_index;
        std::error_code ec;
        if (input == "-") {
            if (!stdin_read) read_stdin();
            stdin_read = true;
        } else if (std::filesystem::exists(input, ec)) {
            std::ifstream file(input, std::ios::binary);
            if (std::filesystem::is_directory(input, ec) || !file) {
                err << "numplace: " << input << ": cannot read (" << (file ? "a directory" : "permission denied")
                    << ")\n";
                exit.raise(kExitUsage);
                continue;
            }
            std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
            append(split_input(text, input, ctx.input_format, ctx.size));
        } else {
            items.push_back(argument_item(input, arg_index, ctx.input_format, ctx.size));
        }
    }
    return items;
}

std::string size_name(const ParseResult& parsed_result, const Context& ctx) {
    if (const Grid* g = std::get_if<Grid>(&parsed_result)) return g->geometry.name();
    return ctx.size ? ctx.size->name() : "";
}

json input_json(const InputItem& item, const std::string& size) {
    json j{{"input", item.origin}, {"puzzle", item.text}};
    j["size"] = size.empty() ? json(nullptr) : json(size);
    return j;
}

json error_json(const std::string& message) { return {{"code", "plugin_error"}, {"message", message}}; }

// Writes a grid in the chosen text format; grids get a blank line after them
// so that the output reads back as input.
void write_grid(std::ostream& out, const Grid& grid, OutputFormat format) {
    // Line and share texts need their newline; a grid text already ends with
    // one, so for grids this "\n" is the blank line between blocks.
    out << format_grid_as(grid, format) << "\n";
}

void report_invalid(std::ostream& err, const InputItem& item, const std::string& who, const Reason& reason) {
    err << "numplace: " << item.origin << ": " << who << "invalid: " << reason_code_name(reason.code) << ": "
        << reason.message << "\n";
}

}  // namespace

// ---- numplace plugins ---------------------------------------------------------

int run_plugins(const PluginsSettings& s, Streams io) {
    if (!make_context(s.common, io.err)) return kExitUsage;
    PluginRegistry registry = load_plugins(s.common, io.err, false);
    if (s.json) {
        json plugins = json::array();
        for (const auto& p : registry.plugins()) plugins.push_back(to_json(p));
        json skipped = json::array();
        for (const auto& f : registry.skipped()) skipped.push_back({{"path", f.path}, {"reason", f.reason}});
        io.out << json{{"plugins", plugins}, {"skipped", skipped}}.dump(2) << "\n";
    } else {
        if (registry.plugins().empty()) io.out << "no plugins found\n";
        for (const auto& p : registry.plugins()) {
            io.out << p.name() << " " << p.version() << ": " << p.description() << "\n";
            std::string caps;
            for (const auto& c : capability_names(p.capabilities())) caps += (caps.empty() ? "" : ", ") + c;
            io.out << "  capabilities: " << (caps.empty() ? "none" : caps) << "\n";
            io.out << "  geometries:   " << p.geometry_summary() << "\n";
            if (p.options().empty()) io.out << "  options:      none\n";
            for (const auto& o : p.options())
                io.out << "  option:       " << o.key << "=" << o.values << " (default " << o.default_value << ", "
                       << o.applies_to << "): " << o.help << "\n";
            io.out << "  path:         " << p.path() << "\n";
        }
        for (const auto& f : registry.skipped()) io.out << "skipped " << f.path << ": " << f.reason << "\n";
    }
    for (const auto& f : registry.skipped()) io.err << "numplace: skipped " << f.path << ": " << f.reason << "\n";
    return registry.skipped().empty() ? kExitOk : kExitInvalid;
}

// ---- numplace solve / count ----------------------------------------------------

int run_solve(const SolveSettings& s, Streams io) {
    auto ctx = make_context(s.common, io.err);
    auto options = parse_options(s.options, io.err);
    if (!ctx || !options) return kExitUsage;
    if (s.limit && *s.limit == 0) {
        io.err << "numplace: --limit must be at least 1\n";
        return kExitUsage;
    }
    const uint64_t limit = s.limit.value_or(s.count_mode ? NP_UNLIMITED : 2);
    PluginRegistry registry = load_plugins(s.common, io.err, true);
    const Plugin* plugin = require_plugin(registry, s.plugin, io.err);
    if (plugin == nullptr) return kExitUsage;

    ExitCode exit;
    auto items = gather_inputs(s.inputs, *ctx, io.in, io.err, exit);
    for (const auto& item : items) {
        ParseResult parsed_result = parse_puzzle(item.text, item.format, ctx->size);
        SolveOutcome outcome;
        if (const Reason* reason = std::get_if<Reason>(&parsed_result)) {
            outcome.verdict = Verdict::invalid;
            outcome.error = *reason;
        } else {
            outcome = plugin->solve(std::get<Grid>(parsed_result), limit, *options, ctx->budget);
        }
        if (outcome.verdict == Verdict::invalid) {
            exit.raise(kExitInvalid);
            report_invalid(io.err, item, std::holds_alternative<Grid>(parsed_result) ? plugin->name() + ": " : "",
                           *outcome.error);
        } else if (outcome.verdict == Verdict::error) {
            exit.raise(kExitInvalid);
            io.err << "numplace: " << item.origin << ": " << outcome.message << "\n";
        }

        if (ctx->format == OutputFormat::json) {
            json j = input_json(item, size_name(parsed_result, *ctx));
            j["plugin"] = plugin->name();
            j["verdict"] = std::string(verdict_name(outcome.verdict));
            j["count"] = outcome.count;
            j["complete"] = outcome.complete;
            json solutions = json::array();
            for (const auto& g : outcome.solutions) solutions.push_back(format_line(g));
            j["solutions"] = solutions;
            j["stats"] = to_json(outcome.stats);
            if (outcome.error) j["error"] = to_json(*outcome.error);
            else if (outcome.verdict == Verdict::error) j["error"] = error_json(outcome.message);
            else if (!outcome.message.empty()) j["message"] = outcome.message;  // the plugin's remark
            io.out << j.dump() << "\n";
            continue;
        }
        switch (outcome.verdict) {
            case Verdict::invalid: io.out << "invalid: " << outcome.error->message << "\n"; continue;
            case Verdict::error: io.out << "error: " << outcome.message << "\n"; continue;
            default: break;
        }
        if (s.count_mode) {
            io.out << outcome.count << (outcome.complete ? "" : "+") << "\n";
        } else if ((outcome.verdict == Verdict::unique || outcome.verdict == Verdict::found) &&
                   !outcome.solutions.empty()) {
            write_grid(io.out, outcome.solutions.front(), ctx->format);
        } else {
            io.out << verdict_name(outcome.verdict) << "\n";
        }
    }
    return exit.value;
}

// ---- numplace generate -----------------------------------------------------------

int run_generate(const GenerateSettings& s, Streams io) {
    auto ctx = make_context(s.common, io.err);
    auto options = parse_options(s.options, io.err);
    if (!ctx || !options) return kExitUsage;
    if (s.what != "grid" && s.what != "puzzle") {
        io.err << "numplace: --what " << s.what << ": expected grid or puzzle\n";
        return kExitUsage;
    }
    PluginRegistry registry = load_plugins(s.common, io.err, true);
    const Plugin* plugin = require_plugin(registry, s.plugin, io.err);
    if (plugin == nullptr) return kExitUsage;

    const Geometry geometry = ctx->size.value_or(Geometry{3, 3});
    const auto kind = s.what == "grid" ? NP_GENERATE_GRID : NP_GENERATE_PUZZLE;
    GenerateOutcome outcome = plugin->generate(geometry, kind, s.seed, s.count, *options, ctx->budget);
    if (!outcome.ok) {
        io.err << "numplace: generate: " << outcome.message << "\n";
        return kExitInvalid;
    }
    for (std::size_t i = 0; i < outcome.results.size(); ++i) {
        const Grid& g = outcome.results[i];
        if (ctx->format == OutputFormat::json) {
            io.out << json{{"plugin", plugin->name()}, {"size", geometry.name()}, {"what", s.what},
                           {"seed", s.seed}, {"index", i}, {"grid", format_line(g)}, {"givens", g.given_count()}}
                          .dump()
                   << "\n";
        } else {
            write_grid(io.out, g, ctx->format);
        }
    }
    if (ctx->format == OutputFormat::json)
        io.err << "numplace: generate: " << to_json(outcome.stats).dump() << "\n";
    if (outcome.results.size() < s.count) {
        io.err << "numplace: generate: the budget ran out after " << outcome.results.size() << " of " << s.count
               << " results\n";
        return kExitInvalid;
    }
    return kExitOk;
}

// ---- numplace check --------------------------------------------------------------

int run_check(const CheckSettings& s, Streams io) {
    auto ctx = make_context(s.common, io.err);
    auto options = parse_options(s.options, io.err);
    if (!ctx || !options) return kExitUsage;
    const Plugin* plugin = nullptr;
    PluginRegistry registry;
    if (!s.plugin.empty()) {
        registry = load_plugins(s.common, io.err, true);
        plugin = require_plugin(registry, s.plugin, io.err);
        if (plugin == nullptr) return kExitUsage;
    }
    const std::string checker = plugin ? plugin->name() : "framework";

    ExitCode exit;
    auto items = gather_inputs(s.inputs, *ctx, io.in, io.err, exit);
    for (const auto& item : items) {
        ParseResult parsed_result = parse_puzzle(item.text, item.format, ctx->size);
        std::vector<Reason> violations;
        std::string failure;
        const Grid* grid = std::get_if<Grid>(&parsed_result);
        if (grid == nullptr) {
            violations.push_back(std::get<Reason>(parsed_result));
        } else if (plugin) {
            CheckOutcome outcome = plugin->check(*grid, *options);
            if (outcome.ok) violations = std::move(outcome.violations);
            else failure = outcome.message;
        } else {
            violations = check_rules(*grid);
        }
        if (!failure.empty()) {
            exit.raise(kExitInvalid);
            io.err << "numplace: " << item.origin << ": " << failure << "\n";
        } else if (!violations.empty()) {
            exit.raise(kExitInvalid);
            for (const auto& v : violations) report_invalid(io.err, item, "", v);
        }

        if (ctx->format == OutputFormat::json) {
            json j = input_json(item, size_name(parsed_result, *ctx));
            j["checker"] = checker;
            j["valid"] = failure.empty() && violations.empty();
            j["full"] = grid != nullptr && grid->is_full();
            json list = json::array();
            for (const auto& v : violations) list.push_back(to_json(v));
            j["violations"] = list;
            if (!failure.empty()) j["error"] = error_json(failure);
            io.out << j.dump() << "\n";
            continue;
        }
        if (!failure.empty()) {
            io.out << "error: " << failure << "\n";
        } else if (violations.empty()) {
            io.out << "valid (" << (grid->is_full() ? "full" : std::to_string(grid->given_count()) + " givens")
                   << ")\n";
        } else {
            io.out << "invalid: " << violations.size() << " violation" << (violations.size() == 1 ? "" : "s")
                   << "\n";
            for (const auto& v : violations) io.out << "  " << reason_code_name(v.code) << ": " << v.message << "\n";
        }
    }
    return exit.value;
}

}  // namespace np::cli
