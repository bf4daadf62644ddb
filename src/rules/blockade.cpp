// Blockade analysis: fixed pawn structures, the regions pieces can ever reach,
// and a counting argument over the loser's possible mating squares.
#include "arbiter/rules/blockade.h"

#include <array>

#include "arbiter/core/attacks.h"

namespace arbiter::rules {

using core::Bitboard;
using core::Color;
using core::Direction;
using core::PieceType;
using core::Position;
using core::shift;
using core::Square;

namespace {

constexpr int kMaxPieces = 32;

Bitboard orthogonal_step(Bitboard b) {
  return shift<Direction::North>(b) | shift<Direction::South>(b) | shift<Direction::East>(b) |
         shift<Direction::West>(b);
}

Bitboard diagonal_step(Bitboard b) {
  return shift<Direction::NorthEast>(b) | shift<Direction::NorthWest>(b) |
         shift<Direction::SouthEast>(b) | shift<Direction::SouthWest>(b);
}

Bitboard knight_step(Bitboard b) {
  Bitboard out = 0;
  for (Square s : core::squares(b)) out |= core::knight_attacks(s);
  return out;
}

// One move of a piece of this type on an empty board, from every square of b.
// Sliders move one step at a time: a slide passes only through squares that are
// themselves reachable, so flooding by single steps finds every square it can reach.
Bitboard step(PieceType pt, Bitboard b) {
  switch (pt) {
    case PieceType::Knight:
      return knight_step(b);
    case PieceType::Bishop:
      return diagonal_step(b);
    case PieceType::Rook:
      return orthogonal_step(b);
    default:  // queen and king
      return orthogonal_step(b) | diagonal_step(b);
  }
}

Bitboard flood(PieceType pt, Bitboard seed, Bitboard allowed) {
  Bitboard region = seed, frontier = seed;
  while (frontier) {
    frontier = step(pt, frontier) & allowed & ~region;
    region |= frontier;
  }
  return region;
}

// The most squares of a king's neighbourhood (the 8 squares around k) that one
// piece of a type can close: by standing on one, or attacking it on an empty board
// (rays pass through the king, which cannot step back along a checking line).
// The king itself may not stand next to the other king.
struct CloseCapacity {
  std::array<int, core::kNumPieceTypes> by_type{};
};

const CloseCapacity& close_capacity() {
  static const CloseCapacity table = [] {
    CloseCapacity t;
    for (PieceType pt : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen,
                         PieceType::King}) {
      int best = 0;
      for (int k = 0; k < core::kNumSquares; ++k) {
        Bitboard zone = core::king_attacks(Square(k));
        for (int s = 0; s < core::kNumSquares; ++s) {
          if (s == k) continue;
          Bitboard at = core::square_bb(Square(s));
          if (pt == PieceType::King && (zone & at)) continue;
          Bitboard closed = core::piece_attacks(pt, Square(s), 0);
          if (pt != PieceType::King) closed |= at;
          best = std::max(best, core::popcount(zone & closed));
        }
      }
      t.by_type[core::index(pt)] = best;
    }
    return t;
  }();
  return table;
}

struct PieceRegion {
  PieceType type;
  Color color;
  Bitboard region;
};

struct Analysis {
  BlockadeRegions regions;
  std::array<PieceRegion, kMaxPieces> pieces{};
  int count = 0;
};

// The square a rook or king ends on after castling is reachable too.
Bitboard castling_seed(const Position& pos, Color c, Square from) {
  Bitboard seed = core::square_bb(from);
  for (core::CastlingSide side : {core::CastlingSide::King, core::CastlingSide::Queen}) {
    if (!pos.can_castle(c, side)) continue;
    if (from == pos.king_square(c)) seed |= core::square_bb(core::castled_king_square(c, side));
    if (from == pos.castling_rook(c, side))
      seed |= core::square_bb(core::castled_rook_square(c, side));
  }
  return seed;
}

Analysis analyse(const Position& pos) {
  Analysis a;
  const Bitboard pawns = pos.pieces(PieceType::Pawn);
  if (!pawns || pos.en_passant_square() != Square::None) return a;
  // Every pawn must be blocked head-on by a pawn (a piece in front may step aside).
  const Bitboard white_pawns = pos.pieces(Color::White, PieceType::Pawn);
  const Bitboard black_pawns = pos.pieces(Color::Black, PieceType::Pawn);
  if ((shift<Direction::North>(white_pawns) | shift<Direction::South>(black_pawns)) & ~pawns)
    return a;
  // Pawns that can capture an enemy pawn right now are not fixed.
  if (core::pawn_attacks_bb(Color::White, white_pawns) & black_pawns) return a;

  Bitboard reach[core::kNumColors] = {};  // squares any non-pawn piece of a colour can reach
  for (Color c : {Color::White, Color::Black}) {
    const Color them = ~c;
    const Bitboard their_pawns = pos.pieces(them, PieceType::Pawn);
    const Bitboard guarded = core::pawn_attacks_bb(them, their_pawns);
    const Square king = pos.king_square(c);
    Bitboard king_region = flood(PieceType::King, castling_seed(pos, c, king), ~pawns & ~guarded);
    // The king captures a pawn that no other pawn guards.
    if (step(PieceType::King, king_region) & their_pawns & ~guarded) return a;
    a.regions.king[core::index(c)] = king_region;
    reach[core::index(c)] |= king_region;

    Bitboard others = pos.pieces(c) & ~pos.pieces(PieceType::Pawn, PieceType::King);
    for (Square s : core::squares(others)) {
      PieceType pt = core::type_of(pos.piece_on(s));
      Bitboard region = flood(pt, castling_seed(pos, c, s), ~pawns);
      if (step(pt, region) & their_pawns) return a;  // it can reach and take a pawn
      a.pieces[a.count++] = {pt, c, region};
      reach[core::index(c)] |= region;
    }
  }
  // No pawn can ever capture: no enemy piece can stand on its capture squares.
  if (core::pawn_attacks_bb(Color::White, white_pawns) & reach[core::index(Color::Black)]) return a;
  if (core::pawn_attacks_bb(Color::Black, black_pawns) & reach[core::index(Color::White)]) return a;
  a.regions.fixed = true;
  return a;
}

// Whether a mate of the loser's king on k is possible by the counting argument.
bool mate_conceivable_on(const Analysis& a, Color winner, Square k, Bitboard loser_region) {
  const CloseCapacity& cap = close_capacity();
  bool checker = false;
  for (int i = 0; i < a.count; ++i)
    if (a.pieces[i].color == winner && core::contains(a.pieces[i].region, k)) checker = true;
  if (!checker) return false;

  const Bitboard flights = core::king_attacks(k) & loser_region;
  const Bitboard winner_king_zone = step(PieceType::King, a.regions.king[core::index(winner)]);
  for (Bitboard part : {flights, flights & core::kLightSquares, flights & core::kDarkSquares}) {
    if (!part) continue;
    int closable = (winner_king_zone & part) ? cap.by_type[core::index(PieceType::King)] : 0;
    Bitboard covered = winner_king_zone & part;
    for (int i = 0; i < a.count; ++i) {
      const PieceRegion& p = a.pieces[i];
      Bitboard here = p.region & part;
      if (!here) continue;
      covered |= here;
      closable += p.color == winner ? cap.by_type[core::index(p.type)] : 1;
    }
    if (covered != part || closable < core::popcount(part)) return false;
  }
  return true;
}

}  // namespace

BlockadeRegions analyse_blockade(const Position& pos) { return analyse(pos).regions; }

bool blockade_proves_unwinnable(const Position& pos, Color winner) {
  const Analysis a = analyse(pos);
  if (!a.regions.fixed) return false;
  const Bitboard loser_region = a.regions.king[core::index(~winner)];
  for (Square k : core::squares(loser_region))
    if (mate_conceivable_on(a, winner, k, loser_region)) return false;
  return true;
}

}  // namespace arbiter::rules
