// Draw claims (9.2 threefold, 9.3 fifty moves): who may claim what in a
// position, and whether a given claim is correct. Only the player having the
// move may claim, either now (9.2.2, 9.3.2) or by announcing the move that will
// produce the claimed position (9.2.1, 9.3.1).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/rules/edition.h"
#include "arbiter/rules/repetition.h"

namespace arbiter::rules {

enum class ClaimType : uint8_t { Threefold, FiftyMoves };
inline constexpr int kNumClaimTypes = 2;

// "threefold", "fifty-moves" (JSON output).
std::string_view claim_type_name(ClaimType type);

// What the player having the move may claim in the current position.
struct ClaimAvailability {
  bool threefold_now = false;
  // Every legal move whose announcement makes a correct 9.2.1 claim.
  core::MoveList threefold_moves;
  bool fifty_now = false;
  // A legal non-zeroing move that would complete the 100th ply (9.3.1); none if
  // there is no such move or the count is not at 99.
  core::Move fifty_move;

  bool threefold() const { return threefold_now || !threefold_moves.empty(); }
  bool fifty() const { return fifty_now || fifty_move; }
  bool any() const { return threefold() || fifty(); }
  bool any_now() const { return threefold_now || fifty_now; }
};

// The draw claims open to the side to move. `halfmove_clock` is the game's count
// of plies without a zeroing ply (the FEN's counter may have been ignored).
ClaimAvailability available_claims(const core::Position& pos, const RepetitionHistory& history,
                                   int halfmove_clock, const RuleSet& rules);

// The arbiter's finding on a claim by the player having the move.
struct ClaimFinding {
  bool correct = false;
  ClaimType type = ClaimType::Threefold;
  bool with_move = false;  // correct because of the announced move (9.2.1, 9.3.1)
  std::string_view article;
};

// Judges a claim, optionally with an announced move (Move::none() if none; it
// must be legal). A claim is correct if the position now, or the one the
// announced move produces, meets 9.2 or 9.3; threefold is checked first.
ClaimFinding judge_claim(const core::Position& pos, const RepetitionHistory& history,
                         int halfmove_clock, const RuleSet& rules, core::Move announced);

// The first moment a draw claim of one type was open, for the report of draws
// that could have been claimed.
struct ClaimRecord {
  ClaimType type = ClaimType::Threefold;
  int ply = 0;  // plies played when the claim could be made (before any announced move)
  core::Color side = core::Color::White;  // the claimant: the player having the move
  core::Move move;                        // the move to announce; none for a claim "now"
  std::string move_san;
};

}  // namespace arbiter::rules
