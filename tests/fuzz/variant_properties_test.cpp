// The variant properties in this process, where the test chooses which
// plugins exist: with no other engine to agree with, the certificate and
// the metamorphic properties still catch a plugin whose mistake depends on
// the puzzle's orientation (fixture-killer-row-sums reads only the sums of
// cages that lie in one row: a transposition turns them into columns).
#include <gtest/gtest.h>

#include <set>

#include "fuzz/context.hpp"
#include "fuzz/variant_draw.hpp"
#include "fuzz/variant_properties.hpp"
#include "test_support.hpp"

namespace {

using namespace np;

std::string mutant_dir() { return test::fixture_dir() + "/../fixture-variant-mutants"; }

// The properties found failing for `name` (alone in its world) over
// `cases` killer puzzles on 4x4, and how many had no other engine.
struct Seen {
    std::multiset<std::string> properties;
    uint64_t no_counter = 0;
    std::string first;  // the first finding's message
};
Seen judge_alone(const std::string& name, int cases) {
    PluginRegistry registry;
    registry.add_directory(mutant_dir());
    std::vector<Plugin> alone;
    for (const Plugin& p : registry.plugins())
        if (p.name() == name) alone.push_back(p);
    EXPECT_EQ(alone.size(), 1u) << name;
    runner::Settings in_process;
    in_process.in_process = true;
    auto run = runner::make_runner(in_process);
    Budget budget;
    budget.timeout_seconds = 10;
    fuzz::Context ctx{alone, nullptr, alone, nullptr, *run, budget};
    fuzz::VariantTally tally;
    ctx.variant_tally = &tally;
    Seen seen;
    for (int i = 0; i < cases && !alone.empty(); ++i) {
        Rng rng(static_cast<uint64_t>(i));
        const auto c = fuzz::draw_variant({{2, 2}, RegionLayout::boxes}, {Kind::killer_cage}, 25, rng);
        if (!c) continue;
        if (const auto f = fuzz::check_variant_case(alone[0], c->puzzle, c->solution, rng.next(), ctx))
            seen.properties.insert(f->property), seen.first = seen.first.empty() ? f->message : seen.first;
    }
    seen.no_counter = tally.no_counter;
    return seen;
}

TEST(VariantProperties, WithNoOtherEngineAnOrientedMistakeIsStillCaught) {
    const Seen seen = judge_alone("fixture-killer-row-sums", 60);
    EXPECT_GT(seen.no_counter, 0u);  // agreement could not be judged
    EXPECT_EQ(seen.properties.count("agreement"), 0u);
    std::string found;
    for (const std::string& p : seen.properties) found += " " + p;
    // Mostly its witnesses break a column's cage (certificate); where its
    // witness is right but its count is not, a transposition shows it
    // (symmetry: 1 of 60 cases in the Release build, none under the
    // sanitizers, where the per-case budget ends sooner). Either way it is
    // caught without another engine.
    EXPECT_GT(seen.properties.count("certificate") + seen.properties.count("symmetry"), 0u)
        << seen.properties.size() << " findings:" << found << "; first: " << seen.first;
}

// A plugin that ignores every sum is wrong the same way under every map:
// alone, the metamorphic properties cannot see it (agreement does, with
// another engine: variant_fuzz_test.cpp). This is the limit of the
// metamorphic properties, stated.
TEST(VariantProperties, AMistakeEveryCopySharesNeedsAnotherEngine) {
    const Seen seen = judge_alone("fixture-killer-no-sums", 30);
    EXPECT_GT(seen.no_counter, 0u);
    EXPECT_EQ(seen.properties.count("symmetry"), 0u);
    EXPECT_EQ(seen.properties.count("relabel"), 0u);
}

}  // namespace
