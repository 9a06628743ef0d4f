// The line, grid and share formats on fixed examples; parse errors.
#include <gtest/gtest.h>

#include <string>

#include "numplace/format.hpp"

namespace {

using np::Geometry;
using np::Grid;
using np::Reason;
using np::ReasonCode;

// Seed 002's example board.
constexpr const char* kPuzzleDigits =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
constexpr const char* kPuzzleDots =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

constexpr const char* kPuzzleGrid =
    "+-------+-------+-------+\n"
    "| 5 3 . | . 7 . | . . . |\n"
    "| 6 . . | 1 9 5 | . . . |\n"
    "| . 9 8 | . . . | . 6 . |\n"
    "+-------+-------+-------+\n"
    "| 8 . . | . 6 . | . . 3 |\n"
    "| 4 . . | 8 . 3 | . . 1 |\n"
    "| 7 . . | . 2 . | . . 6 |\n"
    "+-------+-------+-------+\n"
    "| . 6 . | . . . | 2 8 . |\n"
    "| . . . | 4 1 9 | . . 5 |\n"
    "| . . . | . 8 . | . 7 9 |\n"
    "+-------+-------+-------+\n";

// Seed 004's encodeBoard(board) = btoa(board.join('')) made URL-safe and
// unpadded, evaluated with a JavaScript engine for this board. Base64 of the
// ASCII digits: "530" = 0x35 0x33 0x30 -> 001101 010011 001100 110000 ->
// N T M w, which is how the string starts.
constexpr const char* kPuzzleShare =
    "NTMwMDcwMDAwNjAwMTk1MDAwMDk4MDAwMDYwODAwMDYwMDAzNDAwODAzMDAxNzAwMDIwMDA2MDYw"
    "MDAwMjgwMDAwNDE5MDA1MDAwMDgwMDc5";

Grid must_parse(const np::ParseResult& r) {
    if (!np::parsed(r)) {
        ADD_FAILURE() << "parse failed: " << std::get<Reason>(r).message;
        return Grid{};
    }
    return std::get<Grid>(r);
}

Reason must_fail(const np::ParseResult& r) {
    if (np::parsed(r)) {
        ADD_FAILURE() << "parse unexpectedly succeeded";
        return Reason{};
    }
    return std::get<Reason>(r);
}

std::string repeat(const std::string& s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += s;
    return out;
}

TEST(FormatNames, InputAndOutput) {
    EXPECT_EQ(np::input_format_from_name("auto"), np::InputFormat::automatic);
    EXPECT_EQ(np::input_format_from_name("line"), np::InputFormat::line);
    EXPECT_EQ(np::input_format_from_name("grid"), np::InputFormat::grid);
    EXPECT_EQ(np::input_format_from_name("share"), np::InputFormat::share);
    EXPECT_FALSE(np::input_format_from_name("json"));
    EXPECT_FALSE(np::input_format_from_name("Line"));
    EXPECT_EQ(np::output_format_from_name("line"), np::OutputFormat::line);
    EXPECT_EQ(np::output_format_from_name("grid"), np::OutputFormat::grid);
    EXPECT_EQ(np::output_format_from_name("share"), np::OutputFormat::share);
    EXPECT_EQ(np::output_format_from_name("json"), np::OutputFormat::json);
    EXPECT_FALSE(np::output_format_from_name("auto"));
}

TEST(LineFormat, ParsesDigitsAndDots) {
    const Grid a = must_parse(np::parse_line(kPuzzleDigits));
    const Grid b = must_parse(np::parse_line(kPuzzleDots, Geometry{3, 3}));
    EXPECT_EQ(a, b);
    EXPECT_EQ(a.geometry, (Geometry{3, 3}));
    EXPECT_EQ(a.at(0, 0), 5);
    EXPECT_EQ(a.at(0, 2), 0);
    EXPECT_EQ(a.at(8, 8), 9);
    EXPECT_EQ(a.given_count(), 30);
    EXPECT_EQ(np::format_line(a), kPuzzleDots);
}

TEST(LineFormat, LettersAboveNineInEitherCase) {
    std::string line(256, '.');
    line[0] = 'G';    // 16
    line[17] = 'a';   // 10
    line[255] = 'f';  // 15
    const Grid g = must_parse(np::parse_line(line));
    EXPECT_EQ(g.geometry, (Geometry{4, 4}));
    EXPECT_EQ(g.at(0, 0), 16);
    EXPECT_EQ(g.at(1, 1), 10);
    EXPECT_EQ(g.at(15, 15), 15);
    std::string upper = line;
    upper[17] = 'A';
    upper[255] = 'F';
    EXPECT_EQ(np::format_line(g), upper);
}

TEST(LineFormat, WrongLengthWithAndWithoutSize) {
    const std::string eighty(80, '.');
    Reason r = must_fail(np::parse_line(eighty));
    EXPECT_EQ(r.code, ReasonCode::wrong_length);
    EXPECT_EQ(r.message, "expected 16, 36, 81, 144, 256 or 625 cells, got 80");
    r = must_fail(np::parse_line(eighty, Geometry{3, 3}));
    EXPECT_EQ(r.code, ReasonCode::wrong_length);
    EXPECT_EQ(r.message, "expected 81 cells for a 3x3 puzzle, got 80");
    // A length that fits a known shape, but not the size asked for.
    r = must_fail(np::parse_line(kPuzzleDots, Geometry{2, 2}));
    EXPECT_EQ(r.message, "expected 16 cells for a 2x2 puzzle, got 81");
    EXPECT_EQ(must_fail(np::parse_line("")).code, ReasonCode::wrong_length);
    // Shapes without a conventional line length need the size.
    EXPECT_EQ(must_fail(np::parse_line(std::string(64, '.'))).code, ReasonCode::wrong_length);
    EXPECT_EQ(must_parse(np::parse_line(std::string(64, '.'), Geometry{2, 4})).geometry,
              (Geometry{2, 4}));
}

TEST(LineFormat, BadCharacterPosition) {
    std::string line = kPuzzleDots;
    line[16] = '?';  // position 17 = row 2, column 8
    Reason r = must_fail(np::parse_line(line));
    EXPECT_EQ(r.code, ReasonCode::bad_character);
    EXPECT_EQ(r.message, "bad character '?' at position 17 (row 2, column 8)");
    EXPECT_EQ(r.row, 2);
    EXPECT_EQ(r.column, 8);

    // The last cell.
    line = kPuzzleDots;
    line[80] = '-';
    r = must_fail(np::parse_line(line));
    EXPECT_EQ(r.message, "bad character '-' at position 81 (row 9, column 9)");

    // Beyond the grid: no row and column, and reported before the length.
    line = std::string(kPuzzleDots) + "x?";
    r = must_fail(np::parse_line(line, Geometry{3, 3}));
    EXPECT_EQ(r.code, ReasonCode::bad_character);
    EXPECT_EQ(r.message, "bad character '?' at position 83");
    EXPECT_EQ(r.row, 0);
    EXPECT_EQ(r.column, 0);
}

TEST(LineFormat, ValueOutOfRange) {
    std::string line = kPuzzleDots;
    line[12] = 'C';  // value 12 at row 2, column 4 (box 2)
    Reason r = must_fail(np::parse_line(line));
    EXPECT_EQ(r.code, ReasonCode::value_out_of_range);
    EXPECT_EQ(r.message, "'C' (value 12) is out of range for a 9x9 grid at row 2, column 4");
    EXPECT_EQ((std::tuple{r.row, r.column, r.box, r.value}), (std::tuple{2, 4, 2, 12}));

    // The last cell of a 4x4.
    r = must_fail(np::parse_line("1234341221434325"));
    EXPECT_EQ(r.code, ReasonCode::value_out_of_range);
    EXPECT_EQ((std::tuple{r.row, r.column, r.box, r.value}), (std::tuple{4, 4, 4, 5}));
    EXPECT_EQ(r.message, "'5' (value 5) is out of range for a 4x4 grid at row 4, column 4");

    // The length is checked before the values.
    EXPECT_EQ(must_fail(np::parse_line("123.............5")).code, ReasonCode::wrong_length);
}

TEST(GridFormat, CanonicalLayout) {
    const Grid g = must_parse(np::parse_line(kPuzzleDots));
    EXPECT_EQ(np::format_grid(g), kPuzzleGrid);
    EXPECT_EQ(np::format_grid_as(g, np::OutputFormat::grid), kPuzzleGrid);
    EXPECT_EQ(np::format_grid_as(g, np::OutputFormat::line), kPuzzleDots);
    EXPECT_EQ(np::format_grid_as(g, np::OutputFormat::share), kPuzzleShare);
    EXPECT_EQ(must_parse(np::parse_grid(kPuzzleGrid)), g);
}

TEST(GridFormat, RectangularBoxes) {
    // 6x6 with boxes 2 rows high and 3 columns wide.
    const Grid g = must_parse(np::parse_line("123456" "456123" "2....." "......" "......" ".....6"));
    EXPECT_EQ(g.geometry, (Geometry{2, 3}));
    EXPECT_EQ(np::format_grid(g),
              "+-------+-------+\n"
              "| 1 2 3 | 4 5 6 |\n"
              "| 4 5 6 | 1 2 3 |\n"
              "+-------+-------+\n"
              "| 2 . . | . . . |\n"
              "| . . . | . . . |\n"
              "+-------+-------+\n"
              "| . . . | . . . |\n"
              "| . . . | . . 6 |\n"
              "+-------+-------+\n");
}

TEST(GridFormat, PlainRowsWithOrWithoutSpaces) {
    const Grid want = must_parse(np::parse_line(kPuzzleDots));
    const std::string spaced =
        "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n"
        "4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n"
        "0 0 0 0 8 0 0 7 9\n";
    EXPECT_EQ(must_parse(np::parse_grid(spaced)), want);
    std::string packed;
    for (int r = 0; r < 9; ++r) packed += std::string(kPuzzleDots).substr(r * 9, 9) + "\r\n";
    EXPECT_EQ(must_parse(np::parse_grid(packed)), want);
    EXPECT_EQ(must_parse(np::parse_grid(packed, Geometry{3, 3})), want);
}

TEST(GridFormat, SeedOneStarBorders) {
    // The bordered grid printed in seed 001 (a generator's output).
    const std::string text =
        "* * * * * * * * * * * * *\n"
        "* 6 9 8 * 5 1 2 * 4 3 7 *\n"
        "* 3 1 4 * 8 7 9 * 6 2 5 *\n"
        "* 5 2 7 * 3 6 4 * 8 9 1 *\n"
        "* * * * * * * * * * * * *\n"
        "* 7 3 6 * 4 2 5 * 1 8 9 *\n"
        "* 9 4 1 * 6 3 8 * 5 7 2 *\n"
        "* 2 8 5 * 7 9 1 * 3 4 6 *\n"
        "* * * * * * * * * * * * *\n"
        "* 8 5 2 * 1 4 7 * 9 6 3 *\n"
        "* 1 7 3 * 9 8 6 * 2 5 4 *\n"
        "* 4 6 9 * 2 5 3 * 7 1 8 *\n"
        "* * * * * * * * * * * * *\n";
    const Grid g = must_parse(np::parse_grid(text));
    EXPECT_EQ(np::format_line(g),
              "698512437314879625527364891736425189941638572285791346852147963173986254469253718");
    EXPECT_TRUE(g.is_full());
}

TEST(GridFormat, RowCountAndRowLength) {
    const std::string eight_rows = "123456789\n" + repeat("........1\n", 7);
    Reason r = must_fail(np::parse_grid(eight_rows));
    EXPECT_EQ(r.code, ReasonCode::wrong_length);
    EXPECT_EQ(r.message, "expected 4, 6, 9, 12, 16 or 25 rows, got 8");
    r = must_fail(np::parse_grid(eight_rows, Geometry{3, 3}));
    EXPECT_EQ(r.message, "expected 9 rows for a 3x3 puzzle, got 8");

    std::string short_row = repeat(".........\n", 2) + "........\n" + repeat(".........\n", 6);
    r = must_fail(np::parse_grid(short_row));
    EXPECT_EQ(r.code, ReasonCode::wrong_length);
    EXPECT_EQ(r.row, 3);
    EXPECT_EQ(r.message, "expected 9 symbols in row 3, got 8");

    // The last row too long.
    std::string long_last = repeat(".........\n", 8) + "..........\n";
    r = must_fail(np::parse_grid(long_last, Geometry{3, 3}));
    EXPECT_EQ(r.row, 9);
    EXPECT_EQ(r.message, "expected 9 symbols in row 9, got 10");
}

TEST(GridFormat, BadCharacterAndRange) {
    std::string text = kPuzzleGrid;
    // Row 2 is the third line; column 8 is the second symbol of its last box.
    const auto row2 = text.find("| 6 . . | 1 9 5 | . . . |");
    text[row2 + 20] = '?';
    ASSERT_EQ(text.substr(row2, 25), "| 6 . . | 1 9 5 | . ? . |");
    Reason r = must_fail(np::parse_grid(text));
    EXPECT_EQ(r.code, ReasonCode::bad_character);
    EXPECT_EQ((std::tuple{r.row, r.column}), (std::tuple{2, 8}));
    EXPECT_EQ(r.message, "bad character '?' at row 2, column 8");

    text = kPuzzleGrid;
    const auto last = text.find("| . . . | . 8 . | . 7 9 |");
    text[last + 22] = 'A';
    r = must_fail(np::parse_grid(text));
    EXPECT_EQ(r.code, ReasonCode::value_out_of_range);
    EXPECT_EQ((std::tuple{r.row, r.column, r.box, r.value}), (std::tuple{9, 9, 9, 10}));
}

TEST(ShareFormat, SeedFourCompatibleFor9x9) {
    const Grid g = must_parse(np::parse_line(kPuzzleDigits));
    EXPECT_EQ(np::format_share(g), kPuzzleShare);
    EXPECT_EQ(must_parse(np::parse_share(kPuzzleShare)), g);

    // btoa("000") = "MDAw": '0' is 0x30, and 0x30 0x30 0x30 splits into
    // 001100 000011 000000 110000 = 12 3 0 48 = M D A w. An empty board is
    // 27 such triples: 108 characters, no padding needed.
    const Grid empty(Geometry{3, 3});
    EXPECT_EQ(np::format_share(empty), repeat("MDAw", 27));
    EXPECT_EQ(must_parse(np::parse_share(repeat("MDAw", 27))), empty);

    // A full grid (seed 002's solution), again from a JavaScript engine.
    const Grid full = must_parse(np::parse_line(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"));
    EXPECT_EQ(np::format_share(full),
              "NTM0Njc4OTEyNjcyMTk1MzQ4MTk4MzQyNTY3ODU5NzYxNDIzNDI2ODUzNzkxNzEzOTI0ODU2OTYxNTM3"
              "Mjg0Mjg3NDE5NjM1MzQ1Mjg2MTc5");
}

TEST(ShareFormat, OtherShapesCarryAPrefix) {
    const Grid g = must_parse(np::parse_line("12....34......21"));
    // Base64 of "1200003400000021" (16 bytes: 5 triples and one byte left, so
    // 20 + 2 characters), evaluated with a JavaScript engine.
    EXPECT_EQ(np::format_share(g), "2x2.MTIwMDAwMzQwMDAwMDAyMQ");
    EXPECT_EQ(must_parse(np::parse_share("2x2.MTIwMDAwMzQwMDAwMDAyMQ")), g);
    // Without the prefix the decoded length (16) says 2x2.
    EXPECT_EQ(must_parse(np::parse_share("MTIwMDAwMzQwMDAwMDAyMQ")), g);
    // Padding and upper-case X are accepted on input.
    EXPECT_EQ(must_parse(np::parse_share("2X2.MTIwMDAwMzQwMDAwMDAyMQ==")), g);
    // 3x3 may carry one too.
    EXPECT_EQ(must_parse(np::parse_share(std::string("3x3.") + kPuzzleShare)),
              must_parse(np::parse_line(kPuzzleDots)));
}

TEST(ShareFormat, Errors) {
    Reason r = must_fail(np::parse_share("MDAw!DAw"));
    EXPECT_EQ(r.code, ReasonCode::bad_character);
    EXPECT_NE(r.message.find("position 5"), std::string::npos) << r.message;

    r = must_fail(np::parse_share("MDAwM"));  // 5 characters: not Base64
    EXPECT_EQ(r.code, ReasonCode::wrong_length);

    r = must_fail(np::parse_share("MDAw"));  // decodes to "000"
    EXPECT_EQ(r.code, ReasonCode::wrong_length);
    EXPECT_EQ(r.message, "expected 16, 36, 81, 144, 256 or 625 cells, got 3 (decoded from the share string)");
    r = must_fail(np::parse_share("MDAw", Geometry{3, 3}));
    EXPECT_EQ(r.message, "expected 81 cells for a 3x3 puzzle, got 3 (decoded from the share string)");

    r = must_fail(np::parse_share("2x2.MTIwMDAwMzQwMDAwMDAyMQ", Geometry{3, 3}));
    EXPECT_EQ(r.code, ReasonCode::wrong_length);
    r = must_fail(np::parse_share("6x6.MTIwMDAwMzQwMDAwMDAyMQ"));
    EXPECT_EQ(r.code, ReasonCode::wrong_length);

    // "5000000000000000" as a 2x2 share: value 5 at row 1, column 1.
    r = must_fail(np::parse_share("2x2.NTAwMDAwMDAwMDAwMDAwMA"));
    EXPECT_EQ(r.code, ReasonCode::value_out_of_range);
    EXPECT_EQ((std::tuple{r.row, r.column, r.box, r.value}), (std::tuple{1, 1, 1, 5}));

    // '-' and '_' are Base64url digits 62 (111110) and 63 (111111): 22 of
    // them decode to 16 bytes that are no symbols. The first byte is
    // 11111011 = 0xFB for '-' and 11111111 = 0xFF for '_', at row 1, column 1.
    for (const auto& [c, byte] : {std::pair{'-', "0xFB"}, std::pair{'_', "0xFF"}}) {
        r = must_fail(np::parse_share("2x2." + std::string(22, c)));
        EXPECT_EQ(r.code, ReasonCode::bad_character);
        EXPECT_EQ((std::tuple{r.row, r.column}), (std::tuple{1, 1}));
        EXPECT_EQ(r.message, std::string("bad character byte ") + byte +
                                 " at position 1 (row 1, column 1) of the decoded share string");
    }
}

TEST(ShareFormat, LooksLikeShare) {
    EXPECT_TRUE(np::looks_like_share(kPuzzleShare));
    EXPECT_TRUE(np::looks_like_share(kPuzzleShare, Geometry{3, 3}));
    EXPECT_FALSE(np::looks_like_share(kPuzzleShare, Geometry{2, 2}));  // decodes to 81, not 16
    EXPECT_TRUE(np::looks_like_share("2x2.MTIwMDAwMzQwMDAwMDAyMQ"));
    EXPECT_TRUE(np::looks_like_share("MTIwMDAwMzQwMDAwMDAyMQ"));
    EXPECT_FALSE(np::looks_like_share(kPuzzleDigits));  // a line: 81 characters
    EXPECT_FALSE(np::looks_like_share(kPuzzleDots));
    EXPECT_FALSE(np::looks_like_share("MDAw"));  // decodes to 3 bytes
    EXPECT_FALSE(np::looks_like_share(""));
    EXPECT_FALSE(np::looks_like_share(std::string(kPuzzleShare) + "!"));
    // Digits only but of a share's length: a share (of an odd board).
    EXPECT_TRUE(np::looks_like_share(std::string(108, '1')));
}

TEST(ParsePuzzle, AutomaticDispatch) {
    const Grid g = must_parse(np::parse_line(kPuzzleDots));
    EXPECT_EQ(must_parse(np::parse_puzzle(kPuzzleDots)), g);
    EXPECT_EQ(must_parse(np::parse_puzzle(kPuzzleDigits)), g);
    EXPECT_EQ(must_parse(np::parse_puzzle(kPuzzleShare)), g);
    EXPECT_EQ(must_parse(np::parse_puzzle(kPuzzleGrid)), g);
    EXPECT_EQ(must_parse(np::parse_puzzle(std::string(kPuzzleDots) + "\n")), g);
    EXPECT_EQ(must_parse(np::parse_puzzle(kPuzzleShare, np::InputFormat::share, Geometry{3, 3})), g);
    // Forced formats are honoured: a share string read as a line is too long.
    EXPECT_EQ(must_fail(np::parse_puzzle(kPuzzleShare, np::InputFormat::line)).code,
              ReasonCode::wrong_length);
    EXPECT_EQ(must_fail(np::parse_puzzle(kPuzzleDots, np::InputFormat::grid)).code,
              ReasonCode::wrong_length);
}

}  // namespace
