// SplitMix64: a small, well-mixed 64-bit generator, fully specified here so a
// seed gives the same numbers with any standard library (the distributions of
// <random> are implementation-defined). Self-play and the trainer both draw
// from it, so their outputs are reproducible from their seeds.
#pragma once

#include <cstdint>

namespace arbiter::core {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  uint64_t state_;
};

}  // namespace arbiter::core
