// The sandbox (sandbox.hpp): probing the kernel, the plan made in the parent,
// and the steps a child takes before it runs a plugin's code.
#include "numplace/sandbox.hpp"

#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sys/stat.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string_view>

#include "sandbox_child.hpp"

extern char** environ;

namespace np {

// ---- Landlock, spelled out: Debian 12's headers stop at ABI 2, the kernel
// may speak 7. These are the kernel's ABI (include/uapi/linux/landlock.h).
namespace landlock {

struct RulesetAttr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;  // ABI 4
    uint64_t scoped;              // ABI 6
};
struct PathBeneath {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

constexpr uint32_t kVersion = 1u << 0;  // LANDLOCK_CREATE_RULESET_VERSION
constexpr int kRulePathBeneath = 1;

constexpr uint64_t kWriteFile = 1ull << 1;
constexpr uint64_t kWrites = kWriteFile | (1ull << 4) /* remove dir */ | (1ull << 5) /* remove file */ |
                             (1ull << 6) /* make char */ | (1ull << 7) /* make dir */ | (1ull << 8) /* make reg */ |
                             (1ull << 9) /* make sock */ | (1ull << 10) /* make fifo */ |
                             (1ull << 11) /* make block */ | (1ull << 12) /* make sym */;
constexpr uint64_t kRefer = 1ull << 13;     // ABI 2: links and renames across folders
constexpr uint64_t kTruncate = 1ull << 14;  // ABI 3
constexpr uint64_t kBindTcp = 1ull << 0, kConnectTcp = 1ull << 1;  // ABI 4
constexpr uint64_t kScopeAbstractUnix = 1ull << 0, kScopeSignal = 1ull << 1;  // ABI 6

int abi() {
    const long v = syscall(SYS_landlock_create_ruleset, nullptr, 0, kVersion);
    return v < 0 ? 0 : static_cast<int>(v);
}

uint64_t handled_fs(int abi) { return kWrites | (abi >= 2 ? kRefer : 0) | (abi >= 3 ? kTruncate : 0); }

}  // namespace landlock

bool sanitizer_build() {
#if defined(__SANITIZE_ADDRESS__)
    return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return true;
#else
    return false;
#endif
#else
    return false;
#endif
}

namespace {

std::atomic<bool> g_enabled{std::getenv("NUMPLACE_NO_SANDBOX") == nullptr ||
                            std::string_view(std::getenv("NUMPLACE_NO_SANDBOX")) == "0"};


// A child that tries: a user, PID, mount and IPC namespace of its own.
bool namespaces_work() {
    // Made before the fork: the child of a process with threads must not allocate.
    const std::string id = std::to_string(geteuid()) + " " + std::to_string(geteuid()) + " 1\n";
    const std::string gid = std::to_string(getegid()) + " " + std::to_string(getegid()) + " 1\n";
    auto put = [](const char* path, const std::string& text) {
        const int fd = open(path, O_WRONLY | O_CLOEXEC);
        const bool ok = fd >= 0 && write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
        if (fd >= 0) close(fd);
        return ok;
    };
    const pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
        // As a sandboxed child will: namespaces, then a tmpfs of its own (on
        // /tmp, which only this child's mount namespace sees).
        const bool ok = unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC) == 0 &&
                        put("/proc/self/setgroups", "deny") && put("/proc/self/uid_map", id) &&
                        put("/proc/self/gid_map", gid) &&
                        mount("numplace", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=1m") == 0;
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool seccomp_works() { return prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0; }

// Whether `list` ("a,b,c") holds `word`.
bool listed(std::string_view list, std::string_view word) {
    for (std::size_t start = 0; start <= list.size();) {
        const std::size_t end = std::min(list.find(',', start), list.size());
        if (list.substr(start, end - start) == word) return true;
        start = end + 1;
    }
    return false;
}

// Empty cgroups a numplace that was killed left behind (numplace-PID-N of
// a PID no longer running); a cgroup still in use is not empty and stays.
void remove_stale_cgroups(const std::string& folder) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("numplace-", 0) != 0) continue;
        const long pid = std::strtol(name.c_str() + 9, nullptr, 10);
        if (pid > 0 && kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) rmdir(entry.path().c_str());
    }
}

