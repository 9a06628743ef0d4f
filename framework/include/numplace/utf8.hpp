// UTF-8 validity, for text that comes from outside (plugins, files, the
// command line) and must go into JSON or YAML, which hold only UTF-8; and
// UTF-16 code units, for formats defined over JavaScript strings.
#pragma once

#include <string>
#include <string_view>

namespace np {

// True when the whole text is valid UTF-8 (no overlong forms, no surrogates).
bool is_utf8(std::string_view text);
// The text with every byte that does not start a valid UTF-8 sequence
// replaced by U+FFFD; `replaced` is set when anything was.
std::string utf8_clean(std::string_view text, bool* replaced = nullptr);

// A plugin's text made safe for every output, once, where it enters the
// host (docs/reliability.md, "Channels"): valid UTF-8 (a bad byte becomes
// U+FFFD), on one line (a newline becomes the two characters \n), and
// nothing a terminal acts on: C0 controls (ESC among them), DEL, the C1
// controls U+0080..U+009F (CSI is U+009B) and the bidirectional overrides
// and isolates (U+202A..U+202E, U+2066..U+2069) become a space.
std::string plain_text(std::string_view text);

// The text as UTF-16 code units, the way a JavaScript string holds it (for
// codecs defined over such strings, like lz-string): a code point above
// U+FFFF becomes a surrogate pair, and a byte that starts no valid sequence
// becomes U+FFFD, as the web's TextDecoder does.
std::u16string utf16_from_utf8(std::string_view text);
// The reverse: UTF-16 code units as UTF-8. A surrogate without its partner
// has no UTF-8 form and becomes U+FFFD, as the web's TextEncoder does.
std::string utf8_from_utf16(std::u16string_view units);

}  // namespace np
