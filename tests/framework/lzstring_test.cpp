// The lz-string codec of f-puzzles links: the JavaScript library's own
// outputs, round trips, and the hostile streams it must refuse.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "numplace/lzstring.hpp"
#include "numplace/random.hpp"

namespace {

using np::lz::compress_base64;
using np::lz::decompress_base64;
using np::lz::undo_url_escapes;

// ---- The reference's outputs -----------------------------------------------
//
// Produced by the reference implementation, lz-string 1.5.0 (pieroxy,
// npm), with the script beside this file, outside the repository:
//   cp tests/framework/lzstring_vectors.js /tmp/v && cd /tmp/v &&
//   npm install lz-string@1.5.0 && node lzstring_vectors.js
// Each row is (text as UTF-8, LZString.compressToBase64 of it).

struct Vector {
    std::string text;
    std::string base64;
};

const std::vector<Vector> kVectors = {
    {"", "Q==="},
    {"a", "IZA="},
    {"ab", "IYIyA==="},
    {"abcd", "IYIwxgJkA==="},
    {"aaaaaaa", "IY3I"},
    {"ababababababababab", "IYI17SNI"},
    {"Hello, world!", "BIUwNmD2A0AEDukBOYAmBCIA"},
    {std::string("\x00\xc3\xbf\xc4\x80", 5), "AAf8AIBA"},  // U+0000 U+00FF U+0100
    // An f-puzzles 4x4 with four givens.
    {"{\"size\":4,\"title\":\"Tiny\",\"author\":\"numplace\",\"ruleset\":\"Normal sudoku rules apply.\","
     "\"grid\":[[{\"value\":1,\"given\":true},{},{},{}],[{},{},{\"value\":3,\"given\":true},{}],"
     "[{},{\"value\":4,\"given\":true},{},{}],[{},{},{},{\"value\":2,\"given\":true}]]}",
     "N4IgzglgXgpiBcAWANCALhNAbO8QBUIA7ATxFQEMBXNACwHsAnBEIqgWwAcsKBjOVIyo4wMNCwByTdhSwACMFQAm9ANZ"
     "U5QkXIqduJAHTkQAc0YQlCANpXQAN1lVcARlQmIdmEQRohMAL7IwIHBQf4Ausi2ISEgDlhOCADMbh5ePn4xkdFBcY64K"
     "KZp3vC+TjFh2aHVsfGJ8ABMqZ4lZQHh4f5AA"},
    // An empty 9x9 (the "N4Ig" every f-puzzles link starts with).
    {"{\"size\":9,\"grid\":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],"
     "[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],"
     "[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],"
     "[{},{},{},{},{},{},{},{},{}]]}",
     "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssW0iQA="},
    // "Sudoku — ナンプレ ✓": units of 16-bit literals.
    {"Sudoku \xe2\x80\x94 \xe3\x83\x8a\xe3\x83\xb3\xe3\x83\x97\xe3\x83\xac \xe2\x9c\x93",
     "MoVwJg9g1iAEgoBLQUwyGeGQ6wyBuGWhkciA"},
    // "puzzle 🧩🧩 piece": U+1F9E9 is a surrogate pair.
    {"puzzle \xf0\x9f\xa7\xa9\xf0\x9f\xa7\xa9 piece", "A4VwXmA2CmAEh8G4S92m2AS2gY2kA==="},
    {std::string(1000, 'x'), "B418ZXTt/DFOS1b0c17Pd/wYUcSaWeRZVdTbXTEA"},
};

// compressToBase64("a\uD800b"): a lone surrogate, which UTF-8 cannot hold.
constexpr const char* kLoneSurrogate = "IaAA2EZA";

// FNV-1a (np::fnv1a) over compressToBase64(s) + "\n" for the 200 strings
// random_batch_text draws from np::Rng(43), as the script computes it.
constexpr uint64_t kBatchDigest = 0xf83be266618d42f1ull;

TEST(LzString, CompressesLikeTheLibrary) {
    for (const auto& v : kVectors) EXPECT_EQ(compress_base64(v.text), v.base64) << v.text.substr(0, 40);
}

TEST(LzString, DecompressesTheLibrarysOutput) {
    for (const auto& v : kVectors) {
        const auto result = decompress_base64(v.base64);
        ASSERT_TRUE(result.ok()) << v.base64 << ": " << result.error.message();
        EXPECT_EQ(*result.text, v.text);
    }
}

TEST(LzString, AnFPuzzlesLinkDecompressesToItsJson) {
    const auto result = decompress_base64(kVectors[8].base64);
    ASSERT_TRUE(result.ok()) << result.error.message();
    const auto json = nlohmann::json::parse(*result.text);
    EXPECT_EQ(json["size"], 4);
    EXPECT_EQ(json["grid"][1][2]["value"], 3);
    EXPECT_EQ(json["grid"][3][3]["given"], true);
}

TEST(LzString, ALoneSurrogateBecomesTheReplacementCharacter) {
    const auto result = decompress_base64(kLoneSurrogate);
    ASSERT_TRUE(result.ok()) << result.error.message();
    EXPECT_EQ(*result.text, "a\xef\xbf\xbd" "b");
}

TEST(LzString, BadUtf8IsCompressedAsTheReplacementCharacter) {
    EXPECT_EQ(compress_base64("a\xff" "b"), compress_base64("a\xef\xbf\xbd" "b"));
}

// ---- Random text -----------------------------------------------------------

std::string utf8_of(uint32_t c) {
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | c >> 6);
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | c >> 12);
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | c >> 18);
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

