// Defaults (issue 41): a command run without --plugin takes the plugin that
// offers itself for the puzzle's shape and input (ABI 3.6, choose.hpp), says
// which on stderr, and gives the same certified answer as when it is named.
#include <gtest/gtest.h>

#include "cli/choose.hpp"
#include "test_support.hpp"

namespace {

using np::test::run_cli;

const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kEasySolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

np::cli::Need solving() { return {NP_CAP_SOLVE, NP_CAP_SOLVE, "solve", "solve"}; }

std::string default_name(const np::cli::Need& need, np::Geometry shape, bool candidates = false) {
    std::string why;
    const np::Plugin* p = np::cli::default_plugin(np::test::bundled_plugins().plugins(), need, shape, np::cli::Demand{candidates}, why);
    return p != nullptr ? p->name() : "none: " + why;
}

// The bundled plugins' offers give what the issue asks: the fastest solver
// that takes the shape and the input, an exact counter, the explainer.
TEST(DefaultPlugin, EachShapeAndInputGetsTheOfferOfHighestRank) {
    EXPECT_EQ(default_name(solving(), {3, 3}), "simd");
    EXPECT_EQ(default_name(solving(), {4, 4}), "bitmask-mrv");  // simd is 9x9 only
    EXPECT_EQ(default_name(solving(), {2, 3}), "bitmask-mrv");
    EXPECT_EQ(default_name(solving(), {3, 3}, true), "simd");                // simd takes candidates
    EXPECT_EQ(default_name(solving(), {4, 4}, true), "exhaustive-count");    // bitmask-mrv does not
    EXPECT_EQ(default_name({NP_CAP_SOLVE | NP_CAP_COUNT, NP_CAP_COUNT, "count", "solve"}, {5, 5}), "bitmask-mrv");
    EXPECT_EQ(default_name({NP_CAP_SOLVE | NP_CAP_EXPLAIN, NP_CAP_EXPLAIN, "explain", "solve"}, {3, 3}), "logic");
    EXPECT_EQ(default_name({NP_CAP_GENERATE_PUZZLE, NP_CAP_GENERATE_PUZZLE, "generate", "generate"}, {3, 3}), "simd");
}

// A variant goes to csp whatever its kinds: exhaustive-count (rank 10) takes
// jigsaws and diagonals too, but csp offers itself higher.
TEST(DefaultPlugin, AVariantGetsCsp) {
    auto pick = [](uint64_t kinds, uint32_t layouts, np::Geometry shape = {3, 3}) {
        std::string why;
        const np::cli::Demand demand{false, kinds, layouts};
        const np::Plugin* p = np::cli::default_plugin(np::test::bundled_plugins().plugins(), solving(), shape, demand, why);
        return p != nullptr ? p->name() : "none: " + why;
    };
    EXPECT_EQ(pick(NP_KIND_BIT(NP_KIND_KILLER_CAGE), 0), "csp");
    EXPECT_EQ(pick(NP_KIND_BIT(NP_KIND_DIAGONAL_POSITIVE), 0), "csp");
    EXPECT_EQ(pick(0, NP_REGIONS_BIT(NP_REGIONS_IRREGULAR), {1, 9}), "csp");  // a jigsaw's grid is 1 x 9
}

// Plugins made from a bundled descriptor with other offers: the rank
// decides, then the name; with no offer the one plugin that can; with none
// and several, a refusal that names them.
TEST(DefaultPlugin, RankThenNameThenTheOnlyOneThatCan) {
    const np::Plugin& base = np::test::bundled_plugin("bitmask-mrv");
    static np_plugin high = base.descriptor(), low = base.descriptor(), silent = base.descriptor();
    high.name = "zz-high", high.default_for = NP_CAP_SOLVE, high.default_rank = 9;
    low.name = "aa-low", low.default_for = NP_CAP_SOLVE, low.default_rank = 9;
    silent.name = "mm-silent", silent.default_for = 0, silent.default_rank = 0;
    std::vector<np::Plugin> loaded{np::Plugin(nullptr, &high, "high"), np::Plugin(nullptr, &low, "low")};
    std::string why;
    EXPECT_EQ(np::cli::default_plugin(loaded, solving(), {3, 3}, np::cli::Demand{}, why)->name(), "aa-low");  // a tie: the name
    high.default_rank = 10;
    EXPECT_EQ(np::cli::default_plugin(loaded, solving(), {3, 3}, np::cli::Demand{}, why)->name(), "zz-high");
    std::vector<np::Plugin> quiet{np::Plugin(nullptr, &silent, "silent")};
    EXPECT_EQ(np::cli::default_plugin(quiet, solving(), {3, 3}, np::cli::Demand{}, why)->name(), "mm-silent");
    quiet.emplace_back(nullptr, &silent, "silent-too");
    EXPECT_EQ(np::cli::default_plugin(quiet, solving(), {3, 3}, np::cli::Demand{}, why), nullptr);
    EXPECT_EQ(why, "no loaded plugin offers itself to solve (9x9): name one with --plugin (mm-silent, mm-silent)");
    EXPECT_EQ(np::cli::default_plugin(quiet, solving(), {3, 3}, np::cli::Demand{true}, why), nullptr);
    EXPECT_EQ(why, "no loaded plugin can solve (9x9 with candidates)");
}

TEST(DefaultsCli, SolveWithoutAPluginNamesTheDefaultAndAnswersAsNamed) {
    const auto run = run_cli({"solve", kEasy});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, kEasySolution + "\n");
    EXPECT_EQ(run.err, "numplace: solve: 9x9 with simd, the default (--plugin names another)\n");
    const auto named = run_cli({"solve", "--plugin", "backtrack", kEasy});
    EXPECT_EQ(named.out, run.out);
    EXPECT_EQ(named.err, "");  // named: nothing to say
}

