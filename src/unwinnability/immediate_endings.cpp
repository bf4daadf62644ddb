// Positions where every line ends dead within a few plies (immediate_endings.h).
#include "unwinnability/immediate_endings.h"

#include "arbiter/core/movegen.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "core/attacks.h"

namespace arbiter::rules {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Position;
using core::Square;

namespace {

// A check with more replies than this is not examined: the tree would grow with
// no dead ending in sight (the public vectors' dead checks have a handful).
constexpr size_t kMaxReplies = 8;
// Positions made in one examination at most: a tree that has not ended dead by
// then is left alone (a dead one on the public vectors takes a few dozen).
constexpr int kMaxPositions = 1000;

// Whether every square of `squares` is attacked by `attacker`, with the other
// side's king lifted off `king` (a square behind it along a line stays attacked).
bool all_attacked(const Position& pos, Color attacker, Square king, Bitboard squares) {
  const Bitboard without_king = pos.pieces() ^ core::square_bb(king);
  for (Square s : core::squares(squares))
    if (!pos.attacked_by(attacker, s, without_king)) return false;
  return true;
}

// Whether `side` (not to move) could not move if it were its turn, as far as bit
// tests tell: its other men stuck (men_besides_king_stuck), and every square
// beside its king its own or attacked. A screen only (en passant and pins are
// ignored): the moves themselves decide.
bool looks_frozen(const Position& pos, Color side) {
  if (!men_besides_king_stuck(pos, side)) return false;
  const Square king = pos.king_square(side);
  return all_attacked(pos, ~side, king, core::king_attacks(king) & ~pos.pieces(side));
}

// Whether the side to move has nothing but its king, and every square the king
// could step to empty is attacked: its moves are all captures, which may leave
// bare material.
bool king_can_only_capture(const Position& pos) {
  const Color us = pos.side_to_move();
  if (pos.pieces(us) != pos.pieces(us, PieceType::King)) return false;
  const Square king = pos.king_square(us);
  return all_attacked(pos, ~us, king, core::king_attacks(king) & ~pos.pieces());
}

// A side not in check with this many legal moves at most has each examined: after
// a forced line, a king beside a pawn that every move stalemates
// (1k6/1P6/K7/PP6/8/8/8/8 w: Kb6 and b6).
constexpr uint64_t kFewMovesExamined = 2;

// Whether the side to move has at most kFewMovesExamined legal moves: first
// whether its king has that few free steps (bit tests that turn ordinary endings
// away), then the count.
bool has_few_moves(const Position& pos) {
  return uint64_t(core::popcount(king_steps_past_pawns_and_king(pos))) <= kFewMovesExamined &&
         core::count_legal_moves_capped(pos, kFewMovesExamined) <= kFewMovesExamined;
}

// Whether a position not in check may be one whose every move ends dead.
// `legal_moves` is count_legal_moves_capped(pos, 1) or more exact.
bool worth_examining(const Position& pos, uint64_t legal_moves) {
  return legal_moves == 1 || king_can_only_capture(pos) || looks_frozen(pos, ~pos.side_to_move()) ||
         has_few_moves(pos);
}

// The tree of one examination, depth first; any line that does not end dead
// (or a tree past kMaxPositions) ends it.
class Examination {
 public:
  bool every_move_ends_dead(const Position& pos, const core::MoveList& moves, int plies) {
    if (moves.empty()) return false;
    for (core::Move m : moves) {
      if (++positions_ > kMaxPositions) return false;
      Position next = pos;
      core::UndoInfo undo;
      next.make_move(m, undo);
      if (!ends_dead(next, plies - 1)) return false;
    }
    return true;
  }

 private:
  // The position after a move: dead at once, or (plies left) every move from it is.
  bool ends_dead(const Position& pos, int plies_left) {
    if (neither_side_can_mate_by_material(pos)) return true;
    const uint64_t count = core::count_legal_moves_capped(pos, 1);
    if (count == 0) return !pos.in_check();  // stalemate; a mate is a win
    if (plies_left == 0) return false;
    if (!pos.in_check() && !worth_examining(pos, count)) return false;
    core::MoveList moves;
    core::generate_legal(pos, moves);
    if (pos.in_check() && moves.size() > kMaxReplies) return false;
    return every_move_ends_dead(pos, moves, plies_left);
  }

  int positions_ = 0;
};

}  // namespace

bool every_line_ends_dead_at_once(const Position& pos, uint64_t legal_moves) {
  // A check with one reply is examined here; with more, by the caller's replies.
  if (legal_moves == 0 || (pos.in_check() ? legal_moves != 1 : !worth_examining(pos, legal_moves)))
    return false;
  core::MoveList moves;
  core::generate_legal(pos, moves);
  return Examination().every_move_ends_dead(pos, moves, kImmediateEndingPlies);
}

bool every_reply_ends_dead_at_once(const Position& pos, const core::MoveList& replies) {
  if (replies.size() > kMaxReplies) return false;
  return Examination().every_move_ends_dead(pos, replies, kImmediateEndingPlies);
}

}  // namespace arbiter::rules
