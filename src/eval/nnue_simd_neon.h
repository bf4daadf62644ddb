// The NNUE's NEON back end (aarch64, where NEON is baseline): 8 int16 lanes per
// register. It computes the scalar back end's integers exactly (see nnue_simd.h).
#pragma once

#include <algorithm>
#include <cstdint>

#include "arbiter/eval/nnue_architecture.h"

#if defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>

namespace arbiter::eval::nnue::simd::neon {

inline constexpr int kLanes = 8;
// Registers kept live per pass over the accumulator: 16 of the 32 q registers.
inline constexpr int kBlock = std::min(kHidden / kLanes, 16);
static_assert(kHidden % (kLanes * kBlock) == 0);

inline void update(int16_t* out, const int16_t* in, const int16_t* const* add, int n_add,
                   const int16_t* const* sub, int n_sub) {
  for (int base = 0; base < kHidden; base += kLanes * kBlock) {
    int16x8_t r[kBlock];
    for (int j = 0; j < kBlock; ++j) r[j] = vld1q_s16(in + base + j * kLanes);
    for (int k = 0; k < n_add; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = vaddq_s16(r[j], vld1q_s16(add[k] + base + j * kLanes));
    for (int k = 0; k < n_sub; ++k)
      for (int j = 0; j < kBlock; ++j)
        r[j] = vsubq_s16(r[j], vld1q_s16(sub[k] + base + j * kLanes));
    for (int j = 0; j < kBlock; ++j) vst1q_s16(out + base + j * kLanes, r[j]);
  }
}

// clamp(a) * w fits int16 (nnue_architecture.h), so the 16-bit multiply is exact;
// the widening multiply-accumulate by clamp(a) then adds clamp(a)^2 * w into int32.
inline int32_t screlu_dot(const int16_t* acc, const int16_t* w) {
  const int16x8_t zero = vdupq_n_s16(0);
  const int16x8_t qa = vdupq_n_s16(int16_t(kQA));
  int32x4_t sum = vdupq_n_s32(0);
  for (int i = 0; i < kHidden; i += kLanes) {
    const int16x8_t a = vminq_s16(vmaxq_s16(vld1q_s16(acc + i), zero), qa);
    const int16x8_t aw = vmulq_s16(a, vld1q_s16(w + i));
    sum = vmlal_s16(sum, vget_low_s16(aw), vget_low_s16(a));
    sum = vmlal_high_s16(sum, aw, a);
  }
  return vaddvq_s32(sum);
}

}  // namespace arbiter::eval::nnue::simd::neon
#endif
