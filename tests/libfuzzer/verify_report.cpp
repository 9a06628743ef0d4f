// The JSON report reader behind `numplace verify --merge`, on any bytes that
// parse as JSON. Beyond "no crash": a report it accepts, written again with
// to_json, reads back the same; merging it alone gives its rows, and merging
// it with itself is refused (a doubled shard). The other sinks (JUnit, the
// summary) get the accepted report too.
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"
#include "verify.hpp"

namespace {

using np::verify::Report;
using np::verify::Row;

bool same_rows(const Report& a, const Report& b) {
    if (a.rows.size() != b.rows.size()) return false;
    for (std::size_t i = 0; i < a.rows.size(); ++i) {
        const Row &x = a.rows[i], &y = b.rows[i];
        if (!x.same_as(y) || x.finding != y.finding || x.verdict != y.verdict || x.micros != y.micros ||
            x.derived != y.derived || x.unit != y.unit)
            return false;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    // As verify reads a shard: one JSON document (a parse error is its own
    // message there, not the reader's business).
    const auto doc = nlohmann::ordered_json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded()) return 0;
    std::string error;
    const auto report = np::verify::from_json(doc, error);
    if (!report) {
        NP_FUZZ_CHECK(!error.empty(), "refused without a reason");
        return 0;
    }
    NP_FUZZ_CHECK(report->shard_index >= 1 && report->shard_index <= report->shard_count, "bad shard accepted");

    const auto again = np::verify::from_json(np::verify::to_json(*report), error);
    NP_FUZZ_CHECK(again.has_value(), "its own to_json is refused: " + error);
    NP_FUZZ_CHECK(same_rows(*report, *again) && again->fingerprint == report->fingerprint &&
                      again->plugins == report->plugins && again->oracle == report->oracle &&
                      again->input_errors == report->input_errors && again->interrupted == report->interrupted &&
                      again->exit_code == report->exit_code && again->shard_index == report->shard_index &&
                      again->shard_count == report->shard_count,
                  "to_json then from_json changed the report");

    if (report->shard_count == 1) {
        std::string why;
        const auto merged = np::verify::merge({*report}, 0.10, why);
        NP_FUZZ_CHECK(merged.has_value(), "a lone 1/1 shard does not merge: " + why);
    }
    std::string why;
    NP_FUZZ_CHECK(!np::verify::junit_xml(*report).empty(), "no JUnit text");
    std::ostringstream summary;
    np::verify::print_summary(*report, summary);
    NP_FUZZ_CHECK(!np::verify::merge({*report, *report}, 0.10, why).has_value(), "a doubled shard was merged");
    return 0;
}
