// The parent's certificate of a worker's answer (runner/answers.cpp): the
// intake every answer frame passes after wire.cpp has decoded it. The
// worker runs plugin code, so each frame here is one no honest worker
// sends: text past its bounds, counters without names, faults a worker
// cannot know, answers for calls the plugin cannot make, and witnesses,
// violations and generated grids that fail their certificates. Each is a
// protocol failure (a non-empty return) or a fault in the outcome, never an
// answer believed.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "numplace/host.hpp"
#include "numplace/random.hpp"
#include "runner/answers.hpp"
#include "runner/wire.hpp"
#include "test_support.hpp"

namespace {

// ---- The parent's certificate, on answers no honest worker sends ------------------

const np::Plugin& bundled(const char* name) {
    static const np::PluginRegistry registry = [] {
        np::PluginRegistry r;
        r.add_directory(NUMPLACE_TEST_PLUGIN_DIR);
        return r;
    }();
    const np::Plugin* p = registry.find(name);
    if (p == nullptr) throw std::runtime_error(std::string(name) + " is not built");
    return *p;
}

const np::Plugin& bitmask() { return bundled("bitmask-mrv"); }

np::Grid six_empty() { return np::Grid(np::Geometry{2, 3}, std::vector<uint8_t>(36, 0)); }

np::SolveOutcome claim(uint64_t count, std::vector<np::Grid> witnesses) {
    np::SolveOutcome out;
    out.status = NP_OK;
    out.count = count;
    out.stop = NP_STOP_LIMIT;
    out.solutions = std::move(witnesses);
    out.verdict = np::Verdict::unique;  // the worker's say, which the parent ignores
    out.complete = true;
    return out;
}

np::Grid filled(uint8_t v) { return np::Grid(np::Geometry{2, 3}, std::vector<uint8_t>(36, v)); }

TEST(ParentCertificate, BogusWitnessesAreWrong) {
    auto out = claim(2, {filled(1), filled(2)});
    EXPECT_EQ(np::runner::settle_solve(bitmask(), six_empty(), 2, out), "");
    EXPECT_EQ(out.fault, np::Fault::wrong) << out.message;
    EXPECT_EQ(out.verdict, np::Verdict::error);
}

TEST(ParentCertificate, TheVerdictIsTheParentsOwn) {
    // A real solution, count 1, stop at the limit: "found", whatever the
    // worker wrote in its verdict and complete fields.
    const auto solved = bitmask().solve(six_empty(), 1, {}, {});
    ASSERT_EQ(solved.solutions.size(), 1u);
    auto out = claim(1, {solved.solutions[0]});
    EXPECT_EQ(np::runner::settle_solve(bitmask(), six_empty(), 1, out), "");
    EXPECT_EQ(out.fault, np::Fault::none) << out.message;
    EXPECT_EQ(out.verdict, np::Verdict::found);
    EXPECT_FALSE(out.complete);
}

TEST(ParentCertificate, TheAbiShapeIsCheckedAgain) {
    const auto solved = bitmask().solve(six_empty(), 2, {}, {});
    ASSERT_EQ(solved.solutions.size(), 2u);
    auto above_limit = claim(3, solved.solutions);
    EXPECT_EQ(np::runner::settle_solve(bitmask(), six_empty(), 2, above_limit), "");
    EXPECT_EQ(above_limit.fault, np::Fault::malformed) << above_limit.message;
    auto one_witness = claim(2, {solved.solutions[0]});
    EXPECT_EQ(np::runner::settle_solve(bitmask(), six_empty(), 2, one_witness), "");
    EXPECT_EQ(one_witness.fault, np::Fault::malformed) << one_witness.message;
    auto same_twice = claim(2, {solved.solutions[0], solved.solutions[0]});
    EXPECT_EQ(np::runner::settle_solve(bitmask(), six_empty(), 2, same_twice), "");
    EXPECT_EQ(same_twice.fault, np::Fault::wrong) << same_twice.message;
}

TEST(ParentCertificate, ClaimsNoSessionMakesAreProtocolFailures) {
    auto failed_without_fault = claim(0, {});
    failed_without_fault.status = NP_FAILED;
    EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, failed_without_fault), "");
    auto crash_claim = claim(0, {});
    crash_claim.fault = np::Fault::crashed;
    EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, crash_claim), "");
    // An unknown fault value does not even decode.
    np::runner::wire::Writer w;
    w.u32(NP_OK);
    w.u32(99);  // fault
    np::runner::wire::Reader r{w.bytes};
    EXPECT_THROW(np::runner::wire::get_solve(r, np::Geometry{2, 3}), np::runner::wire::Broken);
}

