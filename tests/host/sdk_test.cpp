// The plugin SDK helpers: option checking and budget polling.
#include <gtest/gtest.h>

#include "numplace/plugin.hpp"
#include "numplace/plugin_sdk.hpp"

namespace {

const np_option_spec kSpecs[] = {
    {"symmetry", "none|rotate180|rotate90", "none", "generate", "clue symmetry"},
    {"clues", "integer", "0", "generate", "stop at this many clues"},
    {"uniqueness", "count|forward-backward", "count", "solve", "how uniqueness is decided"},
};

bool parse(np::sdk::Options& o, std::vector<np_option> given, std::string_view op, std::string& error) {
    return o.parse(kSpecs, 3, given.data(), static_cast<uint32_t>(given.size()), op, error);
}

TEST(SdkOptions, DefaultsAndGivenValues) {
    np::sdk::Options o;
    std::string error;
    ASSERT_TRUE(parse(o, {{"clues", "24"}}, "generate", error)) << error;
    EXPECT_EQ(o.get("symmetry"), "none");
    EXPECT_EQ(o.get_int("clues"), 24);
}

TEST(SdkOptions, UnknownRepeatedAndBadValuesAreErrors) {
    np::sdk::Options o;
    std::string error;
    EXPECT_FALSE(parse(o, {{"colour", "red"}}, "generate", error));
    EXPECT_EQ(error, "unknown option 'colour' for generate");
    EXPECT_FALSE(parse(o, {{"uniqueness", "count"}}, "generate", error));  // a solve option
    EXPECT_FALSE(parse(o, {{"clues", "2"}, {"clues", "3"}}, "generate", error));
    EXPECT_NE(error.find("twice"), std::string::npos);
    EXPECT_FALSE(parse(o, {{"symmetry", "mirror-ish"}}, "generate", error));
    EXPECT_NE(error.find("not one of none|rotate180|rotate90"), std::string::npos);
    EXPECT_FALSE(parse(o, {{"clues", "2x"}}, "generate", error));
    EXPECT_TRUE(parse(o, {{"uniqueness", "forward-backward"}}, "solve", error));
}

TEST(SdkBudget, NodeLimitIsExact) {
    np_budget b{};
    b.max_nodes = 100;
    np::sdk::BudgetGuard guard(b);
    int visited = 0;
    while (!guard.spent()) ++visited;
    EXPECT_EQ(visited, 100);
    EXPECT_TRUE(guard.stopped());
}

int stop_now(void*) { return 1; }

TEST(SdkBudget, TerminateCallbackIsPolled) {
    np_budget b{};
    b.terminate = &stop_now;
    np::sdk::BudgetGuard guard(b);
    uint64_t visited = 0;
    while (!guard.spent()) ++visited;
    EXPECT_LT(visited, 2048u);  // polled every 1024 nodes
    np::sdk::BudgetGuard fresh(b);
    EXPECT_TRUE(fresh.poll_now());
}

TEST(SdkMessage, TruncatesAndTerminates) {
    char buffer[NP_MESSAGE_CAPACITY];
    np::sdk::set_message(buffer, std::string(1000, 'x'));
    EXPECT_EQ(std::string(buffer).size(), NP_MESSAGE_CAPACITY - 1);
}

TEST(SdkGeometry, RuleAndList) {
    np_geometry listed[] = {{5, 7}};
    np_plugin p{};
    p.max_side = 9;
    p.geometries = listed;
    p.geometry_count = 1;
    using np::plugin::detail::supported;
    EXPECT_TRUE(supported(p, {3, 3}));
    EXPECT_TRUE(supported(p, {2, 4}));
    EXPECT_FALSE(supported(p, {3, 4}));
    EXPECT_TRUE(supported(p, {5, 7}));
    EXPECT_FALSE(supported(p, {7, 5}));
    EXPECT_FALSE(supported(p, {1, 1}));          // one cell is no puzzle
    EXPECT_FALSE(supported(p, {65536, 65536}));  // R*C would overflow 32 bits
}

}  // namespace
