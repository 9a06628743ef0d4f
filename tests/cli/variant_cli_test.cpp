// Variant puzzles through the command line (f-puzzles input), against
// fixture_variant.c: a plugin that declares killer cages, thermometers and
// jigsaws and answers one grid (1234/3412/2341/4123 on a 4x4) whatever the
// puzzle says, so every row's outcome is the host's certificate at work,
// in a worker (the default) and in process.
#include <gtest/gtest.h>

#include <string>

#include "numplace/fpuzzles.hpp"
#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

using np::test::run_cli;

// A 4x4 f-puzzles JSON with one killer cage on r1c1 r1c2 and no givens.
std::string killer(const std::string& sum) {
    return R"({"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],)"
           R"("killercage":[{"cells":["R1C1","R1C2"],"value":")" + sum + R"("}]})";
}

std::vector<std::string> with_fixture(std::vector<std::string> args) {
    args.insert(args.begin() + 1, {"--plugin-dir", np::test::variant_fixture_dir(), "--plugin", "fixture-variant"});
    return args;
}

TEST(VariantCli, ACageTheAnswerKeepsIsSolvedInAWorker) {
    const auto run = run_cli(with_fixture({"solve", killer("3")}));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, "1234341223414123\n") << run.err;
}

TEST(VariantCli, ACageTheAnswerBreaksIsAFailedRowNamingIt) {
    for (const std::string mode : {"--in-process", "--timeout=60"}) {  // in process; in a worker
        const auto run = run_cli(with_fixture({"solve", mode, killer("4"), killer("3")}));
        EXPECT_EQ(run.exit_code, 1) << mode << run.err;
        EXPECT_NE(run.out.find("error: "), std::string::npos) << mode << run.out;
        EXPECT_NE(run.out.find("killer cage"), std::string::npos) << mode << run.out;
        EXPECT_NE(run.out.find("1234341223414123"), std::string::npos) << mode << ": the next row still runs";
    }
}

TEST(VariantCli, AClassicPluginSkipsTheVariantNamingTheKindAndTheBatchGoesOn) {
    const auto run = run_cli({"solve", "--plugin", "bitmask-mrv", killer("3"), std::string(16, '.')});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_NE(run.out.find("killercage"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("multiple"), std::string::npos) << run.out;  // the empty 4x4 still answered
}

TEST(VariantCli, AMalformedVariantIsInvalidWithItsReason) {
    const std::string bad = R"({"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],)"
                            R"("killercage":[{"cells":["R1C1","R9C2"],"value":"3"}]})";
    const auto run = run_cli(with_fixture({"solve", bad}));
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_NE(run.out.find("invalid: arg:1: "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("R9C2"), std::string::npos) << run.out;
}

TEST(VariantCli, FpuzzlesOutputIsALinkToThePuzzleWithItsSolution) {
    const auto run = run_cli(with_fixture({"solve", "--format", "fpuzzles", killer("3")}));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::string link = run.out;
    while (!link.empty() && link.back() == '\n') link.pop_back();
    EXPECT_EQ(link.rfind("https://www.f-puzzles.com/?load=", 0), 0u) << link;
    const auto read = np::read_fpuzzles(link);
    ASSERT_TRUE(std::holds_alternative<np::Puzzle>(read)) << std::get<np::FpuzzlesError>(read).message;
    const np::Puzzle& puzzle = std::get<np::Puzzle>(read);
    ASSERT_EQ(puzzle.constraints.size(), 1u);
    EXPECT_EQ(puzzle.constraints[0].kind, np::Kind::killer_cage);
    ASSERT_TRUE(puzzle.solution.has_value());
    EXPECT_FALSE(np::check_variant(puzzle, *puzzle.solution).has_value());
}

TEST(VariantCli, CheckNamesABrokenConstraint) {
    const std::string broken = R"({"size":4,"grid":[[{"value":3,"given":true},{"value":2,"given":true},{},{}],)"
                               R"([{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],)"
                               R"("thermometer":[{"lines":[["R1C1","R1C2"]]}]})";
    const auto run = run_cli({"check", broken});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_NE(run.out.find("breaks_constraint"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("thermometer"), std::string::npos) << run.out;
    const auto kept = run_cli({"check", killer("3")});
    EXPECT_EQ(kept.exit_code, 0) << kept.out;
}

TEST(VariantCli, PluginsListWhatEachTakes) {
    const auto run = run_cli({"plugins", "--plugin-dir", np::test::variant_fixture_dir()});
    EXPECT_NE(run.out.find("variants:     thermometer, killercage; regions: boxes, irregular"), std::string::npos)
        << run.out;
}

// Generated variants (ABI 3.8): the fixture's generate hands over rules
// by seed (fixture_variant.c). In a worker (the default) and in process,
// a jigsaw comes out as f-puzzles JSON that numplace reads back, and hostile
// rules fail the run with the intake's reason.
TEST(VariantCli, GeneratedRulesAreWrittenAsFpuzzlesAndReadBack) {
    for (const std::string mode : {"--in-process", "--timeout=60"}) {
        const auto run = run_cli(with_fixture({"generate", mode, "--what", "puzzle", "--seed", "1", "--count", "2"}));
        ASSERT_EQ(run.exit_code, 0) << mode << run.err;
        const std::string first = run.out.substr(0, run.out.find('\n'));
        const auto read = np::read_fpuzzles(first);
        ASSERT_TRUE(std::holds_alternative<np::Puzzle>(read)) << first;
        const np::Puzzle& p = std::get<np::Puzzle>(read);
        EXPECT_EQ(p.regions, np::RegionLayout::irregular) << first;
        EXPECT_EQ(p.grid.given_count(), 81) << first;
        const auto solved = run_cli(with_fixture({"solve", first}));
        EXPECT_EQ(solved.exit_code, 0) << solved.err << solved.out;
    }
    const auto json = run_cli(with_fixture({"generate", "--what", "puzzle", "--seed", "0", "--format", "json"}));
    ASSERT_EQ(json.exit_code, 0) << json.err;
    EXPECT_NE(json.out.find(R"("fpuzzles":{"size":9)"), std::string::npos) << json.out;
    EXPECT_NE(json.out.find(R"("killercage")"), std::string::npos) << json.out;
}

TEST(VariantCli, HostileGeneratedRulesFailTheRunWithTheReason) {
    for (const std::string mode : {"--in-process", "--timeout=60"}) {
        const auto run = run_cli(with_fixture({"generate", mode, "--what", "puzzle", "--seed", "2", "--size", "2x2"}));
        EXPECT_EQ(run.exit_code, 1) << mode << run.err;
        EXPECT_NE(run.err.find("kind 'antiknight', which the plugin does not declare"), std::string::npos) << run.err;
        EXPECT_EQ(run.out, "") << mode;
    }
}

}  // namespace
