// has_legal_move: out of check, a piece that is not pinned may make any move
// its attacks allow, so one bitboard test per piece usually settles it; in
// check, and for what the quick tests do not cover (pinned pieces, en passant,
// castling), the full count decides.
#include "arbiter/core/attacks.h"
#include "arbiter/core/bitboard.h"
#include "arbiter/core/movegen.h"

namespace arbiter::core {

bool has_legal_move(const Position& pos) {
  if (pos.in_check()) return count_legal_moves(pos) > 0;
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const Bitboard occupied = pos.pieces();
  const Bitboard targets = ~pos.pieces(us);
  const Bitboard unpinned = ~pos.pinned(us, us);

  const Bitboard pawns = pos.pieces(us, PieceType::Pawn) & unpinned;
  const Bitboard pushes =
      us == Color::White ? shift<Direction::North>(pawns) : shift<Direction::South>(pawns);
  if (pushes & ~occupied) return true;
  for (Square s : squares(pos.pieces(us, PieceType::Knight) & unpinned))
    if (knight_attacks(s) & targets) return true;
  for (Square s : squares(pos.pieces(us, PieceType::Bishop, PieceType::Queen) & unpinned))
    if (bishop_attacks(s, occupied) & targets) return true;
  for (Square s : squares(pos.pieces(us, PieceType::Rook, PieceType::Queen) & unpinned))
    if (rook_attacks(s, occupied) & targets) return true;
  // A king step to a square the opponent does not attack (the king itself
  // removed, so that it cannot hide behind itself on a line).
  const Square king = pos.king_square(us);
  for (Square s : squares(king_attacks(king) & targets))
    if (!pos.attacked_by(them, s, occupied ^ square_bb(king))) return true;
  // Pawn captures, pinned pieces moving along their pin, en passant, castling.
  return count_legal_moves(pos) > 0;
}

}  // namespace arbiter::core
