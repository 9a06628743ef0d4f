// Running one piece of bench work in a forked child (process.hpp): a plugin
// that crashes or hangs costs that row only, and wait4 gives the child's own
// peak memory (an in-process peak only ever grows) and CPU time.
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace np::bench {

struct ChildResult {
    std::optional<nlohmann::json> value;  // what `work` returned
    std::string failure;                  // otherwise why not: "crashed: SIGSEGV", "timed out after N s"
    bool timed_out = false;
    double peak_mib = 0;                  // the child's peak resident size above its start
    // Read here, in the parent: the child's CPU time, user and system, with
    // that of every process it started and waited for (wait4's rusage), and
    // the wall time from forking it to reaping it (numplace's clock).
    double cpu_seconds = 0, wall_seconds = 0;
};

// Forks; the child runs `work` and sends its JSON back through a pipe. The
// child is in a process group of its own and dies with numplace; the parent
// kills it, with whatever it started, after `limit_seconds` (0 = no limit).
// A terminal's Ctrl-C reaches numplace only: when `cancel` is set (numplace
// was interrupted) the child is sent SIGTERM, which its inherited handler
// turns into its own interrupt: the work stops at once and answers
// {"interrupted": true}. Call it only while the calling process has no other
// threads.
ChildResult in_child(const std::function<nlohmann::json()>& work, double limit_seconds,
                     const std::atomic<bool>* cancel = nullptr);

}  // namespace np::bench
