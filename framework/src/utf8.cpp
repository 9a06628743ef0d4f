// UTF-8 checks for text that crosses a trust boundary (plugin output, corpus
// files, command lines) before it goes into JSON or YAML, and the way to and
// from UTF-16 code units (lz-string, which works on JavaScript strings).
#include "numplace/utf8.hpp"

#include <cstdint>

namespace np {

namespace {

// Length of the valid UTF-8 sequence at text[i], or 0 when it is not one.
std::size_t utf8_length(const unsigned char* s, std::size_t n, std::size_t i) {
    auto cont = [&](std::size_t k) { return k < n && (s[k] & 0xC0) == 0x80; };
    const unsigned char c = s[i];
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) return cont(i + 1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(i + 1) || !cont(i + 2)) return 0;
        const unsigned char d = s[i + 1];
        // No overlong forms (E0 80..9F) and no surrogates (ED A0..BF).
        return (c == 0xE0 && d < 0xA0) || (c == 0xED && d >= 0xA0) ? 0 : 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(i + 1) || !cont(i + 2) || !cont(i + 3)) return 0;
        const unsigned char d = s[i + 1];
        return (c == 0xF0 && d < 0x90) || (c == 0xF4 && d >= 0x90) ? 0 : 4;
    }
    return 0;
}

}  // namespace

// True when the whole text is valid UTF-8; plain ASCII (nearly every row)
// takes the quick loop.
bool is_utf8(std::string_view text) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        if (s[i] < 0x80) {
            ++i;
            continue;
        }
        const std::size_t len = utf8_length(s, n, i);
        if (len == 0) return false;
        i += len;
    }
    return true;
}

std::string utf8_clean(std::string_view text, bool* replaced) {
    if (is_utf8(text)) return std::string(text);
    std::string out;
    out.reserve(text.size() + 8);
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = utf8_length(s, text.size(), i);
        if (len == 0) {
            out += "\xEF\xBF\xBD";  // U+FFFD for the one bad byte
            if (replaced != nullptr) *replaced = true;
            ++i;
            continue;
        }
        out.append(text.substr(i, len));
        i += len;
    }
    return out;
}

namespace {

// A code point a terminal or a text renderer acts on rather than shows.
bool control_point(uint32_t c) {
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) ||
           (c >= 0x2066 && c <= 0x2069);
}

uint32_t code_point(const unsigned char* s, std::size_t len) {
    if (len == 1) return s[0];
    uint32_t c = s[0] & (0x7f >> len);
    for (std::size_t k = 1; k < len; ++k) c = c << 6 | (s[k] & 0x3f);
    return c;
}

}  // namespace

std::string plain_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = utf8_length(s, text.size(), i);
        if (len == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
            continue;
        }
        const uint32_t c = code_point(s + i, len);
        if (c == '\n') out += "\\n";
        else if (control_point(c)) out += ' ';
        else out.append(text.substr(i, len));
        i += len;
    }
    return out;
}

namespace {

bool high_surrogate(uint32_t u) { return u >= 0xD800 && u <= 0xDBFF; }
bool low_surrogate(uint32_t u) { return u >= 0xDC00 && u <= 0xDFFF; }

void append_utf8(std::string& out, uint32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
        return;
    }
    // The lead byte's marker and how many continuation bytes follow.
    const int more = c < 0x800 ? 1 : c < 0x10000 ? 2 : 3;
    const uint32_t lead = more == 1 ? 0xC0 : more == 2 ? 0xE0 : 0xF0;
    out += static_cast<char>(lead | c >> (6 * more));
    for (int k = more - 1; k >= 0; --k) out += static_cast<char>(0x80 | ((c >> (6 * k)) & 0x3F));
}

}  // namespace

std::u16string utf16_from_utf8(std::string_view text) {
    std::u16string out;
    out.reserve(text.size());
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = utf8_length(s, text.size(), i);
        const uint32_t c = len == 0 ? 0xFFFD : code_point(s + i, len);
        i += len == 0 ? 1 : len;
        if (c < 0x10000) {
            out += static_cast<char16_t>(c);
        } else {
            out += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
            out += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
        }
    }
    return out;
}

std::string utf8_from_utf16(std::u16string_view units) {
    std::string out;
    out.reserve(units.size());
    for (std::size_t i = 0; i < units.size(); ++i) {
        uint32_t c = units[i];
        if (high_surrogate(c) && i + 1 < units.size() && low_surrogate(units[i + 1]))
            c = 0x10000 + ((c - 0xD800) << 10) + (units[++i] - 0xDC00);
        else if (high_surrogate(c) || low_surrogate(c))
            c = 0xFFFD;
        append_utf8(out, c);
    }
    return out;
}

}  // namespace np
