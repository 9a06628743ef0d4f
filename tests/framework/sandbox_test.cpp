// The sandbox of the child-process primitive (sandbox.hpp): writes outside
// the child's own folder, TCP, signals to numplace and sockets are denied,
// what a child starts dies with it, and its folder goes with it. A part the
// kernel lacks skips its test, saying so.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>

#include "numplace/process.hpp"
#include "loopback.hpp"
#include "numplace/sandbox.hpp"

namespace {

namespace fs = std::filesystem;
using np::Child;
using np::SpawnOptions;

SpawnOptions sandboxed(std::vector<int> fds = {}) {
    SpawnOptions o;
    o.sandbox = true;
    o.fds = std::move(fds);
    return o;
}

// Runs `script` in the sandbox; `printed` is its stdout.
np::Exit shell(const std::string& script, std::string& printed, std::string* folder = nullptr) {
    int out[2];
    EXPECT_EQ(pipe2(out, O_CLOEXEC), 0);
    std::string error;
    Child child = np::spawn_program("/bin/sh", {"sh", "-c", script}, sandboxed({np::kDevNull, out[1], 2}), error);
    close(out[1]);
    EXPECT_TRUE(child.running()) << error;
    if (folder) *folder = child.folder();
    char buffer[256];
    for (ssize_t n; (n = read(out[0], buffer, sizeof buffer)) > 0;) printed.append(buffer, static_cast<std::size_t>(n));
    close(out[0]);
    return child.wait();
}

// In a sandboxed child (the starter, as a worker is): starts a shell and a
// function in the nested sandbox and writes what each saw to `fd`, its
// stderr too (where a note "not enforced" would go).
int nested_checks() {
    int bad = 0;
    const int memfd = static_cast<int>(syscall(SYS_memfd_create, "np", 0));
    bad |= memfd >= 0 || errno != ENOSYS;
    int pair[2];
    bad |= (socketpair(AF_UNIX, SOCK_DGRAM, 0, pair) == 0 || errno != EACCES) << 1;
    bad |= (shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600) >= 0 || errno != ENOSYS) << 2;
    std::ifstream status("/proc/self/status");
    int filters = 0;
    for (std::string line; std::getline(status, line);)
        if (line.rfind("Seccomp_filters:", 0) == 0) filters = std::atoi(line.c_str() + 16);
    int made = 0;
    for (; made < 64; ++made) {
        const pid_t pid = fork();
        if (pid < 0) break;
        if (pid == 0) {
            pause();
            _exit(0);
        }
    }
    std::string out = std::string("memfd: ") + (bad & 1 ? "made" : "denied") + "\ndatagram pair: " +
                      (bad & 2 ? "made" : "denied") + "\nSystem V: " + (bad & 4 ? "made" : "denied") +
                      "\nseccomp filters: " + std::to_string(filters) + "\nforks: " + (made < 16 ? "bounded" : "unbounded") + "\n";
    return write(1, out.data(), out.size()) == static_cast<ssize_t>(out.size()) ? 0 : 1;
}

int start_nested(int fd) {
    dup2(fd, 1);
    dup2(fd, 2);
    setenv("STARTER", getenv("TMPDIR"), 1);
    SpawnOptions o;
    o.sandbox = true;
    o.fds = {np::kDevNull, 1, 1};
    std::string error;
    Child shell = np::spawn_program(
        "/bin/sh",
        {"sh", "-c",
         "case \"$TMPDIR\" in \"$STARTER\"/?*) echo folder: inside;; *) echo folder: elsewhere $TMPDIR;; esac; "
         "{ echo x > \"$STARTER/escaped\"; } 2>/dev/null && echo \"starter's folder: written\" || "
         "echo \"starter's folder: denied\"; "
         "echo y > \"$TMPDIR/f\" && echo own folder: written; "
         "{ head -c 2097152 /dev/zero > \"$TMPDIR/big\"; } 2>/dev/null && echo 2 MiB: written || echo 2 MiB: refused"},
        o, error);
    if (!shell.running()) return 1;
    const np::Exit shell_end = shell.wait();
    std::printf("shell: %s\n", shell_end.ok() ? "exit 0" : shell_end.describe().c_str());
    std::fflush(stdout);
    Child checks = np::spawn_function(nested_checks, o, error);
    if (!checks.running()) return 1;
    return checks.wait().ok() ? 0 : 1;
}

