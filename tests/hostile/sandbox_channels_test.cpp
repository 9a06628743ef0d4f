// Issue 40: the channels namespaces alone did not close. Each attack plugin
// tries one from inside a worker: System V IPC, POSIX queues and keys that
// outlive numplace (ipc_persist.c), memory --memory does not count
// (memory_outside.c), Unix datagrams and abstract names aimed at the host
// (unix_datagram.c); and a command-line solver's program, which its worker
// starts in a sandbox nested in its own. Each test runs when `numplace
// plugins --sandbox-info` says its part is enforced (sandbox_claims.hpp), and
// the last test checks that every part it lists has a test here or in
// sandbox_test.cpp.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/keyctl.h>
#include <mqueue.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "hostile_support.hpp"
#include "sandbox_claims.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using namespace np::hostile;

// A key for this test's System V objects, POSIX queue and keyring key,
// unlikely to meet another process's.
long ipc_key() { return 0x4e500000L + (getpid() & 0xffff) * 32; }

long keyctl(int operation, long a, const char* type, const char* description) {
    return syscall(SYS_keyctl, operation, a, type, description, 0L);
}

// What the attack left in this process's view, each removed once seen so
// that a failing run leaves nothing behind.
std::vector<std::string> ipc_left(long key) {
    std::vector<std::string> left;
    for (long k = key; k < key + 32; ++k)
        if (const int id = shmget(static_cast<key_t>(k), 0, 0); id >= 0) {
            left.push_back("System V segment " + std::to_string(k));
            shmctl(id, IPC_RMID, nullptr);
        }
    if (const int id = msgget(static_cast<key_t>(key + 1), 0); id >= 0) {
        left.push_back("System V message queue");
        msgctl(id, IPC_RMID, nullptr);
    }
    if (const int id = semget(static_cast<key_t>(key + 2), 0, 0); id >= 0) {
        left.push_back("System V semaphore set");
        semctl(id, 0, IPC_RMID);
    }
    const std::string queue = "/numplace-attack-" + std::to_string(key);
    if (const mqd_t q = mq_open(queue.c_str(), O_RDONLY); q != static_cast<mqd_t>(-1)) {
        left.push_back("POSIX message queue " + queue);
        mq_close(q);
        mq_unlink(queue.c_str());
    }
    const std::string name = "numplace-attack-" + std::to_string(key);
    for (long ring : {long{KEY_SPEC_SESSION_KEYRING}, long{KEY_SPEC_USER_KEYRING}}) {
        const long found = keyctl(KEYCTL_SEARCH, ring, "user", name.c_str());
        if (found < 0) continue;
        left.push_back(std::string("a key in the ") + (ring == KEY_SPEC_SESSION_KEYRING ? "session" : "user") +
                       " keyring");
        syscall(SYS_keyctl, KEYCTL_UNLINK, found, ring);
    }
    return left;
}

std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
}

TEST(Sandboxed, IpcObjectsAndKeysDoNotOutliveTheRun) {
    NP_REQUIRE_CLAIM("containment in namespaces");
    NP_REQUIRE_CLAIM("memfd, System V IPC, POSIX message queues, keyrings (memory --memory does not count, objects "
                     "that outlive numplace)");
    // A session keyring of this process's own, which numplace and its
    // workers inherit: a key added to it would outlive numplace, here.
    if (syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, nullptr) < 0) {
        ASSERT_EQ(errno, ENOSYS) << std::strerror(errno);  // a kernel without keys has none to leave
    }
    const long key = ipc_key();
    ASSERT_TRUE(ipc_left(key).empty()) << "left by an earlier run";
    const auto run = verify_attack("ipc_persist", "attack-ipc-persist", 5, {}, {{"ATTACK_IPC_KEY", std::to_string(key)}});
    EXPECT_LT(run.seconds, run_bound(5));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    const auto left = ipc_left(key);
    EXPECT_TRUE(left.empty()) << "outlived numplace: " << joined(left);
    expect_others_pass(run);
}

TEST(Sandboxed, MemoryOutsideTheAddressSpaceIsDenied) {
    NP_REQUIRE_CLAIM("memfd, System V IPC, POSIX message queues, keyrings (memory --memory does not count, objects "
                     "that outlive numplace)");
    const long key = ipc_key();
    const auto run = verify_attack("memory_outside", "attack-memory-outside", 10, {"--memory", "128"},
                                   {{"ATTACK_IPC_KEY", std::to_string(key)}});
    const auto left = ipc_left(key);
    EXPECT_TRUE(left.empty()) << "outlived numplace: " << joined(left);
    EXPECT_LT(run.seconds, run_bound(10));
    ASSERT_EQ(run.rows.count(kTarget), 1u) << run.err;
    const std::string finding = run.rows.at(kTarget).value("finding", "");
    const auto at = finding.find("held ");
    ASSERT_NE(at, std::string::npos) << finding;
    // Nothing at all: a memfd, a System V segment or a file in /dev/shm is
    // memory --memory (128 MiB here) would not count.
    EXPECT_EQ(std::stoull(finding.substr(at + 5)), 0u) << finding;
    expect_others_pass(run);
}

