// Issue 26: steps are plugin output like any other. The host keeps the
// candidate state itself and certifies each step against it; through a
// worker the parent does, from the frames, whatever the worker's own session
// said. A lying step makes its answer wrong (however right the grid), and a
// step frame nobody asked for fails its item as a protocol breach.
#include <gtest/gtest.h>

#include <sstream>

#include "hostile_support.hpp"
#include "numplace/host.hpp"
#include "numplace/steps.hpp"
#include "runner.hpp"
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

}  // namespace
