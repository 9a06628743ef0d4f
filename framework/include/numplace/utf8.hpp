// UTF-8 validity, for text that comes from outside (plugins, files, the
// command line) and must go into JSON or YAML, which hold only UTF-8.
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

}  // namespace np
