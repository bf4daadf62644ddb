// How long an engine may think in a match, and the clock that enforces it.
//
//   "10+0.1"   10 s for the game, 0.1 s added after each move
//   "40/60"    40 moves in 60 s, repeating (the clock gets 60 s more every 40 moves)
//   "40/60+1"  the same with a 1 s increment
//   "inf"      no clock (only together with depth= or nodes=)
//   st=2       2 s per move (go movetime 2000)
//   nodes=N, depth=N   limits of the search itself; no clock
//
// The runner measures each move from the write of "go" to the read of
// "bestmove". A flag falls when that exceeds the time left by more than the
// margin; FIDE 6.9 then decides the result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/core/result.h"
#include "arbiter/rules/edition.h"

namespace arbiter::match {

struct TimeLimit {
  // Clock: base time for the game or period, increment per move, and the number
  // of moves per period (0: the base time is for the whole game).
  std::optional<int64_t> base_ms;
  int64_t increment_ms = 0;
  int moves_per_period = 0;
  // Fixed time per move ("st="), enforced like a clock that is refilled each move.
  std::optional<int64_t> movetime_ms;
  std::optional<int64_t> nodes;
  std::optional<int> depth;

  bool has_clock() const { return base_ms.has_value(); }
  bool has_movetime() const { return movetime_ms.has_value(); }
  // Something bounds the search (a clock, a move time, nodes or depth).
  bool bounded() const { return has_clock() || has_movetime() || nodes || depth; }
  // The PGN TimeControl tag: "10+0.1", "40/60", "-" (no clock), "st" form as "2/move".
  std::string pgn_tag() const;
  // For people: "10+0.1", "40/60+1", "st=2", "nodes=10000", joined by spaces.
  std::string describe() const;
};

// "10+0.1", "40/60", "40/60+1", "0:30+1" (minutes:seconds), "inf". Seconds may
// have decimals; the result is whole milliseconds.
Result<TimeLimit> parse_time_control(std::string_view text);
// "2", "0.5": seconds, for st=.
Result<int64_t> parse_seconds_ms(std::string_view text);

// The FIDE class of a limit (standard, rapid, blitz), which sets the size of
// the penalties: by T = base + 60 x increment against the edition's bounds;
// moves-per-period controls and limits without a clock count as standard.
rules::TimeControlClass fide_time_control_class(const TimeLimit& limit, rules::Edition edition);

// One player's clock during a game.
class GameClock {
 public:
  explicit GameClock(const TimeLimit& limit);

  // Time left before the move, in ms (what "go wtime/btime" carries).
  int64_t remaining_ms() const { return remaining_ms_; }
  // Moves to the next time control, for "go movestogo" (nullopt: sudden death).
  std::optional<int> moves_to_go() const;
  // Charges a move that took `elapsed_ms`. False when the flag fell: the move
  // took more than the time left plus `margin_ms` (the move then does not count).
  bool charge(int64_t elapsed_ms, int64_t margin_ms);
  // Time added by the arbiter (7.5 / 9.5 penalties give the opponent more time).
  void add_ms(int64_t ms) { remaining_ms_ += ms; }
  // How long this player may think on this move before its flag falls.
  int64_t allowance_ms(int64_t margin_ms) const { return remaining_ms_ + margin_ms; }
  bool timed() const { return timed_; }

 private:
  TimeLimit limit_;
  bool timed_ = false;
  int64_t remaining_ms_ = 0;
  int moves_made_ = 0;
};

}  // namespace arbiter::match
