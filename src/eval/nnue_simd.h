// The NNUE's two hot loops, once per instruction set: accumulator updates
// (in + sum of added rows - sum of removed rows) and the SCReLU dot product
// with the output weights. Scalar here; SSE2, AVX2 and AVX-512 in
// nnue_simd_x86.h, NEON in nnue_simd_neon.h, WebAssembly SIMD128 in
// nnue_simd_wasm.h. The build chooses one
// (cmake/SimdBackend.cmake sets ARBITER_SIMD_LEVEL); every back end the target
// CPU allows is compiled so that the tests can hold each of them to the scalar
// one, bit for bit. Internal: the installed headers never see an ISA macro.
//
// Arrays are kHidden int16 values, 64-byte aligned (rows of the feature
// weights are, since kHidden int16 is a multiple of 64 bytes).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "arbiter/eval/nnue_architecture.h"

#include "eval/nnue_simd_neon.h"
#include "eval/nnue_simd_wasm.h"
#include "eval/nnue_simd_x86.h"

namespace arbiter::eval::nnue::simd {

static_assert(kHidden % kHiddenMultiple == 0, "SIMD back ends work on whole 64-byte blocks");

// Numbered as cmake/SimdBackend.cmake numbers ARBITER_SIMD_LEVEL (new ones last).
enum class Backend { Scalar, Sse2, Avx2, Avx512, Neon, Simd128 };
inline constexpr Backend kAllBackends[] = {Backend::Scalar, Backend::Sse2, Backend::Avx2,
                                           Backend::Avx512, Backend::Neon, Backend::Simd128};

constexpr const char* backend_name(Backend b) {
  switch (b) {
    case Backend::Sse2:
      return "sse2";
    case Backend::Avx2:
      return "avx2";
    case Backend::Avx512:
      return "avx512";
    case Backend::Neon:
      return "neon";
    case Backend::Simd128:
      return "simd128";
    default:
      return "scalar";
  }
}

// --- Portable scalar: the reference the others must equal ------------------------
namespace scalar {

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

// --- The back ends as values ---------------------------------------------------------
// A Network holds the kernels of one back end: the build's choice by default,
// any other compiled one on request (tests, `bench --simd`), so that one binary
// can show that every back end gives the same evaluations and node counts.
struct Kernels {
  Backend backend;
  void (*update)(int16_t* out, const int16_t* in, const int16_t* const* add, int n_add,
                 const int16_t* const* sub, int n_sub);
  int32_t (*screlu_dot)(const int16_t* acc, const int16_t* w);
};

// Every back end this build compiled, scalar first.
inline constexpr Kernels kCompiled[] = {
    {Backend::Scalar, scalar::update, scalar::screlu_dot},
#if defined(__SSE2__)
    {Backend::Sse2, sse2::update, sse2::screlu_dot},
#endif
#if defined(__AVX2__)
    {Backend::Avx2, avx2::update, avx2::screlu_dot},
#endif
#if defined(__AVX512BW__)
    {Backend::Avx512, avx512::update, avx512::screlu_dot},
#endif
#if defined(__ARM_NEON) && defined(__aarch64__)
    {Backend::Neon, neon::update, neon::screlu_dot},
#endif
#if defined(__wasm_simd128__)
    {Backend::Simd128, simd128::update, simd128::screlu_dot},
#endif
};

// The build's choice (cmake/SimdBackend.cmake sets ARBITER_SIMD_LEVEL).
#ifndef ARBITER_SIMD_LEVEL
#define ARBITER_SIMD_LEVEL 0
#endif
inline constexpr Backend kBuildBackend = Backend(ARBITER_SIMD_LEVEL);

// Where `b` stands in kCompiled, or -1 when this build did not compile it.
constexpr int compiled_index(Backend b) {
  for (size_t i = 0; i < std::size(kCompiled); ++i)
    if (kCompiled[i].backend == b) return int(i);
  return -1;
}
static_assert(compiled_index(kBuildBackend) >= 0, "the build's back end is not compiled");

// The build's back end as a namespace, for the hot path: calls the compiler can
// inline and specialise (one added and one removed row for most moves), which
// a call through Kernels cannot (measured: bench 8% slower through pointers).
#if ARBITER_SIMD_LEVEL == 3
namespace build = avx512;
#elif ARBITER_SIMD_LEVEL == 2
namespace build = avx2;
#elif ARBITER_SIMD_LEVEL == 1
namespace build = sse2;
#elif ARBITER_SIMD_LEVEL == 4
namespace build = neon;
#elif ARBITER_SIMD_LEVEL == 5
namespace build = simd128;
#else
namespace build = scalar;
#endif
inline constexpr const Kernels& kBuildKernels = kCompiled[compiled_index(kBuildBackend)];

}  // namespace arbiter::eval::nnue::simd
