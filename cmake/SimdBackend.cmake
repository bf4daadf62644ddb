# Chooses the NNUE's SIMD back end (src/eval/nnue_simd.h): ARBITER_SIMD=auto picks
# the widest the target CPU has (AVX-512BW, AVX2, SSE2 on x86-64; NEON on aarch64;
# SIMD128 on WebAssembly, which every current browser and Node runs; else portable
# scalar); a named one forces it. A forced x86 back end the target
# flags lack adds its -m flags, for builds meant for another machine. Every back
# end the target allows is compiled in; the build's choice is the default one,
# and tests hold each of the others to scalar (ARBITER_SIMD_LEVEL numbers follow
# simd::Backend).
set(_simd_names scalar sse2 avx2 avx512 neon simd128)
set(ARBITER_SIMD_FLAGS "")
if(ARBITER_SIMD STREQUAL "auto")
  if(ARBITER_TARGET_HAS_AVX512BW)
    set(_simd avx512)
  elseif(ARBITER_TARGET_HAS_AVX2)
    set(_simd avx2)
  elseif(ARBITER_TARGET_HAS_SSE2)
    set(_simd sse2)
  elseif(ARBITER_TARGET_HAS_NEON)
    set(_simd neon)
  elseif(ARBITER_TARGET_IS_WASM)  # an instruction set of its own: -msimd128 below
    set(_simd simd128)
  else()
    set(_simd scalar)
  endif()
elseif(ARBITER_SIMD IN_LIST _simd_names)
  set(_simd ${ARBITER_SIMD})
else()
  message(FATAL_ERROR "ARBITER_SIMD must be auto or one of ${_simd_names}, not '${ARBITER_SIMD}'")
endif()

if(_simd STREQUAL "avx512" AND NOT ARBITER_TARGET_HAS_AVX512BW)
  set(ARBITER_SIMD_FLAGS -mavx2 -mavx512f -mavx512bw)
elseif(_simd STREQUAL "avx2" AND NOT ARBITER_TARGET_HAS_AVX2)
  set(ARBITER_SIMD_FLAGS -mavx2)
elseif(_simd STREQUAL "sse2" AND NOT ARBITER_TARGET_HAS_SSE2)
  message(FATAL_ERROR "ARBITER_SIMD=sse2 needs an x86-64 target")
elseif(_simd STREQUAL "neon" AND NOT ARBITER_TARGET_HAS_NEON)
  message(FATAL_ERROR "ARBITER_SIMD=neon needs an aarch64 target")
elseif(_simd STREQUAL "simd128")
  if(NOT ARBITER_TARGET_IS_WASM)
    message(FATAL_ERROR "ARBITER_SIMD=simd128 needs a WebAssembly target (emcmake)")
  endif()
  # No -march names it: WebAssembly turns SIMD on by this flag alone, so asking
  # for simd128 is the normal way to get it (no warning).
  arbiter_target_defines(__wasm_simd128__ _has_simd128)
  if(NOT _has_simd128)
    target_compile_options(arbiter_compile_options INTERFACE -msimd128)
  endif()
endif()
if(ARBITER_SIMD_FLAGS)
  message(WARNING "ARBITER_SIMD=${_simd}: the target flags lack it; adding ${ARBITER_SIMD_FLAGS}")
  target_compile_options(arbiter_compile_options INTERFACE ${ARBITER_SIMD_FLAGS})
endif()
list(FIND _simd_names ${_simd} ARBITER_SIMD_LEVEL)
set(ARBITER_ACTIVE_SIMD ${_simd} CACHE INTERNAL "NNUE SIMD back end in use")
message(STATUS "Arbiter NNUE SIMD: ${ARBITER_ACTIVE_SIMD}")
