// Shared by the static unwinnability proofs (blockade.cpp, structure_proof.cpp,
// fixed_men.cpp), the screens and the helpmate plans: the squares a piece can ever
// reach around fixed pawns, a king's pen, and the counting argument that says
// whether a king could be mated on a given square. Internal to src/unwinnability.
#pragma once

#include <algorithm>
#include <array>

#include "arbiter/core/bitboard.h"
#include "arbiter/core/position.h"
#include "core/attacks.h"

namespace arbiter::rules::regions {

inline core::Bitboard orthogonal_step(core::Bitboard b) {
  using core::Direction;
  using core::shift;
  return shift<Direction::North>(b) | shift<Direction::South>(b) | shift<Direction::East>(b) |
         shift<Direction::West>(b);
}

inline core::Bitboard diagonal_step(core::Bitboard b) {
  using core::Direction;
  using core::shift;
  return shift<Direction::NorthEast>(b) | shift<Direction::NorthWest>(b) |
         shift<Direction::SouthEast>(b) | shift<Direction::SouthWest>(b);
}

// Knight moves from every square of b at once: one and two files aside, then two
// and one ranks up or down.
inline core::Bitboard knight_step(core::Bitboard b) {
  using core::file_bb;
  const core::Bitboard one =
      ((b >> 1) & ~file_bb(core::kFileH)) | ((b << 1) & ~file_bb(core::kFileA));
  const core::Bitboard two = ((b >> 2) & ~(file_bb(core::kFileH - 1) | file_bb(core::kFileH))) |
                             ((b << 2) & ~(file_bb(core::kFileA) | file_bb(core::kFileA + 1)));
  return (one << 16) | (one >> 16) | (two << 8) | (two >> 8);
}

// One move of a piece of this type on an empty board, from every square of b.
// Sliders move one step at a time: a slide passes only through squares that are
// themselves reachable, so flooding by single steps finds every square it can
// reach, and the squares one step beyond a region are those it attacks.
inline core::Bitboard step(core::PieceType pt, core::Bitboard b) {
  switch (pt) {
    case core::PieceType::Knight:
      return knight_step(b);
    case core::PieceType::Bishop:
      return diagonal_step(b);
    case core::PieceType::Rook:
      return orthogonal_step(b);
    default:  // queen and king
      return orthogonal_step(b) | diagonal_step(b);
  }
}

// Every square reachable from `seed` by moves of this type through `allowed`
// (the seed itself stays in, allowed or not).
inline core::Bitboard flood(core::PieceType pt, core::Bitboard seed, core::Bitboard allowed) {
  core::Bitboard region = seed, frontier = seed;
  while (frontier) {
    frontier = step(pt, frontier) & allowed & ~region;
    region |= frontier;
  }
  return region;
}

// A king's pen: the squares the king on `king` can ever walk among, grown king
// step by king step over squares outside `walls` that `open` admits (a test of
// the square alone); 0 as soon as it holds more than `max_squares`. The prover's
// pens (the screens' king_pen_size, the fixed men's pen_of_two, the helpmate
// plans' king_prison) differ only in what they count as a wall.
template <typename Open>
core::Bitboard king_pen(core::Square king, core::Bitboard walls, int max_squares, Open open) {
  core::Bitboard pen = core::square_bb(king), frontier = pen;
  int size = 1;
  while (frontier) {
    core::Bitboard next = 0;
    for (core::Square from : core::squares(frontier)) {
      for (core::Square s : core::squares(core::king_attacks(from) & ~walls & ~pen & ~next)) {
        if (!open(s)) continue;
        if (++size > max_squares) return 0;
        next |= core::square_bb(s);
      }
    }
    pen |= next;
    frontier = next;
  }
  return pen;
}

inline core::Bitboard king_pen(core::Square king, core::Bitboard walls, int max_squares) {
  return king_pen(king, walls, max_squares, [](core::Square) { return true; });
}

// The most squares of a king's neighbourhood (the 8 squares around k) that one
// piece of a type can close: by standing on one, or attacking it on an empty board
// (rays pass through the king, which cannot step back along a checking line).
// The king itself may not stand next to the other king.
inline int close_capacity(core::PieceType type) {
  static const std::array<int, core::kNumPieceTypes> table = [] {
    using core::PieceType;
    std::array<int, core::kNumPieceTypes> t{};
    for (PieceType pt : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen,
                         PieceType::King}) {
      int best = 0;
      for (int k = 0; k < core::kNumSquares; ++k) {
        const core::Bitboard zone = core::king_attacks(core::Square(k));
        for (int s = 0; s < core::kNumSquares; ++s) {
          if (s == k) continue;
          const core::Bitboard at = core::square_bb(core::Square(s));
          if (pt == PieceType::King && (zone & at)) continue;
          core::Bitboard closed = core::piece_attacks(pt, core::Square(s), 0);
          if (pt != PieceType::King) closed |= at;
          best = std::max(best, core::popcount(zone & closed));
        }
      }
      t[core::index(pt)] = best;
    }
    // A pawn next to the king stands on one flight square and attacks two more.
    t[core::index(PieceType::Pawn)] = 3;
    return t;
  }();
  return table[core::index(type)];
}

