# Chooses the sliding-attack back end. PEXT needs BMI2 in the target CPU; on AMD
# Zen 1 and Zen 2 (family 23) PEXT is microcoded and slow, so auto prefers magic there.
include(CheckCXXSourceCompiles)
set(CMAKE_REQUIRED_FLAGS "")
if(ARBITER_NATIVE)
  set(CMAKE_REQUIRED_FLAGS "-march=native")
endif()
check_cxx_source_compiles("
#ifndef __BMI2__
#error no BMI2
#endif
int main() { return 0; }" ARBITER_TARGET_HAS_BMI2)
unset(CMAKE_REQUIRED_FLAGS)

set(_slow_pext OFF)
if(EXISTS /proc/cpuinfo)
  file(READ /proc/cpuinfo _cpuinfo LIMIT 4096)
  if(_cpuinfo MATCHES "AuthenticAMD" AND _cpuinfo MATCHES "cpu family[ \t]*:[ \t]*23\n")
    set(_slow_pext ON)
  endif()
endif()

if(ARBITER_SLIDERS STREQUAL "pext")
  if(NOT ARBITER_TARGET_HAS_BMI2)
    message(FATAL_ERROR "ARBITER_SLIDERS=pext but the target CPU has no BMI2")
  endif()
  set(ARBITER_USE_PEXT 1)
elseif(ARBITER_SLIDERS STREQUAL "magic")
  set(ARBITER_USE_PEXT 0)
elseif(ARBITER_TARGET_HAS_BMI2 AND NOT _slow_pext)
  set(ARBITER_USE_PEXT 1)
else()
  set(ARBITER_USE_PEXT 0)
endif()
if(ARBITER_USE_PEXT)
  set(ARBITER_ACTIVE_SLIDERS pext CACHE INTERNAL "back end in use")
else()
  set(ARBITER_ACTIVE_SLIDERS magic CACHE INTERNAL "back end in use")
endif()
message(STATUS "Arbiter sliding attacks: ${ARBITER_ACTIVE_SLIDERS}")
