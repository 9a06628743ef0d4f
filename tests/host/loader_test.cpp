// The loader against fixture libraries, and the host's handling of what a
// plugin answers.
#include <gtest/gtest.h>
#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <atomic>
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

std::string skip_reason(const np::PluginRegistry& r, const std::string& file) {
    for (const auto& s : r.skipped())
        if (s.path.size() >= file.size() && s.path.compare(s.path.size() - file.size(), file.size(), file) == 0)
            return s.reason;
    return "<not skipped>";
}

np::Grid parse(const std::string& text) { return std::get<np::Grid>(np::parse_puzzle(text)); }

const std::string kFull4 = "1234341221434321";
const std::string kPartial4 = "1.3.3.122.4343.1";

TEST(Loader, GoodPluginLoadsAndBadFilesAreSkippedWithReasons) {
    auto r = fixture_registry();
    ASSERT_EQ(r.plugins().size(), 1u);
    EXPECT_EQ(r.plugins()[0].name(), "fixture-good");
    EXPECT_EQ(r.plugins()[0].version(), "0.0.1");
    EXPECT_EQ(r.skipped().size(), 4u);  // README.txt is not a .so: ignored, not reported
    EXPECT_NE(skip_reason(r, "garbage.so").find("not a loadable shared library"), std::string::npos);
    EXPECT_NE(skip_reason(r, "fixture_no_entry.so").find("no entry symbol numplace_plugin_entry"),
              std::string::npos);
    EXPECT_NE(skip_reason(r, "fixture_wrong_abi.so").find("ABI version 999"), std::string::npos);
    EXPECT_NE(skip_reason(r, "fixture_zz_duplicate.so").find("duplicate plugin name 'fixture-good'"),
              std::string::npos);
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

TEST(Loader, FirstNameWinsAcrossDirectories) {
    np::PluginRegistry r;
    r.add_file(fixture_dir() + "/fixture_zz_duplicate.so");
    r.add_directory(fixture_dir());
    ASSERT_NE(r.find("fixture-good"), nullptr);
    EXPECT_EQ(r.find("fixture-good")->version(), "0.0.2");
    EXPECT_NE(skip_reason(r, "fixture_good.so").find("already loaded from"), std::string::npos);
}

TEST(Loader, PluginOutlivesItsRegistry) {
    std::optional<np::Plugin> kept;
    {
        auto r = fixture_registry();
        kept = r.plugins()[0];
    }
    auto out = kept->solve(parse(kFull4), 2, {}, {});
    EXPECT_EQ(out.verdict, np::Verdict::unique);
}

TEST(Loader, DescriptorIsReadFaithfully) {
    auto r = fixture_registry();
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
    np::PluginRegistry registry = fixture_registry();
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
