// The judge (harness/judge): one vocabulary of failure kinds, the faults
// mapped to them, the generator checker, and the harness's one setup.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "generators.hpp"
#include "judge.hpp"
#include "runner.hpp"
#include "setup.hpp"
#include "test_support.hpp"

namespace np {
namespace {

using judge::Kind;
using judge::Status;

// The kinds named in docs/verification.md's table of failure kinds: the
// backticked words of its first column.
std::set<std::string> documented_kinds() {
    std::ifstream in(std::string(NUMPLACE_TEST_SOURCE_DIR) + "/../docs/verification.md");
    std::set<std::string> kinds;
    bool in_table = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("Failure kinds", 0) == 0) in_table = true;
        else if (in_table && line.rfind("| kind", 0) != 0 && line.rfind("|---", 0) != 0 && line.rfind("|", 0) == 0) {
            const std::string first = line.substr(1, line.find('|', 1) - 1);
            const std::regex word("`([a-z-]+)`");
            for (std::sregex_iterator it(first.begin(), first.end(), word), end; it != end; ++it) kinds.insert((*it)[1]);
        } else if (in_table && !kinds.empty() && line.rfind("|", 0) != 0) {
            break;
        }
    }
    return kinds;
}

TEST(Judge, EveryKindHasOneNameThatReadsBack) {
    std::set<std::string> names;
    for (Kind k : judge::all_kinds()) {
        const std::string name(judge::kind_name(k));
        EXPECT_FALSE(name.empty());
        EXPECT_TRUE(names.insert(name).second) << name << " twice";
        EXPECT_EQ(judge::kind_from_name(name), k) << name;
    }
    EXPECT_EQ(judge::kind_from_name(""), Kind::none);
    EXPECT_EQ(judge::kind_name(Kind::none), "");
    EXPECT_FALSE(judge::kind_from_name("wrong").has_value());  // bench's word before report version 2
}

TEST(Judge, TheDocsTableListsExactlyTheKinds) {
    std::set<std::string> names;
    for (Kind k : judge::all_kinds()) names.insert(std::string(judge::kind_name(k)));
    EXPECT_EQ(documented_kinds(), names);
}

TEST(Judge, FaultsBecomeKinds) {
    auto kind_of = [](Fault f, uint32_t status = NP_FAILED) { return judge::judge_fault(f, status, "m")->kind; };
    EXPECT_EQ(kind_of(Fault::wrong), Kind::certificate);
    EXPECT_EQ(kind_of(Fault::malformed), Kind::contract);
    EXPECT_EQ(kind_of(Fault::failed), Kind::contract);
    EXPECT_EQ(kind_of(Fault::crashed), Kind::crashed);
    EXPECT_EQ(kind_of(Fault::timed_out), Kind::timed_out);
    EXPECT_EQ(kind_of(Fault::out_of_memory), Kind::out_of_memory);
    EXPECT_EQ(judge::judge_fault(Fault::failed, NP_UNSUPPORTED, "m")->status, Status::skip);
    EXPECT_EQ(judge::judge_fault(Fault::refused, NP_OK, "m")->status, Status::skip);
    EXPECT_FALSE(judge::judge_fault(Fault::none, NP_OK, "").has_value());
}

TEST(Judge, AnAnswerAgainstAnEstablishedTruthFailsWithTheKindAsked) {
    judge::Truth truth;
    truth.established = true;
    truth.verdict = Verdict::none;
    truth.count = 0;
    truth.source = "the corpus";
    SolveOutcome says_unique;
    says_unique.verdict = Verdict::unique;
    says_unique.complete = true;
    const auto j = judge::judge_solve(says_unique, truth, Kind::expectation);
    EXPECT_EQ(j.status, Status::fail);
    EXPECT_EQ(j.kind, Kind::expectation);
    EXPECT_NE(j.finding.find("the corpus says none"), std::string::npos) << j.finding;
    SolveOutcome says_none;
    says_none.verdict = Verdict::none;
    says_none.complete = true;
    EXPECT_EQ(judge::judge_solve(says_none, truth, Kind::expectation).status, Status::pass);
}

// ---- The generator checker, on the bundled plugins in this process ----------

judge::GeneratorJudgement check(const Plugin& generator, np_generate_kind what, const Geometry& size, uint64_t count,
                                const Plugin* prover, bool minimal = false) {
    corpus::GeneratorProperties expect;
    expect.valid = expect.deterministic = true;
    expect.full = what == NP_GENERATE_GRID;
    expect.unique = what == NP_GENERATE_PUZZLE;
    expect.minimal = minimal;
    runner::Settings in_process;
    in_process.in_process = true;
    auto run = runner::make_runner(in_process);
    Budget budget;
    budget.timeout_seconds = 60;
    return judge::check_generator({generator, {what, size, 1, 0, count, {}}, expect, prover, false}, *run, budget);
}

