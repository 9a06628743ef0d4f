// The numplace binary end to end: outputs, batches with bad lines, exit codes.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include <sstream>

#include "numplace/format.hpp"
#include "numplace/process.hpp"
#include "test_support.hpp"

namespace {

using np::test::run_cli;
using nlohmann::json;

// Seed 002's example board and two more from well-known sources.
const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kEasySolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const std::string kOther = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
// Row 1 holds 1..8 and column 9 already has a 9: cell (1,9) has no candidate,
// though no two givens clash.
const std::string kNoSolution =
    "12345678.........9...............................................................";

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

TEST(Cli, PluginsListsBacktrack) {
    auto run = run_cli({"plugins"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("backtrack"), std::string::npos);
    EXPECT_NE(run.out.find("prove-unique"), std::string::npos);
}

TEST(Cli, PluginsReportsSkippedFilesAndExitsOne) {
    auto run = run_cli({"plugins", "--plugin-dir", np::test::fixture_dir(), "--json"});
    EXPECT_EQ(run.exit_code, 1);
    json j = json::parse(run.out);
    EXPECT_EQ(j["skipped"].size(), 3u);
    std::vector<std::string> names;
    for (const auto& p : j["plugins"]) names.push_back(p["name"]);
    EXPECT_NE(std::find(names.begin(), names.end(), "fixture-good"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "backtrack"), names.end());
    bool garbage_reported = false;
    for (const auto& s : j["skipped"])
        garbage_reported |= s["path"].get<std::string>().ends_with("garbage.so") &&
                            s["reason"].get<std::string>().starts_with("not a loadable shared library");
    EXPECT_TRUE(garbage_reported) << run.out;
    // stderr: one summary line, and one for the name two files give
    // (fixture_good.so and fixture_zz_duplicate.so); the list is on stdout.
    const std::string fixtures = std::filesystem::canonical(np::test::fixture_dir()).string();
    EXPECT_EQ(run.err, "numplace: 3 plugin file(s) skipped (listed above)\n"
                       "numplace: plugin name 'fixture-good' is given by 2 files: " + fixtures + "/fixture_good.so and " +
                       fixtures + "/fixture_zz_duplicate.so (choose one by its path)\n");
}

TEST(Cli, OtherCommandsSummarizeSkippedFilesOnStderrAndStillWork) {
    auto run = run_cli({"solve", "--plugin", "backtrack", kEasy, "--plugin-dir", np::test::fixture_dir()});
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.out, kEasySolution + "\n");
    EXPECT_NE(run.err.find("3 plugin file(s) skipped"), std::string::npos);
}

TEST(Cli, PluginPathEnvironmentIsSearched) {
    auto run = run_cli({"plugins"}, "", {{"NUMPLACE_PLUGIN_PATH", "/nonexistent:" + np::test::fixture_dir()}});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.out.find("fixture-good"), std::string::npos);
    EXPECT_NE(run.out.find("skipped /nonexistent: no such directory"), std::string::npos);
}

TEST(Cli, SolveJsonBatchKeepsGoingPastBadLines) {
    std::string input = "# a comment\n" + kEasy + "\n\n" + kEasy.substr(1) + "\n" + kOther + ":1:whatever\n";
    auto run = run_cli({"solve", "--plugin", "backtrack", "--format", "json", "-"}, input);
    EXPECT_EQ(run.exit_code, 1);
    auto out = lines_of(run.out);
    ASSERT_EQ(out.size(), 3u);
    json a = json::parse(out[0]), b = json::parse(out[1]), c = json::parse(out[2]);
    EXPECT_EQ(a["input"], "stdin:2");
    EXPECT_EQ(a["verdict"], "unique");
    EXPECT_EQ(a["count"], 1);
    EXPECT_EQ(a["complete"], true);
    EXPECT_EQ(a["size"], "3x3");
    EXPECT_EQ(a["plugin"], "backtrack");
    EXPECT_EQ(a["solutions"], json::array({kEasySolution}));
    EXPECT_TRUE(a["stats"].contains("nodes"));
    EXPECT_TRUE(a["stats"].contains("micros"));
    EXPECT_EQ(b["input"], "stdin:4");
    EXPECT_EQ(b["verdict"], "invalid");
    EXPECT_EQ(b["error"]["code"], "wrong_length");
    EXPECT_EQ(b["solutions"], json::array());
    EXPECT_EQ(c["input"], "stdin:5");
    EXPECT_EQ(c["verdict"], "unique");
    EXPECT_EQ(c["puzzle"], kOther);
    EXPECT_EQ(run.err, "numplace: 1 of 3 inputs: 1 invalid (first: stdin:4)\n");
}

