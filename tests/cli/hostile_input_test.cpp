// Hostile input: whatever a file holds, numplace gives a clear one-line
// error or a correct result for it, every other input still runs, and the
// memory stays within the stated bounds (docs/reliability.md): one line of a
// puzzle file at most 1 MiB, one YAML entry at most 256 KiB of text and
// 1 MiB once its aliases are expanded, a corpus O(entries).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "runner/runner.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using np::test::BackgroundCli;
using np::test::CliRun;
using np::test::run_cli;
using np::test::run_program;

// A 4x4 puzzle with one empty cell, and its only solution.
const std::string kPuzzle = "1234341221434320";
const std::string kSolution = "1234341221434321";

class Hostile : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-hostile-XXXXXX";
        dir_ = mkdtemp(name);
        fs::permissions(dir_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
        write("good.txt", kPuzzle + "\n");
    }
    void TearDown() override {
        std::error_code ec;
        fs::permissions(dir_ / "locked.txt", fs::perms::owner_all, ec);
        fs::remove_all(dir_, ec);
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(dir_ / name, std::ios::binary) << text;
        return path(name);
    }
    // Solving one hostile input, then the good puzzle: the good one must be
    // solved whatever the first did, and last.
    CliRun solve_then_good(const std::string& hostile, long* peak_kib = nullptr) const {
        BackgroundCli cli({"solve", "--plugin", "bitmask-mrv", hostile, path("good.txt")});
        auto run = cli.finish(peak_kib);
        const auto last = run.out.rfind(kSolution + "\n");
        EXPECT_NE(last, std::string::npos) << run.out << run.err;
        if (last != std::string::npos) {
            EXPECT_EQ(last + kSolution.size() + 1, run.out.size()) << run.out;
        }
        return run;
    }
    fs::path dir_;
};

// Peak memory is only asserted without a sanitizer: AddressSanitizer's
// shadow memory and quarantine are not the program's.
bool measures_memory() { return !np::runner::sanitizer_build(); }

TEST_F(Hostile, ALineOfMegabytesIsOneInvalidRowAndIsNotKept) {
    const std::string huge = write("huge.txt", std::string(5 << 20, '1') + "\n" + kPuzzle + "\n");
    long peak = 0;
    const auto run = solve_then_good(huge, &peak);
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_EQ(run.out, "invalid: " + huge + ":1: a line of 5242880 bytes, over the 1 MiB a line may hold: skipped\n" + kSolution +
                           "\n" + kSolution + "\n");
    EXPECT_NE(run.err.find("(first: " + huge + ":1)"), std::string::npos) << run.err;
    if (measures_memory()) {
        EXPECT_LT(peak, 32 * 1024) << "KiB: a 5 MiB line was kept";
    }
}

TEST_F(Hostile, DevZeroEndsThatInputAfterItsBoundAndTheNextOneRuns) {
    long peak = 0;
    const auto run = solve_then_good("/dev/zero", &peak);
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_EQ(run.out, "invalid: /dev/zero:1: no line break in 64 MiB: the rest of this input is not read\n" + kSolution + "\n");
    if (measures_memory()) {
        EXPECT_LT(peak, 32 * 1024) << "KiB";
    }
}

TEST_F(Hostile, BinaryGarbageGivesInvalidRowsInCleanUtf8) {
    std::mt19937 random(7);
    std::string garbage(1 << 16, '\0');
    for (auto& c : garbage) c = static_cast<char>(random());
    const auto run = solve_then_good(write("garbage.bin", garbage));
    EXPECT_EQ(run.exit_code, 1) << run.err;
    std::istringstream lines(run.out);
    std::string line;
    std::size_t rows = 0;
    while (std::getline(lines, line)) {
        ++rows;
        if (line != kSolution) {
            EXPECT_EQ(line.rfind("invalid: ", 0), 0u) << line;
        }
        // Every byte shown is printable ASCII: bad bytes are named, not echoed.
        for (unsigned char c : line) EXPECT_TRUE(c >= 0x20 && c < 0x7f) << "byte " << int(c) << " in " << line;
    }
    EXPECT_GT(rows, 10u);
}

TEST_F(Hostile, NulBytesAndInvalidUtf8AreNamedByPlace) {
    const auto file = write("nul.txt", std::string("\0\0\0\n\n\xff\xfe\n\n", 9) + kPuzzle + "\n");
    const auto run = solve_then_good(file);
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_EQ(run.out, "invalid: " + file + ":1: bad character byte 0x00 at position 1\ninvalid: " + file +
                           ":3: bad character byte 0xFF at position 1\n" +
                           kSolution + "\n" + kSolution + "\n");
}

