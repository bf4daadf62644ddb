#include <malloc.h>

#include "platform/memory.h"

namespace arbiter::platform {

// The C runtime's aligned allocator (MinGW's runtime has no aligned_alloc); large
// blocks come from VirtualAlloc inside it, committed page by page as they are
// touched. Large pages (VirtualAlloc with MEM_LARGE_PAGES) would need the "Lock
// pages in memory" privilege, which an ordinary user does not hold: not asked for.
void* allocate_aligned(size_t bytes, size_t alignment) { return _aligned_malloc(bytes, alignment); }

void free_aligned(void* memory) { _aligned_free(memory); }

}  // namespace arbiter::platform
