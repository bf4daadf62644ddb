// The per-ply 5.2.2 check follows every reply of a side that is not in check
// but has at most two moves, its king shut in and at most one piece: dead
// positions from the public unwinnability test vectors that the screens
// turned away, and a twin where one of the two replies lets the other side mate;
// and a check with one reply, followed likewise.
#include <gtest/gtest.h>

#include "arbiter/core/movegen.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "test_support.h"
#include "unwinnability/helpmate_witness.h"

namespace arbiter::rules {
namespace {

using core::Color;

// Dead per ply by `method`, and neither side can mate.
void expect_dead(const char* fen, WinnabilityMethod method) {
  const core::Position pos = test::must_parse(fen);
  const DeadPositionResult d = analyse_dead_position(pos);
  EXPECT_TRUE(d.dead) << fen;
  EXPECT_EQ(d.method, method) << fen;
  for (Color c : {Color::White, Color::Black})
    EXPECT_EQ(analyse_winnability(pos, c).verdict, Winnability::Unwinnable) << fen;
}

// Alive per ply, and `winner` mates by a line that replays.
void expect_alive(const char* fen, Color winner) {
  const core::Position pos = test::must_parse(fen);
  EXPECT_FALSE(analyse_dead_position(pos).dead) << fen;
  const WinnabilityResult w = analyse_winnability(pos, winner);
  ASSERT_EQ(w.verdict, Winnability::Winnable) << fen;
  EXPECT_TRUE(is_helpmate_line(pos, winner, w.helpmate)) << fen;
}

TEST(FewReplies, EveryReplyDeadMakesThePositionDead) {
  // White's king is shut in and the rook has two captures; every line after
  // either is dead (a roaming black rook kept the screens from trying).
  // Black's king has two steps along the sixth rank, each into a dead wall.
  for (const char* fen : {"8/8/8/6p1/6P1/4p1PK/4Pp1p/3rRnkr w - - 0 1",
                          "K7/8/k1p1p1p1/p1P1PPP1/P4P2/8/8/8 b - - 0 1"}) {
    EXPECT_FALSE(test::must_parse(fen).in_check()) << fen;
    expect_dead(fen, WinnabilityMethod::Exhaustive);
  }
}

TEST(FewReplies, OneLiveReplyKeepsThePositionAlive) {
  // A queen on d1 instead of the rook: after Rxf1+ Qxf1 Black mates.
  expect_alive("8/8/8/6p1/6P1/4p1PK/4Pp1p/3qRnkr w - - 0 1", Color::Black);
}

// A check with a single reply is followed too: Nxf6+ exf6 leaves both kings
// and every pawn walled in (a blockade). Without the e7 pawn, Nxf6 mates.
TEST(FewReplies, ACheckWithOneReplyIsFollowed) {
  const char* fen = "6k1/p1p1ppP1/5q1K/3N1P1P/8/8/P1P5/8 w - - 0 1";
  const core::Position pos = test::must_parse(fen);
  ASSERT_TRUE(pos.in_check());
  ASSERT_EQ(core::count_legal_moves(pos), 1u);
  expect_dead(fen, WinnabilityMethod::Blockade);
  expect_alive("6k1/p1p2pP1/5q1K/3N1P1P/8/8/P1P5/8 w - - 0 1", Color::White);
}

}  // namespace
}  // namespace arbiter::rules
