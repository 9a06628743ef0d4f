// SHA-256 digests, in lowercase hex, through OpenSSL's libcrypto: what a
// report records of each plugin file it ran, so that a changed binary is
// seen (verify --resume refuses one) and a report says exactly what it judged.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace np {

// The SHA-256 of `bytes`: 64 hex digits.
std::string sha256_hex(std::string_view bytes);

// The SHA-256 of the file at `path`, read in pieces (a plugin may be large);
// nullopt and `error` (why, in a few words) when it cannot be read.
std::optional<std::string> sha256_file(const std::string& path, std::string& error);

}  // namespace np
