// Dead positions the other layers walk past: those where every legal move ends
// the game within a few plies in a position dead by the exact rules (stalemate,
// or material with which neither side can mate). A king left only captures of
// the last enemy men (K v K+N+N with both knights en prise), a check whose every
// reply ends in stalemate, a side so shut in that any move of the other
// stalemates it. The proof is the whole tree of those moves, examined to its
// leaves: sound by the definition of 5.2.2, and cheap, because each branch ends
// after a few plies and bit tests turn every ordinary position away.
#pragma once

#include <cstdint>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "core/attacks.h"

namespace arbiter::rules {

// The plies examined: the mover's move, the reply (a check's answer, or a move of
// a side that has nothing else to do), and one more of each.
inline constexpr int kImmediateEndingPlies = 4;

// Whether every legal move of `pos` (not in check, or in check with one reply)
// leads, within
// kImmediateEndingPlies plies, only to stalemates and positions dead by material.
// False for a position without legal moves (mate and stalemate are the caller's
// verdicts). `legal_moves` is count_legal_moves_capped(pos, 1) or more exact. The
// screens that turn a position away first cost a few bit operations.
bool every_line_ends_dead_at_once(const core::Position& pos, uint64_t legal_moves);

// The first screen of every_line_ends_dead_at_once, inline because the per-ply
// check asks it after every ply of every game: every line found here strips or
// stalemates a side that has nothing but its king and pawns.
inline bool has_a_side_of_king_and_pawns(const core::Position& pos) {
  using core::Color;
  using core::PieceType;
  const core::Bitboard kings_and_pawns = pos.pieces(PieceType::King, PieceType::Pawn);
  return !(pos.pieces(Color::White) & ~kings_and_pawns) ||
         !(pos.pieces(Color::Black) & ~kings_and_pawns);
}

// Whether no man of `side` but its king has a move, as far as pseudo-legal moves
// tell: no pawn push or capture, no piece with a square that is not its own. The
// per-ply check asks it of the side not to move after every ply, so the pawns go
// first: in nearly every position of a game some pawn can push, and the answer
// costs two bit operations. A side so frozen may be stalemated by any move of
// the other (bqn1KN2/rrk1pB2/nb1pPp1p/p1pP1PpP/PpP3P1/1P2N1R1/4Q3/1R4B1 w: all 32
// of White's moves leave Black no move).
inline bool men_besides_king_stuck(const core::Position& pos, core::Color side) {
  using core::PieceType;
  const core::Bitboard own = pos.pieces(side), occupied = pos.pieces();
  const core::Bitboard pawns = pos.pieces(side, PieceType::Pawn);
  if ((core::pawn_pushes_bb(side, pawns) & ~occupied) ||
      (core::pawn_attacks_bb(side, pawns) & pos.pieces(~side)))
    return false;
  for (core::Square s : core::squares(own & ~pawns & ~pos.pieces(PieceType::King)))
    if (core::piece_attacks(core::type_of(pos.piece_on(s)), s, occupied) & ~own) return false;
  return true;
}

// The squares the king of the side to move could step to that hold none of its
// own men and that neither the enemy king nor an enemy pawn covers: what pieces
// cover comes and goes, so only these count when a side looks shut in. Asked
// first, as bit tests, before a capped move count.
inline core::Bitboard king_steps_past_pawns_and_king(const core::Position& pos) {
  const core::Color us = pos.side_to_move();
  const core::Bitboard covered =
      core::pawn_attacks_bb(~us, pos.pieces(~us, core::PieceType::Pawn)) |
      core::king_attacks(pos.king_square(~us));
  return core::king_attacks(pos.king_square(us)) & ~pos.pieces(us) & ~covered;
}

// The same for a position in check whose legal replies the caller has generated.
bool every_reply_ends_dead_at_once(const core::Position& pos, const core::MoveList& replies);

}  // namespace arbiter::rules
