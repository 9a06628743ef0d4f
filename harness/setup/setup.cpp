#include "setup/setup.hpp"

#include <algorithm>

#include "numplace/digest.hpp"

namespace np::harness {

Budget Settings::budget() const {
    Budget b;
    b.max_nodes = max_nodes;
    b.timeout_seconds = timeout_seconds;
    b.cancel = cancel;
    b.max_proof_bytes = max_proof_bytes;
    return b;
}

uint64_t Settings::nodes_for(const Plugin& plugin, uint64_t entry_nodes) const {
    if (max_nodes_given) return max_nodes;
    uint64_t nodes = max_nodes;
    const uint64_t suggested = plugin.suggested_max_nodes();
    if (suggested != 0 && (nodes == 0 || suggested < nodes)) nodes = suggested;
    // An entry's own budget only ever raises what the call would get.
    if (entry_nodes != 0 && nodes != 0 && entry_nodes > nodes) nodes = entry_nodes;
    return nodes;
}

namespace {

// The oracle --oracle names (a name or a file), or the default one when it is
// loaded. False and `error` for a named oracle that is not loaded, and for
// any oracle name two files give: the default's name is the one a planted
// plugin would take, so that clash is an error even when --oracle is unset.
bool find_oracle(const Settings& s, Plugins& loaded, std::string& error) {
    if (s.oracle.empty()) return true;
    const bool default_absent = !s.oracle_named && loaded.registry.find(s.oracle) == nullptr &&
                                loaded.registry.clash(s.oracle).empty();
    if (default_absent) return true;  // a build without it: judging falls back to certificates
    auto oracle = loaded.registry.resolve(s.oracle, error);
    if (!oracle) {
        if (error.rfind("unknown plugin", 0) == 0)
            error = "the oracle '" + s.oracle + "' is not loaded (--oracle names it; `numplace plugins` lists what is)";
        else
            error = "the oracle: " + error;
        return false;
    }
    loaded.oracle_plugin = std::move(*oracle);
    loaded.oracle = &*loaded.oracle_plugin;
    return true;
}

}  // namespace

std::unique_ptr<Plugins> load_plugins(const Settings& s, std::string& error) {
    auto loaded = std::make_unique<Plugins>();
    loaded->registry.set_allow_insecure(s.allow_insecure_plugins);
    loaded->registry.add_standard_search_path(s.plugin_dirs);
    auto chosen = loaded->registry.select(s.plugins, error);
    if (!chosen) return nullptr;
    loaded->chosen = std::move(*chosen);
    if (!find_oracle(s, *loaded, error)) return nullptr;
    // The oracle judges the chosen by name: one of them with its name but
    // another file would be judged by neither.
    for (const Plugin& p : loaded->chosen)
        if (loaded->oracle != nullptr && p.name() == loaded->oracle->name() && p.sha256() != loaded->oracle->sha256()) {
            error = "the oracle: " + clash_message(p.name(), {loaded->oracle->file(), p.file()});
            return nullptr;
        }
    return loaded;
}

PluginFile file_of(const Plugin& p) {
    PluginFile f{p.name(), p.file(), p.sha256(), p.program(), ""};
    // A command-line solver's program too, when it can be read: a
    // description that stays the same while its program changes still
    // changes what is judged.
    std::string unreadable;
    if (!f.program.empty()) f.program_sha256 = sha256_file(f.program, unreadable).value_or("");
    return f;
}

nlohmann::ordered_json to_json(const PluginFile& f) {
    nlohmann::ordered_json j{{"plugin", f.plugin}, {"file", f.file}, {"sha256", f.sha256}};
    if (!f.program.empty()) {
        j["program"] = f.program;
        j["program_sha256"] = f.program_sha256;
    }
    return j;
}

PluginFile plugin_file_from_json(const nlohmann::ordered_json& j) {
    PluginFile f;
    f.plugin = j.at("plugin").get<std::string>();
    f.file = j.at("file").get<std::string>();
    f.sha256 = j.at("sha256").get<std::string>();
    f.program = j.value("program", "");
    f.program_sha256 = j.value("program_sha256", "");
    return f;
}

std::vector<PluginFile> files_of(const std::vector<Plugin>& chosen, const Plugin* oracle) {
    std::vector<PluginFile> files;
    for (const Plugin& p : chosen) files.push_back(file_of(p));
    if (oracle != nullptr && std::none_of(chosen.begin(), chosen.end(),
                                          [&](const Plugin& p) { return p.file() == oracle->file(); }))
        files.push_back(file_of(*oracle));
    return files;
}

std::string changed_file(const PluginFile& earlier, const PluginFile& now) {
    const auto shown = [](const std::string& sha) { return sha.empty() ? std::string("unreadable") : sha; };
    if (earlier.sha256 != now.sha256) {
        if (earlier.file == now.file)
            return "plugin " + now.plugin + ": its file " + now.file + " has changed (SHA-256 " + earlier.sha256 +
                   " in the report, " + now.sha256 + " now)";
        return "plugin " + now.plugin + ": its file " + now.file + " (SHA-256 " + now.sha256 + ") is not the report's " +
               earlier.file + " (SHA-256 " + earlier.sha256 + ")";
    }
    if (earlier.program_sha256 != now.program_sha256)
        return "plugin " + now.plugin + ": its program " + now.program + " has changed (SHA-256 " +
               shown(earlier.program_sha256) + " in the report, " + shown(now.program_sha256) + " now)";
    return "";
}

const Plugin* prover_for(const std::string& subject, const Plugin* oracle, const std::vector<const Plugin*>& candidates) {
    if (oracle != nullptr && oracle->name() != subject) return oracle;
    for (const Plugin* p : candidates)
        if (p->name() != subject && p->can(NP_CAP_SOLVE) && p->can(NP_CAP_PROVE_UNIQUE)) return p;
    return nullptr;
}

const Plugin* prover_for(const std::string& subject, const Plugin* oracle, const std::vector<Plugin>& candidates) {
    std::vector<const Plugin*> pointers;
    for (const Plugin& p : candidates) pointers.push_back(&p);
    return prover_for(subject, oracle, pointers);
}

const Plugin* step_prover_for(const std::string& subject, const Grid& puzzle, const Plugin* oracle,
                              const std::vector<Plugin>& candidates) {
    const auto can = [&](const Plugin& p) {
        return p.name() != subject && p.can(NP_CAP_SOLVE) && p.can(NP_CAP_COUNT) && p.can(NP_CAP_CANDIDATES) &&
               p.supports(puzzle.geometry) && !(puzzle.is_variant() && p.variant_refusal(*puzzle.variant));
    };
    if (oracle != nullptr && can(*oracle)) return oracle;
    for (const Plugin& p : candidates)
        if (can(p)) return &p;
    return nullptr;
}

const std::vector<Geometry>& standard_shapes() {
    static const std::vector<Geometry> shapes = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}};
    return shapes;
}

}  // namespace np::harness