class Sandbox : public ::testing::Test {
protected:
    void SetUp() override {
        if (!np::sandbox_enabled()) GTEST_SKIP() << "the sandbox is off (NUMPLACE_NO_SANDBOX)";
        char name[] = "/tmp/numplace-outside-XXXXXX";
        outside_ = mkdtemp(name);
    }
    void TearDown() override {
        if (!outside_.empty()) fs::remove_all(outside_);
    }
    fs::path outside_;
    const np::SandboxSupport& support = np::sandbox_support();
};

TEST_F(Sandbox, WritesGoOnlyToItsOwnFolder) {
    if (!support.writes()) GTEST_SKIP() << "no Landlock on this kernel: writes are not restricted";
    std::string printed, folder;
    const auto end = shell("echo no > '" + (outside_ / "f").string() + "' 2>/dev/null && echo outside; " +
                               "echo yes > \"$TMPDIR/f\" && cat \"$TMPDIR/f\"; " +
                               "echo null > /dev/null && echo devnull",
                           printed, &folder);
    EXPECT_TRUE(end.ok()) << end.describe();
    EXPECT_EQ(printed, "yes\ndevnull\n");
    EXPECT_FALSE(fs::exists(outside_ / "f"));
    EXPECT_NE(folder.find("numplace-sandbox-"), std::string::npos);
    EXPECT_FALSE(fs::exists(folder)) << "the child's folder outlived it";
}

TEST_F(Sandbox, NothingItStartsOutlivesIt) {
    // A grandchild that leaves the group (setsid) and writes its pid, as
    // /proc (this machine's) numbers it, then sleeps for ever.
    std::string printed;
    const auto end = shell(
        "setsid sh -c 'read p rest < /proc/self/stat; echo $p > \"$TMPDIR/p.new\"; "
        "mv \"$TMPDIR/p.new\" \"$TMPDIR/p\"; exec sleep 1000' </dev/null >/dev/null & "
        "while [ ! -s \"$TMPDIR/p\" ]; do :; done; cat \"$TMPDIR/p\"",
        printed);
    EXPECT_TRUE(end.ok()) << end.describe();
    const pid_t grandchild = std::atoi(printed.c_str());
    ASSERT_GT(grandchild, 1) << printed;
    bool gone = false;
    for (int i = 0; i < 10000 && !gone; ++i) {
        std::ifstream stat("/proc/" + std::to_string(grandchild) + "/stat");
        std::string pid, name, state;
        stat >> pid >> name >> state;
        gone = !stat || state == "Z" || state == "X";
        if (!gone) usleep(1000);
    }
    EXPECT_TRUE(gone) << "the setsid grandchild " << grandchild << " survived";
    if (!gone) kill(grandchild, SIGKILL);
}

std::atomic<int> g_signals{0};
void count_signal(int) { ++g_signals; }

TEST_F(Sandbox, ItCannotSignalNumplace) {
    struct sigaction action {}, old {};
    action.sa_handler = count_signal;
    sigaction(SIGUSR1, &action, &old);
    const pid_t numplace = getpid();
    std::string error;
    Child child = np::spawn_function([numplace] { return kill(numplace, SIGUSR1) == 0 ? 0 : 1; }, sandboxed(), error);
    ASSERT_TRUE(child.running()) << error;
    const auto end = child.wait();
    sigaction(SIGUSR1, &old, nullptr);
    EXPECT_TRUE(end.exited && end.code == 1) << end.describe();
    EXPECT_EQ(g_signals.load(), 0);
}