TEST(Cli, DuplicateGivensAreLocatedByThePlugin) {
    std::string dup = kEasy;
    dup[2] = '3';  // row 1 (and box 1) now hold 3 twice: columns 2 and 3
    auto run = run_cli({"solve", "--plugin", "backtrack", "--format", "json", dup});
    EXPECT_EQ(run.exit_code, 1);
    json j = json::parse(run.out);
    EXPECT_EQ(j["verdict"], "invalid");
    EXPECT_EQ(j["input"], "arg:1");
    EXPECT_EQ(j["error"]["code"].get<std::string>().rfind("duplicate_in_", 0), 0u);
    EXPECT_EQ(j["error"]["row"], 1);
    EXPECT_EQ(j["error"]["column"], 3);
    EXPECT_EQ(j["error"]["value"], 3);
}

TEST(Cli, TextOutputGivesOneAnswerPerInput) {
    auto run = run_cli({"solve", "--plugin", "backtrack", kEasy, "1234567890123456", kNoSolution,
                        std::string(81, '.')});
    EXPECT_EQ(run.exit_code, 1);  // "1234567890123456" is an invalid 4x4
    auto out = lines_of(run.out);
    ASSERT_EQ(out.size(), 4u);
    EXPECT_EQ(out[0], kEasySolution);
    EXPECT_EQ(out[1].rfind("invalid: ", 0), 0u) << out[1];
    EXPECT_EQ(out[2], "none");
    EXPECT_EQ(out[3], "multiple");
}

TEST(Cli, NoneAndMultipleStillExitZero) {
    auto run = run_cli({"solve", "--plugin", "backtrack", kNoSolution, std::string(81, '0')});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, "none\nmultiple\n");
}

TEST(Cli, LimitOneGivesFound) {
    auto run = run_cli({"solve", "--plugin", "backtrack", "--limit", "1", "--format", "json", std::string(81, '.')});
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(json::parse(run.out)["verdict"], "found");
}

TEST(Cli, CountPrintsExactOrLowerBound) {
    auto all = run_cli({"count", "--plugin", "backtrack", std::string(16, '.')});
    EXPECT_EQ(all.exit_code, 0) << all.err;
    EXPECT_EQ(all.out, "288\n");
    auto limited = run_cli({"count", "--plugin", "backtrack", "--limit", "2", std::string(16, '.')});
    EXPECT_EQ(limited.out, "2+\n");
    auto budget = run_cli({"count", "--plugin", "backtrack", "--max-nodes", "1000", std::string(81, '.')});
    EXPECT_EQ(budget.exit_code, 0);
    ASSERT_FALSE(budget.out.empty());
    EXPECT_EQ(budget.out.substr(budget.out.size() - 2), "+\n");
}

TEST(Cli, TimeoutStopsALongCount) {
    auto run = run_cli({"count", "--plugin", "backtrack", "--timeout", "0.2", "--format", "json",
                        std::string(81, '.')});
    EXPECT_EQ(run.exit_code, 0);
    json j = json::parse(run.out);
    // The empty 9x9 has about 6.7e21 grids: only the timeout ends this count.
    // How far the count got, and how long the plugin's own stopwatch says it
    // ran, depend on the machine (the deadline starts before that stopwatch,
    // so no duration is asserted); the verdict must follow from the count: a
    // lower bound, never a conclusion.
    EXPECT_EQ(j["complete"], false);
    const auto count = j["count"].get<uint64_t>();
    EXPECT_EQ(j["verdict"], count >= 2 ? "multiple" : count == 1 ? "found" : "unknown") << count;
    EXPECT_EQ(j["solutions"].size(), std::min<uint64_t>(count, 2));
}

