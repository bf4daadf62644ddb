// The screens of the unwinnability layers (see screens.h), inline: the per-ply
// 5.2.2 check runs them after every ply of every game, and in a translation
// unit of their own they cost about 3% of adjudicate's time on
// lichess-timeouts.pgn (perf: dead_position's share split into calls to
// king_pen_size, screen_dead_check and the rest). Included by
// unwinnability.cpp only.
#pragma once

#include "unwinnability/screens.h"

#include "arbiter/core/movegen.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "core/attacks.h"
#include "unwinnability/blockade.h"
#include "unwinnability/fixed_men.h"
#include "unwinnability/piece_regions.h"
#include "unwinnability/structure_proof.h"

namespace arbiter::rules::screens {

using core::Color;
using core::Position;

// Positions with at most this many legal moves are worth an exhaustive walk.
constexpr uint64_t kClosedMaxLegalMoves = 8;

// Whether there are pawns and every one of them is blocked head-on.
inline bool all_pawns_blocked(const Position& pos) {
  using core::PieceType;
  const core::Bitboard pushes =
      core::pawn_pushes_bb(Color::White, pos.pieces(Color::White, PieceType::Pawn)) |
      core::pawn_pushes_bb(Color::Black, pos.pieces(Color::Black, PieceType::Pawn));
  return pos.pieces(PieceType::Pawn) && !(pushes & ~pos.pieces());
}

// Whether some pawn is blocked head-on by an enemy pawn: the least a static proof
// needs (a fixed man that walls something in starts with such a pair).
inline bool has_locked_pawns(const Position& pos) {
  using core::PieceType;
  const core::Bitboard white = pos.pieces(Color::White, PieceType::Pawn);
  return core::shift<core::Direction::North>(white) & pos.pieces(Color::Black, PieceType::Pawn);
}

// How many pawns (of either side) stand right in front of a pawn: the stuff of
// walls. A pair locked head-on counts two.
inline int pawns_standing_in_front_of_pawns(const Position& pos) {
  using core::PieceType;
  const core::Bitboard pawns = pos.pieces(PieceType::Pawn);
  const core::Bitboard pushes =
      core::pawn_pushes_bb(Color::White, pos.pieces(Color::White, PieceType::Pawn)) |
      core::pawn_pushes_bb(Color::Black, pos.pieces(Color::Black, PieceType::Pawn));
  return core::popcount(pushes & pawns);
}

// Whether some pawn among `candidates` has none of `blockers` anywhere ahead on its file.
inline bool pawn_with_nothing_ahead(const Position& pos, core::Bitboard blockers,
                                    core::Bitboard candidates = ~core::Bitboard(0)) {
  using core::Bitboard;
  using core::PieceType;
  constexpr int kRank = 8;  // a shift by one rank
  // Every square behind some blocker on its file, seen from each side: a pawn on
  // one of them has a blocker ahead. (A bitboard fill: this runs on most plies.)
  Bitboard below = blockers >> kRank, above = blockers << kRank;
  for (int step = kRank; step < 64; step *= 2) {
    below |= below >> step;
    above |= above << step;
  }
  return (pos.pieces(Color::White, PieceType::Pawn) & candidates & ~below) ||
         (pos.pieces(Color::Black, PieceType::Pawn) & candidates & ~above);
}

// A pawn with no pawn anywhere ahead on its file: it may promote, and the
// positions reachable after a promotion are too many to walk.
// Whether the king on `s` has no square to step to: each is its own man's or
// attacked (with the king lifted, so that a slider's line covers the square
// behind it).
inline bool king_shut_in(const Position& pos, core::Square s) {
  const Color us = core::color_of(pos.piece_on(s));
  const core::Bitboard occupied = pos.pieces() ^ core::square_bb(s);
  for (core::Square to : core::squares(core::king_attacks(s) & ~pos.pieces(us)))
    if (!pos.attacked_by(~us, to, occupied)) return false;
  return true;
}

// A pawn with no pawn ahead on its file, unless a king that cannot move stands
// right in front of it (the king shut in on the back rank by the pawns it faces,
// in the walls of composed positions).
inline bool has_runner(const Position& pos) {
  using core::PieceType;
  core::Bitboard candidates = pos.pieces(PieceType::Pawn);
  for (Color c : {Color::White, Color::Black}) {
    // The enemy pawn the king of `c` may stand right in front of.
    const core::Bitboard king = core::square_bb(pos.king_square(c));
    const core::Bitboard facing = (c == Color::White ? core::shift<core::Direction::North>(king)
                                                     : core::shift<core::Direction::South>(king)) &
                                  pos.pieces(~c, PieceType::Pawn);
    if (facing && king_shut_in(pos, pos.king_square(c))) candidates &= ~facing;
  }
  return pawn_with_nothing_ahead(pos, pos.pieces(PieceType::Pawn), candidates);
}

// A pawn with no man at all ahead on its file: free to promote now, and then
// nearly always able to mate, so no static proof holds for its side.
inline bool has_open_runner(const Position& pos) {
  return pawn_with_nothing_ahead(pos, pos.pieces());
}

// The pawn structures the per-ply check follows before it gives up (the analysis
// of one side for a verdict follows the default number).
constexpr StructureProofLimits kPerPlyStructureLimits{.max_structures = 64};

// Walls take more than one pawn standing in front of another.
constexpr int kWallForStaticProof = 2;

// A queen, rook or knight with this many moves to empty squares is taken to roam.
constexpr int kRoamingMoves = 3;

// Whether the static proofs (fixed men, pawn structures) stand a chance of proving
// both sides unwinnable: they need walls, which start with a pawn standing in front
// of another (of either side), and they practically never wall in a queen, rook or knight that
// moves freely now. A screen for the per-ply check, so that ordinary positions (a
// closed middlegame has locked pawns but free pieces) cost a few bit operations:
// it decides completeness, never soundness.
inline bool static_proof_may_apply(const Position& pos) {
  using core::PieceType;
  if (has_open_runner(pos)) return false;
  if (pawns_standing_in_front_of_pawns(pos) < kWallForStaticProof) return false;
  const core::Bitboard occupied = pos.pieces();
  // The likeliest roamers first: this runs on most plies of a closed middlegame.
  for (PieceType pt : {PieceType::Queen, PieceType::Knight, PieceType::Rook})
    for (core::Square s : core::squares(pos.pieces(pt)))
      if (core::popcount(core::piece_attacks(pt, s, occupied) & ~occupied) >= kRoamingMoves)
        return false;
  return true;
}

constexpr core::Bitboard kEdges = 0xFF818181818181FFULL;  // ranks 1 and 8, files a and h

// The most squares a king held by pawns may still walk between (see below).
constexpr int kPenSquares = 2;

// The squares of the pen in which the king of `c` is held for good by pawns, on
// its square (1) or in a pen of at most `max_squares`; 0 when it is not held: every
// square around the pen holds one of its own men, or is covered by an enemy pawn,
// or holds an enemy man that is defended (the king cannot take it); and not every
// one around the king is its own (as in the opening). Squares that only pieces
// cover do not count: those holds come and go in every ending. A pen of two:
// 8/8/k6p/5p1P/3b1p2/2b2PpK/6P1/8 w, White's king between h3 and h4 with nothing
// else to move, where Black's bishops can check on h4 only once Black's king
// covers h3, which leaves White no move one ply too early.
inline int king_pen_size(const Position& pos, Color c, int max_squares) {
  using core::PieceType;
  const core::Square king = pos.king_square(c);
  // Off the edge eight squares would have to be held: a cheap first test, since
  // this is asked on most plies of a game.
  if (!(core::square_bb(king) & kEdges)) return 0;
  const core::Bitboard own = pos.pieces(c);
  if (!(core::king_attacks(king) & ~own)) return 0;
  const core::Bitboard enemy = pos.pieces(~c);
  const core::Bitboard covered = core::pawn_attacks_bb(~c, pos.pieces(~c, PieceType::Pawn));
  // max_squares empty squares open next to the king already make the pen too big:
  // the usual answer, from bit operations alone.
  if (core::popcount(core::king_attacks(king) & ~covered & ~pos.pieces()) >= max_squares) return 0;
  const core::Bitboard lifted = pos.pieces() ^ core::square_bb(king);
  // The pen over the squares the king could ever stand on: not its own men's, not
  // covered by an enemy pawn, not a defended enemy man (asked only of the squares
  // the pen reaches: attacked_by is the costly test).
  const core::Bitboard pen =
      regions::king_pen(king, own | covered, max_squares, [&](core::Square s) {
        return !((enemy & core::square_bb(s)) && pos.attacked_by(~c, s, lifted));
      });
  return core::popcount(pen);
}

// Whether the static proofs show both sides unwinnable, cheaply for the per-ply
// screen: the pawn structures (costlier) are followed only for a side the fixed
// men leave unproven, and only once the fixed men have proven the other side: a
// live position stops there. (statically_dead_position is the full version.)
inline bool statically_dead(const Position& pos) {
  const FixedMenProof fixed = prove_by_fixed_men(pos, /*both_or_none=*/true);
  const bool white = fixed.unwinnable[core::index(Color::White)];
  const bool black = fixed.unwinnable[core::index(Color::Black)];
  if (white && black) return true;
  if (!white && !black) return false;
  const StructureProof rest = prove_by_structures(pos, !white, !black, kPerPlyStructureLimits);
  return rest.unwinnable[core::index(white ? Color::Black : Color::White)];
}

// Whether the reachable set might be small enough to walk: every pawn blocked
// head-on, or few legal moves. Open positions are left to the helpmate search.
inline bool looks_closed(const Position& pos) {
  return all_pawns_blocked(pos) ||
         core::count_legal_moves_capped(pos, kClosedMaxLegalMoves) <= kClosedMaxLegalMoves;
}

// Whether the side not to move could make more than `limit` moves: its legal
// moves as if it were its turn. When the side to move is in check that turn
// cannot be passed, and its own few legal moves say nothing about how closed the
// position is, so the other side's pseudo-legal moves stand in (piece moves, pawn
// pushes and captures): only an estimate, for deciding whether a walk through the
// position is worth trying.
inline bool opponent_has_more_moves_than(const Position& pos, uint64_t limit) {
  using core::Bitboard;
  using core::PieceType;
  if (!pos.in_check()) {
    Position passed = pos;
    core::UndoInfo undo;
    passed.make_null_move(undo);
    return core::count_legal_moves_capped(passed, limit) > limit;
  }
  const Color them = ~pos.side_to_move();
  const Bitboard occupied = pos.pieces(), own = pos.pieces(them);
  const Bitboard pawns = pos.pieces(them, PieceType::Pawn);
  uint64_t moves = core::popcount(core::pawn_pushes_bb(them, pawns) & ~occupied) +
                   core::popcount(core::pawn_attacks_bb(them, pawns) & pos.pieces(~them));
  for (core::Square s : core::squares(own & ~pawns)) {
    const PieceType pt = core::type_of(pos.piece_on(s));
    moves += core::popcount(core::piece_attacks(pt, s, occupied) & ~own);
  }
  return moves > limit;
}

// Where one side is stuck (at most kStuckMoves legal moves, not in check: a king
// shut in behind pawns, a side kept off stalemate by a pawn move or two), the
// other may have up to kClosedMaxSumOfMoves minus those and the reachable set
// stays small: its men roam, the stuck side's barely move. Real games reach such
// positions in endings too (a king in a corner), but far less often than the
// checks that leave the side to move one or two replies, which do not count.
constexpr uint64_t kStuckMoves = 1;
constexpr uint64_t kClosedMaxSumOfMoves = 16;

// Whether the two sides have few moves: both at most kClosedMaxLegalMoves, or
// one stuck. `moves` is count_legal_moves_capped(pos, kClosedMaxLegalMoves) or
// the exact count.
inline bool few_moves_on_both_sides(const Position& pos, uint64_t moves) {
  if (moves <= kClosedMaxLegalMoves) {
    const bool stuck = moves <= kStuckMoves && !pos.in_check();
    return !opponent_has_more_moves_than(
        pos, stuck ? kClosedMaxSumOfMoves - moves : kClosedMaxLegalMoves);
  }
  // The side to move has many moves: only a stuck opponent can make up for it.
  if (pos.in_check() || opponent_has_more_moves_than(pos, kStuckMoves)) return false;
  return core::count_legal_moves_capped(pos, kClosedMaxSumOfMoves) + kStuckMoves <=
         kClosedMaxSumOfMoves;
}

// Pawns standing in front of pawns that make a runner worth walking past: with a
// wall this thick the runner is often shut in behind it (a king in a corridor of
// its own pawns); a single locked pair beside a passed pawn is an ordinary
// ending, where the walk would only cost (lichess-timeouts: 3 in front of pawns
// halve the positions walked against 2, and keep 31 of the 32 dead positions
// that dropping the runner test finds among the 1,754 public vectors).
constexpr int kWallAroundRunner = 3;

// Whether a pawn may run to promotion past what a walk can hold, as far as a
// cheap test tells: some pawn has no pawn ahead on its file, and the pawns do not
// form a wall thick enough to shut it in.
inline bool runner_may_escape(const Position& pos) {
  return has_open_runner(pos) ||
         (has_runner(pos) && pawns_standing_in_front_of_pawns(pos) < kWallAroundRunner);
}

// How many pieces other than kings and pawns have a pseudo-legal move: each one
// that roams multiplies the reachable set by the squares it reaches.
inline int mobile_pieces(const Position& pos) {
  const core::Bitboard occupied = pos.pieces();
  int mobile = 0;
  for (Color c : {Color::White, Color::Black}) {
    const core::Bitboard own = pos.pieces(c);
    for (core::Square s :
         core::squares(own & ~pos.pieces(core::PieceType::Pawn, core::PieceType::King))) {
      const core::PieceType pt = core::type_of(pos.piece_on(s));
      if (core::piece_attacks(pt, s, occupied) & ~own) ++mobile;
    }
  }
  return mobile;
}

// A side with at most this many legal moves is nearly stuck (see below).
constexpr uint64_t kNearlyStuckMoves = 2;

// Whether `side` has at most kNearlyStuckMoves legal moves (as if it were its
// turn; not when it is in check): every line then soon runs it out of moves
// (stalemate) or hands it material, and the walk explores a small tree, however
// freely the other side moves. Either side: the winner that runs out of moves
// cannot mate, and a loser that does is stalemated unless the winner mates within
// the few moves it has left (Bk6/1P6/1P6/8/5p1p/P7/RPPP1P1P/4K3 w: Black's king
// held on b8, two pawn moves left, and White's rook four moves from e8).
inline bool nearly_stuck(const Position& pos, Color side) {
  if (pos.in_check()) return false;
  if (pos.side_to_move() == side)
    return core::count_legal_moves_capped(pos, kNearlyStuckMoves) <= kNearlyStuckMoves;
  return !opponent_has_more_moves_than(pos, kNearlyStuckMoves);
}

// A side of king and pawns whose king is held on its square and whose pawns have
// at most this many pushes left before they stand against a man is short of
// moves as a nearly stuck side is: the walk ends once it has spent them, unless
// the other side hands it captures. The pawn walls of the public vectors
// (8/3p1p1p/1p6/1P6/KP6/PP1P4/5P1P/k7 w: White's king held on a4, eleven pushes
// left, and Black about as many moves from a mate) take the walk 150,000 to
// 261,000 visits, past kWalledWalkVisits.
constexpr int kFewPawnMovesLeft = 12;

// Whether every pawn of `side` has a man ahead on its file and the empty squares
// before those men add up to at most kFewPawnMovesLeft: a bound on its pushes as
// long as it captures nothing. Kept out of line: it runs in a few endings only,
// and inlined it made GCC stop inlining screen_dead_check into the per-ply check
// (+0.8% of adjudicate's instructions on the first 3,000 time forfeits).
[[gnu::noinline]] inline bool few_pawn_moves_left(const Position& pos, Color side) {
  const core::Bitboard occupied = pos.pieces();
  int pushes = 0;
  for (core::Square s : core::squares(pos.pieces(side, core::PieceType::Pawn))) {
    core::Bitboard ahead = core::square_bb(s);
    for (;;) {
      ahead = core::pawn_pushes_bb(side, ahead);
      if (!ahead) return false;  // nothing ahead: it may promote
      if (ahead & occupied) break;
      if (++pushes > kFewPawnMovesLeft) return false;
    }
  }
  return true;
}

// Whether a walk may prove dead a position that has too many moves for
// few_moves_on_both_sides: some king is held in place by pawns, and either the
// static proofs may apply (`static_may_apply`: walls, no runner free, no queen,
// rook or knight roaming) while the other side's men roam (a king shut in behind
// its own pawns, or one that only a few pawn moves keep from stalemate), or the
// held side is nearly stuck: it will soon be out of moves unless the other side
// hands it some, whatever runners or pieces that side has (those only lengthen
// each line by the moves they make while the stuck side spends its last few).
// On the 400 set the first lets through 5 of the 12 dead positions the per-ply
// check missed, and the walk proves 4 of them; passing every position whose pawns
// are all blocked as well (kings and bishops behind a locked wall) found none
// more there, and in real games let through a thousand live bishop endings of
// lichess-timeouts. A held side nearly stuck, or held on its square with few
// pawn moves left (few_pawn_moves_left), earns the longer walk (kStuckWalkVisits).
inline Walls walls_may_hold(const Position& pos, bool static_may_apply) {
  Walls walls = Walls::None;
  for (Color c : {Color::White, Color::Black}) {
    // A king with a second square to walk to is common (a castled king beside its
    // rook): only a side of king and pawns nearly out of moves is worth a walk then
    // (a pen of two for every static case cost lichess-timeouts 4% and found
    // nothing more; asking every such side whether it is nearly stuck, 3%).
    const bool king_and_pawns =
        !(pos.pieces(c) & ~pos.pieces(core::PieceType::Pawn, core::PieceType::King));
    const int pen = king_pen_size(pos, c, king_and_pawns ? kPenSquares : 1);
    if (pen == 0) continue;
    if (pen == 1 && static_may_apply) {
      if (king_and_pawns && few_pawn_moves_left(pos, c)) return Walls::HoldAStuckSide;
      walls = Walls::Hold;
      continue;
    }
    if (nearly_stuck(pos, c)) return Walls::HoldAStuckSide;
  }
  return walls;
}

// A rook or queen usually roams far enough to make the reachable set too big to
// walk, unless pawns locked head-on may wall it in.
inline bool roamers_may_be_walled(const Position& pos) {
  return !pos.pieces(core::PieceType::Rook, core::PieceType::Queen) || has_locked_pawns(pos);
}

// Whether the layers below stand a chance of proving the position dead. Dead
// needs both sides unwinnable, and each layer proves that only under its own
// precondition: material (O(1)), a forced line (followed here to its end, which
// decides for the whole line), a blockade (a fixed pawn structure), or an
// exhaustive walk, which ends within budget only when both sides have few moves,
// no rook or queen can roam (none, or locked pawns may wall them in) and no pawn
// can run to promotion past a wall (runner_may_escape). Anywhere else the per-ply check stops
// at once: ordinary positions cost no search. The price is completeness, never soundness: a dead
// position that only an exhaustive walk through a big reachable set could prove is reported alive
// (the analysis would have run out of budget there anyway). Without pawns (and with more than
// the material rules allow, and more than one legal move) that is always so: nothing on the board
// stays fixed, every placement of the men is within reach, far more than the walk's budget, so the
// analysis could only find a helpmate (costly in the minor-piece endings that last dozens of
// plies) or give up, and the position is reported alive at once.
// `root_moves` is count_legal_moves_capped(root, 1).
inline bool dead_is_provable(const Position& root, uint64_t root_moves) {
  using core::PieceType;
  if (root_moves > 1) {
    // No forced line: the tests below are made on the root, cheapest first, and
    // the full move count only where it decides.
    if (neither_side_can_mate_by_material(root)) return true;
    if (all_pawns_blocked(root) && analyse_blockade(root).fixed) return true;
    return root.pieces(PieceType::Pawn) && roamers_may_be_walled(root) &&
           !runner_may_escape(root) &&
           few_moves_on_both_sides(root,
                                   core::count_legal_moves_capped(root, kClosedMaxLegalMoves));
  }
  Position pos = root;
  uint64_t moves = root_moves;
  for (int ply = 0; moves == 1 && ply < kMaxForcedPlies; ++ply) {
    core::MoveList only;
    core::generate_legal(pos, only);
    core::UndoInfo undo;
    pos.make_move(only[0], undo);
    moves = core::count_legal_moves(pos);
  }
  if (moves == 0) return true;  // the forced line ends in mate or stalemate: let the analysis say
  if (neither_side_can_mate_by_material(pos)) return true;
  if (all_pawns_blocked(pos) && analyse_blockade(pos).fixed) return true;
  return pos.pieces(PieceType::Pawn) && roamers_may_be_walled(pos) && !runner_may_escape(pos) &&
         few_moves_on_both_sides(pos, moves);
}

inline DeadCheckScreens screen_dead_check(const Position& pos, uint64_t legal_moves) {
  DeadCheckScreens screens;
  screens.few_moves = dead_is_provable(pos, legal_moves);
  if (screens.few_moves) return screens;
  screens.static_may_apply = static_proof_may_apply(pos);
  screens.walls = walls_may_hold(pos, screens.static_may_apply);
  return screens;
}

}  // namespace arbiter::rules::screens
