# Cross-compiles Arbiter for Windows x86-64 with Debian's MinGW-w64 (GCC, the
# -posix thread model so that std::thread works). The result is one static
# arbiter.exe that needs no MinGW DLL beside it.
#
#   cmake -S . -B build/windows -G Ninja \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/x86_64-w64-mingw32.cmake \
#     -DARBITER_ARCH=x86-64-v3 -DARBITER_BUILD_TESTS=OFF
#   cmake --build build/windows --target arbiter
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(ARBITER_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${ARBITER_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${ARBITER_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${ARBITER_MINGW_TRIPLE}-windres)

# libgcc, libstdc++ and winpthread linked in: only Windows' own DLLs are imported.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")

# Header-only dependencies installed for the build machine (cxxopts) live under
# /usr, whose include directory must never reach the MinGW compiler (glibc's
# headers would shadow MinGW's). So their CMake package files and headers are
# copied into a small prefix of the build tree, and the search for libraries,
# headers and packages stays inside MinGW's root and that prefix.
set(ARBITER_HOST_HEADER_ONLY_PREFIX "${CMAKE_BINARY_DIR}/host-header-only")
foreach(_package cxxopts)
  if(EXISTS "/usr/include/${_package}.hpp" AND EXISTS "/usr/lib/cmake/${_package}"
     AND NOT EXISTS "${ARBITER_HOST_HEADER_ONLY_PREFIX}/include/${_package}.hpp")
    file(COPY "/usr/include/${_package}.hpp" DESTINATION "${ARBITER_HOST_HEADER_ONLY_PREFIX}/include")
    file(COPY "/usr/lib/cmake/${_package}" DESTINATION "${ARBITER_HOST_HEADER_ONLY_PREFIX}/lib/cmake")
  endif()
endforeach()

set(CMAKE_FIND_ROOT_PATH "/usr/${ARBITER_MINGW_TRIPLE}" "${ARBITER_HOST_HEADER_ONLY_PREFIX}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Programs built here run under Wine when CMake or a test needs to run one.
find_program(ARBITER_WINE wine)
if(ARBITER_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${ARBITER_WINE}")
endif()
