// The judge (harness/judge): one vocabulary of failure kinds, the faults
// mapped to them, the generator checker, and the harness's one setup.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "judge/generators.hpp"
#include "judge/judge.hpp"
#include "numplace/format.hpp"
#include "runner/runner.hpp"
#include "setup/setup.hpp"
#include "test_support.hpp"
#include "truth/generators.hpp"

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

// ---- Proofs and the ranked truth of a plain file ------------------------------

Grid grid_of(const std::string& text) { return std::get<Grid>(parse_line(text, Geometry{2, 2})); }

// A complete answer; a checked proof when `proved`.
SolveOutcome answer(Verdict verdict, std::vector<std::string> solutions = {}, bool proved = false) {
    SolveOutcome out;
    out.verdict = verdict;
    out.complete = verdict != Verdict::multiple;
    out.count = solutions.size();
    for (const auto& s : solutions) out.solutions.push_back(grid_of(s));
    if (proved) {
        out.proof.status = ProofStatus::checked;
        out.proof.declared = NP_PROOF_WRITTEN;
    }
    return out;
}

constexpr const char* kOne = "1234341221434321";
constexpr const char* kOther = "2143341212344321";  // another valid 4x4

TEST(Truth, TwoSolutionsOutrankACheckedProof) {
    const SolveOutcome proved = answer(Verdict::unique, {kOne}, true), other = answer(Verdict::unique, {kOther});
    const auto t = judge::truth_from_answers({{"a", &proved}, {"b", &other}}, nullptr, "");
    EXPECT_EQ(t.verdict, Verdict::multiple);
    EXPECT_EQ(t.source, "two different valid solutions (from a and b)");
    // a's row fails, and says that its checked proof was wrong (or the checker).
    const auto j = judge::judge_solve(proved, t, Kind::disagreement);
    EXPECT_EQ(j.status, Status::fail);
    EXPECT_NE(j.finding.find("its proof was checked, so two different valid solutions (from a and b) or the proof "
                             "checker is wrong"),
              std::string::npos)
        << j.finding;
}

TEST(Truth, ACheckedProofOutranksTheOraclesSearchAndTheOraclesProofComesFirst) {
    const SolveOutcome searched = answer(Verdict::none), proved = answer(Verdict::unique, {kOne}, true);
    auto t = judge::truth_from_answers({{"a", &proved}}, &searched, "oracle");
    EXPECT_EQ(t.verdict, Verdict::unique);
    EXPECT_EQ(t.source, "a's checked proof");
    EXPECT_EQ(t.solution, grid_of(kOne));
    const SolveOutcome oracle_proved = answer(Verdict::unique, {kOne}, true);
    t = judge::truth_from_answers({{"a", &proved}}, &oracle_proved, "oracle");
    EXPECT_EQ(t.source, "oracle's checked proof");
    // Without a proof, the oracle's complete search, as before proofs...
    const SolveOutcome says_none = answer(Verdict::none);
    t = judge::truth_from_answers({{"a", &says_none}}, &searched, "oracle");
    EXPECT_EQ(t.verdict, Verdict::none);
    EXPECT_EQ(t.source, "oracle's complete search");
    // ...but never its none against a certified witness (issue 40): the
    // truth is then not established, and the witness is kept.
    const SolveOutcome unproved = answer(Verdict::unique, {kOne});
    t = judge::truth_from_answers({{"a", &unproved}}, &searched, "oracle");
    EXPECT_FALSE(t.established);
    ASSERT_TRUE(t.witness.has_value());
    EXPECT_EQ(*t.witness, grid_of(kOne));
}

TEST(Truth, AValidSolutionOutranksACheckedProofOfNone) {
    const SolveOutcome none = answer(Verdict::none, {}, true), found = answer(Verdict::unique, {kOne});
    const auto t = judge::truth_from_answers({{"a", &none}, {"b", &found}}, nullptr, "");
    EXPECT_FALSE(t.established);
    const auto j = judge::judge_solve(none, t, Kind::disagreement);
    EXPECT_EQ(j.status, Status::fail);
    EXPECT_EQ(j.finding, "says none, but a valid solution exists; its proof was checked, so the proof checker is wrong");
}

TEST(Truth, ARejectedProofIsACertificateFailureOfARightAnswer) {
    SolveOutcome out = answer(Verdict::unique, {kOne});
    out.proof.status = ProofStatus::rejected;
    out.proof.note = "node 1: a leaf the checker cannot close";
    const auto t = judge::truth_from_answers({{"a", &out}}, nullptr, "");
    const auto j = judge::judge_solve(out, t, Kind::disagreement);
    EXPECT_EQ(j.status, Status::fail);
    EXPECT_EQ(j.kind, Kind::certificate);
    EXPECT_EQ(j.finding, "its proof was rejected: node 1: a leaf the checker cannot close");
}

