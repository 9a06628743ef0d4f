// lz-string's "Base64" form: what compressToBase64 and decompressFromBase64
// of pieroxy's JavaScript library lz-string write and read, and what an
// f-puzzles link carries after "?load=" (JSON text). numplace's own codec;
// src/lzstring.cpp draws the format. lz-string works on the UTF-16 code
// units of a JavaScript string; here text is UTF-8 and is converted at the
// boundary, so a character above U+FFFF is a surrogate pair inside, exactly
// as in the browser.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace np::lz {

// The most UTF-8 bytes decompress_base64 writes unless told otherwise. A
// puzzle's JSON is kilobytes; the bound is there because a few kilobytes of
// lz-string can ask for gigabytes (every code may repeat the longest entry
// so far and add a longer one).
inline constexpr std::size_t kDefaultMaxOutput = std::size_t{64} << 20;

// Why a text could not be decompressed: the 0-based character (byte) of the
// Base64 text where it went wrong, and why.
struct Error {
    std::size_t position = 0;
    std::string reason;
    // "character 17: '!' is not in lz-string's Base64 alphabet".
    std::string message() const;
};

// The decompressed UTF-8 text, or the error when there is none.
struct Result {
    std::optional<std::string> text;
    Error error = {};
    bool ok() const { return text.has_value(); }
};

// What lz-string's compressToBase64 returns for the same text, byte for
// byte: the alphabet A-Z a-z 0-9 + /, padded with '=' to a multiple of four.
// A byte of `utf8` that starts no valid UTF-8 sequence is taken as U+FFFD.
std::string compress_base64(std::string_view utf8);

// The text compress_base64 (or lz-string) compressed. Strict where
// lz-string guesses: any character outside A-Z a-z 0-9 + / is an error
// (lz-string reads it as zero bits), except a run of '=' padding at the end;
// so are an empty text, a stream that ends before its end code, a code no
// entry has yet, and output past `max_output` bytes. Like lz-string, what
// follows the end code is not read. A surrogate without its partner in the
// decompressed code units becomes U+FFFD (UTF-8 cannot hold it). Never reads
// past the text; work is linear in the text and the output, and memory at
// worst about three times `max_output` (the output is held as UTF-16, two
// bytes a unit, while it grows) and the dictionary, two numbers an entry.
Result decompress_base64(std::string_view text, std::size_t max_output = kDefaultMaxOutput);

// A pasted link's payload as lz-string wrote it: every %XX escape decoded
// (%2B, %2F, %3D...), then every space turned back into '+' (form decoding
// turns '+' into a space, and the alphabet has no space). A '%' without two
// hex digits is kept, so decompress_base64 names its place. Positions in
// decompress_base64's errors count in the text this returns.
std::string undo_url_escapes(std::string_view text);

}  // namespace np::lz