// One code point of a kind: 0 three letters (long repeats), 1 printable
// ASCII, 2 the characters of f-puzzles JSON, 3 'x', BMP above U+00FF, or
// above U+FFFF (surrogate pairs). The script draws the same.
uint32_t random_code_point(np::Rng& rng, int kind) {
    if (kind == 0) return 0x61 + static_cast<uint32_t>(rng.below(3));
    if (kind == 1) return 0x20 + static_cast<uint32_t>(rng.below(95));
    if (kind == 2) return static_cast<unsigned char>("{}[]:,\"0123456789givenvaluesize"[rng.below(31)]);
    switch (rng.below(4)) {
        case 0: return 0x78;
        case 1: return 0x100 + static_cast<uint32_t>(rng.below(0xD800 - 0x100));
        case 2: return 0x10000 + static_cast<uint32_t>(rng.below(0x100000));
        default: return 0xE000 + static_cast<uint32_t>(rng.below(0x2000));
    }
}

std::string random_text(np::Rng& rng, int kind, uint64_t max_length) {
    std::string text;
    const auto length = rng.below(max_length);
    for (uint64_t j = 0; j < length; ++j) text += utf8_of(random_code_point(rng, kind));
    return text;
}

// String i of the batch the script compressed: kind i % 4, every tenth
// long enough for codes of 16 bits and more.
std::string random_batch_text(np::Rng& rng, int i) { return random_text(rng, i % 4, i % 10 == 9 ? 40000 : 200); }

void expect_round_trip(const std::string& text) {
    const auto result = decompress_base64(compress_base64(text));
    ASSERT_TRUE(result.ok()) << result.error.message();
    EXPECT_EQ(*result.text, text);
}

TEST(LzString, RandomTextsCompressLikeTheLibrary) {
    np::Rng rng(43);
    uint64_t digest = 0xcbf29ce484222325ull;
    for (int i = 0; i < 200; ++i) {
        const std::string text = random_batch_text(rng, i);
        const std::string base64 = compress_base64(text);
        digest = np::fnv1a(base64 + "\n", digest);
        const auto result = decompress_base64(base64);
        ASSERT_TRUE(result.ok()) << i << ": " << result.error.message();
        EXPECT_EQ(*result.text, text) << i;
    }
    EXPECT_EQ(digest, kBatchDigest);
}

TEST(LzString, RoundTripsRandomText) {
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        np::Rng rng(seed);
        for (int kind = 0; kind < 4; ++kind) expect_round_trip(random_text(rng, kind, 3000));
    }
}

