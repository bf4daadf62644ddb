// Unwinnability, first layer: the exact material rules of spec section 4 (O(1)).
// Sound but incomplete: the other layers settle what these rules leave open.
#include "arbiter/unwinnability/unwinnability.h"

namespace arbiter::rules {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Position;

namespace {

Bitboard minor_and_major(const Position& pos, Color c) {
  return pos.pieces(c) & ~pos.pieces(PieceType::King);
}

// Only kings and bishops, and every bishop on squares of one colour.
bool only_same_coloured_bishops(const Position& pos) {
  Bitboard non_kings = pos.pieces() & ~pos.pieces(PieceType::King);
  if (non_kings != pos.pieces(PieceType::Bishop)) return false;
  return !(non_kings & core::kLightSquares) || !(non_kings & core::kDarkSquares);
}

}  // namespace

bool dead_by_material(const Position& pos) {
  Bitboard non_kings = pos.pieces() & ~pos.pieces(PieceType::King);
  if (!non_kings) return true;  // K v K
  // K+B v K and K+N v K
  if (!core::more_than_one(non_kings) &&
      (non_kings & pos.pieces(PieceType::Bishop, PieceType::Knight)))
    return true;
  return only_same_coloured_bishops(pos);
}

bool unwinnable_by_material(const Position& pos, Color winner) {
  const Color loser = ~winner;
  Bitboard mine = minor_and_major(pos, winner);
  if (!mine) return true;  // a lone king never mates
  Bitboard theirs = minor_and_major(pos, loser);
  // K+N cannot mate a king that has only queens beside it.
  if (mine == pos.pieces(winner, PieceType::Knight) && !core::more_than_one(mine) &&
      theirs == pos.pieces(loser, PieceType::Queen))
    return true;
  // Bishops all on one colour cannot mate without enemy knights or pawns to block the king.
  Bitboard bishops = pos.pieces(PieceType::Bishop);
  if (mine == pos.pieces(winner, PieceType::Bishop) &&
      (!(bishops & core::kLightSquares) || !(bishops & core::kDarkSquares)) &&
      !(theirs & pos.pieces(PieceType::Knight, PieceType::Pawn)))
    return true;
  return false;
}

}  // namespace arbiter::rules
