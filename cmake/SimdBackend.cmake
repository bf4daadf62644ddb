# Chooses the NNUE's SIMD back end (include/arbiter/eval/nnue_simd.h):
# ARBITER_SIMD=auto picks the widest the target CPU has (AVX-512BW, then AVX2,
# else portable scalar); avx512, avx2 or scalar force one. A forced back end the
# target flags lack adds its -m flags, for builds meant for another machine.
include(CheckCXXSourceCompiles)
set(CMAKE_REQUIRED_FLAGS "")
if(ARBITER_NATIVE)
  set(CMAKE_REQUIRED_FLAGS "-march=native")
endif()
check_cxx_source_compiles("
#ifndef __AVX512BW__
#error no AVX-512BW
#endif
int main() { return 0; }" ARBITER_TARGET_HAS_AVX512BW)
check_cxx_source_compiles("
#ifndef __AVX2__
#error no AVX2
#endif
int main() { return 0; }" ARBITER_TARGET_HAS_AVX2)
unset(CMAKE_REQUIRED_FLAGS)

set(ARBITER_SIMD_FLAGS "")
if(ARBITER_SIMD STREQUAL "avx512")
  set(ARBITER_SIMD_LEVEL 2)
  if(NOT ARBITER_TARGET_HAS_AVX512BW)
    set(ARBITER_SIMD_FLAGS -mavx2 -mavx512f -mavx512bw)
  endif()
elseif(ARBITER_SIMD STREQUAL "avx2")
  set(ARBITER_SIMD_LEVEL 1)
  if(NOT ARBITER_TARGET_HAS_AVX2)
    set(ARBITER_SIMD_FLAGS -mavx2)
  endif()
elseif(ARBITER_SIMD STREQUAL "scalar")
  set(ARBITER_SIMD_LEVEL 0)
elseif(ARBITER_SIMD STREQUAL "auto")
  if(ARBITER_TARGET_HAS_AVX512BW)
    set(ARBITER_SIMD_LEVEL 2)
  elseif(ARBITER_TARGET_HAS_AVX2)
    set(ARBITER_SIMD_LEVEL 1)
  else()
    set(ARBITER_SIMD_LEVEL 0)
  endif()
else()
  message(FATAL_ERROR "ARBITER_SIMD must be auto, avx512, avx2 or scalar, not '${ARBITER_SIMD}'")
endif()
if(ARBITER_SIMD_FLAGS)
  message(WARNING "ARBITER_SIMD=${ARBITER_SIMD}: the target flags lack it; adding ${ARBITER_SIMD_FLAGS}")
  target_compile_options(arbiter_compile_options INTERFACE ${ARBITER_SIMD_FLAGS})
endif()
set(_simd_names scalar avx2 avx512)
list(GET _simd_names ${ARBITER_SIMD_LEVEL} _simd_name)
set(ARBITER_ACTIVE_SIMD ${_simd_name} CACHE INTERNAL "NNUE SIMD back end in use")
message(STATUS "Arbiter NNUE SIMD: ${ARBITER_ACTIVE_SIMD}")
