// Issue 40, finding 4: everything verify writes, its own --merge and
// --resume must read. Reports drawn at random (tests/support/
// report_round_trip.hpp: every status and kind, any counts, plugin text of
// any bytes, grids of every shape the ABI allows with values in range or
// not) are written by ReportWriter and read back by ReportReader.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <stdlib.h>

#include <filesystem>

#include "report_round_trip.hpp"

namespace {

namespace fs = std::filesystem;
using np::Geometry;
using np::Grid;
using np::test::DrawnReport;
using np::test::round_trip_problem;

// Choices drawn by rapidcheck (so that a failure shrinks to a small report).
struct RapidChoose {
    uint64_t below(uint64_t n) { return *rc::gen::inRange<uint64_t>(0, n); }
    uint64_t any() { return *rc::gen::arbitrary<uint64_t>(); }
};

// A private folder; made again after a suite's teardown removed it (the
// property runs as a suite of its own, ReportRoundTrip_RapidCheck).
const std::string& scratch() {
    static const std::string dir = [] {
        char name[] = "/tmp/numplace-round-trip-XXXXXX";
        return std::string(mkdtemp(name));
    }();
    fs::create_directories(dir);
    return dir;
}

class ReportRoundTrip : public ::testing::Test {
protected:
    static void TearDownTestSuite() { fs::remove_all(scratch()); }
    // One unit of one failed solve row of plugin "p" with these grids.
    static DrawnReport one_row(std::optional<Grid> puzzle, std::optional<Grid> answer) {
        DrawnReport d;
        d.run.plugins = {"p"};
        d.run.units = d.run.rows = 1;
        np::verify::Row r;
        r.entry = "e";
        r.plugin = "p";
        r.operation = "solve";
        r.status = np::judge::Status::fail;
        r.kind = np::judge::Kind::certificate;
        r.finding = "a refused witness";
        r.shown_puzzle = std::move(puzzle);
        r.shown_answer = std::move(answer);
        d.units = {{r}};
        return d;
    }
};

// A failed row on a grid of side 30 (the ABI allows up to 35): its box was
// refused by the reader, which knew sides up to 25 only.
TEST_F(ReportRoundTrip, AFailedRowOnAGridOfSideThirtyReadsBack) {
    const Geometry g{5, 6};
    Grid puzzle(g), answer(g);
    for (std::size_t i = 0; i < answer.cells.size(); ++i) answer.cells[i] = static_cast<uint8_t>(1 + i % 30);
    EXPECT_EQ(round_trip_problem(one_row(puzzle, answer), scratch() + "/thirty.json"), "");
}

// A refused witness of 200s on a 9x9: it was copied into the row's answer,
// and the reader refused the report.
TEST_F(ReportRoundTrip, AnAnswerOfOutOfRangeValuesIsLeftOutAndNamed) {
    Grid answer(Geometry{3, 3});
    std::fill(answer.cells.begin(), answer.cells.end(), uint8_t{200});
    EXPECT_EQ(round_trip_problem(one_row(Grid(Geometry{3, 3}), answer), scratch() + "/two-hundred.json"), "");
}

RC_GTEST_FIXTURE_PROP(ReportRoundTrip, EveryReportTheWriterProducesReadsBack, ()) {
    RapidChoose choose;
    const DrawnReport drawn = np::test::drawn_report(choose);
    const std::string problem = round_trip_problem(drawn, scratch() + "/drawn.json");
    RC_LOG() << problem << "\n";
    RC_ASSERT(problem.empty());
}

}  // namespace
