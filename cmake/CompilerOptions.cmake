# Warnings, optimisation and sanitizer flags shared by every target.
add_library(arbiter_compile_options INTERFACE)
target_compile_options(arbiter_compile_options INTERFACE -Wall -Wextra)
# The instruction set (cmake/TargetArch.cmake): every target of ours gets it, an
# installed library's users do not (its public headers do not depend on it).
target_compile_options(arbiter_compile_options INTERFACE ${ARBITER_ARCH_FLAGS})
if(ARBITER_SANITIZE)
  # GCC 12 reports -Wmaybe-uninitialized inside libstdc++'s <regex> (used by
  # tests that match output) only when the sanitizers instrument it: a known false positive
  # (GCC's manual warns that sanitizers can cause them). Release builds keep it.
  target_compile_options(arbiter_compile_options INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
    -Wno-maybe-uninitialized)
  target_link_options(arbiter_compile_options INTERFACE -fsanitize=address,undefined)
  target_compile_definitions(arbiter_compile_options INTERFACE ARBITER_SANITIZED_BUILD=1)
endif()
if(ARBITER_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ARBITER_FUZZ needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # Everything instrumented for coverage and checked by the sanitizers; the fuzz
  # targets alone link libFuzzer's main (tests/fuzz/CMakeLists.txt).
  target_compile_options(arbiter_compile_options INTERFACE
    -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(arbiter_compile_options INTERFACE -fsanitize=address,undefined)
  target_compile_definitions(arbiter_compile_options INTERFACE ARBITER_SANITIZED_BUILD=1)
endif()
