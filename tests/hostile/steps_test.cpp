// Issue 26: steps are plugin output like any other. The host keeps the
// candidate state itself and certifies each step against it; through a
// worker the parent does, from the frames, whatever the worker's own session
// said. A lying step makes its answer wrong (however right the grid), and a
// step frame nobody asked for fails its item as a protocol breach.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "hostile_support.hpp"
#include "numplace/host.hpp"
#include "numplace/steps.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

namespace {

const np::Grid& four = np::hostile::four_puzzle();
const np::Grid& six = np::hostile::six_puzzle();  // the target

const np::Plugin& load(const std::string& stem) { return np::hostile::attack_plugin(stem); }

struct Explained {
    std::vector<np::SolveOutcome> out;
    std::vector<std::size_t> steps_seen;  // items whose steps reached the caller's sink
};

Explained solve(const np::Plugin& plugin, bool explain, bool in_process = false) {
    auto runner = np::hostile::attack_runner(in_process);
    const np::Budget budget = np::hostile::attack_budget();
    Explained run;
    np::runner::ItemStepSink sink;
    if (explain) sink = [&](std::size_t item, const np::Step&) { return run.steps_seen.push_back(item), true; };
    run.out = runner->solve(plugin, {&four, &six, &four}, 2, {}, budget, {}, sink);
    return run;
}

void expect_neighbours_answered(const std::vector<np::SolveOutcome>& out) {
    ASSERT_EQ(out.size(), 3u);
    for (std::size_t i : {0u, 2u}) {
        EXPECT_EQ(out[i].fault, np::Fault::none) << i << ": " << out[i].message;
        EXPECT_EQ(out[i].verdict, np::Verdict::unique) << i;
    }
}

TEST(HostileSteps, AForgedStepIsCertifiedByTheParentAndTheAnswerIsWrong) {
    const Explained run = solve(load("forged_steps"), true);
    expect_neighbours_answered(run.out);
    EXPECT_EQ(run.out[1].fault, np::Fault::wrong) << run.out[1].message;
    EXPECT_NE(run.out[1].message.find("step 1 (forged): it eliminates"), std::string::npos) << run.out[1].message;
    EXPECT_NE(run.out[1].message.find("which holds"), std::string::npos) << run.out[1].message;
    EXPECT_TRUE(run.steps_seen.empty()) << "a refused step never reaches the caller";
}

TEST(HostileSteps, AStepFrameNobodyAskedForFailsItsItem) {
    const Explained run = solve(load("forged_steps"), false);
    expect_neighbours_answered(run.out);
    EXPECT_EQ(run.out[1].fault, np::Fault::crashed) << run.out[1].message;
    EXPECT_NE(run.out[1].message.find("protocol:"), std::string::npos) << run.out[1].message;
    EXPECT_NE(run.out[1].message.find("a step nobody asked for"), std::string::npos) << run.out[1].message;
}

TEST(HostileSteps, ALyingStepThroughTheSinkMakesTheAnswerWrongInProcessAndInAWorker) {
    for (const bool in_process : {false, true}) {
        const Explained run = solve(load("lying_steps"), true, in_process);
        expect_neighbours_answered(run.out);
        EXPECT_EQ(run.out[1].fault, np::Fault::wrong) << in_process << ": " << run.out[1].message;
        EXPECT_NE(run.out[1].message.find("step 1 (lie): it places"), std::string::npos) << run.out[1].message;
        EXPECT_NE(run.out[1].message.find("which is not empty"), std::string::npos) << run.out[1].message;
        EXPECT_TRUE(run.steps_seen.empty());
    }
}

// ABI 3.2's step flags: a bit the host does not know refuses the step; a
// unique verdict after a step that assumed uniqueness is a wrong answer.
TEST(HostileSteps, UnknownStepFlagsAreRefused) {
    for (const bool in_process : {false, true}) {
        const Explained run = solve(load("step_flags"), true, in_process);
        expect_neighbours_answered(run.out);
        EXPECT_EQ(run.out[1].fault, np::Fault::wrong) << in_process << ": " << run.out[1].message;
        EXPECT_NE(run.out[1].message.find("step 1: a step with flags this host does not know"), std::string::npos)
            << run.out[1].message;
        EXPECT_TRUE(run.steps_seen.empty());
    }
}

TEST(HostileSteps, AUniqueVerdictAfterAStepThatAssumedItIsWrong) {
    for (const bool in_process : {false, true}) {
        const Explained run = solve(load("unique_after_assuming"), true, in_process);
        expect_neighbours_answered(run.out);
        EXPECT_EQ(run.out[1].fault, np::Fault::wrong) << in_process << ": " << run.out[1].message;
        EXPECT_NE(run.out[1].message.find("it claims one solution, but its step 1 assumed there is at most one"),
                  std::string::npos)
            << run.out[1].message;
        EXPECT_EQ(run.steps_seen, std::vector<std::size_t>{1}) << "the step itself is fine for the state";
    }
}

TEST(HostileSteps, ExplainShowsALyingStepEndsItsInputWithAnErrorAndTheRestRuns) {
    const std::string six = "...45.........2.15.5....4.1....3.2..";  // the attack's target
    auto run = np::test::run_cli({"explain", "--plugin", np::hostile::attack_file("lying_steps"), "1..4.......1..3.", six,
                        "1..4.......1..3."});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    std::vector<std::string> lines;
    std::istringstream in(run.out);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    int errors = 0, answers = 0;
    for (const auto& l : lines) {
        if (l.rfind("error: ", 0) == 0) {
            ++errors;
            EXPECT_NE(l.find("step 1 (lie): it places"), std::string::npos) << l;
        }
        answers += l.rfind("unique: ", 0) == 0;
    }
    EXPECT_EQ(errors, 1) << run.out;
    EXPECT_EQ(answers, 2) << run.out;
}

// Issue 40, finding 3: a rating is read from a step's name, so the name is
// held to the vocabulary and its technique's shape wherever steps are
// rated. Sound singles named "size-999 fish" (SE's table would say 204.2)
// or "size-1073741830 fish" (atoi overflowed to ED -214748359.2) are
// refused: rate gives no number, verify fails the row naming the step.
TEST(HostileSteps, ASingleNamedAsAHugeFishIsRefusedWhereverStepsAreRated) {
    struct Attack {
        std::string stem, plugin, why;
    };
    const std::vector<Attack> attacks = {
        {"fish_named_singles", "attack-fish-named-singles",
         "'size-999 fish' is no technique of the vocabulary"},
        {"fish_size_overflow", "attack-fish-size-overflow", "'size-1073741830 fish' is no technique of the vocabulary"}};
    for (const Attack& attack : attacks) {
        const std::string &stem = attack.stem, &plugin = attack.plugin;
        auto rated = np::test::run_cli({"rate", "--plugin-dir", np::hostile::attack_dir(stem), "--plugin", plugin,
                                        "--format", "json", "1..4.......1..3."});
        EXPECT_EQ(rated.exit_code, 1) << rated.out << rated.err;
        const auto row = nlohmann::json::parse(rated.out, nullptr, false);
        ASSERT_TRUE(row.is_object()) << rated.out;
        EXPECT_FALSE(row.contains("er")) << "never a number: " << rated.out;
        EXPECT_EQ(row.value("error", "").rfind("unrated: step 1 (size-", 0), 0u) << rated.out;
        EXPECT_NE(row.value("error", "").find(attack.why), std::string::npos) << rated.out;

        const auto run = np::hostile::verify_attack(stem, plugin, 10);
        EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
        ASSERT_TRUE(run.rows.count("four")) << run.out;
        const auto& four_row = run.rows.at("four");
        EXPECT_EQ(four_row.value("status", ""), "fail") << four_row.dump();
        EXPECT_EQ(four_row.value("kind", ""), "step") << four_row.dump();
        EXPECT_EQ(four_row.value("finding", "").rfind("step 1 (", 0), 0u) << four_row.dump();
        EXPECT_NE(four_row.value("finding", "").find(attack.why), std::string::npos) << four_row.dump();
    }
}

// Issue 40, finding 2: steps whose patterns hold N*N*(N+1) facts (130 KB a
// step on 25x25), one certified elimination each, cost a parent that kept
// them all about 2 GB for one empty 25x25 grid (rate was OOM-killed). The
// host holds at most kMaxStepBytes (16 MiB) of one item's steps: the step
// past it is refused, the answer is wrong, and the run's peak memory, the
// parent's and (wait4 counts the children it reaped) its worker's, stays
// under 512 MiB, a generous bound: the flood alone would pass it 4 times.
TEST(HostileSteps, AStepFloodOnA25x25GridCostsTheParentABoundedMemory) {
    const auto dir = std::filesystem::temp_directory_path() / ("np-flood-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string grid = (dir / "empty25.txt").string();
    std::ofstream(grid) << std::string(625, '.') << "\n";
    const std::string plugins = np::hostile::attack_dir("step_flood");
    const std::vector<std::vector<std::string>> runs = {
        // No oracle: it would find the empty grid's many solutions first.
        {"rate", "--plugin-dir", plugins, "--plugin", "attack-step-flood", "--oracle", "none", grid},
        // A deadline far past the flood's: under the sanitizers on a loaded
        // machine the default 10 s ended the item before the bound did.
        {"verify", "--plugin-dir", plugins, "--plugins", "attack-step-flood", "--timeout", "300", "--report",
         (dir / "r.json").string(), grid}};
    for (const auto& args : runs) {
        np::test::BackgroundCli cli(args);
        long peak_kib = 0;
        const np::test::CliRun run = cli.finish(&peak_kib);
        EXPECT_EQ(run.exit_code, 1) << args[0] << ": " << run.out << run.err;
        const std::string said = run.out + run.err + np::test::read_file((dir / "r.json").string());
        EXPECT_NE(said.find("its steps would hold more than 16 MiB"), std::string::npos) << args[0] << ": " << said;
        EXPECT_LT(peak_kib, 512L * 1024) << args[0] << ": the peak resident size, KiB";
    }
    std::filesystem::remove_all(dir);
}

// generate --rating keeps what the rater's certified, classed steps rate in
// the band: a forged fish never satisfies 200.. (it would be 204.2).
TEST(HostileSteps, AForgedFishNameDoesNotMakeAPuzzleToOrder) {
    auto run = np::test::run_cli({"generate", "--plugin", "bitmask-mrv", "--what", "puzzle", "--size", "2x2",
                                  "--plugin-dir", np::hostile::attack_dir("fish_named_singles"), "--rater",
                                  "attack-fish-named-singles", "--rating", "11.0..", "--count", "1", "--candidates", "8",
                                  "--seed", "1"});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_EQ(run.out, "") << "no puzzle is made to order by a forged name";
    // A band past the table's top is refused before any candidate (exit 2):
    // this one is within it, and only a forged name would reach it.
    EXPECT_NE(run.err.find("0 of 1 puzzles with ER 11.0.."), std::string::npos) << run.err;
}

}  // namespace
