// Flags: each command takes only its own, values are checked before any
// input is read, and what a plugin cannot do is a usage error (exit 2).
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace {

using np::test::run_cli;

const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

TEST(Flags, NumbersAreCheckedStrictly) {
    const std::vector<std::vector<std::string>> bad = {
        {"--limit", "-1"},          {"--limit", "18446744073709551616"}, {"--limit", "0"},
        {"--limit", "abc"},         {"--limit", "2x"},                   {"--max-nodes", "-5"},
        {"--max-nodes", " 5"},      {"--timeout", "nan"},                {"--timeout", "1e400"},
        {"--timeout", "-1"},        {"--timeout", "inf"},
    };
    for (const auto& flag : bad) {
        std::vector<std::string> args = {"solve", "--plugin", "backtrack"};
        args.insert(args.end(), flag.begin(), flag.end());
        args.push_back(kEasy);
        auto run = run_cli(args);
        EXPECT_EQ(run.exit_code, 2) << flag[0] << " " << flag[1];
        EXPECT_EQ(run.out, "") << flag[0] << " " << flag[1];
        EXPECT_NE(run.err.find(flag[0] + " " + flag[1] + ": expected"), std::string::npos) << run.err;
    }
    EXPECT_EQ(run_cli({"solve", "--plugin", "backtrack", "--timeout", "2.5", "--max-nodes", "0", kEasy}).exit_code, 0);
    EXPECT_EQ(run_cli({"generate", "--plugin", "backtrack", "--count", "-1"}).exit_code, 2);
    EXPECT_EQ(run_cli({"generate", "--plugin", "backtrack", "--count", "0"}).exit_code, 2);
}

TEST(Flags, EachCommandTakesOnlyItsOwn) {
    EXPECT_EQ(run_cli({"plugins", "--size", "3x3"}).exit_code, 2);
    EXPECT_EQ(run_cli({"plugins", "--timeout", "1"}).exit_code, 2);
    EXPECT_EQ(run_cli({"plugins", "--input-format", "line"}).exit_code, 2);
    EXPECT_EQ(run_cli({"plugins", "--format", "xml"}).exit_code, 2);
    EXPECT_EQ(run_cli({"check", "--format", "grid", kEasy}).exit_code, 2);
    EXPECT_EQ(run_cli({"check", "--format", "share", kEasy}).exit_code, 2);
    EXPECT_EQ(run_cli({"corpus", "lint", "--format", "xml", "--size", "9x9"}).exit_code, 2);
    EXPECT_EQ(run_cli({"corpus", "lint", "--size", "3x3"}).exit_code, 2);
    EXPECT_EQ(run_cli({"generate", "--plugin", "backtrack", "--input-format", "line"}).exit_code, 2);
    // And --help lists only them.
    auto help = run_cli({"plugins", "--help"});
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_EQ(help.out.find("--size"), std::string::npos) << help.out;
    EXPECT_EQ(help.out.find("--timeout"), std::string::npos);
    EXPECT_NE(help.out.find("--format"), std::string::npos);
    auto solve_help = run_cli({"solve", "--help"});
    EXPECT_NE(solve_help.out.find("found: <solution>"), std::string::npos) << solve_help.out;
    EXPECT_NE(solve_help.out.find("130"), std::string::npos);
    EXPECT_NE(solve_help.out.find("143"), std::string::npos);
}

TEST(Flags, PluginsFormatJsonIsHonoured) {
    auto run = run_cli({"plugins", "--format", "json"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out.front(), '{');
    EXPECT_EQ(run_cli({"plugins", "--json"}).out, run.out);
}

TEST(Flags, MissingCapabilityIsAUsageErrorBeforeInput) {
    // naive-dom cannot count or generate puzzles; stdin is never read.
    auto count = run_cli({"count", "--plugin", "naive-dom", "-"}, kEasy + "\n");
    EXPECT_EQ(count.exit_code, 2);
    EXPECT_EQ(count.out, "");
    EXPECT_EQ(count.err.rfind("numplace: naive-dom cannot count", 0), 0u) << count.err;
    auto generate = run_cli({"generate", "--plugin", "naive-dom", "--what", "puzzle"});
    EXPECT_EQ(generate.exit_code, 2);
    EXPECT_NE(generate.err.find("naive-dom cannot generate puzzles"), std::string::npos) << generate.err;
    auto check = run_cli({"check", "--plugin", "exhaustive-count", kEasy});
    EXPECT_EQ(check.exit_code, 2);
    EXPECT_NE(check.err.find("exhaustive-count cannot check grids"), std::string::npos) << check.err;
}

TEST(Flags, OptionsAreCheckedOnceByTheHost) {
    const std::string three = kEasy + "\n" + kEasy + "\n" + kEasy + "\n";
    // Unknown key, a key for another operation, a value outside the spec.
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"colour=blue", "unknown option 'colour' for solve"},
        {"symmetry=mirror", "unknown option 'symmetry' for solve"},  // bitmask-mrv: generate only
        {"engine=quantum", "value 'quantum' is not one of"},
    };
    for (const auto& [option, words] : bad) {
        auto run = run_cli({"solve", "--plugin", "bitmask-mrv", "--option", option, "-"}, three);
        EXPECT_EQ(run.exit_code, 2) << option;
        EXPECT_EQ(run.out, "") << option;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        EXPECT_NE(run.err.find(words), std::string::npos) << run.err;
    }
    auto integer = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--option", "clues=many"});
    EXPECT_EQ(integer.exit_code, 2);
    EXPECT_NE(integer.err.find("clues': value 'many' is not a whole number"), std::string::npos) << integer.err;
}

