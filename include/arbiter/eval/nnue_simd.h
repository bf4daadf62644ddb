// The NNUE's two hot loops, once per instruction set: accumulator updates
// (in + sum of added rows - sum of removed rows) and the SCReLU dot product
// with the output weights. The build chooses one (cmake/SimdBackend.cmake sets
// ARBITER_SIMD_LEVEL); every back end the target CPU allows is compiled so that
// the tests can hold each of them to the scalar one, bit for bit.
//
// Arrays are kHidden int16 values, 64-byte aligned (rows of the feature
// weights are, since kHidden int16 is a multiple of 64 bytes).
#pragma once

#include <algorithm>
#include <cstdint>

#include "arbiter/eval/nnue_architecture.h"

#if defined(__AVX2__) || defined(__AVX512BW__)
#include <immintrin.h>
#endif

namespace arbiter::eval::nnue::simd {

static_assert(kHidden % 32 == 0, "SIMD back ends work on whole 64-byte blocks of int16");

enum class Backend { Scalar, Avx2, Avx512 };

constexpr const char* backend_name(Backend b) {
  return b == Backend::Avx512 ? "avx512" : b == Backend::Avx2 ? "avx2" : "scalar";
}

// --- Portable scalar: the reference the others must equal ------------------------
namespace scalar {

inline constexpr Backend kBackend = Backend::Scalar;

// out = in + sum(add[k]) - sum(sub[k]), wrapping in int16 like the vector adds.
inline void update(int16_t* out, const int16_t* in, const int16_t* const* add, int n_add,
                   const int16_t* const* sub, int n_sub) {
  for (int i = 0; i < kHidden; ++i) {
    int v = in[i];
    for (int k = 0; k < n_add; ++k) v += add[k][i];
    for (int k = 0; k < n_sub; ++k) v -= sub[k][i];
    out[i] = int16_t(v);
  }
}

// sum over i of clamp(acc[i], 0, kQA)^2 * w[i].
inline int32_t screlu_dot(const int16_t* acc, const int16_t* w) {
  int32_t sum = 0;
  for (int i = 0; i < kHidden; ++i) {
    const int32_t c = std::clamp<int32_t>(acc[i], 0, kQA);
    sum += c * c * w[i];
  }
  return sum;
}

}  // namespace scalar

// --- AVX2: 16 int16 lanes per register -------------------------------------------
#if defined(__AVX2__)
namespace avx2 {

inline constexpr Backend kBackend = Backend::Avx2;
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

inline constexpr Backend kBackend = Backend::Avx512;
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

// --- The build's choice ----------------------------------------------------------------
#ifndef ARBITER_SIMD_LEVEL
#define ARBITER_SIMD_LEVEL 0
#endif
#if ARBITER_SIMD_LEVEL == 2
namespace active = avx512;
#elif ARBITER_SIMD_LEVEL == 1
namespace active = avx2;
#else
namespace active = scalar;
#endif

}  // namespace arbiter::eval::nnue::simd
