// The NNUE's x86 back ends, each compiled where the target flags allow it:
// SSE2 (every x86-64 CPU: 8 int16 lanes), AVX2 (16) and AVX-512BW (32). Each
// computes the scalar back end's integers exactly (see nnue_simd.h).
#pragma once

#include <algorithm>
#include <cstdint>

#include "arbiter/eval/nnue_architecture.h"

#if defined(__SSE2__) || defined(__AVX2__) || defined(__AVX512BW__)
#include <immintrin.h>
#endif

namespace arbiter::eval::nnue::simd {

// --- SSE2: 8 int16 lanes per register, every x86-64 CPU --------------------------
// Everything the accumulator and SCReLU need is SSE2: 16-bit add, sub, min, max,
// mullo and madd. SSE4.1 or SSSE3 would add nothing to these two loops.
#if defined(__SSE2__)
namespace sse2 {

inline constexpr int kLanes = 8;
// Registers kept live per pass over the accumulator: all 16 xmm registers.
inline constexpr int kBlock = std::min(kHidden / kLanes, 16);
static_assert(kHidden % (kLanes * kBlock) == 0);

inline void update(int16_t* out, const int16_t* in, const int16_t* const* add, int n_add,
                   const int16_t* const* sub, int n_sub) {
  for (int base = 0; base < kHidden; base += kLanes * kBlock) {
    __m128i r[kBlock];
    for (int j = 0; j < kBlock; ++j)
      r[j] = _mm_load_si128(reinterpret_cast<const __m128i*>(in + base + j * kLanes));
    for (int k = 0; k < n_add; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = _mm_add_epi16(
            r[j], _mm_load_si128(reinterpret_cast<const __m128i*>(add[k] + base + j * kLanes)));
    for (int k = 0; k < n_sub; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = _mm_sub_epi16(
            r[j], _mm_load_si128(reinterpret_cast<const __m128i*>(sub[k] + base + j * kLanes)));
    for (int j = 0; j < kBlock; ++j)
      _mm_store_si128(reinterpret_cast<__m128i*>(out + base + j * kLanes), r[j]);
  }
}

// The AVX2 trick below on 128-bit registers.
inline int32_t screlu_dot(const int16_t* acc, const int16_t* w) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i qa = _mm_set1_epi16(int16_t(kQA));
  __m128i sum = zero;
  for (int i = 0; i < kHidden; i += kLanes) {
    __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(acc + i));
    a = _mm_min_epi16(_mm_max_epi16(a, zero), qa);
    const __m128i aw = _mm_mullo_epi16(a, _mm_load_si128(reinterpret_cast<const __m128i*>(w + i)));
    sum = _mm_add_epi32(sum, _mm_madd_epi16(aw, a));
  }
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(1, 0, 3, 2)));
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm_cvtsi128_si32(sum);
}

}  // namespace sse2
#endif

// --- AVX2: 16 int16 lanes per register -------------------------------------------
#if defined(__AVX2__)
namespace avx2 {

inline constexpr int kLanes = 16;
// Registers kept live per pass over the accumulator: 8 of the 16 ymm registers.
inline constexpr int kBlock = std::min(kHidden / kLanes, 8);
static_assert(kHidden % (kLanes * kBlock) == 0);

inline void update(int16_t* out, const int16_t* in, const int16_t* const* add, int n_add,
                   const int16_t* const* sub, int n_sub) {
  for (int base = 0; base < kHidden; base += kLanes * kBlock) {
    __m256i r[kBlock];
    for (int j = 0; j < kBlock; ++j)
      r[j] = _mm256_load_si256(reinterpret_cast<const __m256i*>(in + base + j * kLanes));
    for (int k = 0; k < n_add; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = _mm256_add_epi16(
            r[j], _mm256_load_si256(reinterpret_cast<const __m256i*>(add[k] + base + j * kLanes)));
    for (int k = 0; k < n_sub; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = _mm256_sub_epi16(
            r[j], _mm256_load_si256(reinterpret_cast<const __m256i*>(sub[k] + base + j * kLanes)));
    for (int j = 0; j < kBlock; ++j)
      _mm256_store_si256(reinterpret_cast<__m256i*>(out + base + j * kLanes), r[j]);
  }
}

// clamp(a) * w fits int16 (nnue_architecture.h), so mullo is exact; madd with
// clamp(a) then forms clamp(a)^2 * w summed in pairs into int32 lanes.
inline int32_t screlu_dot(const int16_t* acc, const int16_t* w) {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i qa = _mm256_set1_epi16(int16_t(kQA));
  __m256i sum = zero;
  for (int i = 0; i < kHidden; i += kLanes) {
    __m256i a = _mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i));
    a = _mm256_min_epi16(_mm256_max_epi16(a, zero), qa);
    const __m256i aw =
        _mm256_mullo_epi16(a, _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(aw, a));
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm_cvtsi128_si32(s);
}

}  // namespace avx2
#endif

// --- AVX-512 (BW for 16-bit lanes): 32 int16 lanes per register ----------------------
#if defined(__AVX512BW__)
namespace avx512 {

inline constexpr int kLanes = 32;
// Registers kept live per pass: 8 of the 32 zmm registers is plenty for 2-4 rows.
inline constexpr int kBlock = std::min(kHidden / kLanes, 8);
static_assert(kHidden % (kLanes * kBlock) == 0);

inline void update(int16_t* out, const int16_t* in, const int16_t* const* add, int n_add,
                   const int16_t* const* sub, int n_sub) {
  for (int base = 0; base < kHidden; base += kLanes * kBlock) {
    __m512i r[kBlock];
    for (int j = 0; j < kBlock; ++j) r[j] = _mm512_load_si512(in + base + j * kLanes);
    for (int k = 0; k < n_add; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = _mm512_add_epi16(r[j], _mm512_load_si512(add[k] + base + j * kLanes));
    for (int k = 0; k < n_sub; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = _mm512_sub_epi16(r[j], _mm512_load_si512(sub[k] + base + j * kLanes));
    for (int j = 0; j < kBlock; ++j) _mm512_store_si512(out + base + j * kLanes, r[j]);
  }
}

// Same trick as AVX2 (see there).
inline int32_t screlu_dot(const int16_t* acc, const int16_t* w) {
  const __m512i zero = _mm512_setzero_si512();
  const __m512i qa = _mm512_set1_epi16(int16_t(kQA));
  __m512i sum = zero;
  for (int i = 0; i < kHidden; i += kLanes) {
    __m512i a = _mm512_min_epi16(_mm512_max_epi16(_mm512_load_si512(acc + i), zero), qa);
    const __m512i aw = _mm512_mullo_epi16(a, _mm512_load_si512(w + i));
    sum = _mm512_add_epi32(sum, _mm512_madd_epi16(aw, a));
  }
  // Horizontal sum through memory: GCC 12's AVX-512 reductions and extracts
  // trip -Wuninitialized inside its own headers, and this runs twice per eval.
  alignas(64) int32_t lanes[16];
  _mm512_store_si512(lanes, sum);
  int32_t total = 0;
  for (int32_t v : lanes) total += v;
  return total;
}

}  // namespace avx512
#endif

}  // namespace arbiter::eval::nnue::simd
