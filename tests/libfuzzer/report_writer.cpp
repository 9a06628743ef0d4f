// The report writer behind `numplace verify --report`, `--merge` and
// `--resume`, on reports drawn from any bytes (tests/support/
// report_round_trip.hpp: every status and kind, any counts, plugin text of
// any bytes, grids of every shape the ABI allows with values in range or
// not). Beyond "no crash": what the writer writes, its own reader accepts,
// with the same rows; a grid left out is named in its row's finding.
#include <string>

#include "../support/report_round_trip.hpp"
#include "fuzz_support.hpp"
#include "fuzz_tempdir.hpp"

namespace {

// Choices from the fuzz input, a byte at a time, 0 once it runs out.
struct ByteChoose {
    np::fuzz::Bytes& bytes;
    uint64_t below(uint64_t n) {
        uint64_t v = bytes.byte();
        // Enough bytes for n (shards go to 100,000).
        for (uint64_t reach = 256; reach < n; reach <<= 8) v = v << 8 | bytes.byte();
        return v % n;
    }
    uint64_t any() {
        uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v = v << 8 | bytes.byte();
        return v;
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    np::fuzz::Bytes bytes(data, size);
    ByteChoose choose{bytes};
    const np::test::DrawnReport drawn = np::test::drawn_report(choose);
    const std::string problem = np::test::round_trip_problem(drawn, np::fuzz::temp_dir() + "/written.json");
    NP_FUZZ_CHECK(problem.empty(), problem);
    return 0;
}
