// A worker's CPU time, read from /proc (proc_cpu.cpp): the runner's figure
// for a plugin's calls in a worker process (CpuTime, runner.hpp).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace np::runner {

// The CPU time (user + system, its waited-for children's included) of the
// process that runs a worker's plugin, read from /proc/PID/stat. In the
// sandbox the spawned process is a relay; the worker is the end of its
// chain of only children, found once the worker has answered its first
// request (it then has no children of its own).
class WorkerCpu {
public:
    WorkerCpu() = default;
    ~WorkerCpu() { close_stat(); }
    WorkerCpu(const WorkerCpu&) = delete;
    WorkerCpu& operator=(const WorkerCpu&) = delete;

    void find(pid_t spawned);
    void close_stat();
    // Clock ticks so far; nullopt when it cannot be read (the worker is gone).
    std::optional<uint64_t> ticks() const;
    static double seconds(uint64_t ticks) { return static_cast<double>(ticks) / static_cast<double>(tick_hz()); }
    static uint64_t micros(uint64_t ticks) { return ticks * 1000000 / tick_hz(); }

private:
    static uint64_t tick_hz();
    static std::vector<pid_t> children(pid_t pid);
    int fd_ = -1;
};

}  // namespace np::runner