TEST_F(Hostile, AnEmptyFileHasNoRows) {
    const auto run = solve_then_good(write("empty.txt", ""));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, kSolution + "\n");
    // An empty corpus file is an error of its own; the file beside it loads.
    write("empty.yaml", "");
    write("good.yaml", "- {id: g1, source: test, size: 2x2, puzzle: \"" + kPuzzle +
                           "\", expect: {verdict: unique, solution: \"" + kSolution + "\"}}\n");
    const auto lint = run_cli({"corpus", "lint", dir_.string()});
    EXPECT_EQ(lint.exit_code, 1);
    EXPECT_NE(lint.err.find(path("empty.yaml") + ":1:1: the file holds no entries"), std::string::npos) << lint.err;
    EXPECT_NE(lint.out.find("2 file(s), 1 puzzle"), std::string::npos) << lint.out;
}

TEST_F(Hostile, ADirectoryASymlinkLoopAndAnUnreadableFileAreOneLineEach) {
    fs::create_directory(dir_ / "folder.txt");
    fs::create_symlink(dir_ / "loop-b.txt", dir_ / "loop-a.txt");
    fs::create_symlink(dir_ / "loop-a.txt", dir_ / "loop-b.txt");
    const auto locked = write("locked.txt", kPuzzle + "\n");
    fs::permissions(locked, fs::perms::none);
    std::vector<std::string> args = {"check", path("folder.txt"), path("loop-a.txt"), locked, path("good.txt")};
    CliRun run;
    if (geteuid() == 0) {
        // root reads any file: the unreadable file is tried as nobody.
        args.insert(args.begin(), {"--reuid=65534", "--regid=65534", "--clear-groups", NUMPLACE_TEST_BINARY});
        run = run_program("/usr/bin/setpriv", args);
    } else {
        run = run_cli(args);
    }
    EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
    EXPECT_EQ(run.err, "numplace: " + path("folder.txt") + ": cannot read (a directory)\n" +
                           "numplace: " + path("loop-a.txt") + ": cannot read (too many levels of symbolic links)\n" +
                           "numplace: " + locked + ": cannot read (permission denied)\n");
    EXPECT_EQ(run.out, "valid (15 givens)\n");  // the good one was checked
}

TEST_F(Hostile, AFifoAndAProcessSubstitutionAreRead) {
    const auto fifo = path("fifo.txt");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] { std::ofstream(fifo) << kPuzzle << "\n"; });
    const auto run = solve_then_good(fifo);
    writer.join();
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, kSolution + "\n" + kSolution + "\n");

    const auto bash = run_program("/bin/bash", {"-c", std::string(NUMPLACE_TEST_BINARY) +
                                                          " solve --plugin bitmask-mrv <(echo " + kPuzzle + ")"});
    EXPECT_EQ(bash.exit_code, 0) << bash.err;
    EXPECT_EQ(bash.out, kSolution + "\n");
}

TEST_F(Hostile, AFolderScanSkipsAFifo) {
    // Named on the command line a FIFO is read; found in a folder it is not a
    // corpus file, and reading it would wait for a writer for ever.
    fs::create_directory(dir_ / "corpus");
    ASSERT_EQ(mkfifo((dir_ / "corpus" / "waiting.yaml").c_str(), 0600), 0);
    std::ofstream(dir_ / "corpus" / "good.yaml")
        << "- {id: g1, source: test, size: 2x2, puzzle: \"" << kPuzzle << "\", expect: {verdict: unique, solution: \""
        << kSolution << "\"}}\n";
    const auto lint = run_cli({"corpus", "lint", path("corpus")});
    EXPECT_EQ(lint.exit_code, 0) << lint.out << lint.err;
    EXPECT_NE(lint.out.find("1 file(s), 1 puzzle"), std::string::npos) << lint.out;
}

