// has_legal_move: out of check, a piece that is not pinned may make any move
// its attacks allow, so one bitboard test per piece usually settles it; in
// check, a safe king step usually does. For what the quick tests do not cover
// (pinned pieces, en passant, castling, blocks and captures of a checker),
// the full count decides.
#include "arbiter/core/attacks.h"
#include "arbiter/core/bitboard.h"
#include "arbiter/core/movegen.h"

namespace arbiter::core {

namespace {

// A king step to a square the opponent does not attack (the king itself
// removed, so that it cannot hide behind itself on a line).
bool has_safe_king_step(const Position& pos, Bitboard targets) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard occupied = pos.pieces() ^ square_bb(king);
  for (Square s : squares(king_attacks(king) & targets))
    if (!pos.attacked_by(~us, s, occupied)) return true;
  return false;
}

}  // namespace

bool has_legal_move(const Position& pos) {
  const Color us = pos.side_to_move();
  const Bitboard targets = ~pos.pieces(us);
  // In check a king step usually answers; otherwise the full count decides.
  if (pos.in_check()) return has_safe_king_step(pos, targets) || count_legal_moves(pos) > 0;
  const Bitboard occupied = pos.pieces();
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
  if (has_safe_king_step(pos, targets)) return true;
  // Pawn captures, pinned pieces moving along their pin, en passant, castling.
  return count_legal_moves(pos) > 0;
}

}  // namespace arbiter::core