// A Unix socket of this process's: a named one in a folder of its own, or
// an abstract one; what it received, read without waiting.
struct Listener {
    explicit Listener(const std::string& name, bool abstract) {
        fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        sockaddr_un at{};
        at.sun_family = AF_UNIX;
        std::memcpy(at.sun_path + (abstract ? 1 : 0), name.data(), name.size());
        const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + (abstract ? 1 : 0) + name.size());
        bound = bind(fd, reinterpret_cast<sockaddr*>(&at), length) == 0;
    }
    ~Listener() { close(fd); }
    std::string received() const {
        std::string all;
        char buffer[256];
        for (ssize_t n; (n = recv(fd, buffer, sizeof buffer, 0)) > 0;) all += std::string(buffer, n) + " ";
        return all;
    }
    int fd = -1;
    bool bound = false;
};

TEST(Sandboxed, UnixDatagramsReachNoSocketOfTheHost) {
    NP_REQUIRE_CLAIM("Unix datagram sockets, bind(), connect() and addressed sends (to /dev/log, journald, a name "
                     "in the host's network namespace)");
    char name[] = "/tmp/numplace-socket-XXXXXX";
    const fs::path folder = mkdtemp(name);
    const std::string path = (folder / "log").string();
    const std::string abstract = "numplace-attack-" + std::to_string(getpid());
    {
        const Listener named(path, false), hidden(abstract, true);
        ASSERT_TRUE(named.bound && hidden.bound) << std::strerror(errno);
        const auto run = verify_attack("unix_datagram", "attack-unix-datagram", 5, {},
                                       {{"ATTACK_SOCKET", path}, {"ATTACK_ABSTRACT", abstract}});
        EXPECT_EQ(named.received(), "") << "the plugin wrote to a named socket of the host";
        EXPECT_EQ(hidden.received(), "") << "the plugin wrote to an abstract socket of the host";
        EXPECT_EQ(run.exit_code, 0) << run.err;
        ASSERT_EQ(run.rows.count(kTarget), 1u) << run.err;
        EXPECT_EQ(run.rows.at(kTarget).value("status", ""), "pass") << run.rows.at(kTarget).dump();
        expect_others_pass(run);
    }
    fs::remove_all(folder);
}

// A command-line solver whose program writes outside its folder, leaves a
// setsid process behind and answers nonsense, run by verify: its worker
// starts it in a sandbox nested in the worker's. Its rows fail, and their
// findings (which end with what the worker printed) carry no false alarm
// about a sandbox "not enforced".
TEST(Sandboxed, ACommandLineSolversProgramIsContainedAndNoFalseAlarmIsPrinted) {
    NP_REQUIRE_CLAIM("every part above");
    NP_REQUIRE_CLAIM("writes outside its own temporary folder (inside its starter's)");
    NP_REQUIRE_CLAIM("what it leaves when it ends");
    char name[] = "/tmp/numplace-solver-XXXXXX";
    const fs::path root = mkdtemp(name), plugins = root / "plugins", outside = root / "outside";
    fs::create_directories(plugins);
    fs::create_directories(outside);
    fs::copy_file("/bin/sleep", plugins / "np-solver-left");
    std::ofstream(plugins / "attack.sh")
        << "#!/bin/sh\n"
           "echo pwned > \"$ATTACK_OUTSIDE/from-solver\" 2>/dev/null\n"
           "setsid \"$(dirname \"$0\")/np-solver-left\" 1000 </dev/null >/dev/null 2>&1 &\n"
           "echo nonsense\n";
    fs::permissions(plugins / "attack.sh", fs::perms(0755));
    std::ofstream(plugins / "attack-solver.solver.yaml")
        << "name: attack-solver\ncommand: [\"{dir}/attack.sh\"]\nshapes: [2x2, 2x3]\noutput: {solution: line}\n";
    std::ofstream(root / "c.yaml") << kCorpus;
    const auto run = np::test::run_cli({"verify", (root / "c.yaml").string(), "--plugin-dir", plugins.string(),
                                        "--plugins", "attack-solver", "--timeout", "5", "--report",
                                        (root / "r.json").string()},
                                       "", {{"ATTACK_OUTSIDE", outside.string()}});
    EXPECT_EQ(run.exit_code, 1) << run.err;  // nonsense fails every row
    // ...as a contract failure, at once: a call that waited for the process
    // its program left behind would be timed-out.
    std::ifstream in(root / "r.json");
    const auto report = nlohmann::json::parse(in, nullptr, false);
    ASSERT_TRUE(report.is_object() && report.contains("rows")) << run.err;
    EXPECT_EQ(report["rows"].size(), 4u) << report.dump();
    for (const auto& row : report["rows"]) {
        EXPECT_EQ(row.value("kind", ""), "contract") << row.dump();
    }
    EXPECT_EQ((run.out + run.err).find("not enforced"), std::string::npos) << run.out << run.err;
    EXPECT_TRUE(fs::is_empty(outside)) << "the solver's program wrote outside its folder";
    EXPECT_TRUE(processes_named("np-solver-left").empty()) << "the solver's setsid process outlived the run";
    for (int pid : processes_named("np-solver-left")) kill(pid, SIGKILL);
    fs::remove_all(root);
}

