// Output files (harness/output): the temporary beside the target, exclusive
// and locked; nothing left after an abort, a failure or a second signal; a
// dead run's temporary swept by the next; symlinks never followed; several
// files all or nothing. Then numplace itself on a full disk and under
// `ulimit -f`: one line naming the file, every file as it was.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "full_disk.hpp"
#include "output/output_file.hpp"
#include "cli/shared.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using np::output::commit_all;
using np::output::OutputFile;
using np::output::temporary_name;

std::string read(const fs::path& path) { return np::test::read_file(path.string()); }

void put(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

class Output : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-output-XXXXXX";
        dir = mkdtemp(name);
    }
    void TearDown() override { fs::remove_all(dir); }

    // The names in `folder` (the test's own by default).
    std::set<std::string> names(const fs::path& folder = {}) const {
        std::set<std::string> found;
        for (const auto& entry : fs::directory_iterator(folder.empty() ? dir : folder))
            found.insert(entry.path().filename().string());
        return found;
    }
    std::unique_ptr<OutputFile> open(const fs::path& target, const np::output::NameSource& names = {}) {
        std::string error;
        auto file = OutputFile::open(target.string(), error, names);
        EXPECT_NE(file, nullptr) << error;
        return file;
    }

    fs::path dir;
};

TEST_F(Output, TheTemporaryIsBesideTheTargetAndBecomesItOnCommit) {
    const mode_t before = umask(022);
    auto file = open(dir / "out.json");
    umask(before);
    ASSERT_NE(file, nullptr);
    const fs::path temporary = file->temporary();
    EXPECT_EQ(temporary.parent_path(), dir);
    const std::string name = temporary.filename().string();
    EXPECT_EQ(name.rfind(".out.json.numplace-", 0), 0u) << name;
    EXPECT_EQ(name.substr(name.size() - 4), ".tmp") << name;
    struct stat st {};
    ASSERT_EQ(lstat(temporary.c_str(), &st), 0);
    EXPECT_TRUE(S_ISREG(st.st_mode));
    EXPECT_EQ(st.st_mode & 0777, 0644u);  // 0666 & ~umask
    EXPECT_TRUE(file->write("{\"rows\": []}\n"));
    EXPECT_FALSE(fs::exists(dir / "out.json"));  // nothing visible before the commit
    ASSERT_TRUE(file->commit()) << file->error();
    EXPECT_EQ(read(dir / "out.json"), "{\"rows\": []}\n");
    EXPECT_EQ(names(), std::set<std::string>{"out.json"});
}

TEST_F(Output, WritesPastTheBufferArriveWholeAndInOrder) {
    auto file = open(dir / "big.txt");
    ASSERT_NE(file, nullptr);
    std::string expected;
    for (int i = 0; i < 20000; ++i) {
        const std::string line = "line " + std::to_string(i) + "\n";
        expected += line;
        ASSERT_TRUE(file->write(line));
    }
    const std::string block(200 * 1024, 'b');  // bigger than the buffer: written through
    expected += block;
    ASSERT_TRUE(file->write(block));
    ASSERT_TRUE(file->commit()) << file->error();
    EXPECT_EQ(read(dir / "big.txt"), expected);
}

TEST_F(Output, NothingIsLeftAfterAnAbortOrWithoutACommit) {
    put(dir / "out.json", "old");
    auto file = open(dir / "out.json");
    ASSERT_NE(file, nullptr);
    file->write("new");
    ASSERT_TRUE(file->finish());
    file->abort();
    file->abort();  // idempotent
    EXPECT_FALSE(file->commit());
    EXPECT_EQ(names(), std::set<std::string>{"out.json"});
    EXPECT_EQ(read(dir / "out.json"), "old");

    file = open(dir / "out.json");
    ASSERT_NE(file, nullptr);
    file->write("new");
    file.reset();  // destroyed uncommitted
    EXPECT_EQ(names(), std::set<std::string>{"out.json"});
    EXPECT_EQ(read(dir / "out.json"), "old");
}

