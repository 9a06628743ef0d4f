// Child processes (process.hpp): fork, the child's set-up, kill and wait4.
#include "numplace/process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "numplace/host.hpp"
#include "sandbox_child.hpp"

extern char** environ;

namespace np {

namespace {

// ---- In the child, between fork and exec: async-signal-safe calls only ----
// (the parent may have other threads, whose locks stay held in the child).

bool set_limit(int resource, uint64_t bytes) {
    const rlimit limit{bytes, bytes};
    return setrlimit(resource, &limit) == 0;
}

// Closes every fd from `first` on. close_range is one call; the loop is for
// kernels before 5.9.
void close_from(int first) {
    if (close_range(static_cast<unsigned>(first), ~0u, 0) == 0) return;
    rlimit open_files{};
    getrlimit(RLIMIT_NOFILE, &open_files);
    const rlim_t last = open_files.rlim_cur < 65536 ? open_files.rlim_cur : 65536;
    for (rlim_t fd = static_cast<rlim_t>(first); fd < last; ++fd) close(static_cast<int>(fd));
}

// fds[i] onto fd i, by way of copies at fds >= n, so that no source is
// overwritten before it is copied (a pipe may already be fd 1); then the
// rest closed. A source the parent does not have open leaves the child's fd
// closed, as inheriting it would. `high` is scratch the parent allocated.
bool map_fds(const std::vector<int>& fds, int* high) {
    const int n = static_cast<int>(fds.size());
    for (int i = 0; i < n; ++i) {
        const int source = fds[i] == kDevNull ? open("/dev/null", O_RDWR | O_CLOEXEC) : fds[i];
        high[i] = fcntl(source, F_DUPFD_CLOEXEC, n);
        if (high[i] < 0 && (fds[i] == kDevNull || errno != EBADF)) return false;
        if (fds[i] == kDevNull) close(source);
    }
    for (int i = 0; i < n; ++i) {
        if (high[i] < 0) close(i);
        else if (dup2(high[i], i) < 0) return false;  // dup2 clears close-on-exec on the copy
    }
    close_from(n);
    return true;
}

// Its own group, its death with the parent's, its limits and its fds. A
// limit that cannot be set is a child that does not run.
bool set_up_child(const SpawnOptions& o, pid_t parent, int* high) {
    setpgid(0, 0);
    if (o.parent_death_signal != 0) {
        prctl(PR_SET_PDEATHSIG, o.parent_death_signal);
        if (getppid() != parent) return false;  // the parent died before prctl took
    }
    // numplace ignores SIGXFSZ, so that its own writes past `ulimit -f` fail
    // with EFBIG; an ignored signal stays ignored across exec, and a
    // plugin's process that grows a file past its limit must still end by
    // it (docs/reliability.md).
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    sigaction(SIGXFSZ, &default_action, nullptr);
    if (o.address_space_bytes != 0 && !set_limit(RLIMIT_AS, o.address_space_bytes)) return false;
    if (!o.core_dumps && !set_limit(RLIMIT_CORE, 0)) return false;
    return o.fds.empty() || map_fds(o.fds, high);
}

// ---- In the parent ----------------------------------------------------------

// Says once, on stderr, what this kernel does not let the sandbox enforce.
void note_missing_parts() {
    static std::once_flag once;
    std::call_once(once, [] {
        const auto missing = sandbox_support().missing();
        if (missing.empty()) return;
        std::string line = "numplace: sandbox: not enforced on this kernel:";
        for (std::size_t i = 0; i < missing.size(); ++i) line += (i ? "; " : " ") + missing[i];
        std::fprintf(stderr, "%s\n", line.c_str());
    });
}

// Forks; the child sets itself up, enters its sandbox when asked, and calls
// `run` with its environment, which must not return.
Child start(const std::function<void(const sandbox::Plan*)>& run, const SpawnOptions& options, std::string& error) {
    std::vector<int> high(options.fds.size());
    sandbox::Plan plan;
    const bool sandboxed = options.sandbox && sandbox_enabled();
    if (sandboxed) {
        if (!sandbox::prepare(plan, options.limits, error)) return Child();
        // Inside a sandbox (a worker starting a command-line solver) the
        // parts are its starter's, which numplace has already named.
        if (!plan.nested) note_missing_parts();
    }
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
        error = std::strerror(errno);
        if (sandboxed) {
            std::filesystem::remove_all(plan.folder);
            sandbox::remove_cgroup(plan.cgroup);
        }
        return Child();
    }
    if (pid == 0) {
        if (set_up_child(options, parent, high.data()) &&
            (!sandboxed || (sandbox::contain(plan) && sandbox::confine(plan))))
            run(sandboxed ? &plan : nullptr);
        _exit(kCannotRun);
    }
    // The child does the same: whichever runs first, the group exists before
    // anyone can signal it.
    setpgid(pid, pid);
    return Child(pid, plan.folder, plan.cgroup);
}

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; }