TEST(Truth, RequireProofsFailsOnlyAnUnprovedUniqueOrNoneOfAPluginThatCanProve) {
    SolveOutcome out = answer(Verdict::unique, {kOne});
    out.proof.note = "over the byte budget of 10 bytes (--max-proof-bytes)";
    const auto j = judge::unproved(out, true);
    ASSERT_TRUE(j.has_value());
    EXPECT_EQ(j->kind, Kind::certificate);
    EXPECT_EQ(j->finding, "says unique without a checked proof (--require-proofs): " + out.proof.note);
    EXPECT_FALSE(judge::unproved(out, false).has_value());  // it cannot prove at all
    out.proof.declared = NP_PROOF_CANNOT;                   // not with these options
    EXPECT_FALSE(judge::unproved(out, true).has_value());
    EXPECT_FALSE(judge::unproved(answer(Verdict::unique, {kOne}, true), true).has_value());
    EXPECT_FALSE(judge::unproved(answer(Verdict::multiple, {kOne, kOther}), true).has_value());
    EXPECT_TRUE(judge::unproved(answer(Verdict::none), true).has_value());
}

// ---- The generator checker, on the bundled plugins in this process ----------

judge::GeneratorJudgement check(const Plugin& generator, np_generate_kind what, const Geometry& size, uint64_t count,
                                const Plugin* prover, bool minimal = false, uint64_t max_proof_bytes = 0) {
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
    budget.max_proof_bytes = max_proof_bytes;
    return truth::check_generator({generator, {what, size, 1, 0, count, {}}, expect, prover, nullptr, false}, *run, budget);
}

TEST(GeneratorCheck, UniqueMinimalPuzzlesPassProvedByAnotherPlugin) {
    const Plugin& maker = test::bundled_plugin("bitmask-mrv");
    const Plugin& prover = test::bundled_plugin("exhaustive-count");
    const auto g = check(maker, NP_GENERATE_PUZZLE, {2, 2}, 4, &prover, true);
    EXPECT_EQ(g.judgement.status, Status::pass) << g.judgement.finding;
    EXPECT_EQ(g.judgement.finding, "proved by exhaustive-count");
    EXPECT_EQ(g.verdict, "4 puzzles");
}

// Variant results (ABI 3.8) go to a prover that takes their kinds: the
// oracle here (exhaustive-count) takes no killer cage, so sat proves csp's
// killers; a variant generator whose puzzle is not unique is caught by it.
// No proofs asked (csp's own would prove them), unless `proofs`.
judge::GeneratorJudgement check_variants(const Plugin& generator, uint64_t seed, OptionList options, bool proofs = false) {
    corpus::GeneratorProperties expect;
    expect.valid = expect.deterministic = expect.unique = expect.minimal = true;
    runner::Settings in_process;
    in_process.in_process = true;
    auto run = runner::make_runner(in_process);
    Budget budget;
    budget.timeout_seconds = 60;
    if (proofs) budget.max_proof_bytes = 1 << 20;
    judge::GeneratorCheck c{generator, {NP_GENERATE_PUZZLE, {2, 3}, seed, 0, 3, std::move(options)}, expect,
                            &test::bundled_plugin("exhaustive-count"), nullptr, false, {}};
    c.other_provers = {&test::bundled_plugin("exhaustive-count"), &test::bundled_plugin("sat")};
    return truth::check_generator(c, *run, budget);
}

// With proofs asked, csp sends the proof of each puzzle it makes (its
// search, counting to two), which the host's checker accepts.
TEST(GeneratorCheck, VariantPuzzlesComeWithTheirGeneratorsCheckedProofs) {
    for (const char* variant : {"killer", "jigsaw", "sandwich"}) {
        const auto g = check_variants(test::bundled_plugin("csp"), 1, {{"variant", variant}}, true);
        EXPECT_EQ(g.judgement.status, Status::pass) << variant << ": " << g.judgement.finding;
        EXPECT_EQ(g.judgement.finding.rfind("proved by its checked proofs; minimal by ", 0), 0u) << variant << ": " << g.judgement.finding;
        ASSERT_TRUE(g.proof.has_value()) << variant;
        EXPECT_EQ(g.proof->status, ProofStatus::checked) << variant << ": " << g.proof->note;
    }
}

TEST(GeneratorCheck, VariantPuzzlesAreProvedByAProverThatTakesTheirKinds) {
    auto g = check_variants(test::bundled_plugin("csp"), 1, {{"variant", "killer"}});
    EXPECT_EQ(g.judgement.status, Status::pass) << g.judgement.finding;
    EXPECT_EQ(g.judgement.finding, "proved by sat");
    g = check_variants(test::bundled_plugin("csp"), 1, {{"variant", "jigsaw"}});
    EXPECT_EQ(g.judgement.status, Status::pass) << g.judgement.finding;
    EXPECT_EQ(g.judgement.finding, "proved by exhaustive-count");
    np::PluginRegistry fixtures;
    fixtures.add_file(test::variant_fixture_dir() + "/fixture_variant.so");
    g = check_variants(fixtures.plugins().at(0), 9, {});  // row cages and no givens
    EXPECT_EQ(g.judgement.status, Status::fail) << g.judgement.finding;
    EXPECT_NE(g.judgement.finding.find("sat"), std::string::npos) << g.judgement.finding;
}

