# The instruction set a build targets (ARBITER_ARCH):
#   native      this machine's CPU (-march=native): the default for people who
#               build for themselves, and the fastest there
#   x86-64      every x86-64 CPU (SSE2)                        release level 1
#   x86-64-v2   + POPCNT, SSE4.2 (Nehalem, 2009, and later)     release level 2
#   x86-64-v3   + AVX2, BMI2, FMA (Haswell, Zen 1, and later)   release level 3
#   x86-64-v4   + AVX-512 F/BW/DQ/VL (Skylake-X, Zen 4)          release level 4
#   default     no -march at all: the compiler's own target (cross builds,
#               e.g. aarch64, where NEON is baseline)
# Sets ARBITER_ARCH_FLAGS (added to every target by CompilerOptions.cmake) and
# ARBITER_TARGET_NAME, the name releases and `--version` use for the build.
set(_arbiter_levels x86-64 x86-64-v2 x86-64-v3 x86-64-v4)
# ARBITER_NATIVE=OFF, from before ARBITER_ARCH existed, means "default".
if(DEFINED ARBITER_NATIVE AND NOT ARBITER_NATIVE AND ARBITER_ARCH STREQUAL "native")
  message(DEPRECATION "ARBITER_NATIVE=OFF: use -DARBITER_ARCH=default")
  set(ARBITER_ARCH default)
endif()

if(ARBITER_ARCH STREQUAL "native")
  set(ARBITER_ARCH_FLAGS -march=native)
elseif(ARBITER_ARCH IN_LIST _arbiter_levels)
  # -mtune=generic is implied: a release runs on many CPUs, not on this one.
  set(ARBITER_ARCH_FLAGS -march=${ARBITER_ARCH})
elseif(ARBITER_ARCH STREQUAL "default")
  set(ARBITER_ARCH_FLAGS "")
else()
  message(FATAL_ERROR "ARBITER_ARCH must be native, default, or one of ${_arbiter_levels}, "
                      "not '${ARBITER_ARCH}'")
endif()

# What the target CPU has, for the slider and SIMD choices: the compiler's own
# macros under the flags every source gets (CMAKE_CXX_FLAGS is part of the test).
include(CheckCXXSourceCompiles)
function(arbiter_target_defines macro result)
  string(REPLACE ";" " " CMAKE_REQUIRED_FLAGS "${ARBITER_ARCH_FLAGS}")
  set(CMAKE_REQUIRED_QUIET ON)
  unset(${result} CACHE)  # asked again at every configure: ARBITER_ARCH may have changed
  check_cxx_source_compiles("
#ifndef ${macro}
#error no ${macro}
#endif
int main() { return 0; }" ${result})
endfunction()
arbiter_target_defines(__BMI2__ ARBITER_TARGET_HAS_BMI2)
arbiter_target_defines(__AVX512BW__ ARBITER_TARGET_HAS_AVX512BW)
arbiter_target_defines(__AVX2__ ARBITER_TARGET_HAS_AVX2)
arbiter_target_defines(__SSE2__ ARBITER_TARGET_HAS_SSE2)
arbiter_target_defines(__ARM_NEON ARBITER_TARGET_HAS_NEON)
arbiter_target_defines(__x86_64__ ARBITER_TARGET_IS_X86_64)
arbiter_target_defines(__aarch64__ ARBITER_TARGET_IS_AARCH64)
arbiter_target_defines(__wasm__ ARBITER_TARGET_IS_WASM)

# The x86-64 level the target flags give (0: not x86-64), for the start-up check
# that the CPU has what the build uses (src/platform/cpu_check.cpp).
set(ARBITER_X86_LEVEL 0)
if(ARBITER_TARGET_IS_X86_64)
  set(ARBITER_X86_LEVEL 1)
  arbiter_target_defines(__POPCNT__ _has_popcnt)
  arbiter_target_defines(__SSE4_2__ _has_sse42)
  if(_has_popcnt AND _has_sse42)
    set(ARBITER_X86_LEVEL 2)
    if(ARBITER_TARGET_HAS_AVX2 AND ARBITER_TARGET_HAS_BMI2)
      set(ARBITER_X86_LEVEL 3)
      if(ARBITER_TARGET_HAS_AVX512BW)
        set(ARBITER_X86_LEVEL 4)
      endif()
    endif()
  endif()
endif()
# A default build names itself by what its flags give (CMAKE_CXX_FLAGS may
# raise an x86-64 level): the same names as the levels.
set(_arbiter_level_names "" x86-64 x86-64-v2 x86-64-v3 x86-64-v4)
if(ARBITER_ARCH STREQUAL "default")
  if(ARBITER_TARGET_IS_AARCH64)
    set(ARBITER_TARGET_NAME armv8)
  elseif(ARBITER_TARGET_IS_WASM)  # Emscripten calls its processor "x86"
    set(ARBITER_TARGET_NAME wasm32)
  elseif(ARBITER_TARGET_IS_X86_64)
    list(GET _arbiter_level_names ${ARBITER_X86_LEVEL} ARBITER_TARGET_NAME)
  else()
    string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" ARBITER_TARGET_NAME)
  endif()
else()
  set(ARBITER_TARGET_NAME ${ARBITER_ARCH})
endif()
set(ARBITER_ACTIVE_TARGET ${ARBITER_TARGET_NAME} CACHE INTERNAL "target in use (scripts/release)")
message(STATUS "Arbiter target: ${ARBITER_TARGET_NAME} (${ARBITER_ARCH_FLAGS})")
