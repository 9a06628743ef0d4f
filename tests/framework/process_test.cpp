// The child-process primitive (process.hpp): how a child ended, its group
// killed whole, its limits, its CPU time, and no zombie left behind. No test
// here depends on how long anything takes: each waits on state.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>

#include "numplace/process.hpp"

namespace {

using np::Child;
using np::Exit;
using np::SpawnOptions;

Child shell(const std::string& script, const SpawnOptions& options = {}) {
    std::string error;
    Child child = np::spawn_program("/bin/sh", {"sh", "-c", script}, options, error);
    EXPECT_TRUE(child.running()) << error;
    return child;
}

Child forked(const std::function<int()>& work, const SpawnOptions& options = {}) {
    std::string error;
    Child child = np::spawn_function(work, options, error);
    EXPECT_TRUE(child.running()) << error;
    return child;
}

// Runs `script` with its stdout into a pipe (stdin and stderr /dev/null);
// `printed` is all it writes there.
Child shell_printing(const std::string& script, std::string& printed) {
    int out[2];
    EXPECT_EQ(pipe2(out, O_CLOEXEC), 0);
    SpawnOptions options;
    options.fds = {np::kDevNull, out[1], np::kDevNull};
    Child child = shell(script, options);
    close(out[1]);
    char buffer[256];
    for (ssize_t n; (n = read(out[0], buffer, sizeof buffer)) > 0;) printed.append(buffer, static_cast<std::size_t>(n));
    close(out[0]);
    return child;
}

// Gone: no such process, or a zombie that init has yet to reap (a dead one).
bool gone(pid_t pid) {
    if (kill(pid, 0) != 0) return errno == ESRCH;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string pid_field, name, state;
    stat >> pid_field >> name >> state;
    return !stat || state == "Z" || state == "X";
}

// True once `pid` is gone; polls a bounded number of times.
bool gone_soon(pid_t pid) {
    for (int i = 0; i < 10000; ++i) {
        if (gone(pid)) return true;
        usleep(1000);
    }
    return false;
}

// Reaped: this process has no such child to wait for any more.
bool reaped(pid_t pid) { return waitpid(pid, nullptr, WNOHANG) < 0 && errno == ECHILD; }

TEST(Process, AProgramsExitStatusIsRead) {
    Child child = shell("exit 3");
    const Exit e = child.wait();
    EXPECT_TRUE(e.exited);
    EXPECT_EQ(e.code, 3);
    EXPECT_FALSE(e.signalled);
    EXPECT_FALSE(e.ok());
    EXPECT_EQ(e.describe(), "exited with status 3");
    EXPECT_FALSE(child.running());
    EXPECT_TRUE(shell("exit 0").wait().ok());
}

TEST(Process, AProgramThatCannotBeExecutedEndsWithCannotRun) {
    std::string error;
    Child child = np::spawn_program("./no-such-program-here", {"no-such-program-here"}, {}, error);
    ASSERT_TRUE(child.running()) << error;
    EXPECT_EQ(child.wait().code, np::kCannotRun);
}

TEST(Process, ASignalDeathIsACrashByName) {
    const Exit e = shell("kill -SEGV $$").wait();
    EXPECT_TRUE(e.signalled);
    EXPECT_EQ(e.signal, SIGSEGV);
    EXPECT_EQ(e.describe(), "crashed: SIGSEGV");
}

TEST(Process, AFunctionChildEndsWithWhatItReturns) {
    EXPECT_EQ(forked([] { return 7; }).wait().code, 7);
    EXPECT_EQ(forked([]() -> int { throw std::runtime_error("no"); }).wait().code, np::kCannotRun);
}

TEST(Process, TheChildsFdsAreTheOnesGiven) {
    const int leak = dup(2);  // open, and not close-on-exec
    ASSERT_GT(leak, 2);
    ASSERT_LT(leak, 10);  // a shell redirects one digit
    const std::string fd = std::to_string(leak);
    std::string printed;
    Child child = shell_printing("echo hello; if true 2>/dev/null >&" + fd + "; then echo " + fd + " is open; fi", printed);
    close(leak);
    EXPECT_TRUE(child.wait().ok());
    EXPECT_EQ(printed, "hello\n");
}

TEST(Process, KillingTheGroupReachesAGrandchild) {
    std::string printed;
    Child child = shell_printing("sleep 100 >/dev/null & echo $!; exec sleep 100 >/dev/null", printed);
    const pid_t grandchild = std::atoi(printed.c_str());
    ASSERT_GT(grandchild, 0);
    ASSERT_FALSE(gone(grandchild));
    child.kill_group(SIGKILL);
    EXPECT_TRUE(child.wait().signalled);
    EXPECT_TRUE(gone_soon(grandchild));
}

TEST(Process, WhatAChildLeavesRunningInItsGroupEndsWithIt) {
    std::string printed;
    Child child = shell_printing("sleep 100 >/dev/null & echo $!", printed);
    const pid_t grandchild = std::atoi(printed.c_str());
    ASSERT_GT(grandchild, 0);
    EXPECT_TRUE(child.wait().ok());
    EXPECT_TRUE(gone_soon(grandchild));
}

// AddressSanitizer (gcc says so with __SANITIZE_ADDRESS__, clang with
// __has_feature) reserves its shadow memory and serves malloc itself.
#if defined(__SANITIZE_ADDRESS__)
#define NP_ASAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NP_ASAN_BUILD 1
#endif
#endif

TEST(Process, TheAddressSpaceLimitApplies) {
#if defined(NP_ASAN_BUILD)
    GTEST_SKIP() << "AddressSanitizer needs its address space: no limit in this build";
#endif
    SpawnOptions options;
    options.address_space_bytes = uint64_t{1} << 30;
    // Far above the limit: malloc must fail (without the limit, overcommit
    // could grant it).
    const Exit e = forked(
                       [] {
                           void* p = std::malloc(uint64_t{8} << 30);
                           return p == nullptr ? 42 : 0;
                       },
                       options)
                       .wait();
    EXPECT_EQ(e.code, 42);
}

TEST(Process, AChildGrowingAFilePastItsLimitEndsBySigxfszThoughTheParentIgnoresIt) {
    // numplace ignores SIGXFSZ (main.cpp), and an ignored signal stays
    // ignored across fork and exec: a plugin's process must get the default
    // back, as docs/reliability.md says ("crashed: SIGXFSZ").
    struct sigaction ignore {}, before {};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGXFSZ, &ignore, &before);
    char name[] = "/tmp/numplace-fsize-XXXXXX";
    const int fd = mkstemp(name);
    ASSERT_GE(fd, 0);
    const Exit e = forked([fd] {
                       const rlimit limit{1024, 1024};
                       if (setrlimit(RLIMIT_FSIZE, &limit) != 0) return 2;
                       const std::string block(4096, 'x');
                       // The first write stops at the limit; the second is past it.
                       for (int i = 0; i < 2; ++i)
                           if (write(fd, block.data(), block.size()) < 0) return errno == EFBIG ? 3 : 4;
                       return 0;
                   }).wait();
    sigaction(SIGXFSZ, &before, nullptr);
    close(fd);
    unlink(name);
    EXPECT_TRUE(e.signalled) << e.describe() << " (3: the write failed with EFBIG instead)";
    EXPECT_EQ(e.signal, SIGXFSZ);
}

