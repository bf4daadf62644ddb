// How the helpmate search (helpmate.cpp) ranks the moves of a node. Each move
// gets a cost (what iterative deepening over units spends on it) and a score
// within its cost, by the plan of the mating pattern: the winner brings its men
// closer and presses on the loser's king, the loser walks its king into the net
// and brings blockers. Ordering only: a line found is replayed as the proof, so
// nothing here decides what is proven, only how soon.
#pragma once

#include <cstdint>

#include "arbiter/core/bitboard.h"
#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "core/attacks.h"

namespace arbiter::rules::helpmate {

// Depth is counted in units, not plies: a natural move (one that follows the plan
// of the mating pattern) costs nothing, an ordinary move one unit, a move that
// usually leads away from a mate two. Iterative deepening over units thus tries
// the planned line first and then lines with ever more deviations.
enum class MoveCost : uint8_t { Natural = 0, Ordinary = 1, Unlikely = 2 };

// The lines of a long-range piece on an empty board.
constexpr core::Bitboard empty_board_lines(core::PieceType pt, core::Square s) {
  switch (pt) {
    case core::PieceType::Bishop:
      return core::bishop_rays(s);
    case core::PieceType::Rook:
      return core::rook_rays(s);
    default:
      return core::rook_rays(s) | core::bishop_rays(s);
  }
}

// How a move is classified before it becomes a sort key (MoveKey).
struct ScoredMove {
  uint16_t bits;
  int cost;
  int score;

  core::Move move() const { return core::Move::from_bits(bits); }
};

// Squares from which each piece type of the winner would check the loser's king,
// and the winner's pieces whose departure uncovers a check.
struct CheckInfo {
  core::Bitboard squares[core::kNumPieceTypes] = {};
  core::Bitboard discoverers = 0;
  core::Square king = core::Square::None;

  CheckInfo(const core::Position& pos, core::Color winner) {
    const core::Color loser = ~winner;
    king = pos.king_square(loser);
    const core::Bitboard occupied = pos.pieces();
    squares[core::index(core::PieceType::Pawn)] = core::pawn_attacks(loser, king);
    squares[core::index(core::PieceType::Knight)] = core::knight_attacks(king);
    squares[core::index(core::PieceType::Bishop)] = core::bishop_attacks(king, occupied);
    squares[core::index(core::PieceType::Rook)] = core::rook_attacks(king, occupied);
    squares[core::index(core::PieceType::Queen)] =
        squares[core::index(core::PieceType::Bishop)] | squares[core::index(core::PieceType::Rook)];
    discoverers = pos.pinned(winner, loser);
  }

  // False only when the move surely gives no check; special moves are left to make_move.
  bool may_check(const core::Position& pos, core::Move m) const {
    if (m.kind() != core::MoveKind::Normal) return true;
    core::PieceType pt = core::type_of(pos.moved_piece(m));
    if (core::contains(squares[core::index(pt)], m.to())) return true;
    return core::contains(discoverers, m.from()) && !core::aligned(m.from(), m.to(), king);
  }
};

// The classification of the moves of the winner and of the loser under one plan
// (the corner the loser's king is led to, or the prison plan), for the position
// the search stands on: `pos` is the searcher's own board, read at each call.
class MoveClassifier {
 public:
  MoveClassifier(const core::Position& pos, core::Color winner, int plan);

  // Whether the loser's king is led to a corner (the sparse endings).
  bool corner_mode() const { return corner_mode_; }
  // Whether the winner, with no natural move, may wait for free (see the search).
  bool winner_waits() const { return winner_waits_; }

  // What the moves of one node of the winner are scored against, computed once.
  struct WinnerNode {
    const CheckInfo& info;
    core::Bitboard obstructions;
    core::Bitboard zone;        // the loser's king and the squares around it
    core::Square king_target;   // where the winner's king heads ...
    bool to_blocker;            // ... a blocker to take rather than the loser's king
    core::Square piece_target;  // where the knights head
    core::Square pressure_from =
        core::Square::None;   // the last piece whose pressure was counted ...
    int pressure_before = 0;  // ... and how many zone squares it bore on
    // A superset of the natural moves, by bit tests (see may_be_natural).
    core::Bitboard any_move_from = 0;  // pawns, men on a line to the loser's king
    core::Bitboard king_steps = 0;     // where the winner's king may step naturally
    core::Bitboard captures = 0;       // the loser's men
    core::Bitboard jailers = 0;        // the winner's pieces next to the loser's king, in its way
    // may_be_natural's answer for every move of one man, made at its first move
    // (a man's moves come one after another).
    core::Square natural_from = core::Square::None;
    core::Bitboard natural_to = 0;
  };

  WinnerNode winner_node(const CheckInfo& info, core::Bitboard obstructions) const;
  // False only for a move that classify_winner_move surely makes costly.
  bool may_be_natural(core::Move m, WinnerNode& node) const;
  ScoredMove classify_winner_move(core::Move m, WinnerNode& node) const;

  // What the moves of one node of the loser are scored against, computed once.
  struct LoserNode {
    core::Bitboard obstructions;
    core::Bitboard offers;  // squares where the winner's blockers could take a man
    core::Bitboard levers;  // the loser's men standing right in front of a winner's pawn
    core::Square king;
    core::Square target;  // where the loser's king is to be mated
    core::Bitboard zone;  // the squares around the king and around the target
    core::Bitboard own;   // the loser's men
    core::Bitboard king_steps = ~core::Bitboard(0);  // where its king may step naturally
    // The prison and blocker plans: the man the loser's king heads for (a wall of
    // the winner's king, or a man in front of one of its pawns) ...
    core::Square wall = core::Square::None;
    core::Bitboard runners = 0;        // ... the loser's pawns free to promote ...
    core::Bitboard lane_blockers = 0;  // ... and the winner's men the king takes to free one
  };

  LoserNode loser_node(core::Bitboard obstructions) const;
  // False only for a move that classify_loser_move surely makes costly.
  bool may_be_natural(core::Move m, const LoserNode& node) const;
  ScoredMove classify_loser_move(core::Move m, const LoserNode& node) const;

 private:
  core::Square loser_king_target() const;
  core::Square blocker_to_take() const;
  int pressure_now(WinnerNode& node, core::PieceType pt, core::Square from) const;
  core::Bitboard natural_targets(core::Square from, WinnerNode& node) const;

  const core::Position& pos_;
  const core::Color winner_, loser_;
  bool corner_mode_ = false;
  bool needs_blockers_ = false;
  bool pawns_only_ = false;
  bool prison_plan_ = false;   // the last plan: the loser's king opens the winner's prison
  bool blocker_plan_ = false;  // the last plan: the loser frees a pawn to make a blocker
  bool winner_waits_ = false;  // a corner plan with the winner's king shut in
  core::Square corner_ = core::Square::None;
};

}  // namespace arbiter::rules::helpmate
