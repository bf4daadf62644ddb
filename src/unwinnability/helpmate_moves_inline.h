// The move classification of the helpmate search (see helpmate_moves.h), inline:
// it runs at every node of the search, and out of line (its own translation
// unit) it cost about 3% of adjudicate's time on lichess-timeouts.pgn (perf:
// the search's share split into calls to classify_winner_move and the like).
// Included by helpmate.cpp only.
#pragma once

#include "unwinnability/helpmate_moves.h"

#include <bit>
#include <cassert>

#include "unwinnability/helpmate_plans.h"

namespace arbiter::rules::helpmate {

using core::Bitboard;
using core::Color;
using core::Move;
using core::PieceType;
using core::Position;
using core::Square;
using plans::distance;

namespace {

// In the corner plans, a loser's king farther than this from its corner still has
// to walk there: the winner's pieces next to it make way.
constexpr int kJailerCornerDistance = 2;

// Waiting moves rank after every natural move that makes progress.
constexpr int kWaitingScore = -1000;

// Move-ordering weights inside a cost class (higher is tried first).
constexpr int kCheckBonus = 1000;    // the winner checks: mates are checks
constexpr int kApproachWeight = 12;  // per square a piece gets closer to its target
constexpr int kFreedomWeight = 10;   // per flight square the loser's king gives up
constexpr int kBlockBonus = 40;      // a loser's piece steps next to its king or target
constexpr int kPressureWeight = 25;  // per square around the loser's king newly attacked
constexpr int kClearingBonus = 40;   // a man leaves a line to the loser's king

// The most squares a king's zone holds: its own and the eight around it.
constexpr int kZoneSquares = 9;

// kZoneReach.masks[knight, bishop, rook, queen][k][p]: the squares from which that
// piece (a knight's steps, the others' lines on an empty board) meets more than p
// squares of the zone of a king on k. may_be_natural's pressure test as one mask
// per man instead of a count per move. Plain arrays and each piece's reach made
// once: clang's constant evaluation stops at a million steps, and std::array's
// subscripts each count.
struct ZoneReachTable {
  static constexpr int kKinds = 4;
  Bitboard masks[kKinds][core::kNumSquares][kZoneSquares + 1];
};
inline constexpr ZoneReachTable kZoneReach = [] {
  ZoneReachTable table{};
  for (int kind = 0; kind < ZoneReachTable::kKinds; ++kind) {
    const PieceType pt = PieceType(core::index(PieceType::Knight) + kind);
    Bitboard reach[core::kNumSquares] = {};
    for (int s = 0; s < core::kNumSquares; ++s)
      reach[s] = pt == PieceType::Knight ? core::knight_attacks(Square(s))
                                         : empty_board_lines(pt, Square(s));
    for (int k = 0; k < core::kNumSquares; ++k) {
      const Bitboard zone = core::king_attacks(Square(k)) | core::square_bb(Square(k));
      Bitboard* by_pressure = table.masks[kind][k];
      for (int s = 0; s < core::kNumSquares; ++s) {
        const int met = std::popcount(reach[s] & zone);
        if (met > 0) by_pressure[met - 1] |= Bitboard(1) << s;
      }
      // Meeting more than p squares includes meeting more than p + 1.
      for (int p = kZoneSquares - 1; p > 0; --p) by_pressure[p - 1] |= by_pressure[p];
    }
  }
  return table;
}();

}  // namespace

inline MoveClassifier::MoveClassifier(const Position& pos, Color winner, int plan)
    : pos_(pos), winner_(winner), loser_(~winner) {
  corner_mode_ = plans::uses_corner_plan(pos_, winner_);
  corner_ = plans::target_corner(pos_, winner_, plan);
  if (plan > 0) {  // plan 0 is a corner's (or the only plan): most searches ask for no more
    const plans::PlanSet set = plans::plan_set(pos_, winner_);
    prison_plan_ = set.is_prison(plan);
    blocker_plan_ = set.is_blocker(plan);  // never with a prison
  }
  winner_waits_ = corner_mode_ && !prison_plan_ && plans::king_prison(pos_, winner_);
  // Kings and pawns only, every pawn stopped by an enemy pawn on its file: the
  // winner's king must first take a blocker.
  pawns_only_ = !(pos_.pieces(winner_) & ~pos_.pieces(PieceType::King, PieceType::Pawn));
  // Minor pieces alone need the loser's own men to block its king.
  // So do bishops of one colour with pawns that cannot run (the blocker plan).
  needs_blockers_ =
      blocker_plan_ || !(pos_.pieces(winner_) & ~pos_.pieces(PieceType::King, PieceType::Knight) &
                         ~pos_.pieces(PieceType::Bishop));
}

// Where the loser's king should go: a corner, or nowhere (it stays put).
inline Square MoveClassifier::loser_king_target() const {
  return corner_mode_ ? corner_ : pos_.king_square(loser_);
}

// With only pawns to mate with and none of them free to run, the enemy pawn
// in front of one of the winner's pawns nearest the winner's king: taking it
// frees a pawn to queen. None otherwise.
inline Square MoveClassifier::blocker_to_take() const {
  if (!pawns_only_) return Square::None;
  const Bitboard own = pos_.pieces(winner_, PieceType::Pawn);
  const Bitboard theirs = pos_.pieces(loser_, PieceType::Pawn);
  Bitboard blockers = 0;
  for (Square s : core::squares(own)) {
    const Bitboard ahead = plans::file_ahead(winner_, s);
    if (ahead & own) continue;
    const Bitboard stoppers = ahead & theirs;
    if (!stoppers) return Square::None;  // a runner: queening is the plan already
    blockers |= stoppers;
  }
  // One the loser's pawns do not guard, if there is one: the king can take it.
  Bitboard guarded = 0;
  for (Square s : core::squares(theirs)) guarded |= core::pawn_attacks(loser_, s);
  if (blockers & ~guarded) blockers &= ~guarded;
  return plans::nearest_square(pos_.king_square(winner_), blockers);
}

inline MoveClassifier::WinnerNode MoveClassifier::winner_node(const CheckInfo& info,
                                                              Bitboard obstructions) const {
  const Square blocker = blocker_to_take();
  const Square target = loser_king_target();
  WinnerNode node{info,
                  obstructions,
                  core::king_attacks(info.king) | core::square_bb(info.king),
                  blocker != Square::None ? blocker : target,
                  blocker != Square::None,
                  target};
  // In the corner plans, the winner's pieces next to the loser's king while it is
  // still far from its corner stand in its way: stepping off is natural.
  if (corner_mode_ && distance(info.king, corner_) > kJailerCornerDistance)
    node.jailers =
        node.zone & pos_.pieces(winner_) & ~pos_.pieces(PieceType::King, PieceType::Pawn);
  node.any_move_from = pos_.pieces(winner_, PieceType::Pawn) | obstructions | node.jailers;
  node.captures = pos_.pieces(loser_);
  // The king's natural steps (classify_winner_move): closer to its target, or, in
  // the corner plans, as close (waiting) or next to the corner (where it keeps its
  // distance). Screening the steps here instead of scoring each: -0.5% of
  // adjudicate's instructions on the first 3,000 time forfeits of lichess.
  const int far = distance(pos_.king_square(winner_), node.king_target);
  if (!corner_mode_) {
    node.king_steps = plans::within_distance(node.king_target, far - 1);
  } else {
    node.king_steps = plans::within_distance(node.king_target, far);
    if (!node.to_blocker) node.king_steps |= plans::within_distance(node.king_target, 1);
  }
  return node;
}

// How many zone squares the piece on `from` bears on now (cached: the moves
// come piece by piece).
inline int MoveClassifier::pressure_now(WinnerNode& node, PieceType pt, Square from) const {
  if (node.pressure_from != from) {
    node.pressure_from = from;
    const Bitboard occupied = pos_.pieces() ^ core::square_bb(from);
    node.pressure_before = core::popcount(core::piece_attacks(pt, from, occupied) & node.zone);
  }
  return node.pressure_before;
}

// False only for a move that classify_winner_move surely makes costly: at units 0
// only natural moves are kept, and classifying the others was most of a node's
// work. Pawns, captures, special moves and men on a line are always classified;
// the king's steps to king_steps and a knight that approaches its target too; any
// other piece only if its lines from the new square (on an empty board) meet more
// squares of the zone than it bears on now, the least it needs to add pressure.
inline bool MoveClassifier::may_be_natural(Move m, WinnerNode& node) const {
  if (m.kind() != core::MoveKind::Normal) return true;
  const Square from = m.from();
  if (from != node.natural_from) {
    node.natural_from = from;
    node.natural_to = natural_targets(from, node);
  }
  return core::contains(node.natural_to, m.to());
}

// The squares may_be_natural lets the man on `from` go to (normal moves only).
inline Bitboard MoveClassifier::natural_targets(Square from, WinnerNode& node) const {
  if (core::contains(node.any_move_from, from)) return ~Bitboard(0);
  const PieceType pt = core::type_of(pos_.piece_on(from));
  if (pt == PieceType::King) return node.captures | node.king_steps;
  assert(pt != PieceType::Pawn);  // the winner's pawns are in any_move_from
  const int kind = core::index(pt) - core::index(PieceType::Knight);
  Bitboard targets =
      node.captures |
      kZoneReach.masks[kind][core::index(node.info.king)][pressure_now(node, pt, from)];
  if (pt == PieceType::Knight)  // one that comes closer to its target
    targets |= plans::within_distance(node.piece_target, distance(from, node.piece_target) - 1);
  return targets;
}

inline ScoredMove MoveClassifier::classify_winner_move(Move m, WinnerNode& node) const {
  const Square from = m.from(), to = m.to();
  const PieceType pt = core::type_of(pos_.moved_piece(m));
  // Kings and knights need to come close; long-range pieces mate from afar.
  // In a corner the king guards from two squares off and knights keep a step away.
  const bool king = pt == PieceType::King;
  const Square target = king ? node.king_target : node.piece_target;
  int approach = distance(from, target) - distance(to, target);
  if (corner_mode_ && !(king && node.to_blocker) && distance(to, target) < 2) approach = 0;
  ScoredMove s{m.bits(), int(MoveCost::Ordinary), 0};
  const bool capture = pos_.is_capture(m);
  if (node.info.may_check(pos_, m) && m.kind() == core::MoveKind::Normal) s.score += kCheckBonus;
  s.score += kApproachWeight * approach;
  if (m.is_promotion()) {
    s.cost = int(m.promotion() == PieceType::Queen    ? MoveCost::Natural
                 : m.promotion() == PieceType::Knight ? MoveCost::Ordinary
                                                      : MoveCost::Unlikely);
  } else if (capture || pt == PieceType::Pawn ||
             ((king || pt == PieceType::Knight) && approach > 0) ||
             (king && corner_mode_ && approach == 0)) {
    // Captures clear the loser's defenders, pawns march on to queen, and short
    // range pieces must come close; in corner mode a king keeping its distance
    // is how the winner waits for the loser's pieces (ranked last).
    s.cost = int(MoveCost::Natural);
    if (king && approach == 0 && !capture) s.score += kWaitingScore;
  } else if (!king) {
    // A piece that bears on more squares around the loser's king.
    const int before = pressure_now(node, pt, from);
    const Bitboard attacks = core::piece_attacks(pt, to, pos_.pieces() ^ core::square_bb(from));
    const int after = core::popcount(attacks & node.zone);
    s.score += kPressureWeight * (after - before);
    // In a corner, a check that does not mate only chases the king away (mates
    // are found by the probe at the end of each line).
    const bool chases = corner_mode_ && core::contains(attacks, node.info.king);
    if (after > before && !chases) s.cost = int(MoveCost::Natural);
  }
  if (core::contains(node.obstructions, from) ||
      (core::contains(node.jailers, from) && !core::contains(node.zone, to))) {
    s.score += kClearingBonus;
    s.cost = int(MoveCost::Natural);
  }
  return s;
}

inline MoveClassifier::LoserNode MoveClassifier::loser_node(Bitboard obstructions) const {
  // Squares where the winner's own blockers could take a man and leave the line.
  Bitboard offers = 0;
  for (Square b : core::squares(obstructions & pos_.pieces(winner_))) {
    const PieceType pt = core::type_of(pos_.piece_on(b));
    offers |= pt == PieceType::Pawn ? core::pawn_attacks(winner_, b)
                                    : core::piece_attacks(pt, b, pos_.pieces());
  }
  // Levers: a winner's pawn blocked head-on gets free when a loser's man is
  // offered where it can take (...gxf3 with the loser's bishop on f3), or when
  // the loser's man in front of it moves away, by a capture too (g2xf3 opens
  // g3-g2). Composed walls often need both before the winner can mate.
  const Bitboard pawns = pos_.pieces(winner_, PieceType::Pawn);
  const Bitboard ahead = winner_ == Color::White ? core::shift<core::Direction::North>(pawns)
                                                 : core::shift<core::Direction::South>(pawns);
  const Bitboard blocked = winner_ == Color::White
                               ? core::shift<core::Direction::South>(ahead & pos_.pieces())
                               : core::shift<core::Direction::North>(ahead & pos_.pieces());
  offers |= core::pawn_attacks_bb(winner_, blocked) & ~pos_.pieces(loser_);
  const Bitboard levers = ahead & pos_.pieces(loser_);
  const Square king = pos_.king_square(loser_);
  const Square target = loser_king_target();
  LoserNode node{obstructions,
                 offers,
                 levers,
                 king,
                 target,
                 core::king_attacks(king) | core::king_attacks(target),
                 pos_.pieces(loser_)};
  // In the corner plans the king's natural steps (classify_loser_move) lead closer
  // to the corner, wait next to it, or offer a man to a blocker.
  if (corner_mode_)
    node.king_steps = plans::within_distance(corner_, distance(king, corner_) - 1) |
                      plans::within_distance(corner_, 1) | offers;
  if (prison_plan_) {
    node.wall = plans::nearest_square(king, plans::walls_to_take(pos_, winner_));
    // The other way out: a loser's pawn runs, promotes and offers its piece to a
    // wall pawn. The winner's men barring a loser's pawn's file are taken first.
    // Once the king is out, the corner plan.
    if (node.wall != Square::None) {
      const plans::LoserLanes lanes = plans::loser_lanes(pos_, winner_);
      node.runners = lanes.runners;
      node.lane_blockers = lanes.blockers;
    }
  } else if (blocker_plan_ && !plans::has_mobile_piece(pos_, loser_)) {
    // Until the loser has a piece to block with and while none of its pawns is
    // free, its king heads for the nearest man barring one's file (a freed pawn
    // runs as any pawn of a loser that needs blockers: naturally).
    const plans::LoserLanes lanes = plans::loser_lanes(pos_, winner_);
    node.lane_blockers = lanes.blockers;
    if (!lanes.runners) node.wall = plans::nearest_square(king, lanes.blockers);
  }
  return node;
}

// False only for a move that classify_loser_move surely makes costly (see the
// winner's may_be_natural): a natural move of the loser moves its king, steps
// into the zone, clears a line or offers a man to a blocker, and any move may be
// natural when the loser must bring blockers.
inline bool MoveClassifier::may_be_natural(Move m, const LoserNode& node) const {
  if (needs_blockers_ || node.wall != Square::None) return true;
  if (m.from() == node.king)
    return core::contains(node.king_steps, m.to()) || core::contains(node.obstructions, m.from());
  return core::contains(node.obstructions | node.levers, m.from()) ||
         core::contains(node.offers | node.zone, m.to());
}

inline ScoredMove MoveClassifier::classify_loser_move(Move m, const LoserNode& node) const {
  const Square from = m.from(), to = m.to();
  const Square king = node.king;
  const PieceType pt = core::type_of(pos_.moved_piece(m));
  ScoredMove s{m.bits(), int(MoveCost::Ordinary), 0};
  if (node.wall != Square::None) {
    // The prison plan: the loser's king walks to a wall of the winner's king and
    // takes it, or frees a pawn that runs to promote into a man to offer. The
    // blocker plan: the king walks to a man in front of one of its pawns.
    if (from == king) {
      const int approach = distance(from, node.wall) - distance(to, node.wall);
      s.score += kApproachWeight * approach;
      if (core::contains(node.lane_blockers, to)) s.score += kClearingBonus;
      if (approach > 0 || core::contains(node.lane_blockers, to)) s.cost = int(MoveCost::Natural);
      return s;
    }
    if (core::contains(node.runners, from)) {
      s.score += kClearingBonus;
      s.cost = int(MoveCost::Natural);
      if (m.is_promotion()) {
        const Bitboard reach =
            core::piece_attacks(m.promotion(), to, pos_.pieces() ^ core::square_bb(from));
        if (!(reach & node.offers)) s.cost = int(MoveCost::Ordinary);
      }
      return s;
    }
  }
  if (from == king) {
    if (m.is_castling()) return s;
    auto freedom = [&](Square sq) { return core::popcount(core::king_attacks(sq) & ~node.own); };
    s.score += kFreedomWeight * (freedom(from) - freedom(to));
    if (corner_mode_) {
      const int approach = distance(from, corner_) - distance(to, corner_);
      s.score += kApproachWeight * approach;
      // Walking in is the plan; waiting next to the corner is natural too, but
      // after the other pieces' natural moves (they may still be on their way).
      if (approach > 0) {
        s.cost = int(MoveCost::Natural);
      } else if (distance(to, corner_) <= 1) {
        s.cost = int(MoveCost::Natural);
        s.score = kWaitingScore;
      }
    } else {
      // Outside the corner plans any step of the king may lead it into a mating
      // net, as most middlegame helpmates begin; the freedom it gives up ranks
      // the steps.
      s.cost = int(MoveCost::Natural);
    }
  } else {
    const Square target = node.target;
    const Bitboard zone = node.zone;
    if (core::contains(zone, to) && !core::contains(zone, from)) {
      s.score += kBlockBonus;
      s.cost = int(MoveCost::Natural);
    } else if (needs_blockers_ && pt != PieceType::Pawn &&
               distance(to, target) < distance(from, target)) {
      s.score += kApproachWeight;
      s.cost = int(MoveCost::Natural);  // a blocker on its way
    }
  }
  if (core::contains(node.levers, from) && from != king) {
    s.score += kClearingBonus;
    s.cost = int(MoveCost::Natural);
    return s;
  }
  if ((core::contains(node.obstructions, from) || core::contains(node.offers, to)) &&
      !pos_.is_capture(m)) {
    s.score += kClearingBonus;
    s.cost = int(MoveCost::Natural);
    return s;
  }
  // Taking the winner's material rarely helps the winner mate. A pawn move is
  // an ordinary deviation (it may open a line or give up a square), natural
  // when the loser needs more blockers (a pawn may queen into one).
  if (pos_.is_capture(m)) {
    s.cost = int(MoveCost::Unlikely);
  } else if (pt == PieceType::Pawn) {
    s.cost = int(needs_blockers_ ? MoveCost::Natural : MoveCost::Ordinary);
  }
  return s;
}

}  // namespace arbiter::rules::helpmate