TEST_F(Sandbox, ItCannotOpenASocket) {
    if (!support.seccomp && !support.tcp()) GTEST_SKIP() << "neither seccomp nor Landlock TCP rules here";
    const np::test::Loopback listener;  // of this process's, which the child must not reach
    ASSERT_TRUE(listener.listening());
    const sockaddr_in address = listener.address;
    std::string error;
    Child child = np::spawn_function(
        [address] {
            const int s = socket(AF_INET, SOCK_STREAM, 0);
            if (s < 0) return 2;  // denied at socket()
            return connect(s, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0 ? 0 : 3;
        },
        sandboxed(), error);
    ASSERT_TRUE(child.running()) << error;
    const auto end = child.wait();
    EXPECT_TRUE(end.exited && end.code != 0) << end.describe();
    if (support.seccomp) {
        EXPECT_EQ(end.code, 2) << "seccomp should deny socket()";
    }
    EXPECT_FALSE(listener.reached()) << "the child connected";
}

TEST_F(Sandbox, AnAbortIsStillASigabrt) {
    std::string error;
    Child child = np::spawn_function([] { abort(); return 0; }, sandboxed(), error);
    ASSERT_TRUE(child.running()) << error;
    const auto end = child.wait();
    EXPECT_TRUE(end.signalled && end.signal == SIGABRT) << end.describe();
}

TEST_F(Sandbox, ItsCpuTimeIsCounted) {
    std::string error;
    Child child = np::spawn_function(
        [] {
            volatile uint64_t x = 0;
            for (uint64_t i = 0; i < 300'000'000; ++i) x = x + i;
            return 0;
        },
        sandboxed(), error);
    ASSERT_TRUE(child.running()) << error;
    const auto end = child.wait();
    EXPECT_TRUE(end.ok()) << end.describe();
    EXPECT_GT(end.cpu_seconds(), 0.01);
}

TEST_F(Sandbox, AForkBombIsBounded) {
    if (!support.process_limit()) GTEST_SKIP() << "no process limit on this machine (root without a pids cgroup)";
    std::string error;
    SpawnOptions options = sandboxed();
    options.limits.processes = 16;
    // Forks until fork fails, each child waiting to be killed; says how many it made.
    Child child = np::spawn_function(
        [] {
            int made = 0;
            for (; made < 1000; ++made) {
                const pid_t pid = fork();
                if (pid < 0) break;
                if (pid == 0) {
                    pause();
                    _exit(0);
                }
            }
            return made < 1000 ? 0 : 1;
        },
        options, error);
    ASSERT_TRUE(child.running()) << error;
    const auto end = child.wait();
    EXPECT_TRUE(end.exited && end.code == 0) << end.describe() << ": fork never failed";
}

TEST_F(Sandbox, ItsFolderHoldsABoundedAmount) {
    if (!support.namespaces) GTEST_SKIP() << "no namespaces here: the folder is a plain one (each file bounded only)";
    std::string printed;
    SpawnOptions options = sandboxed();
    int out[2];
    ASSERT_EQ(pipe2(out, O_CLOEXEC), 0);
    options.fds = {np::kDevNull, out[1], np::kDevNull};
    options.limits.folder_bytes = 1 << 20;
    std::string error;
    // 2 MiB into a 1 MiB folder, in files of 256 KiB: the fifth cannot be written.
    Child child = np::spawn_program(
        "/bin/sh",
        {"sh", "-c",
         "for i in 1 2 3 4 5 6 7 8; do head -c 262144 /dev/zero > \"$TMPDIR/$i\" 2>/dev/null || { echo full at $i; exit 0; }; done; echo never full"},
        options, error);
    close(out[1]);
    ASSERT_TRUE(child.running()) << error;
    char buffer[256];
    for (ssize_t n; (n = read(out[0], buffer, sizeof buffer)) > 0;) printed.append(buffer, static_cast<std::size_t>(n));
    close(out[0]);
    const auto end = child.wait();
    EXPECT_TRUE(end.ok()) << end.describe();
    EXPECT_EQ(printed, "full at 5\n");
}

TEST_F(Sandbox, IoUringAndPtraceAreDenied) {
    if (!support.seccomp) GTEST_SKIP() << "no seccomp here";
    const pid_t numplace = getpid();
    std::string error;
    Child child = np::spawn_function(
        [numplace] {
            char params[120] = {};  // struct io_uring_params
            if (syscall(SYS_io_uring_setup, 1, params) >= 0 || errno != ENOSYS) return 2;
            if (np::sanitizer_build()) return 0;  // its leak checker needs ptrace
            if (ptrace(PTRACE_ATTACH, numplace, nullptr, nullptr) == 0 || errno != EPERM) return 3;
            return 0;
        },
        sandboxed(), error);
    ASSERT_TRUE(child.running()) << error;
    const auto end = child.wait();
    EXPECT_TRUE(end.ok()) << end.describe() << " (2: io_uring, 3: ptrace)";
}

// What a process inside the sandbox (a worker) gives a child it starts with
// the sandbox (a command-line solver's program): a folder inside its own,
// which shares its tmpfs; Landlock again, so not even the starter's folder
// is writable; the seccomp filter again; its process limit; and no note
// about parts "not enforced", which were the starter's to make.
TEST_F(Sandbox, ANestedSandboxHasEveryLayerAgain) {
    if (!support.namespaces || !support.writes() || !support.seccomp || !support.process_limit())
        GTEST_SKIP() << "the nested sandbox's checks need every part of the outer one";
    int report[2];
    ASSERT_EQ(pipe2(report, O_CLOEXEC), 0);
    SpawnOptions options = sandboxed();
    options.limits.folder_bytes = 1 << 20;
    options.limits.processes = 16;
    std::string error;
    Child starter = np::spawn_function([&report] { return start_nested(report[1]); }, options, error);
    close(report[1]);
    ASSERT_TRUE(starter.running()) << error;
    std::string printed;
    char buffer[4096];
    for (ssize_t n; (n = read(report[0], buffer, sizeof buffer)) > 0;) printed.append(buffer, static_cast<std::size_t>(n));
    close(report[0]);
    const auto end = starter.wait();
    EXPECT_TRUE(end.ok()) << end.describe() << "\n" << printed;
    EXPECT_EQ(printed,
              "folder: inside\nstarter's folder: denied\nown folder: written\n2 MiB: refused\nshell: exit 0\n"
              "memfd: denied\ndatagram pair: denied\nSystem V: denied\nseccomp filters: 2\nforks: bounded\n");
}

// The path of a kernel without namespaces (a subreaper and its kill loop),
// taken here by running these tests again in a process told to behave so.
TEST(SandboxFallback, WithoutNamespacesNothingOutlivesItEither) {
    if (std::getenv("NUMPLACE_SANDBOX_NO_NAMESPACES") != nullptr) GTEST_SKIP() << "this is the fallback run";
    if (!np::sandbox_enabled()) GTEST_SKIP() << "the sandbox is off";
    int out[2];
    ASSERT_EQ(pipe2(out, O_CLOEXEC), 0);
    SpawnOptions options;
    options.fds = {np::kDevNull, out[1], out[1]};
    setenv("NUMPLACE_SANDBOX_NO_NAMESPACES", "1", 1);
    std::string error;
    Child child = np::spawn_program(
        "/proc/self/exe",
        {"framework_tests",
         "--gtest_filter=Sandbox.NothingItStartsOutlivesIt:Sandbox.AnAbortIsStillASigabrt:Sandbox.WritesGoOnlyToItsOwnFolder"},
        options, error);
    unsetenv("NUMPLACE_SANDBOX_NO_NAMESPACES");
    close(out[1]);
    ASSERT_TRUE(child.running()) << error;
    std::string printed;
    char buffer[4096];
    for (ssize_t n; (n = read(out[0], buffer, sizeof buffer)) > 0;) printed.append(buffer, static_cast<std::size_t>(n));
    close(out[0]);
    const auto end = child.wait();
    EXPECT_TRUE(end.ok()) << end.describe() << "\n" << printed;
    EXPECT_NE(printed.find("[  PASSED  ] 3 tests"), std::string::npos) << printed;
    EXPECT_NE(printed.find("no user + PID namespace"), std::string::npos) << "the fallback was not taken:\n" << printed;
}

TEST(SandboxSupport, DescribesEveryPart) {
    const auto lines = np::sandbox_support().describe();
    EXPECT_EQ(lines.size(), 10u);
    const auto nested = np::sandbox_support().describe_nested();
    EXPECT_EQ(nested.size(), 5u);
    for (const auto& l : lines) EXPECT_FALSE(l.empty());
    for (const auto& l : nested) EXPECT_FALSE(l.empty());
}

}  // namespace
