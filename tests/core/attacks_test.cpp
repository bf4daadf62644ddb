// Sliding attacks: both back ends agree with a ray-walking reference on every
// relevant occupancy of every square; leaper tables and line geometry.
#include <gtest/gtest.h>

#include <random>

#include "core/attacks.h"

namespace arbiter::core {
namespace {

namespace sb = slider_backends;

// Every subset of the rays of s (carry-rippler), plus random noise bits, which
// the lookups must ignore.
template <class Fn>
void for_each_occupancy(Square s, Bitboard rays, Fn fn) {
  std::mt19937_64 rng(index(s));
  Bitboard subset = 0;
  do {
    fn(subset);
    fn(subset | (rng() & ~rays));
    subset = (subset - rays) & rays;
  } while (subset);
}

TEST(SliderBackends, MagicMatchesReferenceOnEveryOccupancy) {
  for (int i = 0; i < kNumSquares; ++i) {
    Square s = Square(i);
    for_each_occupancy(s, sb::reference_rook(s, 0), [&](Bitboard occ) {
      ASSERT_EQ(sb::magic_rook(s, occ), sb::reference_rook(s, occ)) << i;
    });
    for_each_occupancy(s, sb::reference_bishop(s, 0), [&](Bitboard occ) {
      ASSERT_EQ(sb::magic_bishop(s, occ), sb::reference_bishop(s, occ)) << i;
    });
  }
}

TEST(SliderBackends, PextMatchesReferenceOnEveryOccupancy) {
  if (!sb::pext_available()) GTEST_SKIP() << "this build's target has no BMI2";
  for (int i = 0; i < kNumSquares; ++i) {
    Square s = Square(i);
    for_each_occupancy(s, sb::reference_rook(s, 0), [&](Bitboard occ) {
      ASSERT_EQ(sb::pext_rook(s, occ), sb::reference_rook(s, occ)) << i;
    });
    for_each_occupancy(s, sb::reference_bishop(s, 0), [&](Bitboard occ) {
      ASSERT_EQ(sb::pext_bishop(s, occ), sb::reference_bishop(s, occ)) << i;
    });
  }
}

TEST(SliderBackends, ActiveBackendMatchesReferenceOnRandomBoards) {
  std::mt19937_64 rng(42);
  for (int n = 0; n < 200000; ++n) {
    Square s = Square(rng() % 64);
    Bitboard occ = rng() & rng();
    ASSERT_EQ(rook_attacks(s, occ), sb::reference_rook(s, occ));
    ASSERT_EQ(bishop_attacks(s, occ), sb::reference_bishop(s, occ));
    ASSERT_EQ(queen_attacks(s, occ), sb::reference_rook(s, occ) | sb::reference_bishop(s, occ));
  }
  std::string name = sb::active_name();
  EXPECT_TRUE(name == "pext" || name == "magic");
  std::cout << "active: " << name << "\n";
}

TEST(LeaperAttacks, KnightAndKingCountsByPosition) {
  EXPECT_EQ(popcount(knight_attacks(Square::A1)), 2);
  EXPECT_EQ(popcount(knight_attacks(Square::D4)), 8);
  EXPECT_EQ(popcount(knight_attacks(Square::H5)), 4);
  EXPECT_EQ(popcount(king_attacks(Square::A1)), 3);
  EXPECT_EQ(popcount(king_attacks(Square::E1)), 5);
  EXPECT_EQ(popcount(king_attacks(Square::E4)), 8);
  int total = 0;
  for (int s = 0; s < 64; ++s) total += popcount(knight_attacks(Square(s)));
  EXPECT_EQ(total, 336);  // the number of knight moves on an empty board
}

TEST(LeaperAttacks, PawnAttacksDependOnColourAndStopAtEdges) {
  EXPECT_EQ(pawn_attacks(Color::White, Square::E4), square_bb(Square::D5) | square_bb(Square::F5));
  EXPECT_EQ(pawn_attacks(Color::Black, Square::E4), square_bb(Square::D3) | square_bb(Square::F3));
  EXPECT_EQ(pawn_attacks(Color::White, Square::A2), square_bb(Square::B3));
  EXPECT_EQ(pawn_attacks(Color::Black, Square::H7), square_bb(Square::G6));
  EXPECT_EQ(pawn_attacks(Color::White, Square::C8), 0u);
}

TEST(LineGeometry, BetweenAndLine) {
  EXPECT_EQ(between(Square::A1, Square::D4), square_bb(Square::B2) | square_bb(Square::C3));
  EXPECT_EQ(between(Square::A1, Square::A2), 0u);
  EXPECT_EQ(between(Square::A1, Square::B3), 0u);  // not on a line
  EXPECT_EQ(line_through(Square::A1, Square::B3), 0u);
  EXPECT_EQ(line_through(Square::C3, Square::E5), line_through(Square::A1, Square::H8));
  EXPECT_EQ(popcount(line_through(Square::A1, Square::H8)), 8);
  EXPECT_EQ(line_through(Square::E2, Square::E7), file_bb(4));
  EXPECT_TRUE(aligned(Square::E1, Square::E8, Square::E4));
  EXPECT_FALSE(aligned(Square::E1, Square::E8, Square::D4));
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b)
      ASSERT_EQ(between(Square(a), Square(b)), between(Square(b), Square(a)));
}

}  // namespace
}  // namespace arbiter::core