TEST(ParentCertificate, CheckAndGenerateAnswersAreCertified) {
    np::CheckOutcome silent;
    silent.ok = true;
    np::Grid broken = six_empty();
    broken.cells[0] = broken.cells[1] = 1;
    EXPECT_EQ(np::runner::settle_check(bundled("naive-dom"), broken, silent), "");
    EXPECT_EQ(silent.fault, np::Fault::wrong) << silent.message;
    EXPECT_FALSE(silent.ok);

    np::GenerateOutcome made;
    made.ok = true;
    made.produced = 1;
    made.results = {filled(1)};
    EXPECT_EQ(np::runner::settle_generate(bitmask(), np::Geometry{2, 3}, NP_GENERATE_GRID, 0, 1, made), "");
    EXPECT_EQ(made.fault, np::Fault::wrong) << made.message;
    EXPECT_EQ(made.produced, 0u);
    np::GenerateOutcome uncounted;
    uncounted.ok = true;
    uncounted.produced = 2;
    EXPECT_NE(np::runner::settle_generate(bitmask(), np::Geometry{2, 3}, NP_GENERATE_GRID, 0, 2, uncounted), "");
}


// ---- Text and counters: bounded and made plain before anything reads them ----------

TEST(AnswerIntake, AMessagePastItsBoundOrWithANulIsAProtocolFailure) {
    auto long_text = claim(0, {});
    long_text.message = std::string(NP_MESSAGE_CAPACITY, 'x');
    EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, long_text).find("bytes"), std::string::npos);
    auto nul = claim(0, {});
    nul.message = std::string("ok\0hidden", 9);
    EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, nul).find("NUL"), std::string::npos);
    // A fault's message is the host's sentence around the plugin's bytes:
    // longer, but bounded too.
    np::CheckOutcome failed;
    failed.fault = np::Fault::failed;
    failed.message = std::string(64 << 10, 'y');
    EXPECT_NE(np::runner::settle_check(bundled("naive-dom"), six_empty(), failed), "");
}

TEST(AnswerIntake, CountersAreBoundedNamedAndMadePlain) {
    auto many = claim(0, {});
    for (int i = 0; i <= static_cast<int>(NP_MAX_COUNTERS); ++i) many.stats.counters.emplace_back("c" + std::to_string(i), 1);
    EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, many).find("counters"), std::string::npos);
    auto nameless = claim(0, {});
    nameless.stats.counters.emplace_back("", 1);
    EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, nameless).find("name"), std::string::npos);
    auto long_name = claim(0, {});
    long_name.stats.counters.emplace_back(std::string(65, 'n'), 1);
    EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, long_name), "");
    // A name with a terminal escape is within bounds: it stands, made plain.
    const auto solved = bitmask().solve(six_empty(), 1, {}, {});
    ASSERT_EQ(solved.solutions.size(), 1u);
    auto escape = claim(1, {solved.solutions[0]});
    escape.stats.counters.emplace_back("nodes\x1b[2J", 7);
    escape.message = "done\x1b]0;title\x07";
    EXPECT_EQ(np::runner::settle_solve(bitmask(), six_empty(), 1, escape), "");
    ASSERT_EQ(escape.stats.counters.size(), 1u);
    EXPECT_EQ(escape.stats.counters[0].first.find('\x1b'), std::string::npos) << escape.stats.counters[0].first;
    EXPECT_EQ(escape.message.find('\x1b'), std::string::npos) << escape.message;
}

// ---- Faults: a worker may report only what its Session can know ----------------------

TEST(AnswerIntake, AClaimedFailureStandsWithNoAnswerAttached) {
    auto refused = claim(1, {filled(1)});
    refused.fault = np::Fault::failed;
    refused.status = NP_FAILED;
    refused.error = np::Reason{};
    EXPECT_EQ(np::runner::settle_solve(bitmask(), six_empty(), 2, refused), "");
    EXPECT_EQ(refused.fault, np::Fault::failed);
    EXPECT_EQ(refused.verdict, np::Verdict::error);
    EXPECT_EQ(refused.count, 0u);
    EXPECT_TRUE(refused.solutions.empty());
    EXPECT_FALSE(refused.error.has_value());
    EXPECT_FALSE(refused.complete);
}

TEST(AnswerIntake, FaultsOnlyTheParentCanFindAreProtocolFailures) {
    for (auto fault : {np::Fault::crashed, np::Fault::out_of_memory}) {
        auto solve = claim(0, {});
        solve.fault = fault;
        EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, solve).find("cannot report fault"),
                  std::string::npos);
        np::CheckOutcome check;
        check.fault = fault;
        EXPECT_NE(np::runner::settle_check(bundled("naive-dom"), six_empty(), check), "");
        np::GenerateOutcome made;
        made.fault = fault;
        EXPECT_NE(np::runner::settle_generate(bitmask(), np::Geometry{2, 3}, NP_GENERATE_GRID, 0, 1, made), "");
    }
}