// This process's folder in the cgroup v1 hierarchy of the pids controller,
// when it may make cgroups there (root, or a delegated one); "" otherwise.
// cgroup v2 would need the controller enabled for a subtree numplace does
// not own, so only v1 is used.
std::string pids_cgroup_folder() {
    std::ifstream mounts("/proc/self/mountinfo");
    std::string mount_point;
    for (std::string line; std::getline(mounts, line);) {
        std::istringstream fields(line);
        std::string id, parent, device, root, point, options, field;
        fields >> id >> parent >> device >> root >> point >> options;
        while (fields >> field && field != "-") {
        }
        std::string type, source, super;
        fields >> type >> source >> super;
        if (type == "cgroup" && listed(super, "pids") && root == "/")
            mount_point = point;
    }
    if (mount_point.empty()) return "";
    std::ifstream groups("/proc/self/cgroup");
    for (std::string line; std::getline(groups, line);) {
        const auto first = line.find(':'), second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        if (!listed(std::string_view(line).substr(first + 1, second - first - 1), "pids")) continue;
        const std::string folder = mount_point + line.substr(second + 1);
        const std::string probe = folder + "/numplace-probe-" + std::to_string(getpid());
        if (mkdir(probe.c_str(), 0700) != 0) return "";
        rmdir(probe.c_str());
        remove_stale_cgroups(folder);
        return folder;
    }
    return "";
}

}  // namespace

const SandboxSupport& sandbox_support() {
    static const SandboxSupport support = [] {
        SandboxSupport s;
        // NUMPLACE_SANDBOX_NO_NAMESPACES=1 takes the path of a kernel that
        // refuses them (the subreaper), so that tests reach it here too.
        s.namespaces = std::getenv("NUMPLACE_SANDBOX_NO_NAMESPACES") == nullptr && namespaces_work();
        s.landlock_abi = landlock::abi();
        s.seccomp = seccomp_works() && !sandbox::seccomp_filter().empty();
        s.pids_cgroup = pids_cgroup_folder();
        return s;
    }();
    return support;
}

bool SandboxSupport::process_limit() const { return !pids_cgroup.empty() || (namespaces && geteuid() != 0); }

namespace {

// Set in a child once it is confined (confine()): a function child forked
// from numplace has no mark in its environment, yet is inside.
bool g_confined = false;

}  // namespace

// The mark alone is not believed: a process numplace confined has
// no_new_privs set, which nothing can clear, so a mark set by hand on a
// process outside gets no weaker sandbox.
bool inside_sandbox() {
    if (g_confined) return true;
    const char* mark = std::getenv("NUMPLACE_INSIDE_SANDBOX");
    return mark != nullptr && std::string_view(mark) == "1" && prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1;
}

bool sandbox_enabled() { return g_enabled.load(); }
void set_sandbox_enabled(bool on) { g_enabled.store(on); }

