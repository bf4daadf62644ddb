// Static proof of unwinnability in positions whose pawns can never move again.
//
// If no pawn can ever push or capture (every pawn is blocked head-on by a pawn,
// and no enemy piece can ever reach a square where it could capture a pawn or
// be captured by one), the pawns split the board into regions that each piece
// can never leave. A mate by `winner` then needs, on some square k the loser's
// king can reach, a winner's piece able to attack k and enough pieces of either
// side able to close every flight square around k. When no square k passes that
// count, U(winner) holds. The argument over-approximates where pieces can go,
// so it is sound; it is incomplete (Undecided cases go to the search).
#pragma once

#include "arbiter/core/bitboard.h"
#include "arbiter/core/position.h"

namespace arbiter::rules {

// The squares each side's pieces can ever occupy while the pawns stay put.
struct BlockadeRegions {
  bool fixed = false;  // no pawn can ever move or capture again
  core::Bitboard king[core::kNumColors] = {};
};

// Computes whether the pawn structure is fixed for good, and the kings' regions.
BlockadeRegions analyse_blockade(const core::Position& pos);

// True only when the structure is fixed and no square of the loser's king region
// admits a mate by `winner` (see the file comment). Does not look at whether
// `pos` itself is checkmate: callers test that first.
bool blockade_proves_unwinnable(const core::Position& pos, core::Color winner);

}  // namespace arbiter::rules
