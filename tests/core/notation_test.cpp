// SAN and UCI move notation.
#include <gtest/gtest.h>

#include "arbiter/core/notation.h"
#include "test_support.h"

namespace arbiter::core {
namespace {

using test::must_parse;

Move uci(const Position& pos, const char* text, bool chess960 = false) {
  auto m = parse_uci_move(pos, text, chess960);
  EXPECT_TRUE(m.ok()) << text << ": " << (m.ok() ? "" : m.error());
  return m.ok() ? m.value() : Move();
}

// Every legal move of many positions: SAN written, read back, same move.
TEST(San, RoundTripsEveryLegalMove) {
  size_t checked = 0;
  for (const Position& pos : test::random_walk_positions(1, 40)) {
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      std::string san = to_san(pos, m);
      auto back = parse_san(pos, san);
      ASSERT_TRUE(back.ok()) << to_fen(pos) << " " << san << ": " << back.error();
      ASSERT_EQ(back.value(), m) << to_fen(pos) << " " << san;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100000u);
}

TEST(San, WritesMinimalDisambiguation) {
  // Rooks on one rank differ by file, knights on one file by rank, and three queens need the
  // square.
  Position rooks = must_parse("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
  EXPECT_EQ(to_san(rooks, uci(rooks, "a1d1")), "Rad1");
  EXPECT_EQ(to_san(rooks, uci(rooks, "f1d1")), "Rfd1");
  EXPECT_EQ(to_san(rooks, uci(rooks, "a1a2")), "Ra2");
  Position knights = must_parse("4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1");
  EXPECT_EQ(to_san(knights, uci(knights, "g1f3")), "N1f3");
  EXPECT_EQ(to_san(knights, uci(knights, "g5f3")), "N5f3");
  EXPECT_EQ(to_san(knights, uci(knights, "g1e2")), "Ne2");
  Position queens = must_parse("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
  EXPECT_EQ(to_san(queens, uci(queens, "h4e1")), "Qh4e1");
  // A pinned knight does not count as a rival.
  Position pinned = must_parse("7k/4r3/8/8/2N1N3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(to_san(pinned, uci(pinned, "c4d6")), "Nd6");
}

TEST(San, WritesCapturesPromotionsCastlingAndChecks) {
  Position pos = must_parse("r3k2r/1P6/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(to_san(pos, uci(pos, "e4d5")), "exd5");
  EXPECT_EQ(to_san(pos, uci(pos, "b7a8q")), "bxa8=Q+");
  EXPECT_EQ(to_san(pos, uci(pos, "b7b8n")), "b8=N");
  EXPECT_EQ(to_san(pos, uci(pos, "e1g1")), "O-O");
  EXPECT_EQ(to_san(pos, uci(pos, "e1c1")), "O-O-O");
  Position mate = must_parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  EXPECT_EQ(to_san(mate, uci(mate, "a1a8")), "Ra8#");
  Position ep = must_parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(to_san(ep, uci(ep, "e5d6")), "exd6");
}

TEST(San, ReadsDecoratedAndAlternativeForms) {
  Position pos = must_parse("r3k2r/1P6/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(parse_san(pos, "0-0").value(), uci(pos, "e1g1"));
  EXPECT_EQ(parse_san(pos, "O-O-O").value(), uci(pos, "e1c1"));
  EXPECT_EQ(parse_san(pos, "0-0-0+").value(), uci(pos, "e1c1"));
  EXPECT_EQ(parse_san(pos, "b8=Q").value(), uci(pos, "b7b8q"));
  EXPECT_EQ(parse_san(pos, "b8Q").value(), uci(pos, "b7b8q"));
  EXPECT_EQ(parse_san(pos, "b8q").value(), uci(pos, "b7b8q"));
  EXPECT_EQ(parse_san(pos, "bxa8=Q+!?").value(), uci(pos, "b7a8q"));
  EXPECT_EQ(parse_san(pos, "exd5!!").value(), uci(pos, "e4d5"));
  EXPECT_EQ(parse_san(pos, "Rd1??").value(), uci(pos, "a1d1"));
  EXPECT_EQ(parse_san(pos, "Ra1d1").value(), uci(pos, "a1d1"));
}

TEST(San, RejectsAmbiguousIllegalAndMalformed) {
  Position rooks = must_parse("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
  auto ambiguous = parse_san(rooks, "Rd1");
  ASSERT_FALSE(ambiguous.ok());
  EXPECT_NE(ambiguous.error().find("ambiguous"), std::string::npos);

  Position start = Position::start_position();
  for (const char* bad : {"e5", "Nf4", "Ke2", "O-O", "exd3", "Qh5", "a8=Q"}) {
    auto r = parse_san(start, bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error().find("illegal"), std::string::npos) << r.error();
  }
  for (const char* bad : {"", "+", "Zf3", "e9", "Nf", "xx", "e4e5e6", "Ke1=Q", "e8=K", "N@f3"}) {
    auto r = parse_san(start, bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error().find("malformed"), std::string::npos) << bad << ": " << r.error();
  }
  Position promo = must_parse("8/P6k/8/8/8/8/8/K7 w - - 0 1");
  auto missing = parse_san(promo, "a8");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("promotion"), std::string::npos);
}

TEST(San, PawnWithoutFileMustMoveStraight) {
  // "d5" is the push, never the capture from e4 or c4.
  Position pos = must_parse("4k3/8/8/8/2P1P3/8/8/4K3 w - - 0 1");
  EXPECT_FALSE(parse_san(pos, "d5").ok());
  EXPECT_EQ(parse_san(pos, "e5").value(), uci(pos, "e4e5"));
}

TEST(San, Chess960CastlingIsTowardTheRook) {
  Position pos = must_parse("k7/8/8/8/8/8/8/5KR1 w G - 0 1", true);
  EXPECT_EQ(to_san(pos, uci(pos, "f1g1", true)), "O-O");
  EXPECT_EQ(parse_san(pos, "O-O").value(), uci(pos, "f1g1", true));
}

TEST(Uci, CastlingBothConventionsInStandardChess) {
  Position pos = must_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Move g1 = uci(pos, "e1g1");
  Move h1 = uci(pos, "e1h1");
  EXPECT_TRUE(g1.is_castling());
  EXPECT_EQ(g1, h1);
  EXPECT_EQ(uci(pos, "e1c1"), uci(pos, "e1a1"));
  EXPECT_EQ(to_uci(g1, false), "e1g1");
  EXPECT_EQ(to_uci(g1, true), "e1h1");
}

TEST(Uci, Chess960AcceptsOnlyKingTakesRook) {
  Position pos = must_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
  EXPECT_TRUE(uci(pos, "e1h1", true).is_castling());
  // e1g1 in Chess960 would be a king step of two squares: not a move.
  EXPECT_FALSE(parse_uci_move(pos, "e1g1", true).ok());
}

TEST(Uci, PromotionsAndErrors) {
  Position pos = must_parse("8/P6k/8/8/8/8/8/K7 w - - 0 1");
  Move q = uci(pos, "a7a8q");
  EXPECT_TRUE(q.is_promotion());
  EXPECT_EQ(q.promotion(), PieceType::Queen);
  EXPECT_EQ(uci(pos, "a7a8N").promotion(), PieceType::Knight);
  EXPECT_EQ(to_uci(q, false), "a7a8q");
  EXPECT_FALSE(parse_uci_move(pos, "a7a8", false).ok());   // promotion piece missing
  EXPECT_FALSE(parse_uci_move(pos, "a7a8k", false).ok());  // not a promotion piece
  auto bad = parse_uci_move(pos, "z9a1", false);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("malformed"), std::string::npos);
  auto illegal = parse_uci_move(pos, "a1a3", false);
  ASSERT_FALSE(illegal.ok());
  EXPECT_NE(illegal.error().find("illegal"), std::string::npos);
  EXPECT_FALSE(parse_uci_move(pos, "0000", false).ok());
  EXPECT_EQ(to_uci(Move::null(), false), "0000");
}

}  // namespace
}  // namespace arbiter::core
