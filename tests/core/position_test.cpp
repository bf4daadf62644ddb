// Make/unmake, the incremental key, and the FIDE 9.2.3 position identity.
#include <gtest/gtest.h>

#include "arbiter/core/notation.h"
#include "test_support.h"

namespace arbiter::core {
namespace {

using test::must_parse;

Position after_moves(Position pos, std::initializer_list<const char*> uci_moves) {
  for (const char* text : uci_moves) {
    auto m = parse_uci_move(pos, text, pos.is_chess960());
    EXPECT_TRUE(m.ok()) << text << ": " << (m.ok() ? "" : m.error());
    if (!m.ok()) break;
    UndoInfo undo;
    pos.make_move(m.value(), undo);
  }
  return pos;
}

TEST(MakeUnmake, RestoresEveryFieldForEveryLegalMove) {
  for (const Position& start : test::random_walk_positions(1, 30)) {
    Position pos = start;
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      UndoInfo undo;
      pos.make_move(m, undo);
      pos.unmake_move(m, undo);
      ASSERT_EQ(to_fen(pos), to_fen(start));
      ASSERT_EQ(pos.key(), start.key());
      ASSERT_EQ(pos.checkers(), start.checkers());
    }
  }
}

// undo_info(m) is what make_move(m) stores, so a position reached by copying can
// still take m back with it.
TEST(MakeUnmake, UndoInfoMatchesWhatMakeMoveStores) {
  for (const Position& start : test::random_walk_positions(1, 30)) {
    MoveList moves;
    generate_legal(start, moves);
    for (Move m : moves) {
      Position pos = start;
      UndoInfo made;
      pos.make_move(m, made);
      const UndoInfo predicted = start.undo_info(m);
      ASSERT_EQ(predicted.key, made.key);
      ASSERT_EQ(predicted.checkers, made.checkers);
      ASSERT_EQ(predicted.halfmove_clock, made.halfmove_clock);
      ASSERT_EQ(predicted.castling_rights, made.castling_rights);
      ASSERT_EQ(predicted.en_passant, made.en_passant);
      ASSERT_EQ(predicted.captured, made.captured) << to_fen(start);
      pos.unmake_move(m, predicted);
      ASSERT_EQ(to_fen(pos), to_fen(start));
    }
  }
}

// The incrementally updated key equals the key computed from scratch.
TEST(MakeUnmake, IncrementalKeyMatchesRecomputedKey) {
  for (const Position& pos : test::random_walk_positions(2, 60)) {
    Position fresh = must_parse(to_fen(pos), pos.is_chess960());
    ASSERT_EQ(pos.key(), fresh.key()) << to_fen(pos);
    ASSERT_EQ(pos.checkers(), fresh.checkers()) << to_fen(pos);
  }
}

TEST(MakeUnmake, CountersFollowTheLaws) {
  Position pos = after_moves(Position::start_position(), {"g1f3", "g8f6"});
  EXPECT_EQ(pos.halfmove_clock(), 2);
  EXPECT_EQ(pos.fullmove_number(), 2);
  pos = after_moves(pos, {"e2e4"});  // a pawn move resets the clock
  EXPECT_EQ(pos.halfmove_clock(), 0);
  pos = after_moves(pos, {"f6e4"});  // so does a capture
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 3);
  pos = after_moves(pos, {"f1e2", "e4f6", "e1g1"});  // castling does not
  EXPECT_EQ(pos.halfmove_clock(), 3);
}

TEST(RepetitionKey, IgnoresMoveCounters) {
  EXPECT_EQ(must_parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key(),
            must_parse("4k3/8/8/8/8/8/8/4K3 w - - 37 90").key());
}

TEST(RepetitionKey, DependsOnSideToMove) {
  EXPECT_NE(must_parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key(),
            must_parse("4k3/8/8/8/8/8/8/4K3 b - - 0 1").key());
}