namespace sandbox {

namespace {

constexpr const char* kInsideMark = "NUMPLACE_INSIDE_SANDBOX=";

// Cgroups whose last processes were still on their way out when their child
// was reaped (the kernel kills a namespace's processes after its first one
// ends): removed at the next child's start, or at exit, instead of making
// each reap wait for them.
std::mutex g_pending_mutex;
std::vector<std::string> g_pending;

void sweep_cgroups(bool wait) {
    std::lock_guard lock(g_pending_mutex);
    std::erase_if(g_pending, [wait](const std::string& group) {
        for (int i = 0; i < (wait ? 2000 : 1); ++i) {
            if (rmdir(group.c_str()) == 0 || errno != EBUSY) return true;
            if (wait) usleep(1000);
        }
        return false;
    });
}

}  // namespace

void remove_cgroup(const std::string& group) {
    if (group.empty() || rmdir(group.c_str()) == 0 || errno != EBUSY) return;
    std::lock_guard lock(g_pending_mutex);
    static bool at_exit = false;
    if (!at_exit) at_exit = std::atexit([] { sweep_cgroups(true); }) == 0;
    g_pending.push_back(group);
}

namespace {

// The pids cgroup of a new child, where numplace may make one ("" if not).
void make_cgroup(Plan& plan, const SandboxLimits& limits) {
    const std::string& pids = sandbox_support().pids_cgroup;
    if (pids.empty()) return;
    static std::atomic<unsigned> serial{0};
    const std::string group = pids + "/numplace-" + std::to_string(getpid()) + "-" + std::to_string(++serial);
    if (mkdir(group.c_str(), 0700) != 0) return;
    plan.cgroup = group;
    plan.cgroup_procs = group + "/cgroup.procs";
    std::ofstream(group + "/pids.max") << limits.processes << "\n";
}

// The child's environment: this one's, its folder as TMPDIR, and the mark
// that tells what it starts that it is inside a sandbox already.
void make_environment(Plan& plan) {
    for (char** e = environ; *e != nullptr; ++e)
        if (std::strncmp(*e, "TMPDIR=", 7) != 0 && std::strncmp(*e, kInsideMark, std::strlen(kInsideMark)) != 0)
            plan.env.emplace_back(*e);
    plan.env.push_back("TMPDIR=" + plan.folder);
    plan.env.push_back(std::string(kInsideMark) + "1");
    for (auto& e : plan.env) plan.envp.push_back(e.data());
    plan.envp.push_back(nullptr);
}

}  // namespace

bool prepare(Plan& plan, const SandboxLimits& limits, std::string& error) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp == '/' ? tmp : "/tmp") + "/numplace-sandbox-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) {
        error = "cannot make the sandbox's temporary folder in " + pattern.substr(0, pattern.rfind('/')) + ": " +
                std::strerror(errno);
        return false;
    }
    plan.folder = pattern;
    plan.limits = limits;
    plan.nested = inside_sandbox();
    if (plan.nested) {
        // No probing here (it would fork, and find nothing it may make):
        // the same Landlock and seccomp layers again, on the new folder.
        plan.landlock_abi = landlock::abi();
        plan.filter = seccomp_filter();
    } else {
        const SandboxSupport& support = sandbox_support();
        sweep_cgroups(false);
        make_cgroup(plan, limits);
        plan.namespaces = support.namespaces;
        plan.landlock_abi = support.landlock_abi;
        plan.tmpfs_options = "size=" + std::to_string(limits.folder_bytes) + ",mode=0700,uid=" +
                             std::to_string(geteuid()) + ",gid=" + std::to_string(getegid());
        plan.uid_map = std::to_string(geteuid()) + " " + std::to_string(geteuid()) + " 1\n";
        plan.gid_map = std::to_string(getegid()) + " " + std::to_string(getegid()) + " 1\n";
        if (support.seccomp) plan.filter = seccomp_filter();
    }
    make_environment(plan);
    return true;
}

namespace {

// ---- In the child: async-signal-safe calls only -----------------------------

bool write_file(const char* path, const std::string& text) {
    const int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    close(fd);
    return ok;
}

// A user, PID, mount and IPC namespace; its folder a tmpfs of bounded size,
// which only its own mount namespace sees. The IPC namespace takes with it
// whatever System V or POSIX queue object a plugin made (seccomp denies the
// calls too: this holds where a filter is missing).
bool enter_namespaces(const Plan& plan) {
    if (unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC) != 0) return false;
    // Itself, mapped to itself: the same user inside as outside.
    return write_file("/proc/self/setgroups", "deny") && write_file("/proc/self/uid_map", plan.uid_map) &&
           write_file("/proc/self/gid_map", plan.gid_map) &&
           mount("numplace", plan.folder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, plan.tmpfs_options.c_str()) == 0;
}

// A relay that lost its child (waitpid failed): it cannot say how it ended.
constexpr int kRelayLost = 125;

volatile pid_t g_relayed = 0;

void forward(int signo) {
    if (g_relayed > 0) kill(g_relayed, signo);
}

