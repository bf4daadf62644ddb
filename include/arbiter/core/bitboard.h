// Bitboards: one bit per square, a1 = bit 0. Small inline helpers only.
#pragma once

#include <bit>
#include <cstdint>

#include "arbiter/core/types.h"

namespace arbiter::core {

using Bitboard = uint64_t;

constexpr Bitboard kEmpty = 0;
constexpr Bitboard kFileABB = 0x0101010101010101ULL;
constexpr Bitboard kRank1BB = 0xFFULL;
constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;
constexpr Bitboard kDarkSquares = ~kLightSquares;

constexpr Bitboard file_bb(int file) { return kFileABB << file; }
constexpr Bitboard rank_bb(int rank) { return kRank1BB << (8 * rank); }
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << index(s); }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

constexpr bool contains(Bitboard b, Square s) { return (b & square_bb(s)) != 0; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
// lsb and msb need a non-empty bitboard. Saying so lets the compiler see that the
// square is always on the board (and UBSan check it in the sanitizer build).
constexpr Square lsb(Bitboard b) {
  if (b == 0) __builtin_unreachable();
  return Square(std::countr_zero(b));
}
constexpr Square msb(Bitboard b) {
  if (b == 0) __builtin_unreachable();
  return Square(63 - std::countl_zero(b));
}

// Removes and returns the lowest set square; b must not be empty.
constexpr Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Compass directions as square-index offsets.
enum class Direction : int8_t {
  North = 8,
  South = -8,
  East = 1,
  West = -1,
  NorthEast = 9,
  NorthWest = 7,
  SouthEast = -7,
  SouthWest = -9,
};

// Moves every square one step in direction d, dropping squares that fall off the board.
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  constexpr Bitboard not_a = ~file_bb(kFileA);
  constexpr Bitboard not_h = ~file_bb(kFileH);
  switch (D) {
    case Direction::North:
      return b << 8;
    case Direction::South:
      return b >> 8;
    case Direction::East:
      return (b & not_h) << 1;
    case Direction::West:
      return (b & not_a) >> 1;
    case Direction::NorthEast:
      return (b & not_h) << 9;
    case Direction::NorthWest:
      return (b & not_a) << 7;
    case Direction::SouthEast:
      return (b & not_h) >> 7;
    case Direction::SouthWest:
      return (b & not_a) >> 9;
  }
  return 0;
}

// The squares one step ahead of `pawns` (whether empty or not).
constexpr Bitboard pawn_pushes_bb(Color c, Bitboard pawns) {
  return c == Color::White ? shift<Direction::North>(pawns) : shift<Direction::South>(pawns);
}

constexpr Bitboard pawn_attacks_bb(Color c, Bitboard pawns) {
  return c == Color::White
             ? shift<Direction::NorthEast>(pawns) | shift<Direction::NorthWest>(pawns)
             : shift<Direction::SouthEast>(pawns) | shift<Direction::SouthWest>(pawns);
}

// Iterates over the squares of a bitboard: for (Square s : squares(b)).
class SquareRange {
 public:
  class Iterator {
   public:
    constexpr explicit Iterator(Bitboard b) : bits_(b) {}
    constexpr Square operator*() const { return lsb(bits_); }
    constexpr Iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return bits_ != o.bits_; }

   private:
    Bitboard bits_;
  };
  constexpr explicit SquareRange(Bitboard b) : bits_(b) {}
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  Bitboard bits_;
};
constexpr SquareRange squares(Bitboard b) { return SquareRange(b); }

}  // namespace arbiter::core