// With proofs asked, bitmask-mrv proves each puzzle it makes unique and the
// host's checker accepts the proofs: they prove uniqueness, with no prover
// (minimality still needs one).
TEST(GeneratorCheck, AGeneratorsCheckedProofsProveItsPuzzlesUnique) {
    const Plugin& maker = test::bundled_plugin("bitmask-mrv");
    auto g = check(maker, NP_GENERATE_PUZZLE, {3, 3}, 4, nullptr, false, 1 << 20);
    EXPECT_EQ(g.judgement.status, Status::pass) << g.judgement.finding;
    EXPECT_EQ(g.judgement.finding, "proved by its checked proofs");
    ASSERT_TRUE(g.proof.has_value());
    EXPECT_EQ(g.proof->status, ProofStatus::checked);
    EXPECT_GT(g.proof->bytes, 0u);
    g = check(maker, NP_GENERATE_PUZZLE, {2, 2}, 4, &test::bundled_plugin("exhaustive-count"), true, 1 << 20);
    EXPECT_EQ(g.judgement.status, Status::pass) << g.judgement.finding;
    EXPECT_EQ(g.judgement.finding, "proved by its checked proofs; minimal by exhaustive-count");
    // Without proofs, the prover's search, as before.
    g = check(maker, NP_GENERATE_PUZZLE, {3, 3}, 2, nullptr);
    EXPECT_EQ(g.judgement.status, Status::skip) << g.judgement.finding;
    EXPECT_EQ(g.proof->status, ProofStatus::absent);
}

// bitmask-mrv's uniqueness=forward-backward proves by an ordering argument,
// not a tree: it declares it cannot prove, and --require-proofs leaves it be;
// with its default options its proof is checked; over a tiny budget, absent.
TEST(Truth, RequireProofsSparesAPluginThatCannotProveWithItsOptions) {
    runner::Settings in_process;
    in_process.in_process = true;
    auto run = runner::make_runner(in_process);
    const Plugin& mrv = test::bundled_plugin("bitmask-mrv");
    const Grid puzzle = std::get<Grid>(
        parse_line(".3..8....8.75...62......4..2...6..945...1...7..92......2.6..7.......3...6.8.5.1..", Geometry{3, 3}));
    Budget budget;
    budget.max_proof_bytes = 1 << 20;
    const SolveOutcome cannot = run->solve_one(mrv, puzzle, 2, {{"uniqueness", "forward-backward"}}, budget);
    EXPECT_EQ(cannot.verdict, Verdict::unique);
    EXPECT_EQ(cannot.proof.declared, NP_PROOF_CANNOT);
    EXPECT_FALSE(judge::unproved(cannot, true).has_value());
    const SolveOutcome proved = run->solve_one(mrv, puzzle, 2, {}, budget);
    EXPECT_EQ(proved.proof.status, ProofStatus::checked) << proved.proof.note;
    EXPECT_FALSE(judge::unproved(proved, true).has_value());
    budget.max_proof_bytes = 10;
    const SolveOutcome cut = run->solve_one(mrv, puzzle, 2, {}, budget);
    EXPECT_EQ(cut.proof.status, ProofStatus::absent);
    EXPECT_TRUE(judge::unproved(cut, true).has_value()) << cut.proof.note;
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

namespace np {
namespace {

// An unknown answer says why in the plugin's terms: a budget it spent, or
// the reason it gave for giving up (issue 41: naive-dom answering a dead end
// in 0.037 ms was "stopped by its budget").
TEST(JudgeUnknown, SaysTheBudgetOnlyWhenThePluginStoppedByIt) {
    SolveOutcome spent;
    spent.verdict = Verdict::unknown;
    spent.stop = NP_STOP_BUDGET;
    EXPECT_EQ(judge::judge_solve(spent, judge::Truth{}, Kind::expectation).finding, "stopped by its budget");
    SolveOutcome gave_up = spent;
    gave_up.message = "row 1, column 9 has no candidate; naive-dom gives up";
    const auto j = judge::judge_solve(gave_up, judge::Truth{}, Kind::expectation);
    EXPECT_EQ(j.status, Status::unknown);
    EXPECT_EQ(j.finding, "no conclusion: row 1, column 9 has no candidate; naive-dom gives up");
}

}  // namespace
}  // namespace np