Exit exit_of(int status, const rusage& usage) {
    Exit e;
    e.exited = WIFEXITED(status);
    e.code = e.exited ? WEXITSTATUS(status) : 0;
    e.signalled = WIFSIGNALED(status);
    e.signal = e.signalled ? WTERMSIG(status) : 0;
    e.user_seconds = seconds(usage.ru_utime);
    e.system_seconds = seconds(usage.ru_stime);
    e.peak_rss_kib = usage.ru_maxrss;
    return e;
}

}  // namespace

std::string Exit::describe() const {
    if (signalled) return "crashed: " + signal_name(signal);
    if (exited) return "exited with status " + std::to_string(code);
    return "ended, but how was lost";  // reaped elsewhere (SIGCHLD ignored)
}

Child spawn_program(const std::string& program, const std::vector<std::string>& argv, const SpawnOptions& options,
                    std::string& error) {
    std::vector<char*> args;  // made before the fork: the child must not allocate
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    return start([&](const sandbox::Plan* plan) { execve(program.c_str(), args.data(), plan ? plan->envp.data() : environ); },
                 options, error);
}

Child spawn_function(const std::function<int()>& work, const SpawnOptions& options, std::string& error) {
    return start(
        [&](const sandbox::Plan* plan) {
            if (plan != nullptr) setenv("TMPDIR", plan->folder.c_str(), 1);
            int code = kCannotRun;
            try {
                code = work();
            } catch (...) {
                // Unwinding further would run the parent's code in the child.
            }
            _exit(code);
        },
        options, error);
}

Child::~Child() {
    if (!running()) {
        remove_traces();
        return;
    }
    kill_group(SIGKILL);
    wait();
}

Child::Child(Child&& other) noexcept
    : pid_(other.pid_), folder_(std::move(other.folder_)), cgroup_(std::move(other.cgroup_)) {
    other.pid_ = -1;
    other.folder_.clear();
    other.cgroup_.clear();
}

Child& Child::operator=(Child&& other) noexcept {
    if (this != &other) {
        Child old(pid_, std::move(folder_), std::move(cgroup_));  // ends the one held before
        pid_ = other.pid_;
        folder_ = std::move(other.folder_);
        cgroup_ = std::move(other.cgroup_);
        other.pid_ = -1;
        other.folder_.clear();
        other.cgroup_.clear();
    }
    return *this;
}

// What the sandboxed child wrote goes with it, and its cgroup.
void Child::remove_traces() {
    std::error_code ec;
    if (!folder_.empty()) std::filesystem::remove_all(folder_, ec);
    sandbox::remove_cgroup(cgroup_);
    folder_.clear();
    cgroup_.clear();
}

void Child::signal(int signo) const {
    if (running()) kill(pid_, signo);
}

// The child too, not only its group: it may have left the group (setsid).
void Child::kill_group(int signo) const {
    if (!running()) return;
    kill(-pid_, signo);
    kill(pid_, signo);
}

std::optional<Exit> Child::try_wait() { return reap(false); }

Exit Child::wait() {
    auto e = reap(true);
    return e ? *e : Exit{};
}

// Sees the end first without reaping (WNOWAIT): while the child is a zombie
// its pid, and so its group id, cannot be reused, so the kill reaches what
// it left in its group and no one else.
std::optional<Exit> Child::reap(bool block) {
    if (!running()) return std::nullopt;
    siginfo_t info{};
    while (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG)) != 0) {
        if (errno == EINTR) continue;
        pid_ = -1;  // not ours to wait for any more (reaped elsewhere)
        remove_traces();
        return Exit{};
    }
    if (info.si_pid == 0) return std::nullopt;  // still running
    kill(-pid_, SIGKILL);
    int status = 0;
    rusage usage{};
    while (wait4(pid_, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    remove_traces();
    return exit_of(status, usage);
}

}  // namespace np
