// What the sandbox says it enforces (sandbox.hpp): the lines of `numplace
// plugins --sandbox-info` and the note a run prints once when a part is
// missing. Each line is "PART: enforced (how)" or "PART: NOT enforced (why)";
// tests/hostile/sandbox_test.cpp runs the attack on each part it lists as
// enforced.
#include <unistd.h>

#include <string>
#include <vector>

#include "numplace/sandbox.hpp"

namespace np {

namespace {

const char* state(bool on) { return on ? "enforced" : "NOT enforced"; }

}  // namespace

std::vector<std::string> SandboxSupport::missing() const {
    std::vector<std::string> out;
    if (!namespaces)
        out.push_back("no user + PID namespace (a subreaper kills what a plugin leaves when it ends, but not what "
                      "leaves its process group if numplace kills it)");
    if (!process_limit()) out.push_back("no limit on processes");
    if (landlock_abi == 0) out.push_back("no Landlock: writes, TCP and signals are not restricted");
    else {
        const std::string abi = "Landlock ABI " + std::to_string(landlock_abi);
        if (!tcp()) out.push_back("no TCP rules (" + abi + ", TCP needs 4)");
        if (!signals()) out.push_back("no signal scoping (" + abi + ", it needs 6)");
    }
    if (!seccomp)
        out.push_back("no seccomp: sockets, Unix datagrams, memfd, System V IPC, keyrings, io_uring and ptrace are "
                      "not denied");
    return out;
}

std::vector<std::string> SandboxSupport::describe() const {
    const std::string abi = "Landlock ABI " + std::to_string(landlock_abi);
    const std::string by_seccomp = std::string(": denied by seccomp: ") + state(seccomp);
    return {
        std::string("containment in namespaces: ") + state(namespaces) +
            (namespaces ? " (a user, PID, mount and IPC namespace per plugin process: what it starts, and any System V "
                          "or POSIX queue object it makes, dies with it)"
                        : " (a child subreaper kills what is left when it ends, but not what left its process group "
                          "if numplace kills it)"),
        std::string("writes outside the process's temporary folder: denied: ") + state(writes()) + " (" + abi + ")",
        std::string("the temporary folder's size: bounded: ") + state(namespaces) +
            (namespaces ? " (a tmpfs of its own)" : " (a plain folder: only each file's size is bounded)"),
        std::string("TCP bind and connect: denied: ") + state(tcp()),
        std::string("signals to processes outside the sandbox: denied: ") + state(signals() || namespaces) +
            (signals() ? "" : namespaces ? " (by the PID namespace only)" : ""),
        "socket(), io_uring, ptrace" + by_seccomp +
            (seccomp && sanitizer_build() ? " (ptrace allowed: this sanitizer build's leak checker needs it)" : ""),
        "Unix datagram sockets, bind(), connect() and addressed sends (to /dev/log, journald, a name in the host's "
        "network namespace)" + by_seccomp,
        "memfd, System V IPC, POSIX message queues, keyrings (memory --memory does not count, objects that outlive "
        "numplace)" + by_seccomp,
        std::string("process limit: ") + state(process_limit()) +
            (!pids_cgroup.empty() ? " (a pids cgroup per plugin process)"
             : geteuid() == 0     ? " (root is exempt from RLIMIT_NPROC, and no pids cgroup can be made)"
             : namespaces         ? " (RLIMIT_NPROC in its user namespace)"
                                  : ""),
        "file size and open files: limited (RLIMIT_FSIZE, RLIMIT_NOFILE): enforced",
    };
}

// The process that starts it (a worker, bench's child) is inside the
// sandbox above; the kernel lets no process leave its namespaces, Landlock
// domain or seccomp filter, so the child has all of it, and a layer more.
std::vector<std::string> SandboxSupport::describe_nested() const {
    return {
        "every part above: inherited: enforced (from the process that starts it, which cannot shed it)",
        std::string("writes outside its own temporary folder (inside its starter's): denied: ") + state(writes()) +
            " (a second Landlock layer)",
        std::string("the same seccomp filter, again: ") + state(seccomp),
        std::string("what it leaves when it ends: killed: enforced (a subreaper") +
            (namespaces ? "; what leaves its process group and outlives a kill dies with its starter's namespace)"
                        : "; what leaves its process group and outlives a kill is missed)"),
        std::string("its folder's size and its processes: bounded: ") + state(namespaces && process_limit()) +
            " (counted with its starter's: one tmpfs, one process limit)",
    };
}

}  // namespace np
