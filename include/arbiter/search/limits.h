// What a "go" command asks for.
#pragma once

#include <cstdint>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/types.h"

namespace arbiter::search {

struct SearchLimits {
  int64_t time_ms[core::kNumColors] = {-1, -1};  // -1: no clock given
  int64_t increment_ms[core::kNumColors] = {0, 0};
  int moves_to_go = 0;
  int depth = 0;       // 0: unlimited
  uint64_t nodes = 0;  // 0: unlimited
  // 0: none. Once this many nodes are searched, no new iteration starts (the
  // running one finishes, up to `nodes`): self-play's fixed budget per move.
  uint64_t soft_nodes = 0;
  int64_t movetime_ms = 0;
  int mate = 0;  // find a mate in this many moves
  bool infinite = false;
  bool ponder = false;
  std::vector<core::Move> searchmoves;  // empty: all legal moves

  bool has_clock(core::Color c) const { return time_ms[core::index(c)] >= 0; }
};

}  // namespace arbiter::search
