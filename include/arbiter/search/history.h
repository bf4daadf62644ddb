// Move-ordering memory of one search thread: killer moves per ply and a
// butterfly history of quiet moves that caused (or failed to cause) cutoffs.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

#include "arbiter/core/move.h"
#include "arbiter/search/score.h"

namespace arbiter::search {

class History {
 public:
  static constexpr int kMax = 16384;

  void clear() {
    for (auto& side : butterfly_)
      for (auto& row : side) row.fill(0);
    for (auto& k : killers_) k = {};
  }

  int quiet(core::Color c, core::Move m) const {
    return butterfly_[core::index(c)][core::index(m.from())][core::index(m.to())];
  }
  // Gravity update: large values move less, so the table never saturates.
  void update_quiet(core::Color c, core::Move m, int bonus) {
    int16_t& h = butterfly_[core::index(c)][core::index(m.from())][core::index(m.to())];
    h = int16_t(h + bonus - h * std::abs(bonus) / kMax);
  }
  static int bonus(int depth) { return std::min(depth * depth * 16, kMax / 4); }

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
  std::array<std::array<core::Move, 2>, kMaxPly + 2> killers_{};
};

}  // namespace arbiter::search
