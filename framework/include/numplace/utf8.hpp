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

}  // namespace np
