// What a new user meets first (issue 41): a typo is refused at once with
// the nearest known name, a file that is not there is "no such file" and
// not a puzzle of four cells, an empty input is said, and verify on a folder
// with nothing to read stops before its generator sweep.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli/cli.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using np::test::run_cli;

const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

// A folder of its own under the system's temporary folder, removed after.
class FirstSteps : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-first-steps-XXXXXX";
        dir_ = mkdtemp(name);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& leaf) const { return dir_ + "/" + leaf; }
    std::string dir_;
};

TEST(Nearest, SuggestsASlipAndNothingFarOrTied) {
    using np::cli::nearest;
    EXPECT_EQ(nearest("--plugn", {"--plugin", "--plugins", "--limit"}), "--plugin");
    EXPECT_EQ(nearest("xwing", {"x-wing", "xy-wing", "swordfish"}), "x-wing");
    EXPECT_EQ(nearest("sukak", {"default", "se", "sukaku", "hodoku"}), "sukaku");
    EXPECT_EQ(nearest("hdoku", {"default", "se", "sukaku", "hodoku"}), "hodoku");
    EXPECT_EQ(nearest("SUKAKU", {"se", "sukaku"}), std::nullopt);  // the same word: nothing to suggest
    EXPECT_EQ(nearest("banana", {"se", "sukaku"}), std::nullopt);
    EXPECT_EQ(nearest("ab", {"ac", "ad"}), std::nullopt);           // two equally near
    EXPECT_EQ(nearest("naekd pair", {"naked pair", "hidden pair"}), "naked pair");  // two letters swapped
}

TEST(FirstStepsCli, AMistypedFlagIsNamedWithTheNearestOne) {
    const auto run = run_cli({"solve", "--plugn", "backtrack", kEasy});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "numplace solve: unknown option --plugn (did you mean --plugin?)\n");
    const auto far = run_cli({"rate", "--zzzzzz", kEasy});
    EXPECT_EQ(far.exit_code, 2);
    EXPECT_EQ(far.err, "numplace rate: unknown option --zzzzzz (numplace rate --help lists its flags)\n");
}

TEST(FirstStepsCli, AMistypedValueOrPluginOrOptionGetsTheNearestName) {
    auto run = run_cli({"rate", "--plugin", "logic", "--table", "sukak", kEasy});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("(did you mean sukaku?)"), std::string::npos) << run.err;
    run = run_cli({"solve", "--plugin", "bactrack", kEasy});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("unknown plugin"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("(did you mean backtrack?)"), std::string::npos) << run.err;
    run = run_cli({"rate", "--plugin", "logic", "--option", "profile=sukak", kEasy});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("(did you mean profile=sukaku?)"), std::string::npos) << run.err;
    run = run_cli({"rate", "--plugin", "logic", "--option", "profil=se", kEasy});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("(did you mean profile=se?)"), std::string::npos) << run.err;
}

// `generate --technique xwing` searched 100,000 candidates (226 s) before
// "0 of 1": a name outside the vocabulary is refused before any is made.
TEST(FirstStepsCli, AnUnknownTechniqueIsRefusedBeforeAnyPuzzleIsMade) {
    const auto run = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--rater", "logic",
                              "--technique", "xwing"});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find("--technique: 'xwing' is no technique of the vocabulary"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("(did you mean 'x-wing'?)"), std::string::npos) << run.err;
}

// A band no step can reach is refused as at once: searching it would end
// only at --timeout with "0 of N".
TEST(FirstStepsCli, ARatingBandAboveTheTableIsRefusedBeforeAnyPuzzleIsMade) {
    const auto run = run_cli({"generate", "--what", "puzzle", "--rating", "15.0..16.0"});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find("--rating 15.0..16.0: no step rates above "), std::string::npos) << run.err;
}

