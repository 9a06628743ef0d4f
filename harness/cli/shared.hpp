// What several commands share: the common flags (declared once here), plugin
// loading, reading inputs, the batch tally and summary line, interruption,
// and writing JSON rows that stay valid UTF-8.
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "choose.hpp"  // which plugin a command runs: named, or the default
#include "cli.hpp"
#include "numplace/host.hpp"
#include "numplace/input.hpp"
#include "numplace/utf8.hpp"
#include "setup.hpp"

namespace np::cli {

using json = nlohmann::ordered_json;

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

// Loads the plugins from --plugin-dir, $NUMPLACE_PLUGIN_PATH and the bundled
// folder; one line on stderr when files were skipped.
PluginRegistry load_plugins(const Args& args, std::ostream& err, bool summarize_skipped = true);
// --option values, key=value each; nullopt (and one line on stderr) otherwise.
std::optional<OptionList> parse_options(const std::vector<std::string>& given, std::ostream& err);
// The same for a repeatable flag's values, into `out`: false (said) when one is bad.
bool take_options(const Args& args, const std::string& flag, OptionList& out, std::ostream& err);
// Writes `text` to FILE, or to `out` for "-"; false (and a line on `err`:
// "numplace: FILE: cannot write (why)") on failure. A file goes through
// output::OutputFile (harness/output): a temporary beside it, renamed over
// it once whole and on disk.
bool write_file(const std::string& path, const std::string& text, std::ostream& out, std::ostream& err);
// Several files, all or nothing (output::commit_all): (path, text) pairs,
// "-" to `out` first; the files are renamed in the given order once every
// one is whole, and when one cannot be written none is replaced.
bool write_files(const std::vector<std::pair<std::string, std::string>>& files, std::ostream& out, std::ostream& err);

// "a,b,,c" -> {"a", "b", "c"}: the --plugins, --tags, --ids lists.
std::vector<std::string> comma_list(const std::string& text);
// numplace-worker beside this binary (bin/ in the build and in an install).
std::string worker_program();
// The CPUs this process may run on (so it behaves under Slurm and taskset).
unsigned usable_cpus();
// For commands that run plugins in workers: false (and one line on stderr)
// when numplace-worker is missing, unless --in-process was asked for.
bool worker_available(const Args& args, std::ostream& err);
// The help of the one-shot commands (solve, count, check, generate) on where
// their plugin runs.
inline constexpr const char* kWorkerHelp =
    "The plugin runs in a worker process (numplace-worker), as in verify: a plugin that crashes, calls exit() or "
    "runs out of memory (--memory) fails only what it was working on. --in-process calls it in this process "
    "instead, for plugins you trust: a crash then ends numplace, and exit() during a call ends it with status 5.";

// ---- Interruption --------------------------------------------------------------
// SIGINT and SIGTERM set a flag (nothing else happens in the handler); calls
// in flight see it through their terminate callback, loops check it.
void install_interrupt_handlers();
const std::atomic<bool>& interrupt_flag();
bool interrupted();
int interrupt_exit_code();  // 130 for SIGINT, 143 for SIGTERM, 0 when none came

// ---- Inputs ----------------------------------------------------------------------
// Calls `each` for every puzzle the INPUT arguments name, file by file, in
// order: files, stdin ("-" or no argument), or puzzles given inline. A path
// that cannot be read is an I/O error (one line on stderr; the rest still
// runs). `each` returns false to stop (interruption, a fatal plugin answer).
// `idle`, when given, runs whenever standard input (a pipe, a terminal)
// pauses: whatever was answered should be written out then, so that
// `solve | while read` sees each answer before the next puzzle is sent.
class Tally;
void for_each_input(const Args& args, std::istream& in, std::ostream& err, Tally& tally,
                    const std::function<bool(const InputItem&)>& each, const std::function<void()>& idle = {});

// ---- The batch's outcome -------------------------------------------------------
// Counts rows that were invalid or failed and remembers the first, for the
// one summary line at the end; I/O and usage problems raise the exit code.
class Tally {
public:
    void row();
    void invalid(const std::string& origin);
    void failed(const std::string& origin);
    void io_error() { raise(kExitUsage); }
    void raise(int code) { exit_ = std::max(exit_, code); }
    // Prints "numplace: 3 of 120 inputs invalid, 1 failed (first: FILE:LINE)"
    // when anything went wrong, and "interrupted" when a signal stopped it;
    // returns the exit code.
    int finish(std::ostream& err, const std::string& noun);

private:
    uint64_t rows_ = 0, invalid_ = 0, failed_ = 0;
    std::string first_;
    int exit_ = kExitOk;
};

// ---- Output ----------------------------------------------------------------------
// Writes one JSON row on a line. Every string in it that is not valid UTF-8
// has its bad bytes replaced by U+FFFD, and the row gains "not_utf8": [the
// names of those fields], so the output is always valid JSON.
// A row may be reused from one input to the next (solve does, for speed): it
// is cleaned in place.
void write_json_row(std::ostream& out, json& row);
// A puzzle as it came: its candidate line when it has pencilmarks, else its
// line (explain and rate print it so).
std::string puzzle_text(const Grid& puzzle);
void write_json_row(std::ostream& out, json&& row);
// The same cleaning for a whole document (plugins --format json).
std::string dump_document(json document);
// Text with every invalid UTF-8 sequence replaced by U+FFFD (numplace/utf8.hpp).
using np::is_utf8;
using np::utf8_clean;

}  // namespace np::cli
