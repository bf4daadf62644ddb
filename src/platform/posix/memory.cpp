#include "platform/memory.h"

#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace arbiter::platform {

void* allocate_aligned(size_t bytes, size_t alignment) {
  void* memory = std::aligned_alloc(alignment, bytes);
  if (!memory) return nullptr;
#if defined(MADV_HUGEPAGE)
  // Where transparent huge pages are in "madvise" mode they must be asked for.
  if (alignment >= kHugePageBytes) madvise(memory, bytes, MADV_HUGEPAGE);
#endif
  return memory;
}

void free_aligned(void* memory) { std::free(memory); }

}  // namespace arbiter::platform
