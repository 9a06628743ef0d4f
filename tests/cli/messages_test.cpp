// Answers that used to mislead a new user: an unproved solution printed like
// a proved one, a missing file read as a puzzle, the loader's reason hidden,
// a length with no hint, a disagreement with no place.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "test_support.hpp"

namespace {

using np::test::run_cli;
namespace fs = std::filesystem;

const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kEasySolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

TEST(Messages, FoundIsMarkedInEveryTextFormat) {
    // naive-dom cannot prove uniqueness; --limit 1 does not examine it.
    auto line = run_cli({"solve", "--plugin", "naive-dom", kEasy});
    EXPECT_EQ(line.exit_code, 0);
    EXPECT_EQ(line.out, "found: " + kEasySolution + "\n");
    auto limit_one = run_cli({"solve", "--plugin", "bitmask-mrv", "--limit", "1", kEasy});
    EXPECT_EQ(limit_one.out, "found: " + kEasySolution + "\n");
    auto grid = run_cli({"solve", "--plugin", "naive-dom", "--format", "grid", kEasy});
    EXPECT_EQ(grid.out.rfind("found:\n+-------+", 0), 0u) << grid.out;
    auto share = run_cli({"solve", "--plugin", "naive-dom", "--format", "share", kEasy});
    EXPECT_EQ(share.out.rfind("found: ", 0), 0u) << share.out;
    // A proved answer stays bare.
    EXPECT_EQ(run_cli({"solve", "--plugin", "bitmask-mrv", kEasy}).out, kEasySolution + "\n");
}

TEST(Messages, APathThatIsNotAFileIsAnIoError) {
    for (std::string path : {"no/such/file.txt", "missing.txt", "puzzles.sdk", "x.yaml", "data.tsv", "./a"}) {
        auto run = run_cli({"solve", "--plugin", "bitmask-mrv", path, kEasy});
        EXPECT_EQ(run.exit_code, 2) << path;
        EXPECT_EQ(run.out, kEasySolution + "\n") << path;  // the rest of the batch still runs
        EXPECT_EQ(run.err, "numplace: " + path + ": cannot read (no such file)\n") << path;
    }
    // A bare word that is no puzzle and has no grid's number of cells is a
    // file that is not there (issue 41), not a puzzle of ten cells.
    auto word = run_cli({"solve", "--plugin", "bitmask-mrv", "nosuchfile"});
    EXPECT_EQ(word.exit_code, 2);
    EXPECT_EQ(word.out, "");
    EXPECT_EQ(word.err, "numplace: nosuchfile: no such file (nor a puzzle: it has not a grid's number of cells)\n");
}

TEST(Messages, AnUndefinedSymbolIsShownAsTheLoaderSaysIt) {
    auto run = run_cli({"plugins", "--plugin-dir", np::test::broken_dir()});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.out.find("not a loadable shared library (" ), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("undefined symbol: numplace_fixture_missing"), std::string::npos) << run.out;
}

TEST(Messages, ALengthThatFitsOtherBoxShapesNamesThem) {
    auto made = run_cli({"generate", "--plugin", "backtrack", "--size", "2x4"});
    ASSERT_EQ(made.exit_code, 0) << made.err;
    const std::string grid64 = made.out.substr(0, 64);
    auto run = run_cli({"solve", "--plugin", "bitmask-mrv", grid64});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out,
              "invalid: arg:1: expected 16, 36, 81, 144, 256 or 625 cells, got 64 (8x8 cells: read it with --size 2x4 or "
              "--size 4x2)\n");
    auto with_size = run_cli({"solve", "--plugin", "bitmask-mrv", "--size", "2x4", grid64});
    EXPECT_EQ(with_size.exit_code, 0) << with_size.out;
    EXPECT_EQ(with_size.out, grid64 + "\n");
    auto prime = run_cli({"solve", "--plugin", "bitmask-mrv", std::string(49, '.')});
    EXPECT_NE(prime.out.find("got 49 (7x7 cells: read it with --size 1x7 or --size 7x1)"), std::string::npos)
        << prime.out;
}

TEST(Messages, ImportShowsWhereTwoUniqueAnswersDiffer) {
    // fixture-liar and fixture-liar-b each call an empty 4x4 unique, with
    // different (valid) grids: the refusal names the first differing cell.
    char name[] = "/tmp/numplace-import-XXXXXX";
    const fs::path dir = mkdtemp(name);
    std::ofstream(dir / "empty.txt") << std::string(16, '.') << "\n";
    auto run = run_cli({"corpus", "import", (dir / "empty.txt").string(), "--source", "test", "--out",
                        (dir / "out.yaml").string(), "--plugin-dir", np::test::liar_dir()});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find("fixture-liar and fixture-liar-b each find one solution, but different ones: they "
                           "differ at r1c1 (1 vs 2) and 15 more cells"),
              std::string::npos)
        << run.err;
    fs::remove_all(dir);
}

TEST(Messages, MinimalPuzzlesAt25x25AreRefusedUpFront) {
    // --timeout only bounds the test if the refusal ever went missing.
    auto run = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--size", "5x5", "--timeout", "20"});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find("minimal=0"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("clues="), std::string::npos) << run.err;
}

}  // namespace
