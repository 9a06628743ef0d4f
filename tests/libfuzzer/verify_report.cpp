// The report reader behind `numplace verify --merge` and `--resume`, on any
// bytes. Beyond "no crash": a report it accepts, written again by the
// report writer, reads back with the same rows, run and ending, and carries
// a digest the reader accepts; a report it refuses says why.
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"
#include "fuzz_tempdir.hpp"
#include "verify/report_file.hpp"
#include "verify/report_writer.hpp"

namespace {

using np::verify::ReportReader;
using np::verify::Row;

struct Read {
    bool ok = false;
    std::string error;
    np::verify::RunInfo run;
    std::vector<Row> rows;
    np::verify::Ending ending;
};

Read read(std::istream& in) {
    Read r;
    ReportReader reader(in, "report", ReportReader::Incomplete::refuse, ReportReader::Unchecked::accept);
    if (!reader.begin()) return r.error = reader.error(), r;
    r.run = reader.run();
    for (Row row; reader.next(row);) r.rows.push_back(row);
    r.ok = reader.end();
    r.error = reader.error();
    r.ending = reader.ending();
    return r;
}

bool same_rows(const std::vector<Row>& a, const std::vector<Row>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const Row &x = a[i], &y = b[i];
        if (!x.same_as(y) || x.finding != y.finding || x.verdict != y.verdict || x.micros != y.micros || x.proof != y.proof ||
            x.derived != y.derived || (!x.derived && x.unit != y.unit))
            return false;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    const Read first = read(in);
    if (!first.ok) {
        NP_FUZZ_CHECK(!first.error.empty(), "refused without a reason");
        return 0;
    }
    NP_FUZZ_CHECK(first.run.shard_index >= 1 && first.run.shard_index <= first.run.shard_count, "bad shard accepted");

    // Written again (as the merge of this one shard would be, derived rows
    // made anew), then read back.
    const std::string path = np::fuzz::temp_dir() + "/again.json";
    np::verify::ReportWriter out({path, "", ""});
    np::verify::RunInfo run = first.run;
    std::string error;
    NP_FUZZ_CHECK(out.begin(run, error), "cannot begin: " + error);
    std::vector<Row> unit;
    auto flush = [&] {
        if (!unit.empty()) out.add_unit(unit);
        unit.clear();
    };
    std::vector<Row> written;
    for (const Row& r : first.rows) {
        if (r.derived) continue;
        if (!unit.empty() && unit.front().unit != r.unit) flush();
        unit.push_back(r);
        written.push_back(r);
    }
    flush();
    np::verify::Ending ending = first.ending;
    NP_FUZZ_CHECK(out.finish(ending, 0.10, 130, error), "cannot finish: " + error);
    std::ifstream again_in(path, std::ios::binary);
    const Read again = read(again_in);
    NP_FUZZ_CHECK(again.ok || first.run.version < 3, "its own report is refused: " + again.error);
    if (!again.ok) return 0;  // an unchecked report may lack rows its counts promise
    std::vector<Row> kept;
    for (const Row& r : again.rows)
        if (!r.derived) kept.push_back(r);
    NP_FUZZ_CHECK(same_rows(written, kept) && again.run.fingerprint == first.run.fingerprint &&
                      again.run.plugins == first.run.plugins && again.ending.input_errors == first.ending.input_errors &&
                      again.ending.interrupted == first.ending.interrupted,
                  "written again, the report changed");
    return 0;
}
