// A worker's CPU time from /proc/PID/stat, and the chain of only children
// that leads from the spawned process to the worker (proc_cpu.hpp).
#include "runner/proc_cpu.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace np::runner {

void WorkerCpu::find(pid_t spawned) {
    close_stat();
    pid_t pid = spawned;
    for (int depth = 0; depth < 4; ++depth) {
        const std::vector<pid_t> kids = children(pid);
        if (kids.size() != 1) break;
        pid = kids[0];
    }
    fd_ = ::open(("/proc/" + std::to_string(pid) + "/stat").c_str(), O_RDONLY | O_CLOEXEC);
}

void WorkerCpu::close_stat() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

std::optional<uint64_t> WorkerCpu::ticks() const {
    if (fd_ < 0) return std::nullopt;
    char text[1024];
    const ssize_t n = ::pread(fd_, text, sizeof text - 1, 0);
    if (n <= 0) return std::nullopt;
    text[n] = '\0';
    // Fields after the command (which may hold spaces and parentheses):
    // 3 state ... 14 utime 15 stime 16 cutime 17 cstime.
    const char* p = std::strrchr(text, ')');
    if (p == nullptr) return std::nullopt;
    uint64_t sum = 0;
    char* at = const_cast<char*>(p + 2);
    for (int field = 3; field <= 17; ++field) {
        const unsigned long long v = std::strtoull(at, &at, 10);
        if (field == 3) {  // the state is a letter
            while (*at == ' ') ++at;
            ++at;
            continue;
        }
        if (field >= 14) sum += v;
    }
    return sum;
}

uint64_t WorkerCpu::tick_hz() {
    static const long hz = sysconf(_SC_CLK_TCK);
    return hz > 0 ? static_cast<uint64_t>(hz) : 100;
}

std::vector<pid_t> WorkerCpu::children(pid_t pid) {
    std::vector<pid_t> out;
    const std::string path = "/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return out;
    char text[512];
    const ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0) return out;
    text[n] = '\0';
    for (char* p = text; *p != '\0';) {
        const long v = std::strtol(p, &p, 10);
        if (v > 0) out.push_back(static_cast<pid_t>(v));
        while (*p == ' ' || *p == '\n') ++p;
        if (v <= 0) break;
    }
    return out;
}

}  // namespace np::runner