TEST(LzString, RoundTripsRandomFPuzzlesJson) {
    np::Rng rng(7);
    for (int puzzle = 0; puzzle < 20; ++puzzle) {
        nlohmann::json grid = nlohmann::json::array();
        for (int r = 0; r < 9; ++r) {
            nlohmann::json row = nlohmann::json::array();
            for (int c = 0; c < 9; ++c) {
                const auto value = rng.below(20);
                row.push_back(value < 9 ? nlohmann::json{{"value", value + 1}, {"given", true}}
                                        : nlohmann::json::object());
            }
            grid.push_back(row);
        }
        const nlohmann::json json = {{"size", 9}, {"title", random_text(rng, 3, 30)}, {"grid", grid}};
        expect_round_trip(json.dump());
    }
}

// ---- Escapes and padding ---------------------------------------------------

TEST(LzString, PaddingMayBeMissingOrLonger) {
    EXPECT_EQ(decompress_base64("IZA").text, "a");
    EXPECT_EQ(decompress_base64("IZA===").text, "a");
    EXPECT_EQ(decompress_base64("Q").text, "");
}

TEST(LzString, WhatFollowsTheEndCodeIsNotRead) {
    // As in the library: decompressFromBase64("IY3IAAAA") is "aaaaaaa" too.
    EXPECT_EQ(decompress_base64("IY3IAAAA").text, "aaaaaaa");
}

TEST(LzString, UndoUrlEscapesGivesTheLinkBack) {
    EXPECT_EQ(undo_url_escapes("N4Ig%2Ba%2fb%3D%3d"), "N4Ig+a/b==");
    EXPECT_EQ(undo_url_escapes("a b%20c"), "a+b+c");
    EXPECT_EQ(undo_url_escapes("50%zz%4"), "50%zz%4");
    EXPECT_EQ(undo_url_escapes("%"), "%");
    const std::string link = kVectors[9].base64;  // has a '+', a '/' and an '='
    std::string pasted;
    for (char c : link) {
        if (c == '+') pasted += "%2B";
        else if (c == '/') pasted += "%2F";
        else if (c == '=') pasted += "%3D";
        else pasted += c;
    }
    EXPECT_EQ(undo_url_escapes(pasted), link);
    std::string spaced = link;
    std::replace(spaced.begin(), spaced.end(), '+', ' ');
    EXPECT_EQ(decompress_base64(undo_url_escapes(spaced)).text, kVectors[9].text);
}

// ---- Hostile text ----------------------------------------------------------

// Codes packed as drawn in src/lzstring.cpp, written again here so that a
// crafted stream does not depend on the encoder: (value, width) pairs, least
// significant bit first, six bits a character, the first bit highest.
std::string pack(const std::vector<std::pair<uint64_t, int>>& codes) {
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::vector<int> bits;
    for (const auto& [value, width] : codes)
        for (int i = 0; i < width; ++i) bits.push_back(static_cast<int>((value >> i) & 1));
    while (bits.size() % 6 != 0) bits.push_back(0);
    std::string out;
    for (std::size_t i = 0; i < bits.size(); i += 6) {
        int sextet = 0;
        for (std::size_t k = 0; k < 6; ++k) sextet = sextet << 1 | bits[i + k];
        out += alphabet[static_cast<std::size_t>(sextet)];
    }
    return out;
}

std::string error_of(std::string_view text, std::size_t max_output = np::lz::kDefaultMaxOutput) {
    const auto result = decompress_base64(text, max_output);
    return result.ok() ? "(decompressed)" : result.error.message();
}

TEST(LzString, PackWritesWhatTheLibraryWrites) {
    // "a": literal command 0, 'a', end code 2 in 3 bits (src/lzstring.cpp's drawing).
    EXPECT_EQ(pack({{0, 2}, {'a', 8}, {2, 3}}), "IZA");
}

TEST(LzString, AForeignCharacterIsNamedWithItsPlace) {
    std::string text = kVectors[9].base64;
    text[17] = '!';
    EXPECT_EQ(error_of(text), "character 17: '!' is not in lz-string's Base64 alphabet");
    text[17] = '\xc3';
    EXPECT_EQ(error_of(text), "character 17: byte 0xC3 is not in lz-string's Base64 alphabet");
    text[17] = ' ';
    EXPECT_EQ(error_of(text), "character 17: ' ' is not in lz-string's Base64 alphabet "
                              "(a '+' that a URL turned into a space?)");
    EXPECT_EQ(error_of("IZA\n"), "character 3: byte 0x0A is not in lz-string's Base64 alphabet");
    EXPECT_EQ(error_of("IZ=A"), "character 2: '=' is padding, which only ends the text");
}

