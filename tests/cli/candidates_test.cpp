// Candidate (pencilmark) puzzles through `numplace solve` and `count`: the
// 729-character line and the pencilmark grid, from arguments and files,
// solved in process by the plugins with the capability; a plugin without
// it gives a per-puzzle error and the batch goes on; a bad candidate line
// is an invalid row located to its file, line and cell. The masks are made
// by the test's own scan of the givens' peers.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "numplace/format.hpp"
#include "numplace/steps.hpp"
#include "test_support.hpp"

namespace {

using nlohmann::json;
using np::test::run_cli;

constexpr const char* kPuzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// The basic eliminations as a candidate line, written by the test: for each
// cell, place v holds v when no peer is given v (a given: its value alone).
std::string basic_line(const std::string& puzzle) {
    std::string out;
    for (int cell = 0; cell < 81; ++cell) {
        const int r = cell / 9, c = cell % 9;
        for (int v = 1; v <= 9; ++v) {
            const char symbol = static_cast<char>('0' + v);
            bool ok = puzzle[static_cast<std::size_t>(cell)] == '.' || puzzle[static_cast<std::size_t>(cell)] == symbol;
            for (int j = 0; j < 81 && ok && puzzle[static_cast<std::size_t>(cell)] == '.'; ++j) {
                const int rj = j / 9, cj = j % 9;
                const bool peer = j != cell && (rj == r || cj == c || (rj / 3 == r / 3 && cj / 3 == c / 3));
                if (peer && puzzle[static_cast<std::size_t>(j)] == symbol) ok = false;
            }
            out += ok ? symbol : '.';
        }
    }
    return out;
}

bool has_sat() {
    const auto run = run_cli({"plugins", "--json"});
    const json listed = json::parse(run.out);  // kept: a range over a temporary's member would dangle
    for (const auto& p : listed["plugins"])
        if (p["name"] == "sat") return true;
    return false;
}

std::string temp_file(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

TEST(CandidatesCli, SolveAndCountACandidateLine) {
    const std::string line = basic_line(kPuzzle);
    ASSERT_EQ(line.size(), 729u);
    std::vector<std::string> plugins{"exhaustive-count"};
    if (has_sat()) plugins.push_back("sat");
    for (const auto& plugin : plugins) {
        auto run = run_cli({"solve", "--plugin", plugin, "--in-process", line});
        EXPECT_EQ(run.exit_code, 0) << plugin << ": " << run.err;
        EXPECT_EQ(run.out, std::string(kSolution) + "\n") << plugin;
        // Without r1c3's 4 (its solution's value): no solution.
        std::string none = line;
        none[2 * 9 + 3] = '.';
        run = run_cli({"count", "--plugin", plugin, "--in-process", "-"}, line + "\n" + none + "\n");
        EXPECT_EQ(run.exit_code, 0) << plugin << ": " << run.err;
        EXPECT_EQ(run.out, "1\n0\n") << plugin;
    }
}

TEST(CandidatesCli, JsonShowsTheCandidateLine) {
    const std::string line = basic_line(kPuzzle);
    // A pencilmark grid argument: its line is the same candidates.
    const auto grid = np::parse_line(line);
    ASSERT_TRUE(np::parsed(grid));
    const std::string text = np::candidate_grid_text(np::StepState(std::get<np::Grid>(grid)));
    for (const std::string& input : {line, text}) {
        auto run = run_cli({"solve", "--plugin", "exhaustive-count", "--in-process", "--format", "json", input});
        ASSERT_EQ(run.exit_code, 0) << run.err;
        const json j = json::parse(run.out);
        EXPECT_EQ(j["candidates"], line);
        EXPECT_EQ(j["verdict"], "unique");
        EXPECT_EQ(j["solutions"][0], kSolution);
    }
    // A plain puzzle's row has no candidates.
    auto run = run_cli({"solve", "--plugin", "exhaustive-count", "--in-process", "--format", "json", kPuzzle});
    EXPECT_FALSE(json::parse(run.out).contains("candidates"));
}

TEST(CandidatesCli, PluginWithoutTheCapabilityFailsThatPuzzleOnly) {
    const std::string line = basic_line(kPuzzle);
    auto run = run_cli({"solve", "--plugin", "bitmask-mrv", "--in-process", line, kPuzzle});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_EQ(run.out, "error: bitmask-mrv does not take candidates (pencilmarks): it would solve the puzzle "
                       "without them\n" + std::string(kSolution) + "\n");
    EXPECT_EQ(run.err, "numplace: 1 of 2 inputs: 1 failed (first: arg:1)\n");
}

TEST(CandidatesCli, BadCandidateLineIsLocatedAndTheBatchGoesOn) {
    std::string bad = basic_line(kPuzzle);
    bad[11 * 9 + 4] = '7';  // r2c3, place 5
    const std::string path = temp_file("candidates_bad.txt", "# pencilmarks\n" + bad + "\n" + kPuzzle + "\n");
    auto run = run_cli({"solve", "--plugin", "exhaustive-count", "--in-process", path});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.out, "invalid: " + path + ":2: r2c3: character 104 of the candidate line is '7' at place 5 of the cell, which "
                       "holds '5', '.' or '0'\n" + std::string(kSolution) + "\n");
    EXPECT_NE(run.err.find(path + ":2"), std::string::npos) << run.err;
    std::remove(path.c_str());
}

TEST(CandidatesCli, PencilmarkGridFile) {
    // HoDoKu-style lists, two grids in one file after a plain line.
    std::string grid;
    const std::string line = basic_line(kPuzzle);
    for (int r = 0; r < 9; ++r) {
        if (r % 3 == 0) grid += r == 0 ? ".-----------.-----------.-----------.\n" : ":-----------+-----------+-----------:\n";
        grid += "|";
        for (int c = 0; c < 9; ++c) {
            std::string cell;
            for (int v = 0; v < 9; ++v)
                if (line[static_cast<std::size_t>((r * 9 + c) * 9 + v)] != '.') cell += line[static_cast<std::size_t>((r * 9 + c) * 9 + v)];
            grid += " " + cell + (c % 3 == 2 ? " |" : "");
        }
        grid += "\n";
    }
    grid += "'-----------'-----------'-----------'\n";
    const std::string path = temp_file("candidates_grid.txt", std::string(kPuzzle) + "\n" + grid + grid);
    auto run = run_cli({"count", "--plugin", "exhaustive-count", "--in-process", path});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, "1\n1\n1\n");
    std::remove(path.c_str());
}

TEST(CandidatesCli, ProofOfACandidatePuzzleIsSavedAndChecksAgain) {
    // r1c3 without its 4: none; the proof file keeps the masks, so
    // prove-check checks the same problem (without them the puzzle is unique).
    std::string none = basic_line(kPuzzle);
    none[2 * 9 + 3] = '.';
    const std::string proof = ::testing::TempDir() + "candidates_proof.np";
    std::remove(proof.c_str());
    auto run = run_cli({"solve", "--plugin", "exhaustive-count", "--in-process", "--proof", proof, none});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out.rfind("none\nproof: checked", 0), 0u) << run.out;
    EXPECT_NE(np::test::read_file(proof).find("puzzle " + none + "\n"), std::string::npos);
    run = run_cli({"prove-check", proof});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    std::remove(proof.c_str());
}

}  // namespace
