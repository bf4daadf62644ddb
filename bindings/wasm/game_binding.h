// rules::Game for JavaScript, move by move: SAN or UCI in, FEN, legal moves and
// verdicts (the JSON of `arbiter adjudicate --fen ... --format json`) out.
// Input that cannot be applied changes nothing and is answered with a message,
// which js/index.mjs throws as an Error; an empty message means it was applied.
#pragma once

#include <optional>
#include <string>

#include "arbiter/rules/game.h"
#include "options.h"

namespace arbiter::wasm {

class GameBinding {
 public:
  // fen: empty for the initial array. A FEN or option that cannot be read
  // leaves the game at the initial array and error() says why.
  GameBinding(const std::string& fen, bool chess960, const JsOptions& options);

  std::string error() const { return error_; }

  std::string push_san(const std::string& san);
  std::string push_uci(const std::string& uci);
  std::string fen() const;
  std::string legal_moves() const;  // UCI, separated by spaces
  int ply() const { return game_ ? game_->ply() : 0; }
  std::string turn() const;
  // The verdict now, as JSON.
  std::string outcome() const;
  // Events by a side ("white" or "black"); the verdict after them as JSON, or
  // an empty string when the side is not a colour.
  std::string flag(const std::string& side);
  std::string resign(const std::string& side);
  // A 9.2/9.3 claim by the side to move, now or with a move announced (SAN or
  // UCI; empty: none): the verdict after it, or "error:" and why nothing happened.
  std::string claim_draw(const std::string& announced);
  bool is_dead_position() const;
  // Whether `side` could still mate by some sequence of legal moves (5.2.2,
  // 6.9); an analysis out of budget counts as yes, as the rules module counts it.
  bool can_checkmate(const std::string& side) const;

 private:
  std::string play(const Result<core::Move>& move, const std::string& text);

  std::optional<rules::Game> game_;
  bool chess960_ = false;
  std::string error_;
};

}  // namespace arbiter::wasm
