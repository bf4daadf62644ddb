// has_legal_move: out of check, a piece that is not pinned may make any move
// its attacks allow, so one bitboard test per piece usually settles it; in
// check, the evasions are looked for directly. What the quick tests do not
// cover (pinned pieces, en passant, castling) goes to the full count.
#include "arbiter/core/attacks.h"
#include "arbiter/core/bitboard.h"
#include "arbiter/core/movegen.h"

namespace arbiter::core {

namespace {

// Ranks (0-based) where a pawn's two-square step ends.
constexpr int kWhiteDoublePushRank = 3;
constexpr int kBlackDoublePushRank = 4;

// In check: a king step to a safe square, or (single check) a man that is not
// pinned taking the checker or stepping between. A pinned man never can (it
// would leave its line), castling is not allowed, so only en passant is left
// to the full count. Runs for every check the helpmate search tries (is it mate?).
bool has_legal_evasion(const Position& pos) {
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const Square king = pos.king_square(us);
  const Bitboard occupied = pos.pieces();
  for (Square s : squares(king_attacks(king) & ~pos.pieces(us)))
    if (!pos.attacked_by(them, s, occupied ^ square_bb(king))) return true;
  const Bitboard checkers = pos.checkers();
  if (more_than_one(checkers)) return false;  // double check: the king must move
  const Square checker = lsb(checkers);
  const Bitboard block = between(king, checker);
  const Bitboard targets = block | checkers;
  const Bitboard unpinned = ~pos.pinned(us, us);
  for (Square s : squares(pos.pieces(us, PieceType::Knight) & unpinned))
    if (knight_attacks(s) & targets) return true;
  for (Square s : squares(pos.pieces(us, PieceType::Bishop, PieceType::Queen) & unpinned))
    if (bishop_attacks(s, occupied) & targets) return true;
  for (Square s : squares(pos.pieces(us, PieceType::Rook, PieceType::Queen) & unpinned))
    if (rook_attacks(s, occupied) & targets) return true;
  const Bitboard pawns = pos.pieces(us, PieceType::Pawn) & unpinned;
  if (!pawns) return false;
  const bool white = us == Color::White;
  const Bitboard single =
      (white ? shift<Direction::North>(pawns) : shift<Direction::South>(pawns)) & ~occupied;
  if (single & block) return true;
  const Bitboard twice =
      (white ? shift<Direction::North>(single) : shift<Direction::South>(single)) & ~occupied &
      rank_bb(white ? kWhiteDoublePushRank : kBlackDoublePushRank);
  if (twice & block) return true;
  for (Square s : squares(pawns))
    if (pawn_attacks(us, s) & checkers) return true;
  // En passant may take a checking pawn: the full count decides.
  return pos.en_passant_square() != Square::None && count_legal_moves(pos) > 0;
}

}  // namespace

bool has_legal_move(const Position& pos) {
  if (pos.in_check()) return has_legal_evasion(pos);
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
