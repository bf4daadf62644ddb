// Move-ordering memory of one search thread: which moves caused cutoffs before
// (and which failed to), remembered by move (butterfly), by capture (piece,
// target, victim), by the moves that led to the node (continuation), plus
// killer moves per ply and a counter move per previous move.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "arbiter/core/move.h"
#include "arbiter/core/types.h"
#include "arbiter/search/score.h"

namespace arbiter::search {

// Every history value stays within +-kHistoryLimit.
inline constexpr int kHistoryLimit = 16384;

// Gravity update: the closer a value is to the limit, the less a bonus moves it,
// so the tables never saturate and old lessons fade.
inline void update_history_value(int16_t& value, int bonus) {
  bonus = std::clamp(bonus, -kHistoryLimit, kHistoryLimit);
  value = int16_t(value + bonus - value * std::abs(bonus) / kHistoryLimit);
}

// One slice of continuation history: values of the move now played, by its
// piece and target, for one earlier move.
using PieceToHistory = std::array<std::array<int16_t, core::kNumSquares>, core::kNumPieces>;

class History {
 public:
  void clear() {
    for (auto& side : butterfly_)
      for (auto& row : side) row.fill(0);
    for (auto& piece : capture_)
      for (auto& to : piece) to.fill(0);
    for (auto& piece : continuation_)
      for (auto& slice : piece)
        for (auto& row : slice) row.fill(0);
    for (auto& row : counters_) row.fill(core::Move::none());
    for (auto& k : killers_) k = {};
  }

  // Butterfly: by side, origin and target of a quiet move.
  int butterfly(core::Color c, core::Move m) const {
    return butterfly_[core::index(c)][core::index(m.from())][core::index(m.to())];
  }
  void update_butterfly(core::Color c, core::Move m, int bonus) {
    update_history_value(butterfly_[core::index(c)][core::index(m.from())][core::index(m.to())],
                         bonus);
  }

  // Capture history: by moving piece, target and captured piece type.
  int capture(core::Piece moved, core::Square to, core::PieceType captured) const {
    return capture_[core::index(moved)][core::index(to)][core::index(captured)];
  }
  void update_capture(core::Piece moved, core::Square to, core::PieceType captured, int bonus) {
    update_history_value(capture_[core::index(moved)][core::index(to)][core::index(captured)],
                         bonus);
  }

  // The continuation slice that follows a move of `moved` to `to`.
  PieceToHistory& continuation(core::Piece moved, core::Square to) {
    return continuation_[core::index(moved)][core::index(to)];
  }

  // The reply that last refuted a move of `moved` to `to`.
  core::Move counter(core::Piece moved, core::Square to) const {
    return counters_[core::index(moved)][core::index(to)];
  }
  void set_counter(core::Piece moved, core::Square to, core::Move reply) {
    counters_[core::index(moved)][core::index(to)] = reply;
  }

  core::Move killer(int ply, int slot) const { return killers_[ply][slot]; }
  void add_killer(int ply, core::Move m) {
    if (killers_[ply][0] == m) return;
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  void clear_killers(int ply) { killers_[ply] = {}; }

 private:
  std::array<std::array<std::array<int16_t, core::kNumSquares>, core::kNumSquares>,
             core::kNumColors>
      butterfly_{};
  std::array<std::array<std::array<int16_t, core::kNumPieceTypes>, core::kNumSquares>,
             core::kNumPieces>
      capture_{};
  std::array<std::array<PieceToHistory, core::kNumSquares>, core::kNumPieces> continuation_{};
  std::array<std::array<core::Move, core::kNumSquares>, core::kNumPieces> counters_{};
  std::array<std::array<core::Move, 2>, kMaxPly + 2> killers_{};
};

}  // namespace arbiter::search
