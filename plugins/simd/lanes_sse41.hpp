// simd's SSE4.1 path: one digit's board per 128-bit register (core.hpp
// explains the layout); PTEST for the "anything left?" tests.
#pragma once

#include <immintrin.h>

#include <cstdint>

namespace simd::sse41 {

constexpr int kDigitsPerVector = 1;

struct V {
    __m128i x;
};

inline V load(const uint32_t* p) { return {_mm_load_si128(reinterpret_cast<const __m128i*>(p))}; }
inline void store(uint32_t* p, V v) { _mm_store_si128(reinterpret_cast<__m128i*>(p), v.x); }
inline V lanes3(uint32_t c) { return {_mm_setr_epi32(static_cast<int>(c), static_cast<int>(c), static_cast<int>(c), 0)}; }
inline V zero() { return {_mm_setzero_si128()}; }
inline V and_(V a, V b) { return {_mm_and_si128(a.x, b.x)}; }
inline V or_(V a, V b) { return {_mm_or_si128(a.x, b.x)}; }
inline V xor_(V a, V b) { return {_mm_xor_si128(a.x, b.x)}; }
inline V but(V a, V b) { return {_mm_andnot_si128(b.x, a.x)}; }
inline V add(V a, V b) { return {_mm_add_epi32(a.x, b.x)}; }
inline V sub(V a, V b) { return {_mm_sub_epi32(a.x, b.x)}; }
inline V mul(V a, V b) { return {_mm_mullo_epi32(a.x, b.x)}; }
template <int N>
inline V srl(V a) { return {_mm_srli_epi32(a.x, N)}; }
template <int N>
inline V sll(V a) { return {_mm_slli_epi32(a.x, N)}; }
inline V rot1(V a) { return {_mm_shuffle_epi32(a.x, _MM_SHUFFLE(3, 0, 2, 1))}; }
inline V rot2(V a) { return {_mm_shuffle_epi32(a.x, _MM_SHUFFLE(3, 1, 0, 2))}; }
inline bool any(V a) { return !_mm_testz_si128(a.x, a.x); }
// One digit per vector: no padding to clear, no counts to merge.
inline V first_digits(V a, int) { return a; }
constexpr int kFoldSteps = 0;
inline V partner(V a, int) { return a; }

}  // namespace simd::sse41
