// The 960 starting positions of Chess960 (FIDE Laws, Guidelines II), by their
// standard number 0..959 (518 is the classical array).
#pragma once

#include "arbiter/core/position.h"

namespace arbiter::core {

inline constexpr int kChess960Positions = 960;
inline constexpr int kClassicalChess960Number = 518;

// The start position with number `n` (taken modulo 960), castling rights on
// both rooks, White to move, flagged as Chess960.
Position chess960_position(int n);

}  // namespace arbiter::core
