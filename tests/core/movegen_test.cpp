// Move generation by category and the special cases of legality.
#include <gtest/gtest.h>

#include <algorithm>

#include "arbiter/core/notation.h"
#include "test_support.h"

namespace arbiter::core {
namespace {

using test::must_parse;

MoveList legal(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  return moves;
}

bool has_uci(const Position& pos, const char* text, bool chess960 = false) {
  auto m = parse_uci_move(pos, text, chess960);
  return m.ok();
}

// Noisy and quiet split the legal moves exactly, by the stated definitions.
TEST(MoveGen, CategoriesPartitionTheLegalMoves) {
  for (const Position& pos : test::random_walk_positions(1, 40)) {
    MoveList all, noisy, quiet;
    generate<GenType::All>(pos, all);
    generate<GenType::Noisy>(pos, noisy);
    generate<GenType::Quiet>(pos, quiet);
    ASSERT_EQ(all.size(), noisy.size() + quiet.size()) << to_fen(pos);
    ASSERT_EQ(count_legal_moves(pos), all.size());
    for (Move m : noisy) {
      ASSERT_TRUE(all.contains(m));
      ASSERT_TRUE(pos.is_capture(m) || m.is_promotion()) << to_fen(pos);
    }
    for (Move m : quiet) {
      ASSERT_TRUE(all.contains(m));
      ASSERT_FALSE(pos.is_capture(m) || m.is_promotion()) << to_fen(pos);
    }
  }
}

TEST(MoveGen, NoDuplicateMoves) {
  for (const Position& pos : test::random_walk_positions(1, 20)) {
    MoveList moves = legal(pos);
    std::vector<uint16_t> bits;
    for (Move m : moves) bits.push_back(m.bits());
    std::sort(bits.begin(), bits.end());
    ASSERT_EQ(std::adjacent_find(bits.begin(), bits.end()), bits.end()) << to_fen(pos);
  }
}

TEST(MoveGen, EnPassantDiscoveredCheckAlongTheRankIsIllegal) {
  // White king a5, pawns b5 and c5 (just pushed), black rook h5.
  Position pos = must_parse("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
  EXPECT_FALSE(has_uci(pos, "b5c6"));
  Position free_pos = must_parse("8/8/8/KPp5/8/8/8/4k2r w - c6 0 2");
  EXPECT_TRUE(has_uci(free_pos, "b5c6"));
}

TEST(MoveGen, EnPassantDiagonalPinIsIllegal) {
  // The e5 pawn stands on the a1-h8 diagonal between its king and the h8 bishop.
  Position pos = must_parse("7b/8/8/3pP3/8/8/8/K3k3 w - d6 0 2");
  EXPECT_FALSE(has_uci(pos, "e5d6"));
}

TEST(MoveGen, CastlingOutOfThroughAndIntoCheckIsIllegal) {
  const char* base = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_TRUE(has_uci(must_parse(base), "e1g1"));
  EXPECT_TRUE(has_uci(must_parse(base), "e1c1"));
  // Out of check: the queen on e2 gives check.
  Position out = must_parse("r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1");
  EXPECT_FALSE(has_uci(out, "e1g1"));
  EXPECT_FALSE(has_uci(out, "e1c1"));
  Position through_f = must_parse("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
  EXPECT_FALSE(has_uci(through_f, "e1g1"));  // f1 attacked by the f8 rook
  EXPECT_TRUE(has_uci(through_f, "e1c1"));
  Position into = must_parse("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1");
  EXPECT_FALSE(has_uci(into, "e1g1"));  // g1 attacked by the g8 rook
  // The queen-side rook may pass an attacked square: only the king's path matters.
  Position b1 = must_parse("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_TRUE(has_uci(b1, "e1c1"));
  // Blocked path.
  Position blocked = must_parse("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1");
  EXPECT_FALSE(has_uci(blocked, "e1g1"));
  EXPECT_FALSE(has_uci(blocked, "e1c1"));
}

TEST(MoveGen, Chess960CastlingVariants) {
  // King-rook swap: king f1, rook g1; O-O leaves king g1, rook f1.
  Position swap = must_parse("k7/8/8/8/8/8/8/5KR1 w G - 0 1", true);
  EXPECT_TRUE(has_uci(swap, "f1g1", true));
  Position after = swap;
  UndoInfo undo;
  after.make_move(parse_uci_move(swap, "f1g1", true).value(), undo);
  EXPECT_EQ(after.piece_on(Square::G1), Piece::WhiteKing);
  EXPECT_EQ(after.piece_on(Square::F1), Piece::WhiteRook);
  // King already on g1: only the rook moves (rook h1 -> f1).
  Position rook_only = must_parse("6k1/8/8/8/8/8/8/6KR w H - 0 1", true);
  EXPECT_TRUE(has_uci(rook_only, "g1h1", true));
  // Rook already on d1: only the king moves (e1 -> c1).
  Position king_only = must_parse("6k1/8/8/8/8/8/8/3RK3 w D - 0 1", true);
  EXPECT_TRUE(has_uci(king_only, "e1d1", true));
  after = king_only;
  after.make_move(parse_uci_move(king_only, "e1d1", true).value(), undo);
  EXPECT_EQ(after.piece_on(Square::C1), Piece::WhiteKing);
  EXPECT_EQ(after.piece_on(Square::D1), Piece::WhiteRook);
  // The castling rook shields the king's destination from a rook on a1: illegal.
  Position shield = must_parse("6k1/8/8/8/8/8/8/rRK5 w B - 0 1", true);
  EXPECT_FALSE(has_uci(shield, "c1b1", true));
}

TEST(MoveGen, DoubleCheckAllowsOnlyKingMoves) {
  Position dbl = must_parse("4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1");
  ASSERT_EQ(popcount(dbl.checkers()), 2);
  for (Move m : legal(dbl)) EXPECT_EQ(m.from(), Square::E1);
}

TEST(MoveGen, PinnedPiecesMoveOnlyAlongThePin) {
  Position pos = must_parse("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
  for (Move m : legal(pos))
    if (m.from() == Square::E2) {
      EXPECT_EQ(file_of(m.to()), 4) << to_uci(m, false);
    }
  EXPECT_TRUE(has_uci(pos, "e2e7"));
}

TEST(MoveGen, PromotionsComeInFour) {
  Position pos = must_parse("8/P6k/8/8/8/8/8/K7 w - - 0 1");
  int promotions = 0;
  for (Move m : legal(pos)) promotions += m.is_promotion();
  EXPECT_EQ(promotions, 4);
}

TEST(MoveGen, MateAndStalemateDetection) {
  EXPECT_TRUE(
      is_checkmate(must_parse("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")));
  EXPECT_TRUE(is_stalemate(must_parse("7k/5Q2/8/8/8/8/8/K7 b - - 0 1")));
  EXPECT_FALSE(is_checkmate(Position::start_position()));
  EXPECT_FALSE(is_stalemate(Position::start_position()));
}

}  // namespace
}  // namespace arbiter::core

namespace arbiter::core {
namespace {

// gives_check agrees with making the move and looking, on every legal move.
TEST(MoveGen, GivesCheckMatchesMakeAndLook) {
  int checks = 0;
  int discovered = 0;
  for (const Position& start : test::random_walk_positions(2, 50)) {
    Position pos = start;
    MoveList moves;
    generate_legal(pos, moves);
    const Position::CheckInfo info = pos.check_info();
    for (Move m : moves) {
      bool predicted = pos.gives_check(m);
      // The search's per-node form must give the same answer.
      ASSERT_EQ(predicted, pos.gives_check(m, info))
          << to_fen(start) << " " << to_uci(m, start.is_chess960());
      UndoInfo undo;
      pos.make_move(m, undo);
      ASSERT_EQ(predicted, pos.in_check())
          << to_fen(start) << " " << to_uci(m, start.is_chess960());
      checks += predicted;
      discovered += predicted && contains(info.discoverers, m.from());
      pos.unmake_move(m, undo);
    }
  }
  EXPECT_GT(checks, 1000);
  EXPECT_GT(discovered, 10);  // the discovered-check path was exercised
}

}  // namespace
}  // namespace arbiter::core
