// has_legal_move and count_legal_moves_capped: out of check, a piece that is not pinned may make
// any move its attacks allow, so one bitboard test per piece usually settles it; in check, the
// evasions are looked for directly. What the quick tests do not cover (pinned pieces, en passant,
// castling) goes to the full count.
#include "arbiter/core/bitboard.h"
#include "arbiter/core/movegen.h"
#include "core/attacks.h"

namespace arbiter::core {

namespace {

// Ranks (0-based) where a pawn's two-square step ends.
constexpr int kWhiteDoublePushRank = 3;
constexpr int kBlackDoublePushRank = 4;

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

// Whether a knight, bishop, rook or queen among `movers` attacks one of `targets`.
bool piece_reaches(const Position& pos, Bitboard movers, Bitboard targets) {
  const Bitboard occupied = pos.pieces();
  for (Square s : squares(movers & pos.pieces(PieceType::Knight)))
    if (knight_attacks(s) & targets) return true;
  for (Square s : squares(movers & pos.pieces(PieceType::Bishop, PieceType::Queen)))
    if (bishop_attacks(s, occupied) & targets) return true;
  for (Square s : squares(movers & pos.pieces(PieceType::Rook, PieceType::Queen)))
    if (rook_attacks(s, occupied) & targets) return true;
  return false;
}

// In check: a king step to a safe square, or (single check) a man that is not
// pinned taking the checker or stepping between. A pinned man never can (it
// would leave its line), castling is not allowed, so only en passant is left
// to the full count. Runs for every check the helpmate search tries (is it mate?).
bool has_legal_evasion(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard occupied = pos.pieces();
  if (has_safe_king_step(pos, ~pos.pieces(us))) return true;
  const Bitboard checkers = pos.checkers();
  if (more_than_one(checkers)) return false;  // double check: the king must move
  const Square checker = lsb(checkers);
  const Bitboard block = between(king, checker);
  const Bitboard targets = block | checkers;
  const Bitboard unpinned = ~pos.pinned(us, us);
  if (piece_reaches(pos, pos.pieces(us) & unpinned, targets)) return true;
  const Bitboard pawns = pos.pieces(us, PieceType::Pawn) & unpinned;
  if (!pawns) return false;
  const Bitboard single = pawn_pushes_bb(us, pawns) & ~occupied;
  if (single & block) return true;
  const Bitboard twice = pawn_pushes_bb(us, single) & ~occupied &
                         rank_bb(us == Color::White ? kWhiteDoublePushRank : kBlackDoublePushRank);
  if (twice & block) return true;
  for (Square s : squares(pawns))
    if (pawn_attacks(us, s) & checkers) return true;
  // En passant may take a checking pawn: the full count decides.
  return pos.en_passant_square() != Square::None && count_legal_moves(pos) > 0;
}

// A lower bound on the legal moves when not in check: the pawn pushes and the
// knight moves of the men on no line from their king (none of them can be
// pinned), counted until they pass `cap`.
uint64_t unpinnable_moves(const Position& pos, uint64_t cap) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard free = pos.pieces(us) & ~(rook_rays(king) | bishop_rays(king));
  const Bitboard occupied = pos.pieces();
  uint64_t moves = popcount(pawn_pushes_bb(us, free & pos.pieces(PieceType::Pawn)) & ~occupied);
  for (Square s : squares(free & pos.pieces(PieceType::Knight))) {
    if (moves > cap) break;
    moves += popcount(knight_attacks(s) & ~pos.pieces(us));
  }
  return moves;
}

}  // namespace

bool has_legal_move(const Position& pos) {
  return pos.in_check() ? has_legal_evasion(pos) : count_legal_moves_capped(pos, 0) > 0;
}

uint64_t count_legal_moves_capped(const Position& pos, uint64_t cap) {
  if (!pos.in_check()) {
    // Out of check every move of a man that is not pinned is legal.
    const Color us = pos.side_to_move();
    const Bitboard occupied = pos.pieces();
    const Bitboard targets = ~pos.pieces(us);
    // Men off every line from their king cannot be pinned: their pushes and
    // steps usually pass the cap before the pins are worked out.
    if (uint64_t free_moves = unpinnable_moves(pos, cap); free_moves > cap) return free_moves;
    const Bitboard unpinned = ~pos.pinned(us, us);
    const Bitboard pawns = pos.pieces(us, PieceType::Pawn) & unpinned;
    uint64_t moves = popcount(pawn_pushes_bb(us, pawns) & ~occupied);
    for (Square s :
         squares(pos.pieces(us) & unpinned & ~pos.pieces(PieceType::Pawn, PieceType::King))) {
      if (moves > cap) return moves;
      moves += popcount(piece_attacks(type_of(pos.piece_on(s)), s, occupied) & targets);
    }
    const Square king = pos.king_square(us);
    for (Square s : squares(king_attacks(king) & targets)) {
      if (moves > cap) return moves;
      if (!pos.attacked_by(~us, s, occupied ^ square_bb(king))) ++moves;
    }
    if (moves > cap) return moves;
  }
  // Pawn captures, pinned pieces moving along their pin, en passant, castling,
  // and every evasion: the full count.
  return count_legal_moves(pos);
}

}  // namespace arbiter::core
