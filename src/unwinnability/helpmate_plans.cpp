// The plans of the helpmate search: corners to mate in, and the prison plan.
#include "unwinnability/helpmate_plans.h"

#include "core/attacks.h"
#include "unwinnability/helpmate.h"
#include "unwinnability/piece_regions.h"

namespace arbiter::rules {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Position;
using core::Square;

namespace plans {

namespace {

// Up to this many non-pawn pieces (kings excluded) the loser's king is led to a
// corner, where the fewest pieces mate; with more, mates are sought where it stands.
constexpr int kCornerModeMaxPieces = 4;
constexpr Bitboard kCorners = 0x8100000000000081ULL;  // a1, h1, a8, h8
constexpr int kMaxTargets = 6;         // four corners, two squares beside a shut-in king
constexpr int kCornerHeldPenalty = 2;  // king steps added to a corner the winner's king holds
constexpr Bitboard kEdges = 0xFF818181818181FFULL;
// Where the loser's king stands beside the winner's king: one square between them.
constexpr int kBesideShutInKingDistance = 2;

// A king is shut in when the squares it can ever walk to while the pawns and its
// stuck pieces stand as they do (every pawn, its pieces that cannot move, and the
// squares the enemy pawns attack bar its way) are this few: the other side must
// open the wall for it before it can help to mate. Kings in or next to a corner
// behind their pawns or a bishop shut in by them are the cases of the 400 set;
// five squares already let most kings out by themselves.
constexpr int kPrisonMaxSquares = 4;

}  // namespace

bool uses_corner_plan(const Position& pos, Color winner) {
  if (core::popcount(pos.pieces() & ~pos.pieces(PieceType::Pawn, PieceType::King)) <=
      kCornerModeMaxPieces)
    return true;
  // Bishops of one colour, however many, mate only on the edge with the loser's
  // own men blocking, most easily in a corner of their colour; so does a winner
  // with pawns alone once one has queened. Many pieces of the loser, crowding
  // around its king where it stands, do not change that (400 set: U(c)
  // undecided 12 -> 10 of 800, a wall of six bishops and one of four).
  const Bitboard pieces = pos.pieces(winner) & ~pos.pieces(PieceType::Pawn, PieceType::King);
  return pieces == pos.pieces(winner, PieceType::Bishop) &&
         (!(pieces & core::kLightSquares) || !(pieces & core::kDarkSquares));
}

// The edge squares two king steps from the winner's king when it stands on the
// edge shut in: there the loser's king, beside the squares that king guards, needs
// fewer men of its own to block it than in a corner (k7/1b6/2b5/8/8/1pB5/pP6/K7 w:
// ...Kc1 with bishops on d1 and c2, and Be3 mates; the corner h8 needs the loser's
// king to cross the board).
Bitboard beside_shut_in_king(const Position& pos, Color winner) {
  const Square king = pos.king_square(winner);
  if (!core::contains(kEdges, king) || !king_prison(pos, winner)) return 0;
  // Not the squares of the wall itself (the winner's pawns and stuck pieces).
  const Bitboard wall = pos.pieces(winner, PieceType::Pawn) | stuck_pieces(pos, winner);
  Bitboard squares = 0;
  for (Square s : core::squares(kEdges & (core::rank_bb(king) | core::file_bb(king)) & ~wall))
    if (distance(s, king) == kBesideShutInKingDistance) squares |= core::square_bb(s);
  return squares;
}

Bitboard candidate_corners(const Position& pos, Color winner) {
  const Bitboard bishops = pos.pieces(winner, PieceType::Bishop);
  const Bitboard others = pos.pieces(winner) & ~pos.pieces(PieceType::King, PieceType::Bishop);
  if (!bishops || (others & ~pos.pieces(PieceType::Pawn))) return kCorners;
  const Bitboard colour = !(bishops & core::kLightSquares)  ? core::kDarkSquares
                          : !(bishops & core::kDarkSquares) ? core::kLightSquares
                                                            : ~Bitboard(0);
  // A pawn may still queen and mate in any corner.
  Bitboard corners = others ? kCorners : kCorners & colour;
  // Bishops of one colour with the winner's king shut in on the edge: the squares
  // beside it are mating squares too (kMaxHelpmatePlans counts them).
  if (colour != ~Bitboard(0)) corners |= beside_shut_in_king(pos, winner) & colour;
  return corners;
}

// Plan 0 is the corner nearest the loser's king, plan 1 the next nearest and so on
// (ties in square order, so it is deterministic), a corner the winner's own king
// stands in or next to counting as farther by kCornerHeldPenalty (the mating net
// needs that king two squares off, and the loser's king cannot get past it). The
// nearest corner is the quickest mate in most games, but when the winner's men
// stand badly for it (a knight that cannot reach it in time) another corner has a
// far shorter helpmate.
Square target_corner(const Position& pos, Color winner, int plan) {
  const Square king = pos.king_square(~winner);
  Square corners[kMaxTargets];
  int n = 0;
  for (Square c : core::squares(candidate_corners(pos, winner))) corners[n++] = c;
  const Square own_king = pos.king_square(winner);
  auto rank = [&](Square c) {
    return distance(king, c) + (distance(own_king, c) <= 1 ? kCornerHeldPenalty : 0);
  };
  std::stable_sort(corners, corners + n, [&](Square a, Square b) { return rank(a) < rank(b); });
  return corners[plan % n];
}

Bitboard stuck_pieces(const Position& pos, Color c) {
  Bitboard stuck = 0;
  const Bitboard own = pos.pieces(c);
  for (core::Square s : core::squares(own & ~pos.pieces(PieceType::Pawn, PieceType::King)))
    if (!(core::piece_attacks(core::type_of(pos.piece_on(s)), s, pos.pieces()) & ~own))
      stuck |= core::square_bb(s);
  return stuck;
}

bool has_mobile_piece(const Position& pos, Color c) {
  const Bitboard pieces = pos.pieces(c) & ~pos.pieces(PieceType::Pawn, PieceType::King);
  return pieces && (pieces & ~stuck_pieces(pos, c));
}

Bitboard king_prison(const Position& pos, Color c) {
  const Bitboard barred = pos.pieces(PieceType::Pawn) | stuck_pieces(pos, c) |
                          core::pawn_attacks_bb(~c, pos.pieces(~c, PieceType::Pawn));
  return regions::king_pen(pos.king_square(c), barred, kPrisonMaxSquares);
}

namespace {

Bitboard walls_around(const Position& pos, Color winner, Bitboard prison) {
  return regions::step(PieceType::King, prison) &
         (pos.pieces(winner, PieceType::Pawn) | stuck_pieces(pos, winner));
}

}  // namespace

Bitboard prison_walls(const Position& pos, Color winner) {
  const Bitboard prison = king_prison(pos, winner);
  return prison ? walls_around(pos, winner, prison) : 0;
}

Bitboard walls_to_take(const Position& pos, Color winner) {
  const Bitboard prison = king_prison(pos, winner);
  if (!prison) return 0;
  const Bitboard walls = walls_around(pos, winner, prison);
  Bitboard open = 0;
  for (Square w : core::squares(walls))
    if ((core::king_attacks(w) & prison) != prison) open |= core::square_bb(w);
  return open ? open : walls;
}

LoserLanes loser_lanes(const Position& pos, Color winner) {
  const Color loser = ~winner;
  const Bitboard loser_pawns = pos.pieces(loser, PieceType::Pawn);
  const Bitboard winner_men = pos.pieces(winner) & ~pos.pieces(PieceType::King);
  LoserLanes lanes;
  for (Square p : core::squares(loser_pawns)) {
    const Bitboard ahead = file_ahead(loser, p);
    if (ahead & loser_pawns) continue;  // the front pawn of the file runs, if any
    const Bitboard men = ahead & pos.pieces();
    if (!men) {
      lanes.runners |= core::square_bb(p);
      continue;
    }
    const Square first = loser == Color::White ? core::lsb(men) : core::msb(men);
    if (core::contains(winner_men, first)) lanes.blockers |= core::square_bb(first);
  }
  return lanes;
}

namespace {

// has_blocker_plan, once the prison plan is ruled out.
bool blocker_plan_without_prison(const Position& pos, Color winner) {
  const Color loser = ~winner;
  // Kings and pawns alone: the winner's king takes a blocker (blocker_to_take).
  const Bitboard pieces = pos.pieces(winner) & ~pos.pieces(PieceType::Pawn, PieceType::King);
  if (!pieces) return false;
  // The plan frees one of the loser's pawns (loser_lanes, below).
  if (!pos.pieces(loser, PieceType::Pawn)) return false;
  // No pawn of the winner may run (it would queen and mate without blockers).
  for (Square p : core::squares(pos.pieces(winner, PieceType::Pawn)))
    if (!(file_ahead(winner, p) & pos.pieces())) return false;
  // The winner's pieces that can move are bishops of one colour, if any; the
  // loser has its king and pawns, and pieces that cannot move (they stay shut in
  // until the pawns around them go).
  const Bitboard mobile = pieces & ~stuck_pieces(pos, winner);
  if ((mobile & ~pos.pieces(winner, PieceType::Bishop)) ||
      ((mobile & core::kLightSquares) && (mobile & core::kDarkSquares)) ||
      has_mobile_piece(pos, loser))
    return false;
  const LoserLanes lanes = loser_lanes(pos, winner);
  return !lanes.runners && lanes.blockers;
}

}  // namespace

PlanSet plan_set(const Position& pos, Color winner) {
  PlanSet set;
  if (uses_corner_plan(pos, winner)) set.corners = core::popcount(candidate_corners(pos, winner));
  // The prison plan frees pawns too: never both.
  if (prison_walls(pos, winner))
    set.last = PlanSet::Last::Prison;
  else if (blocker_plan_without_prison(pos, winner))
    set.last = PlanSet::Last::Blocker;
  return set;
}

bool has_blocker_plan(const Position& pos, Color winner) {
  return plan_set(pos, winner).last == PlanSet::Last::Blocker;
}

}  // namespace plans

int helpmate_plan_count(const Position& pos, Color winner) {
  return plans::plan_set(pos, winner).count();
}

}  // namespace arbiter::rules