TEST_F(Output, WhatIsPlantedAtTheNextNameIsNeverOpened) {
    // An attacker who guesses the next name plants a symlink there (and
    // then a file), between the sweep and the creation: open() draws
    // another name each time, and what the symlink points to is untouched.
    fs::create_directory(dir / "elsewhere");
    put(dir / "elsewhere" / "victim", "victim");
    int calls = 0;
    auto names_with_plants = [&]() -> std::string {
        switch (++calls) {
            case 1: fs::create_symlink(dir / "elsewhere" / "victim", dir / temporary_name("out.json", "link")); return "link";
            case 2: put(dir / temporary_name("out.json", "file"), "planted"); return "file";
            default: return "fresh";
        }
    };
    auto file = open(dir / "out.json", names_with_plants);
    ASSERT_NE(file, nullptr);
    EXPECT_EQ(calls, 3);
    EXPECT_EQ(fs::path(file->temporary()).filename(), temporary_name("out.json", "fresh"));
    file->write("report");
    ASSERT_TRUE(file->commit()) << file->error();
    EXPECT_EQ(read(dir / "out.json"), "report");
    EXPECT_EQ(read(dir / "elsewhere" / "victim"), "victim");
    EXPECT_TRUE(fs::is_symlink(dir / temporary_name("out.json", "link")));
    EXPECT_EQ(read(dir / temporary_name("out.json", "file")), "planted");
}

TEST_F(Output, ASymlinkAtTheTargetIsReplacedNotFollowed) {
    put(dir / "victim", "victim");
    fs::create_symlink(dir / "victim", dir / "out.json");
    auto file = open(dir / "out.json");
    ASSERT_NE(file, nullptr);
    file->write("report");
    ASSERT_TRUE(file->commit()) << file->error();
    EXPECT_FALSE(fs::is_symlink(dir / "out.json"));
    EXPECT_EQ(read(dir / "out.json"), "report");
    EXPECT_EQ(read(dir / "victim"), "victim");
}

TEST_F(Output, TheSweepUnlinksASymlinkOrFifoOfTheTemporariesNamesWithoutOpeningIt) {
    put(dir / "victim", "victim");
    fs::create_symlink(dir / "victim", dir / temporary_name("out.json", "link"));
    ASSERT_EQ(mkfifo((dir / temporary_name("out.json", "fifo")).c_str(), 0600), 0);
    put(dir / temporary_name("other.json", "x"), "another target's");
    auto file = open(dir / "out.json");
    ASSERT_NE(file, nullptr);
    const std::string temporary = fs::path(file->temporary()).filename().string();
    EXPECT_EQ(names(), (std::set<std::string>{"victim", temporary, temporary_name("other.json", "x")}));
    EXPECT_EQ(read(dir / "victim"), "victim");
}

// Runs `work` in a forked child that says when it is ready (one byte on a
// pipe) and then waits to be killed; returns its pid once it is ready.
pid_t child_ready(const std::function<void()>& work) {
    int ready[2];
    EXPECT_EQ(pipe(ready), 0);
    const pid_t pid = fork();
    if (pid == 0) {
        close(ready[0]);
        work();
        if (write(ready[1], "r", 1) != 1) _exit(1);
        for (;;) pause();
    }
    close(ready[1]);
    char byte = 0;
    EXPECT_EQ(::read(ready[0], &byte, 1), 1);
    close(ready[0]);
    return pid;
}

TEST_F(Output, ADeadRunsTemporaryIsSweptAndALiveOneLeft) {
    const fs::path target = dir / "out.json";
    // A run killed with SIGKILL (no handler runs) while writing.
    const pid_t killed = child_ready([&] {
        std::string error;
        static auto file = OutputFile::open(target.string(), error);
        if (!file || !file->write("half a report")) _exit(1);
    });
    kill(killed, SIGKILL);
    waitpid(killed, nullptr, 0);
    const auto stale = names();
    ASSERT_EQ(stale.size(), 1u);
    EXPECT_EQ(stale.begin()->rfind(".out.json.numplace-", 0), 0u);

    auto live = open(target);  // sweeps the dead run's
    ASSERT_NE(live, nullptr);
    const std::string live_name = fs::path(live->temporary()).filename().string();
    EXPECT_EQ(names(), std::set<std::string>{live_name});
    auto second = open(target);  // the first holds its lock: left
    ASSERT_NE(second, nullptr);
    const std::string second_name = fs::path(second->temporary()).filename().string();
    EXPECT_EQ(names(), (std::set<std::string>{live_name, second_name}));
    live->write("first");
    ASSERT_TRUE(live->commit());
    second->abort();
    EXPECT_EQ(names(), std::set<std::string>{"out.json"});
    EXPECT_EQ(read(target), "first");
}

