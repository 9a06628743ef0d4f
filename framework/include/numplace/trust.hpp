// What numplace takes on trust, and how it guards it.
//
// Files: the same ownership and writability rules for a plugin library, a
// command-line solver's description, the program it names and a script it
// passes from its own folder. A file that someone other than root or this
// user could have changed is refused unless the user says
// --allow-insecure-plugins.
//
// Calls in this process: a plugin that calls exit() in the middle of a call
// would otherwise end numplace with the plugin's status (exit(0): success,
// with answers missing). PluginCall marks every call; exit() during one ends
// the process with kExitPluginEnded and a line naming the plugin.
#pragma once

#include <sys/stat.h>

#include <filesystem>
#include <string>

namespace np {

// Said after every refusal, so the user knows the way past it.
inline constexpr const char* kInsecureHint = " (--allow-insecure-plugins loads it anyway)";

// Why someone other than root or this user could change what `st`
// describes (`what` names it in the message), or "" when no one could.
std::string unsafe_stat(const struct stat& st, const std::string& what);

// unsafe_stat of the file at `path` itself (lstat: a symlink is judged as
// the link), or why it cannot be inspected.
std::string unsafe_path(const std::filesystem::path& path, const std::string& what);

// Why the file at `real` (canonical) must not be used: it, or the folder
// holding it, could have been changed by someone else; the message ends
// with kInsecureHint. `through_symlink` says the name given was a link, so
// the message names the target. Only those two: a folder higher up (/tmp,
// world-writable with the sticky bit) does not count, so plugins in a
// private mkdtemp folder load.
std::string insecurity(const std::filesystem::path& real, bool through_symlink);

// The exit status of a process whose plugin called exit() during a call
// (numplace run with --in-process, or a worker: its parent then fails only
// that item).
inline constexpr int kExitPluginEnded = 5;

// Marks this thread as inside a call into `plugin` (its name) for
// `operation` ("solve", "check", "generate", "create", "destroy") while it
// lives. The first mark installs an atexit handler: exit() called while a
// mark lives (on this thread, or on a thread of the plugin's own while a
// call is in flight) prints "numplace: plugin P called exit() during O" on
// stderr and ends the process with kExitPluginEnded at once (_exit: nothing
// else runs, output not yet written is lost). What does not go through
// exit() (_exit, a signal) is not caught here: docs/reliability.md.
class PluginCall {
public:
    PluginCall(const char* plugin, const char* operation) noexcept;
    ~PluginCall();
    PluginCall(const PluginCall&) = delete;
    PluginCall& operator=(const PluginCall&) = delete;

private:
    const PluginCall* outer_;  // a call made from inside another (none today; kept correct anyway)
    const char* plugin_;
    const char* operation_;
    friend void report_plugin_exit();
};

}  // namespace np
