// Step entries (kind step, docs/corpus-format.md): a candidate state, the
// step that failed there, and the state's truth. A good one loads and
// round-trips through to_yaml; every problem in a malformed one is reported
// at its file:line:column.
#include <gtest/gtest.h>

#include <string>

#include "corpus/corpus.hpp"

namespace {

using np::corpus::LoadResult;

// A 4x4 solution; a cell's candidates are written as its four places.
constexpr const char* kSolution = "1234341221434321";

// The solution as a candidate line, every cell its own value alone but the
// first `open` cells, which keep every value.
std::string state(int open) {
    std::string line;
    for (int cell = 0; cell < 16; ++cell)
        for (int v = 1; v <= 4; ++v)
            line += cell < open || kSolution[cell] - '0' == v ? static_cast<char>('0' + v) : '.';
    return line;
}

std::string good_entry() {
    return "- id: step-good\n"
           "  kind: step\n"
           "  size: 2x2\n"
           "  candidates: \"" + state(3) + "\"\n"
           "  step: {plugin: fixture-bad-steps, technique: naked pair, text: \"naked pair in row 1: -3 r2c1\"}\n"
           "  explained: \"1..4....2.4.4.21\"\n"
           "  expect: {verdict: unique, solution: \"" + kSolution + "\"}\n"
           "  source: tests\n"
           "  tags: [step]\n";
}

std::string all_errors(const LoadResult& r) {
    std::string s;
    for (const auto& d : r.errors) s += d.text() + "\n";
    return s;
}

::testing::AssertionResult has_error(const LoadResult& r, int line, int column, const std::string& part) {
    for (const auto& d : r.errors)
        if (d.where.line == line && d.where.column == column && d.message.find(part) != std::string::npos)
            return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "no error at " << line << ":" << column << " containing \"" << part
                                         << "\"; errors:\n"
                                         << all_errors(r);
}

TEST(StepEntry, AGoodOneLoadsAndRoundTrips) {
    const LoadResult r = np::corpus::load_text(good_entry(), "t.yaml");
    ASSERT_TRUE(r.ok()) << all_errors(r);
    ASSERT_EQ(r.corpus.steps.size(), 1u);
    const auto& e = r.corpus.steps[0];
    EXPECT_EQ(e.plugin, "fixture-bad-steps");
    EXPECT_EQ(e.technique, "naked pair");
    EXPECT_EQ(e.step, "naked pair in row 1: -3 r2c1");
    EXPECT_EQ(e.explained, "1..4....2.4.4.21");
    EXPECT_EQ(e.expect.verdict, np::Verdict::unique);
    // Every cell a mask, none a given: the first cell keeps all four values.
    EXPECT_EQ(e.state.given_count(), 0);
    EXPECT_EQ(e.state.mask(0), 0b11110u);
    EXPECT_EQ(e.state.mask(5), 0b10000u);  // r2c2: its solution's 4 alone
    const std::string yaml = np::corpus::to_yaml(e);
    const LoadResult again = np::corpus::load_text(yaml, "again.yaml");
    ASSERT_TRUE(again.ok()) << all_errors(again) << yaml;
    ASSERT_EQ(again.corpus.steps.size(), 1u);
    EXPECT_EQ(again.corpus.steps[0].state, e.state);
    EXPECT_EQ(again.corpus.steps[0].step, e.step);
    EXPECT_EQ(again.corpus.steps[0].expect.solution, e.expect.solution);
    EXPECT_EQ(np::corpus::to_yaml(again.corpus.steps[0]), yaml);
}

TEST(StepEntry, EachProblemIsReportedWhereItIs) {
    const std::string yaml =
        "- id: short-state\n"                              // 1
        "  kind: step\n"                                   // 2
        "  size: 2x2\n"                                    // 3
        "  candidates: \"1234\"\n"                         // 4
        "  step:\n"                                        // 5
        "    plugin: Bad-Name\n"                           // 6
        "    technique: naked pair\n"                      // 7
        "    text: \"r1c1: naked single 1\"\n"             // 8
        "    colour: red\n"                                // 9
        "  expect: {verdict: invalid}\n"                   // 10
        "  source: tests\n"                                // 11
        "- id: outside-masks\n"                            // 12
        "  kind: step\n"                                   // 13
        "  size: 2x2\n"                                    // 14
        "  candidates: \"." + state(16).substr(1) + "\"\n"  // 15: 1 is no candidate of r1c1
        "  step: {plugin: p, technique: t}\n"              // 16
        "  explained: \"1..4\"\n"                          // 17
        "  expect:\n"                                      // 18
        "    verdict: unique\n"                            // 19
        "    solution: \"" + std::string(kSolution) + "\"\n"  // 20
        "  source: tests\n";                               // 21
    const LoadResult r = np::corpus::load_text(yaml, "t.yaml");
    EXPECT_TRUE(r.corpus.steps.empty());
    EXPECT_TRUE(has_error(r, 4, 15, "one candidate line of 64 characters for size 2x2"));
    EXPECT_TRUE(has_error(r, 6, 13, "the plugin name \"Bad-Name\""));
    EXPECT_TRUE(has_error(r, 8, 11, "does not name its technique 'naked pair'"));
    EXPECT_TRUE(has_error(r, 9, 5, "unknown key 'colour' in 'step'"));
    EXPECT_TRUE(has_error(r, 10, 21, "a candidate state is not invalid"));
    EXPECT_TRUE(has_error(r, 16, 9, "missing required key 'text'"));
    EXPECT_TRUE(has_error(r, 17, 14, "'explained' must be the puzzle explained"));
    EXPECT_TRUE(has_error(r, 20, 15, "the solution has 1 at row 1, column 1, which is not a candidate there"));
    EXPECT_EQ(r.errors.size(), 8u) << all_errors(r);
}

}  // namespace