// The squares a castling king or rook may also land on, besides `from`.
inline core::Bitboard castling_seed(const core::Position& pos, core::Color c, core::Square from) {
  core::Bitboard seed = core::square_bb(from);
  for (core::CastlingSide side : {core::CastlingSide::King, core::CastlingSide::Queen}) {
    if (!pos.can_castle(c, side)) continue;
    if (from == pos.king_square(c)) seed |= core::square_bb(core::castled_king_square(c, side));
    if (from == pos.castling_rook(c, side))
      seed |= core::square_bb(core::castled_rook_square(c, side));
  }
  return seed;
}

// A man other than a king, with the squares it can ever stand on (for a pawn of
// the winner, also the squares it can ever attack).
struct PieceRegion {
  core::PieceType type;
  core::Color color;
  core::Bitboard region;
  core::Bitboard stands = 0;  // a pawn: the squares it can stand on (0: use region)
};

// How many of `flights` one man can close at once. A piece: its type's capacity
// for the winner, one square for the loser. A pawn: the most that it closes from
// any one square it can stand on (that square, and for the winner its two attacks).
inline int closing_capacity(const PieceRegion& p, core::Color winner, core::Bitboard flights) {
  if (p.type != core::PieceType::Pawn || !p.stands)
    return p.color == winner ? close_capacity(p.type) : 1;
  int best = 0;
  for (core::Square s : core::squares(p.stands)) {
    core::Bitboard closed = core::square_bb(s);
    if (p.color == winner) closed |= core::pawn_attacks(p.color, s);
    best = std::max(best, core::popcount(closed & flights));
  }
  return best;
}

// Whether every flight square can be given its own closer: a winner's man that
// attacks or occupies it, a loser's man that occupies it, or the winner's king next
// to it, no man closing more squares than its capacity. A bipartite assignment
// (augmenting paths), so a square only one man could close is not counted twice.
template <typename Pieces>
bool flights_closable(const Pieces& pieces, core::Color winner, core::Bitboard flights,
                      core::Bitboard winner_king_zone) {
  constexpr int kMaxFlights = 8;
  constexpr int kMaxClosers = 64;
  core::Square flight[kMaxFlights];
  int flight_count = 0;
  for (core::Square f : core::squares(flights)) flight[flight_count++] = f;
  core::Bitboard reach[kMaxClosers];
  int capacity[kMaxClosers];
  int closers = 0;
  if (winner_king_zone & flights) {
    reach[closers] = winner_king_zone & flights;
    capacity[closers++] = close_capacity(core::PieceType::King);
  }
  for (const PieceRegion& p : pieces) {
    if (!(p.region & flights) || closers == kMaxClosers) continue;
    reach[closers] = p.region & flights;
    capacity[closers] = closing_capacity(p, winner, flights);
    if (capacity[closers]) ++closers;
  }
  int load[kMaxClosers] = {};
  int owner[kMaxFlights];
  for (int& o : owner) o = -1;
  // Finds a closer for flight f, moving other flights to other closers if needed.
  auto assign = [&](auto&& self, int f, uint64_t& visited) -> bool {
    for (int c = 0; c < closers; ++c) {
      if (!core::contains(reach[c], flight[f]) || (visited >> c & 1)) continue;
      visited |= uint64_t(1) << c;
      if (load[c] < capacity[c]) {
        ++load[c];
        owner[f] = c;
        return true;
      }
      for (int g = 0; g < flight_count; ++g) {
        if (owner[g] != c || !self(self, g, visited)) continue;
        owner[f] = c;  // g moved to another closer, f takes its place: c's load is unchanged
        return true;
      }
    }
    return false;
  };
  for (int f = 0; f < flight_count; ++f) {
    uint64_t visited = 0;
    if (!assign(assign, f, visited)) return false;
  }
  return true;
}