TEST(RepetitionKey, KnightsOutAndBackRepeatTheStart) {
  Position start = Position::start_position();
  Position pos = after_moves(start, {"g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(pos.key(), start.key());
}

// 9.2.3: en passant counts only when the capture is legal. Here the capture
// b5xc6 would expose the white king on a5 to the rook on h5.
TEST(RepetitionKey, PinnedEnPassantDoesNotCount) {
  Position pos = after_moves(must_parse("8/2p5/8/KP5r/8/8/8/4k3 b - - 0 1"), {"c7c5"});
  EXPECT_EQ(pos.en_passant_square(), Square::None);
  EXPECT_EQ(pos.key(), must_parse("8/8/8/KPp4r/8/8/8/4k3 w - - 0 2").key());
}

TEST(RepetitionKey, LegalEnPassantCounts) {
  Position pos = after_moves(must_parse("8/2p5/8/KP6/8/8/8/4k2r b - - 0 1"), {"c7c5"});
  EXPECT_EQ(pos.en_passant_square(), Square::C6);
  EXPECT_NE(pos.key(), must_parse("8/8/8/KPp5/8/8/8/4k2r w - - 0 2").key());
  EXPECT_EQ(pos.key(), must_parse("8/8/8/KPp5/8/8/8/4k2r w - c6 0 2").key());
}

// An en passant capture that leaves the king in check does not count either:
// d7-d5 discovers the a7 rook's check on h7, and exd6 does not stop it.
TEST(RepetitionKey, EnPassantThatIgnoresACheckDoesNotCount) {
  Position pos = after_moves(must_parse("8/r2p3K/8/4P3/8/8/8/k7 b - - 0 1"), {"d7d5"});
  ASSERT_TRUE(pos.in_check());
  EXPECT_EQ(pos.en_passant_square(), Square::None);
  EXPECT_EQ(pos.key(), must_parse("8/r6K/8/3pP3/8/8/8/k7 w - - 0 2").key());
}

// The double step itself gives check; taking the pawn en passant answers it.
TEST(RepetitionKey, EnPassantCapturingTheCheckerCounts) {
  Position pos = after_moves(must_parse("4k3/3p4/8/4P3/4K3/8/8/8 b - - 0 1"), {"d7d5"});
  ASSERT_TRUE(pos.in_check());
  EXPECT_EQ(pos.en_passant_square(), Square::D6);
  MoveList moves;
  generate_legal(pos, moves);
  EXPECT_TRUE(moves.contains(Move(Square::E5, Square::D6, MoveKind::EnPassant)));
}

TEST(RepetitionKey, CastlingRightLostByRookMoveChangesIdentity) {
  Position start = must_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Position back = after_moves(start, {"h1g1", "h8g8", "g1h1", "g8h8"});
  auto placement = [](const Position& p) {
    std::string f = to_fen(p);
    return f.substr(0, f.find(' '));
  };
  EXPECT_EQ(placement(back), placement(start));
  EXPECT_NE(back.key(), start.key());
  EXPECT_EQ(back.key(), must_parse("r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3").key());
}

TEST(RepetitionKey, CastlingRightKeptWhileTemporarilyBlocked) {
  // Knights shuffle in front of the rooks: castling is impossible meanwhile, yet
  // the rights remain and the position repeats exactly.
  Position start = must_parse("r3k1nr/8/8/8/8/8/8/R3K1NR w KQkq - 0 1");
  Position back = after_moves(start, {"g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(back.key(), start.key());
}

TEST(RepetitionKey, KingMoveLosesBothRights) {
  Position start = must_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Position back = after_moves(start, {"e1f1", "e8f8", "f1e1", "f8e8"});
  EXPECT_EQ(back.castling_rights(), 0);
  EXPECT_EQ(back.key(), must_parse("r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3").key());
}

TEST(RepetitionKey, Chess960RightsArePerRook) {
  // Same placement, the right belongs to the b1 rook in one and the a1 rook in the other.
  Position inner = must_parse("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", true);
  Position outer = must_parse("4k3/8/8/8/8/8/8/RR2K3 w A - 0 1", true);
  EXPECT_NE(inner.key(), outer.key());
}

TEST(Position, StartPositionBasics) {
  Position pos = Position::start_position();
  EXPECT_EQ(pos.side_to_move(), Color::White);
  EXPECT_EQ(pos.king_square(Color::White), Square::E1);
  EXPECT_EQ(pos.king_square(Color::Black), Square::E8);
  EXPECT_EQ(pos.castling_rights(), kAllCastling);
  EXPECT_EQ(pos.castling_rook(Color::Black, CastlingSide::Queen), Square::A8);
  EXPECT_EQ(popcount(pos.pieces()), 32);
  EXPECT_FALSE(pos.in_check());
}

TEST(Position, PinnedPieces) {
  Position pos = must_parse("4k3/4r3/8/8/8/8/4N3/4K2b w - - 0 1");
  EXPECT_EQ(pos.pinned(Color::White, Color::White), square_bb(Square::E2));
  Position none = must_parse("4k3/4r3/8/4p3/8/8/4N3/4K3 w - - 0 1");
  EXPECT_EQ(none.pinned(Color::White, Color::White), 0u);
}

}  // namespace
}  // namespace arbiter::core

namespace arbiter::core {
namespace {

// key_after (the TT prefetch's guess) is exact unless the move castles, captures en
// passant, changes castling rights or leaves an en passant square; key_after_null is
// always exact.
TEST(Position, KeyAfterPredictsTheKeyOfOrdinaryMoves) {
  int exact = 0;
  for (const Position& start : test::random_walk_positions(3, 40)) {
    Position pos = start;
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      const Key predicted = pos.key_after(m);
      const uint8_t rights = pos.castling_rights();
      UndoInfo undo;
      pos.make_move(m, undo);
      if (!m.is_castling() && !m.is_en_passant() && pos.castling_rights() == rights &&
          pos.en_passant_square() == Square::None) {
        ASSERT_EQ(predicted, pos.key()) << to_fen(start) << " " << to_uci(m, false);
        ++exact;
      }
      pos.unmake_move(m, undo);
    }
    if (!pos.in_check()) {
      const Key predicted = pos.key_after_null();
      UndoInfo undo;
      pos.make_null_move(undo);
      ASSERT_EQ(predicted, pos.key()) << to_fen(start);
      pos.unmake_null_move(undo);
    }
  }
  EXPECT_GT(exact, 1000);
}

}  // namespace
}  // namespace arbiter::core
