// The harness must catch real bugs: each mutant plugin (tests/mutants/
// mutant.cpp) is a mistake solver authors really make, and verify or fuzz
// must flag it with the right kind of finding. The correct plugin the
// mutants come from passes both: no false alarm. (Which command caught what,
// and how fast: docs/verification.md.)
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace {

using np::test::run_cli;

std::string mutant_dir() { return np::test::fixture_dir() + "/../mutant-plugins"; }

struct Expectation {
    std::string mutant;
    std::vector<std::string> command;  // after the plugin flags
    std::string first_line;            // what the first line of stdout starts with
};

// mutant-loop-none is left out here: fuzz catches it (timed-out), but every
// shrinking step then waits for the watchdog, about three minutes in all;
// Workers.AHangIsKilledByTheWatchdog covers the same mistake with
// fixture-hang. fuzz stops at its first failure; its line is "FAIL mutant-x: kind: ...".
// verify lists every failure; its first line is "FAIL mutant-x ENTRY: kind: ...".
const std::vector<Expectation> kExpected = {
    {"box-le", {"fuzz", "--seed", "1", "--seeds", "3"}, "FAIL mutant-box-le: agreement: says none"},
    {"one-forward", {"fuzz", "--seed", "1", "--seeds", "3"}, "FAIL mutant-one-forward: agreement: says unique"},
    {"twin-search", {"fuzz", "--seed", "1", "--seeds", "3"}, "FAIL mutant-twin-search: agreement: says unique"},
    {"given-ignored", {"fuzz", "--seed", "1", "--seeds", "3"},
     "FAIL mutant-given-ignored: certificate: mutant-given-ignored gave a wrong answer"},
    {"box-swapped", {"fuzz", "--seed", "1", "--seeds", "3"},
     "FAIL mutant-box-swapped: certificate: mutant-box-swapped gave a wrong answer"},
    {"column-dup", {"fuzz", "--seed", "1", "--seeds", "3"},
     "FAIL mutant-column-dup: certificate: mutant-column-dup gave a wrong answer: the givens break a rule"},
    {"count-plus-one", {"verify", "--tags", "tdoku-counts", "--no-generator-sweep"},
     "FAIL mutant-count-plus-one tdoku-counts-"},
    {"gave-up-none", {"fuzz", "--seed", "1", "--seeds", "3"}, "FAIL mutant-gave-up-none: agreement: says none"},
    {"same-twice", {"fuzz", "--seed", "1", "--seeds", "3"},
     "FAIL mutant-same-twice: certificate: mutant-same-twice gave a wrong answer: its two witnesses are the same grid"},
    {"segv-25", {"fuzz", "--seed", "1", "--seeds", "3"}, "FAIL mutant-segv-25: crashed: mutant-segv-25 crashed: SIGSEGV"},
    {"throw-12", {"fuzz", "--seed", "1", "--seeds", "3", "--size", "3x4"},
     "FAIL mutant-throw-12: crashed: mutant-throw-12 crashed: SIGABRT"},
    {"seedless", {"verify", "--tags", "generator", "--size", "2x3"}, "FAIL mutant-seedless generate-mutant-seedless-"},
    {"one-too-many", {"verify", "--tags", "generator", "--size", "2x3"}, "FAIL mutant-one-too-many generate-mutant-one-too-many-puzzle-"},
};

TEST(SlowMutants, EachIsCaughtWithTheRightKind) {
    for (const auto& e : kExpected) {
        std::vector<std::string> args = {e.command[0], "--plugin-dir", mutant_dir(), "--plugins", "mutant-" + e.mutant};
        args.insert(args.end(), e.command.begin() + 1, e.command.end());
        auto run = run_cli(args);
        EXPECT_EQ(run.exit_code, 1) << e.mutant << ": " << run.out << run.err;
        EXPECT_EQ(run.out.rfind(e.first_line, 0), 0u) << e.mutant << ": " << run.out.substr(0, run.out.find('\n'));
    }
}

TEST(Mutants, TheCorrectPluginRaisesNoFalseAlarm) {
    const std::vector<std::vector<std::string>> runs = {
        {"fuzz", "--seed", "1", "--seeds", "3"},
        {"fuzz", "--seed", "1", "--seeds", "3", "--size", "3x4"},
        {"verify", "--tags", "tdoku-counts,generator", "--size", "2x3"},
    };
    for (const auto& command : runs) {
        std::vector<std::string> args = {command[0], "--plugin-dir", mutant_dir(), "--plugins", "mutant-none"};
        args.insert(args.end(), command.begin() + 1, command.end());
        auto run = run_cli(args);
        EXPECT_EQ(run.exit_code, 0) << command[0] << ": " << run.out << run.err;
    }
}

}  // namespace