TEST_F(Output, ALiveTemporaryOfAnotherProcessIsLeft) {
    const fs::path target = dir / "out.json";
    const pid_t other = child_ready([&] {
        std::string error;
        static auto file = OutputFile::open(target.string(), error);
        if (!file) _exit(1);
    });
    const auto theirs = names();
    ASSERT_EQ(theirs.size(), 1u);
    auto mine = open(target);
    ASSERT_NE(mine, nullptr);
    for (const auto& name : theirs) EXPECT_TRUE(names().count(name)) << name << " of a live run was removed";
    kill(other, SIGKILL);
    waitpid(other, nullptr, 0);
}

TEST_F(Output, CommitAllLeavesEveryTargetAsItWasWhenOneFails) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full here";
    put(dir / "a.json", "old a");
    auto a = open(dir / "a.json");
    auto full = open("/dev/full");  // a device: written in place, and every write fails with ENOSPC
    auto c = open(dir / "c.json");
    ASSERT_TRUE(a && full && c);
    EXPECT_EQ(full->temporary(), "");
    for (auto* file : {a.get(), full.get(), c.get()}) file->write("new");
    std::string error;
    EXPECT_FALSE(commit_all({a.get(), full.get(), c.get()}, error));
    // The file that failed is named, not the one before it whose temporary went with it.
    EXPECT_EQ(error, "/dev/full: cannot write (No space left on device)");
    EXPECT_EQ(read(dir / "a.json"), "old a");
    EXPECT_EQ(names(), std::set<std::string>{"a.json"});
}

TEST_F(Output, CommitAllRenamesEveryFileInOrder) {
    auto a = open(dir / "a.json");
    auto b = open(dir / "b.json");
    ASSERT_TRUE(a && b);
    a->write("a");
    b->write("b");
    std::string error;
    ASSERT_TRUE(commit_all({a.get(), b.get()}, error)) << error;
    EXPECT_EQ(read(dir / "a.json"), "a");
    EXPECT_EQ(read(dir / "b.json"), "b");
    EXPECT_EQ(names(), (std::set<std::string>{"a.json", "b.json"}));
}

TEST_F(Output, AFifoOrDeviceIsWrittenInPlace) {
    const fs::path fifo = dir / "pipe";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);  // so that the writer's open does not wait
    ASSERT_GE(reader, 0);
    auto file = open(fifo);
    ASSERT_NE(file, nullptr);
    EXPECT_EQ(file->temporary(), "");
    file->write("through the pipe");
    ASSERT_TRUE(file->commit()) << file->error();
    char buffer[64] = {};
    EXPECT_EQ(::read(reader, buffer, sizeof buffer), 16);
    EXPECT_EQ(std::string(buffer), "through the pipe");
    close(reader);
    auto null = open("/dev/null");
    ASSERT_NE(null, nullptr);
    EXPECT_EQ(null->temporary(), "");
    EXPECT_TRUE(null->commit());
    EXPECT_EQ(names(), std::set<std::string>{"pipe"});
}

TEST_F(Output, AFileThatCannotBeMadeIsOneLineNamingIt) {
    std::string error;
    EXPECT_EQ(OutputFile::open((dir / "missing" / "out.json").string(), error), nullptr);
    EXPECT_EQ(error, (dir / "missing" / "out.json").string() + ": cannot write (No such file or directory)");
    EXPECT_EQ(OutputFile::open(dir.string(), error), nullptr);
    EXPECT_EQ(error, dir.string() + ": cannot write (Is a directory)");
}

TEST_F(Output, ASecondSignalLeavesNoTemporary) {
    // numplace's own handler (shared.cpp): the first SIGINT only sets the
    // flag, so the temporary stays for the command to commit or abort; the
    // second removes it and ends the process by the signal.
    const fs::path target = dir / "out.json";
    const pid_t pid = fork();
    if (pid == 0) {
        np::cli::install_interrupt_handlers();
        std::string error;
        auto file = OutputFile::open(target.string(), error);
        if (!file || !file->write("half")) _exit(1);
        raise(SIGINT);
        if (!np::cli::interrupted() || access(file->temporary().c_str(), F_OK) != 0) _exit(2);
        raise(SIGINT);
        _exit(3);  // still alive: the second signal did not end it
    }
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
    EXPECT_EQ(WTERMSIG(status), SIGINT);
    EXPECT_TRUE(names().empty()) << *names().begin();
}

