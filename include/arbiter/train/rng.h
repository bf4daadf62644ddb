// The trainer's random numbers: core::SplitMix64 (so a seed gives the same
// weights and batch order with any standard library), bounded and float draws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "arbiter/core/split_mix.h"

namespace arbiter::train {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : bits_(seed) {}

  uint64_t next() { return bits_.next(); }
  // Uniform in [0, bound): the high half of a 64x64 product (Lemire), whose
  // bias is below 2^-32 for the sizes used here.
  uint64_t next_below(uint64_t bound) { return uint64_t((unsigned __int128)next() * bound >> 64); }
  // Uniform in [-1, 1).
  float next_symmetric() {
    constexpr int kMantissaBits = 24;
    const float unit = float(next() >> (64 - kMantissaBits)) / float(1 << kMantissaBits);
    return 2.0f * unit - 1.0f;
  }

 private:
  core::SplitMix64 bits_;
};

// Fisher-Yates with this generator (identical on every platform, unlike
// std::shuffle).
template <class T>
void seeded_shuffle(std::vector<T>& items, uint64_t seed) {
  SplitMix64 rng(seed);
  for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng.next_below(i)]);
}

// An independent stream for (seed, purpose, index): e.g. epoch e's shuffle.
inline uint64_t derive_seed(uint64_t seed, uint64_t purpose, uint64_t index) {
  SplitMix64 mix(seed ^ (purpose * 0xd1b54a32d192ed03ULL) ^ (index * 0x8cb92ba72f3d8dd7ULL));
  mix.next();
  return mix.next();
}

}  // namespace arbiter::train
