// simd's AVX-512 path: four digits' boards per 512-bit register, one per
// 128-bit quarter (core.hpp explains the layout), so a pass over the nine
// digits takes three steps. Every operation the core uses stays inside a
// quarter (32-bit shifts and multiplies, VPSHUFD); only the count merges
// move data between quarters. AVX-512F instructions only.
#pragma once

#include <immintrin.h>

#include <cstdint>

namespace simd::avx512 {

constexpr int kDigitsPerVector = 4;

struct V {
    __m512i x;
};

inline V load(const uint32_t* p) { return {_mm512_load_si512(p)}; }
inline void store(uint32_t* p, V v) { _mm512_store_si512(p, v.x); }
inline V lanes3(uint32_t c) {
    const int i = static_cast<int>(c);
    return {_mm512_setr_epi32(i, i, i, 0, i, i, i, 0, i, i, i, 0, i, i, i, 0)};
}
inline V zero() { return {_mm512_setzero_si512()}; }
inline V and_(V a, V b) { return {_mm512_and_si512(a.x, b.x)}; }
inline V or_(V a, V b) { return {_mm512_or_si512(a.x, b.x)}; }
inline V xor_(V a, V b) { return {_mm512_xor_si512(a.x, b.x)}; }
inline V but(V a, V b) { return {_mm512_andnot_si512(b.x, a.x)}; }
inline V add(V a, V b) { return {_mm512_add_epi32(a.x, b.x)}; }
inline V sub(V a, V b) { return {_mm512_sub_epi32(a.x, b.x)}; }
inline V mul(V a, V b) { return {_mm512_mullo_epi32(a.x, b.x)}; }
template <int N>
inline V srl(V a) { return {_mm512_srli_epi32(a.x, N)}; }
template <int N>
inline V sll(V a) { return {_mm512_slli_epi32(a.x, N)}; }
inline V rot1(V a) { return {_mm512_shuffle_epi32(a.x, static_cast<_MM_PERM_ENUM>(_MM_SHUFFLE(3, 0, 2, 1)))}; }
inline V rot2(V a) { return {_mm512_shuffle_epi32(a.x, static_cast<_MM_PERM_ENUM>(_MM_SHUFFLE(3, 1, 0, 2)))}; }
inline bool any(V a) { return _mm512_test_epi32_mask(a.x, a.x) != 0; }
// The first `n` digits kept, the others cleared (the padding boards).
inline V first_digits(V a, int n) {
    return {_mm512_maskz_mov_epi32(static_cast<__mmask16>((1u << (4 * n)) - 1), a.x)};
}
// The merges of counts: step 0 swaps the 256-bit halves, step 1 the
// quarters inside each half; after both, every quarter has seen all four.
constexpr int kFoldSteps = 2;
inline V partner(V a, int step) {
    return {step == 0 ? _mm512_shuffle_i64x2(a.x, a.x, _MM_SHUFFLE(1, 0, 3, 2))
                      : _mm512_shuffle_i64x2(a.x, a.x, _MM_SHUFFLE(2, 3, 0, 1))};
}

}  // namespace simd::avx512
