// Splitting files and arguments into puzzle items.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "numplace/input.hpp"

namespace {

using np::Geometry;
using np::Grid;
using np::InputFormat;
using np::InputItem;

constexpr const char* kPuzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr const char* kPuzzleDigits =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
constexpr const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
constexpr const char* kPuzzleShare =
    "NTMwMDcwMDAwNjAwMTk1MDAwMDk4MDAwMDYwODAwMDYwMDAzNDAwODAzMDAxNzAwMDIwMDA2MDYw"
    "MDAwMjgwMDAwNDE5MDA1MDAwMDgwMDc5";

std::vector<InputItem> split(const std::string& text, InputFormat format = InputFormat::automatic,
                             std::optional<Geometry> size = {}) {
    return np::split_input(text, "f.txt", format, size);
}

Grid grid_of(const std::string& line, std::optional<Geometry> size = {}) {
    auto r = np::parse_line(line, size);
    EXPECT_TRUE(np::parsed(r)) << line;
    return np::parsed(r) ? std::get<Grid>(r) : Grid{};
}

// Parses an item the way the host will: by its own format.
np::ParseResult parse(const InputItem& item, std::optional<Geometry> size = {}) {
    return np::parse_puzzle(item.text, item.format, size);
}

Grid parsed_grid(const InputItem& item, std::optional<Geometry> size = {}) {
    auto r = parse(item, size);
    if (!np::parsed(r)) {
        ADD_FAILURE() << item.origin << ": " << std::get<np::Reason>(r).message;
        return Grid{};
    }
    return std::get<Grid>(r);
}

std::string strip_final_newline(std::string s) {
    if (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
}

TEST(SplitInput, TdokuStyleLinesCommentsAndBlanks) {
    const std::string text = std::string("# a comment\n") + kPuzzle + ":1:" + kSolution + "\n" +
                             "\n" +
                             "   " + kPuzzleDigits + ",easy;x\n" +
                             "  # indented comment\n" +
                             kSolution + "\t9\n" +
                             kPuzzle;  // no final newline
    const auto items = split(text);
    ASSERT_EQ(items.size(), 4u);
    EXPECT_EQ(items[0].origin, "f.txt:2");
    EXPECT_EQ(items[0].text, kPuzzle);
    EXPECT_EQ(items[0].format, InputFormat::line);
    EXPECT_EQ(items[1].origin, "f.txt:4");
    EXPECT_EQ(items[1].text, kPuzzleDigits);
    EXPECT_EQ(items[2].origin, "f.txt:6");
    EXPECT_EQ(items[2].text, kSolution);
    EXPECT_EQ(items[3].origin, "f.txt:7");
    EXPECT_EQ(items[3].text, kPuzzle);
    for (const auto& item : items) EXPECT_TRUE(np::parsed(parse(item))) << item.origin;
}

TEST(SplitInput, WindowsLineEndingsAndStdinPrefix) {
    const std::string text = std::string(kPuzzle) + "\r\n\r\n" + kSolution + "\r\n";
    const auto items = np::split_input(text, "stdin", InputFormat::automatic, {});
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(items[0].origin, "stdin:1");
    EXPECT_EQ(items[0].text, kPuzzle);
    EXPECT_EQ(items[1].origin, "stdin:3");
    EXPECT_EQ(items[1].text, kSolution);
}

TEST(SplitInput, EmptyAndCommentOnlyInputHasNoItems) {
    EXPECT_TRUE(split("").empty());
    EXPECT_TRUE(split("\n\n  \n# nothing\n").empty());
}

TEST(SplitInput, BorderedGridsWithAndWithoutBlankLines) {
    const Grid a = grid_of(kPuzzle);
    const Grid b = grid_of(kSolution);
    const std::string ga = np::format_grid(a), gb = np::format_grid(b);

    for (const std::string& between : {std::string("\n"), std::string()}) {
        SCOPED_TRACE(between.empty() ? "back to back" : "blank line between");
        const std::string text = "# two grids\n" + ga + between + gb;
        const auto items = split(text);
        ASSERT_EQ(items.size(), 2u);
        EXPECT_EQ(items[0].origin, "f.txt:2");
        EXPECT_EQ(items[0].format, InputFormat::grid);
        EXPECT_EQ(items[0].text, strip_final_newline(ga));
        EXPECT_EQ(parsed_grid(items[0]), a);
        EXPECT_EQ(items[1].origin, between.empty() ? "f.txt:15" : "f.txt:16");
        EXPECT_EQ(items[1].text, strip_final_newline(gb));
        EXPECT_EQ(parsed_grid(items[1]), b);
    }
}

TEST(SplitInput, SharedBorderBetweenGrids) {
    // One border line between two grids closes the first; the second starts
    // at its first row.
    const std::string ga = np::format_grid(grid_of(kPuzzle));
    std::string gb = np::format_grid(grid_of(kSolution));
    gb = gb.substr(gb.find('\n') + 1);  // without its top border
    const auto items = split(ga + gb);
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(items[0].origin, "f.txt:1");
    EXPECT_EQ(items[1].origin, "f.txt:14");
    EXPECT_EQ(parsed_grid(items[0]), grid_of(kPuzzle));
    EXPECT_EQ(parsed_grid(items[1]), grid_of(kSolution));
}

// Seed 001's console output, copied as printed: the tail of one bordered
// grid, then a complete bordered grid, then the program's closing message.
constexpr const char* kSeed001Stars =
    "* 1 6 9 * 2 8 3 * 7 5 4 *\n"
    "* 4 7 3 * 9 5 6 * 2 1 8 *\n"
    "* * * * * * * * * * * * *\n"
    "\n"
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
    "* * * * * * * * * * * * *\n"
    "\n"
    "\xe7\x94\x9f\xe6\x88\x90\xe3\x81\x95\xe3\x82\x8c\xe3\x81\x9f\xe6\x95\xb0\xe7\x8b\xac"
    "\xef\xbc\x88\xe3\x83\x8a\xe3\x83\xb3\xe3\x83\x97\xe3\x83\xac\xef\xbc\x89\xe3\x81\xaf"
    "10\xe5\x80\x8b\xe3\x81\xa7\xe3\x81\x99\xe3\x80\x82\n";  // 生成された数独（ナンプレ）は10個です。

constexpr const char* kSeed001Grid =
    "698512437314879625527364891736425189941638572285791346852147963173986254469253718";

TEST(SplitInput, SeedOneStarGrids) {
    const auto items = split(kSeed001Stars);
    ASSERT_EQ(items.size(), 3u);
    // The two-row tail is a grid item that the parser rejects.
    EXPECT_EQ(items[0].origin, "f.txt:1");
    EXPECT_EQ(items[0].format, InputFormat::grid);
    auto r = parse(items[0]);
    ASSERT_FALSE(np::parsed(r));
    EXPECT_EQ(std::get<np::Reason>(r).code, np::ReasonCode::wrong_length);
    // The complete grid, from its top border.
    EXPECT_EQ(items[1].origin, "f.txt:5");
    EXPECT_EQ(items[1].format, InputFormat::grid);
    EXPECT_EQ(np::format_line(parsed_grid(items[1])), kSeed001Grid);
    // The message line is an item of its own, and a bad one.
    EXPECT_EQ(items[2].origin, "f.txt:19");
    r = parse(items[2]);
    ASSERT_FALSE(np::parsed(r));
    EXPECT_EQ(std::get<np::Reason>(r).code, np::ReasonCode::bad_character);
}

TEST(SplitInput, SeedOneStarGridsBackToBack) {
    // Two bordered grids with no blank line: each grid has its own top and
    // bottom border, so two border lines meet between them.
    std::string one(kSeed001Stars);
    one = one.substr(one.find("\n\n") + 2);
    one = one.substr(0, one.find("\n\n") + 1);
    const auto items = split(one + one + one);
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(items[0].origin, "f.txt:1");
    EXPECT_EQ(items[1].origin, "f.txt:14");
    EXPECT_EQ(items[2].origin, "f.txt:27");
    for (const auto& item : items) EXPECT_EQ(np::format_line(parsed_grid(item)), kSeed001Grid);
}

TEST(SplitInput, PlainRowsBackToBack) {
    // Seed 001's plain output style: rows of "d d d ...", here two grids with
    // no blank line between them, then a third after one.
    std::string rows;
    for (int r = 0; r < 9; ++r) {
        for (int c = 0; c < 9; ++c) rows += std::string(c ? " " : "") + kSolution[r * 9 + c];
        rows += "\n";
    }
    const auto items = split(rows + rows + "\n" + rows);
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(items[0].origin, "f.txt:1");
    EXPECT_EQ(items[1].origin, "f.txt:10");
    EXPECT_EQ(items[2].origin, "f.txt:20");
    for (const auto& item : items) {
        EXPECT_EQ(item.format, InputFormat::grid);
        EXPECT_EQ(parsed_grid(item), grid_of(kSolution));
    }
}

TEST(SplitInput, ABadLineInTheMiddleIsItsOwnItem) {
    std::string with_bad_char = kPuzzle;
    with_bad_char[3] = '?';
    const std::string text = std::string(kPuzzle) + "\n" +
                             "53..7....6..195\n" +                       // line 2: too short
                             kSolution + "\n" +                          // line 3
                             std::string(kPuzzle).substr(1) + "\n" +     // line 4: 80 cells
                             "# note\n" +                                // line 5
                             with_bad_char + "\n" +                      // line 6
                             kPuzzleDigits + "\n";                       // line 7
    const auto items = split(text);
    ASSERT_EQ(items.size(), 6u);
    const char* origins[] = {"f.txt:1", "f.txt:2", "f.txt:3", "f.txt:4", "f.txt:6", "f.txt:7"};
    const bool ok[] = {true, false, true, false, false, true};
    for (std::size_t i = 0; i < items.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(items[i].origin, origins[i]);
        EXPECT_EQ(items[i].format, InputFormat::line);
        EXPECT_EQ(np::parsed(parse(items[i])), ok[i]);
    }
    EXPECT_EQ(items[1].text, "53..7....6..195");
    EXPECT_EQ(std::get<np::Reason>(parse(items[1])).code, np::ReasonCode::wrong_length);
    EXPECT_EQ(std::get<np::Reason>(parse(items[3])).code, np::ReasonCode::wrong_length);
    EXPECT_EQ(std::get<np::Reason>(parse(items[4])).code, np::ReasonCode::bad_character);
}

TEST(SplitInput, ABadRowDoesNotSwallowTheNextPuzzle) {
    // A grid whose first row is short: the block runs to its end (it cannot
    // be counted), and the line puzzle after it stays separate.
    std::string text;
    text += "53..7...\n";
    for (int r = 1; r < 9; ++r) text += std::string(kPuzzle).substr(r * 9, 9) + "\n";
    text += kSolution;
    const auto items = split(text);
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(items[0].format, InputFormat::grid);
    const auto r = parse(items[0]);
    ASSERT_FALSE(np::parsed(r));
    EXPECT_EQ(std::get<np::Reason>(r).row, 1);
    EXPECT_EQ(items[1].origin, "f.txt:10");
    EXPECT_EQ(parsed_grid(items[1]), grid_of(kSolution));
}

TEST(SplitInput, ShareStringsInAFile) {
    const std::string four = np::format_share(grid_of("12....34......21"));
    const std::string text = std::string(kPuzzleShare) + "\n" +
                             kPuzzle + "\n" +
                             four + " a 4x4 one\n" +
                             "3x3." + kPuzzleShare + "\n";
    const auto items = split(text);
    ASSERT_EQ(items.size(), 4u);
    EXPECT_EQ(items[0].format, InputFormat::share);
    EXPECT_EQ(items[0].text, kPuzzleShare);
    EXPECT_EQ(items[1].format, InputFormat::line);
    EXPECT_EQ(items[2].format, InputFormat::share);
    EXPECT_EQ(items[2].text, four);
    EXPECT_EQ(items[3].format, InputFormat::share);
    EXPECT_EQ(parsed_grid(items[0]), grid_of(kPuzzle));
    EXPECT_EQ(parsed_grid(items[2]), grid_of("12....34......21"));
    EXPECT_EQ(parsed_grid(items[3]), grid_of(kPuzzle));
}

TEST(SplitInput, ExplicitFormats) {
    // line: every non-skipped line is one item, short or not.
    auto items = split(std::string("12\n\n") + kPuzzle + ":1\n", InputFormat::line);
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(items[0].text, "12");
    EXPECT_EQ(items[0].format, InputFormat::line);
    EXPECT_EQ(items[1].text, kPuzzle);
    EXPECT_EQ(items[1].origin, "f.txt:3");

    // share: the same, read as share.
    items = split(std::string(kPuzzleShare) + "\n", InputFormat::share);
    ASSERT_EQ(items.size(), 1u);
    EXPECT_EQ(items[0].format, InputFormat::share);

    // grid: blocks of rows, here two 4x4 grids back to back.
    items = split("12..\n..34\n....\n..21\n1234\n3412\n2143\n4321\n", InputFormat::grid);
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(items[0].text, "12..\n..34\n....\n..21");
    EXPECT_EQ(items[1].origin, "f.txt:5");
    EXPECT_EQ(parsed_grid(items[1]), grid_of("1234341221434321"));
}

TEST(SplitInput, SizeFixesTheRowCount) {
    // With 2x2, rows of 4 symbols come four at a time.
    const auto items = split("1 2 . .\n. . 3 4\n. . . .\n. . 2 1\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n",
                             InputFormat::automatic, Geometry{2, 2});
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(parsed_grid(items[0], Geometry{2, 2}), grid_of("12....34......21"));
    EXPECT_EQ(parsed_grid(items[1], Geometry{2, 2}), grid_of("1234341221434321"));
}

// A valid 16x16 solution by the usual pattern.
std::string solution16() {
    std::string s;
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c) s += np::value_symbol((r * 4 + r / 4 + c) % 16 + 1);
    return s;
}

TEST(SplitInput, FourByFourLinesStayLines) {
    // 20 consecutive 16-character lines with no value above 4: 4x4 puzzles.
    std::string text;
    for (int i = 0; i < 20; ++i) text += (i % 2 ? "1234341221434321\n" : "12....34......21\n");
    const auto items = split(text);
    ASSERT_EQ(items.size(), 20u);
    for (const auto& item : items) {
        EXPECT_EQ(item.format, InputFormat::line);
        EXPECT_EQ(parsed_grid(item).geometry, (Geometry{2, 2}));
    }
}

TEST(SplitInput, SixteenBySixteenRowsWithoutSpaces) {
    // 16 consecutive 16-character lines holding values above 4: one grid.
    const std::string s = solution16();
    std::string text = "# a 16x16 grid\n";
    for (int r = 0; r < 16; ++r) text += s.substr(static_cast<std::size_t>(r * 16), 16) + "\n";
    auto items = split(text);
    ASSERT_EQ(items.size(), 1u);
    EXPECT_EQ(items[0].origin, "f.txt:2");
    EXPECT_EQ(items[0].format, InputFormat::grid);
    const Grid g = parsed_grid(items[0]);
    EXPECT_EQ(g.geometry, (Geometry{4, 4}));
    EXPECT_EQ(np::format_line(g), s);

    // Two of them back to back: two grids.
    items = split(text + text.substr(text.find('\n') + 1));
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(items[1].origin, "f.txt:18");

    // With the size given, no guessing is needed.
    items = split(text, InputFormat::automatic, Geometry{4, 4});
    ASSERT_EQ(items.size(), 1u);
    EXPECT_EQ(items[0].format, InputFormat::grid);
}

TEST(SplitInput, FifteenLongLinesAreNotAGrid) {
    // Fewer than 16 such lines stay 4x4 line puzzles, even with a 5 in them
    // (which the parser then reports).
    std::string text;
    for (int i = 0; i < 15; ++i) text += "1234341221434325\n";
    const auto items = split(text);
    ASSERT_EQ(items.size(), 15u);
    for (const auto& item : items) {
        EXPECT_EQ(item.format, InputFormat::line);
        const auto r = parse(item);
        ASSERT_FALSE(np::parsed(r));
        EXPECT_EQ(std::get<np::Reason>(r).code, np::ReasonCode::value_out_of_range);
    }
    // With 2x2 given, 16-character lines are always 4x4 puzzles.
    std::string sixteen;
    for (int r = 0; r < 16; ++r) sixteen += solution16().substr(static_cast<std::size_t>(r * 16), 16) + "\n";
    const auto sized = split(sixteen, InputFormat::automatic, Geometry{2, 2});
    EXPECT_EQ(sized.size(), 16u);
}

TEST(ArgumentItem, OriginAndFormat) {
    auto item = np::argument_item(kPuzzle, 2, InputFormat::automatic, {});
    EXPECT_EQ(item.origin, "arg:2");
    EXPECT_EQ(item.text, kPuzzle);
    EXPECT_EQ(item.format, InputFormat::line);

    item = np::argument_item(kPuzzleShare, 1, InputFormat::automatic, {});
    EXPECT_EQ(item.format, InputFormat::share);
    EXPECT_EQ(item.origin, "arg:1");

    const std::string grid = np::format_grid(grid_of(kPuzzle));
    item = np::argument_item(grid, 3, InputFormat::automatic, {});
    EXPECT_EQ(item.format, InputFormat::grid);
    EXPECT_EQ(parsed_grid(item), grid_of(kPuzzle));

    item = np::argument_item(kPuzzleShare, 4, InputFormat::line, {});
    EXPECT_EQ(item.format, InputFormat::line);  // as forced
}

}  // namespace

