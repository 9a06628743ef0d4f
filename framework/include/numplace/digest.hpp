// SHA-256 digests, in lowercase hex, through OpenSSL's libcrypto: what a
// report records of each plugin file it ran, so that a changed binary is
// seen (verify --resume refuses one) and a report says exactly what it judged.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace np {

// The SHA-256 of `bytes`: 64 hex digits.
std::string sha256_hex(std::string_view bytes);

// The SHA-256 of the file at `path`, read in pieces (a plugin may be large);
// nullopt and `error` (why, in a few words) when it cannot be read.
std::optional<std::string> sha256_file(const std::string& path, std::string& error);

// A SHA-256 fed in pieces: a report's digest covers rows that are written
// as they come and never held together.
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    void update(std::string_view bytes);
    // The digest of everything given (64 hex digits); "" when OpenSSL
    // failed. Ends the digest: update() after it is not allowed.
    std::string finish();

private:
    struct Context;
    std::unique_ptr<Context> context_;
    bool good_ = true;
};

}  // namespace np
