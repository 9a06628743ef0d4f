// The sandbox's seccomp program (sandbox.hpp, "seccomp"): what a plugin's
// process may not call, built once with libseccomp and exported as BPF, so
// that a child between fork and exec only has to load it.
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <initializer_list>

#include "sandbox_child.hpp"

namespace np::sandbox {

namespace {

// Each call fails with `error`, whatever its arguments.
bool deny_all(scmp_filter_ctx ctx, int error, std::initializer_list<int> calls) {
    for (int call : calls)
        if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(error), call, 0) != 0) return false;
    return true;
}

// Sockets. socket() is denied outright, so the only sockets a plugin can
// hold come from socketpair(), and those are already connected: nothing it
// may do needs an address. A datagram socket is the one kind that can still
// be aimed elsewhere (sendto, sendmsg's msg_name, or connect again), at a
// named socket of the host's (/dev/log, journald, a notify socket): seccomp
// cannot read sendmsg's address, so datagram pairs are not made at all.
// bind() would claim an abstract name in the host's network namespace.
bool deny_sockets(scmp_filter_ctx ctx) {
    constexpr unsigned kTypeMask = 0xf;  // SOCK_TYPE_MASK: the type without SOCK_NONBLOCK, SOCK_CLOEXEC
    return deny_all(ctx, EACCES, {SCMP_SYS(socket), SCMP_SYS(bind), SCMP_SYS(connect), SCMP_SYS(listen)}) &&
           seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socketpair), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX)) == 0 &&
           seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socketpair), 1,
                            SCMP_A1(SCMP_CMP_MASKED_EQ, kTypeMask, SOCK_DGRAM)) == 0 &&
           seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(sendto), 1, SCMP_A4(SCMP_CMP_NE, 0)) == 0;
}

// Memory that RLIMIT_AS does not count once it is unmapped (a memfd, a
// System V segment, a message queue's messages), and objects that outlive
// the process (System V IPC and POSIX queues without an IPC namespace;
// keys, which no namespace of ours holds: a key added to the session
// keyring stays in numplace's caller's). ENOSYS: what a program that can
// do without them takes for "this kernel has none".
bool deny_unbounded_memory(scmp_filter_ctx ctx) {
    return deny_all(ctx, ENOSYS,
                    {SCMP_SYS(memfd_create), SCMP_SYS(memfd_secret), SCMP_SYS(shmget), SCMP_SYS(shmat),
                     SCMP_SYS(shmctl), SCMP_SYS(shmdt), SCMP_SYS(msgget), SCMP_SYS(msgsnd), SCMP_SYS(msgrcv),
                     SCMP_SYS(msgctl), SCMP_SYS(semget), SCMP_SYS(semop), SCMP_SYS(semtimedop), SCMP_SYS(semctl),
                     SCMP_SYS(mq_open), SCMP_SYS(add_key), SCMP_SYS(request_key), SCMP_SYS(keyctl)});
}

std::vector<sock_filter> build() {
    std::vector<sock_filter> program;
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == nullptr) return program;
    bool ok = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) == 0 && deny_sockets(ctx) &&
              deny_unbounded_memory(ctx) &&
              deny_all(ctx, ENOSYS, {SCMP_SYS(io_uring_setup), SCMP_SYS(io_uring_enter), SCMP_SYS(io_uring_register)});
    // LeakSanitizer stops the world with ptrace at exit: a sanitizer build
    // keeps it (Landlock still confines ptrace to the sandbox's own domain).
    if (ok && !sanitizer_build()) ok = deny_all(ctx, EPERM, {SCMP_SYS(ptrace), SCMP_SYS(process_vm_writev)});
    // Exported through a pipe, not a memfd: a process inside a sandbox (a
    // worker starting a command-line solver) builds it too, and may not make
    // memfds. The program is a few KiB, far below a pipe's buffer; the write
    // end does not block, so a larger one would fail here rather than hang.
    int pipe_fds[2];
    if (ok && pipe2(pipe_fds, O_CLOEXEC) == 0) {
        fcntl(pipe_fds[1], F_SETFL, O_NONBLOCK);
        if (seccomp_export_bpf(ctx, pipe_fds[1]) == 0) {
            close(pipe_fds[1]);
            pipe_fds[1] = -1;
            sock_filter instruction{};
            while (read(pipe_fds[0], &instruction, sizeof instruction) == static_cast<ssize_t>(sizeof instruction))
                program.push_back(instruction);
        }
        if (pipe_fds[1] >= 0) close(pipe_fds[1]);
        close(pipe_fds[0]);
    }
    seccomp_release(ctx);
    return program;
}

}  // namespace

const std::vector<sock_filter>& seccomp_filter() {
    static const std::vector<sock_filter> program = build();
    return program;
}

}  // namespace np::sandbox
