// Time management: a soft limit (do not start another iteration past it) and a
// hard limit (abort the search), from the clock, increment and moves to go.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "arbiter/search/limits.h"

namespace arbiter::search {

struct TimeBudget {
  bool limited = false;  // false: no time limit (depth, nodes, infinite...)
  // go movetime: the user gave this move its time, so the search uses all of it;
  // there is no soft limit to stop iterations early, only the hard one.
  bool fixed = false;
  int64_t soft_ms = 0;
  int64_t hard_ms = 0;
};

// move_overhead_ms is the GUI/network latency per move, subtracted once for every
// move the budget must still cover.
TimeBudget plan_time(const SearchLimits& limits, core::Color us, int64_t move_overhead_ms);

// How much of the soft limit the search has earned after an iteration (1: as
// planned). A best move that keeps changing, one that took a small share of the
// nodes (its rivals were hard to refute), and a falling score each ask for more
// time; a settled search gets less. best_move_stability: iterations in a row
// with the same best move; node share in [0, 1]; score_drop in centipawns
// since the last iteration (negative when the score rose).
double soft_limit_scale(int best_move_stability, double best_move_node_share, int score_drop);

// The running clock of one search. Pondering suspends the limits; ponderhit
// restarts the clock, as the time only counts from then.
class SearchClock {
 public:
  using Clock = std::chrono::steady_clock;

  void start(const TimeBudget& budget, bool pondering) {
    budget_ = budget;
    pondering_.store(pondering);
    start_ns_.store(now_ns());
  }
  void ponderhit() {
    start_ns_.store(now_ns());
    pondering_.store(false);
  }
  bool pondering() const { return pondering_.load(std::memory_order_relaxed); }
  int64_t elapsed_ms() const {
    return (now_ns() - start_ns_.load(std::memory_order_relaxed)) / 1000000;
  }
  bool past_hard_limit() const {
    return budget_.limited && !pondering() && elapsed_ms() >= budget_.hard_ms;
  }
  bool past_soft_limit(double fraction) const {
    return budget_.limited && !budget_.fixed && !pondering() &&
           elapsed_ms() >= int64_t(budget_.soft_ms * fraction);
  }
  const TimeBudget& budget() const { return budget_; }

 private:
  static int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
        .count();
  }
  TimeBudget budget_;
  std::atomic<bool> pondering_{false};
  std::atomic<int64_t> start_ns_{0};
};

}  // namespace arbiter::search