// ---- Streaming: read_items ------------------------------------------------------

namespace {

// read_items over `text`, handed out `chunk` bytes at a time.
std::vector<InputItem> stream(const std::string& text, std::size_t chunk,
                              InputFormat format = InputFormat::automatic, std::optional<Geometry> size = {}) {
    std::size_t at = 0;
    auto read = [&](char* buffer, std::size_t capacity) {
        const std::size_t n = std::min({chunk, capacity, text.size() - at});
        std::copy_n(text.data() + at, n, buffer);
        at += n;
        return n;
    };
    std::vector<InputItem> items;
    np::read_items(read, "f.txt", format, size, [&](InputItem&& item) {
        items.push_back(std::move(item));
        return true;
    });
    return items;
}

void expect_same(const std::vector<InputItem>& a, const std::vector<InputItem>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].origin, b[i].origin) << i;
        EXPECT_EQ(a[i].text, b[i].text) << i;
        EXPECT_EQ(a[i].format, b[i].format) << i;
        EXPECT_EQ(a[i].problem, b[i].problem) << i;
    }
}

// Grids, lines, comments, a run of 16x16 rows and 4x4 lines: big enough
// (over 64 KiB) to be split into several segments on the way.
std::string mixed_text() {
    std::string text;
    const std::string grid = "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n"
                             "------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n"
                             "7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n"
                             ". . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n";
    for (int i = 0; i < 200; ++i) {
        text += std::string(kPuzzle) + ":1:" + kSolution + "\n# comment\n" + grid + "\n1234341221434320\n";
        if (i % 50 == 0)  // a 16x16 grid written as 16 lines of 16 symbols
            for (int r = 0; r < 16; ++r) text += "123456789abcdefg"[r % 16] + std::string("..............9\n");
        text += "\n";
    }
    return text;
}

