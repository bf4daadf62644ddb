// Time allocation. The budget covers the moves still to play before the next
// time control (or a horizon when there is none), each costing the overhead.
#include "arbiter/search/timeman.h"

#include <algorithm>

namespace arbiter::search {

namespace {
constexpr int kHorizonMoves = 30;  // sudden death: plan as if this many moves remain
constexpr int kMaxMovesToGo = 50;
constexpr double kHardOverSoft = 4.0;      // an unstable search may take this much more
constexpr double kHardShareOfClock = 0.4;  // never more than this of the remaining time...
constexpr double kLastMoveShare = 0.75;    // ...except before the time control
constexpr int64_t kSafetyMs = 5;           // margin for process scheduling
}  // namespace

TimeBudget plan_time(const SearchLimits& limits, core::Color us, int64_t move_overhead_ms) {
  TimeBudget b;
  if (limits.movetime_ms > 0) {
    b.limited = b.fixed = true;
    b.soft_ms = b.hard_ms = std::max<int64_t>(1, limits.movetime_ms - move_overhead_ms);
    return b;
  }
  if (!limits.has_clock(us) || limits.infinite) return b;

  const int64_t time = limits.time_ms[core::index(us)];
  const int64_t inc = limits.increment_ms[core::index(us)];
  const int moves =
      limits.moves_to_go > 0 ? std::min(limits.moves_to_go, kMaxMovesToGo) : kHorizonMoves;
  // Time available for the next `moves` moves, each paying the overhead once.
  int64_t available = time + inc * (moves - 1) - move_overhead_ms * moves - kSafetyMs;
  available = std::max<int64_t>(1, available);
  b.limited = true;
  b.soft_ms = std::max<int64_t>(1, available / moves);
  const double share = moves == 1 ? kLastMoveShare : kHardShareOfClock;
  int64_t ceiling = int64_t((time - move_overhead_ms - kSafetyMs) * share);
  b.hard_ms = std::max<int64_t>(1, std::min<int64_t>(int64_t(b.soft_ms * kHardOverSoft), ceiling));
  b.soft_ms = std::min(b.soft_ms, b.hard_ms);
  return b;
}

}  // namespace arbiter::search
