// Whether a file may be run or loaded: the same ownership and writability
// rules for a plugin library, a command-line solver's description, the
// program it names and a script it passes from its own folder. A file that
// someone other than root or this user could have changed is refused
// unless the user says --allow-insecure-plugins.
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

}  // namespace np