// Every part `plugins --sandbox-info` lists has a test that attacks it
// (and runs it when the part is claimed enforced).
TEST(Sandboxed, EveryPartSandboxInfoListsHasItsAttack) {
    // Names in another test binary are marked so; the rest must be tests of this one.
    const std::map<std::string, std::vector<std::string>> attacks = {
        {"containment in namespaces",
         {"Sandboxed.ASetsidGrandchildDoesNotOutliveTheRun", "Sandboxed.IpcObjectsAndKeysDoNotOutliveTheRun"}},
        {"writes outside the process's temporary folder", {"Sandboxed.WritesInHomeAndTmpAreRefused"}},
        {"the temporary folder's size", {"Sandboxed.AFullFolderIsBoundedAndGoesAway"}},
        {"TCP bind and connect", {"Sandboxed.AConnectionToALocalPortIsRefused"}},
        {"signals to processes outside the sandbox", {"Sandboxed.ASignalToNumplaceNeverArrives"}},
        {"socket(), io_uring, ptrace",
         {"Sandboxed.AConnectionToALocalPortIsRefused", "framework_tests: Sandbox.IoUringAndPtraceAreDenied"}},
        {"Unix datagram sockets, bind(), connect() and addressed sends (to /dev/log, journald, a name in the host's "
         "network namespace)",
         {"Sandboxed.UnixDatagramsReachNoSocketOfTheHost"}},
        {"memfd, System V IPC, POSIX message queues, keyrings (memory --memory does not count, objects that outlive "
         "numplace)",
         {"Sandboxed.MemoryOutsideTheAddressSpaceIsDenied", "Sandboxed.IpcObjectsAndKeysDoNotOutliveTheRun"}},
        {"process limit", {"Sandboxed.AForkBombIsAFailedRowAndLeavesNothing"}},
        {"file size and open files",
         {"framework_tests: Process.AChildGrowingAFilePastItsLimitEndsBySigxfszThoughTheParentIgnoresIt"}},
        {"every part above", {"Sandboxed.ACommandLineSolversProgramIsContainedAndNoFalseAlarmIsPrinted",
                              "framework_tests: Sandbox.ANestedSandboxHasEveryLayerAgain"}},
        {"writes outside its own temporary folder (inside its starter's)",
         {"Sandboxed.ACommandLineSolversProgramIsContainedAndNoFalseAlarmIsPrinted",
          "framework_tests: Sandbox.ANestedSandboxHasEveryLayerAgain"}},
        {"the same seccomp filter, again", {"framework_tests: Sandbox.ANestedSandboxHasEveryLayerAgain"}},
        {"what it leaves when it ends", {"Sandboxed.ACommandLineSolversProgramIsContainedAndNoFalseAlarmIsPrinted"}},
        {"its folder's size and its processes", {"framework_tests: Sandbox.ANestedSandboxHasEveryLayerAgain"}},
    };
    std::set<std::string> here;
    const auto* unit = ::testing::UnitTest::GetInstance();
    for (int i = 0; i < unit->total_test_suite_count(); ++i) {
        const auto* suite = unit->GetTestSuite(i);
        for (int j = 0; j < suite->total_test_count(); ++j)
            here.insert(std::string(suite->name()) + "." + suite->GetTestInfo(j)->name());
    }
    const auto& lines = sandbox_info_lines();
    EXPECT_GE(lines.size(), 15u);
    for (const auto& line : lines) {
        const auto it = attacks.find(part_of(line));
        if (it == attacks.end()) {
            ADD_FAILURE() << "no test attacks this part: " << line;
            continue;
        }
        for (const auto& test : it->second)
            if (test.rfind("framework_tests: ", 0) != 0) EXPECT_EQ(here.count(test), 1u) << test << " is not a test here";
    }
}

}  // namespace
