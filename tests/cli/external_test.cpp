// Command-line solvers as plugins (*.solver.yaml): listed beside the
// libraries, judged by verify like any plugin in the same workers, used only
// when named; a wrong answer, a crash, a hang or unreadable output is the
// solver's failure, never an "unknown". The honest solver here is numplace
// itself (`numplace solve --plugin backtrack --format json`), so that the
// test needs no other program.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "test_support.hpp"

namespace {

using np::test::run_cli;

class External : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-external-XXXXXX";
        dir = mkdtemp(name);
        describe("honest", R"(name: honest
description: numplace's backtrack, through its command line
command: [")" NUMPLACE_TEST_BINARY R"(", solve, --plugin, backtrack, --size, "{size}", --format, json, -]
max_side: 25
capabilities: [solve, count, prove-unique]
input: stdin
output:
  json: {solution: solutions, count: count, verdict: verdict}
)");
        describe("liar", R"(name: liar
command: [sh, -c, "echo 123456789123456789123456789123456789123456789123456789123456789123456789123456789"]
shapes: [3x3]
output: {solution: line}
)");
        describe("crasher", "name: crasher\ncommand: [sh, -c, 'kill -SEGV $$']\nshapes: [3x3]\noutput: {solution: line}\n");
        describe("sleeper", "name: sleeper\ncommand: [sleep, '30']\nshapes: [3x3]\noutput: {solution: line}\n");
        describe("mumbler", "name: mumbler\ncommand: [echo, hello]\nshapes: [3x3]\noutput: {solution: line}\n");
        describe("lines", R"(name: lines
description: one long-running process, a puzzle line in, an answer line out
command: [sh, -c, 'while read p; do echo "$p" | ")" NUMPLACE_TEST_BINARY R"(" solve --plugin backtrack --format json -; done']
max_side: 25
capabilities: [solve, prove-unique]
input: lines
output:
  json: {solution: solutions, verdict: verdict}
)");
        // A unique puzzle, one with two solutions, and one with a repeated given.
        auto made = run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--count", "2", "--seed", "3"});
        puzzles = (dir / "puzzles.txt").string();
        std::ofstream(puzzles) << made.out << std::string(81, '.') << "\n11" << std::string(79, '.') << "\n";
    }
    void TearDown() override { std::filesystem::remove_all(dir); }

    void describe(const std::string& name, const std::string& yaml) {
        std::ofstream(dir / (name + ".solver.yaml")) << yaml;
    }
    np::test::CliRun verify(const std::string& plugins, std::vector<std::string> extra = {}) {
        std::vector<std::string> args = {"verify", puzzles, "--plugin-dir", dir.string(), "--plugins", plugins};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_cli(args);
    }

    std::filesystem::path dir;
    std::string puzzles;
};

TEST_F(External, AreListedBesideTheLibraries) {
    auto run = run_cli({"plugins", "--plugin-dir", dir.string()});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    for (const char* name : {"honest 0", "liar 0", "lines 0", "backtrack 1.0.0"})
        EXPECT_NE(run.out.find(std::string("\n") + name), std::string::npos) << name << "\n" << run.out;
    EXPECT_NE(run.out.find("honest.solver.yaml"), std::string::npos);
}

TEST_F(External, AnHonestSolverPassesVerifyInTheWorkers) {
    auto run = verify("honest,exhaustive-count");
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("0 failed"), std::string::npos) << run.out;
    auto lines = verify("lines,exhaustive-count");
    EXPECT_EQ(lines.exit_code, 0) << lines.out << lines.err;
}

TEST_F(External, AreUsedOnlyWhenNamed) {
    auto run = run_cli({"verify", puzzles, "--plugin-dir", dir.string(), "--report", "-"});
    EXPECT_EQ(run.out.find("\"plugin\":\"liar\""), std::string::npos) << run.out.substr(0, 400);
    EXPECT_NE(run.out.find("\"plugin\":\"backtrack\""), std::string::npos);
}

