#include "numplace/digest.hpp"

#include <openssl/evp.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <vector>

namespace np {

namespace {

using DigestContext = std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)>;

std::string to_hex(const unsigned char* bytes, unsigned int size) {
    static const char kDigits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(2 * size);
    for (unsigned int i = 0; i < size; ++i) {
        hex += kDigits[bytes[i] >> 4];
        hex += kDigits[bytes[i] & 0xf];
    }
    return hex;
}

// One digest, fed by `feed` (which calls `update` with each piece and
// returns false when its source failed); "" when OpenSSL or the source did.
template <class Feed>
std::string sha256_of(Feed&& feed) {
    DigestContext context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1) return "";
    bool updated = true;
    const auto update = [&](const void* data, std::size_t size) {
        updated = updated && EVP_DigestUpdate(context.get(), data, size) == 1;
    };
    if (!feed(update) || !updated) return "";
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(context.get(), digest, &size) != 1) return "";
    return to_hex(digest, size);
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
    return sha256_of([&](const auto& update) {
        update(bytes.data(), bytes.size());
        return true;
    });
}

std::optional<std::string> sha256_file(const std::string& path, std::string& error) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        error = std::string("cannot read it: ") + std::strerror(errno);
        return std::nullopt;
    }
    std::vector<char> piece(1 << 16);
    std::string hex = sha256_of([&](const auto& update) {
        while (file.read(piece.data(), static_cast<std::streamsize>(piece.size())) || file.gcount() > 0)
            update(piece.data(), static_cast<std::size_t>(file.gcount()));
        return file.eof() && !file.bad();
    });
    if (hex.empty()) {
        error = "cannot read it to the end";
        return std::nullopt;
    }
    return hex;
}

struct Sha256::Context {
    DigestContext digest{EVP_MD_CTX_new(), &EVP_MD_CTX_free};
};

Sha256::Sha256() : context_(std::make_unique<Context>()) {
    good_ = context_->digest && EVP_DigestInit_ex(context_->digest.get(), EVP_sha256(), nullptr) == 1;
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) {
    good_ = good_ && EVP_DigestUpdate(context_->digest.get(), bytes.data(), bytes.size()) == 1;
}

std::string Sha256::finish() {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (!good_ || EVP_DigestFinal_ex(context_->digest.get(), digest, &size) != 1) return "";
    good_ = false;
    return to_hex(digest, size);
}

}  // namespace np
