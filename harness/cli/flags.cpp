// The shared flags, declared once (flags.hpp), and the settings commands
// read from them.
#include "cli/flags.hpp"

#include <sstream>

#include "cli/shared.hpp"

namespace np::cli {

// ---- Flags -----------------------------------------------------------------------

namespace flags {

namespace {
// 10 -> "10", 0.5 -> "0.5": a default as a user would type it.
std::string number_text(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}
}  // namespace

FlagSpec plugin_dir() {
    return {"--plugin-dir", FlagKind::texts,
            "Folder (or single .so) to load plugins from; searched before $NUMPLACE_PLUGIN_PATH and the bundled "
            "folder. The current directory is searched only when named (--plugin-dir .). Repeatable."};
}
FlagSpec allow_insecure_plugins() {
    return {"--allow-insecure-plugins", FlagKind::flag,
            "Load plugin files (.so, .solver.yaml) even when the file or its folder is group- or world-writable or "
            "owned by neither root nor you; refused by default, since whoever can change them runs code as you"};
}
FlagSpec no_sandbox() {
    return {"--no-sandbox", FlagKind::flag,
            "Run plugin processes without the sandbox (their own namespaces, Landlock, seccomp, limits; "
            "docs/reliability.md). Also NUMPLACE_NO_SANDBOX=1"};
}
// How --plugin, --plugins and --oracle name a plugin: said once, in each one's help.
const char* const kByPath =
    ". A plugin is named, or given by its file: anything with a '/' or a '.' is a path (./build/my.so, "
    "solvers/x.solver.yaml); a name that two plugin files give must be given by path";

FlagSpec plugin(const std::string& help) { return {"--plugin", FlagKind::text, help + kByPath}; }
FlagSpec plugin_or_default(const std::string& help) {
    return {"--plugin", FlagKind::text,
            help + ". Default: the plugin that offers itself for the puzzle's shape and input (`numplace plugins` "
                   "shows each one's 'default for'), named on stderr" + kByPath};
}
FlagSpec size(const std::string& default_words) {
    return {"--size", FlagKind::shape,
            "Box shape RxC (R = box height, C = box width): 3x3 is a 9x9 grid. Default: " + default_words};
}
FlagSpec format(std::vector<std::string> choices, std::string default_value) {
    std::string list;
    for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
    return {"--format", FlagKind::choice, "Row format on stdout: " + list, std::move(default_value),
            std::move(choices)};
}
FlagSpec input_format() {
    return {"--input-format", FlagKind::choice,
            "Input: auto, line, grid, share or fpuzzles (line and grid also read candidates; fpuzzles reads variant "
            "puzzles as JSON, lz-string or a whole f-puzzles link: docs/input-formats.md)",
            "auto", {"auto", "line", "grid", "share", "fpuzzles"}};
}
FlagSpec max_nodes() {
    return {"--max-nodes", FlagKind::whole, "Stop each call after this many search nodes (0 = no limit)", "0"};
}
FlagSpec timeout() {
    return {"--timeout", FlagKind::seconds,
            "Stop each call after this many seconds (0 = no limit; a command-line solver still stops at its "
            "description's timeout, 60 s unless it says otherwise)",
            "0"};
}
FlagSpec option() {
    return {"--option", FlagKind::texts,
            "Plugin option key=value, checked against the plugin's own list (numplace plugins); repeatable"};
}
FlagSpec seed(const std::string& help) { return {"--seed", FlagKind::whole, help, "0"}; }
FlagSpec inputs() {
    return {"INPUT", FlagKind::texts,
            "Puzzle files, puzzles, or - for stdin (the default). An argument that names a file is read as one; "
            "one that contains '/' or ends in .txt .sdk .yaml .yml .json .csv .tsv must be a readable file; "
            "anything else is a puzzle, unless it is not one and has not a grid's number of cells (a square of 16 or "
            "more, or that of --size): then it is a file that is not there (\"no such file\", exit 2)."};
}

FlagSpec plugins(const std::string& help) { return {"--plugins", FlagKind::text, help + kByPath}; }
FlagSpec oracle(const std::string& help) { return {"--oracle", FlagKind::text, help + kByPath, harness::kDefaultOracle}; }
FlagSpec call_timeout() {
    return {"--timeout", FlagKind::seconds, "Seconds per call (0 = no limit)",
            number_text(harness::Settings{}.timeout_seconds)};
}
FlagSpec call_max_nodes() {
    return {"--max-nodes", FlagKind::whole,
            "Search nodes per call (0 = no limit); the default keeps a run deterministic and short",
            std::to_string(harness::Settings{}.max_nodes)};
}
FlagSpec in_process() {
    return {"--in-process", FlagKind::flag,
            "Call plugins in this process, not in worker processes: faster to start, but a plugin that crashes "
            "ends the run (for trusted plugins)"};
}
FlagSpec memory() {
    return {"--memory", FlagKind::whole,
            "Address-space limit of each worker process, MiB (0 = none; off in sanitizer builds)",
            std::to_string(runner::Settings{}.memory_mib)};
}
FlagSpec max_proof_bytes(uint64_t default_bytes) {
    return {"--max-proof-bytes", FlagKind::whole,
            "Ask plugins that can prove (capability proof) for a proof of each complete search, of at most this "
            "many bytes, and check it here (0 = ask for none; docs/proofs.md)",
            std::to_string(default_bytes)};
}
std::vector<FlagSpec> harness(const std::string& plugins_help, const std::string& oracle_help) {
    return {plugins(plugins_help), plugin_dir(),     allow_insecure_plugins(), no_sandbox(), oracle(oracle_help),
            call_timeout(),        call_max_nodes(), in_process(),             memory()};
}

}  // namespace flags

std::vector<FlagSpec> with(std::vector<FlagSpec> shared, const std::vector<FlagSpec>& own) {
    shared.insert(shared.end(), own.begin(), own.end());
    return shared;
}

harness::Settings harness_settings(const Args& args) {
    harness::Settings s;
    s.plugins = comma_list(args.text("--plugins"));
    s.plugin_dirs = args.texts("--plugin-dir");
    s.allow_insecure_plugins = args.flag("--allow-insecure-plugins");
    if (args.takes("--oracle")) s.oracle = args.text("--oracle");
    s.oracle_named = args.has("--oracle");
    if (args.takes("--timeout")) s.timeout_seconds = args.seconds("--timeout");
    if (args.takes("--max-nodes")) s.max_nodes = args.whole("--max-nodes");
    s.max_nodes_given = args.has("--max-nodes");
    s.runner.in_process = args.flag("--in-process");
    if (args.takes("--memory")) s.runner.memory_mib = args.whole("--memory");
    if (args.takes("--max-proof-bytes")) s.max_proof_bytes = args.whole("--max-proof-bytes");
    s.runner.worker_program = worker_program();
    s.cancel = &interrupt_flag();
    return s;
}

std::vector<std::string> comma_list(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty()) out.push_back(item);
    return out;
}

