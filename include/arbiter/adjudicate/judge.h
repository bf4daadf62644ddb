// The FIDE verdict on a recorded game (pgn::Game): its moves replayed through
// rules::Game, then the one event the record implies after its last move.
//
// A PGN records moves and a result, not the events that ended the game, so the
// judge infers them (only when the moves themselves did not already end it):
//   - Termination "time forfeit" (any case, lichess writes "Time forfeit"): the
//     side to move in the final position lost on time (its clock was running),
//     6.9: a loss unless the opponent cannot mate;
//   - a decisive result with Termination "Normal" or no Termination tag: the
//     loser resigned, 5.1.2 (2023: a draw if the opponent cannot mate);
//   - 1/2-1/2 with Termination "Normal" or none: a draw claim by the side to
//     move if one was correct in the final position (9.2.2 / 9.3.2), otherwise
//     an agreement, 5.2.3 (2018+: refused before each player has moved, and the
//     game is then still going on);
//   - anything else (other Termination values, "*"): no event; the verdict rests
//     on the moves alone.
// A game already ended by the moves (mate, stalemate, dead position, fivefold,
// 75 moves, or a proxy claim) keeps that ending whatever the record says.
//
//   adjudicate::Judge judge({.game = {.edition = rules::Edition::Fide2023}});
//   const adjudicate::Judgement& j = judge.judge(pgn_game);   // reused buffers
//
// Or while the parser reads the record, without making its moves again:
//   pgn::parse_game_into(raw, pgn_game, error, {.observer = &judge});
//   const adjudicate::Judgement& j = judge.conclude(pgn_game);
//
// Thread safety: a Judge keeps buffers between games; use one Judge per thread
// (the pipeline gives each worker its own). Judgements depend only on the record
// and the options, whatever the Judge judged before.
#pragma once

#include <cstdint>
#include <string_view>

#include "arbiter/core/types.h"
#include "arbiter/pgn/game.h"
#include "arbiter/pgn/parser.h"
#include "arbiter/rules/game.h"
#include "arbiter/rules/verdict_format.h"

namespace arbiter::adjudicate {

// The event the judge read into the record after its last move.
enum class Inference : uint8_t {
  None,
  TimeForfeit,  // Termination "time forfeit": the side to move flagged
  Resignation,  // decisive result, no other end: the loser resigned
  Agreement,    // 1/2-1/2, no other end and no claim open: agreed
  Claim,        // 1/2-1/2, a 9.2/9.3 claim was open to the side to move: claimed
};
inline constexpr int kNumInferences = 5;

// The same result in the record's and the arbiter's vocabulary ("*" and an
// unfinished record = ongoing).
rules::GameResult to_rules_result(pgn::GameResult result);
pgn::GameResult to_pgn_result(rules::GameResult result);

// "none", "time-forfeit", "resignation", "agreement", "claim" (JSON output).
std::string_view inference_name(Inference inference);

struct JudgeOptions {
  rules::GameOptions game{};
  // Apply the inferences above; false: the verdict of the moves alone.
  bool infer_events = true;
};

struct Judgement {
  rules::Verdict verdict;  // recorded / agrees set from the record's result
  Inference inferred = Inference::None;
  core::Color inferred_side = core::Color::White;  // who flagged or resigned
  // The inferred agreement was refused (5.2.3: a move by each player first).
  bool agreement_refused = false;
  // The record says time forfeit but the moves had already ended the game.
  bool flag_after_end = false;
  int plies = 0;  // in the record (plies after the end included)
};

class Judge : public pgn::PlyObserver {
 public:
  explicit Judge(const JudgeOptions& options = {});

  // The verdict on `record`. The result stays valid until the next call.
  const Judgement& judge(const pgn::Game& record);

  // The same in steps, as the parser's observer: start() and ply() follow the
  // record's main line as it is read, conclude() gives the verdict on the
  // record once it has been read without error.
  void start(const core::Position& start) override;
  void ply(core::Move move, const core::Position& after) override;
  const Judgement& conclude(const pgn::Game& record);

  // The game as judged last (position, history, claims).
  const rules::Game& game() const { return game_; }
  const JudgeOptions& options() const { return options_; }

 private:
  void infer_event(const pgn::Game& record);
  void fill_verdict(const pgn::Game& record);

  JudgeOptions options_;
  rules::Game game_;
  Judgement judgement_;
};

}  // namespace arbiter::adjudicate
