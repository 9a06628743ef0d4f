// The C++ plugin layer (numplace/plugin.hpp), through the C descriptor it
// builds: what it checks before a plugin runs, and how it turns what the
// plugin reports into the ABI's count, witnesses, stop reason and status.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "numplace/plugin.hpp"

namespace {

// A toy plugin whose behaviour the test picks through its option "do".
struct Toy {
    static constexpr np::plugin::Info info = {"toy", "1", "test double", NP_CAP_SOLVE | NP_CAP_GENERATE_GRID |
                                                                              NP_CAP_CHECK_GRID,
                                              4};
    static constexpr np_option_spec options[] = {
        {"do", "three|invalid|spin|give-up|throw|refuse|bad", "three", "all", "what the toy does"}};

    void solve(np::plugin::Solve& call) {
        const std::string what = call.options.get("do");
        std::vector<uint8_t> grid(static_cast<std::size_t>(call.shape.cells()), 1);
        if (what == "three") {
            for (uint8_t k = 1; k <= 3; ++k) {
                grid[0] = k;
                if (call.found(grid.data())) return;
            }
        } else if (what == "invalid") {
            call.invalid(NP_REASON_DUPLICATE_IN_BOX, 1, 1, 2, "a 2 twice in box 1");
        } else if (what == "spin") {
            while (!call.spent()) call.guess();
        } else if (what == "give-up") {
            call.gave_up();
        } else if (what == "throw") {
            throw std::runtime_error("the toy broke");
        } else if (what == "refuse") {
            call.refuse("not today");
        } else {
            call.bad_option("a rule only the toy knows");
        }
    }
    bool generate(np::plugin::Generate& call) {
        if (call.options.get("do") == "spin")
            while (!call.spent()) {
            }
        for (int i = 0; i < call.shape.cells(); ++i) call.out[i] = static_cast<uint8_t>(call.rng.below(4) + 1);
        return !call.stopped();
    }
    void check(np::plugin::Check& call) {
        for (int i = 0; i < 3; ++i) call.violation(NP_REASON_DUPLICATE_IN_ROW, 0, i, 1);
    }
};

const np_plugin& toy() { return np::plugin::detail::Entry<Toy>::descriptor; }

struct SolveRun {
    int status;
    np_solve_result result{};
    std::vector<uint8_t> w0, w1;
};

SolveRun solve(const char* what, uint64_t limit = 2, uint64_t max_nodes = 0, np_geometry shape = {2, 2}) {
    SolveRun run;
    const std::size_t cells = static_cast<std::size_t>(shape.box_rows * shape.box_cols * shape.box_rows * shape.box_cols);
    std::vector<uint8_t> givens(cells, 0);
    run.w0.assign(cells, 0), run.w1.assign(cells, 0);
    run.result.witnesses[0] = run.w0.data(), run.result.witnesses[1] = run.w1.data();
    np_option option{"do", what};
    np_solve_request request{};
    request.geometry = shape;
    request.cells = givens.data();
    request.limit = limit;
    request.options = &option;
    request.option_count = 1;
    request.budget.max_nodes = max_nodes;
    void* instance = toy().create();
    run.status = toy().solve(instance, &request, &run.result);
    toy().destroy(instance);
    return run;
}

TEST(PluginLayer, TheDescriptorSaysWhatTheClassDeclares) {
    EXPECT_EQ(toy().abi_version, NP_ABI_VERSION);
    EXPECT_STREQ(toy().name, "toy");
    EXPECT_EQ(toy().option_count, 1u);
    EXPECT_EQ(toy().max_side, 4u);
    EXPECT_NE(toy().generate, nullptr);
    EXPECT_NE(toy().check_grid, nullptr);
}

TEST(PluginLayer, TheLimitStopsTheSearchAndTheWitnessesAreKept) {
    auto run = solve("three", 2);
    EXPECT_EQ(run.status, NP_OK);
    EXPECT_EQ(run.result.count, 2u);
    EXPECT_EQ(run.result.stop, NP_STOP_LIMIT);
    EXPECT_EQ(run.result.witness_count, 2u);
    EXPECT_EQ(run.w0[0], 1);
    EXPECT_EQ(run.w1[0], 2);
    auto all = solve("three", 10);
    EXPECT_EQ(all.result.count, 3u);
    EXPECT_EQ(all.result.stop, NP_STOP_EXHAUSTED);
    EXPECT_EQ(all.result.witness_count, 2u);  // room for two only
}

TEST(PluginLayer, ABudgetOrGivingUpIsAStopForTheBudget) {
    auto spun = solve("spin", 2, 500);
    EXPECT_EQ(spun.result.stop, NP_STOP_BUDGET);
    EXPECT_EQ(spun.result.stats.nodes, 501u);  // spent() counts the call that said so
    EXPECT_EQ(spun.result.stats.guesses, 500u);
    EXPECT_EQ(solve("give-up").result.stop, NP_STOP_BUDGET);
}

TEST(PluginLayer, InvalidGivensAreLocatedOneBasedWithTheBox) {
    auto run = solve("invalid");
    EXPECT_EQ(run.status, NP_INVALID_INPUT);
    EXPECT_EQ(run.result.violation.code, static_cast<uint32_t>(NP_REASON_DUPLICATE_IN_BOX));
    EXPECT_EQ(run.result.violation.row, 2u);
    EXPECT_EQ(run.result.violation.column, 2u);
    EXPECT_EQ(run.result.violation.box, 1u);
    EXPECT_EQ(run.result.violation.value, 2u);
    EXPECT_STREQ(run.result.message, "a 2 twice in box 1");
}

TEST(PluginLayer, NothingCrossesTheBoundaryAndRefusalsKeepTheirWords) {
    auto thrown = solve("throw");
    EXPECT_EQ(thrown.status, NP_FAILED);
    EXPECT_STREQ(thrown.result.message, "the toy broke");
    auto refused = solve("refuse");
    EXPECT_EQ(refused.status, NP_UNSUPPORTED);
    EXPECT_STREQ(refused.result.message, "not today");
    EXPECT_EQ(solve("bad").status, NP_BAD_OPTION);
    EXPECT_EQ(solve("no-such-value").status, NP_BAD_OPTION);  // checked against the spec first
    auto wide = solve("three", 2, 0, {3, 3});                 // 9 > max_side 4
    EXPECT_EQ(wide.status, NP_UNSUPPORTED);
    EXPECT_NE(std::string(wide.result.message).find("R*C <= 4"), std::string::npos) << wide.result.message;
    EXPECT_EQ(toy().solve(nullptr, nullptr, nullptr), NP_FAILED);
}

std::vector<uint8_t> generate(uint64_t first, uint32_t count, uint32_t* produced = nullptr, uint64_t max_nodes = 0,
                              const char* what = "three") {
    std::vector<uint8_t> cells(static_cast<std::size_t>(count) * 16, 0);
    np_option option{"do", what};
    np_generate_request request{};
    request.geometry = {2, 2};
    request.kind = NP_GENERATE_GRID;
    request.seed = 42;
    request.first_index = first;
    request.count = count;
    request.options = &option;
    request.option_count = 1;
    request.budget.max_nodes = max_nodes;
    np_generate_result result{};
    result.cells = cells.data();
    void* instance = toy().create();
    EXPECT_EQ(toy().generate(instance, &request, &result), NP_OK);
    toy().destroy(instance);
    if (produced) *produced = result.produced;
    cells.resize(static_cast<std::size_t>(result.produced) * 16);
    return cells;
}

TEST(PluginLayer, EachGeneratedResultHasItsOwnSeed) {
    const auto ten = generate(0, 10);
    const auto three = generate(4, 3);
    ASSERT_EQ(three.size(), 48u);
    EXPECT_TRUE(std::equal(three.begin(), three.end(), ten.begin() + 4 * 16));
    EXPECT_NE(std::vector<uint8_t>(ten.begin(), ten.begin() + 16), std::vector<uint8_t>(ten.begin() + 16, ten.begin() + 32));
}

TEST(PluginLayer, AGeneratorStopsWhenTheBudgetRunsOut) {
    uint32_t produced = 99;
    generate(0, 5, &produced, 100, "spin");
    EXPECT_EQ(produced, 0u);
}

TEST(PluginLayer, ChecksCountEveryViolationEvenPastTheCapacity) {
    std::vector<uint8_t> cells(16, 1);
    np_violation room[2];
    np_check_request request{sizeof request, {2, 2}, cells.data(), nullptr, 0};
    np_check_result result{};
    result.violations = room;
    result.capacity = 2;
    void* instance = toy().create();
    EXPECT_EQ(toy().check_grid(instance, &request, &result), NP_OK);
    toy().destroy(instance);
    EXPECT_EQ(result.violation_count, 3u);
    EXPECT_EQ(room[1].column, 2u);
}

}  // namespace