TEST(ReadItems, GivesWhatSplitInputGivesInAnyChunking) {
    const std::string text = mixed_text();
    ASSERT_GT(text.size(), std::size_t{1} << 16);
    const auto whole = split(text);
    for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, std::size_t{1} << 20})
        expect_same(stream(text, chunk), whole);
    expect_same(stream(text, 333, InputFormat::line), split(text, InputFormat::line));
    expect_same(stream(text, 333, InputFormat::grid), split(text, InputFormat::grid));
}

TEST(ReadItems, ALineOverTheBoundIsAProblemItemAndTheNextLinesCount) {
    const std::string text = std::string(kPuzzle) + "\n" + std::string(np::kMaxLineBytes + 1, '7') + "\n" + kPuzzle;
    const auto items = stream(text, 1000);
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(items[1].origin, "f.txt:2");
    EXPECT_TRUE(items[1].text.empty());
    EXPECT_EQ(items[1].problem, "a line of 1048577 bytes, over the 1 MiB a line may hold: skipped");
    EXPECT_EQ(items[2].origin, "f.txt:3");  // the last line has no line break
    EXPECT_EQ(items[2].text, kPuzzle);
    const auto parsed = np::parse_item(items[1], {});
    ASSERT_FALSE(np::parsed(parsed));
    EXPECT_EQ(std::get<np::Reason>(parsed).message, items[1].problem);
    // A line of exactly the bound is still read (and found not to be a puzzle).
    EXPECT_TRUE(stream(std::string(np::kMaxLineBytes, '7'), 4096).at(0).problem.empty());
}