// The pid, in this process's PID namespace, of the process /proc numbers
// `proc_pid`: /proc is the one mounted for the machine's namespace, and a
// relay inside a sandbox (a nested one, in a worker) lives in another. The
// last field of NSpid is the innermost namespace's, which is this one's for
// a child of this process; without NSpid (before Linux 4.1) they are equal.
pid_t pid_here(long proc_pid) {
    char path[64], text[4096];
    std::snprintf(path, sizeof path, "/proc/%ld/status", proc_pid);
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    const ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
    if (fd >= 0) close(fd);
    if (n <= 0) return static_cast<pid_t>(proc_pid);
    text[n] = '\0';
    const char* line = std::strstr(text, "\nNSpid:");
    if (line == nullptr) return static_cast<pid_t>(proc_pid);
    long last = proc_pid;
    for (char* p = const_cast<char*>(line) + 7; *p != '\0' && *p != '\n';) {
        char* after = p;
        const long pid = std::strtol(p, &after, 10);
        if (after == p) break;  // not a number: the line is not what it should be
        if (pid > 0) last = pid;
        for (p = after; *p == ' ' || *p == '\t';) ++p;
    }
    return static_cast<pid_t>(last);
}

// Kills every child this subreaper has (orphans come to it), until none is
// left. thread-self, not self/task/PID: getpid() is this namespace's number,
// and /proc may be the machine's. A listed child cannot be reused before it
// is reaped here, so its number stays its own while it is killed.
void kill_the_rest() {
    const char* path = "/proc/thread-self/children";
    for (;;) {
        const int fd = open(path, O_RDONLY | O_CLOEXEC);
        char buffer[4096];
        const ssize_t n = fd >= 0 ? read(fd, buffer, sizeof buffer - 1) : -1;
        if (fd >= 0) close(fd);
        if (n > 0) {
            buffer[n] = '\0';
            for (char* p = buffer; *p != '\0';) {
                const long pid = std::strtol(p, &p, 10);
                if (pid > 0) kill(pid_here(pid), SIGKILL);
                while (*p == ' ' || *p == '\n') ++p;
            }
        }
        int status = 0;
        const pid_t reaped = waitpid(-1, &status, n > 0 ? 0 : WNOHANG);
        if (reaped < 0 && errno == ECHILD) return;
        if (reaped <= 0 && n <= 0) {
            // Children, but none listed (a kernel without the children file):
            // wait for them to end as they are.
            if (waitpid(-1, &status, 0) < 0 && errno == ECHILD) return;
        }
    }
}

// Closes every fd but `keep` (-1: all): the pipes must see EOF when the
// plugin's process ends, not stay open in a relay.
void close_all_but(int keep) {
    if (keep < 0) {
        close_range(0, ~0u, 0);
        return;
    }
    if (keep > 0) close_range(0, static_cast<unsigned>(keep - 1), 0);
    close_range(static_cast<unsigned>(keep + 1), ~0u, 0);
}

// Ends as `status` says: the same exit code, or the same signal.
[[noreturn]] void end_as(int status) {
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    const int signo = WTERMSIG(status);
    signal(signo, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    sigprocmask(SIG_UNBLOCK, &set, nullptr);
    kill(getpid(), signo);
    _exit(128 + signo);
}

// Waits for `child`, reaping whatever else comes (orphans), forwarding the
// signals numplace sends; then ends as the child ended. A namespace's first
// process cannot end by a signal it sends itself (the kernel protects it),
// so it writes the status to `status_out` and the relay above it, reading
// `status_in`, ends that way instead.
[[noreturn]] void relay(pid_t child, bool subreaper, int status_in, int status_out) {
    g_relayed = child;
    struct sigaction action {};
    action.sa_handler = forward;
    for (int signo : {SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2}) sigaction(signo, &action, nullptr);
    close_all_but(status_in >= 0 ? status_in : status_out);
    int status = 0;
    for (;;) {
        int s = 0;
        const pid_t reaped = waitpid(-1, &s, 0);
        if (reaped == child) {
            status = s;
            break;
        }
        if (reaped < 0 && errno != EINTR) _exit(kRelayLost);
    }
    if (subreaper) kill_the_rest();
    if (status_out >= 0) {
        (void)!write(status_out, &status, sizeof status);
        _exit(0);
    }
    int reported = 0;
    if (status_in >= 0 && read(status_in, &reported, sizeof reported) == sizeof reported) status = reported;
    end_as(status);
}

}  // namespace

