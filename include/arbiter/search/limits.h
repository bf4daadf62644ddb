// What a "go" command asks for.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/types.h"

namespace arbiter::search {

struct SearchLimits {
  // Absent: no clock given. Present, even zero or negative (a flag already fallen,
  // or a GUI's arithmetic gone wrong): that is all the time there is.
  std::optional<int64_t> time_ms[core::kNumColors];
  int64_t increment_ms[core::kNumColors] = {0, 0};
  int moves_to_go = 0;
  int depth = 0;       // 0: unlimited
  uint64_t nodes = 0;  // 0: unlimited
  // 0: none. Once this many nodes are searched, no new iteration starts (the
  // running one finishes, up to `nodes`): self-play's fixed budget per move.
  uint64_t soft_nodes = 0;
  std::optional<int64_t> movetime_ms;  // present, even <= 0: answer within that
  int mate = 0;                        // find a mate in this many moves
  bool infinite = false;
  bool ponder = false;
  std::vector<core::Move> searchmoves;  // empty: all legal moves

  bool has_clock(core::Color c) const { return time_ms[core::index(c)].has_value(); }
};

}  // namespace arbiter::search
