// Shared by the libFuzzer targets: a failed property is a crash (libFuzzer
// saves the input that caused it), and the bytes are read a little at a
// time to choose shapes, modes and plugins.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace np::fuzz {

// A property that does not hold: says which, and aborts, so that libFuzzer
// reports the input as a crash and writes it out.
[[noreturn]] inline void property_failed(const char* what, const std::string& detail) {
    std::fprintf(stderr, "\nPROPERTY FAILED: %s\n%s\n", what, detail.c_str());
    std::fflush(stderr);
    std::abort();
}

#define NP_FUZZ_CHECK(condition, detail)                                           \
    do {                                                                           \
        if (!(condition)) ::np::fuzz::property_failed(#condition, (detail));       \
    } while (0)

// The fuzz input, consumed from the front: a byte at a time for choices,
// whatever is left as text.
class Bytes {
public:
    Bytes(const uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    // The next byte, 0 once they run out (so that every input is usable).
    uint8_t byte() {
        if (at_ == size_) return 0;
        return data_[at_++];
    }
    // A choice among n (n >= 1).
    std::size_t pick(std::size_t n) { return byte() % n; }
    std::size_t left() const { return size_ - at_; }
    std::string_view rest() {
        std::string_view r(reinterpret_cast<const char*>(data_) + at_, size_ - at_);
        at_ = size_;
        return r;
    }

private:
    const uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

}  // namespace np::fuzz
