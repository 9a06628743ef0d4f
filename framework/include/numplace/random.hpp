// One small PRNG of our own, so that a seed gives the same output with any
// compiler and standard library (std::uniform_int_distribution and
// std::shuffle are implementation-defined, so they are never used).
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

namespace np {

// FNV-1a, 64 bits: a fingerprint of bytes (report inputs, answers) and a
// seed from a name that is the same on every platform (std::hash is not).
// Not for security.
inline uint64_t fnv1a(std::string_view bytes, uint64_t hash = 0xcbf29ce484222325ull) {
    for (unsigned char c : bytes) hash = (hash ^ c) * 0x100000001b3ull;
    return hash;
}

// splitmix64: a 64-bit state advanced by a Weyl increment, then mixed.
// Small, fast, passes BigCrush, and any seed (even 0) is a good one.
class Rng {
public:
    explicit Rng(uint64_t seed) : state_(seed) {}

    uint64_t next() {
        uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    // Uniform in [0, bound), bound >= 1. Rejection sampling on the top of the
    // range removes the modulo bias.
    uint64_t below(uint64_t bound) {
        const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
        uint64_t x;
        do x = next();
        while (x >= limit);
        return x % bound;
    }

    // Fisher-Yates, from the back.
    template <class It>
    void shuffle(It first, It last) {
        for (auto n = static_cast<uint64_t>(last - first); n > 1; --n) {
            auto j = below(n);
            using std::swap;
            swap(first[n - 1], first[j]);
        }
    }

private:
    uint64_t state_;
};

// An independent seed for result `index` of a run seeded with `seed`; what
// makes "K=3 gives the first three of K=10" hold for every generator.
inline uint64_t derive_seed(uint64_t seed, uint64_t index) {
    Rng mixer(seed ^ (index * 0xD1B54A32D192ED03ull));
    mixer.next();
    return mixer.next();
}

}  // namespace np
