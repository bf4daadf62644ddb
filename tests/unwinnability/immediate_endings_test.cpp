// Dead positions whose every line ends within a few plies in stalemate or bare
// material (immediate_endings.h): found by the per-ply 5.2.2 check, and never
// where one line of those few plies mates. The dead ones come from the public
// unwinnability test vectors, where the per-ply check missed them before.
#include <gtest/gtest.h>

#include "arbiter/core/movegen.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "test_support.h"
#include "unwinnability/helpmate_witness.h"
#include "unwinnability/immediate_endings.h"

namespace arbiter::rules {
namespace {

using core::Color;
using core::Position;

bool ends_dead_at_once(const Position& pos) {
  return every_line_ends_dead_at_once(pos, core::count_legal_moves_capped(pos, 1));
}

void expect_dead_per_ply(const char* fen) {
  const Position pos = test::must_parse(fen);
  EXPECT_TRUE(ends_dead_at_once(pos)) << fen;
  const DeadPositionResult d = analyse_dead_position(pos);
  EXPECT_TRUE(d.dead) << fen;
  EXPECT_EQ(d.method, WinnabilityMethod::Exhaustive) << fen;
}

void expect_alive_past_one_ply(const char* fen, Color winner) {
  const Position pos = test::must_parse(fen);
  EXPECT_FALSE(ends_dead_at_once(pos)) << fen;
  EXPECT_FALSE(analyse_dead_position(pos).dead) << fen;
  const WinnabilityResult w = analyse_winnability(pos, winner);
  ASSERT_EQ(w.verdict, Winnability::Winnable) << fen;
  EXPECT_TRUE(is_helpmate_line(pos, winner, w.helpmate)) << fen;
}

// Black's king can only take one of the two knights (b2 is White's king's, a2
// and b1 hold knights): either capture leaves K+N v K. With a1's neighbour b1
// free instead (the knight on c1 guarding a2) the two knights keep a helpmate.
TEST(ImmediateEndings, AKingLeftOnlyCapturesStripsTheBoard) {
  const Position pos = test::must_parse("8/8/8/8/8/2K5/N7/kN6 b - - 0 1");
  ASSERT_FALSE(pos.in_check());
  ASSERT_EQ(core::count_legal_moves(pos), 2u);
  expect_dead_per_ply("8/8/8/8/8/2K5/N7/kN6 b - - 0 1");
  expect_alive_past_one_ply("8/8/8/8/8/2K5/N7/k1N5 b - - 0 1", Color::White);
}

// Black's only move, axb5, checks White's king; every answer (Kxb5, Kb4, Ka3,
// Rxb5) either stalemates Black's king on a1 at once or lets ...b4+ come first,
// after which every answer does: four plies, each line to a stalemate.
TEST(ImmediateEndings, AForcedCheckWhoseEveryAnswerStalemates) {
  const Position pos = test::must_parse("8/8/p7/PP6/K7/1R6/1R6/k7 b - - 0 1");
  ASSERT_EQ(core::count_legal_moves(pos), 1u);
  expect_dead_per_ply("8/8/p7/PP6/K7/1R6/1R6/k7 b - - 0 1");
}

// Black in check has one reply, Ka8, and then any move of White stalemates the
// king behind a7 and b7 (no white move checks it: the king on g2 shuts the queen
// off the g-file). With White's king on f2 instead Qg8 mates: one mating leaf
// among the stalemates makes the position alive.
TEST(ImmediateEndings, AReplyAfterWhichEveryMoveStalemates) {
  const Position pos = test::must_parse("1k6/Pp6/1P6/8/8/7B/6K1/6Q1 b - - 0 1");
  ASSERT_TRUE(pos.in_check());
  ASSERT_EQ(core::count_legal_moves(pos), 1u);
  expect_dead_per_ply("1k6/Pp6/1P6/8/8/7B/6K1/6Q1 b - - 0 1");
  expect_alive_past_one_ply("1k6/Pp6/1P6/8/8/7B/5K2/6Q1 b - - 0 1", Color::White);
}

// Black's only move, Qxb7+, checks; White's only answer cxb7+ forces Kb8, and
// then both of White's moves (Kb6, b6) stalemate: a forced check with queens on
// the board, examined whatever the material, and a side with two moves at the
// fourth ply. With a spare pawn on h2 White has moves to wait with, and mates.
TEST(ImmediateEndings, AForcedLineThatLeavesOnlyStalemates) {
  const Position pos = test::must_parse("k1q5/1Q6/K1P5/PP6/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(pos.in_check());
  ASSERT_EQ(core::count_legal_moves(pos), 1u);
  expect_dead_per_ply("k1q5/1Q6/K1P5/PP6/8/8/8/8 b - - 0 1");
  expect_dead_per_ply("1k6/1P6/K7/PP6/8/8/8/8 w - - 0 1");
  expect_alive_past_one_ply("k1q5/1Q6/K1P5/PP6/8/8/7P/8 b - - 0 1", Color::White);
}

// Black's king on h3 has no move, and none of White's 36 moves gives it one or
// checks it: every move stalemates, however much material White has.
TEST(ImmediateEndings, ASideWithNoMoveIsStalematedByAnyMove) {
  const Position pos = test::must_parse("7B/6PP/5P2/4N1PB/5QN1/1P3RPk/5P1P/5RK1 w - - 0 1");
  ASSERT_EQ(core::count_legal_moves(pos), 36u);
  expect_dead_per_ply("7B/6PP/5P2/4N1PB/5QN1/1P3RPk/5P1P/5RK1 w - - 0 1");
}

// Black has all its men but the king and none can move (every piece hemmed in by
// its own men, every pawn blocked), and its king's free squares are covered: all
// 32 of White's moves stalemate Black, though White has a queen and both sides
// rooks. A twin with White's e3 knight on d4 instead: Nb5 mates.
TEST(ImmediateEndings, ASideWhosePiecesCannotMoveIsStalematedByAnyMove) {
  const char* fen = "bqn1KN2/rrk1pB2/nb1pPp1p/p1pP1PpP/PpP3P1/1P2N1R1/4Q3/1R4B1 w - - 0 1";
  const Position pos = test::must_parse(fen);
  ASSERT_EQ(core::count_legal_moves(pos), 32u);
  EXPECT_TRUE(men_besides_king_stuck(pos, Color::Black));
  EXPECT_FALSE(men_besides_king_stuck(pos, Color::White));
  expect_dead_per_ply(fen);
  expect_alive_past_one_ply("bqn1KN2/rrk1pB2/nb1pPp1p/p1pP1PpP/PpPN2P1/1P4R1/4Q3/1R4B1 w - - 0 1",
                            Color::White);
}

// Ordinary positions are turned away before any move is made, and positions
// without legal moves are the caller's to judge (mate, stalemate).
TEST(ImmediateEndings, OrdinaryAndTerminalPositionsAreNotExamined) {
  EXPECT_FALSE(ends_dead_at_once(Position::start_position()));
  EXPECT_FALSE(ends_dead_at_once(test::must_parse("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")));  // stalemate
  EXPECT_FALSE(ends_dead_at_once(test::must_parse("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")));  // mate
}

}  // namespace
}  // namespace arbiter::rules
