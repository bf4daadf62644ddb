// Piece-square tables computed from geometry: centralisation for pieces,
// advancement for pawns, shelter for the middlegame king and activity for the
// endgame king. Values are for White; Black mirrors them.
#include "arbiter/eval/psqt.h"

#include <cstdlib>

namespace arbiter::eval {

namespace {

using core::PieceType;
using core::Square;

// 0 on the rim .. 3 in the four centre squares, per axis.
constexpr int axis_centrality(int x) { return x < 4 ? x : 7 - x; }
constexpr int centrality(int file, int rank) {
  return axis_centrality(file) + axis_centrality(rank);
}

constexpr TaperedScore pawn_value(int file, int rank) {
  // Advance in the endgame; occupy the centre in the middlegame.
  int centre_file = (file == 3 || file == 4) ? 1 : 0;
  int mg = (rank - 1) * 4 + centre_file * (rank >= 3 && rank <= 4 ? 18 : 4);
  if (rank == 1 && centre_file) mg -= 6;  // an unmoved centre pawn blocks the bishops
  int eg = (rank - 1) * (rank - 1) * 3;
  return {mg, eg};
}

constexpr TaperedScore knight_value(int file, int rank) {
  int c = centrality(file, rank);
  return {c * 8 - 24 + (rank >= 4 ? 6 : 0), c * 6 - 18};
}

constexpr TaperedScore bishop_value(int file, int rank) {
  int c = centrality(file, rank);
  bool long_diagonal = file == rank || file == 7 - rank;
  return {c * 4 - 10 + (long_diagonal ? 8 : 0), c * 3 - 9};
}

constexpr TaperedScore rook_value(int file, int rank) {
  int mg = (rank == 6 ? 20 : 0) + (file >= 2 && file <= 5 ? 4 : 0);
  return {mg, rank == 6 ? 10 : 0};
}

constexpr TaperedScore queen_value(int file, int rank) {
  int c = centrality(file, rank);
  return {c * 2 - 6 - (rank == 0 ? 0 : (rank <= 2 ? 0 : 4)), c * 5 - 15};
}

constexpr TaperedScore king_value(int file, int rank) {
  // Middlegame: stay home, preferably beside a castled rook; endgame: centralise.
  int shelter = (file <= 2 || file >= 6) ? 20 : (file == 4 ? 0 : -10);
  int mg = shelter - rank * 18;
  int eg = centrality(file, rank) * 10 - 30;
  return {mg, eg};
}

TaperedScore positional_value(PieceType pt, int file, int rank) {
  switch (pt) {
    case PieceType::Pawn:
      return pawn_value(file, rank);
    case PieceType::Knight:
      return knight_value(file, rank);
    case PieceType::Bishop:
      return bishop_value(file, rank);
    case PieceType::Rook:
      return rook_value(file, rank);
    case PieceType::Queen:
      return queen_value(file, rank);
    case PieceType::King:
      return king_value(file, rank);
    default:
      return {};
  }
}

struct Tables {
  TaperedScore white[core::kNumPieceTypes][core::kNumSquares];
  Tables() {
    for (int pt = 1; pt < core::kNumPieceTypes; ++pt)
      for (int s = 0; s < core::kNumSquares; ++s)
        white[pt][s] = kPieceValues[pt] + positional_value(PieceType(pt), core::file_of(Square(s)),
                                                           core::rank_of(Square(s)));
  }
};

const Tables g_tables;

}  // namespace

TaperedScore piece_square_value(core::Piece p, Square s) {
  core::Color c = core::color_of(p);
  const TaperedScore& v =
      g_tables.white[core::index(core::type_of(p))][core::index(core::relative_square(c, s))];
  return c == core::Color::White ? v : TaperedScore{-v.mg, -v.eg};
}

}  // namespace arbiter::eval
