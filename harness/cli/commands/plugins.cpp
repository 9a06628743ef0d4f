// numplace plugins: what is loaded, what was skipped and why.
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "numplace/json.hpp"
#include "numplace/sandbox.hpp"
#include "shared.hpp"

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

void print_text(const PluginRegistry& registry, std::ostream& out) {
    if (registry.plugins().empty()) out << "no plugins found\n";
    for (const auto& p : registry.plugins()) {
        out << p.name() << " " << p.version() << ": " << p.description() << "\n";
        std::string caps;
        for (const auto& c : capability_names(p.capabilities())) caps += (caps.empty() ? "" : ", ") + c;
        out << "  capabilities: " << (caps.empty() ? "none" : caps) << "\n";
        out << "  geometries:   " << p.geometry_summary() << "\n";
        if (p.options().empty()) out << "  options:      none\n";
        for (const auto& o : p.options())
            out << "  option:       " << o.key << "=" << o.values << " (default " << o.default_value << ", "
                << o.applies_to << "): " << o.help << "\n";
        out << "  path:         " << absolute(p.path()) << "\n";
        if (p.external()) out << "  kind:         a command-line solver: verify, fuzz and bench use it only when named\n";
    }
    for (const auto& f : registry.skipped()) out << "skipped " << f.path << ": " << f.reason << "\n";
}

// What the sandbox of plugin processes enforces on this machine, a part a line.
int sandbox_info(Streams io) {
    io.out << "sandbox of plugin processes: " << (sandbox_enabled() ? "on" : "off (--no-sandbox or NUMPLACE_NO_SANDBOX)")
           << "\n";
    for (const auto& line : sandbox_support().describe()) io.out << "  " << line << "\n";
    return kExitOk;
}

int run(const Args& args, Streams io) {
    if (args.flag("--sandbox-info")) return sandbox_info(io);
    PluginRegistry registry = load_plugins(args, io.err, false);
    if (args.flag("--json") || args.text("--format") == "json") {
        json plugins = json::array();
        for (const auto& p : registry.plugins()) {
            plugins.push_back(to_json(p));
            plugins.back()["path"] = absolute(p.path());
        }
        json skipped = json::array();
        for (const auto& f : registry.skipped()) skipped.push_back({{"path", f.path}, {"reason", f.reason}});
        io.out << dump_document(json{{"plugins", plugins}, {"skipped", skipped}}) << "\n";
    } else {
        print_text(registry, io.out);
    }
    if (registry.skipped().empty()) return kExitOk;
    io.err << "numplace: " << registry.skipped().size() << " plugin file(s) skipped (listed above)\n";
    return kExitFailed;
}

}  // namespace

Command plugins_command() {
    return {{"plugins"},
            "List the plugins found, then the files skipped and why",
            "Exit 1 when a plugin file was skipped.",
            {flags::plugin_dir(), flags::allow_insecure_plugins(), flags::format({"text", "json"}, "text"),
             {"--json", FlagKind::flag, "Same as --format json"}, flags::no_sandbox(),
             {"--sandbox-info", FlagKind::flag,
              "Say what the sandbox of plugin processes enforces on this machine (docs/reliability.md), and nothing else"}},
            run};
}

}  // namespace np::cli