TEST(Flags, APluginsOwnBadOptionStopsTheBatch) {
    // fixture-liar accepts any whole level, then refuses one above 10 itself.
    auto run = run_cli({"solve", "--plugin-dir", np::test::liar_dir(), "--plugin", "fixture-liar", "--option",
                        "level=11", "-"},
                       std::string(16, '.') + "\n" + std::string(16, '.') + "\n");
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.out, "error: fixture-liar: bad option\n");
}

// Every usage error is one line naming numplace (and the command), exit 2:
// CLI11's own text was two lines without the program's name.
TEST(Flags, UsageErrorsAreOneLineNamingNumplace) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"frobnicate"}, "numplace: unknown command 'frobnicate' (commands: "},
        {{}, "numplace: a command is required (commands: "},
        {{"corpus"}, "numplace corpus: a command is required (commands: lint, import)"},
        {{"solve", "--plugin", "backtrack", "--frob", kEasy}, "numplace solve: unknown option --frob"},
        {{"solve", "--plugin", "backtrack", "--size", "6x6", kEasy}, "numplace solve: --size 6x6: expected a box shape"},
    };
    for (const auto& [args, start] : cases) {
        auto run = run_cli(args);
        EXPECT_EQ(run.exit_code, 2) << start;
        EXPECT_EQ(run.out, "") << start;
        EXPECT_EQ(run.err.rfind(start, 0), 0u) << run.err;
        EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;  // one line
    }
    EXPECT_NE(run_cli({"solve", "--plugin", "backtrack", "--frob"}).err.find("--frob"), std::string::npos);
}

// A grid's size where the box is meant is the usual slip: the message names
// the box that makes that grid.
TEST(Flags, AGridSizeGivenForTheBoxNamesTheBox) {
    for (const auto& [grid, box] : std::vector<std::pair<std::string, std::string>>{{"6x6", "2x3"}, {"9x9", "3x3"},
                                                                                      {"12x12", "3x4"}}) {
        auto run = run_cli({"solve", "--plugin", "backtrack", "--size", grid, kEasy});
        EXPECT_EQ(run.exit_code, 2);
        EXPECT_NE(run.err.find("a " + grid + " grid is --size " + box), std::string::npos) << run.err;
    }
    // No hint where no box makes the grid.
    auto odd = run_cli({"solve", "--plugin", "backtrack", "--size", "7x7", kEasy});
    EXPECT_EQ(odd.exit_code, 2);
    EXPECT_EQ(odd.err.find("grid is --size"), std::string::npos) << odd.err;
}

}  // namespace

namespace {

// --help names each value's type and default, and marks only what repeats.
TEST(Flags, HelpNamesEachValuesType) {
    const auto bench = run_cli({"bench", "--help"});
    EXPECT_EQ(bench.exit_code, 0);
    for (const char* shown : {"--limit N=2", "--timeout SECONDS=10", "--what grid|puzzle", "--memory N=2048",
                              "--size RxC", "--oracle NAME|PATH=exhaustive-count", "--plugins LIST"})
        EXPECT_NE(bench.out.find(shown), std::string::npos) << shown << "\n" << bench.out;
    const auto verify = run_cli({"verify", "--help"});
    EXPECT_NE(verify.out.find("--min-conclusive PERCENT=10"), std::string::npos) << verify.out;
    EXPECT_NE(verify.out.find("--max-nodes N=200000"), std::string::npos) << verify.out;
    EXPECT_NE(verify.out.find("PATHS TEXT ..."), std::string::npos) << verify.out;  // repeats
    for (const char* shown : {"--report FILE", "--resume FILE", "--shard I/N", "--tags LIST", "--plugins LIST"})
        EXPECT_NE(verify.out.find(shown), std::string::npos) << shown << "\n" << verify.out;
    EXPECT_EQ(verify.out.find("--timeout SECONDS=10 ..."), std::string::npos) << verify.out;  // does not
    // A percentage above 100 is refused as one.
    const auto over = run_cli({"verify", "--min-conclusive", "150"});
    EXPECT_EQ(over.exit_code, 2);
    EXPECT_NE(over.err.find("--min-conclusive 150: expected a percentage from 0 to 100"), std::string::npos) << over.err;
}

}  // namespace
