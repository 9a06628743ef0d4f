// The flags several commands share, declared once (the harness's with
// harness::Settings's defaults), and the settings and values commands read
// from them (flags.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "numplace/host.hpp"
#include "numplace/input.hpp"
#include "setup/setup.hpp"

namespace np::cli {

// ---- The shared flags, declared once ----------------------------------------
namespace flags {
FlagSpec plugin_dir();
FlagSpec allow_insecure_plugins();  // with plugin_dir() in every command that loads plugins
FlagSpec no_sandbox();              // with them in every command that runs plugins
// --plugin, optional.
FlagSpec plugin(const std::string& help);
// --plugin for a command that, with none named, takes the default of each
// shape (choose.hpp); `help` says which kind of plugin it needs.
FlagSpec plugin_or_default(const std::string& help = "Plugin to use");
FlagSpec size(const std::string& default_words = "inferred from each input");
FlagSpec format(std::vector<std::string> choices, std::string default_value);
FlagSpec input_format();
FlagSpec max_nodes();
FlagSpec timeout();
FlagSpec option();
FlagSpec seed(const std::string& help);
FlagSpec inputs();

// The harness's flags (verify, fuzz, bench), with harness::Settings's
// defaults: the library's defaults are the command line's. --timeout and
// --max-nodes above are the one-shot commands' (solve, count, ...): no limit
// unless asked, since a user counting every 6x6 grid means to wait (a
// command-line solver has a default deadline of its own: external.hpp).
FlagSpec plugins(const std::string& help);
FlagSpec oracle(const std::string& help);
FlagSpec call_timeout();    // --timeout, seconds per call
FlagSpec call_max_nodes();  // --max-nodes, search nodes per call
FlagSpec in_process();
FlagSpec memory();
// --max-proof-bytes (the byte budget of each proof, 0 = ask for none), with
// the default of the command that takes it.
FlagSpec max_proof_bytes(uint64_t default_bytes);
// The set verify and fuzz take: --plugins (with `plugins_help`),
// --plugin-dir, --allow-insecure-plugins, --oracle, --timeout, --max-nodes,
// --in-process, --memory.
std::vector<FlagSpec> harness(const std::string& plugins_help, const std::string& oracle_help);
}  // namespace flags

// A command's flags: the shared ones, then its own.
std::vector<FlagSpec> with(std::vector<FlagSpec> shared, const std::vector<FlagSpec>& own);

// harness::Settings from the harness flags the command takes (a flag it
// does not take keeps the library's default); the interrupt flag as cancel
// and numplace-worker beside this binary as the worker program.
harness::Settings harness_settings(const Args& args);

// The budget from --max-nodes and --timeout, with the interrupt flag as its
// terminate callback.
Budget budget_of(const Args& args);
std::optional<Geometry> size_of(const Args& args);
InputFormat input_format_of(const Args& args);
// --option values, key=value each; nullopt (and one line on stderr) otherwise.
std::optional<OptionList> parse_options(const std::vector<std::string>& given, std::ostream& err);
// The same for a repeatable flag's values, into `out`: false (said) when one is bad.
bool take_options(const Args& args, const std::string& flag, OptionList& out, std::ostream& err);
// "a,b,,c" -> {"a", "b", "c"}: the --plugins, --tags, --ids lists.
std::vector<std::string> comma_list(const std::string& text);

}  // namespace np::cli