TEST(LzString, AnEmptyTextIsAnError) {
    EXPECT_EQ(error_of(""), "character 0: the text is empty");
    EXPECT_EQ(error_of("===="), "character 0: the text is only padding");
}

TEST(LzString, EveryTruncatedStreamIsRefused) {
    std::string text = kVectors[8].base64;
    while (text.back() == '=') text.pop_back();
    // The end code's last bit is in one of the last two characters.
    for (std::size_t length = 1; length + 2 <= text.size(); ++length) {
        const auto result = decompress_base64(text.substr(0, length));
        ASSERT_FALSE(result.ok()) << length;
        EXPECT_EQ(result.error.reason.rfind("the stream ends", 0), 0u) << result.error.message();
    }
    EXPECT_EQ(error_of("IZ"), "character 1: the stream ends inside a code");
    EXPECT_EQ(error_of("I"), "character 0: the stream ends inside a literal");
    // A 16-bit literal: 18 bits, three whole characters, and then nothing.
    EXPECT_EQ(error_of(pack({{1, 2}, {'a', 16}})), "character 3: the stream ends before its end code");
}

TEST(LzString, ACodePastTheDictionaryIsRefused) {
    // After the literal 'a' the entries are 3 ('a'); 4 would be the next.
    EXPECT_EQ(decompress_base64(pack({{0, 2}, {'a', 8}, {4, 3}, {2, 3}})).text, "aaa");
    EXPECT_EQ(error_of(pack({{0, 2}, {'a', 8}, {5, 3}, {2, 3}})),
              "character 1: a back-reference to entry 5 that does not exist yet (the next is 4)");
    EXPECT_EQ(error_of(pack({{3, 2}})),
              "character 0: the stream starts with code 3 (a literal or the end code must come first)");
}

// Literal 'a', then `codes` codes that each name the entry about to be made
// (the longest yet, one longer each time): k codes write about k * k / 2
// units from about 2k bytes of text.
std::string bomb(uint64_t codes) {
    std::vector<std::pair<uint64_t, int>> stream = {{0, 2}, {'a', 8}};
    for (uint64_t t = 2, entry = 4; t < codes + 2; ++t, ++entry)
        stream.emplace_back(entry, static_cast<int>(std::bit_width(t + 2)));
    stream.emplace_back(2, static_cast<int>(std::bit_width(codes + 4)));
    return pack(stream);
}

TEST(LzString, ADictionaryBombIsRefusedByTheBound) {
    const std::string small = bomb(100);  // 1 + 2 + ... + 101 units
    EXPECT_EQ(decompress_base64(small, 5151).text, std::string(5151, 'a'));
    EXPECT_NE(error_of(small, 5150).find("the text grows past the bound of 5150 bytes"), std::string::npos);
    // 12,000 codes ask for about 72 million bytes, past the default bound.
    const std::string big = bomb(12000);
    EXPECT_LT(big.size(), 40000u);
    EXPECT_NE(error_of(big).find("grows past the bound of 67108864 bytes"), std::string::npos) << error_of(big);
}

TEST(LzString, RandomTextsDecompressOrAreRefusedWithinTheirLength) {
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    np::Rng rng(11);
    for (int i = 0; i < 20000; ++i) {
        std::string text;
        // A third from four letters: long runs of zero bits, so many literals.
        const auto length = rng.below(i % 100 == 0 ? 3000 : 40);
        for (uint64_t j = 0; j < length; ++j) text += alphabet[rng.below(i % 3 == 0 ? 4 : 64)];
        const auto result = decompress_base64(text, 1 << 16);
        if (result.ok()) EXPECT_LE(result.text->size(), 1u << 16);
        else EXPECT_LE(result.error.position, text.size()) << text;
    }
}

TEST(LzString, TheBoundCountsUtf8Bytes) {
    const std::string text = "\xe3\x83\x8a\xe3\x83\xb3";  // two units, six bytes
    const std::string base64 = compress_base64(text);
    EXPECT_EQ(decompress_base64(base64, 6).text, text);
    EXPECT_FALSE(decompress_base64(base64, 5).ok());
}

}  // namespace
