// Large aligned blocks (the transposition table), offered to the system's huge
// or large pages where it has them: a probe lands anywhere in the table, and with
// 4 KiB pages nearly every one also misses the TLB.
#pragma once

#include <cstddef>

namespace arbiter::platform {

// The size of a huge page where we ask for them (2 MiB on x86-64).
inline constexpr size_t kHugePageBytes = size_t(2) << 20;

// `bytes` (a multiple of `alignment`, itself a power of two) aligned to
// `alignment`, uninitialised; nullptr when out of memory. A block of a whole
// number of huge pages aligned to one is offered to huge pages (Linux: madvise for
// transparent huge pages; Windows: large pages need a privilege a user rarely has,
// so the block is ordinary committed memory there). Freed by free_aligned only.
void* allocate_aligned(size_t bytes, size_t alignment);
void free_aligned(void* memory);

}  // namespace arbiter::platform
