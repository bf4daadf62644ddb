// Blockade analysis: fixed pawn structures, the regions pieces can ever reach,
// and a counting argument over the loser's possible mating squares.
#include "unwinnability/blockade.h"

#include <array>
#include <span>

#include "core/attacks.h"
#include "unwinnability/piece_regions.h"

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

using regions::flood;
using regions::PieceRegion;
using regions::step;

struct Analysis {
  BlockadeRegions regions;
  std::array<PieceRegion, kMaxPieces> pieces{};
  int count = 0;
};

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
    Bitboard king_region =
        flood(PieceType::King, regions::castling_seed(pos, c, king), ~pawns & ~guarded);
    // The king captures a pawn that no other pawn guards.
    if (step(PieceType::King, king_region) & their_pawns & ~guarded) return a;
    a.regions.king[core::index(c)] = king_region;
    reach[core::index(c)] |= king_region;

    Bitboard others = pos.pieces(c) & ~pos.pieces(PieceType::Pawn, PieceType::King);
    for (Square s : core::squares(others)) {
      PieceType pt = core::type_of(pos.piece_on(s));
      Bitboard region = flood(pt, regions::castling_seed(pos, c, s), ~pawns);
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

}  // namespace

BlockadeRegions analyse_blockade(const Position& pos) { return analyse(pos).regions; }

bool blockade_proves_unwinnable(const Position& pos, Color winner) {
  const Analysis a = analyse(pos);
  if (!a.regions.fixed) return false;
  const Bitboard loser_region = a.regions.king[core::index(~winner)];
  for (Square k : core::squares(loser_region))
    if (regions::mate_conceivable_on(std::span(a.pieces.data(), a.count), winner, k, loser_region,
                                     a.regions.king[core::index(winner)], /*pawn_checks=*/0))
      return false;
  return true;
}

}  // namespace arbiter::rules