// ---- Calls the parent's Plugin says cannot be made -------------------------------------

TEST(AnswerIntake, AnAnswerForACallThePluginCannotMakeIsAProtocolFailure) {
    // bitmask-mrv has no grid check; qqwing solves 9x9 only.
    np::CheckOutcome check;
    check.ok = true;
    EXPECT_NE(np::runner::settle_check(bitmask(), six_empty(), check).find("capability"), std::string::npos);
    auto six = claim(0, {});
    EXPECT_NE(np::runner::settle_solve(bundled("qqwing"), six_empty(), 2, six).find("shape"), std::string::npos);
    np::GenerateOutcome made;
    made.ok = true;
    EXPECT_NE(np::runner::settle_generate(bundled("naive-dom"), np::Geometry{2, 3}, NP_GENERATE_PUZZLE, 0, 1, made),
              "");
}

TEST(AnswerIntake, StatusesNoSessionPairsWithTheAnswerAreProtocolFailures) {
    auto invalid_with_solutions = claim(1, {filled(1)});
    invalid_with_solutions.status = NP_INVALID_INPUT;
    EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, invalid_with_solutions), "");
    auto violation_with_answer = claim(0, {});
    violation_with_answer.error = np::Reason{};
    EXPECT_NE(np::runner::settle_solve(bitmask(), six_empty(), 2, violation_with_answer), "");
    np::CheckOutcome not_ok;
    not_ok.ok = true;
    not_ok.status = NP_FAILED;
    EXPECT_NE(np::runner::settle_check(bundled("naive-dom"), six_empty(), not_ok), "");
    np::GenerateOutcome failing;
    failing.ok = false;
    failing.status = NP_FAILED;
    EXPECT_NE(np::runner::settle_generate(bitmask(), np::Geometry{2, 3}, NP_GENERATE_GRID, 0, 1, failing), "");
}

TEST(AnswerIntake, AnInvalidVerdictStandsWithNoCountAndNoCompleteness) {
    np::Grid broken = six_empty();
    broken.cells[0] = broken.cells[1] = 1;
    auto invalid = claim(0, {});
    invalid.status = NP_INVALID_INPUT;
    invalid.error = np::first_violation(broken);
    EXPECT_EQ(np::runner::settle_solve(bitmask(), broken, 2, invalid), "");
    EXPECT_EQ(invalid.verdict, np::Verdict::invalid);
    EXPECT_FALSE(invalid.complete);
}

// ---- Check and generate: every claim certified ---------------------------------------

TEST(AnswerIntake, ViolationsAreBoundedAndEachIsCertified) {
    np::Grid broken = six_empty();
    broken.cells[0] = broken.cells[1] = 1;
    np::CheckOutcome flood;
    flood.ok = true;
    flood.violations.assign(4 * broken.cells.size() + 1, *np::first_violation(broken));
    EXPECT_NE(np::runner::settle_check(bundled("naive-dom"), broken, flood).find("room"), std::string::npos);
    np::CheckOutcome made_up;
    made_up.ok = true;
    np::Reason invented = *np::first_violation(broken);
    invented.row = 6;  // no duplicate there
    made_up.violations = {invented};
    EXPECT_EQ(np::runner::settle_check(bundled("naive-dom"), broken, made_up), "");
    EXPECT_EQ(made_up.fault, np::Fault::wrong) << made_up.message;
    EXPECT_TRUE(made_up.violations.empty());
    np::CheckOutcome honest;
    honest.ok = true;
    honest.violations = {*np::first_violation(broken)};
    EXPECT_EQ(np::runner::settle_check(bundled("naive-dom"), broken, honest), "");
    EXPECT_EQ(honest.fault, np::Fault::none) << honest.message;
    EXPECT_TRUE(honest.ok);
}

