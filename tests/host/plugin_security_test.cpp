// Where plugins load from, and which files are refused: a plugin file or its
// folder that someone other than root or this user could change is skipped
// with its reason unless insecure plugins are allowed, and the current
// directory is searched only when asked (--plugin-dir .). Each test works on
// a copy of fixture_good.so in a private mkdtemp folder (0700).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using np::test::run_cli;

constexpr const char* kHint = " (--allow-insecure-plugins loads it anyway)";
constexpr uid_t kStranger = 12345;  // no user of this machine: "someone else"

class PluginSecurity : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-security-XXXXXX";
        ASSERT_NE(mkdtemp(name), nullptr);
        dir = fs::canonical(name);
        plugin = dir / "fixture_good.so";
        fs::copy_file(np::test::fixture_dir() + "/fixture_good.so", plugin);
        fs::permissions(plugin, fs::perms(0755));
    }
    void TearDown() override {
        fs::permissions(dir, fs::perms(0700));
        fs::remove_all(dir);
    }

    // The reason `path` was skipped for, or "<loaded>".
    static std::string outcome(const fs::path& path, bool allow_insecure = false) {
        np::PluginRegistry r;
        r.set_allow_insecure(allow_insecure);
        r.add_file(path.string());
        if (!r.plugins().empty()) return "<loaded>";
        return r.skipped().empty() ? "<nothing>" : r.skipped()[0].reason;
    }

    fs::path dir, plugin;
};

TEST_F(PluginSecurity, APrivateCopyLoads) {
    EXPECT_EQ(outcome(plugin), "<loaded>");
}

TEST_F(PluginSecurity, AGroupWritableFileIsRefusedUnlessAllowed) {
    fs::permissions(plugin, fs::perms(0775));
    EXPECT_EQ(outcome(plugin), std::string("insecure: the file is group-writable") + kHint);
    EXPECT_EQ(outcome(plugin, true), "<loaded>");
}

TEST_F(PluginSecurity, AWorldWritableFileIsRefusedUnlessAllowed) {
    fs::permissions(plugin, fs::perms(0757));
    EXPECT_EQ(outcome(plugin), std::string("insecure: the file is world-writable") + kHint);
    EXPECT_EQ(outcome(plugin, true), "<loaded>");
}

TEST_F(PluginSecurity, AWritableFolderIsRefusedUnlessAllowed) {
    fs::permissions(dir, fs::perms(0770));
    EXPECT_EQ(outcome(plugin), "insecure: its folder " + dir.string() + " is group-writable" + kHint);
    // The sticky bit (as on /tmp) keeps others from deleting, not from adding.
    fs::permissions(dir, fs::perms(01777));
    EXPECT_EQ(outcome(plugin), "insecure: its folder " + dir.string() + " is world-writable" + kHint);
    EXPECT_EQ(outcome(plugin, true), "<loaded>");
}

TEST_F(PluginSecurity, AFileOrFolderOfAnotherOwnerIsRefused) {
    if (geteuid() != 0) GTEST_SKIP() << "giving a file to another user needs root; this runs as uid " << geteuid();
    ASSERT_EQ(chown(plugin.c_str(), kStranger, static_cast<gid_t>(-1)), 0);
    EXPECT_EQ(outcome(plugin),
              "insecure: the file is owned by uid 12345, neither root nor this user" + std::string(kHint));
    EXPECT_EQ(outcome(plugin, true), "<loaded>");
    ASSERT_EQ(chown(plugin.c_str(), 0, static_cast<gid_t>(-1)), 0);
    ASSERT_EQ(chown(dir.c_str(), kStranger, static_cast<gid_t>(-1)), 0);
    EXPECT_EQ(outcome(plugin), "insecure: its folder " + dir.string() +
                                   " is owned by uid 12345, neither root nor this user" + kHint);
}

// What is checked is what is loaded: the real file and its real folder, not
// the link. A link in a world-writable folder to a safe file loads (the
// library is opened by the target's path, so swapping the link later
// changes nothing); a link to a file in a writable folder does not.
TEST_F(PluginSecurity, SymlinksAreJudgedByTheirTarget) {
    const fs::path open = dir / "open", safe = dir / "safe";
    fs::create_directory(open);
    fs::create_directory(safe);
    fs::permissions(open, fs::perms(0777));
    fs::permissions(safe, fs::perms(0755));
    fs::rename(plugin, safe / "good.so");
    fs::create_symlink(safe / "good.so", open / "link.so");
    EXPECT_EQ(outcome(open / "link.so"), "<loaded>");

    fs::rename(safe / "good.so", open / "good.so");
    fs::create_symlink(open / "good.so", safe / "link.so");
    EXPECT_EQ(outcome(safe / "link.so"), "insecure: its folder " + open.string() + " is world-writable" + kHint);
    fs::permissions(open, fs::perms(0755));
    fs::permissions(open / "good.so", fs::perms(0666));
    EXPECT_EQ(outcome(safe / "link.so"),
              "insecure: its target " + (open / "good.so").string() + " is world-writable" + kHint);
}

