// lz-string's Base64 form (compressToBase64 / decompressFromBase64), written
// from the format below; tests/framework/lzstring_test.cpp checks it against
// the JavaScript library's own output.
//
// CODES. An LZW stream over 16-bit code units. Codes 0, 1 and 2 are
// commands, 3 and up name dictionary entries (runs of units already sent):
//
//   0   a unit not sent before follows, in 8 bits (it is below 256)
//   1   a unit not sent before follows, in 16 bits
//   2   the end of the stream
//   n   entry n
//
// Both sides number entries alike: a literal takes the next number, then
// every word (what a code stands for) but the first makes one more: the
// previous word and this word's first unit. So the encoder may name the
// entry the decoder is about to make (LZW's KwKwK case: the previous word
// and its own first unit).
//
// WIDTHS. Let t count the literals and the words sent so far (a literal
// counts twice: it is a word as well). The next code takes w = bit_width(t +
// 2) bits, the fewest that hold t + 2, the highest code that can come next
// (the entry the decoder is about to make). The first code has 2 bits; after
// a first literal, 3; 4 from t = 6, 5 from t = 14: one more each time t + 2
// reaches a power of two.
//
// BITS. A code goes out least significant bit first; the bits fill Base64
// characters six at a time, the first bit into the character's highest
// place (32). "a" becomes "IZA=":
//
//     code 0 (8-bit literal)    'a' = 0x61                 code 2 (end)
//     2 bits: 0 0               8 bits: 1 0 0 0 0 1 1 0    3 bits: 0 1 0
//
//     stream  | 0 0 1 0 0 0 | 0 1 1 0 0 1 | 0 0 0 0 0 0 |
//     sextet  |   8 = 'I'   |  25 = 'Z'   |   0 = 'A'   |  '='
//
// Zeros fill the last character; a stream that ends on a character's edge
// still gets one more, all zeros ('A'), as the library writes it. Then '='
// pads to a multiple of four characters.
#include "numplace/lzstring.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "numplace/utf8.hpp"

namespace np::lz {

namespace {

constexpr uint64_t kLiteral8 = 0;
constexpr uint64_t kLiteral16 = 1;
constexpr uint64_t kEnd = 2;

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr int8_t kNotBase64 = -1;

// Byte -> its value in kAlphabet, or kNotBase64.
constexpr std::array<int8_t, 256> sextet_table() {
    std::array<int8_t, 256> table{};
    table.fill(kNotBase64);
    for (std::size_t i = 0; i < kAlphabet.size(); ++i)
        table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<int8_t>(i);
    return table;
}
constexpr std::array<int8_t, 256> kSextets = sextet_table();

// The width of the next code, t being the literals and words sent so far.
int code_width(uint64_t t) { return static_cast<int>(std::bit_width(t + 2)); }

// ---- Compressing -----------------------------------------------------------

// Bits into Base64 characters, as drawn above.
class BitWriter {
public:
    // The low `width` bits of `value`, least significant first.
    void put(uint64_t value, int width) {
        for (int i = 0; i < width; ++i) put_bit(static_cast<unsigned>(value >> i) & 1u);
    }

    // The characters: the last filled with zeros (one more when the stream
    // ends on a character's edge), then '=' to a multiple of four.
    std::string finish() {
        do put_bit(0);
        while (filled_ != 0);
        out_.append((4 - out_.size() % 4) % 4, '=');
        return std::move(out_);
    }

private:
    void put_bit(unsigned bit) {
        sextet_ = sextet_ << 1 | bit;
        if (++filled_ == 6) {
            out_ += kAlphabet[sextet_];
            sextet_ = 0;
            filled_ = 0;
        }
    }

    std::string out_;
    unsigned sextet_ = 0;
    int filled_ = 0;
};

// Greedy LZW: the word grows while word + next unit is an entry; then the
// word goes out and word + unit becomes an entry.
class Encoder {
public:
    std::string run(std::u16string_view units) {
        for (char16_t unit : units) {
            if (unit_codes_.try_emplace(unit, next_code_).second) {
                ++next_code_;
                unsent_.insert(unit);
            }
            if (word_length_ == 0) {
                start_word(unit);
                continue;
            }
            const uint64_t key = word_ << 16 | unit;
            if (const auto found = pairs_.find(key); found != pairs_.end()) {
                word_ = found->second;
                ++word_length_;
                continue;
            }
            send_word();
            pairs_.emplace(key, next_code_++);
            start_word(unit);
        }
        if (word_length_ > 0) send_word();
        bits_.put(kEnd, code_width(sent_));
        return bits_.finish();
    }

private:
    void start_word(char16_t unit) {
        word_ = unit_codes_.at(unit);
        word_length_ = 1;
        word_unit_ = unit;
    }