TEST(AnswerIntake, GeneratedResultsAreCountedAndCertifiedEvenBeforeAFailure) {
    np::GenerateOutcome too_many;
    too_many.ok = true;
    too_many.produced = 2;
    too_many.results = {filled(1), filled(2)};
    EXPECT_EQ(np::runner::settle_generate(bitmask(), np::Geometry{2, 3}, NP_GENERATE_GRID, 0, 1, too_many), "");
    EXPECT_EQ(too_many.fault, np::Fault::malformed) << too_many.message;
    EXPECT_TRUE(too_many.results.empty());

    // A failure after one good grid and one bad: the good one stands, the
    // bad one turns the failure into a wrong answer named by its index.
    const auto grid = bitmask().solve(six_empty(), 1, {}, {});
    ASSERT_EQ(grid.solutions.size(), 1u);
    np::GenerateOutcome partial;
    partial.ok = false;
    partial.status = NP_FAILED;
    partial.fault = np::Fault::failed;
    partial.produced = 2;
    partial.results = {grid.solutions[0], filled(3)};
    EXPECT_EQ(np::runner::settle_generate(bitmask(), np::Geometry{2, 3}, NP_GENERATE_GRID, 5, 2, partial), "");
    EXPECT_EQ(partial.fault, np::Fault::wrong) << partial.message;
    EXPECT_NE(partial.message.find("result 6"), std::string::npos) << partial.message;
    EXPECT_EQ(partial.produced, 1u);
}


// ---- The frame's decoding: every scrap refused as Broken, never a crash ----------------

template <class Outcome, class Get>
void expect_every_prefix_broken(const Outcome& outcome, Get get) {
    np::runner::wire::Writer w;
    np::runner::wire::put(w, outcome);
    for (std::size_t n = 0; n < w.bytes.size(); ++n) {
        np::runner::wire::Reader r{std::string_view(w.bytes).substr(0, n)};
        EXPECT_THROW(get(r), np::runner::wire::Broken) << n << " of " << w.bytes.size() << " bytes";
    }
    np::runner::wire::Reader whole{w.bytes};
    EXPECT_NO_THROW(get(whole));
}

TEST(AnswerIntake, EveryTruncatedAnswerFrameIsBroken) {
    const np::Geometry g{2, 3};
    auto solve = claim(2, {filled(1), filled(2)});
    solve.message = "two";
    solve.stats.counters = {{"nodes", 3}};
    expect_every_prefix_broken(solve, [&](auto& r) { return np::runner::wire::get_solve(r, g); });
    np::CheckOutcome check;
    check.ok = true;
    np::Grid broken = six_empty();
    broken.cells[0] = broken.cells[1] = 1;
    check.violations = {*np::first_violation(broken)};
    expect_every_prefix_broken(check, [&](auto& r) { return np::runner::wire::get_check(r, g); });
    np::GenerateOutcome made;
    made.ok = true;
    made.produced = 1;
    made.results = {filled(1)};
    made.proofs = {np::ProofOutcome{}};
    expect_every_prefix_broken(made, [&](auto& r) { return np::runner::wire::get_generate(r, g); });
}

TEST(AnswerIntake, GridsOfAnotherSizeAndCountsPastTheFrameAreBroken) {
    np::runner::wire::Writer w;
    np::runner::wire::put(w, claim(1, {filled(1)}));
    np::runner::wire::Reader as_nine{w.bytes};
    EXPECT_THROW(np::runner::wire::get_solve(as_nine, np::Geometry{3, 3}), np::runner::wire::Broken);

    np::runner::wire::Writer flood;  // a check answer claiming a million violations
    flood.u8(1);
    flood.u32(NP_OK);
    flood.u32(0);
    flood.u32(1'000'000);
    np::runner::wire::Reader r{flood.bytes};
    EXPECT_THROW(np::runner::wire::get_check(r, np::Geometry{2, 3}), np::runner::wire::Broken);

    np::GenerateOutcome made;
    made.ok = true;
    made.proofs = {np::ProofOutcome{}};  // a proof for a result never sent
    np::runner::wire::Writer extra;
    np::runner::wire::put(extra, made);
    np::runner::wire::Reader g{extra.bytes};
    EXPECT_THROW(np::runner::wire::get_generate(g, np::Geometry{2, 3}), np::runner::wire::Broken);
}

TEST(AnswerIntake, RandomDamageToAFrameDecodesToShapedGridsOrIsBroken) {
    const np::Geometry geometry{2, 3};
    np::runner::wire::Writer w;
    np::runner::wire::put(w, claim(2, {filled(1), filled(2)}));
    np::Rng rng(4242);
    for (int round = 0; round < 2000; ++round) {
        std::string bytes = w.bytes;
        for (int k = 0; k < 3; ++k) bytes[rng.below(bytes.size())] = static_cast<char>(rng.below(256));
        np::runner::wire::Reader r{bytes};
        try {
            const auto out = np::runner::wire::get_solve(r, geometry);
            for (const auto& grid : out.solutions) EXPECT_EQ(grid.cells.size(), 36u);
        } catch (const np::runner::wire::Broken&) {
        }
    }
}

}  // namespace