TEST_F(External, AWrongAnswerIsTheSolversOwn) {
    auto run = verify("liar,exhaustive-count");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.out.find("FAIL liar "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("liar gave a wrong answer"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("FAIL exhaustive-count"), std::string::npos) << run.out;
}

TEST_F(External, ACrashAHangOrGibberishFailsNeverUnknown) {
    for (const std::string name : {"crasher", "sleeper", "mumbler"}) {
        auto run = verify(name, {"--timeout", "1", "--no-generator-sweep"});
        EXPECT_EQ(run.exit_code, 1) << name << ": " << run.out << run.err;
        const std::string why = name == "crasher"   ? "crashed: SIGSEGV"
                                : name == "sleeper" ? "gave no answer by its deadline"
                                                    : "gave no answer numplace can read";
        EXPECT_NE(run.out.find(why), std::string::npos) << name << ": " << run.out;
        // A missed deadline is the kind the guide's table says: timed-out,
        // as for a library that ignores its deadline, not contract.
        if (name == "sleeper") {
            EXPECT_NE(run.out.find(": timed-out: "), std::string::npos) << run.out;
            EXPECT_EQ(run.out.find(": contract: "), std::string::npos) << run.out;
        }
        // Every puzzle is a failed row: none is "unknown".
        EXPECT_NE(run.out.find(name + " "), std::string::npos);
        EXPECT_EQ(run.out.find("unknown: " + name), std::string::npos);
    }
}

TEST_F(External, DeeplyNestedJsonIsUnreadableOutputNotACrash) {
    // Found by reading the output parser for the libFuzzer target: a JSON
    // field of arrays nested 100,000 deep was followed level by level and
    // overflowed the stack. Only an array of grids (one level) is read now.
    describe("nested", R"(name: nested
command: [sh, -c, "printf '{\"solution\":'; head -c 100000 /dev/zero | tr '\\0' '['; head -c 100000 /dev/zero | tr '\\0' ']'; printf '}\\n'"]
shapes: [3x3]
output:
  json: {solution: solution}
)");
    auto run = run_cli({"solve", "--plugin-dir", dir.string(), "--plugin", "nested", std::string(81, '.')});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_NE(run.out.find("nested gave no answer numplace can read: \"{\"solution\":[[["), std::string::npos) << run.out;
}

TEST_F(External, ACountPatternOnAHugeLineIsNoCrash) {
    // Found by reading the output parser for the libFuzzer target: libstdc++'s
    // regex matcher recurses once per character a repetition consumes, and
    // searched the whole output at once: 200,000 'a's before the count took
    // '(?:a|b)*' past the end of the stack. Each line's first 2 KiB are
    // searched now, so the count on the next line is still read (0: a count
    // of solutions without witnesses would be a malformed answer).
    describe("huge-line", R"(name: huge-line
command: [sh, -c, "head -c 200000 /dev/zero | tr '\\0' a; printf '\\nab0 found\\n'"]
shapes: [3x3]
capabilities: [count, prove-unique]
output:
  count: '(?:a|b)*([0-9]+) found'
)");
    auto run = run_cli({"count", "--plugin-dir", dir.string(), "--plugin", "huge-line", std::string(81, '.')});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_EQ(run.out, "0\n") << run.err;
}

TEST_F(External, ABadDescriptionIsSkippedWithItsReason) {
    describe("broken", "name: Broken Name\ncommand: [true]\nshapes: [3x3]\noutput: {solution: line}\n");
    describe("mute", "name: mute\ncommand: [true]\nshapes: [3x3]\n");
    describe("absent", "name: absent\ncommand: [no-such-program-anywhere]\nshapes: [3x3]\noutput: {solution: line}\n");
    // 65536 * 65536 wraps to 0 in 32 bits: each side is checked first.
    describe("huge", "name: huge\ncommand: [true]\nshapes: [65536x65536]\noutput: {solution: line}\n");
    auto run = run_cli({"plugins", "--plugin-dir", dir.string()});
    EXPECT_NE(run.out.find("broken.solver.yaml"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("'name' must be [a-z0-9_-]+"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("'output' must say how answers come out"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("the command 'no-such-program-anywhere' is not found"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("'shapes': '65536x65536' is not RxC"), std::string::npos) << run.out;
}

// A command name is looked up only in PATH's absolute folders: a relative
// entry (".", "", "bin") would run whatever the current directory holds.
TEST_F(External, ACommandIsNotLookedUpInRelativePathFolders) {
    const auto script = dir / "only-here";
    std::ofstream(script) << "#!/bin/sh\nexit 0\n";
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    describe("relative", "name: relative\ncommand: [only-here]\nshapes: [3x3]\noutput: {solution: line}\n");
    const std::string relative = std::filesystem::relative(dir).string();
    ASSERT_FALSE(std::filesystem::path(relative).is_absolute());
    auto run = run_cli({"plugins", "--plugin-dir", dir.string()}, "",
                       {{"PATH", relative + "::" + std::string(std::getenv("PATH"))}});
    EXPECT_NE(run.out.find("the command 'only-here' is not found"), std::string::npos) << run.out;
    // The same folder, named absolutely, is searched.
    auto absolute = run_cli({"plugins", "--plugin-dir", dir.string()}, "",
                            {{"PATH", dir.string() + ":" + std::string(std::getenv("PATH"))}});
    EXPECT_EQ(absolute.out.find("'only-here' is not found"), std::string::npos) << absolute.out;
    EXPECT_NE(absolute.out.find("relative"), std::string::npos) << absolute.out;
}

TEST_F(External, AHugeDescriptionIsNotRead) {
    describe("huge", "name: huge\ncommand: [true]\nshapes: [3x3]\noutput: {solution: line}\n# " +
                         std::string(70 << 10, 'x') + "\n");
    auto run = run_cli({"plugins", "--plugin-dir", dir.string()});
    EXPECT_NE(run.out.find("huge.solver.yaml"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("larger than 64 KiB"), std::string::npos) << run.out;
}

// With no --timeout a command-line solver still has a deadline (60 s, or
// the description's `timeout`), and the message says where it came from.
TEST_F(External, AProgramThatNeverAnswersMeetsADefaultDeadline) {
    describe("slow", "name: slow\ncommand: [sleep, '30']\nshapes: [3x3]\ntimeout: 0.5\noutput: {solution: line}\n");
    auto run = run_cli({"solve", "--plugin-dir", dir.string(), "--plugin", "slow", std::string(81, '.')});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_NE(run.out.find("slow gave no answer by its deadline (0.5 s, its description's 'timeout'"),
              std::string::npos)
        << run.out;
    describe("bad-timeout", "name: bad-timeout\ncommand: [true]\nshapes: [3x3]\ntimeout: -1\noutput: {solution: line}\n");
    auto listed = run_cli({"plugins", "--plugin-dir", dir.string()});
    EXPECT_NE(listed.out.find("'timeout' must be seconds >= 0"), std::string::npos) << listed.out;
}

// {limit} and {timeout} tell the program its budget: the solution limit (0
// to count them all) and the seconds left, as a decimal.
TEST_F(External, ThePlaceholdersGiveTheBudget) {
    describe("budgeted", R"(name: budgeted
command: [sh, -c, 'echo "$1 $2" > "$0/seen"; exec ")" NUMPLACE_TEST_BINARY R"(" solve --plugin backtrack --format json -', "{dir}", "{limit}", "{timeout}"]
shapes: [3x3]
capabilities: [solve, count, prove-unique]
output:
  json: {solution: solutions, count: count, verdict: verdict}
)");
    auto seen = [&](std::vector<std::string> args) {
        args.insert(args.end(), {"--plugin-dir", dir.string(), "--plugin", "budgeted", std::string(81, '.')});
        // The program notes what it was given in its own folder, which the
        // sandbox would not let it write (tests/hostile checks that).
        auto run = run_cli(args, "", {{"NUMPLACE_NO_SANDBOX", "1"}});
        EXPECT_NE(run.exit_code, 2) << run.err;
        std::string limit;
        double seconds = -1;
        std::ifstream(dir / "seen") >> limit >> seconds;
        return std::make_pair(limit, seconds);
    };
    auto [limit, seconds] = seen({"solve", "--timeout", "5"});
    EXPECT_EQ(limit, "2");
    EXPECT_GT(seconds, 0);
    EXPECT_LE(seconds, 5);
    std::tie(limit, seconds) = seen({"solve", "--limit", "1"});
    EXPECT_EQ(limit, "1");
    EXPECT_GT(seconds, 0);  // the default deadline
    EXPECT_LE(seconds, 60);
    std::tie(limit, seconds) = seen({"count"});
    EXPECT_EQ(limit, "0");
}

// A program may say it stopped on its budget: a verdict word mapped to
// unknown is an answer ("unknown"), not a failure.
TEST_F(External, AProgramMayAnswerUnknown) {
    describe("giver-up", R"(name: giver-up
command: [echo, "gave up: out of time"]
shapes: [3x3]
output:
  verdicts: {"gave up": unknown}
)");
    auto run = run_cli({"solve", "--plugin-dir", dir.string(), "--plugin", "giver-up", std::string(81, '.')});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, "unknown\n");
}

// One `lines` process answers many calls: a per-call budget in its command
// could only be the first call's.
TEST_F(External, ALinesProcessTakesNoPerCallPlaceholders) {
    describe("lines-budget", "name: lines-budget\ncommand: [cat, '{timeout}']\ninput: lines\nshapes: [3x3]\n"
                             "output: {solution: line}\n");
    auto run = run_cli({"plugins", "--plugin-dir", dir.string()});
    EXPECT_NE(run.out.find("{timeout} and {limit} need argument or stdin"), std::string::npos) << run.out;
}

// A shape the solver does not take fails that input, named as a box shape.
TEST_F(External, AnInputOfAnotherShapeFailsThatInputOnly) {
    auto run = run_cli({"solve", "--plugin-dir", dir.string(), "--plugin", "liar", std::string(16, '.')});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_NE(run.out.find("liar does not support 2x2 boxes (4x4 grids; it supports 3x3)"), std::string::npos)
        << run.out;
}

// `output.rating`: the first group of its pattern, a whole number or a word
// its levels map to one, becomes the answer's `rating` counter; a word the
// levels do not list leaves the puzzle unrated and the answer standing.
TEST_F(External, ARatingIsReadAsANumberOrALevel) {
    const std::string solution =
        "298465731134972685675138294981356427352741869746829153427583916813694572569217348";
    std::string puzzle = solution;
    puzzle[0] = '.';  // one empty cell: the program's line is its solution
    auto rater = [&](const std::string& name, const std::string& said, const std::string& rating) {
        std::ostringstream yaml;
        yaml << "name: " << name << "\ncommand: [sh, -c, 'echo " << solution << "; echo \"" << said
             << "\"']\nshapes: [3x3]\noutput:\n  solution: line\n  rating: " << rating << "\n";
        describe(name, yaml.str());
        return run_cli({"solve", "--plugin-dir", dir.string(), "--plugin", name, "--format", "json", puzzle});
    };
    auto number = rater("numbered", "Rating: 42", "'Rating: ([0-9]+)'");
    ASSERT_EQ(number.exit_code, 0) << number.err;
    EXPECT_NE(number.out.find("\"rating\":42"), std::string::npos) << number.out;
    auto level = rater("levelled", "Level: hard", "{pattern: 'Level: (\\w+)', levels: {easy: 1, hard: 5}}");
    ASSERT_EQ(level.exit_code, 0) << level.err;
    EXPECT_NE(level.out.find("\"rating\":5"), std::string::npos) << level.out;
    EXPECT_NE(level.out.find(solution), std::string::npos) << level.out;  // the solution line among the others
    auto unlisted = rater("unlisted", "Level: odd", "{pattern: 'Level: (\\w+)', levels: {easy: 1, hard: 5}}");
    ASSERT_EQ(unlisted.exit_code, 0) << unlisted.err;
    EXPECT_EQ(unlisted.out.find("\"rating\""), std::string::npos) << unlisted.out;
    EXPECT_NE(unlisted.out.find("\"verdict\":\"found\""), std::string::npos) << unlisted.out;
    auto not_whole = rater("fraction", "Rating: 4.5", "'Rating: ([0-9.]+)'");
    EXPECT_EQ(not_whole.out.find("\"rating\""), std::string::npos) << not_whole.out;
    // On Sudoku Explainer's scale: tenths, in the counter se_rating.
    auto se = rater("explained", "ER=10.5/1.2/1.2", "{pattern: 'ER=([0-9.]+)/', scale: se}");
    ASSERT_EQ(se.exit_code, 0) << se.err;
    EXPECT_NE(se.out.find("\"se_rating\":105"), std::string::npos) << se.out;
    auto se_whole = rater("explained-whole", "ER=7/", "{pattern: 'ER=([0-9.]+)/', scale: se}");
    EXPECT_NE(se_whole.out.find("\"se_rating\":70"), std::string::npos) << se_whole.out;
    auto se_long = rater("explained-long", "ER=7.25/", "{pattern: 'ER=([0-9.]+)/', scale: se}");
    EXPECT_EQ(se_long.out.find("rating\""), std::string::npos) << se_long.out;
}

// A bad `output.rating` skips the description with one line naming the
// file and the line of the field.
TEST_F(External, ABadRatingFieldIsRefusedWithItsFileAndLine) {
    const std::string head = "name: NAME\ncommand: [true]\nshapes: [3x3]\noutput:\n  solution: line\n";  // 5 lines
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"groupless", "  rating: 'Rating: [0-9]+'\n"},
        {"unbalanced", "  rating: 'Rating: ([0-9]+'\n"},
        {"extra-key", "  rating:\n    pattern: 'Level: (\\w+)'\n    weight: {easy: 1}\n"},
        {"scale-word", "  rating:\n    pattern: 'ER=([0-9.]+)'\n    scale: tenths\n"},
        {"wordy", "  rating:\n    pattern: 'Level: (\\w+)'\n    levels: {easy: one}\n"},
        {"empty", "  rating:\n"}};
    for (const auto& [name, rating] : bad) {
        std::string text = head;
        text.replace(text.find("NAME"), 4, name);
        describe(name, text + rating);
    }
    auto run = run_cli({"plugins", "--plugin-dir", dir.string()});
    auto said = [&](const std::string& name, const std::string& what) {
        const std::string start = name + ".solver.yaml: " + what;
        const auto at = run.out.find(start);
        EXPECT_NE(at, std::string::npos) << start << "\n" << run.out;
        return at == std::string::npos ? std::string() : run.out.substr(at, run.out.find('\n', at) - at);
    };
    EXPECT_NE(said("groupless", "line 6: 'output.rating' has no group").size(), 0u);
    EXPECT_NE(said("unbalanced", "line 6: 'output.rating' is not a regular expression").size(), 0u);
    EXPECT_NE(said("extra-key", "line 8: 'output.rating': unknown field 'weight' (pattern, levels, scale)").size(), 0u);
    EXPECT_NE(said("scale-word", "line 8: 'output.rating.scale' must be se").size(), 0u);
    EXPECT_NE(said("wordy", "line 8: 'output.rating.levels': 'easy' must map to a whole number").size(), 0u);
    EXPECT_NE(said("empty", "line 6: 'output.rating' must be a regular expression").size(), 0u);
    for (const auto& [name, rating] : bad) EXPECT_EQ(run.out.find("\n" + name + " "), std::string::npos) << name;
}

// `format: fpuzzles` writes the puzzle as f-puzzles JSON, the one form that
// carries regions and constraints; `variants` names the kinds and layouts
// the program takes (numplace itself here, whose csp takes them all), and
// the host sends it no other, saying so. Its answers are certified against
// the variant like any plugin's.
TEST_F(External, AVariantReachesTheKindsItDeclaresAsFpuzzlesJson) {
    describe("fpz", R"(name: fpz
command: [")" NUMPLACE_TEST_BINARY R"(", solve, --plugin, csp, --format, json, -]
max_side: 16
capabilities: [solve, count, prove-unique]
input: stdin
format: fpuzzles
variants: {kinds: [killercage], regions: [irregular]}
output:
  json: {solution: solutions, count: count, verdict: verdict}
)");
    auto run = run_cli({"verify", np::test::source_dir() + "/../corpus/variants-basic.yaml", "--plugin-dir",
                        dir.string(), "--plugins", "fpz"});
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find(" 0 failed"), std::string::npos) << run.out;
    const std::string thermo = (dir / "thermo.txt").string();
    std::ofstream(thermo) << R"({"size":4,"thermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]})" << "\n";
    auto refused = run_cli({"solve", "--plugin-dir", dir.string(), "--plugin", "fpz", thermo});
    EXPECT_NE(refused.exit_code, 0) << refused.out;
    EXPECT_NE((refused.out + refused.err).find("fpz does not take the constraint kind thermometer"), std::string::npos)
        << refused.out << refused.err;
}