    // A unit the decoder has not seen goes as a literal (the decoder makes
    // its entry then, under the code the encoder gave it on first sight).
    void send_word() {
        if (word_length_ == 1 && unsent_.erase(word_unit_) == 1) {
            const bool wide = word_unit_ > 0xFF;
            bits_.put(wide ? kLiteral16 : kLiteral8, code_width(sent_));
            bits_.put(word_unit_, wide ? 16 : 8);
            ++sent_;
        } else {
            bits_.put(word_, code_width(sent_));
        }
        ++sent_;
    }

    BitWriter bits_;
    std::unordered_map<char16_t, uint64_t> unit_codes_;
    std::unordered_set<char16_t> unsent_;
    std::unordered_map<uint64_t, uint64_t> pairs_;  // word << 16 | unit -> entry
    uint64_t next_code_ = 3;
    uint64_t sent_ = 0;  // t: literals and words sent
    uint64_t word_ = 0;  // the current word's entry
    std::size_t word_length_ = 0;
    char16_t word_unit_ = 0;  // its unit, when it has one
};

// ---- Decompressing ---------------------------------------------------------

// Bits out of Base64 characters already checked against the alphabet.
class BitReader {
public:
    explicit BitReader(std::string_view text) : text_(text) {}

    // The character that holds the next bit.
    std::size_t position() const { return next_ / 6; }
    std::size_t left() const { return 6 * text_.size() - next_; }

    // The next `width` (at most left()) bits, least significant first.
    uint64_t take(int width) {
        uint64_t value = 0;
        for (int i = 0; i < width; ++i, ++next_) {
            const auto sextet = static_cast<unsigned>(kSextets[static_cast<unsigned char>(text_[next_ / 6])]);
            value |= uint64_t{(sextet >> (5 - next_ % 6)) & 1u} << i;
        }
        return value;
    }

private:
    std::string_view text_;
    std::size_t next_ = 0;  // bits taken
};

// Every entry is a stretch of the output: a literal is where it was
// written, and word + next unit is the word followed by the next word. So
// the dictionary is two numbers an entry, however long the entries grow.
struct Span {
    std::size_t start = 0;
    std::size_t length = 0;
};

// UTF-8 bytes a unit takes: a surrogate pair takes four (a lone surrogate
// three, as U+FFFD; decompress_base64 checks the exact count at the end).
std::size_t utf8_bytes(char16_t unit) {
    if (unit < 0x80) return 1;
    if (unit < 0x800 || (unit >= 0xD800 && unit <= 0xDFFF)) return 2;
    return 3;
}

std::string bound_reason(std::size_t max_output) {
    return "the text grows past the bound of " + std::to_string(max_output) + " bytes";
}

class Decoder {
public:
    Decoder(std::string_view text, std::size_t max_output) : bits_(text), max_output_(max_output) {}

    // True with units() the output, false with error() why not.
    bool run();
    std::u16string& units() { return out_; }
    const Error& error() const { return error_; }

private:
    bool read(uint64_t& code, std::size_t& at);
    bool literal(uint64_t command, std::size_t at, Span& entry);
    bool repeat(uint64_t code, std::size_t at, Span& entry);
    bool room(std::size_t units, std::size_t at);
    bool fail(std::size_t at, std::string reason) {
        error_ = {at, std::move(reason)};
        return false;
    }
    void append(char16_t unit) {
        out_ += unit;
        out_bytes_ += utf8_bytes(unit);
    }