TEST_F(Output, AForkedChildsSecondSignalLeavesItsParentsTemporary) {
    // bench's measuring child is forked with numplace's handler and a copy
    // of the table of temporaries: its death by a "second" signal must not
    // take its parent's file.
    auto file = open(dir / "out.json");
    ASSERT_NE(file, nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        np::cli::install_interrupt_handlers();
        raise(SIGINT);
        raise(SIGINT);
        _exit(3);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
    EXPECT_TRUE(fs::exists(file->temporary()));
    file->write("whole");
    ASSERT_TRUE(file->commit()) << file->error();
    EXPECT_EQ(read(dir / "out.json"), "whole");
}

TEST(RunId, IsUnpredictable128BitHex) {
    const std::string a = np::output::new_run_id(), b = np::output::new_run_id();
    EXPECT_EQ(a.size(), 32u);
    EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos) << a;
    EXPECT_NE(a, b);
}

// ---- numplace itself -----------------------------------------------------------------

class OutputFiles : public Output {
protected:
    // Three unique 9x9 puzzles, from bitmask-mrv.
    std::string puzzles() {
        auto made = np::test::run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--count", "3", "--seed", "5"});
        EXPECT_EQ(made.exit_code, 0) << made.err;
        put(dir / "puzzles.txt", made.out);
        return (dir / "puzzles.txt").string();
    }
    // bench over them, the whole file timed once.
    std::vector<std::string> bench(const std::string& plugins) {
        return {"bench", puzzles(), "--plugins", plugins, "--seconds", "1000", "--warmup", "0.01"};
    }
};

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

TEST_F(OutputFiles, AFullDiskFailsInOneLineAndLeavesEveryFileAsItWas) {
    fs::create_directory(dir / "full");
    fs::create_directory(dir / "ok");
    const std::string json = (dir / "full" / "out.json").string();
    auto args = bench("bitmask-mrv");
    args.insert(args.end(), {"--json", json, "--csv", (dir / "ok" / "out.csv").string()});
    const auto result = np::test::run_cli_on_full_disk((dir / "full").string(), {{"out.json", "the old report\n"}}, args);
    if (!result.unavailable.empty()) GTEST_SKIP() << "no tiny full file system here: " << result.unavailable;
    EXPECT_EQ(result.run.exit_code, 2) << result.run.err;
    EXPECT_EQ(count(result.run.err, "numplace: " + json + ": cannot write (No space left on device)\n"), 1u)
        << result.run.err;
    EXPECT_EQ(count(result.run.err, "cannot write"), 1u) << result.run.err;
    EXPECT_EQ(result.folder_after, (std::map<std::string, std::string>{{"out.json", "the old report\n"}}));
    EXPECT_TRUE(names(dir / "ok").empty());  // all or nothing: the CSV of a run whose JSON failed is not written
}

TEST_F(OutputFiles, AFileSizeLimitIsAnErrorNotADeath) {
    // Two plugins' JSON report is over 1 KiB; stdout's table and stderr stay under it.
    const std::string json = (dir / "out.json").string();
    auto args = bench("bitmask-mrv,backtrack");
    args.insert(args.end(), {"--json", json});
    const auto run = np::test::run_cli_with_file_size_limit(1024, args);
    EXPECT_EQ(run.exit_code, 2) << run.err;
    EXPECT_NE(run.err.find("numplace: " + json + ": cannot write (File too large)\n"), std::string::npos) << run.err;
    EXPECT_EQ(names(), std::set<std::string>{"puzzles.txt"});
}

TEST_F(OutputFiles, BenchWritesEveryFileThroughATemporary) {
    // The files of a run that succeeds, and nothing beside them.
    auto args = bench("bitmask-mrv");
    args.insert(args.end(), {"--json", (dir / "b.json").string(), "--csv", (dir / "b.csv").string()});
    const auto run = np::test::run_cli(args);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(names(), (std::set<std::string>{"puzzles.txt", "b.json", "b.csv"}));
    EXPECT_EQ(read(dir / "b.csv").rfind("dataset,plugin,", 0), 0u);
}

}  // namespace
