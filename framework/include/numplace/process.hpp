// The one way numplace runs a child process: command-line solvers
// (external.cpp), the runner's workers and bench's children all start,
// kill and wait here. Each child is put in a process group of its own (one
// kill reaches whatever it started), under resource limits, and dies with
// its parent; its end is read with wait4, which gives how it ended and what
// it used. Whatever containment a child needs (memory, and later more) is
// set up in this one place, so that every child gets it alike.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "numplace/sandbox.hpp"

namespace np {

// How a child ended, and what it used (wait4's rusage).
struct Exit {
    bool exited = false;     // it ended itself, with `code`
    int code = 0;
    bool signalled = false;  // a signal ended it: `signal`
    int signal = 0;
    double user_seconds = 0, system_seconds = 0;  // CPU time, its waited-for children included
    long peak_rss_kib = 0;                        // its peak resident size (ru_maxrss)

    bool ok() const { return exited && code == 0; }
    double cpu_seconds() const { return user_seconds + system_seconds; }
    // "exited with status 3", "crashed: SIGSEGV".
    std::string describe() const;
};

// The status a child ends with when it could not run what it was given
// (shell's convention): its set-up failed (a limit or an fd it could not
// be given), the program did not exec, or the function threw.
constexpr int kCannotRun = 127;

// Given as a parent fd in SpawnOptions::fds: the child's fd opens /dev/null.
constexpr int kDevNull = -1;

struct SpawnOptions {
    // The child's fds: fds[i] is the parent fd that becomes the child's fd i
    // (kDevNull for /dev/null), and the child gets no other fd. Empty: it
    // inherits the parent's as they are (close-on-exec ones close at exec),
    // which is what a function child needs to use the fds it captured.
    std::vector<int> fds;
    uint64_t address_space_bytes = 0;  // RLIMIT_AS; 0 = none
    bool core_dumps = false;           // false: RLIMIT_CORE 0, a crash leaves no core file
    // Sent to the child when its parent dies (0 = none). The kernel sends it
    // when the thread that spawned it ends, not only the process: a child
    // that is meant to outlive that thread needs 0.
    int parent_death_signal = SIGKILL;
    // Runs it in the sandbox (sandbox.hpp) when sandbox_enabled(): its own
    // namespaces, a temporary folder of its own (its TMPDIR, removed when it
    // is reaped), Landlock, seccomp and `limits`. Set for every process that
    // runs a plugin's code.
    bool sandbox = false;
    SandboxLimits limits;
};

// A running (or ended, not yet waited-for) child, in its own process group.
// Destroying it kills the group and reaps the child: no strays, no zombies.
class Child {
public:
    Child() = default;
    // Takes over `pid`: a child of this process, leading its own group.
    explicit Child(pid_t pid, std::string folder = {}, std::string cgroup = {})
        : pid_(pid), folder_(std::move(folder)), cgroup_(std::move(cgroup)) {}
    ~Child();
    Child(Child&& other) noexcept;
    Child& operator=(Child&& other) noexcept;
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    // Its sandbox's temporary folder ("" when it has none).
    const std::string& folder() const { return folder_; }
    // True until it has been waited for.
    bool running() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }

    // `signo` to the child alone (an interrupt it should handle itself).
    void signal(int signo) const;
    // `signo` to its whole process group: it and whatever it started.
    void kill_group(int signo) const;
    // Its end, if it has ended; never blocks.
    std::optional<Exit> try_wait();
    // Waits for its end. Once it has ended, whatever it left running in its
    // group is killed; then it is reaped.
    Exit wait();

private:
    std::optional<Exit> reap(bool block);
    void remove_traces();

    pid_t pid_ = -1;
    std::string folder_, cgroup_;  // its sandbox's folder and pids cgroup, removed when it is reaped
};

// fork + exec of `program` (a path) with `argv` (argv[0] included) and the
// parent's environment. On failure an empty Child and `error` says why; a
// program that cannot be executed ends with kCannotRun.
Child spawn_program(const std::string& program, const std::vector<std::string>& argv, const SpawnOptions& options,
                    std::string& error);

// fork, then `work` in the child, which ends with what it returns (_exit:
// no atexit handlers or static destructors, which are the parent's). Call it
// only while this process has no other threads: a forked child has just the
// calling one, and a lock another thread held stays held in it.
Child spawn_function(const std::function<int()>& work, const SpawnOptions& options, std::string& error);

}  // namespace np