TEST(GeneratorCheck, UniqueMinimalPuzzlesPassProvedByAnotherPlugin) {
    const Plugin& maker = test::bundled_plugin("bitmask-mrv");
    const Plugin& prover = test::bundled_plugin("exhaustive-count");
    const auto g = check(maker, NP_GENERATE_PUZZLE, {2, 2}, 4, &prover, true);
    EXPECT_EQ(g.judgement.status, Status::pass) << g.judgement.finding;
    EXPECT_EQ(g.judgement.finding, "proved by exhaustive-count");
    EXPECT_EQ(g.verdict, "4 puzzles");
}

TEST(GeneratorCheck, WithoutAProverUniquenessIsASkipNotAPass) {
    const auto g = check(test::bundled_plugin("bitmask-mrv"), NP_GENERATE_PUZZLE, {2, 2}, 2, nullptr);
    EXPECT_EQ(g.judgement.status, Status::skip);
    EXPECT_NE(g.judgement.finding.find("no independent plugin"), std::string::npos);
}

TEST(GeneratorCheck, GridsNeedNoProver) {
    const auto g = check(test::bundled_plugin("backtrack"), NP_GENERATE_GRID, {2, 3}, 5, nullptr);
    EXPECT_EQ(g.judgement.status, Status::pass) << g.judgement.finding;
    EXPECT_EQ(g.verdict, "5 grids");
}

// A puzzle with a clue removed from a unique minimal one is caught by the
// prover, whichever plugin made it: here the checker is given a generator
// that breaks uniqueness on purpose (the mutant "one-too-many").
TEST(GeneratorCheck, AGeneratorThatRemovesOneClueTooManyIsCaught) {
    PluginRegistry mutants;
    mutants.add_directory(NUMPLACE_TEST_MUTANT_DIR);
    const Plugin* maker = mutants.find("mutant-one-too-many");
    ASSERT_NE(maker, nullptr);
    const auto g = check(*maker, NP_GENERATE_PUZZLE, {3, 3}, 3, &test::bundled_plugin("exhaustive-count"));
    EXPECT_EQ(g.judgement.status, Status::fail) << g.judgement.finding;
    EXPECT_EQ(g.judgement.kind, Kind::generator);
    EXPECT_NE(g.judgement.finding.find("more than one solution (exhaustive-count)"), std::string::npos)
        << g.judgement.finding;
    ASSERT_TRUE(g.culprit.has_value());
}

// ---- The one setup ------------------------------------------------------------

harness::Settings bundled(const std::vector<std::string>& plugins) {
    harness::Settings s;
    s.plugin_dirs = {NUMPLACE_TEST_PLUGIN_DIR};
    s.plugins = plugins;
    return s;
}

TEST(Setup, LoadsSelectsAndFindsTheOracle) {
    std::string error;
    const auto loaded = harness::load_plugins(bundled({"backtrack"}), error);
    ASSERT_NE(loaded, nullptr) << error;
    ASSERT_EQ(loaded->chosen.size(), 1u);
    EXPECT_EQ(loaded->chosen[0].name(), "backtrack");
    ASSERT_NE(loaded->oracle, nullptr);
    EXPECT_EQ(loaded->oracle->name(), harness::kDefaultOracle);
}

TEST(Setup, AnUnknownPluginOrANamedOracleThatIsAbsentIsAnError) {
    std::string error;
    EXPECT_EQ(harness::load_plugins(bundled({"no-such-plugin"}), error), nullptr);
    EXPECT_NE(error.find("no-such-plugin"), std::string::npos) << error;
    auto s = bundled({});
    s.oracle = "no-such-oracle";
    s.oracle_named = true;
    error.clear();
    EXPECT_EQ(harness::load_plugins(s, error), nullptr);
    EXPECT_NE(error.find("the oracle 'no-such-oracle' is not loaded"), std::string::npos) << error;
    // The default oracle may be absent: judging then rests on certificates.
    s.oracle_named = false;
    const auto loaded = harness::load_plugins(s, error);
    ASSERT_NE(loaded, nullptr);
    EXPECT_EQ(loaded->oracle, nullptr);
}

TEST(Setup, APluginIsNeverItsOwnProver) {
    std::string error;
    const auto loaded = harness::load_plugins(bundled({}), error);
    ASSERT_NE(loaded, nullptr) << error;
    const auto& all = loaded->registry.plugins();
    EXPECT_EQ(harness::prover_for("backtrack", loaded->oracle, all)->name(), harness::kDefaultOracle);
    const Plugin* other = harness::prover_for(harness::kDefaultOracle, loaded->oracle, all);
    ASSERT_NE(other, nullptr);
    EXPECT_NE(other->name(), harness::kDefaultOracle);
    EXPECT_TRUE(other->can(NP_CAP_PROVE_UNIQUE));
}

}  // namespace
}  // namespace np
