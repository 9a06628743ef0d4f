// The insecure-file checks (trust.hpp), shared by the plugin registry and
// command-line solvers.
#include "numplace/trust.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace np {

std::string unsafe_stat(const struct stat& st, const std::string& what) {
    if (st.st_uid != 0 && st.st_uid != geteuid())
        return "insecure: " + what + " is owned by uid " + std::to_string(st.st_uid) + ", neither root nor this user";
    if (st.st_mode & S_IWOTH) return "insecure: " + what + " is world-writable";
    if (st.st_mode & S_IWGRP) return "insecure: " + what + " is group-writable";
    return "";
}

std::string unsafe_path(const std::filesystem::path& path, const std::string& what) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return "cannot inspect " + what + ": " + std::strerror(errno);
    return unsafe_stat(st, what);
}

std::string insecurity(const std::filesystem::path& real, bool through_symlink) {
    const std::string file = through_symlink ? "its target " + real.string() : "the file";
    std::string why = unsafe_path(real, file);
    if (why.empty()) why = unsafe_path(real.parent_path(), "its folder " + real.parent_path().string());
    return why.empty() ? why : why + kInsecureHint;
}

}  // namespace np
