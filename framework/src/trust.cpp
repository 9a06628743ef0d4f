// The insecure-file checks (trust.hpp), shared by the plugin registry and
// command-line solvers.
#include "numplace/trust.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>

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

// ---- Calls in this process ---------------------------------------------------------

namespace {

thread_local const PluginCall* t_call = nullptr;  // the call this thread is in
// For exit() from a thread the plugin started: how many calls are in flight,
// and the latest one's names (pointers to the plugin's name, which its
// Plugin keeps alive while a call runs).
std::atomic<int> g_in_flight{0};
std::atomic<const char*> g_latest_plugin{nullptr}, g_latest_operation{nullptr};

void say(std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(2, text.data(), text.size());
        if (n <= 0 && errno != EINTR) return;
        if (n > 0) text.remove_prefix(static_cast<std::size_t>(n));
    }
}

}  // namespace

// The atexit handler: a normal exit (no call in flight) passes through.
void report_plugin_exit() {
    const char *plugin = nullptr, *operation = nullptr;
    bool own_thread = false;
    if (t_call != nullptr) {
        plugin = t_call->plugin_, operation = t_call->operation_;
    } else if (g_in_flight.load() > 0) {
        plugin = g_latest_plugin.load(), operation = g_latest_operation.load();
        own_thread = true;
    }
    if (plugin == nullptr) return;
    // Plain write(2): the streams may be mid-write on another thread.
    std::string line = "numplace: plugin " + std::string(plugin) + " called exit() during " + operation;
    if (own_thread) line += " (from a thread of its own)";
    say(line + "\n");
    _exit(kExitPluginEnded);
}

PluginCall::PluginCall(const char* plugin, const char* operation) noexcept
    : outer_(t_call), plugin_(plugin), operation_(operation) {
    static const bool installed = std::atexit(report_plugin_exit) == 0;
    (void)installed;
    g_latest_plugin.store(plugin, std::memory_order_relaxed);
    g_latest_operation.store(operation, std::memory_order_relaxed);
    g_in_flight.fetch_add(1, std::memory_order_relaxed);
    t_call = this;
}

PluginCall::~PluginCall() {
    t_call = outer_;
    g_in_flight.fetch_sub(1, std::memory_order_relaxed);
}

}  // namespace np