Budget budget_of(const Args& args) {
    Budget b;
    b.max_nodes = args.whole("--max-nodes");
    b.timeout_seconds = args.seconds("--timeout");
    b.cancel = &interrupt_flag();
    if (args.takes("--max-proof-bytes")) b.max_proof_bytes = args.whole("--max-proof-bytes");
    return b;
}

std::optional<Geometry> size_of(const Args& args) {
    return args.has("--size") ? Geometry::parse(args.text("--size")) : std::nullopt;
}

InputFormat input_format_of(const Args& args) {
    return input_format_from_name(args.text("--input-format")).value_or(InputFormat::automatic);
}

bool take_options(const Args& args, const std::string& flag, OptionList& out, std::ostream& err) {
    auto options = parse_options(args.texts(flag), err);
    if (options) out = std::move(*options);
    return options.has_value();
}

std::optional<OptionList> parse_options(const std::vector<std::string>& given, std::ostream& err) {
    OptionList list;
    for (const auto& text : given) {
        auto eq = text.find('=');
        if (eq == std::string::npos || eq == 0) {
            err << "numplace: --option " << utf8_clean(text) << ": expected key=value\n";
            return std::nullopt;
        }
        list.emplace_back(text.substr(0, eq), text.substr(eq + 1));
    }
    return list;
}

}  // namespace np::cli
