// The line, grid and share parsers on the same bytes. Beyond "no crash":
// whatever one of them accepts is a grid of the shape asked for, with values
// in range, and it survives being written in each format and read back.
#include <iterator>
#include <optional>
#include <string>

#include "fuzz_support.hpp"
#include "numplace/format.hpp"

namespace {

using np::Geometry;
using np::Grid;

// The --size the parsers get: none for most first bytes, so that shape
// inference is fuzzed as much as a fixed shape.
std::optional<Geometry> size_from(uint8_t b) {
    static const Geometry kShapes[] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}, {5, 5}, {1, 5}, {2, 5}};
    const std::size_t i = b % 32;
    if (i < std::size(kShapes)) return kShapes[i];
    return std::nullopt;
}

std::string shown(const Grid& g) { return g.geometry.name() + " " + np::format_line(g); }

void check_accepted(const np::ParseResult& result, const std::optional<Geometry>& size, const char* parser) {
    if (!np::parsed(result)) {
        NP_FUZZ_CHECK(!std::get<np::Reason>(result).message.empty(), std::string(parser) + ": a reason without words");
        return;
    }
    const Grid& g = std::get<Grid>(result);
    NP_FUZZ_CHECK(g.geometry.valid(), std::string(parser) + " gave shape " + g.geometry.name());
    if (size) NP_FUZZ_CHECK(g.geometry == *size, std::string(parser) + " ignored --size: " + g.geometry.name());
    NP_FUZZ_CHECK(g.cells.size() == static_cast<std::size_t>(g.geometry.cell_count()), parser);
    for (uint8_t v : g.cells) NP_FUZZ_CHECK(v <= g.side(), std::string(parser) + ": value out of range in " + shown(g));

    // Pencilmarks: the candidate line written and read back gives the same
    // masks (its cells are all masks, givens included); the plain formats
    // do not carry them.
    const Geometry shape = g.geometry;
    if (g.has_candidates()) {
        NP_FUZZ_CHECK(g.candidates.size() == g.cells.size(), std::string(parser) + ": masks of the wrong count");
        const auto back = np::parse_line(np::format_candidates(g), shape);
        NP_FUZZ_CHECK(np::parsed(back), "candidate line round trip of " + shown(g));
        const Grid& h = std::get<Grid>(back);
        for (int cell = 0; cell < shape.cell_count(); ++cell)
            NP_FUZZ_CHECK(h.mask(cell) == g.mask(cell), "candidate line round trip of " + shown(g));
        return;
    }
    // Each format written and read back gives the same grid.
    const auto line = np::parse_line(np::format_line(g), shape);
    NP_FUZZ_CHECK(np::parsed(line) && std::get<Grid>(line) == g, "line round trip of " + shown(g));
    const auto grid = np::parse_grid(np::format_grid(g), shape);
    NP_FUZZ_CHECK(np::parsed(grid) && std::get<Grid>(grid) == g, "grid round trip of " + shown(g));
    const auto share = np::parse_share(np::format_share(g));  // its prefix (or 81 cells) says the shape
    NP_FUZZ_CHECK(np::parsed(share) && std::get<Grid>(share) == g, "share round trip of " + shown(g));
    const auto any = np::parse_puzzle(np::format_share(g), np::InputFormat::automatic, shape);
    NP_FUZZ_CHECK(np::parsed(any) && std::get<Grid>(any) == g, "automatic format of the share of " + shown(g));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    np::fuzz::Bytes bytes(data, size);
    const auto shape = size_from(bytes.byte());
    const std::string_view text = bytes.rest();
    check_accepted(np::parse_line(text, shape), shape, "parse_line");
    check_accepted(np::parse_grid(text, shape), shape, "parse_grid");
    check_accepted(np::parse_share(text, shape), shape, "parse_share");
    check_accepted(np::parse_puzzle(text, np::InputFormat::automatic, shape), shape, "parse_puzzle");
    (void)np::looks_like_share(text, shape);
    return 0;
}
