// The NNUE's WebAssembly SIMD128 back end (-msimd128; every current browser and
// Node runs it): 8 int16 lanes per v128. The engine translates each operation
// to one SSE or NEON instruction, so this mirrors the SSE2 back end. It
// computes the scalar back end's integers exactly (see nnue_simd.h).
#pragma once

#include <algorithm>
#include <cstdint>

#include "arbiter/eval/nnue_architecture.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

namespace arbiter::eval::nnue::simd::simd128 {

inline constexpr int kLanes = 8;
// Values kept live per pass over the accumulator: the 16 xmm registers of the
// x86-64 machines most browsers run on (WebAssembly itself has no register file).
inline constexpr int kBlock = std::min(kHidden / kLanes, 16);
static_assert(kHidden % (kLanes * kBlock) == 0);

inline void update(int16_t* out, const int16_t* in, const int16_t* const* add, int n_add,
                   const int16_t* const* sub, int n_sub) {
  for (int base = 0; base < kHidden; base += kLanes * kBlock) {
    v128_t r[kBlock];
    for (int j = 0; j < kBlock; ++j) r[j] = wasm_v128_load(in + base + j * kLanes);
    for (int k = 0; k < n_add; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = wasm_i16x8_add(r[j], wasm_v128_load(add[k] + base + j * kLanes));
    for (int k = 0; k < n_sub; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = wasm_i16x8_sub(r[j], wasm_v128_load(sub[k] + base + j * kLanes));
    for (int j = 0; j < kBlock; ++j) wasm_v128_store(out + base + j * kLanes, r[j]);
  }
}

// clamp(a) * w fits int16 (nnue_architecture.h), so the wrapping 16-bit
// multiply is exact; the dot product of pairs (SSE2's madd) then adds
// clamp(a)^2 * w into int32 lanes.
inline int32_t screlu_dot(const int16_t* acc, const int16_t* w) {
  const v128_t zero = wasm_i16x8_splat(0);
  const v128_t qa = wasm_i16x8_splat(int16_t(kQA));
  v128_t sum = wasm_i32x4_splat(0);
  for (int i = 0; i < kHidden; i += kLanes) {
    const v128_t a = wasm_i16x8_min(wasm_i16x8_max(wasm_v128_load(acc + i), zero), qa);
    const v128_t aw = wasm_i16x8_mul(a, wasm_v128_load(w + i));
    sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(aw, a));
  }
  return wasm_i32x4_extract_lane(sum, 0) + wasm_i32x4_extract_lane(sum, 1) +
         wasm_i32x4_extract_lane(sum, 2) + wasm_i32x4_extract_lane(sum, 3);
}

}  // namespace arbiter::eval::nnue::simd::simd128
#endif
