// Aligned blocks for the transposition table, huge-page sized or not.
#include "platform/memory.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace arbiter::platform {
namespace {

TEST(PlatformMemory, BlocksAreAlignedWritableAndFreed) {
  constexpr size_t kCacheLine = 64;
  for (const auto& [bytes, alignment] :
       {std::pair{kCacheLine * 10, kCacheLine}, std::pair{2 * kHugePageBytes, kHugePageBytes}}) {
    void* block = allocate_aligned(bytes, alignment);
    ASSERT_NE(block, nullptr) << bytes;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % alignment, 0u) << alignment;
    std::memset(block, 0xA5, bytes);
    EXPECT_EQ(static_cast<unsigned char*>(block)[bytes - 1], 0xA5);
    free_aligned(block);
  }
  free_aligned(nullptr);  // as free(nullptr): nothing
}

}  // namespace
}  // namespace arbiter::platform
