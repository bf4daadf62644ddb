# Cross build for 64-bit ARM Linux with Debian's g++-aarch64-linux-gnu; run the
# result here with `qemu-aarch64 -L /usr/aarch64-linux-gnu ./arbiter`.
# Use with -DARBITER_ARCH=default (NEON is baseline on ARMv8: the NNUE uses it,
# the sliders are magic since ARM has no PEXT).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# Header-only packages (cxxopts) and CMake package files are architecture-free:
# look for them in the build machine's /usr as well.
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
list(APPEND CMAKE_FIND_ROOT_PATH /usr)
# libstdc++ and libgcc linked in: the binary runs on any aarch64 Linux with a
# glibc as new as Debian 12's, without the cross compiler's runtime beside it.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static-libstdc++ -static-libgcc")
set(CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
