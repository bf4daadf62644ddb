// FEN: round trips over the suite and one test per rejection reason.
#include <gtest/gtest.h>

#include "test_support.h"

namespace arbiter::core {
namespace {

using test::must_parse;

// Read, write, read: the two positions are identical in every respect the FEN carries.
TEST(Fen, RoundTripsEverySuitePosition) {
  for (const PerftCase& c : test::perft_suite()) {
    Position a = must_parse(c.fen, c.chess960);
    for (CastlingNotation n :
         {CastlingNotation::Auto, CastlingNotation::XFen, CastlingNotation::Shredder}) {
      std::string written = to_fen(a, n);
      auto b = parse_fen(written, c.chess960);
      ASSERT_TRUE(b.ok()) << written << ": " << b.error();
      EXPECT_EQ(to_fen(b.value(), n), written);
      EXPECT_EQ(b->key(), a.key()) << c.fen;
      EXPECT_EQ(b->castling_rights(), a.castling_rights());
      EXPECT_EQ(b->halfmove_clock(), a.halfmove_clock());
      EXPECT_EQ(b->fullmove_number(), a.fullmove_number());
    }
  }
}

TEST(Fen, RoundTripsRandomWalkPositions) {
  for (const Position& a : test::random_walk_positions(1, 40)) {
    std::string written = to_fen(a);
    auto b = parse_fen(written, a.is_chess960());
    ASSERT_TRUE(b.ok()) << written << ": " << b.error();
    EXPECT_EQ(to_fen(b.value()), written);
    EXPECT_EQ(b->key(), a.key()) << written;
  }
}

TEST(Fen, WritesTheStartPosition) {
  EXPECT_EQ(to_fen(Position::start_position()), kStartFen);
  EXPECT_EQ(to_fen(must_parse(std::string(kStartFen))), kStartFen);
}

TEST(Fen, MissingCountersDefaultToZeroAndOne) {
  Position pos = must_parse("4k3/8/8/8/8/8/8/4K3 w - -");
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
  pos = must_parse("4k3/8/8/8/8/8/8/4K3 b - - 17");
  EXPECT_EQ(pos.halfmove_clock(), 17);
  EXPECT_EQ(pos.fullmove_number(), 1);
}

TEST(Fen, ToleratesExtraWhitespace) {
  Position pos = must_parse("  4k3/8/8/8/8/8/8/4K3   w  -  -  3  9 ");
  EXPECT_EQ(pos.halfmove_clock(), 3);
  EXPECT_EQ(pos.fullmove_number(), 9);
}

TEST(Fen, ShredderAndXFenNameTheSameRooks) {
  const std::string shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  const std::string xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
  Position a = must_parse(shredder, true), b = must_parse(xfen, true);
  EXPECT_EQ(a.key(), b.key());
  EXPECT_EQ(a.castling_rook(Color::White, CastlingSide::Queen), Square::F1);
  EXPECT_EQ(to_fen(b), shredder);  // Chess960 writes Shredder letters by default
  EXPECT_EQ(to_fen(a, CastlingNotation::XFen), xfen);
}

TEST(Fen, XFenNamesAnInnerRookByFile) {
  // Rooks on a1 and c1 with the king on e1: castling with the c1 rook needs 'C'.
  Position pos = must_parse("4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", true);
  EXPECT_EQ(pos.castling_rook(Color::White, CastlingSide::Queen), Square::C1);
  EXPECT_EQ(to_fen(pos, CastlingNotation::XFen), "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1");
  Position outer = must_parse("4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1", true);
  EXPECT_EQ(outer.castling_rook(Color::White, CastlingSide::Queen), Square::A1);
}

TEST(Fen, KeepsEnPassantOnlyWhenACaptureIsLegal) {
  Position legal = must_parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(legal.en_passant_square(), Square::D6);
  Position useless = must_parse("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(useless.en_passant_square(), Square::None);
  EXPECT_EQ(to_fen(useless), "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2");
}

struct Rejection {
  const char* name;
  const char* fen;
  const char* message_part;
  bool chess960 = false;
};

void PrintTo(const Rejection& r, std::ostream* os) { *os << r.name; }

class FenRejects : public ::testing::TestWithParam<Rejection> {};

TEST_P(FenRejects, WithAMessageNamingTheProblem) {
  const Rejection& r = GetParam();
  auto result = parse_fen(r.fen, r.chess960);
  ASSERT_FALSE(result.ok()) << r.fen;
  EXPECT_NE(result.error().find(r.message_part), std::string::npos)
      << "message was: " << result.error();
}

INSTANTIATE_TEST_SUITE_P(
    Reasons, FenRejects,
    ::testing::Values(
        Rejection{"TooFewFields", "4k3/8/8/8/8/8/8/4K3 w -", "4 to 6 fields"},
        Rejection{"TooManyFields", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", "4 to 6 fields"},
        Rejection{"Empty", "", "4 to 6 fields"},
        Rejection{"BadPieceLetter", "4k3/8/8/8/8/8/8/4X3 w - - 0 1", "bad piece letter 'X'"},
        Rejection{"RankTooShort", "4k3/8/8/8/8/8/7/4K3 w - - 0 1", "does not have 8 squares"},
        Rejection{"RankTooLong", "4k3/8/8/8/8/8/9/4K3 w - - 0 1", "bad piece letter '9'"},
        Rejection{"RankOverflow", "4k3/8/8/8/8/8/ppppppppp/4K3 w - - 0 1", "more than 8 squares"},
        Rejection{"SevenRanks", "4k3/8/8/8/8/8/4K3 w - - 0 1", "ranks, not 8"},
        Rejection{"NineRanks", "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", "more than 8 ranks"},
        Rejection{"BadSide", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
        Rejection{"NoWhiteKing", "4k3/8/8/8/8/8/8/8 w - - 0 1", "White has 0 kings"},
        Rejection{"TwoBlackKings", "4k2k/8/8/8/8/8/8/4K3 w - - 0 1", "Black has 2 kings"},
        Rejection{"PawnOnFirstRank", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "first or eighth rank"},
        Rejection{"PawnOnEighthRank", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or eighth rank"},
        Rejection{"SideNotToMoveInCheck", "4k3/8/8/8/8/8/8/3KR3 w - - 0 1",
                  "not to move (Black) is in check"},
        Rejection{"ThreeCheckers", "4k3/8/3N1N2/8/8/8/8/3KR3 b - - 0 1", "3 pieces give check"},
        Rejection{"DoubleCheckByTwoKnights", "4k3/8/3N1N2/8/8/8/8/3K4 b - - 0 1",
                  "cannot both give check"},
        Rejection{"DoubleCheckByPawnAndKnight", "4k3/3P4/5N2/8/8/8/8/3K4 b - - 0 1",
                  "cannot both give check"},
        Rejection{"DoubleCheckAlongOneLine", "R3k2R/8/8/8/8/8/8/3K4 b - - 0 1", "single line"},
        Rejection{"CastlingWithoutRook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no rook on the square"},
        Rejection{"CastlingKingNotOnFirstRank", "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
                  "not on its first rank"},
        Rejection{"CastlingKingOffE1InStandard", "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
                  "needs the king on e1"},
        Rejection{"CastlingRookOffCornerInStandard", "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1",
                  "needs the king on e1 and a rook on h1"},
        Rejection{"CastlingBadLetter", "4k3/8/8/8/8/8/8/4K2R w X - 0 1", "bad castling letter"},
        Rejection{"CastlingRepeated", "4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "repeats"},
        Rejection{"CastlingFileWithoutRook", "4k3/8/8/8/8/8/8/4K2R w G - 0 1",
                  "no rook on the square", true},
        Rejection{"EnPassantBadSquare", "4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "bad en passant square"},
        Rejection{"EnPassantWrongRank", "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", "wrong rank"},
        Rejection{"EnPassantNoPawn", "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", "double pawn push"},
        Rejection{"EnPassantOriginOccupied", "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1",
                  "double pawn push"},
        Rejection{"EnPassantImpossibleCheck", "4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 1",
                  "impossible after the double push"},
        Rejection{"TooManyPawns", "4k3/8/8/8/8/8/PPPPPPPPP/4K3 w - - 0 1",
                  "rank 2 has more than 8 squares"},
        Rejection{"NinePawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "9 pawns"},
        Rejection{"TooManyPromotions", "4k3/8/8/8/8/QQQ5/PPPPPPP1/4K3 w - - 0 1",
                  "more pieces than promotions"},
        Rejection{"TooManyPieces", "3qk3/8/8/8/8/NNBBRRQQ/PPPPPPPP/RNBQKBNR w - - 0 1",
                  "pieces (at most 16)"},
        Rejection{"BadHalfmoveClock", "4k3/8/8/8/8/8/8/4K3 w - - x 1", "bad halfmove clock"},
        Rejection{"NegativeHalfmoveClock", "4k3/8/8/8/8/8/8/4K3 w - - -1 1", "bad halfmove clock"},
        Rejection{"ZeroFullmove", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "bad fullmove number"},
        Rejection{"JunkFullmove", "4k3/8/8/8/8/8/8/4K3 w - - 0 1z", "bad fullmove number"}),
    [](const ::testing::TestParamInfo<Rejection>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace arbiter::core