TEST(Process, CpuTimeIsReported) {
    // Busy until its own CPU clock shows 0.2 s; the wall time it took does
    // not matter.
    const Exit e = forked([] {
                       volatile uint64_t x = 0;
                       while (std::clock() < CLOCKS_PER_SEC / 5)
                           for (int i = 0; i < 1000000; ++i) x = x + static_cast<uint64_t>(i);
                       return 0;
                   }).wait();
    EXPECT_TRUE(e.ok());
    EXPECT_GE(e.user_seconds, 0.1);
    EXPECT_GT(e.peak_rss_kib, 0);
}

TEST(Process, TryWaitSaysRunningThenTheEnd) {
    Child child = shell("exec sleep 100");
    EXPECT_FALSE(child.try_wait());
    child.kill_group(SIGKILL);
    EXPECT_TRUE(child.wait().signalled);
    EXPECT_FALSE(child.try_wait());  // waited for already: nothing more
}

TEST(Process, NoZombieAfterTheChildIsDestroyed) {
    pid_t running = -1, ended = -1;
    {
        Child child = shell("exec sleep 100");
        running = child.pid();
    }
    {
        Child child = shell("exit 0");
        ended = child.pid();
        ASSERT_FALSE(reaped(ended));  // not before it is waited for
    }
    EXPECT_TRUE(reaped(running));
    EXPECT_TRUE(reaped(ended));
}

TEST(Process, AMovedChildIsOwnedOnce) {
    Child a = shell("exec sleep 100");
    const pid_t pid = a.pid();
    Child b = std::move(a);
    EXPECT_FALSE(a.running());
    EXPECT_EQ(b.pid(), pid);
    b = Child();  // ends it
    EXPECT_TRUE(reaped(pid));
}

}  // namespace
