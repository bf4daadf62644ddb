// The default net, embedded into the library by the assembler (.incbin), so the
// engine needs no file beside it. cmake/EmbeddedNet.cmake passes the net's path
// as ARBITER_EMBEDDED_NET_PATH and makes this file rebuild when the net changes;
// without a net the span is empty and the engine evaluates by hand.
// WebAssembly objects take no .incbin of data symbols the way ELF and COFF do:
// there CMake writes the net's bytes as an array (ARBITER_EMBEDDED_NET_ARRAY).
#include <cstdint>
#include <span>

#include "arbiter/eval/nnue_current.h"

#if defined(ARBITER_EMBEDDED_NET_PATH) && defined(__ELF__)
// ELF (Linux): 64-byte aligned, read-only, with hidden symbols so they bind inside the library.
asm(".section .rodata\n"
    ".balign 64\n"
    ".globl arbiter_embedded_net_begin\n"
    ".hidden arbiter_embedded_net_begin\n"
    ".type arbiter_embedded_net_begin, @object\n"
    "arbiter_embedded_net_begin:\n"
    ".incbin \"" ARBITER_EMBEDDED_NET_PATH
    "\"\n"
    ".globl arbiter_embedded_net_end\n"
    ".hidden arbiter_embedded_net_end\n"
    "arbiter_embedded_net_end:\n"
    ".byte 0\n"
    ".previous\n");
#define ARBITER_HAS_EMBEDDED_NET 1
#elif defined(ARBITER_EMBEDDED_NET_PATH) && defined(_WIN32) && defined(__x86_64__)
// COFF (Windows, MinGW): the read-only data section is ".rdata" with flags "dr";
// COFF has neither symbol types nor visibility, and no .previous: back to .text.
// x86-64 C symbols carry no leading underscore.
asm(".section .rdata,\"dr\"\n"
    ".balign 64\n"
    ".globl arbiter_embedded_net_begin\n"
    "arbiter_embedded_net_begin:\n"
    ".incbin \"" ARBITER_EMBEDDED_NET_PATH
    "\"\n"
    ".globl arbiter_embedded_net_end\n"
    "arbiter_embedded_net_end:\n"
    ".byte 0\n"
    ".text\n");
#define ARBITER_HAS_EMBEDDED_NET 1
#elif defined(ARBITER_EMBEDDED_NET_ARRAY) && defined(__wasm__)
// Defines arbiter_embedded_net[], 64-byte aligned like the sections above.
#include ARBITER_EMBEDDED_NET_ARRAY
#endif

#if defined(ARBITER_HAS_EMBEDDED_NET) && !defined(ARBITER_EMBEDDED_NET_ARRAY)
extern "C" const uint8_t arbiter_embedded_net_begin[];
extern "C" const uint8_t arbiter_embedded_net_end[];
#endif

namespace arbiter::eval {

std::span<const uint8_t> embedded_net_bytes() {
#if defined(ARBITER_EMBEDDED_NET_ARRAY) && defined(__wasm__)
  return {arbiter_embedded_net, sizeof arbiter_embedded_net};
#elif defined(ARBITER_HAS_EMBEDDED_NET)
  return {arbiter_embedded_net_begin, arbiter_embedded_net_end};
#else
  return {};
#endif
}

}  // namespace arbiter::eval