TEST(DefaultsCli, EachShapeIsSaidOnceAndSolvedByItsOwnDefault) {
    const std::string four = "12..34..21......";  // 4 solutions (exhaustive-count and backtrack agree)
    const auto run = run_cli({"count", "-"}, four + "\n" + kEasy + "\n" + four + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, "4\n1\n4\n") << run.err;
    EXPECT_EQ(run.err, "numplace: count: 4x4 with bitmask-mrv, the default (--plugin names another)\n"
                       "numplace: count: 9x9 with simd, the default (--plugin names another)\n");
    const auto json = run_cli({"solve", "--format", "json", "-"}, four + "\n" + kEasy + "\n");
    EXPECT_NE(json.out.find("\"plugin\":\"bitmask-mrv\""), std::string::npos) << json.out;
    EXPECT_NE(json.out.find("\"plugin\":\"simd\""), std::string::npos) << json.out;
}

TEST(DefaultsCli, RateExplainAndGenerateTakeTheirDefaults) {
    const auto rate = run_cli({"rate", kEasy});
    ASSERT_EQ(rate.exit_code, 0) << rate.err;
    EXPECT_NE(rate.out.find("ER "), std::string::npos) << rate.out;
    EXPECT_EQ(rate.err, "numplace: rate: 9x9 with logic, the default (--plugin names another)\n");
    const auto explain = run_cli({"explain", kEasy});
    ASSERT_EQ(explain.exit_code, 0) << explain.err;
    EXPECT_NE(explain.out.find("unique: " + kEasySolution), std::string::npos) << explain.out;
    EXPECT_NE(explain.err.find("with logic, the default"), std::string::npos);
    const auto generate = run_cli({"generate", "--what", "puzzle", "--size", "2x3", "--count", "2"});
    ASSERT_EQ(generate.exit_code, 0) << generate.err;
    EXPECT_EQ(generate.err, "numplace: generate puzzles: 6x6 (2x3 boxes) with bitmask-mrv, the default (--plugin "
                            "names another)\n");
}

// --option belongs to one plugin: checked against the default, and when
// another plugin takes it, that one is named.
TEST(DefaultsCli, AnOptionTheDefaultRefusesNamesThePluginThatTakesIt) {
    const auto run = run_cli({"solve", "--option", "engine=general", kEasy});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "numplace: --option: simd (the default): unknown option 'engine' for solve (bitmask-mrv takes "
                       "it: --plugin bitmask-mrv)\n");
    const auto rate = run_cli({"rate", "--option", "profile=se", kEasy});
    EXPECT_EQ(rate.exit_code, 0) << rate.err;  // logic, the default, takes it
}

}  // namespace

namespace {

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t at = 0;
    for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) lines.push_back(text.substr(at, nl - at));
    return lines;
}

// The 17-clue puzzle without its first clue: 507,806 solutions.
const std::string kSeveral = "000000000400000000020000000000050407008000300001090000300400200050100000000806000";
// r1c9 can hold nothing (1..8 in its row, 9 in its column); nothing repeats.
const std::string kNone = "12345678.........9" + std::string(63, '.');

// A puzzle that is not unique is said so before any rating, certified by
// the oracle (two checked solutions; a checked proof of none), not rated
// "stuck after 15 steps, at least ER 3.4" after seconds of logic.
TEST(SettledFirst, RateSaysSeveralOrNoSolutionsInsteadOfARating) {
    const auto run = run_cli({"rate", "--plugin", "logic", kSeveral, kNone, kEasy});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    const auto lines = split_lines(run.out);
    ASSERT_EQ(lines.size(), 3u) << run.out;
    EXPECT_EQ(lines[0], ".........4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...  several "
                        "solutions (exhaustive-count found two, each certified): not rated");
    EXPECT_EQ(lines[1], kNone + "  no solution (exhaustive-count's proof checked): not rated");
    EXPECT_NE(lines[2].find("ER "), std::string::npos);
    EXPECT_NE(run.err.find("2 of 3 inputs: 2 invalid"), std::string::npos) << run.err;
    const auto json = run_cli({"rate", "--plugin", "logic", "--format", "json", kSeveral, kEasy});
    EXPECT_NE(json.out.find("\"solutions\":\"several\",\"oracle\":\"exhaustive-count\""), std::string::npos) << json.out;
    EXPECT_NE(json.out.find("\"solutions\":\"one\""), std::string::npos) << json.out;
    // Asking nobody: logic gets stuck, as before.
    const auto unasked = run_cli({"rate", "--plugin", "logic", "--oracle", "none", kSeveral});
    EXPECT_NE(unasked.out.find("stuck after"), std::string::npos) << unasked.out;
}

TEST(SettledFirst, ExplainSaysSoInsteadOfItsSteps) {
    const auto run = run_cli({"explain", "--plugin", "logic", kSeveral});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_NE(run.out.find("\nseveral solutions (exhaustive-count found two, each certified): nothing to explain\n"),
              std::string::npos)
        << run.out;
    EXPECT_EQ(run.out.find("1. "), std::string::npos) << run.out;  // no step
    const auto named = run_cli({"explain", "--plugin", "logic", "--oracle", "bitmask-mrv", "--format", "json", kNone});
    EXPECT_NE(named.out.find("\"solutions\":\"none\",\"oracle\":\"bitmask-mrv\""), std::string::npos) << named.out;
    EXPECT_EQ(run_cli({"explain", "--oracle", "logic-x", kEasy}).exit_code, 2);
}

}  // namespace
