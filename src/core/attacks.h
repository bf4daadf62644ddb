// Attack sets of every piece, and the geometry (lines, betweens) built from them.
// Sliding attacks come from PEXT (BMI2) or magic multiplication, chosen at build
// time by ARBITER_USE_PEXT; both back ends are always testable against a slow
// reference (see slider_backends).
#pragma once

#include <array>

#include "arbiter/core/bitboard.h"

#if ARBITER_USE_PEXT
#include <immintrin.h>
#endif

namespace arbiter::core {

namespace detail {

constexpr Bitboard leaper_attacks(Square s, const int (&steps)[8][2]) {
  Bitboard result = 0;
  for (const auto& step : steps) {
    int f = file_of(s) + step[0], r = rank_of(s) + step[1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) result |= square_bb(make_square(f, r));
  }
  return result;
}

constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                  {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

template <const int (&Steps)[8][2]>
constexpr std::array<Bitboard, kNumSquares> make_leaper_table() {
  std::array<Bitboard, kNumSquares> table{};
  for (int s = 0; s < kNumSquares; ++s) table[s] = leaper_attacks(Square(s), Steps);
  return table;
}

constexpr std::array<std::array<Bitboard, kNumSquares>, kNumColors> make_pawn_table() {
  std::array<std::array<Bitboard, kNumSquares>, kNumColors> table{};
  for (int s = 0; s < kNumSquares; ++s) {
    table[0][s] = pawn_attacks_bb(Color::White, square_bb(Square(s)));
    table[1][s] = pawn_attacks_bb(Color::Black, square_bb(Square(s)));
  }
  return table;
}

// A slider's attacks on an empty board: every square of its lines.
constexpr Bitboard empty_board_rays(Square s, const int (&directions)[4][2]) {
  Bitboard result = 0;
  for (const auto& d : directions)
    for (int f = file_of(s) + d[0], r = rank_of(s) + d[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
         f += d[0], r += d[1])
      result |= square_bb(make_square(f, r));
  return result;
}

constexpr int kRookLineSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopLineSteps[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

template <const int (&Directions)[4][2]>
constexpr std::array<Bitboard, kNumSquares> make_ray_table() {
  std::array<Bitboard, kNumSquares> table{};
  for (int s = 0; s < kNumSquares; ++s) table[s] = empty_board_rays(Square(s), Directions);
  return table;
}

inline constexpr auto kKnightAttacks = make_leaper_table<kKnightSteps>();
inline constexpr auto kRookRays = make_ray_table<kRookLineSteps>();
inline constexpr auto kBishopRays = make_ray_table<kBishopLineSteps>();
inline constexpr auto kKingAttacks = make_leaper_table<kKingSteps>();
inline constexpr auto kPawnAttacks = make_pawn_table();

// One square's entry of a sliding-attack table.
struct SliderEntry {
  Bitboard mask;            // relevant occupancy: the rays without their last square
  Bitboard magic;           // multiplier (magic back end only)
  const Bitboard* attacks;  // this square's slice of the shared attack array
  unsigned shift;           // 64 - popcount(mask) (magic back end only)
};

extern SliderEntry g_rook_entries[kNumSquares];
extern SliderEntry g_bishop_entries[kNumSquares];
extern Bitboard g_between[kNumSquares][kNumSquares];
extern Bitboard g_line[kNumSquares][kNumSquares];

inline Bitboard slider_lookup(const SliderEntry& e, Bitboard occupied) {
#if ARBITER_USE_PEXT
  return e.attacks[_pext_u64(occupied, e.mask)];
#else
  return e.attacks[((occupied & e.mask) * e.magic) >> e.shift];
#endif
}

}  // namespace detail

constexpr Bitboard knight_attacks(Square s) { return detail::kKnightAttacks[index(s)]; }
constexpr Bitboard king_attacks(Square s) { return detail::kKingAttacks[index(s)]; }
constexpr Bitboard pawn_attacks(Color c, Square s) {
  return detail::kPawnAttacks[index(c)][index(s)];
}

// Sliding attacks on an empty board (s's rank and file, its diagonals): which
// pieces could attack s along a line at all. A small table, unlike the
// occupancy-indexed ones, which are large enough to miss the cache.
constexpr Bitboard rook_rays(Square s) { return detail::kRookRays[index(s)]; }
constexpr Bitboard bishop_rays(Square s) { return detail::kBishopRays[index(s)]; }

inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return detail::slider_lookup(detail::g_bishop_entries[index(s)], occupied);
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  return detail::slider_lookup(detail::g_rook_entries[index(s)], occupied);
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}

// Attacks of a non-pawn piece type from s.
inline Bitboard piece_attacks(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case PieceType::Knight:
      return knight_attacks(s);
    case PieceType::Bishop:
      return bishop_attacks(s, occupied);
    case PieceType::Rook:
      return rook_attacks(s, occupied);
    case PieceType::Queen:
      return queen_attacks(s, occupied);
    case PieceType::King:
      return king_attacks(s);
    default:
      return 0;
  }
}

// Squares strictly between a and b when they share a line, else empty.
inline Bitboard between(Square a, Square b) { return detail::g_between[index(a)][index(b)]; }
// The whole line (edge to edge) through a and b when they share one, else empty.
inline Bitboard line_through(Square a, Square b) { return detail::g_line[index(a)][index(b)]; }
inline bool aligned(Square a, Square b, Square c) { return contains(line_through(a, b), c); }

// Those of `candidates` (pieces on lines through s, from the rays above) with
// nothing of `occupied` between them and s: slider attacks on s without the
// large tables, cheaper where the candidates are few.
inline Bitboard unblocked(Square s, Bitboard candidates, Bitboard occupied) {
  Bitboard result = 0;
  for (Square from : squares(candidates))
    if (!(between(s, from) & occupied)) result |= square_bb(from);
  return result;
}

// The individual back ends, for tests and benchmarks that compare them.
namespace slider_backends {
Bitboard reference_rook(Square s, Bitboard occupied);  // ray walk, slow and obviously right
Bitboard reference_bishop(Square s, Bitboard occupied);
Bitboard magic_rook(Square s, Bitboard occupied);
Bitboard magic_bishop(Square s, Bitboard occupied);
bool pext_available();                            // compiled with BMI2
Bitboard pext_rook(Square s, Bitboard occupied);  // only valid if pext_available()
Bitboard pext_bishop(Square s, Bitboard occupied);
const char* active_name();  // "pext" or "magic"
}  // namespace slider_backends

}  // namespace arbiter::core
