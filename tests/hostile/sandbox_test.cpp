// Issue 23: what a plugin's process may not reach. Each attack plugin tries
// one thing from inside a worker (writes outside its folder, TCP, a signal
// to numplace, a fork bomb, a setsid grandchild, a full folder); each test
// asserts the row, that nothing happened outside, that no process is left,
// and that every other row passed. A test runs when numplace plugins
// --sandbox-info says its part is enforced, and skips quoting the line when
// not (sandbox_claims.hpp); the channels issue 40 closed are in
// sandbox_channels_test.cpp.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "hostile_support.hpp"
#include "loopback.hpp"
#include "sandbox_claims.hpp"
#include "test_support.hpp"
#include "numplace/sandbox.hpp"

namespace {

namespace fs = std::filesystem;
using namespace np::hostile;

const np::SandboxSupport& support() { return np::sandbox_support(); }

// A folder of the test's own in /tmp, removed at the end.
struct Folder {
    Folder() {
        char name[] = "/tmp/numplace-attack-XXXXXX";
        path = mkdtemp(name);
    }
    ~Folder() { fs::remove_all(path); }
    bool empty() const { return fs::is_empty(path); }
    fs::path path;
};

void expect_target(const VerifyRun& run, const std::string& status, const std::string& kind = "") {
    ASSERT_TRUE(run.report) << run.err;
    ASSERT_EQ(run.rows.count(kTarget), 1u) << run.err;
    const auto& row = run.rows.at(kTarget);
    EXPECT_EQ(row.value("status", ""), status) << row.dump();
    if (!kind.empty()) {
        EXPECT_EQ(row.value("kind", ""), kind) << row.dump();
    }
}

TEST(Sandboxed, WritesInHomeAndTmpAreRefused) {
    NP_REQUIRE_CLAIM("writes outside the process's temporary folder");
    Folder home, outside;
    const auto run = verify_attack("write_outside", "attack-write-outside", 5, {},
                                   {{"HOME", home.path.string()}, {"ATTACK_OUTSIDE", outside.path.string()}});
    EXPECT_LT(run.seconds, run_bound(5));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    expect_target(run, "pass");
    expect_others_pass(run);
    EXPECT_TRUE(home.empty()) << "a file was written in $HOME";
    EXPECT_TRUE(outside.empty()) << "a file was written in /tmp";
}

TEST(Sandboxed, PluginsSandboxInfoSaysWhatIsEnforced) {
    const auto run = np::test::run_cli({"plugins", "--sandbox-info"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find(np::sandbox_enabled() ? "sandbox of plugin processes: on" : "off"), std::string::npos) << run.out;
    for (const auto& line : support().describe()) EXPECT_NE(run.out.find(line), std::string::npos) << line;
    for (const auto& line : support().describe_nested()) EXPECT_NE(run.out.find(line), std::string::npos) << line;
    const auto off = np::test::run_cli({"plugins", "--sandbox-info", "--no-sandbox"});
    EXPECT_NE(off.out.find("sandbox of plugin processes: off"), std::string::npos) << off.out;
}

TEST(Sandboxed, NoSandboxTurnsItOff) {
    NP_REQUIRE_CLAIM("writes outside the process's temporary folder");
    Folder home, outside;
    const auto run = verify_attack("write_outside", "attack-write-outside", 5, {"--no-sandbox"},
                                   {{"HOME", home.path.string()}, {"ATTACK_OUTSIDE", outside.path.string()}});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_TRUE(fs::exists(outside.path / "numplace-attack-was-here")) << "--no-sandbox left the sandbox on";
}

TEST(Sandboxed, AConnectionToALocalPortIsRefused) {
    NP_REQUIRE_CLAIM("TCP bind and connect", "socket(), io_uring, ptrace");
    const np::test::Loopback listener;
    ASSERT_TRUE(listener.listening());
    const auto run = verify_attack("connect_port", "attack-connect-port", 5, {},
                                   {{"ATTACK_PORT", std::to_string(listener.port())}});
    EXPECT_FALSE(listener.reached()) << "the plugin connected";
    EXPECT_EQ(run.exit_code, 0) << run.err;
    expect_target(run, "pass");
    expect_others_pass(run);
}

TEST(Sandboxed, ASignalToNumplaceNeverArrives) {
    NP_REQUIRE_CLAIM("signals to processes outside the sandbox");
    const auto run = verify_attack("signal_numplace", "attack-signal-numplace", 5);
    EXPECT_LT(run.seconds, run_bound(5));
    EXPECT_EQ(run.exit_code, 0) << "numplace did not finish: " << run.err;
    expect_target(run, "pass");
    expect_others_pass(run);
}

TEST(Sandboxed, AForkBombIsAFailedRowAndLeavesNothing) {
    NP_REQUIRE_CLAIM("process limit");
    const auto run = verify_attack("fork_bomb", "attack-fork-bomb", 5);
    EXPECT_LT(run.seconds, run_bound(5));
    EXPECT_EQ(run.exit_code, 1) << run.err;
    expect_target(run, "fail");
    const std::string finding = run.rows.count(kTarget) ? run.rows.at(kTarget).value("finding", "") : "";
    const auto at = finding.find("made ");
    ASSERT_NE(at, std::string::npos) << finding;
    EXPECT_LE(std::stoi(finding.substr(at + 5)), static_cast<int>(np::SandboxLimits{}.processes)) << finding;
    expect_others_pass(run);
    EXPECT_TRUE(processes_named("np-attack-bomb").empty()) << "a process of the bomb outlived the run";
}

TEST(Sandboxed, ASetsidGrandchildDoesNotOutliveTheRun) {
    NP_REQUIRE_CLAIM("containment in namespaces");
    const auto run = verify_attack("setsid_orphan", "attack-setsid-orphan", 5);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    expect_target(run, "pass");
    expect_others_pass(run);
    EXPECT_TRUE(processes_named("np-orphan").empty()) << "the grandchild outlived the run";
}

TEST(Sandboxed, AFullFolderIsBoundedAndGoesAway) {
    NP_REQUIRE_CLAIM("the temporary folder's size");
    Folder tmp;  // numplace's TMPDIR: the sandbox's folders are made in it
    const auto run = verify_attack("fill_folder", "attack-fill-folder", 20, {}, {{"TMPDIR", tmp.path.string()}});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    expect_target(run, "fail");
    const std::string finding = run.rows.count(kTarget) ? run.rows.at(kTarget).value("finding", "") : "";
    const auto at = finding.find("wrote ");
    ASSERT_NE(at, std::string::npos) << finding;
    EXPECT_LE(std::stoull(finding.substr(at + 6)), np::SandboxLimits{}.folder_bytes) << finding;
    expect_others_pass(run);
    EXPECT_TRUE(tmp.empty()) << "a sandbox folder was left in TMPDIR";
}

}  // namespace
