// Command-line solvers under the rules plugin files load by (issue 22,
// part 5): the program a description names is found from the description's
// folder or PATH's absolute folders, never from the current directory; the
// program, its folder and a script passed from the description's folder
// must be this user's or root's and writable by no one else unless
// --allow-insecure-plugins; placeholders are filled in once, so a folder
// named "{dir}" is only a name.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "hostile_support.hpp"
#include "numplace/clock.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using np::test::run_cli;

constexpr const char* kPuzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// Runs a test body with the current directory set to `dir`, restored after.
class InDirectory {
public:
    explicit InDirectory(const fs::path& dir) : before_(fs::current_path()) { fs::current_path(dir); }
    ~InDirectory() { fs::current_path(before_); }

private:
    fs::path before_;
};

class HostileExternal : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-hostile-external-XXXXXX";
        root = mkdtemp(name);
    }
    void TearDown() override { fs::remove_all(root); }

    // A folder under the temporary root with mode `mode` (chmod, past the umask).
    fs::path folder(const std::string& name, fs::perms mode = fs::perms(0755)) {
        const fs::path dir = root / name;
        fs::create_directories(dir);
        fs::permissions(dir, mode);
        return dir;
    }
    // An executable shell script that prints `line` and, when `mark` is
    // given, writes its first argument into that file.
    static void script(const fs::path& path, const std::string& line, const std::string& mark = "") {
        std::ofstream(path) << "#!/bin/sh\n"
                            << (mark.empty() ? "" : "printf '%s' \"$1\" > '" + mark + "'\n") << "echo " << line << "\n";
        fs::permissions(path, fs::perms(0755));
    }
    static void describe(const fs::path& dir, const std::string& command) {
        std::ofstream(dir / "t.solver.yaml") << "name: t\ncommand: " << command
                                             << "\nshapes: [3x3]\noutput: {solution: line}\n";
        fs::permissions(dir / "t.solver.yaml", fs::perms(0644));  // whatever the umask
    }
    static np::test::CliRun solve(const fs::path& plugin_dir, std::vector<std::string> extra = {},
                                  const std::vector<std::pair<std::string, std::string>>& env = {}) {
        std::vector<std::string> args = {"solve", "--plugin-dir", plugin_dir.string(), "--plugin", "t", kPuzzle};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_cli(args, "", env);
    }
    static std::string listing(const fs::path& plugin_dir) {
        const auto run = run_cli({"plugins", "--plugin-dir", plugin_dir.string()});
        return run.out + run.err;
    }

    fs::path root;
};

TEST_F(HostileExternal, ARelativeCommandRunsFromTheDescriptionsFolderNotTheCurrentOne) {
    const fs::path plugins = folder("plugins"), elsewhere = folder("elsewhere");
    script(plugins / "answer.sh", kSolution);
    script(elsewhere / "answer.sh", "not-an-answer", (elsewhere / "ran").string());
    describe(plugins, "[./answer.sh]");
    np::test::CliRun run;
    {
        InDirectory cd(elsewhere);
        run = solve(plugins);
    }
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_EQ(run.out, std::string("found: ") + kSolution + "\n") << run.err;
    EXPECT_FALSE(fs::exists(elsewhere / "ran")) << "the current directory's answer.sh ran";
}

TEST_F(HostileExternal, ABareNameIsNotLookedUpInTheCurrentDirectory) {
    const fs::path plugins = folder("plugins"), elsewhere = folder("elsewhere");
    script(elsewhere / "np-only-here", kSolution, (elsewhere / "ran").string());
    describe(plugins, "[np-only-here]");
    np::test::CliRun run;
    {
        InDirectory cd(elsewhere);
        run = run_cli({"solve", "--plugin-dir", plugins.string(), "--plugin", "t", kPuzzle}, "",
                      {{"PATH", std::string(".:") + getenv("PATH")}});
    }
    EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
    EXPECT_FALSE(fs::exists(elsewhere / "ran"));
    EXPECT_NE(listing(plugins).find("'np-only-here' is not found"), std::string::npos) << listing(plugins);
}

