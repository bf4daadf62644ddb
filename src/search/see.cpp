// SEE by the swap-list idea: alternate captures on the target square, always
// with the least valuable attacker, revealing x-ray attackers as pieces leave.
#include "arbiter/search/see.h"
#include "core/attacks.h"

namespace arbiter::search {

using core::Bitboard;
using core::Color;
using core::PieceType;

bool see_at_least(const core::Position& pos, core::Move m, int threshold) {
  // Castling and promotions are treated as neutral: good enough for ordering and pruning.
  if (m.is_castling() || m.is_promotion()) return threshold <= 0;
  const core::Square from = m.from(), to = m.to();
  int swap =
      (m.is_en_passant() ? kSeeValue[1] : kSeeValue[core::index(core::type_of(pos.piece_on(to)))]) -
      threshold;
  if (swap < 0) return false;
  swap = kSeeValue[core::index(core::type_of(pos.piece_on(from)))] - swap;
  if (swap <= 0) return true;

  Bitboard occupied = pos.pieces() ^ core::square_bb(from) ^ core::square_bb(to);
  Color side = pos.side_to_move();
  Bitboard attackers = pos.attackers_to(to, occupied);
  const Bitboard diagonal = pos.pieces(PieceType::Bishop, PieceType::Queen);
  const Bitboard straight = pos.pieces(PieceType::Rook, PieceType::Queen);
  bool result = true;
  for (;;) {
    side = ~side;
    attackers &= occupied;
    Bitboard mine = attackers & pos.pieces(side);
    if (!mine) break;
    result = !result;
    // Least valuable attacker; each capture may reveal a slider behind it.
    PieceType pt = PieceType::Pawn;
    Bitboard pick = 0;
    for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                        PieceType::Queen, PieceType::King}) {
      pick = mine & pos.pieces(t);
      if (pick) {
        pt = t;
        break;
      }
    }
    if (pt == PieceType::King) {
      // The king may capture only if the opponent has no attacker left.
      return (attackers & pos.pieces(~side)) ? !result : result;
    }
    swap = kSeeValue[core::index(pt)] - swap;
    if (swap < int(result)) break;
    occupied ^= core::square_bb(core::lsb(pick));
    if (pt == PieceType::Pawn || pt == PieceType::Bishop || pt == PieceType::Queen)
      attackers |= core::bishop_attacks(to, occupied) & diagonal;
    if (pt == PieceType::Rook || pt == PieceType::Queen)
      attackers |= core::rook_attacks(to, occupied) & straight;
  }
  return result;
}

}  // namespace arbiter::search
