// The boundary trusts nothing a plugin says: hostile plugins
// (tests/plugins/hostile/hostile.c) each break one rule of the descriptor or
// of an answer, and the host must refuse them with a reason naming what was
// wrong, without reading past a cap (a crash or an over-read fails the test,
// and the sanitizer build sees any over-read).
#include <gtest/gtest.h>

#include <string>

#include "test_support.hpp"

namespace {

std::string hostile_file(int number) {
    return std::string(NUMPLACE_TEST_HOSTILE_DIR) + "/fixture_hostile_" + std::to_string(number) + ".so";
}

// The one reason the registry gives for case `number`, or what went wrong.
std::string refusal_of(int number) {
    np::PluginRegistry r;
    r.add_file(hostile_file(number));
    if (!r.plugins().empty()) return "<loaded>";
    if (r.skipped().size() != 1) return std::to_string(r.skipped().size()) + " files skipped";
    return r.skipped()[0].reason;
}

TEST(PluginBoundary, NameMustBeABoundedWord) {
    EXPECT_EQ(refusal_of(1), "bad descriptor: name is NULL");
    EXPECT_EQ(refusal_of(2), "bad descriptor: name is longer than 64 bytes or not NUL-terminated");
}

TEST(PluginBoundary, TextsMustEndWithinTheCap) {
    EXPECT_EQ(refusal_of(3), "bad descriptor: version is longer than 4096 bytes or not NUL-terminated");
    EXPECT_EQ(refusal_of(4), "bad descriptor: description is longer than 4096 bytes or not NUL-terminated");
    EXPECT_EQ(refusal_of(15), "bad descriptor: version is NULL");
}

TEST(PluginBoundary, TextsAreOneLine) {
    EXPECT_EQ(refusal_of(5), "bad descriptor: description contains a control character (byte 10)");
}

TEST(PluginBoundary, GeometryListIsBoundedAndSane) {
    EXPECT_EQ(refusal_of(6), "bad descriptor: geometry_count 1000000 is above 64");
    EXPECT_EQ(refusal_of(7), "bad descriptor: geometries[1] 0x3 is not a shape numplace supports (R*C from 2 to 35)");
    EXPECT_EQ(refusal_of(8),
              "bad descriptor: geometries[1] 2147483648x2 is not a shape numplace supports (R*C from 2 to 35)");
    EXPECT_EQ(refusal_of(9), "bad descriptor: max_side 1000 is above 35");
}

TEST(PluginBoundary, OptionSpecsHaveEveryField) {
    EXPECT_EQ(refusal_of(10), "bad descriptor: options[0].key is NULL");
    EXPECT_EQ(refusal_of(11), "bad descriptor: options[0].default_value is NULL");
    EXPECT_EQ(refusal_of(12), "bad descriptor: options[0].help is longer than 4096 bytes or not NUL-terminated");
    EXPECT_EQ(refusal_of(13), "bad descriptor: options[0].applies_to 'sometimes' is not solve, generate, check or all");
    EXPECT_EQ(refusal_of(14), "bad descriptor: option_count 100000 is above 64");
    EXPECT_EQ(refusal_of(16), "bad descriptor: options[0].applies_to is NULL");
}

// A plugin may offer itself as a default (ABI 3.6) only for what it can do:
// one that claims to explain, at the top rank, would otherwise be chosen
// for every `numplace explain`.
TEST(PluginBoundary, ADefaultIsOfferedOnlyForItsOwnCapabilities) {
    EXPECT_EQ(refusal_of(17), "bad descriptor: default_for offers an operation its capabilities do not declare");
    EXPECT_EQ(refusal_of(18), "bad descriptor: default_for and default_rank: both set or both zero");
}

// Case 0 loads (its descriptor is sound) and breaks the rules of answers.
class HostileAnswers : public ::testing::Test {
protected:
    void SetUp() override {
        registry.add_file(hostile_file(0));
        ASSERT_EQ(registry.plugins().size(), 1u) << (registry.skipped().empty() ? "" : registry.skipped()[0].reason);
    }
    const np::Plugin& plugin() const { return registry.plugins()[0]; }
    np::SolveOutcome solve(const std::string& mode) const {
        return plugin().solve(np::test::parse(kFull), 2, {{"mode", mode}}, {});
    }
    np::GenerateOutcome generate(const std::string& mode) const {
        return plugin().generate({2, 2}, NP_GENERATE_GRID, 1, 3, {{"mode", mode}}, {});
    }
    static std::string malformed(const std::string& what) {
        return "fixture-hostile-answers returned a malformed answer: " + what;
    }

    static constexpr const char* kFull = "1234341221434321";
    np::PluginRegistry registry;
};

TEST_F(HostileAnswers, SoundAnswersStand) {
    auto solved = solve("fine");
    EXPECT_EQ(solved.verdict, np::Verdict::unique) << solved.message;
    EXPECT_TRUE(plugin().check(np::test::parse(kFull), {{"mode", "fine"}}).ok);
    auto made = generate("fine");
    EXPECT_TRUE(made.ok) << made.message;
    EXPECT_EQ(made.produced, 3u);
}

TEST_F(HostileAnswers, AnUnterminatedMessageIsMalformed) {
    const std::string expected = malformed("its message is not NUL-terminated within 256 bytes");
    auto solved = solve("message");
    EXPECT_EQ(solved.verdict, np::Verdict::error);
    EXPECT_EQ(solved.fault, np::Fault::malformed);
    EXPECT_EQ(solved.message, expected);
    auto checked = plugin().check(np::test::parse(kFull), {{"mode", "message"}});
    EXPECT_FALSE(checked.ok);
    EXPECT_EQ(checked.fault, np::Fault::malformed);
    EXPECT_EQ(checked.message, expected);
    auto made = generate("message");
    EXPECT_FALSE(made.ok);
    EXPECT_EQ(made.fault, np::Fault::malformed);
    EXPECT_EQ(made.message, expected);
}

TEST_F(HostileAnswers, CountersAreBoundedAndNamed) {
    EXPECT_EQ(solve("counters").message, malformed("counter_count 9 is above 8"));
    EXPECT_EQ(solve("counter-null").message, malformed("counter 0 has no name"));
    EXPECT_EQ(solve("counter-long").message,
              malformed("counter 0's name is longer than 64 bytes or not NUL-terminated"));
    auto made = generate("counter-long");
    EXPECT_EQ(made.fault, np::Fault::malformed);
    EXPECT_EQ(made.message, malformed("counter 0's name is longer than 64 bytes or not NUL-terminated"));
    EXPECT_TRUE(made.stats.counters.empty());
}

// The host reads witnesses from its own buffers, whatever pointers the
// plugin leaves in the result.
TEST_F(HostileAnswers, MovedWitnessPointersAreMalformed) {
    auto solved = solve("witness-pointer");
    EXPECT_EQ(solved.fault, np::Fault::malformed);
    EXPECT_EQ(solved.message, malformed("it changed the host's witness pointers"));
    EXPECT_TRUE(solved.solutions.empty());
}

// A raised capacity must not make the host read past its own array: it
// reads what it allocated (all zero here, no real violation) and calls that
// wrong, not a crash.
TEST_F(HostileAnswers, ARaisedCheckCapacityIsNotReadPast) {
    auto checked = plugin().check(np::test::parse(kFull), {{"mode", "capacity"}});
    EXPECT_FALSE(checked.ok);
    EXPECT_EQ(checked.fault, np::Fault::wrong);
    EXPECT_EQ(checked.message.rfind("fixture-hostile-answers gave a wrong answer: ", 0), 0u) << checked.message;
}

}  // namespace