    BitReader bits_;
    std::size_t max_output_;
    std::u16string out_;
    std::size_t out_bytes_ = 0;
    std::vector<Span> entries_ = std::vector<Span>(3);  // 0..2 are the commands
    Span word_;
    uint64_t sent_ = 0;  // t: literals and words read
    Error error_;
};

bool Decoder::run() {
    uint64_t code = 0;
    std::size_t at = 0;
    if (!read(code, at)) return false;
    if (code == kEnd) return true;
    if (code != kLiteral8 && code != kLiteral16)
        return fail(at, "the stream starts with code 3 (a literal or the end code must come first)");
    if (!literal(code, at, word_)) return false;
    sent_ = 2;
    for (;;) {
        if (!read(code, at)) return false;
        if (code == kEnd) return true;
        Span entry;
        if (code == kLiteral8 || code == kLiteral16) {
            if (!literal(code, at, entry)) return false;
            ++sent_;
        } else if (!repeat(code, at, entry)) {
            return false;
        }
        entries_.push_back({word_.start, word_.length + 1});
        ++sent_;
        word_ = entry;
    }
}

bool Decoder::read(uint64_t& code, std::size_t& at) {
    at = bits_.position();
    const int width = code_width(sent_);
    if (bits_.left() >= static_cast<std::size_t>(width)) {
        code = bits_.take(width);
        return true;
    }
    return fail(at, bits_.left() == 0 ? "the stream ends before its end code"
                                      : "the stream ends inside a code");
}

bool Decoder::literal(uint64_t command, std::size_t at, Span& entry) {
    const int width = command == kLiteral8 ? 8 : 16;
    if (bits_.left() < static_cast<std::size_t>(width)) return fail(at, "the stream ends inside a literal");
    const auto unit = static_cast<char16_t>(bits_.take(width));
    if (!room(1, at)) return false;
    entry = {out_.size(), 1};
    append(unit);
    entries_.push_back(entry);
    return true;
}

bool Decoder::repeat(uint64_t code, std::size_t at, Span& entry) {
    if (code > entries_.size())
        return fail(at, "a back-reference to entry " + std::to_string(code) +
                            " that does not exist yet (the next is " + std::to_string(entries_.size()) + ")");
    // The entry about to be made: the word and its own first unit, which
    // the copy below writes before it reads it.
    const Span source = code < entries_.size() ? entries_[code] : Span{word_.start, word_.length + 1};
    if (!room(source.length, at)) return false;
    entry = {out_.size(), source.length};
    for (std::size_t i = 0; i < source.length; ++i) append(out_[source.start + i]);
    return out_bytes_ <= max_output_ || fail(at, bound_reason(max_output_));
}

// Refuses a run that cannot fit before copying it: every unit takes at
// least one byte, so a bomb stops here, not after it has filled memory.
bool Decoder::room(std::size_t units, std::size_t at) {
    return units <= max_output_ - out_bytes_ || fail(at, bound_reason(max_output_));
}

// A character as a reason shows it: printable ASCII quoted, anything else
// as its byte's value.
std::string shown(char c) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) return std::string("'") + c + "'";
    constexpr std::string_view kHex = "0123456789ABCDEF";
    return std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 0xF];
}

// The first character outside the alphabet, and why it cannot be there.
std::optional<Error> foreign_character(std::string_view data) {
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (kSextets[static_cast<unsigned char>(data[i])] != kNotBase64) continue;
        if (data[i] == '=') return Error{i, "'=' is padding, which only ends the text"};
        std::string reason = shown(data[i]) + " is not in lz-string's Base64 alphabet";
        if (data[i] == ' ') reason += " (a '+' that a URL turned into a space?)";
        if (data[i] == '%') reason += " (a URL escape still in the text?)";
        return Error{i, std::move(reason)};
    }
    return std::nullopt;
}

Result failure(Error error) { return Result{std::nullopt, std::move(error)}; }

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

}  // namespace

std::string Error::message() const { return "character " + std::to_string(position) + ": " + reason; }

std::string compress_base64(std::string_view utf8) { return Encoder().run(utf16_from_utf8(utf8)); }

Result decompress_base64(std::string_view text, std::size_t max_output) {
    std::size_t end = text.size();
    while (end > 0 && text[end - 1] == '=') --end;
    const std::string_view data = text.substr(0, end);
    if (auto bad = foreign_character(data)) return failure(std::move(*bad));
    if (data.empty()) return failure({0, text.empty() ? "the text is empty" : "the text is only padding"});
    Decoder decoder(data, max_output);
    if (!decoder.run()) return failure(decoder.error());
    std::string utf8 = utf8_from_utf16(decoder.units());
    if (utf8.size() > max_output) return failure({text.size(), bound_reason(max_output)});
    return Result{std::move(utf8), {}};
}

std::string undo_url_escapes(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
            c = static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
            i += 2;
        }
        out += c == ' ' ? '+' : c;
    }
    return out;
}

}  // namespace np::lz
