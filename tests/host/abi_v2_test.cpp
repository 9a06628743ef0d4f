// A plugin built for ABI version 2 (tests/abi/v2_plugin.c, against the frozen
// version 2 header) loads in today's host and answers through the adapter
// (framework/src/abi_v2.hpp): solve, count, check and generate, each
// answer certified as any other. The frozen header is never edited; if this
// test breaks, the host broke compatibility.
#include <gtest/gtest.h>

#include "numplace/certify.hpp"
#include "numplace/host.hpp"
#include "test_support.hpp"

namespace {

using namespace np;

const Plugin& abi_two() {
    static PluginRegistry registry = [] {
        PluginRegistry r;
        r.add_file(std::string(NUMPLACE_TEST_ABI2_DIR) + "/abi_two.so");
        return r;
    }();
    static const Plugin* plugin = registry.find("abi-two");
    if (plugin == nullptr) {
        for (const auto& s : registry.skipped()) ADD_FAILURE() << s.path << ": " << s.reason;
        throw std::runtime_error("abi-two did not load");
    }
    return *plugin;
}

TEST(AbiTwo, LoadsAndSaysItsVersion) {
    EXPECT_EQ(abi_two().abi_version(), 2u);
    EXPECT_EQ(abi_two().descriptor().struct_size, 112u) << "the host's copy holds version 2's members only";
    EXPECT_EQ(abi_two().version(), "2.0.0");
    EXPECT_FALSE(abi_two().can(NP_CAP_PROOF));
}

TEST(AbiTwo, SolvesCountsAndProvesThroughTheAdapter) {
    const Grid unique = test::parse("1..4.......1..3.");  // 2x2 boxes, one solution
    const SolveOutcome one = abi_two().solve(unique, 2, {}, {});
    EXPECT_EQ(one.verdict, Verdict::unique) << one.message;
    ASSERT_EQ(one.solutions.size(), 1u);
    EXPECT_TRUE(obeys_rules(one.solutions[0]));
    EXPECT_EQ(one.message, "answered by an ABI 2 plugin");
    EXPECT_GT(one.stats.nodes, 0u);

    const Grid empty(Geometry{2, 2});
    const SolveOutcome all = abi_two().solve(empty, NP_UNLIMITED, {}, {});
    EXPECT_EQ(all.verdict, Verdict::multiple);
    EXPECT_EQ(all.count, 288u) << "every 4x4 grid";
    EXPECT_TRUE(all.complete);
    EXPECT_EQ(all.solutions.size(), 2u);
}

TEST(AbiTwo, ABudgetStillStopsIt) {
    Budget budget;
    budget.max_nodes = 5;
    const SolveOutcome out = abi_two().solve(Grid(Geometry{3, 3}), NP_UNLIMITED, {}, budget);
    EXPECT_EQ(out.verdict, Verdict::unknown);
    EXPECT_EQ(out.stop, NP_STOP_BUDGET);
}

TEST(AbiTwo, AProofAskedOfItIsAbsentNotAFault) {
    const Grid unique = test::parse("1..4.......1..3.");
    Budget budget;
    budget.max_proof_bytes = 1 << 20;
    int chunks = 0;
    Session session(abi_two());
    const SolveOutcome out = session.solve(unique, 2, {}, budget, [&](uint64_t, std::string_view) {
        ++chunks;
        return true;
    });
    EXPECT_EQ(out.verdict, Verdict::unique);
    EXPECT_EQ(out.proof.status, ProofStatus::absent);
    EXPECT_EQ(chunks, 0);
}

TEST(AbiTwo, ChecksAndGeneratesThroughTheAdapter) {
    std::vector<uint8_t> cells(16, 0);
    cells[0] = cells[3] = 2;  // a duplicate in row 1
    const CheckOutcome check = abi_two().check(Grid(Geometry{2, 2}, cells), {});
    ASSERT_TRUE(check.ok) << check.message;
    ASSERT_EQ(check.violations.size(), 1u);

    const GenerateOutcome made = abi_two().generate(Geometry{3, 3}, NP_GENERATE_GRID, 7, 3, {}, {}, 2);
    ASSERT_TRUE(made.ok) << made.message;
    ASSERT_EQ(made.results.size(), 3u);
    for (const Grid& g : made.results) EXPECT_TRUE(obeys_rules(g));
    EXPECT_NE(made.results[0], made.results[1]);
}

}  // namespace

namespace {

// Compatibility rule 4 at its edges, for version 3 descriptors.
TEST(AbiThree, ADescriptorFromALaterMinorVersionLoadsAndIsReadOnlyAsFarAsThisHostKnows) {
    np::PluginRegistry r;
    r.add_file(std::string(NUMPLACE_TEST_ABI2_DIR) + "/future_minor.so");
    ASSERT_EQ(r.plugins().size(), 1u) << (r.skipped().empty() ? "" : r.skipped().front().reason);
    const np::Plugin& p = r.plugins().front();
    EXPECT_EQ(p.abi_version(), 3u);
    EXPECT_EQ(p.descriptor().struct_size, sizeof(np_plugin)) << "the host's copy: what it knows";
    const np::SolveOutcome out = p.solve(np::Grid(np::Geometry{2, 2}), 2, {}, {});
    EXPECT_EQ(out.verdict, np::Verdict::unknown) << out.message;
    EXPECT_EQ(out.message, "a plugin from a later minor version");
}

TEST(AbiThree, ADescriptorTooSmallForVersionThreeIsRefused) {
    np::PluginRegistry r;
    r.add_file(std::string(NUMPLACE_TEST_ABI2_DIR) + "/short_size.so");
    EXPECT_TRUE(r.plugins().empty());
    ASSERT_EQ(r.skipped().size(), 1u);
    EXPECT_NE(r.skipped()[0].reason.find("struct_size 16 is smaller than version 3's 112 bytes"), std::string::npos)
        << r.skipped()[0].reason;
}

}  // namespace
