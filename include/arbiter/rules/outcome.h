// The state of a game as the arbiter reports it: ongoing, or finished with a
// result, the reason, the article of the chosen edition and the ply.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/core/move.h"
#include "arbiter/core/types.h"

namespace arbiter::rules {

enum class GameResult : uint8_t { Ongoing, WhiteWins, BlackWins, Draw };

// Why the game ended. The names (reason_name) are part of the JSON output.
enum class Reason : uint8_t {
  None,  // still going on
  Checkmate,
  Stalemate,
  DeadPosition,
  FivefoldRepetition,
  SeventyFiveMoves,
  ThreefoldClaim,
  FiftyMovesClaim,
  TimeForfeit,  // 6.9, a win or (opponent cannot mate) a draw; also both flags down
  IllegalMove,
  Resignation,
  Agreement,
};
inline constexpr int kNumReasons = 12;

// "1-0", "0-1", "1/2-1/2", "*".
std::string_view result_name(GameResult result);
std::optional<GameResult> parse_result(std::string_view name);
// "checkmate", "dead-position", "threefold-claim", ... "none".
std::string_view reason_name(Reason reason);
std::optional<Reason> parse_reason(std::string_view name);

constexpr GameResult win_for(core::Color winner) {
  return winner == core::Color::White ? GameResult::WhiteWins : GameResult::BlackWins;
}

struct Outcome {
  GameResult result = GameResult::Ongoing;
  Reason reason = Reason::None;
  std::string_view article;  // in the edition's numbering; empty while ongoing
  int ply = 0;               // plies played from the start position when it ended
  // The move that ended the game (the mating move, the move announced with a
  // correct claim, ...); none when an event or the start position ended it.
  core::Move move;
  std::string move_san;
  // An unwinnability analysis ran out of budget and was taken as "can still
  // mate": the verdict may be a win (or a game going on) that is in fact a draw.
  bool undecided = false;
  // The verdict rests on an ambiguously worded article (2014 9.6a, spec 8.3).
  bool ambiguous_wording = false;

  bool finished() const { return result != GameResult::Ongoing; }
};

}  // namespace arbiter::rules