TEST_F(HostileExternal, AProgramInAGroupOrWorldWritableFolderIsRefused) {
    for (const auto& [mode, word] : {std::pair{fs::perms(0777), "world-writable"}, {fs::perms(0775), "group-writable"}}) {
        const fs::path plugins = folder("plugins"), open = folder(std::string("open-") + word, mode);
        script(open / "answer.sh", kSolution);
        describe(plugins, "[\"" + (open / "answer.sh").string() + "\"]");
        const auto refused = solve(plugins);
        EXPECT_EQ(refused.exit_code, 2) << word << ": " << refused.out << refused.err;
        EXPECT_EQ(refused.out, "") << word;
        const std::string why = listing(plugins);
        EXPECT_NE(why.find("the program " + (open / "answer.sh").string() + ": insecure: its folder " + open.string() +
                           " is " + word + " (--allow-insecure-plugins loads it anyway)"),
                  std::string::npos)
            << why;
        const auto allowed = solve(plugins, {"--allow-insecure-plugins"});
        EXPECT_EQ(allowed.exit_code, 0) << word << ": " << allowed.err;
        EXPECT_EQ(allowed.out, std::string("found: ") + kSolution + "\n") << word;
    }
}

TEST_F(HostileExternal, AWritableProgramIsRefusedThroughASymlinkToo) {
    const fs::path plugins = folder("plugins"), bin = folder("bin");
    script(bin / "answer.sh", kSolution);
    fs::permissions(bin / "answer.sh", fs::perms(0777));
    fs::create_symlink(bin / "answer.sh", plugins / "link.sh");
    describe(plugins, "[./link.sh]");
    EXPECT_EQ(solve(plugins).exit_code, 2);
    EXPECT_NE(listing(plugins).find("insecure: its target " + (bin / "answer.sh").string() + " is world-writable"),
              std::string::npos)
        << listing(plugins);
}

TEST_F(HostileExternal, AScriptArgumentInAWritableFolderIsRefused) {
    const fs::path plugins = folder("plugins"), scripts = folder("plugins/scripts", fs::perms(0777));
    script(scripts / "answer.sh", kSolution);
    describe(plugins, "[sh, \"{dir}/scripts/answer.sh\"]");
    EXPECT_EQ(solve(plugins).exit_code, 2);
    const std::string why = listing(plugins);
    EXPECT_NE(why.find("the script " + (scripts / "answer.sh").string() + ": insecure: its folder " +
                       scripts.string() + " is world-writable (--allow-insecure-plugins"),
              std::string::npos)
        << why;
    // The same script in a folder of this user's own runs.
    fs::permissions(scripts, fs::perms(0755));
    const auto run = solve(plugins);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, std::string("found: ") + kSolution + "\n");
}

TEST_F(HostileExternal, AFolderNamedLikeAPlaceholderIsOnlyAName) {
    for (const std::string name : {"{dir}", "{size}", "{puzzle}"}) {
        const fs::path plugins = folder(name);
        script(plugins / "answer.sh", kSolution, (plugins / "seen").string());
        describe(plugins, "[\"{dir}/answer.sh\", \"{dir}/{size}\"]");
        const uint64_t start = np::monotonic_ns();
        // The script notes its argument in its own folder, which the sandbox
        // would not let it write (tests/hostile/sandbox_test.cpp checks that).
        const auto run = solve(plugins, {}, {{"NUMPLACE_NO_SANDBOX", "1"}});
        EXPECT_LT(np::seconds_since(start), np::hostile::run_bound(0)) << name;
        EXPECT_EQ(run.exit_code, 0) << name << ": " << run.err;
        EXPECT_EQ(run.out, std::string("found: ") + kSolution + "\n") << name;
        // The folder's name stays literal; only the description's own {size} is filled in.
        std::ifstream seen(plugins / "seen");
        std::string argument((std::istreambuf_iterator<char>(seen)), std::istreambuf_iterator<char>());
        EXPECT_EQ(argument, (plugins / "3x3").string()) << name;
    }
}

}  // namespace
