// core::has_legal_move agrees with core::count_legal_moves > 0: on random
// walks from the perft suite, and on mates, stalemates and positions with pinned
// pieces, en passant or castling.
#include <gtest/gtest.h>

#include "arbiter/core/movegen.h"
#include "test_support.h"

namespace arbiter::core {
namespace {

TEST(HasLegalMove, AgreesWithTheFullCountOnRandomWalks) {
  const int walks = test::kSanitized ? 1 : 4;
  int without_moves = 0;
  for (const core::Position& pos : test::random_walk_positions(walks, 60)) {
    const bool any = core::count_legal_moves(pos) > 0;
    without_moves += !any;
    ASSERT_EQ(has_legal_move(pos), any) << core::to_fen(pos);
  }
  EXPECT_GT(without_moves, 0);  // the walks reach some mates and stalemates
}

// The capped count is exact up to its cap and above it otherwise, for the caps
// the adjudicator uses (1: mate, stalemate or a forced reply; 8: a closed
// position) and a few more, on the random walks (with their checks, pins, en
// passant and castling).
TEST(CountLegalMovesCapped, ExactUpToTheCapAboveItOtherwise) {
  const int walks = test::kSanitized ? 1 : 4;
  int few = 0;
  for (const core::Position& pos : test::random_walk_positions(walks, 60)) {
    const uint64_t all = core::count_legal_moves(pos);
    few += all <= 1;
    for (const uint64_t cap : {0, 1, 2, 8, 20}) {
      const uint64_t capped = core::count_legal_moves_capped(pos, cap);
      if (all <= cap)
        ASSERT_EQ(capped, all) << core::to_fen(pos) << " cap " << cap;
      else
        ASSERT_GT(capped, cap) << core::to_fen(pos) << " cap " << cap;
    }
  }
  EXPECT_GT(few, 0);  // some walks end in mate, stalemate or a forced reply
}

// Positions in check from the random walks: the direct search for an evasion
// agrees with the full count.
TEST(HasLegalMove, EvasionsAgreeWithTheFullCount) {
  const int walks = test::kSanitized ? 2 : 12;
  int checks = 0;
  for (const core::Position& pos : test::random_walk_positions(walks, 120)) {
    if (!pos.in_check()) continue;
    ++checks;
    ASSERT_EQ(has_legal_move(pos), core::count_legal_moves(pos) > 0) << core::to_fen(pos);
  }
  EXPECT_GT(checks, 10);
}

TEST(HasLegalMove, MatesStalematesAndTheMovesTheQuickTestsSkip) {
  struct Case {
    const char* fen;
    bool any;
  };
  const Case cases[] = {
      {"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", false},    // mate
      {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false},    // stalemate
      {"k7/8/1Q6/8/8/8/8/7K b - - 0 1", false},     // stalemate, king boxed in
      {"8/8/8/8/8/2k5/2p5/2K5 w - - 0 1", false},   // stalemate by a pawn
      {"8/8/8/8/8/k7/p1r5/K1R5 w - - 0 1", true},   // a pinned rook with moves
      {"8/8/8/8/pP6/P7/P7/K1k5 b - b3 0 1", true},  // en passant among others
      {"r3k3/8/8/8/8/8/8/4K2R w K - 0 1", true},    // castling among others
      {"8/8/8/8/8/5k2/4p3/4K3 w - - 0 1", true},    // only the king, capturing
      // In check: mates, and evasions of each kind.
      {"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false},     // back-rank mate
      {"R5k1/5ppp/8/8/4b3/8/8/6K1 b - - 0 1", true},    // the bishop takes the rook
      {"R5k1/5ppp/8/8/8/8/3r4/6K1 b - - 0 1", true},    // the rook blocks on d8
      {"R5k1/4nppp/8/8/8/8/8/6K1 b - - 0 1", true},     // the knight blocks on c8
      {"R5k1/6pp/3Nn3/8/2B5/8/8/K7 b - - 0 1", false},  // the blocker is pinned: mate
      {"2R3k1/p4ppp/8/8/8/8/8/6K1 b - - 0 1", false},   // a pawn that cannot help
      {"5bkr/3p2pp/4B3/8/8/8/8/K7 b - - 0 1", true},    // a pawn takes the checker
      {"5bkr/6pp/4B3/8/8/8/8/K7 b - - 0 1", false},     // without it: mate
      {"8/8/8/8/8/8/1PP5/kQK5 b - - 0 1", false},       // mate by a guarded queen
      {"4R1k1/5ppp/8/8/q7/8/8/6K1 b - - 0 1", true},    // the queen takes the rook
      {"k7/p7/1p6/8/8/8/8/K6R w - - 0 1", true},        // not in check
  };

  for (const Case& c : cases) {
    const core::Position pos = test::must_parse(c.fen);
    EXPECT_EQ(core::count_legal_moves(pos) > 0, c.any) << c.fen;
    EXPECT_EQ(has_legal_move(pos), c.any) << c.fen;
  }
}

}  // namespace
}  // namespace arbiter::core
