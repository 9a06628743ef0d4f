// The sandbox of every plugin process (issue 23), set up by the one
// child-process primitive (process.hpp): what the kernel offers is probed
// once, and a child gets every part this kernel has.
//
//   containment  the child runs in a user, PID, mount and IPC namespace of its
//                own, so whatever it starts dies with it (the kernel kills a
//                PID namespace whose first process ends), and so does any
//                System V or POSIX queue object; where namespaces are not
//                allowed, under a child subreaper that kills what is left
//   folder       a temporary folder of its own, its TMPDIR: a tmpfs of bounded
//                size in its mount namespace, removed when the child is reaped
//   Landlock     writes only beneath its own temporary folder (and to
//                /dev/null); no TCP bind or connect (ABI 4); no signal to a
//                process outside its domain, numplace included (ABI 6)
//   seccomp      no socket(), socketpair() other than AF_UNIX stream or
//                seqpacket, bind(), connect(), addressed sendto(), memfd,
//                System V IPC, POSIX message queues, keyrings, io_uring,
//                ptrace (outside sanitizer builds) or another architecture's
//                system calls
//   limits       processes (a pids cgroup where numplace may make one, as
//                root; else RLIMIT_NPROC, per user namespace), file size
//                (RLIMIT_FSIZE) and open files (RLIMIT_NOFILE)
//
// A process inside the sandbox that starts one (a worker running a
// command-line solver) gives it a nested one: the same Landlock and seccomp
// layers again on a folder inside its own, and a subreaper; the rest it
// inherits (inside_sandbox()).
//
// Reads stay allowed: interpreters need /usr and /etc, a plugin its own
// folder. The threat table in docs/reliability.md says what is enforced on
// which kernel.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace np {

struct SandboxLimits {
    uint64_t processes = 64;              // tasks (threads count too) of the sandbox's user
    uint64_t file_bytes = 256ull << 20;   // the largest file it may write
    uint64_t folder_bytes = 256ull << 20; // all it may write in its folder (a tmpfs, with namespaces)
    uint64_t open_files = 1024;
};

// What this kernel lets numplace enforce (probed once, on first use).
struct SandboxSupport {
    bool namespaces = false;  // an unprivileged user + PID namespace
    int landlock_abi = 0;     // 0: no Landlock
    bool seccomp = false;
    std::string pids_cgroup;  // a cgroup v1 folder of the pids controller numplace may write (root)

    bool writes() const { return landlock_abi >= 1; }
    bool tcp() const { return landlock_abi >= 4; }
    bool signals() const { return landlock_abi >= 6; }
    // A fork bomb is bounded: by a pids cgroup, or by RLIMIT_NPROC in the
    // child's user namespace (which does not bind root).
    bool process_limit() const;
    // One phrase per part this kernel cannot enforce ("no TCP rules:
    // Landlock ABI 2, TCP needs 4"); empty when every part is enforced.
    std::vector<std::string> missing() const;
    // Every part, enforced or not, one line each (numplace plugins
    // --sandbox-info): "PART: enforced (how)" or "PART: NOT enforced (why)".
    // describe() is the sandbox of a process numplace starts (a worker,
    // bench's measuring child, a command-line solver's program under
    // --in-process); describe_nested() what a process gets that one of those
    // starts (a command-line solver's program, by its worker or bench's child).
    std::vector<std::string> describe() const;
    std::vector<std::string> describe_nested() const;
};

const SandboxSupport& sandbox_support();

// True in a build with AddressSanitizer: it needs its address space (no
// memory limit) and its leak checker needs ptrace.
bool sanitizer_build();

// True in a process that is itself in a sandbox numplace made (a worker,
// bench's child, the programs they start): a child it starts with
// SpawnOptions::sandbox gets the nested sandbox (describe_nested()), since
// it can make no namespace or cgroup from there, and needs none.
bool inside_sandbox();

// Whether `--no-sandbox` (or NUMPLACE_NO_SANDBOX=1) turned it off for this process.
bool sandbox_enabled();
void set_sandbox_enabled(bool on);

}  // namespace np