// Whether the loser's king, standing on k, could be checkmated, by the counting
// argument: a winner's piece (or pawn: `pawn_checks`) must be able to check on k,
// and every flight square (`flight_space` around k) must be closable: each one
// reachable by some piece (a winner's piece attacks it, a loser's piece stands on
// it) or next to the winner's king's region, and, for all flights and for those
// of each square colour, the pieces able to reach them able to close that many;
// then the exact assignment of flights to closers (flights_closable), with the
// winner's king on each square it could close flights from.
template <typename Pieces>
bool mate_conceivable_on(const Pieces& pieces, core::Color winner, core::Square k,
                         core::Bitboard flight_space, core::Bitboard winner_king_region,
                         core::Bitboard pawn_checks) {
  using core::Bitboard;
  // A piece checks from its region; k itself may lie outside it (a king that can
  // never move stands on a square no other man can enter).
  bool checker = core::contains(pawn_checks, k);
  for (const PieceRegion& p : pieces) {
    if (p.color != winner) continue;
    const Bitboard attacked =
        p.type == core::PieceType::Pawn ? p.region : p.region | step(p.type, p.region);
    if (core::contains(attacked, k)) checker = true;
  }
  if (!checker) return false;

  const Bitboard flights = core::king_attacks(k) & flight_space;
  const Bitboard winner_king_zone = step(core::PieceType::King, winner_king_region);
  for (Bitboard part : {flights, flights & core::kLightSquares, flights & core::kDarkSquares}) {
    if (!part) continue;
    int closable = (winner_king_zone & part) ? close_capacity(core::PieceType::King) : 0;
    Bitboard covered = winner_king_zone & part;
    for (const PieceRegion& p : pieces) {
      const Bitboard here = p.region & part;
      if (!here) continue;
      covered |= here;
      closable += p.color == winner ? close_capacity(p.type) : 1;
    }
    if (covered != part || closable < core::popcount(part)) return false;
  }
  // The winner's king closes flights from one square, never next to k: one king
  // cannot close the three light flights of a dark edge square, which the count
  // above lets pass (K+B v K with the loser's other men fixed far away). So each
  // square it may stand on near the flights is tried in turn, after none at all.
  // Flights no other man reaches are the king's alone: it must stand next to each.
  Bitboard others = 0;
  for (const PieceRegion& p : pieces) others |= p.region & flights;
  const Bitboard kings_alone = flights & ~others;
  if (!kings_alone && flights_closable(pieces, winner, flights, 0)) return true;
  Bitboard stands = winner_king_region & step(core::PieceType::King, flights) &
                    ~core::king_attacks(k) & ~core::square_bb(k);
  for (core::Square f : core::squares(kings_alone)) stands &= core::king_attacks(f);
  for (core::Square q : core::squares(stands))
    if (flights_closable(pieces, winner, flights, core::king_attacks(q))) return true;
  return false;
}

}  // namespace arbiter::rules::regions