bool contain(const Plan& plan) {
    if (!plan.cgroup.empty() && !write_file(plan.cgroup_procs.c_str(), "0")) return false;
    const bool in_namespace = plan.namespaces;
    if (in_namespace && !enter_namespaces(plan)) return false;
    if (!in_namespace && prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) return false;
    int report[2] = {-1, -1};  // the namespace's first process to this one: how the plugin's ended
    if (in_namespace) {
        // The namespace's first process: numplace's code, reaping orphans,
        // so that the plugin's is not PID 1 (which ignores signals it has no
        // handler for, abort()'s SIGABRT among them).
        if (pipe2(report, O_CLOEXEC) != 0) return false;
        const pid_t init = fork();
        if (init < 0) return false;
        if (init > 0) {
            close(report[1]);
            relay(init, false, report[0], -1);
        }
        close(report[0]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
    }
    const pid_t work = fork();
    if (work < 0) return false;
    if (work > 0) relay(work, !in_namespace, -1, report[1]);
    if (report[1] >= 0) close(report[1]);  // the plugin must not write its own end
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    return true;
}

namespace {

bool set_limit(int resource, uint64_t value) {
    const rlimit limit{value, value};
    return setrlimit(resource, &limit) == 0;
}

bool add_path_rule(int ruleset, const char* path, uint64_t allowed) {
    const int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return false;
    const landlock::PathBeneath rule{allowed, fd};
    const bool ok = syscall(SYS_landlock_add_rule, ruleset, landlock::kRulePathBeneath, &rule, 0) == 0;
    close(fd);
    return ok;
}

bool restrict_with_landlock(const Plan& plan, int abi) {
    landlock::RulesetAttr attr{landlock::handled_fs(abi), 0, 0};
    std::size_t size = sizeof attr.handled_access_fs;
    if (abi >= 4) {
        attr.handled_access_net = landlock::kBindTcp | landlock::kConnectTcp;  // and no rule allows any port
        size += sizeof attr.handled_access_net;
    }
    if (abi >= 6) {
        attr.scoped = landlock::kScopeSignal | landlock::kScopeAbstractUnix;
        size += sizeof attr.scoped;
    }
    const int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attr, size, 0));
    if (ruleset < 0) return false;
    const uint64_t file_writes = landlock::kWriteFile | (abi >= 3 ? landlock::kTruncate : 0);
    const bool ok = add_path_rule(ruleset, plan.folder.c_str(), attr.handled_access_fs) &&
                    add_path_rule(ruleset, "/dev/null", file_writes) &&
                    syscall(SYS_landlock_restrict_self, ruleset, 0) == 0;
    close(ruleset);
    return ok;
}

}  // namespace

bool confine(const Plan& plan) {
    // RLIMIT_NPROC counts the user's tasks in its user namespace; outside one
    // it would count every process the user has on the machine. A nested
    // child keeps the limit (or the cgroup) of the sandbox around it.
    if (plan.namespaces && plan.cgroup.empty() && !set_limit(RLIMIT_NPROC, plan.limits.processes)) return false;
    if (!set_limit(RLIMIT_FSIZE, plan.limits.file_bytes) || !set_limit(RLIMIT_NOFILE, plan.limits.open_files))
        return false;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
    if (plan.landlock_abi > 0 && !restrict_with_landlock(plan, plan.landlock_abi)) return false;
    if (!plan.filter.empty()) {
        const sock_fprog program{static_cast<unsigned short>(plan.filter.size()),
                                 const_cast<sock_filter*>(plan.filter.data())};
        if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) return false;
    }
    g_confined = true;  // what this process starts with a sandbox is nested in this one
    return true;
}

}  // namespace sandbox

}  // namespace np
