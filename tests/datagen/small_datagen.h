// What the datagen tests play: the hand-written evaluation at a tiny node budget
// (quick games through the same code), each test with its own seed.
#pragma once

#include <cstdint>

#include "arbiter/datagen/self_play.h"

namespace arbiter::datagen {

inline DatagenOptions small_datagen_options(uint64_t seed) {
  DatagenOptions o;
  o.soft_nodes = 300;
  o.hash_mb = 1;
  o.seed = seed;
  o.evaluation = "classical";
  return o;
}

}  // namespace arbiter::datagen