TEST(Cli, GridAndShareOutputsReadBackIn) {
    for (std::string format : {"grid", "share"}) {
        auto run = run_cli({"solve", "--plugin", "backtrack", "--format", format, kEasy});
        ASSERT_EQ(run.exit_code, 0) << run.err;
        auto again = run_cli({"solve", "--plugin", "backtrack", "-"}, run.out);
        EXPECT_EQ(again.exit_code, 0) << again.err;
        EXPECT_EQ(again.out, kEasySolution + "\n") << format;
    }
}

TEST(Cli, OtherSizes) {
    auto run = run_cli({"solve", "--plugin", "backtrack", "--size", "2x3", "--limit", "1", std::string(36, '.')});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    // --limit 1: a solution, its uniqueness not examined.
    const std::string row = lines_of(run.out).at(0);
    ASSERT_EQ(row.rfind("found: ", 0), 0u) << row;
    auto grid = std::get<np::Grid>(np::parse_line(row.substr(7), np::Geometry{2, 3}));
    EXPECT_TRUE(grid.is_full());
    EXPECT_TRUE(np::check_rules(grid).empty());
}

TEST(Cli, GenerateIsDeterministicAndPrefixStable) {
    auto three = run_cli({"generate", "--plugin", "backtrack", "--what", "grid", "--count", "3", "--seed", "42"});
    auto ten = run_cli({"generate", "--plugin", "backtrack", "--what", "grid", "--count", "10", "--seed", "42"});
    ASSERT_EQ(three.exit_code, 0) << three.err;
    auto a = lines_of(three.out), b = lines_of(ten.out);
    ASSERT_EQ(a.size(), 3u);
    ASSERT_EQ(b.size(), 10u);
    EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin()));
    auto other = run_cli({"generate", "--plugin", "backtrack", "--count", "3", "--seed", "43"});
    EXPECT_NE(lines_of(other.out), a);
}

TEST(Cli, GenerateRefusesWhatThePluginCannotDo) {
    auto run = run_cli({"generate", "--plugin", "backtrack", "--what", "puzzle"});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("cannot generate puzzles"), std::string::npos);
}

TEST(Cli, CheckListsEveryViolationWithLocation) {
    auto ok = run_cli({"check", kEasySolution, kEasy});
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
    EXPECT_EQ(ok.out, "valid (full)\nvalid (30 givens)\n");
    std::string bad = kEasySolution;
    std::swap(bad[0], bad[1]);  // rows stay right; columns 1 and 2 and nothing else break
    auto run = run_cli({"check", "--format", "json", bad});
    EXPECT_EQ(run.exit_code, 1);
    json j = json::parse(run.out);
    EXPECT_EQ(j["valid"], false);
    EXPECT_EQ(j["violations"].size(), 2u);
    EXPECT_EQ(j["violations"][0]["code"], "duplicate_in_column");
}

TEST(Cli, UsageErrorsExitTwo) {
    EXPECT_EQ(run_cli({"solve", "--plugin", "no-such-plugin", kEasy}).exit_code, 2);
    EXPECT_EQ(run_cli({"solve", "--plugin", "backtrack", "--no-such-flag", kEasy}).exit_code, 2);
    EXPECT_EQ(run_cli({"solve", "--plugin", "backtrack", "--size", "3by3", kEasy}).exit_code, 2);
    EXPECT_EQ(run_cli({"solve", "--plugin", "backtrack", "--format", "xml", kEasy}).exit_code, 2);
    EXPECT_EQ(run_cli({"solve", "--plugin", "backtrack", "--limit", "0", kEasy}).exit_code, 2);
    EXPECT_EQ(run_cli({"solve", "--plugin", "backtrack", "--option", "novalue", kEasy}).exit_code, 2);
    EXPECT_EQ(run_cli({"frobnicate"}).exit_code, 2);
    EXPECT_EQ(run_cli({}).exit_code, 2);
    EXPECT_EQ(run_cli({"--help"}).exit_code, 0);
}

TEST(Cli, UnreadableInputExitsTwoButTheRestRuns) {
    auto run = run_cli({"solve", "--plugin", "backtrack", np::test::source_dir(), kEasy});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.out, kEasySolution + "\n");
    EXPECT_NE(run.err.find("cannot read"), std::string::npos);
}