TEST_F(Hostile, VerifyReportsABadPlainFileAndRunsTheRest) {
    const std::string huge = write("huge.txt", std::string(2 << 20, '.') + "\n");
    const auto run = run_cli({"verify", "--plugins", "bitmask-mrv,backtrack", "--oracle", "exhaustive-count",
                              "--max-nodes", "100000", huge, path("good.txt"), "/dev/zero"});
    EXPECT_EQ(run.exit_code, 2) << run.out << run.err;  // input errors
    EXPECT_NE(run.out.find("INPUT " + huge + ":1: not a puzzle: a line of 2097152 bytes"), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("INPUT /dev/zero:1: not a puzzle: no line break in 64 MiB"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("2 rows, 0 failed"), std::string::npos) << run.out;
}

// ---- YAML corpus files ----------------------------------------------------------------

std::string good_entry(int i) {
    return "- {id: g" + std::to_string(i) + ", source: test, size: 2x2, puzzle: \"" + kPuzzle +
           "\", expect: {verdict: unique, solution: \"" + kSolution + "\"}}\n";
}

TEST_F(Hostile, AYamlAliasBombIsSkippedInBoundedMemory) {
    // 456 bytes that expand to 9^10 scalars: the reader counts what an alias
    // stands for instead of copying it without end.
    std::string bomb = good_entry(1) + "- &a0 [x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i <= 10; ++i) {
        const std::string a = "*a" + std::to_string(i - 1);
        bomb += "- &a" + std::to_string(i) + " [" + a;
        for (int k = 1; k < 9; ++k) bomb += "," + a;
        bomb += "]\n";
    }
    bomb += good_entry(2);
    const auto file = write("bomb.yaml", bomb);
    BackgroundCli cli({"corpus", "lint", file});
    long peak = 0;
    const auto run = cli.finish(&peak);
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find("more than 1 MiB once its aliases are expanded (an alias bomb?): skipped"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("refers to an anchor whose entry was skipped"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("1 file(s), 2 puzzle"), std::string::npos) << run.out;  // both good entries
    if (measures_memory()) {
        EXPECT_LT(peak, 64 * 1024) << "KiB";
    }
}

TEST_F(Hostile, YamlNestedAMillionLevelsDeepIsOneErrorInBoundedMemory) {
    const auto flow = write("flow.yaml", "- " + std::string(1000000, '[') + "\n");
    std::string block;
    for (int i = 0; i < 1000; ++i) block += std::string(static_cast<std::size_t>(2 * i), ' ') + "-\n";
    const auto blocks = write("block.yaml", block);
    std::string lines = "- ";
    for (int i = 0; i < 1000000; ++i) lines += "[\n";
    const auto flow_lines = write("flow-lines.yaml", lines);
    write("good.yaml", good_entry(1));
    BackgroundCli cli({"corpus", "lint", flow, blocks, flow_lines, path("good.yaml")});
    long peak = 0;
    const auto run = cli.finish(&peak);
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find(flow + ":1:1: more than 256 KiB of text in one entry"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(blocks + ":"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("YAML nested deeper than the reader allows"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(flow_lines + ":"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("4 file(s), 1 puzzle"), std::string::npos) << run.out;
    if (measures_memory()) {
        EXPECT_LT(peak, 128 * 1024) << "KiB";
    }
}

TEST_F(Hostile, AHundredMegabyteYamlLineIsCutAtTheBound) {
    {
        std::ofstream out(dir_ / "big.yaml", std::ios::binary);
        out << good_entry(1) << "- notes: ";
        const std::string chunk(1 << 20, 'x');
        for (int i = 0; i < 100; ++i) out << chunk;
        out << "\n" << good_entry(2);
    }
    BackgroundCli cli({"corpus", "lint", path("big.yaml")});
    long peak = 0;
    const auto run = cli.finish(&peak);
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find(path("big.yaml") + ":2:1: more than 256 KiB of text in one entry"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("1 file(s), 1 puzzle"), std::string::npos) << run.out;  // the entry before it
    if (measures_memory()) {
        EXPECT_LT(peak, 32 * 1024) << "KiB";
    }
}

// Under the sanitizers, where memory is not measured (their shadow memory
// would be), a tenth of it: the same loader, 80 to 110 s less there.
TEST_F(Hostile, SlowACorpusOfAMillionEntriesLoadsInMemoryLinearInEntries) {
    const int entries = measures_memory() ? 1000000 : 100000;
    {
        std::ofstream out(dir_ / "million.yaml", std::ios::binary);
        for (int i = 0; i < entries; ++i) out << good_entry(i);
    }
    BackgroundCli cli({"corpus", "lint", path("million.yaml")});
    long peak = 0;
    const auto run = cli.finish(&peak);
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("1 file(s), " + std::to_string(entries) + " puzzle"), std::string::npos) << run.out;
    // The stated bound: 1 KiB per loaded entry (measured: about 0.65 KiB),
    // plus the program; the 126 MB file itself is never held.
    if (measures_memory()) {
        EXPECT_LT(peak, 1000000 + 64 * 1024) << "KiB";
    }
}

}  // namespace
