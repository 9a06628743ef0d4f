#include "bench/child.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "numplace/clock.hpp"
#include "numplace/process.hpp"

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

// In the child: `work`'s JSON (or why it threw) and the resident size it
// started with, for the parent to take from the peak.
int child_main(int fd, const std::function<nlohmann::json()>& work) {
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
    return 0;
}

// What the child sends, until it closes its end or the limit passes (it is
// then killed, with whatever it started: `timed_out`). An interrupt is
// passed on to it once, as SIGTERM.
std::string read_answer(int fd, const Child& child, double limit_seconds, const std::atomic<bool>* cancel,
                        bool& timed_out) {
    std::string text;
    const uint64_t deadline = deadline_after(limit_seconds);
    char buffer[65536];
    bool forwarded = false;
    for (;;) {
        if (cancel != nullptr && cancel->load() && !forwarded) {
            child.signal(SIGTERM);
            forwarded = true;
        }
        // Waits are short while an interrupt may come to be forwarded.
        int wait_ms = cancel != nullptr && !forwarded ? 100 : -1;
        if (deadline != 0) {
            const uint64_t now = monotonic_ns();
            const long long left_ms = now < deadline ? static_cast<long long>((deadline - now) / 1000000) : 0;
            if (left_ms <= 0) {
                child.kill_group(SIGKILL);
                timed_out = true;
                break;
            }
            wait_ms = static_cast<int>(std::min<long long>(left_ms, wait_ms < 0 ? 1000 : wait_ms));
        }
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, wait_ms);
        if (ready < 0 && errno != EINTR) break;
        if (ready <= 0) continue;
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    return text;
}

// The child's JSON into `result`: its value and peak memory, or why not.
void take_answer(const std::string& text, const Exit& end, ChildResult& result) {
    try {
        auto doc = nlohmann::json::parse(text);
        if (doc.contains("error")) {
            result.failure = "failed: " + doc["error"].get<std::string>();
            return;
        }
        result.value = doc["value"];
        const double start_kib = doc.value("start_kib", 0.0);
        result.peak_mib = std::max(0.0, (static_cast<double>(end.peak_rss_kib) - start_kib) / 1024.0);
    } catch (const std::exception& e) {
        result.failure = std::string("sent no result (") + e.what() + ")";
    }
}

}  // namespace

ChildResult in_child(const std::function<nlohmann::json()>& work, double limit_seconds,
                     const std::atomic<bool>* cancel) {
    ChildResult result;
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        result.failure = std::string("cannot make a pipe: ") + std::strerror(errno);
        return result;
    }
    std::string error;
    SpawnOptions options;
    options.sandbox = true;  // it runs a plugin's code
    const uint64_t forked_ns = monotonic_ns();
    Child child = spawn_function(
        [&] {
            ::close(fds[0]);
            return child_main(fds[1], work);
        },
        options, error);
    ::close(fds[1]);
    if (!child.running()) {
        result.failure = "cannot fork: " + error;
        ::close(fds[0]);
        return result;
    }
    const std::string text = read_answer(fds[0], child, limit_seconds, cancel, result.timed_out);
    ::close(fds[0]);
    const Exit end = child.wait();
    result.wall_seconds = static_cast<double>(monotonic_ns() - forked_ns) * 1e-9;
    result.cpu_seconds = end.cpu_seconds();
    if (result.timed_out)
        result.failure = "still running after " + std::to_string(static_cast<long>(limit_seconds)) + " s: killed";
    else if (end.signalled && end.signal == SIGTERM && cancel != nullptr && cancel->load())
        // The interrupt it was passed: a child forked after numplace's own
        // flag was set inherits it set, and numplace's handler takes the
        // SIGTERM as a second signal and ends it at once. Stopped, not crashed.
        result.value = nlohmann::json{{"interrupted", true}};
    else if (end.signalled || end.code != 0)
        result.failure = end.describe();
    else
        take_answer(text, end, result);
    return result;
}

}  // namespace np::bench
