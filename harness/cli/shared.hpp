// What several commands share, one include: the common flags and the
// settings read from them (flags.hpp), reading inputs (inputs.hpp), JSON
// rows that stay valid UTF-8 (rows_json.hpp), and here plugin loading,
// output files, the worker program, interruption and the batch tally with
// its summary line (shared.cpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "cli/choose.hpp"  // which plugin a command runs: named, or the default
#include "cli/cli.hpp"
#include "cli/flags.hpp"
#include "cli/inputs.hpp"
#include "numplace/host.hpp"
#include "cli/rows_json.hpp"

namespace np::cli {

// Loads the plugins from --plugin-dir, $NUMPLACE_PLUGIN_PATH and the bundled
// folder; one line on stderr when files were skipped.
PluginRegistry load_plugins(const Args& args, std::ostream& err, bool summarize_skipped = true);
// Writes `text` to FILE, or to `out` for "-"; false (and a line on `err`:
// "numplace: FILE: cannot write (why)") on failure. A file goes through
// output::OutputFile (harness/output): a temporary beside it, renamed over
// it once whole and on disk.
bool write_file(const std::string& path, const std::string& text, std::ostream& out, std::ostream& err);
// Several files, all or nothing (output::commit_all): (path, text) pairs,
// "-" to `out` first; the files are renamed in the given order once every
// one is whole, and when one cannot be written none is replaced.
bool write_files(const std::vector<std::pair<std::string, std::string>>& files, std::ostream& out, std::ostream& err);

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

}  // namespace np::cli
