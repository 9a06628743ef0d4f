// Candidate (pencilmark) input: Sukaku Explainer's N*N*N-character line, the
// pencilmark grid candidate_grid_text prints, HoDoKu's pencilmark grid, the
// input splitter keeping each grid whole, and errors located to the cell.
// The masks a test expects are computed here, by the test's own scan of the
// givens' peers, never by the parser under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "numplace/format.hpp"
#include "numplace/input.hpp"
#include "numplace/steps.hpp"

namespace {

using np::Geometry;
using np::Grid;
using np::InputFormat;

constexpr const char* kPuzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

Grid line_grid(const std::string& line, std::optional<Geometry> size = {}) {
    auto r = np::parse_line(line, size);
    EXPECT_TRUE(np::parsed(r)) << line;
    return np::parsed(r) ? std::get<Grid>(r) : Grid{};
}

Grid must_parse(const np::ParseResult& r) {
    if (!np::parsed(r)) {
        ADD_FAILURE() << std::get<np::Reason>(r).message;
        return Grid{};
    }
    return std::get<Grid>(r);
}

np::Reason must_fail(const np::ParseResult& r) {
    EXPECT_FALSE(np::parsed(r));
    return np::parsed(r) ? np::Reason{} : std::get<np::Reason>(r);
}

bool peers(const Geometry& g, int a, int b) {
    const int n = g.side(), ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    return a != b && (ra == rb || ca == cb || g.box_of(ra, ca) == g.box_of(rb, cb));
}

// The basic eliminations, by the test's own scan: an empty cell's mask is
// every value less its peers' givens; a given's, its own value.
std::vector<uint64_t> basic_masks(const Grid& puzzle) {
    const int n = puzzle.side(), cells = n * n;
    std::vector<uint64_t> masks(static_cast<std::size_t>(cells));
    for (int i = 0; i < cells; ++i) {
        const int given = puzzle.cells[static_cast<std::size_t>(i)];
        uint64_t m = given != 0 ? uint64_t{1} << given : ((uint64_t{1} << n) - 1) << 1;
        if (given == 0)
            for (int j = 0; j < cells; ++j)
                if (peers(puzzle.geometry, i, j) && puzzle.cells[static_cast<std::size_t>(j)] != 0)
                    m &= ~(uint64_t{1} << puzzle.cells[static_cast<std::size_t>(j)]);
        masks[static_cast<std::size_t>(i)] = m;
    }
    return masks;
}

// The candidate line written by the test itself: place k holds k's symbol.
std::string line_of(const std::vector<uint64_t>& masks, int n, char absent = '.') {
    std::string out;
    for (uint64_t m : masks)
        for (int v = 1; v <= n; ++v) out += (m >> v & 1) != 0 ? np::value_symbol(v) : absent;
    return out;
}

// HoDoKu's pencilmark grid, written by the test: each cell its candidates
// as a list, padded; "|" between boxes; ".---.", ":---+---:", "'---'" lines.
std::string hodoku_grid(const Grid& puzzle) {
    const Geometry& g = puzzle.geometry;
    const int n = g.side();
    auto border = [&](char end, char middle) {
        std::string s(1, end);
        for (int b = 0; b < g.box_rows; ++b) s += std::string(static_cast<std::size_t>(g.box_cols) * 11, '-') + (b + 1 < g.box_rows ? middle : end);
        return s + "\n";
    };
    std::string out = border('.', '.');
    for (int r = 0; r < n; ++r) {
        if (r > 0 && r % g.box_rows == 0) out += border(':', '+');
        out += "|";
        for (int c = 0; c < n; ++c) {
            std::string cell;
            const uint64_t m = puzzle.mask(r * n + c);
            for (int v = 1; v <= n; ++v)
                if ((m >> v & 1) != 0) cell += np::value_symbol(v);
            out += " " + cell + std::string(10 - cell.size(), ' ');
            if ((c + 1) % g.box_cols == 0) out += "|";
        }
        out += "\n";
    }
    return out + border('\'', '\'');
}

Grid with_basic_masks(const Grid& plain) {
    Grid g(plain.geometry);  // no givens: the line form has none
    g.candidates = basic_masks(plain);
    return g;
}

TEST(CandidateLine, ReadsSukakuExplainersLine) {
    const Grid plain = line_grid(kPuzzle);
    const auto masks = basic_masks(plain);
    const std::string line = line_of(masks, 9);
    ASSERT_EQ(line.size(), 729u);
    const Grid g = must_parse(np::parse_line(line));
    EXPECT_EQ(g.geometry, (Geometry{3, 3}));
    EXPECT_EQ(g.given_count(), 0) << "every cell stays a mask, also a cell with one candidate";
    EXPECT_EQ(g.candidates, masks);
    // '0' for a missing candidate reads the same; so does the whole puzzle.
    EXPECT_EQ(must_parse(np::parse_puzzle(line_of(masks, 9, '0'))).candidates, masks);
    EXPECT_EQ(np::format_candidates(g), line);
    // A given is written as its own candidate alone.
    EXPECT_EQ(np::format_candidates(plain).substr(0, 18), "....5......3......");
}

TEST(CandidateLine, CellWithoutCandidatesIsALegalState) {
    std::vector<uint64_t> masks(81, 0x3fe);
    masks[40] = 0;
    const Grid g = must_parse(np::parse_candidates(line_of(masks, 9)));
    EXPECT_EQ(g.candidates[40], 0u);
    EXPECT_EQ(g.mask(40), 0u);
}

TEST(CandidateLine, OtherShapesBySizeAndByLength) {
    const Geometry g16{4, 4}, g4{2, 2};
    std::vector<uint64_t> m16(256, 0);
    for (std::size_t i = 0; i < m16.size(); ++i) m16[i] = (uint64_t{1} << (i % 16 + 1)) | (uint64_t{1} << 16);
    const std::string l16 = line_of(m16, 16);
    ASSERT_EQ(l16.size(), 4096u);
    EXPECT_EQ(must_parse(np::parse_line(l16)).candidates, m16);
    std::string lower = l16;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(must_parse(np::parse_line(lower)).candidates, m16) << "letters in either case";
    // 64 characters are an 8x8 line's length too: a 4x4 candidate line needs its size.
    const std::string l4 = line_of(std::vector<uint64_t>(16, 0x1e), 4);
    EXPECT_FALSE(np::parsed(np::parse_line(l4)));
    EXPECT_EQ(must_parse(np::parse_line(l4, g4)).geometry, g4);
    std::vector<uint64_t> m25(625, (uint64_t{1} << 26) - 2);
    EXPECT_EQ(must_parse(np::parse_line(line_of(m25, 25))).geometry, (Geometry{5, 5}));
    EXPECT_EQ(must_parse(np::parse_line(l16, g16)).geometry, g16);
}

TEST(CandidateLine, ErrorsNameTheCell) {
    std::string line = line_of(std::vector<uint64_t>(81, 0x3fe), 9);
    std::string wrong_place = line;
    wrong_place[9 * 11 + 4] = '7';  // r2c3, place 5
    np::Reason r = must_fail(np::parse_line(wrong_place));
    EXPECT_EQ(r.row, 2);
    EXPECT_EQ(r.column, 3);
    EXPECT_NE(r.message.find("r2c3"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("place 5"), std::string::npos) << r.message;
    std::string bad = line;
    bad[100] = '!';
    r = must_fail(np::parse_line(bad));
    EXPECT_EQ(r.code, np::ReasonCode::bad_character);
    EXPECT_NE(r.message.find("'!'"), std::string::npos) << r.message;
    r = must_fail(np::parse_candidates(line.substr(1)));
    EXPECT_EQ(r.code, np::ReasonCode::wrong_length);
    EXPECT_NE(r.message.find("728"), std::string::npos) << r.message;
    r = must_fail(np::parse_candidates(line, Geometry{2, 2}));
    EXPECT_NE(r.message.find("64 characters for a 2x2 candidate line"), std::string::npos) << r.message;
}

// What candidate_grid_text prints reads back to the same state: the
// placed values as givens, every other cell's candidates as its mask.
void expect_round_trip(const np::StepState& state) {
    const std::string text = np::candidate_grid_text(state);
    const Grid back = must_parse(np::parse_grid(text));
    const np::StepState again(back);
    for (int cell = 0; cell < state.geometry().cell_count(); ++cell) {
        EXPECT_EQ(again.value(cell), state.value(cell)) << "cell " << cell << "\n" << text;
        EXPECT_EQ(again.mask(cell), state.mask(cell)) << "cell " << cell << "\n" << text;
    }
    // The splitter keeps the grid whole, blank lines between bands and all,
    // also between other items.
    const auto items = np::split_input(std::string(kPuzzle) + "\n\n" + text + "\n" + kPuzzle + "\n", "f", InputFormat::automatic, {});
    ASSERT_EQ(items.size(), 3u) << text;
    EXPECT_EQ(items[1].origin, "f:3");
    EXPECT_EQ(items[1].format, InputFormat::grid);
    EXPECT_EQ(must_parse(np::parse_item(items[1], {})), back);
}

TEST(CandidateGrid, CandidateGridTextReadsBack) {
    const Grid plain = line_grid(kPuzzle);
    np::StepState state(plain);
    expect_round_trip(state);
    // A state with a cell of one candidate left (it stays a mask) and one of none.
    Grid masked = plain;
    masked.candidates = basic_masks(plain);
    masked.candidates[2] = uint64_t{1} << 4;
    masked.candidates[3] = 0;
    expect_round_trip(np::StepState(masked));
}

TEST(CandidateGrid, FirstBandsOfPlacedValuesOnly) {
    // The solution's first six rows placed, the rest with candidates: the
    // splitter must look past two bands of one-symbol cells.
    const Grid solution = line_grid(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    Grid g = solution;
    for (int i = 54; i < 81; ++i) g.cells[static_cast<std::size_t>(i)] = 0;
    expect_round_trip(np::StepState(g));
}

TEST(CandidateGrid, SixteenBySixteenAndFourByFour) {
    Grid g16(Geometry{4, 4});
    g16.cells[0] = 7;
    g16.candidates.assign(256, ((uint64_t{1} << 16) - 1) << 1);
    g16.candidates[0] = uint64_t{1} << 7;
    g16.candidates[5] = (uint64_t{1} << 3) | (uint64_t{1} << 12);
    expect_round_trip(np::StepState(g16));
    // 4x4 needs its size: four fields of 16 symbols are also a 16x16 row.
    Grid g4(Geometry{2, 2});
    g4.candidates.assign(16, 0x1e);
    g4.candidates[1] = 0x6;
    const std::string text = np::candidate_grid_text(np::StepState(g4));
    EXPECT_EQ(must_parse(np::parse_grid(text, Geometry{2, 2})).candidates, g4.candidates);
}

TEST(CandidateGrid, ReadsHoDoKusPencilmarkGrid) {
    const Grid plain = line_grid(kPuzzle);
    Grid expected = plain;
    expected.candidates = basic_masks(plain);
    const std::string text = hodoku_grid(expected);
    const Grid g = must_parse(np::parse_grid(text));
    // A lone value is a placed one: the givens, and the cells whose basic
    // eliminations leave one candidate (a list cannot tell them apart).
    std::vector<uint8_t> placed = plain.cells;
    for (std::size_t i = 0; i < placed.size(); ++i)
        if (std::popcount(expected.candidates[i]) == 1) placed[i] = static_cast<uint8_t>(std::countr_zero(expected.candidates[i]));
    EXPECT_NE(placed, plain.cells) << "the puzzle has naked singles at the start";
    EXPECT_EQ(g.cells, placed) << text;
    EXPECT_EQ(g.candidates, expected.candidates) << text;
    const auto items = np::split_input(text + text, "h", InputFormat::automatic, {});
    ASSERT_EQ(items.size(), 2u) << "two grids, the second right after the first's bottom border";
    EXPECT_EQ(must_parse(np::parse_item(items[1], {})), g);
    EXPECT_EQ(items[1].origin, "h:14");
}

TEST(CandidateGrid, GivensGetTheirOwnBit) {
    std::string text = "5 12 123456789 1 1 1 1 1 1\n";
    for (int r = 1; r < 9; ++r) text += "1 2 3 4 5 6 7 8 9\n";
    const Grid g = must_parse(np::parse_grid(text));
    EXPECT_EQ(g.cells[0], 5);
    EXPECT_EQ(g.candidates[0], uint64_t{1} << 5);
    EXPECT_EQ(g.cells[1], 0);
    EXPECT_EQ(g.candidates[1], 0x6u);
    EXPECT_EQ(g.candidates[2], 0x3feu);
    EXPECT_EQ(g.cells[9], 1) << "a lone value in a pencilmark grid is placed";
}

TEST(CandidateGrid, ErrorsNameTheCell) {
    // No givens: every field is nine places, row 1's third at column 20.
    const std::string text = np::candidate_grid_text(np::StepState(with_basic_masks(line_grid(kPuzzle))));
    std::string bad = text;
    bad.replace(20, 9, "1123.....");
    np::Reason r = must_fail(np::parse_grid(bad));
    EXPECT_EQ(r.row, 1) << r.message;
    EXPECT_EQ(r.column, 3) << r.message;
    EXPECT_NE(r.message.find("r1c3"), std::string::npos) << r.message;
    // A row with a cell missing.
    const std::size_t end_of_first = text.find('\n');
    const std::size_t last_space = text.rfind(' ', end_of_first - 1);
    std::string short_row = text;
    short_row.erase(last_space, end_of_first - last_space);
    r = must_fail(np::parse_grid(short_row));
    EXPECT_EQ(r.code, np::ReasonCode::wrong_length);
    EXPECT_EQ(r.row, 1) << r.message;
    EXPECT_NE(r.message.find("9 cells in row 1"), std::string::npos) << r.message;
    // A value above the side in a list.
    std::string high = text;
    high.replace(20, 9, "12A      ");
    r = must_fail(np::parse_grid(high));
    EXPECT_EQ(r.code, np::ReasonCode::value_out_of_range) << r.message;
    EXPECT_EQ(r.column, 3) << r.message;
    // A byte that is no symbol, in a list and alone (found by the formats
    // fuzz target: the symbol's value, -1, was used as a shift).
    for (const char* field : {"12\xb4      ", "\xb4        ", "        \x01"}) {
        std::string odd = text;
        odd.replace(20, 9, field);
        r = must_fail(np::parse_grid(odd));
        EXPECT_EQ(r.code, np::ReasonCode::bad_character) << r.message;
        EXPECT_EQ(r.column, 3) << r.message;
    }
}

TEST(CandidateInput, BadLinesAreLocatedAndTheBatchGoesOn) {
    const Grid plain = line_grid(kPuzzle);
    const std::string good = line_of(basic_masks(plain), 9);
    std::string bad = good;
    bad[5] = '9';
    const std::string text = "# pencilmarks\n" + good + "\n" + bad + "\n" + kPuzzle + "\n";
    const auto items = np::split_input(text, "p.txt", InputFormat::automatic, {});
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(items[0].origin, "p.txt:2");
    EXPECT_TRUE(np::parsed(np::parse_item(items[0], {})));
    EXPECT_EQ(items[1].origin, "p.txt:3");
    const np::Reason r = must_fail(np::parse_item(items[1], {}));
    EXPECT_NE(r.message.find("r1c1"), std::string::npos) << r.message;
    EXPECT_EQ(must_parse(np::parse_item(items[2], {})), plain);
    // Streaming reads the same items.
    std::vector<np::InputItem> streamed;
    std::istringstream in(text);
    np::read_items(in, "p.txt", InputFormat::automatic, {}, [&](np::InputItem&& item) {
        streamed.push_back(std::move(item));
        return true;
    });
    ASSERT_EQ(streamed.size(), 3u);
    EXPECT_EQ(streamed[1].text, bad);
}

TEST(CandidateInput, PlainGridsAreReadAsBefore) {
    // Rows of one-symbol fields, rows without spaces, box groups, borders
    // and a row of dots: no pencilmark grid among them.
    const std::string grid =
        "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"
        "+-------+-------+-------+\n| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n"
        "+-------+-------+-------+\n| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n"
        "+-------+-------+-------+\n";
    const Grid g = must_parse(np::parse_grid(grid));
    EXPECT_FALSE(g.has_candidates());
    EXPECT_EQ(g, line_grid(kPuzzle));
    const std::string groups = "53. .7. ...\n6.. 195 ...\n.98 ... .6.\n8.. .6. ..3\n4.. 8.3 ..1\n7.. .2. ..6\n"
                               ".6. ... 28.\n... 419 ..5\n... .8. .79\n";
    EXPECT_EQ(must_parse(np::parse_grid(groups)), line_grid(kPuzzle));
    const auto items = np::split_input(grid + "\n" + groups, "g", InputFormat::automatic, {});
    ASSERT_EQ(items.size(), 2u);
}

TEST(CandidateInput, StreamingKeepsPencilmarkGridsWhole) {
    // Past the 64 KiB at which read_items hands lines to split_input, the
    // blank lines between bands must not cut a grid: read in small pieces,
    // the items are those of the whole text.
    const Grid plain = line_grid(kPuzzle);
    Grid masked = plain;
    masked.candidates = basic_masks(plain);
    const Grid solution = line_grid(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    Grid late = solution;
    for (int i = 54; i < 81; ++i) late.cells[static_cast<std::size_t>(i)] = 0;
    std::string text;
    for (int k = 0; k < 400; ++k)
        text += np::candidate_grid_text(np::StepState(k % 3 == 0 ? plain : k % 3 == 1 ? masked : late)) + "\n" +
                (k % 5 == 0 ? std::string(kPuzzle) + "\n\n" : "");
    ASSERT_GT(text.size(), std::size_t{1} << 16);
    const auto whole = np::split_input(text, "s", InputFormat::automatic, {});
    EXPECT_EQ(whole.size(), 400u + 80u);
    std::size_t at = 0;
    std::vector<np::InputItem> streamed;
    np::read_items(
        [&](char* buffer, std::size_t capacity) {
            const std::size_t n = std::min<std::size_t>({capacity, 700, text.size() - at});
            std::copy_n(text.data() + at, n, buffer);
            at += n;
            return n;
        },
        "s", InputFormat::automatic, {}, [&](np::InputItem&& item) {
            streamed.push_back(std::move(item));
            return true;
        });
    ASSERT_EQ(streamed.size(), whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i) {
        EXPECT_EQ(streamed[i].origin, whole[i].origin);
        EXPECT_EQ(streamed[i].text, whole[i].text);
        EXPECT_TRUE(np::parsed(np::parse_item(whole[i], {}))) << whole[i].origin;
    }
}

}  // namespace
