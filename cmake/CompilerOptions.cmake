# Warnings, optimisation and sanitizer flags shared by every target.
add_library(arbiter_compile_options INTERFACE)
target_compile_options(arbiter_compile_options INTERFACE -Wall -Wextra)
if(ARBITER_NATIVE)
  target_compile_options(arbiter_compile_options INTERFACE -march=native)
endif()
if(ARBITER_SANITIZE)
  # GCC 12 reports -Wmaybe-uninitialized inside libstdc++'s <regex> (used by
  # cxxopts) only when the sanitizers instrument it: a known false positive
  # (GCC's manual warns that sanitizers can cause them). Release builds keep it.
  target_compile_options(arbiter_compile_options INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
    -Wno-maybe-uninitialized)
  target_link_options(arbiter_compile_options INTERFACE -fsanitize=address,undefined)
  target_compile_definitions(arbiter_compile_options INTERFACE ARBITER_SANITIZED_BUILD=1)
endif()