// `input: json-lines`: one process for many calls, each call one JSON line
// that gives the call's limit, seconds left and box shape with the puzzle.
TEST_F(External, AJsonLinesProcessReadsEachCallsLimitAndTimeout) {
    describe("jl", R"(name: jl
command: [sh, -c, 'while read l; do echo "$l" >> "$0/seen"; echo "$l" | sed -e "s/.*\"puzzle\":\"//" -e "s/\".*//" | ")" NUMPLACE_TEST_BINARY R"(" solve --plugin backtrack --format json -; done', "{dir}"]
max_side: 25
capabilities: [solve, prove-unique]
input: json-lines
output:
  json: {solution: solutions, verdict: verdict}
)");
    auto run = verify("jl,exhaustive-count");
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    // What it was given, noted in its own folder: outside the sandbox, which
    // would not let it write there.
    auto solved = run_cli({"solve", "--plugin-dir", dir.string(), "--plugin", "jl", "--limit", "1", "--timeout", "5",
                           std::string(81, '.')},
                          "", {{"NUMPLACE_NO_SANDBOX", "1"}});
    EXPECT_EQ(solved.exit_code, 0) << solved.out << solved.err;
    std::ifstream seen(dir / "seen");
    std::string first;
    std::getline(seen, first);
    EXPECT_TRUE(first.starts_with(R"({"limit":1,"timeout":)")) << first;
    EXPECT_NE(first.find(R"(,"size":"3x3","puzzle":")" + std::string(81, '.') + R"("})"), std::string::npos) << first;
}

TEST_F(External, AVariantsFieldNeedsFpuzzlesAndKnownKinds) {
    const std::string head = "command: [true]\nmax_side: 9\noutput: {solution: line}\n";
    describe("symbols", "name: symbols\n" + head + "variants: {kinds: [killercage]}\n");
    describe("unknown-kind", "name: unknown-kind\n" + head + "format: fpuzzles\nvariants: {kinds: [lockout]}\n");
    describe("bad-format", "name: bad-format\n" + head + "format: xml\n");
    auto run = run_cli({"plugins", "--plugin-dir", dir.string()});
    EXPECT_NE(run.out.find("'variants' needs format: fpuzzles"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("'variants.kinds': 'lockout' is not a constraint kind"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("'format' must be line or fpuzzles"), std::string::npos) << run.out;
}

}  // namespace
