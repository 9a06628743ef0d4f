// The loader against fixture libraries, and the host's handling of what a
// plugin answers.
#include <gtest/gtest.h>
#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <thread>

#include "numplace/format.hpp"
#include "test_support.hpp"

namespace {

using np::test::fixture_dir;

np::PluginRegistry fixture_registry() {
    np::PluginRegistry r;
    r.add_directory(fixture_dir());
    return r;
}

// fixture-good 0.0.1 alone (the folder also holds a second fixture-good).
np::PluginRegistry good_registry() {
    np::PluginRegistry r;
    r.add_file(fixture_dir() + "/fixture_good.so");
    return r;
}

std::string skip_reason(const np::PluginRegistry& r, const std::string& file) {
    for (const auto& s : r.skipped())
        if (s.path.size() >= file.size() && s.path.compare(s.path.size() - file.size(), file.size(), file) == 0)
            return s.reason;
    return "<not skipped>";
}

np::Grid parse(const std::string& text) { return std::get<np::Grid>(np::parse_puzzle(text)); }

const std::string kFull4 = "1234341221434321";
const std::string kPartial4 = "1.3.3.122.4343.1";

// The fixture folder: fixture_good.so, and fixture_zz_duplicate.so under
// the same name (fixture-good), both loaded; the broken files skipped.
TEST(Loader, GoodPluginsLoadAndBadFilesAreSkippedWithReasons) {
    auto r = fixture_registry();
    ASSERT_EQ(r.loaded().size(), 2u);
    EXPECT_EQ(r.loaded()[0].name(), "fixture-good");
    EXPECT_EQ(r.loaded()[0].version(), "0.0.1");
    EXPECT_EQ(r.loaded()[1].name(), "fixture-good");
    EXPECT_EQ(r.loaded()[1].version(), "0.0.2");
    EXPECT_EQ(r.skipped().size(), 3u);  // README.txt is not a .so: ignored, not reported
    EXPECT_NE(skip_reason(r, "garbage.so").find("not a loadable shared library"), std::string::npos);
    EXPECT_NE(skip_reason(r, "fixture_no_entry.so").find("no entry symbol numplace_plugin_entry"),
              std::string::npos);
    EXPECT_NE(skip_reason(r, "fixture_wrong_abi.so").find("ABI version 999"), std::string::npos);
}

TEST(Loader, MissingPathsAreReported) {
    np::PluginRegistry r;
    r.add_file(fixture_dir() + "/does-not-exist.so");
    r.add_directory(fixture_dir() + "/no-such-folder");
    r.add_directory(fixture_dir() + "/no-such-folder-either", false);
    ASSERT_EQ(r.skipped().size(), 2u);
    EXPECT_EQ(r.skipped()[0].reason, "no such file");
    EXPECT_EQ(r.skipped()[1].reason, "no such directory");
    EXPECT_TRUE(r.plugins().empty());
}

// Two files of one name: the name reaches neither (whichever came first),
// select and resolve name both files, and either is chosen by its path.
TEST(Loader, ANameTwoFilesGiveChoosesNeither) {
    np::PluginRegistry r;
    r.add_file(fixture_dir() + "/fixture_zz_duplicate.so");
    r.add_directory(fixture_dir());
    const std::string good = std::filesystem::canonical(fixture_dir() + "/fixture_good.so").string();
    const std::string duplicate = std::filesystem::canonical(fixture_dir() + "/fixture_zz_duplicate.so").string();
    EXPECT_EQ(r.loaded().size(), 2u) << "the same file met twice is loaded once";
    EXPECT_EQ(r.find("fixture-good"), nullptr);
    EXPECT_TRUE(r.plugins().empty());
    EXPECT_EQ(r.clash("fixture-good"), (std::vector<std::string>{duplicate, good}));
    std::string error;
    EXPECT_FALSE(r.select({"fixture-good"}, error));
    EXPECT_EQ(error, "plugin name 'fixture-good' is given by 2 files: " + duplicate + " and " + good +
                         " (choose one by its path)");
    error.clear();
    EXPECT_FALSE(r.select({}, error)) << "every plugin includes both";
    EXPECT_NE(error.find("is given by 2 files"), std::string::npos) << error;
    auto chosen = r.select({fixture_dir() + "/fixture_good.so"}, error);
    ASSERT_TRUE(chosen) << error;
    ASSERT_EQ(chosen->size(), 1u);
    EXPECT_EQ((*chosen)[0].version(), "0.0.1");
    EXPECT_FALSE(r.select({fixture_dir() + "/fixture_good.so", duplicate}, error)) << "both, by path";
    EXPECT_NE(error.find("is given by 2 files"), std::string::npos) << error;
}

// A copy with the same bytes is the same program: no clash, the first found
// is the one a name (or every plugin) chooses.
TEST(Loader, ACopyWithTheSameBytesIsNoClash) {
    char name[] = "/tmp/numplace-loader-XXXXXX";
    const std::filesystem::path dir = mkdtemp(name);
    std::filesystem::copy_file(fixture_dir() + "/fixture_good.so", dir / "copy.so");
    np::PluginRegistry r;
    r.add_directory(dir.string());
    r.add_file(fixture_dir() + "/fixture_good.so");
    EXPECT_EQ(r.loaded().size(), 2u);
    EXPECT_TRUE(r.clash("fixture-good").empty());
    ASSERT_NE(r.find("fixture-good"), nullptr);
    EXPECT_EQ(r.find("fixture-good")->file(), (dir / "copy.so").string());
    std::string error;
    auto all = r.select({}, error);
    ASSERT_TRUE(all) << error;
    EXPECT_EQ(all->size(), 1u);
    std::filesystem::remove_all(dir);
}

// A file given by path is loaded then, by the same checks as a search; one
// that does not load says why.
TEST(Loader, APathLoadsItsFileOrSaysWhyNot) {
    np::PluginRegistry r;
    std::string error;
    auto good = r.resolve(fixture_dir() + "/fixture_good.so", error);
    ASSERT_TRUE(good) << error;
    EXPECT_EQ(good->name(), "fixture-good");
    EXPECT_EQ(good->file(), std::filesystem::canonical(fixture_dir() + "/fixture_good.so").string());
    EXPECT_EQ(good->sha256().size(), 64u);
    EXPECT_NE(r.find("fixture-good"), nullptr);
    EXPECT_FALSE(r.resolve(fixture_dir() + "/fixture_wrong_abi.so", error));
    EXPECT_NE(error.find("fixture_wrong_abi.so: ABI version 999"), std::string::npos) << error;
    EXPECT_FALSE(r.resolve(fixture_dir() + "/README.txt", error));
    EXPECT_NE(error.find("README.txt: not a loadable shared library"), std::string::npos) << error;
    EXPECT_FALSE(r.resolve(fixture_dir() + "/no-such.so", error));
    EXPECT_NE(error.find("no-such.so: no such file"), std::string::npos) << error;
    EXPECT_FALSE(r.resolve("no-such-plugin", error));
    EXPECT_EQ(error, "unknown plugin 'no-such-plugin'");
    EXPECT_TRUE(np::PluginRegistry::names_file("./x.so"));
    EXPECT_TRUE(np::PluginRegistry::names_file("x.solver.yaml"));
    EXPECT_FALSE(np::PluginRegistry::names_file("exhaustive-count"));
}

TEST(Loader, PluginOutlivesItsRegistry) {
    std::optional<np::Plugin> kept;
    {
        auto r = good_registry();
        kept = r.plugins()[0];
    }
    auto out = kept->solve(parse(kFull4), 2, {}, {});
    EXPECT_EQ(out.verdict, np::Verdict::unique);
}

TEST(Loader, DescriptorIsReadFaithfully) {
    auto r = good_registry();
    const np::Plugin& p = r.plugins()[0];
    EXPECT_TRUE(p.can(NP_CAP_SOLVE));
    EXPECT_FALSE(p.can(NP_CAP_CHECK_GRID));
    EXPECT_TRUE(p.supports({2, 2}));
    EXPECT_TRUE(p.supports({3, 3}));
    EXPECT_FALSE(p.supports({2, 3}));
    ASSERT_EQ(p.options().size(), 1u);
    EXPECT_EQ(p.options()[0].key, "mode");
    EXPECT_EQ(p.options()[0].applies_to, "solve");
    EXPECT_EQ(p.geometry_summary(), "2x2, 3x3");
}

class HostCalls : public ::testing::Test {
protected:
    np::PluginRegistry registry = good_registry();
    const np::Plugin& plugin = registry.plugins().at(0);
};

TEST_F(HostCalls, VerdictsFollowWhatThePluginReturns) {
    auto full = plugin.solve(parse(kFull4), 2, {}, {});
    EXPECT_EQ(full.verdict, np::Verdict::unique);
    EXPECT_TRUE(full.complete);
    ASSERT_EQ(full.solutions.size(), 1u);
    EXPECT_EQ(np::format_line(full.solutions[0]), kFull4);

    auto partial = plugin.solve(parse(kPartial4), 2, {}, {});
    EXPECT_EQ(partial.verdict, np::Verdict::none);
    EXPECT_TRUE(partial.solutions.empty());

    auto multiple = plugin.solve(np::Grid(np::Geometry{2, 2}), 2, {{"mode", "multiple"}}, {});
    EXPECT_EQ(multiple.verdict, np::Verdict::multiple);
    EXPECT_EQ(multiple.count, 2u);
    EXPECT_FALSE(multiple.complete);
    ASSERT_EQ(multiple.solutions.size(), 2u);
    EXPECT_NE(multiple.solutions[0], multiple.solutions[1]);
}

// The host certifies: "solutions" that break the rules become an error
// naming the plugin, whatever count it claims.
TEST_F(HostCalls, WitnessesThatBreakTheRulesAreRefused) {
    auto lying = plugin.solve(parse(kPartial4), 2, {{"mode", "multiple"}}, {});
    EXPECT_EQ(lying.verdict, np::Verdict::error);
    EXPECT_TRUE(lying.solutions.empty());
    EXPECT_NE(lying.message.find("fixture-good gave a wrong answer: witness 1:"), std::string::npos) << lying.message;
}

TEST_F(HostCalls, MalformedAnswersAndBadOptionsBecomeErrors) {
    auto malformed = plugin.solve(parse(kFull4), 2, {{"mode", "malformed"}}, {});
    EXPECT_EQ(malformed.verdict, np::Verdict::error);
    EXPECT_NE(malformed.message.find("malformed answer"), std::string::npos);

    auto bad = plugin.solve(parse(kFull4), 2, {{"colour", "blue"}}, {});
    EXPECT_EQ(bad.verdict, np::Verdict::error);
    EXPECT_NE(bad.message.find("bad option"), std::string::npos);
}

TEST_F(HostCalls, UnsupportedGeometryAndCapabilityAreRefusedByTheHost) {
    np::Grid six(np::Geometry{2, 3});
    auto out = plugin.solve(six, 2, {}, {});
    EXPECT_EQ(out.verdict, np::Verdict::error);
    EXPECT_NE(out.message.find("does not support 2x3"), std::string::npos);
    auto check = plugin.check(parse(kFull4), {});
    EXPECT_FALSE(check.ok);
    auto puzzles = plugin.generate({2, 2}, NP_GENERATE_PUZZLE, 1, 1, {}, {});
    EXPECT_FALSE(puzzles.ok);
}

TEST_F(HostCalls, NodeBudgetStopsASpinningPlugin) {
    np::Budget budget;
    budget.max_nodes = 5000;
    auto out = plugin.solve(parse(kPartial4), 2, {{"mode", "spin"}}, budget);
    EXPECT_EQ(out.verdict, np::Verdict::unknown);
    EXPECT_EQ(out.stats.nodes, 5000u);
    EXPECT_FALSE(out.complete);
}

TEST_F(HostCalls, DeadlineStopsASpinningPlugin) {
    np::Budget budget;
    budget.timeout_seconds = 0.05;
    auto out = plugin.solve(parse(kPartial4), 2, {{"mode", "spin"}}, budget);
    EXPECT_EQ(out.verdict, np::Verdict::unknown);
    EXPECT_GE(out.stats.micros, 50000u);
}

TEST_F(HostCalls, TerminateCallbackStopsASpinningPlugin) {
    std::atomic<bool> cancel{false};
    np::Budget budget;
    budget.cancel = &cancel;
    // Cancelled once the calling thread has spent CPU time in the plugin
    // (it is spinning), whatever the wall time that takes on this machine.
    clockid_t caller{};
    ASSERT_EQ(pthread_getcpuclockid(pthread_self(), &caller), 0);
    auto cpu_ns = [caller] {
        timespec t{};
        clock_gettime(caller, &t);
        return static_cast<int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
    };
    const int64_t before = cpu_ns();
    std::atomic<bool> returned{false};  // a call that ends by itself must not leave the stopper waiting
    std::thread stopper([&] {
        while (!returned && cpu_ns() - before < 20'000'000) std::this_thread::yield();
        cancel = true;
    });
    auto out = plugin.solve(parse(kPartial4), 2, {{"mode", "spin"}}, budget);
    returned = true;
    stopper.join();
    EXPECT_EQ(out.verdict, np::Verdict::unknown);
    EXPECT_GT(out.stats.nodes, 0u);
}

TEST(Verdicts, DecidedFromCountStopAndCapability) {
    using np::Verdict;
    EXPECT_EQ(np::decide_verdict(0, NP_STOP_EXHAUSTED, true), Verdict::none);
    EXPECT_EQ(np::decide_verdict(1, NP_STOP_EXHAUSTED, true), Verdict::unique);
    EXPECT_EQ(np::decide_verdict(2, NP_STOP_LIMIT, true), Verdict::multiple);
    EXPECT_EQ(np::decide_verdict(7, NP_STOP_BUDGET, true), Verdict::multiple);
    EXPECT_EQ(np::decide_verdict(1, NP_STOP_LIMIT, true), Verdict::found);
    EXPECT_EQ(np::decide_verdict(1, NP_STOP_BUDGET, true), Verdict::found);
    EXPECT_EQ(np::decide_verdict(0, NP_STOP_BUDGET, true), Verdict::unknown);
    // A plugin that cannot prove never gets none or unique.
    EXPECT_EQ(np::decide_verdict(1, NP_STOP_EXHAUSTED, false), Verdict::found);
    EXPECT_EQ(np::decide_verdict(0, NP_STOP_EXHAUSTED, false), Verdict::unknown);
    for (auto v : {Verdict::invalid, Verdict::none, Verdict::found, Verdict::unique, Verdict::multiple,
                   Verdict::unknown, Verdict::error})
        EXPECT_EQ(np::verdict_from_name(np::verdict_name(v)), v);
}

}  // namespace