TEST(Cli, PluginErrorsExitOne) {
    // A shape is the input's: one the plugin does not take fails that input
    // (1), even when --size names it; a capability it lacks is a usage error
    // (2, flags_test.cpp).
    auto big = run_cli({"solve", "--plugin", "backtrack", "--size", "5x6", std::string(900, '.')});
    EXPECT_EQ(big.exit_code, 1);
    EXPECT_EQ(big.out.rfind("error: ", 0), 0u);
    // A box shape is not called a grid.
    EXPECT_NE(big.out.find("does not support 5x6 boxes (30x30 grids; it supports "), std::string::npos) << big.out;
}

// `numplace plugins` lists paths usable from anywhere, however the folder
// was named.
TEST(Cli, PluginsListsAbsolutePaths) {
    const std::string relative = std::filesystem::relative(np::test::fixture_dir()).string();
    ASSERT_FALSE(std::filesystem::path(relative).is_absolute());
    auto run = run_cli({"plugins", "--plugin-dir", relative, "--json"});
    json j = json::parse(run.out);
    ASSERT_FALSE(j["plugins"].empty());
    for (const auto& p : j["plugins"])
        EXPECT_TRUE(std::filesystem::path(p["path"].get<std::string>()).is_absolute()) << p["path"];
    auto text = run_cli({"plugins", "--plugin-dir", relative});
    EXPECT_EQ(text.out.find("path:         " + relative), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("path:         /"), std::string::npos) << text.out;
}

// `corpus lint` with no argument checks the corpus verify uses, the bundled
// one, wherever the user stands (no ./corpus here).
TEST(Cli, CorpusLintDefaultsToTheBundledCorpus) {
    char name[] = "/tmp/numplace-lint-XXXXXX";
    const std::filesystem::path empty = mkdtemp(name);
    // The shell only changes the directory: numplace runs from a folder with no corpus in it.
    auto run = np::test::run_program("/bin/sh", {"-c", "cd \"$0\" && exec \"$1\" corpus lint", empty.string(),
                                                 NUMPLACE_TEST_BINARY});
    std::filesystem::remove_all(empty);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find(": ok"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.rfind("0 file(s)", 0), std::string::npos) << run.out;
}

// `solve ... | while read`: each answer leaves through the pipe while
// standard input is still open; it used to wait for 256 puzzles or the end
// of the input, then for a full stdout buffer.
TEST(Cli, EachAnswerLeavesThroughAPipeBeforeTheNextPuzzleComes) {
    int in[2], out[2];
    ASSERT_EQ(pipe2(in, O_CLOEXEC), 0);
    ASSERT_EQ(pipe2(out, O_CLOEXEC), 0);
    np::SpawnOptions options;
    options.fds = {in[0], out[1], np::kDevNull};
    std::string error;
    np::Child child = np::spawn_program(NUMPLACE_TEST_BINARY, {NUMPLACE_TEST_BINARY, "solve", "--plugin", "backtrack"},
                                        options, error);
    close(in[0]);
    close(out[1]);
    ASSERT_TRUE(child.running()) << error;
    auto read_line = [fd = out[0]] {
        std::string line;
        for (char c = 0;; line += c) {
            // A bound on waiting for the answer, not a timing: a minute of
            // nothing means it is held back.
            pollfd ready{fd, POLLIN, 0};
            if (poll(&ready, 1, 60000) <= 0) return line + "<nothing while stdin is open>";
            if (read(fd, &c, 1) != 1) return line + "<end>";
            if (c == '\n') return line;
        }
    };
    auto send = [fd = in[1]](const std::string& text) {
        return write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    };
    ASSERT_TRUE(send(kEasy + "\n"));
    EXPECT_EQ(read_line(), kEasySolution);  // stdin still open: the second puzzle is not written yet
    ASSERT_TRUE(send(kOther + "\n"));
    EXPECT_EQ(read_line().size(), 81u);
    close(in[1]);
    EXPECT_EQ(read_line(), "<end>");
    close(out[0]);
    EXPECT_TRUE(child.wait().ok());
}

}  // namespace
