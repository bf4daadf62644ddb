// Occurrences of positions over a whole game (9.2, 9.6.1), by the FIDE 9.2.3
// identity that core::Position::key() already is.
//
// Positions separated by an irreversible ply (a pawn move, a capture, a loss of
// castling rights) can never be the same, so counting scans back only to the
// last such ply, and only over positions with the same side to move.
#pragma once

#include <cstddef>
#include <vector>

#include "arbiter/core/zobrist.h"

namespace arbiter::rules {

class RepetitionHistory {
 public:
  // Starts a game: the start (or set-up) position is occurrence 1. Keeps the
  // vectors' capacity, so a reused history allocates nothing for later games.
  void reset(core::Key start_key);

  // Records the position after a ply and returns its occurrence number (1 for a
  // position not seen before). `irreversible`: the ply was zeroing or lost a
  // castling right, so no earlier position can recur.
  int push(core::Key key, bool irreversible);

  // Occurrences so far of the current (last recorded) position.
  int occurrences() const { return current_occurrences_; }

  // How often `key` has occurred as a position reachable by one reversible move
  // from the current one (with the other side to move): claims with an
  // announced move (9.2.1) add one to this.
  int occurrences_after_reversible_move(core::Key key) const;

  // Whether some position with the other side to move has occurred twice since
  // the last irreversible ply: without one, no announced move can repeat a
  // third time, and the search for such a move can be skipped.
  bool next_side_has_repeated_position() const { return !repeated_[keys_.size() & 1].empty(); }

  // Whether the occurrences of the current position recur at a constant period
  // (a cycle repeated without interruption): the strict reading of 2014 9.6a's
  // "five consecutive alternate moves".
  bool occurrences_evenly_spaced() const;

  // Plies recorded since the start position.
  int plies() const { return static_cast<int>(keys_.size()) - 1; }
  core::Key key_at(int ply) const { return keys_[static_cast<size_t>(ply)]; }

 private:
  // Occurrences of `key` among recorded positions with index parity `parity`,
  // scanning back from index `from` (inclusive) to the window start.
  int count_from(core::Key key, long from) const;

  std::vector<core::Key> keys_;  // position after each ply; [0] is the start position
  long window_start_ = 0;        // first index after the last irreversible ply
  int current_occurrences_ = 1;
  // Keys that have occurred at least twice in the window, by index parity.
  std::vector<core::Key> repeated_[2];
};

}  // namespace arbiter::rules
