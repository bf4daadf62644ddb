// Orders the legal moves of a node: TT move, winning and equal captures
// (MVV-LVA), killers, quiets by history, then losing captures. Moves are
// selected lazily, so a cutoff on an early move spares sorting the rest.
#pragma once

#include "arbiter/core/movegen.h"
#include "arbiter/search/history.h"

namespace arbiter::search {

class MovePicker {
 public:
  // All legal moves (main search), or only captures and promotions unless in
  // check (quiescence: every evasion when in check).
  enum class Mode { All, Noisy };

  MovePicker(const core::Position& pos, core::Move tt_move, const History& history, int ply,
             Mode mode);

  // Next move in order, or Move::none() when exhausted.
  core::Move next();
  // How the last returned move was classed: quiet moves are the ones LMR reduces.
  bool last_was_quiet() const { return last_quiet_; }
  size_t legal_count() const { return moves_.size(); }

 private:
  core::MoveList moves_;
  int scores_[core::MoveList::kCapacity];
  size_t next_ = 0;
  bool last_quiet_ = false;
  const core::Position& pos_;
};

}  // namespace arbiter::search
