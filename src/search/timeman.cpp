// Time allocation. The budget covers the moves still to play before the next
// time control (or a horizon when there is none), each costing the overhead.
#include "arbiter/search/timeman.h"

#include <algorithm>
#include <iterator>

namespace arbiter::search {

namespace {
// Sudden death: plan as if this many moves remain. 40 and 50, which leave more of
// the clock for the ending, lost in self-play at 10+0.1: -11.8 +/- 35.6 (119 games)
// and -16.4 +/- 38.0 (107); 25, which spends more early, lost too: -26.1 +/- 20.6
// (361 games, LOS 0.6%) (docs/engine.md, "Time management").
constexpr int kHorizonMoves = 30;
constexpr int kMaxMovesToGo = 50;
constexpr double kHardOverSoft = 3.0;  // an unstable search may take this much more
// Never more than this of the remaining time (a quarter: one exploding iteration must
// not cost a third of the clock, as it once did at 18 s + 1 s)...
constexpr double kHardShareOfClock = 0.25;
constexpr double kLastMoveShare = 0.75;  // ...except before the time control
constexpr int64_t kSafetyMs = 5;         // margin for process scheduling

// Soft-limit scaling, indexed by iterations with an unchanged best move.
constexpr double kStabilityScale[] = {1.6, 1.3, 1.1, 0.95, 0.85, 0.8};
constexpr int kMaxStability = int(std::size(kStabilityScale)) - 1;
// (base - share) x factor: 0.5 of the nodes on the best move gives 1.35, 0.9 gives 0.81.
constexpr double kNodeShareBase = 1.5, kNodeShareFactor = 1.35;
// A score drop of this many centipawns doubles the time; the scale stays in [min, max].
constexpr double kScoreDropDoubling = 150.0;
constexpr double kScoreScaleMin = 0.9, kScoreScaleMax = 1.5;
// Whatever the signals say, an iteration's soft limit stays within this range of the plan.
constexpr double kScaleMin = 0.4, kScaleMax = 3.0;
}  // namespace

double soft_limit_scale(int best_move_stability, double best_move_node_share, int score_drop) {
  const double stability = kStabilityScale[std::clamp(best_move_stability, 0, kMaxStability)];
  const double nodes =
      (kNodeShareBase - std::clamp(best_move_node_share, 0.0, 1.0)) * kNodeShareFactor;
  const double score =
      std::clamp(1.0 + score_drop / kScoreDropDoubling, kScoreScaleMin, kScoreScaleMax);
  return std::clamp(stability * nodes * score, kScaleMin, kScaleMax);
}

TimeBudget plan_time(const SearchLimits& limits, core::Color us, int64_t move_overhead_ms) {
  TimeBudget b;
  if (limits.movetime_ms) {
    b.limited = b.fixed = true;
    b.soft_ms = b.hard_ms = std::max<int64_t>(1, *limits.movetime_ms - move_overhead_ms);
    return b;
  }
  if (!limits.has_clock(us) || limits.infinite) return b;

  // No time left (or less than none) plans like a clock at zero: the least search there is.
  const int64_t time = std::max<int64_t>(0, *limits.time_ms[core::index(us)]);
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