TEST_F(PluginSecurity, SolverDescriptionsAreCheckedToo) {
    const fs::path yaml = dir / "cat.solver.yaml";
    std::ofstream(yaml) << "name: cat\ncommand: [cat]\nshapes: [2x2]\noutput: {solution: line}\n";
    fs::permissions(yaml, fs::perms(0644));
    EXPECT_EQ(outcome(yaml), "<loaded>");
    fs::permissions(yaml, fs::perms(0664));
    EXPECT_EQ(outcome(yaml), std::string("insecure: the file is group-writable") + kHint);
    EXPECT_EQ(outcome(yaml, true), "<loaded>");
}

// Every file of a folder is judged on its own: the refused one is listed,
// the other loads.
TEST_F(PluginSecurity, AFolderScanSkipsOnlyTheInsecureFile) {
    fs::copy_file(plugin, dir / "zz_copy.so");
    fs::permissions(dir / "zz_copy.so", fs::perms(0777));
    np::PluginRegistry r;
    r.add_directory(dir.string());
    ASSERT_EQ(r.plugins().size(), 1u);
    ASSERT_EQ(r.skipped().size(), 1u);
    EXPECT_EQ(r.skipped()[0].path, (dir / "zz_copy.so").string());
    EXPECT_EQ(r.skipped()[0].reason, std::string("insecure: the file is world-writable") + kHint);
}

TEST_F(PluginSecurity, ARelativeEntryOfTheEnvironmentIsRefused) {
    setenv("NUMPLACE_PLUGIN_PATH", ("relative/plugins::" + dir.string()).c_str(), 1);
    np::PluginRegistry r;
    r.add_standard_search_path({});
    unsetenv("NUMPLACE_PLUGIN_PATH");
    EXPECT_NE(r.find("fixture-good"), nullptr);  // the absolute entry still loads
    ASSERT_FALSE(r.skipped().empty());
    EXPECT_EQ(r.skipped()[0].path, "relative/plugins");
    EXPECT_EQ(r.skipped()[0].reason,
              "relative entry in $NUMPLACE_PLUGIN_PATH refused: it would load plugins from wherever the current "
              "directory is (give an absolute path, or --plugin-dir)");
}

// ---- Through the command line -------------------------------------------------

// Runs numplace in `dir` as its current directory.
np::test::CliRun run_in(const fs::path& dir, const std::vector<std::string>& args,
                        const std::vector<std::pair<std::string, std::string>>& env = {}) {
    const fs::path before = fs::current_path();
    fs::current_path(dir);
    auto run = run_cli(args, "", env);
    fs::current_path(before);
    return run;
}

TEST_F(PluginSecurity, TheCurrentDirectoryIsSearchedOnlyWhenAsked) {
    auto unasked = run_in(dir, {"plugins"});
    EXPECT_EQ(unasked.out.find("fixture-good"), std::string::npos) << unasked.out;
    auto asked = run_in(dir, {"plugins", "--plugin-dir", "."});
    EXPECT_NE(asked.out.find("fixture-good 0.0.1"), std::string::npos) << asked.out << asked.err;
    // Listed by the absolute path it was opened by, though found through ".".
    EXPECT_NE(asked.out.find("path:         " + (dir / "fixture_good.so").string() + "\n"), std::string::npos)
        << asked.out;
    auto from_env = run_in(dir, {"plugins"}, {{"NUMPLACE_PLUGIN_PATH", "."}});
    EXPECT_EQ(from_env.out.find("fixture-good"), std::string::npos) << from_env.out;
    EXPECT_NE(from_env.out.find("skipped .: relative entry in $NUMPLACE_PLUGIN_PATH refused"), std::string::npos)
        << from_env.out;
    EXPECT_EQ(from_env.exit_code, 1);
}

TEST_F(PluginSecurity, TheFlagLoadsAnInsecurePlugin) {
    fs::permissions(plugin, fs::perms(0777));
    auto refused = run_cli({"plugins", "--plugin-dir", dir.string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.out.find("skipped " + plugin.string() + ": insecure: the file is world-writable"),
              std::string::npos)
        << refused.out;
    auto allowed = run_cli({"plugins", "--plugin-dir", dir.string(), "--allow-insecure-plugins"});
    EXPECT_EQ(allowed.exit_code, 0) << allowed.out << allowed.err;
    EXPECT_NE(allowed.out.find("fixture-good 0.0.1"), std::string::npos) << allowed.out;
}

// The worker loads what its parent accepted: verify (workers by default) on
// an insecure plugin that the flag let in gives rows, not "did not load".
TEST_F(PluginSecurity, WorkersLoadWhatTheParentAccepted) {
    fs::permissions(plugin, fs::perms(0777));
    const fs::path puzzles = dir / "puzzles.txt";
    std::ofstream(puzzles) << "1234341221434321\n";
    const std::vector<std::string> args = {"verify", puzzles.string(), "--plugin-dir", dir.string(),
                                           "--plugins", "fixture-good", "--oracle", ""};
    auto refused = run_cli(args);
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("unknown plugin 'fixture-good'"), std::string::npos) << refused.err;
    std::vector<std::string> allowed_args = args;
    allowed_args.push_back("--allow-insecure-plugins");
    auto allowed = run_cli(allowed_args);
    EXPECT_EQ(allowed.exit_code, 0) << allowed.out << allowed.err;
    EXPECT_EQ((allowed.out + allowed.err).find("did not load"), std::string::npos) << allowed.out << allowed.err;
    EXPECT_NE(allowed.out.find("0 failed"), std::string::npos) << allowed.out;
}

}  // namespace