TEST(ReadItems, NoLineBreakWithinItsBoundEndsTheInput) {
    std::size_t served = 0;
    auto zeros = [&](char* buffer, std::size_t capacity) {
        std::fill_n(buffer, capacity, '\0');
        served += capacity;
        return capacity;  // like /dev/zero: never ends
    };
    std::vector<InputItem> items;
    EXPECT_TRUE(np::read_items(zeros, "zero", InputFormat::automatic, {}, [&](InputItem&& item) {
        items.push_back(std::move(item));
        return true;
    }));
    ASSERT_EQ(items.size(), 1u);
    EXPECT_EQ(items[0].origin, "zero:1");
    EXPECT_EQ(items[0].problem, "no line break in 64 MiB: the rest of this input is not read");
    EXPECT_LE(served, np::kMaxUnbrokenBytes + (std::size_t{1} << 16));
}

TEST(ReadItems, StopsWhenTheConsumerSaysSo) {
    std::size_t seen = 0;
    std::istringstream in(std::string(kPuzzle) + "\n" + kPuzzle + "\n" + kPuzzle + "\n");
    EXPECT_FALSE(np::read_items(in, "f.txt", InputFormat::automatic, {}, [&](InputItem&&) { return ++seen < 2; }));
    EXPECT_EQ(seen, 2u);
}

}  // namespace
