# The WebAssembly build (ARBITER_WASM, under emcmake): the command line for Node
# (build/wasm/arbiter.js: selftest, bench, adjudicate on the real file system)
# and the JavaScript module of js/ (bindings/wasm).
set(ARBITER_WASM_INITIAL_MEMORY 67108864 CACHE STRING "Initial WebAssembly memory in bytes (it grows)")

# cxxopts is one header, installed for the host (/usr/include): the sysroot of
# Emscripten does not have it, and /usr/include itself must not be searched (the
# host's C headers would shadow Emscripten's), so the header alone is linked into
# a folder of its own.
find_path(ARBITER_CXXOPTS_DIR cxxopts.hpp PATHS /usr/include /usr/local/include
          NO_CMAKE_FIND_ROOT_PATH NO_DEFAULT_PATH)
if(NOT ARBITER_CXXOPTS_DIR)
  message(FATAL_ERROR "cxxopts.hpp not found: install libcxxopts-dev")
endif()
set(_cxxopts_only "${CMAKE_BINARY_DIR}/cxxopts-include")
file(MAKE_DIRECTORY "${_cxxopts_only}")
file(CREATE_LINK "${ARBITER_CXXOPTS_DIR}/cxxopts.hpp" "${_cxxopts_only}/cxxopts.hpp"
     COPY_ON_ERROR SYMBOLIC)
target_include_directories(arbiter PRIVATE "${_cxxopts_only}")
target_link_libraries(arbiter PRIVATE libarbiter arbiter_compile_options)
# The command line catches cxxopts' exceptions (bad arguments): catching needs
# -fexceptions where they are caught and at the link. NODERAWFS: files are the
# host's, as for a native program. WASM_ASYNC_COMPILATION=0: Emscripten 3.1.6
# loads the .wasm with fetch() where there is one, and Node 18+ has one, which
# takes no file path; compiled synchronously, the file is read instead.
target_compile_options(arbiter PRIVATE -fexceptions)
target_link_options(arbiter PRIVATE -fexceptions -sNODERAWFS=1 -sWASM_ASYNC_COMPILATION=0
                    -sALLOW_MEMORY_GROWTH=1
                    -sINITIAL_MEMORY=${ARBITER_WASM_INITIAL_MEMORY} -sEXIT_RUNTIME=1)

add_subdirectory(bindings/wasm)
