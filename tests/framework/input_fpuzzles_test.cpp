// f-puzzles text among the inputs (input.cpp): a link, a compressed string
// or a JSON line is one item taken whole; JSON over several lines is one
// item from its '{' to the '}' that closes it; classic lines around them
// split as before; reading piece by piece splits as the whole text does.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "numplace/input.hpp"

namespace {

using np::InputFormat;
using np::InputItem;

const std::string kLine = "1.3..............................................................................";
const std::string kLink = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwqkLQ";
const std::string kJsonLine = R"({"size":4,"grid":[[{}],[{}]],"title":"a: b, c; d"})";

std::vector<InputItem> split(const std::string& text, InputFormat format = InputFormat::automatic) {
    return np::split_input(text, "f.txt", format, {});
}

std::vector<InputItem> stream(const std::string& text, std::size_t chunk) {
    std::size_t at = 0;
    auto read = [&](char* buffer, std::size_t capacity) {
        const std::size_t n = std::min({chunk, capacity, text.size() - at});
        std::copy_n(text.data() + at, n, buffer);
        at += n;
        return n;
    };
    std::vector<InputItem> items;
    np::read_items(read, "f.txt", InputFormat::automatic, {}, [&](InputItem&& item) {
        items.push_back(std::move(item));
        return true;
    });
    return items;
}

TEST(InputFpuzzles, ALinkIsOneItemTakenWhole) {
    const auto items = split(kLine + "\n" + kLink + "\n" + kLine + "\n");
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(items[1].text, kLink);  // not cut at "https:"
    EXPECT_EQ(items[1].format, InputFormat::fpuzzles);
    EXPECT_EQ(items[1].origin, "f.txt:2");
    EXPECT_EQ(items[0].format, InputFormat::line);
    EXPECT_EQ(items[2].format, InputFormat::line);
}

TEST(InputFpuzzles, AJsonLineIsNotCutAtItsCommas) {
    const auto items = split(kJsonLine + "\n");
    ASSERT_EQ(items.size(), 1u);
    EXPECT_EQ(items[0].text, kJsonLine);
    EXPECT_EQ(items[0].format, InputFormat::fpuzzles);
}

TEST(InputFpuzzles, JsonOverManyLinesIsOneItem) {
    const std::string json = "{\n  \"size\": 4,\n  \"grid\": [\n    [{}, {}]\n  ],\n  \"title\": \"} not a brace\"\n}";
    const auto items = split(kLine + "\n" + json + "\n" + kLine + "\n");
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(items[1].origin, "f.txt:2");
    EXPECT_EQ(items[1].format, InputFormat::fpuzzles);
    EXPECT_EQ(items[1].text.front(), '{');
    EXPECT_EQ(items[1].text.back(), '}');
    EXPECT_NE(items[1].text.find("not a brace"), std::string::npos);
    EXPECT_EQ(items[2].origin, "f.txt:9");
}

TEST(InputFpuzzles, BlankLinesInsideJsonDoNotEndIt) {
    const auto items = split("{\n\"size\": 4,\n\n\"grid\": []\n}\n");
    ASSERT_EQ(items.size(), 1u);
    EXPECT_NE(items[0].text.find("grid"), std::string::npos);
}

TEST(InputFpuzzles, JsonNeverClosedIsStillOneItem) {
    const auto items = split("{\n\"size\": 4,\n\"grid\": [\n");
    ASSERT_EQ(items.size(), 1u);
    EXPECT_EQ(items[0].format, InputFormat::fpuzzles);
    EXPECT_EQ(items[0].origin, "f.txt:1");
}

TEST(InputFpuzzles, TheForcedFormatTakesEveryLine) {
    const auto items = split("N4IgzglgXgpiBcBOA\n# a comment\nsomething else\n", InputFormat::fpuzzles);
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(items[0].format, InputFormat::fpuzzles);
    EXPECT_EQ(items[1].text, "something else");
}

TEST(InputFpuzzles, ReadingPieceByPieceSplitsAsTheWholeText) {
    std::string text;
    for (int i = 0; i < 1000; ++i) text += kLine + "\n";
    text += "{\n\"size\": 4,\n\"grid\": [\n[{}]\n]\n}\n" + kLink + "\n";
    for (int i = 0; i < 1000; ++i) text += kLine + "\n";
    const auto whole = split(text);
    for (std::size_t chunk : {1u, 7u, 4096u}) {
        const auto pieces = stream(text, chunk);
        ASSERT_EQ(pieces.size(), whole.size()) << chunk;
        for (std::size_t i = 0; i < whole.size(); ++i) {
            EXPECT_EQ(pieces[i].text, whole[i].text) << chunk << " " << i;
            EXPECT_EQ(pieces[i].origin, whole[i].origin) << chunk << " " << i;
        }
    }
}

TEST(InputFpuzzles, AnArgumentThatLooksLikeFpuzzlesIsRead) {
    EXPECT_EQ(np::argument_item(kLink, 1, InputFormat::automatic, {}).format, InputFormat::fpuzzles);
    EXPECT_EQ(np::argument_item(kJsonLine, 1, InputFormat::automatic, {}).format, InputFormat::fpuzzles);
    EXPECT_EQ(np::argument_item(kLine, 1, InputFormat::automatic, {}).format, InputFormat::line);
}

}  // namespace
