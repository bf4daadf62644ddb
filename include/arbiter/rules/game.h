// A game under the FIDE Laws: the position, its history and the arbiter's
// verdict after every event (spec section 3).
//
//   rules::Game game({.edition = rules::Edition::Fide2023});   // initial array
//   game.play(move);                        // after every ply: 5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2
//   game.claim_draw(core::Color::White);    // 9.2 / 9.3, by the player having the move
//   game.flag(core::Color::Black);          // 6.9
//   if (game.finished()) use(game.outcome());   // result, reason, article, ply
//
// Events after the end change nothing: the game ended when it ended, even if play
// went on (spec 3.1, last note).
//
// Thread safety: a Game is a value that owns everything it uses (its analysis
// memory included), so distinct games may be played on different threads at once;
// one game is used by one thread at a time.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/core/result.h"
#include "arbiter/rules/claims.h"
#include "arbiter/rules/edition.h"
#include "arbiter/rules/outcome.h"
#include "arbiter/rules/repetition.h"
#include "arbiter/unwinnability/unwinnability.h"

namespace arbiter::rules {

// How 9.2/9.3 claims are made (spec 3.2).
enum class ClaimMode : uint8_t {
  Strict,      // only claims actually made (claim_draw) count
  ProxyClaim,  // the arbiter claims for the side to move at the first correct moment
};

// How many completed illegal moves lose (both keep the U(opponent) proviso).
enum class IllegalMovePolicy : uint8_t {
  Fide,     // the edition's rule for the time-control class
  Forfeit,  // the first illegal move loses (engine-match practice)
};

// The command-line names: "strict", "proxy-claim"; "fide", "forfeit".
std::optional<ClaimMode> parse_claim_mode(std::string_view name);
std::optional<IllegalMovePolicy> parse_illegal_move_policy(std::string_view name);

struct GameOptions {
  Edition edition = kDefaultEdition;
  ClaimMode claim_mode = ClaimMode::Strict;
  IllegalMovePolicy illegal_moves = IllegalMovePolicy::Fide;
  TimeControlClass time_control = TimeControlClass::Standard;  // sets penalty sizes
  // A set-up position's FEN counter counts towards 50/75 (spec 8.2); when false
  // the count starts at 0.
  bool trust_fen_halfmove_clock = true;
  // Track the first moment each draw claim was open (claim_records). Cheap: the
  // search for announced-move claims runs only where one can succeed.
  bool record_claims = true;
  WinnabilityOptions winnability{};
};

enum class PenaltyCause : uint8_t { IllegalMove, IncorrectClaim };

// Time the arbiter adds to the offender's opponent (7.5, 9.5 and predecessors).
struct TimePenalty {
  PenaltyCause cause = PenaltyCause::IllegalMove;
  int ply = 0;
  core::Color offender = core::Color::White;
  int opponent_bonus_seconds = 0;
  int offender_cut_max_seconds = 0;  // 2001: the claimant's own time cut, up to half
  std::string_view article;
};

enum class ClaimStatus : uint8_t {
  Correct,               // the game is drawn (9.5.2)
  Incorrect,             // time penalty; the announced move, if any, was played (9.5.3)
  GameOver,              // nothing to claim: the game had already ended
  IllegalAnnouncedMove,  // the announced move is not legal here; nothing happened
};

struct ClaimResponse {
  ClaimStatus status = ClaimStatus::GameOver;
  ClaimFinding finding;
};

class Game {
 public:
  // The initial array.
  explicit Game(const GameOptions& options = {});
  // A set-up position (standard or Chess960): it counts as occurrence 1.
  Game(const core::Position& setup, const GameOptions& options);
  static Result<Game> from_fen(std::string_view fen, const GameOptions& options = {},
                               bool chess960 = false);

  // Starts another game with the same options, keeping allocated capacity.
  void reset(const core::Position& setup);

