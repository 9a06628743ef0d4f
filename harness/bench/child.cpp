#include "child.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>

#include "numplace/host.hpp"

namespace np::bench {

namespace {

// The resident size now, in KiB (VmRSS in /proc/self/status).
long resident_kib() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
    return 0;
}

void write_all(int fd, const std::string& text) {
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        done += static_cast<std::size_t>(n);
    }
}

[[noreturn]] void child_main(int fd, const std::function<nlohmann::json()>& work) {
    const long start_kib = resident_kib();
    nlohmann::json out;
    try {
        out = {{"value", work()}};
    } catch (const std::exception& e) {
        out = {{"error", e.what()}};
    }
    out["start_kib"] = start_kib;
    write_all(fd, out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    ::close(fd);
    ::_exit(0);  // no atexit handlers, no static destructors: they are the parent's
}

std::string describe_status(int status) {
    if (WIFSIGNALED(status)) return "crashed: " + signal_name(WTERMSIG(status));
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0) return "exited with status " + std::to_string(WEXITSTATUS(status));
    return "";
}

}  // namespace

ChildResult in_child(const std::function<nlohmann::json()>& work, double limit_seconds,
                     const std::atomic<bool>* cancel) {
    ChildResult result;
    int fds[2];
    if (::pipe(fds) != 0) {
        result.failure = std::string("cannot make a pipe: ") + std::strerror(errno);
        return result;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        result.failure = std::string("cannot fork: ") + std::strerror(errno);
        ::close(fds[0]), ::close(fds[1]);
        return result;
    }
    if (pid == 0) {
        ::close(fds[0]);
        child_main(fds[1], work);
    }
    ::close(fds[1]);
    // Read until the child closes its end, or the limit passes.
    std::string text;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(limit_seconds);
    char buffer[65536];
    bool forwarded = false;
    for (;;) {
        if (cancel != nullptr && cancel->load() && !forwarded) {
            ::kill(pid, SIGTERM);
            forwarded = true;
        }
        // Waits are short while an interrupt may come to be forwarded.
        int wait_ms = cancel != nullptr && !forwarded ? 100 : -1;
        if (limit_seconds > 0) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) {
                ::kill(pid, SIGKILL);
                result.timed_out = true;
                break;
            }
            wait_ms = static_cast<int>(std::min<long long>(left.count(), wait_ms < 0 ? 1000 : wait_ms));
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = ::poll(&p, 1, wait_ms);
        if (ready < 0 && errno != EINTR) break;
        if (ready <= 0) continue;
        const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    rusage usage{};
    while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    if (result.timed_out) {
        result.failure = "still running after " + std::to_string(static_cast<long>(limit_seconds)) + " s: killed";
        return result;
    }
    if (auto why = describe_status(status); !why.empty()) {
        result.failure = why;
        return result;
    }
    try {
        auto doc = nlohmann::json::parse(text);
        if (doc.contains("error")) {
            result.failure = "failed: " + doc["error"].get<std::string>();
            return result;
        }
        result.value = doc["value"];
        const double start_kib = doc.value("start_kib", 0.0);
        result.peak_mib = std::max(0.0, (static_cast<double>(usage.ru_maxrss) - start_kib) / 1024.0);
    } catch (const std::exception& e) {
        result.failure = std::string("sent no result (") + e.what() + ")";
    }
    return result;
}

}  // namespace np::bench
