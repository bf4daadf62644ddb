// Material and piece-square values (hand-set, from White's point of view),
// built from a few geometric ideas rather than typed-in tables.
#pragma once

#include <array>

#include "arbiter/core/types.h"
#include "arbiter/eval/evaluator.h"

namespace arbiter::eval {

inline constexpr std::array<TaperedScore, core::kNumPieceTypes> kPieceValues = {{
    {0, 0},       // none
    {100, 120},   // pawn
    {320, 300},   // knight
    {335, 320},   // bishop
    {480, 540},   // rook
    {960, 1000},  // queen
    {0, 0},       // king
}};

// Phase weight of each piece type (pawns and kings do not count).
inline constexpr std::array<int, core::kNumPieceTypes> kPhaseWeight = {0, 0, 1, 1, 2, 4, 0};

// Value of piece p on square s, material included, from White's point of view
// (negative for Black pieces).
TaperedScore piece_square_value(core::Piece p, core::Square s);

}  // namespace arbiter::eval