  // --- Events ----------------------------------------------------------------
  // A move by the side to move. One that is not legal (the null move included)
  // is a completed illegal move by the side to move (7.5), not played.
  const Outcome& play(core::Move m);
  // The same for a move the caller already knows to be legal (parse_san and
  // parse_uci_move check): skips the legality check.
  const Outcome& play_legal(core::Move m);
  // The same for a legal move the caller has already made on a copy of
  // position(), `after` being the result (a reader replaying the record
  // itself): the game takes that position instead of making the move again.
  // Only its halfmove clock is not taken (the game keeps its own count).
  const Outcome& play_legal(core::Move m, const core::Position& after);
  // A completed illegal move by `offender` (7.5.3-7.5.5): time penalty, or the loss.
  const Outcome& illegal_move(core::Color offender);
  // The flag of `flagged` has fallen (6.9): a loss unless the opponent cannot mate.
  const Outcome& flag(core::Color flagged);
  // Both flags down, order unknown: a draw in the last period, otherwise play goes on.
  const Outcome& both_flags(bool last_period);
  const Outcome& resign(core::Color player);
  // Draw offer (9.1.2); it lapses when the opponent moves instead of accepting.
  void offer_draw(core::Color player);
  // Accepts the opponent's pending offer (5.2.3); refused (the game goes on)
  // where the edition requires a move by each player first.
  const Outcome& accept_draw(core::Color player);
  // A 9.2/9.3 claim, now or with an announced move (none: Move::none()).
  ClaimResponse claim_draw(core::Color claimant, core::Move announced = core::Move::none());

  // --- State -----------------------------------------------------------------
  const Outcome& outcome() const { return outcome_; }
  bool finished() const { return outcome_.finished(); }
  const core::Position& position() const { return pos_; }
  const core::Position& start_position() const { return start_; }
  const GameOptions& options() const { return options_; }
  const RuleSet& ruleset() const { return *rules_; }
  int ply() const { return static_cast<int>(moves_.size()); }
  const std::vector<core::Move>& moves() const { return moves_; }
  int halfmove_clock() const { return pos_.halfmove_clock(); }
  // Occurrences of the current position so far (9.2.3 identity), this one included.
  int occurrences() const { return history_.occurrences(); }
  // Who may claim what now: always the side to move (computed on the position,
  // also after the end).
  ClaimAvailability claimable() const;
  // The first ply at which each draw claim was open, in order of ply.
  std::span<const ClaimRecord> claim_records() const { return claim_records_; }
  const std::vector<TimePenalty>& penalties() const { return penalties_; }
  int illegal_moves(core::Color player) const { return illegal_moves_[core::index(player)]; }
  std::optional<core::Color> pending_draw_offer() const { return pending_offer_; }
  // Moves received after the game had ended (ignored).
  int plies_after_end() const { return plies_after_end_; }

 private:
  // What follows any legal move once `pos_` is the position after it.
  void record_ply(core::Move m, core::Color mover, uint8_t rights_before,
                  const core::UndoInfo& undo);
  void conclude_position(core::Move last, const core::UndoInfo* undo);
  void record_claims();
  bool proxy_claim(core::Move last, const core::UndoInfo* undo);
  void finish(GameResult result, Reason reason, std::string_view article, core::Move move = {},
              const core::UndoInfo* undo = nullptr);
  // A loss for `loser`, or a draw when `proviso` holds and the opponent cannot mate.
  void lose_unless_opponent_cannot_mate(core::Color loser, Reason reason, std::string_view article,
                                        bool proviso);
  void add_penalty(PenaltyCause cause, core::Color offender, int bonus_seconds, int cut_max_seconds,
                   std::string_view article);

  GameOptions options_;
  const RuleSet* rules_;
  core::Position start_;
  core::Position pos_;
  RepetitionHistory history_;
  std::vector<core::Move> moves_;
  std::vector<ClaimRecord> claim_records_;
  std::array<bool, kNumClaimTypes> claim_recorded_{};
  std::vector<TimePenalty> penalties_;
  std::array<int, core::kNumColors> illegal_moves_{};
  std::array<int, core::kNumColors> moves_made_{};
  std::optional<core::Color> pending_offer_;
  int plies_after_end_ = 0;
  Outcome outcome_;
  // The dead-position check's helpmate lines from earlier plies of this game.
  HelpmateMemory helpmate_memory_;
};

}  // namespace arbiter::rules