TEST_F(FirstSteps, AnArgumentThatIsNeitherAFileNorAPuzzleIsNoSuchFile) {
    const auto run = run_cli({"solve", "--plugin", "backtrack", "nope", kEasy});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("numplace: nope: no such file"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << "the puzzle after it still runs:\n" << run.out;
    // An argument with a grid's number of cells is a puzzle, invalid or not.
    const auto bad = run_cli({"solve", "--plugin", "backtrack", std::string(80, '.') + "x"});
    EXPECT_EQ(bad.exit_code, 1) << bad.err;
    EXPECT_EQ(bad.err.find("no such file"), std::string::npos) << bad.err;
    // And --size makes its own number of cells a puzzle's.
    const auto four = run_cli({"solve", "--plugin", "backtrack", "--size", "1x2", "1..."});
    EXPECT_EQ(four.exit_code, 0) << four.err;
}

TEST_F(FirstSteps, AnEmptyInputIsSaid) {
    { std::ofstream(path("empty.txt")) << "# nothing but a comment\n\n"; }
    for (const std::vector<std::string>& command : {std::vector<std::string>{"solve", "--plugin", "backtrack"},
                                                   std::vector<std::string>{"rate", "--plugin", "logic"}}) {
        std::vector<std::string> args = command;
        args.push_back(path("empty.txt"));
        const auto run = run_cli(args);
        EXPECT_EQ(run.exit_code, 0) << command[0] << ": " << run.err;
        EXPECT_EQ(run.out, "") << command[0];
        EXPECT_NE(run.err.find(path("empty.txt") + ": no puzzles in it"), std::string::npos) << command[0] << ": "
                                                                                           << run.err;
    }
    const auto piped = run_cli({"solve", "--plugin", "backtrack"}, "");
    EXPECT_NE(piped.err.find("stdin: no puzzles in it"), std::string::npos) << piped.err;
}

// verify on an empty folder said "no corpus files" and then ran the
// generator sweep: now it stops first, and writes no rows.
TEST_F(FirstSteps, VerifyOnAFolderWithNothingToReadStopsBeforeTheSweep) {
    const auto run = run_cli({"verify", dir_, "--plugins", "bitmask-mrv", "--report", path("r.json")});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("no corpus files"), std::string::npos) << run.err;
    EXPECT_EQ(run.out.find("rows"), std::string::npos) << "no generator sweep:\n" << run.out;
}

}  // namespace

namespace {

// A 25x25 puzzle with no solution that plain backtracking only finds out
// at its last cell: row 25 holds 1..12 and column 25 holds 13..25, so that
// r25c25 has no value left, and nothing else is wrong.
std::string unsolvable_25() {
    const std::string symbols = "123456789ABCDEFGHIJKLMNOP";
    std::string cells(625, '.');
    for (int c = 0; c < 12; ++c) cells[24 * 25 + c] = symbols[c];
    for (int r = 0; r < 13; ++r) cells[r * 25 + 24] = symbols[12 + r];
    return cells;
}

}  // namespace

// Answers from a file reach a pipe as they come: the first is out while
// the second still runs (it never ends here: the run is interrupted).
TEST_F(FirstSteps, AnAnswerFromAFileIsWrittenWhileTheNextRuns) {
    const std::string file = path("two.txt");
    std::ofstream(file) << kEasy << "\n" << unsolvable_25() << "\n";
    const std::string solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n";
    np::test::BackgroundCli run({"solve", "--plugin", "backtrack", "--timeout", "0", file});
    EXPECT_TRUE(run.wait_until([&](double, const std::string& out) { return out == solution; }))
        << run.err_so_far();
    run.signal(SIGINT);
    const auto done = run.finish();
    // The first was out before the second ended, which the interrupt did:
    // its answer, if any, is what the plugin had then (as in this process).
    EXPECT_TRUE(done.out == solution || done.out == solution + "unknown\n") << done.out;
    EXPECT_NE(done.err.find("interrupted"), std::string::npos) << done.err;
}

// A bad symbol is quoted as typed, and a text row says where it came from.
TEST_F(FirstSteps, AnInvalidLineQuotesTheCharacterAndNamesFileAndLine) {
    const std::string file = path("x.txt");
    std::ofstream(file) << kEasy << "\n" << kEasy.substr(0, 80) << "x\n";
    const auto run = run_cli({"solve", "--plugin", "backtrack", file});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.out.find("\ninvalid: " + file + ":2: 'x' (value 33) is out of range for a 9x9 grid at row 9, column 9\n"),
              std::string::npos)
        << run.out;
}
