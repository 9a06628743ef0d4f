// simd's AVX2 path: two digits' boards per 256-bit register, one per
// 128-bit half (core.hpp explains the layout). Every operation the core
// uses stays inside a half (the 32-bit shifts, and VPSHUFD, which shuffles
// each half alike), so a pass over the nine digits takes five steps.
#pragma once

#include <immintrin.h>

#include <cstdint>

namespace simd::avx2 {

constexpr int kDigitsPerVector = 2;

struct V {
    __m256i x;
};

inline V load(const uint32_t* p) { return {_mm256_load_si256(reinterpret_cast<const __m256i*>(p))}; }
inline void store(uint32_t* p, V v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v.x); }
inline V lanes3(uint32_t c) {
    const int i = static_cast<int>(c);
    return {_mm256_setr_epi32(i, i, i, 0, i, i, i, 0)};
}
inline V zero() { return {_mm256_setzero_si256()}; }
inline V and_(V a, V b) { return {_mm256_and_si256(a.x, b.x)}; }
inline V or_(V a, V b) { return {_mm256_or_si256(a.x, b.x)}; }
inline V xor_(V a, V b) { return {_mm256_xor_si256(a.x, b.x)}; }
inline V but(V a, V b) { return {_mm256_andnot_si256(b.x, a.x)}; }
inline V add(V a, V b) { return {_mm256_add_epi32(a.x, b.x)}; }
inline V sub(V a, V b) { return {_mm256_sub_epi32(a.x, b.x)}; }
inline V mul(V a, V b) { return {_mm256_mullo_epi32(a.x, b.x)}; }
template <int N>
inline V srl(V a) { return {_mm256_srli_epi32(a.x, N)}; }
template <int N>
inline V sll(V a) { return {_mm256_slli_epi32(a.x, N)}; }
inline V rot1(V a) { return {_mm256_shuffle_epi32(a.x, _MM_SHUFFLE(3, 0, 2, 1))}; }
inline V rot2(V a) { return {_mm256_shuffle_epi32(a.x, _MM_SHUFFLE(3, 1, 0, 2))}; }
inline bool any(V a) { return !_mm256_testz_si256(a.x, a.x); }
// The first `n` digits (halves) kept, the others cleared (the padding board).
inline V first_digits(V a, int n) { return n >= 2 ? a : V{_mm256_blend_epi32(a.x, _mm256_setzero_si256(), 0xF0)}; }
// The merge of counts: the halves swapped, the other digit of the pair.
constexpr int kFoldSteps = 1;
inline V partner(V a, int) { return {_mm256_permute2x128_si256(a.x, a.x, 1)}; }

}  // namespace simd::avx2
