// What verify, fuzz and bench share before they run anything: which plugins,
// from where, the oracle, the per-call budget and how plugins are run. One
// settings type that each command's settings embed, one function that loads
// and selects the plugins and finds the oracle (with one set of messages),
// and the standard shapes every sweep and draw uses.
//
// Nothing here knows a plugin by name but for one line: kDefaultOracle, the
// plugin --oracle names when the user names none.
#pragma once

#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "numplace/grid.hpp"
#include "numplace/host.hpp"
#include "runner/runner.hpp"

namespace np::harness {

// The default oracle: a complete search that counts every solution (dancing
// links), written independently of the solvers it judges.
inline constexpr const char* kDefaultOracle = "exhaustive-count";

struct Settings {
    std::vector<std::string> plugins;      // --plugins (names or files); empty: every loaded library
    std::vector<std::string> plugin_dirs;  // --plugin-dir
    bool allow_insecure_plugins = false;   // --allow-insecure-plugins
    std::string oracle = kDefaultOracle;   // --oracle, a name or a file; "" = none
    // The user named the oracle: its absence is then an error. The default
    // one may be missing (a build without it): judging falls back to
    // certificates and agreement.
    bool oracle_named = false;
    double timeout_seconds = 10;           // --timeout, per call; 0 = none
    uint64_t max_nodes = 200000;           // --max-nodes, per call; 0 = none
    bool max_nodes_given = false;          // the user gave --max-nodes: it overrides every other budget
    // Proofs of complete searches (docs/proofs.md): asked of every plugin
    // that can give one when max_proof_bytes > 0 (--max-proof-bytes; 0 = ask
    // for none), each checked in this process.
    uint64_t max_proof_bytes = 0;
    runner::Settings runner;               // --in-process, --memory
    const std::atomic<bool>* cancel = nullptr;  // the interrupt flag

    // The per-call budget: max_nodes, timeout_seconds, cancel, max_proof_bytes.
    Budget budget() const;
    // The nodes a call of `plugin` gets: --max-nodes when the user gave it;
    // else the smaller of max_nodes and the plugin's suggestion (ABI 3.3: a
    // plugin that spends every node it is given when it concludes nothing),
    // raised to the entry's own max_nodes (`entry_nodes`, 0: none) when that
    // is more.
    uint64_t nodes_for(const Plugin& plugin, uint64_t entry_nodes = 0) const;
};

// The loaded plugins. Not copied or moved: `oracle` points into `oracle_plugin`.
struct Plugins {
    PluginRegistry registry;   // every plugin found (provers come from its plugins())
    std::vector<Plugin> chosen;  // the --plugins, in that order, or every loaded library
    std::optional<Plugin> oracle_plugin;
    const Plugin* oracle = nullptr;  // nullptr: none named, or the default is absent

    Plugins() = default;
    Plugins(const Plugins&) = delete;
    Plugins& operator=(const Plugins&) = delete;
};

// Loads from --plugin-dir, $NUMPLACE_PLUGIN_PATH and the bundled folder,
// selects --plugins and finds the oracle, each by name or by file
// (PluginRegistry::resolve). nullptr and `error` (one line, no command name)
// for an unknown plugin, a named oracle that is not loaded, or a name two
// files give among the chosen and the oracle (the default oracle's too: a
// plugin planted under its name never judges silently).
std::unique_ptr<Plugins> load_plugins(const Settings& settings, std::string& error);

// Where a plugin came from, as a report records it (Plugin::file and the
// SHA-256s taken when it was loaded): what makes a report say exactly which
// program was judged, and what lets verify --resume and bench --resume refuse
// a plugin whose file has changed since.
struct PluginFile {
    std::string plugin;          // its name
    std::string file;            // absolute, symlinks resolved
    std::string sha256;          // hex, of the file
    std::string program;         // a command-line solver's program ("" otherwise)
    std::string program_sha256;  // "" when none or unreadable
    bool operator==(const PluginFile&) const = default;
};
PluginFile file_of(const Plugin& plugin);
nlohmann::ordered_json to_json(const PluginFile& file);
// Throws (nlohmann's exceptions) on a malformed entry, as the report readers expect.
PluginFile plugin_file_from_json(const nlohmann::ordered_json& j);
// The plugin files of `chosen`, then the oracle's when it is not among them.
std::vector<PluginFile> files_of(const std::vector<Plugin>& chosen, const Plugin* oracle);
// Why `now` is not the program `earlier` recorded: "" when its SHA-256s are
// the same (the file may have moved), else one line naming the plugin and
// its file, for --resume's refusal.
std::string changed_file(const PluginFile& earlier, const PluginFile& now);

// The plugin that settles what `subject` says: the oracle, unless the oracle
// is the subject itself (a plugin is never judged by itself); then the first
// of `candidates` other than the subject that solves and proves uniqueness.
// nullptr when there is none.
const Plugin* prover_for(const std::string& subject, const Plugin* oracle, const std::vector<const Plugin*>& candidates);
const Plugin* prover_for(const std::string& subject, const Plugin* oracle, const std::vector<Plugin>& candidates);

// The plugin that checks `subject`'s explanation of `puzzle` (the step
// checker's phases 3 and 4): the oracle when it can, else the first of
// `candidates` that can: not the subject, a complete search (it counts),
// taking candidate masks, the puzzle's shape and, for a variant, its kinds
// and region layout. nullptr when there is none (those phases are skipped).
const Plugin* step_prover_for(const std::string& subject, const Grid& puzzle, const Plugin* oracle,
                              const std::vector<Plugin>& candidates);

// The box shapes of the generator sweep and of fuzz's draws: 2x2, 2x3, 3x3,
// 3x4, 4x4, 5x5 (grids 4x4 to 25x25).
const std::vector<Geometry>& standard_shapes();

}  // namespace np::harness
