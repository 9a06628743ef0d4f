// simd's portable path: a "vector" is four 32-bit words in plain C++, one
// digit's board per vector (core.hpp explains the layout). The compiler may
// vectorize it with SSE2, the x86-64 baseline, or not at all; either way
// the answers are the same as the intrinsic paths'.
#pragma once

#include <cstdint>
#include <cstring>

namespace simd::portable {

constexpr int kDigitsPerVector = 1;

struct V {
    uint32_t w[4];
};

inline V load(const uint32_t* p) {
    V v;
    std::memcpy(v.w, p, sizeof v.w);
    return v;
}
inline void store(uint32_t* p, V v) { std::memcpy(p, v.w, sizeof v.w); }
// (c, c, c, 0): the three band words of one board.
inline V lanes3(uint32_t c) { return {{c, c, c, 0}}; }
inline V zero() { return {{0, 0, 0, 0}}; }

#define SIMD_PORTABLE_OP(name, expr)                                        \
    inline V name(V a, V b) {                                               \
        V r;                                                                \
        for (int i = 0; i < 4; ++i) r.w[i] = (expr);                        \
        return r;                                                           \
    }
SIMD_PORTABLE_OP(and_, a.w[i] & b.w[i])
SIMD_PORTABLE_OP(or_, a.w[i] | b.w[i])
SIMD_PORTABLE_OP(xor_, a.w[i] ^ b.w[i])
SIMD_PORTABLE_OP(but, a.w[i] & ~b.w[i])
SIMD_PORTABLE_OP(add, a.w[i] + b.w[i])
SIMD_PORTABLE_OP(sub, a.w[i] - b.w[i])
SIMD_PORTABLE_OP(mul, a.w[i] * b.w[i])
#undef SIMD_PORTABLE_OP

template <int N>
inline V srl(V a) {
    for (auto& w : a.w) w >>= N;
    return a;
}
template <int N>
inline V sll(V a) {
    for (auto& w : a.w) w <<= N;
    return a;
}
// Bands rotated: word i takes word i+1 (or i+2), modulo 3; word 3 stays.
inline V rot1(V a) { return {{a.w[1], a.w[2], a.w[0], a.w[3]}}; }
inline V rot2(V a) { return {{a.w[2], a.w[0], a.w[1], a.w[3]}}; }
inline bool any(V a) { return (a.w[0] | a.w[1] | a.w[2] | a.w[3]) != 0; }
// One digit per vector: no padding to clear, no counts to merge.
inline V first_digits(V a, int) { return a; }
constexpr int kFoldSteps = 0;
inline V partner(V a, int) { return a; }

}  // namespace simd::portable
