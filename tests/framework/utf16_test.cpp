// UTF-16 code units from and to UTF-8, as a JavaScript string holds text
// (lz-string works on those).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "numplace/utf8.hpp"

namespace {

TEST(Utf16, AstralCharactersBecomeSurrogatePairs) {
    EXPECT_EQ(np::utf16_from_utf8("a\xf0\x9f\xa7\xa9"), std::u16string(u"a\xD83E\xDDE9"));
    EXPECT_EQ(np::utf8_from_utf16(u"a\xD83E\xDDE9"), "a\xf0\x9f\xa7\xa9");
    EXPECT_EQ(np::utf8_from_utf16(u"\xDDE9\xD83E"), "\xef\xbf\xbd\xef\xbf\xbd");
    EXPECT_EQ(np::utf16_from_utf8("\xc0\x80"), std::u16string(u"\xFFFD\xFFFD"));
}

TEST(Utf16, EveryCharacterRoundTrips) {
    std::u16string all;
    for (uint32_t c = 1; c < 0x10000; ++c)
        if (c < 0xD800 || c > 0xDFFF) all += static_cast<char16_t>(c);
    for (uint32_t c = 0x10000; c <= 0x10FFFF; ++c) {
        all += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
        all += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    }
    EXPECT_EQ(np::utf16_from_utf8(np::utf8_from_utf16(all)), all);
    EXPECT_TRUE(np::is_utf8(np::utf8_from_utf16(all)));
}

}  // namespace
