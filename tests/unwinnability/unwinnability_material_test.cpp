// The exact material rules of spec section 4 (layers 1 and 2).
#include <gtest/gtest.h>

#include "arbiter/unwinnability/unwinnability.h"
#include "test_support.h"

namespace arbiter::rules {
namespace {

using core::Color;
using test::must_parse;

TEST(DeadByMaterial, BareKingsAndSingleMinors) {
  EXPECT_TRUE(dead_by_material(must_parse("8/8/8/4k3/8/8/8/4K3 w - - 0 1")));    // C01
  EXPECT_TRUE(dead_by_material(must_parse("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1")));  // C02
  EXPECT_TRUE(dead_by_material(must_parse("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1")));  // C03
}

TEST(DeadByMaterial, SameColouredBishopsOfAnyNumber) {
  EXPECT_TRUE(dead_by_material(must_parse("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1")));     // C04
  EXPECT_TRUE(dead_by_material(must_parse("2b4k/8/b7/8/8/8/8/1B1B1BK1 w - - 0 1")));  // C05
}

TEST(DeadByMaterial, NotDeadWhereAHelpmateExists) {
  for (const char* fen :
       {"8/8/4k3/3n4/8/3N4/8/4K3 w - - 0 1", "2b5/8/4k3/8/8/8/8/2B1K3 w - - 0 1",
        "8/8/4k3/8/8/8/8/1N2KN2 w - - 0 1", "8/8/4k3/8/3p4/8/8/2B1K3 w - - 0 1",
        "8/8/4k3/3n4/8/8/8/2B1K3 w - - 0 1", "8/8/4k3/3r4/8/8/8/1N2K3 w - - 0 1"}) {
    auto pos = must_parse(fen);
    EXPECT_FALSE(dead_by_material(pos)) << fen;
    EXPECT_FALSE(analyse_dead_position(pos).dead) << fen;
  }
}

TEST(UnwinnableByMaterial, LoneKingNeverMates) {
  auto pos = must_parse("8/8/4k3/8/8/8/8/R3K3 w - - 0 1");
  EXPECT_TRUE(unwinnable_by_material(pos, Color::Black));
  EXPECT_FALSE(unwinnable_by_material(pos, Color::White));
}

TEST(UnwinnableByMaterial, KnightCannotMateALoneQueen) {
  auto pos = must_parse("8/8/4k3/3q4/8/8/8/1N2K3 b - - 0 1");  // F05
  EXPECT_TRUE(unwinnable_by_material(pos, Color::White));
  EXPECT_FALSE(unwinnable_by_material(pos, Color::Black));
  // With a rook instead, the knight side has a helpmate (E06).
  EXPECT_FALSE(
      unwinnable_by_material(must_parse("8/8/4k3/3r4/8/8/8/1N2K3 w - - 0 1"), Color::White));
}

TEST(UnwinnableByMaterial, SameColouredBishopsNeedEnemyKnightsOrPawns) {
  EXPECT_TRUE(unwinnable_by_material(must_parse("8/8/4k3/8/8/8/8/3BKB2 b - - 0 1"), Color::White));
  // An enemy pawn can block a flight square: a mate becomes possible.
  EXPECT_FALSE(
      unwinnable_by_material(must_parse("8/8/4k3/4p3/8/8/8/3BKB2 b - - 0 1"), Color::White));
  EXPECT_FALSE(
      unwinnable_by_material(must_parse("8/8/4k3/4n3/8/8/8/3BKB2 b - - 0 1"), Color::White));
}

}  // namespace
}  // namespace arbiter::rules
