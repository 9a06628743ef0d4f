// numplace plugins: what is loaded, what was skipped and why.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/commands/commands.hpp"
#include "numplace/json.hpp"
#include "numplace/sandbox.hpp"
#include "numplace/variant_abi.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

// A plugin as the host opened it, by its absolute path, usable from
// anywhere (found through `--plugin-dir build/plugins` too). A skipped entry
// stays as it was found: "." is refused in $NUMPLACE_PLUGIN_PATH for being
// relative.
std::string absolute(const std::string& path) {
    std::error_code ec;
    const auto full = std::filesystem::absolute(path, ec);
    return ec ? path : full.lexically_normal().string();
}

// The names two or more loaded files give: none of them is chosen by that
// name (verify, fuzz, bench, solve refuse it), only by its file.
std::vector<std::string> clashing_names(const PluginRegistry& registry) {
    std::vector<std::string> names;
    for (const auto& p : registry.loaded())
        if (!registry.clash(p.name()).empty() && std::find(names.begin(), names.end(), p.name()) == names.end())
            names.push_back(p.name());
    return names;
}

// The other files that give `p`'s name.
std::vector<std::string> clashes_of(const PluginRegistry& registry, const Plugin& p) {
    std::vector<std::string> others;
    for (const auto& file : registry.clash(p.name()))
        if (file != p.file()) others.push_back(file);
    return others;
}

void print_text(const PluginRegistry& registry, std::ostream& out) {
    if (registry.loaded().empty()) out << "no plugins found\n";
    for (const auto& p : registry.loaded()) {
        out << p.name() << " " << p.version() << ": " << p.description() << "\n";
        std::string caps;
        for (const auto& c : capability_names(p.capabilities())) caps += (caps.empty() ? "" : ", ") + c;
        out << "  capabilities: " << (caps.empty() ? "none" : caps) << "\n";
        out << "  geometries:   " << p.geometry_summary() << (p.shapes_note().empty() ? "" : "; " + p.shapes_note()) << "\n";
        if (p.default_for() != 0) {
            std::string ops;
            for (const auto& c : capability_names(p.default_for())) ops += (ops.empty() ? "" : ", ") + c;
            out << "  default for:  " << ops << " (rank " << p.default_rank() << ", when no --plugin is named)\n";
        }
        if (p.kinds() != 0 || p.region_layouts() != 0) {
            std::string kinds;
            for (const auto& k : kind_names(p.kinds())) kinds += (kinds.empty() ? "" : ", ") + k;
            std::string layouts = "boxes";
            for (const auto& l : layout_names(p.region_layouts())) layouts += ", " + l;
            out << "  variants:     " << (kinds.empty() ? "no constraint kinds" : kinds) << "; regions: " << layouts
                << "\n";
        }
        if (p.suggested_max_nodes() != 0)
            out << "  budget:       " << p.suggested_max_nodes()
                << " nodes a call in verify and fuzz unless --max-nodes is given (its own suggestion)\n";
        if (p.options().empty()) out << "  options:      none\n";
        for (const auto& o : p.options())
            out << "  option:       " << o.key << "=" << o.values << " (default " << o.default_value << ", "
                << o.applies_to << "): " << o.help << "\n";
        out << "  path:         " << absolute(p.path()) << "\n";
        out << "  sha256:       " << p.sha256() << "\n";
        if (const auto f = harness::file_of(p); !f.program.empty())
            out << "  program:      " << f.program << " (sha256 "
                << (f.program_sha256.empty() ? "unreadable" : f.program_sha256) << ")\n";
        if (p.external()) out << "  kind:         a command-line solver: verify, fuzz and bench use it only when named\n";
        for (const auto& other : clashes_of(registry, p))
            out << "  clash:        " << other << " gives this name too: choose either by its path\n";
    }
    for (const auto& f : registry.skipped()) out << "skipped " << f.path << ": " << f.reason << "\n";
}

// What the sandbox of plugin processes enforces on this machine, a part a
// line, for each kind of process that runs a plugin's code.
int sandbox_info(Streams io) {
    io.out << "sandbox of plugin processes: " << (sandbox_enabled() ? "on" : "off (--no-sandbox or NUMPLACE_NO_SANDBOX)")
           << "\n";
    const SandboxSupport& support = sandbox_support();
    io.out << "a library plugin's worker; bench's measuring child; a command-line solver's program under "
              "--in-process:\n";
    for (const auto& line : support.describe()) io.out << "  " << line << "\n";
    io.out << "a command-line solver's program, started by its worker or by bench's measuring child:\n";
    for (const auto& line : support.describe_nested()) io.out << "  " << line << "\n";
    return kExitOk;
}

json plugin_json(const PluginRegistry& registry, const Plugin& p) {
    json entry = to_json(p);
    entry["path"] = absolute(p.path());
    entry["file"] = p.file();
    entry["sha256"] = p.sha256();
    if (const auto f = harness::file_of(p); !f.program.empty()) {
        entry["program"] = f.program;
        entry["program_sha256"] = f.program_sha256;
    }
    entry["clashes_with"] = clashes_of(registry, p);
    return entry;
}

int run(const Args& args, Streams io) {
    if (args.flag("--sandbox-info")) return sandbox_info(io);
    PluginRegistry registry = load_plugins(args, io.err, false);
    if (args.flag("--json") || args.text("--format") == "json") {
        json plugins = json::array();
        for (const auto& p : registry.loaded()) plugins.push_back(plugin_json(registry, p));
        json skipped = json::array();
        for (const auto& f : registry.skipped()) skipped.push_back({{"path", f.path}, {"reason", f.reason}});
        io.out << dump_document(json{{"plugins", plugins}, {"skipped", skipped}}) << "\n";
    } else {
        print_text(registry, io.out);
    }
    const std::vector<std::string> clashes = clashing_names(registry);
    if (registry.skipped().empty() && clashes.empty()) return kExitOk;
    if (!registry.skipped().empty())
        io.err << "numplace: " << registry.skipped().size() << " plugin file(s) skipped (listed above)\n";
    for (const auto& name : clashes)
        io.err << "numplace: " << clash_message(name, registry.clash(name)) << "\n";
    return kExitFailed;
}

}  // namespace

Command plugins_command() {
    return {{"plugins"},
            "List the plugins found, then the files skipped and why",
            "Each plugin with its file and SHA-256. Two files that give one name are both listed, each marked "
            "'clash': that name then chooses neither (verify, fuzz, bench and solve refuse it); choose one by its "
            "path instead. Exit 1 when a plugin file was skipped or a name is given by two files.",
            {flags::plugin_dir(), flags::allow_insecure_plugins(), flags::format({"text", "json"}, "text"),
             {"--json", FlagKind::flag, "Same as --format json"}, flags::no_sandbox(),
             {"--sandbox-info", FlagKind::flag,
              "Say what the sandbox of plugin processes enforces on this machine (docs/reliability.md), and nothing else"}},
            run};
}

}  // namespace np::cli
