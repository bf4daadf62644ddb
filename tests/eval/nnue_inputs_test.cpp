// The NNUE input layouts (nnue_inputs.h): the plain rows are the ones every net
// before layouts was trained on, the mirrored frames reflect the board when the
// own king is on files e-h, kings4 picks its row set by the king's square, and
// exactly the king moves between frames make the accumulators refresh.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/eval/nnue_network.h"
#include "eval/nnue_test_net.h"
#include "test_support.h"

namespace arbiter::eval::nnue {
namespace {

using core::Color;
using core::Piece;
using core::Square;

constexpr int kTheirRows = kPieceTypes * core::kNumSquares;  // 384: their men after ours

TEST(NnueInputs, PlainRowsAreTheOriginalLayout) {
  // A white pawn on e2 is White's own pawn on e2 and Black's enemy pawn on e7.
  EXPECT_EQ(feature_index(Color::White, Piece::WhitePawn, Square::E2), 12);
  EXPECT_EQ(feature_index(Color::Black, Piece::WhitePawn, Square::E2), kTheirRows + 52);
  // The black king on e8: Black's own king (type 6) on e1 of its view.
  EXPECT_EQ(feature_index(Color::Black, Piece::BlackKing, Square::E8), 5 * 64 + 4);
  // The plain frame ignores the king.
  for (int king = 0; king < core::kNumSquares; ++king)
    EXPECT_EQ(input_frame(InputLayout::Plain, Color::White, Square(king)), InputFrame{});
  EXPECT_EQ(input_rows(InputLayout::Plain), kInputs);
  EXPECT_EQ(input_rows(InputLayout::Mirrored), kInputs);
  EXPECT_EQ(input_rows(InputLayout::Kings4), 4 * kInputs);
}

TEST(NnueInputs, MirroredFramesReflectTheFilesWhenTheOwnKingIsOnTheKingside) {
  const InputLayout m = InputLayout::Mirrored;
  // White king on g1: the board is reflected, so a pawn on g2 reads as b2 (9).
  const InputFrame white_g1 = input_frame(m, Color::White, Square::G1);
  EXPECT_EQ(feature_index(white_g1, Color::White, Piece::WhitePawn, Square::G2), 9);
  // On d1 nothing is reflected.
  const InputFrame white_d1 = input_frame(m, Color::White, Square::D1);
  EXPECT_EQ(feature_index(white_d1, Color::White, Piece::WhitePawn, Square::G2), 14);
  // Black's king on b8 is on its queenside: ranks flip, files stay.
  const InputFrame black_b8 = input_frame(m, Color::Black, Square::B8);
  EXPECT_EQ(feature_index(black_b8, Color::Black, Piece::BlackPawn, Square::B7), 9);
  // Black's king on h8: a black pawn on h7 reads as a2.
  const InputFrame black_h8 = input_frame(m, Color::Black, Square::H8);
  EXPECT_EQ(feature_index(black_h8, Color::Black, Piece::BlackPawn, Square::H7), 8);
  // Exactly the kings on files e-h reflect, and a reflected board reads its men
  // as the unreflected one reads their reflections.
  for (int king = 0; king < core::kNumSquares; ++king)
    for (Color c : {Color::White, Color::Black}) {
      const InputFrame f = input_frame(m, c, Square(king));
      EXPECT_EQ((f.square_xor & kFileFlip) != 0, king % 8 >= kFirstMirroredFile) << king;
      const InputFrame g = input_frame(m, c, Square(king ^ kFileFlip));
      for (int sq = 0; sq < core::kNumSquares; ++sq)
        EXPECT_EQ(feature_index(f, c, Piece::BlackRook, Square(sq)),
                  feature_index(g, c, Piece::BlackRook, Square(sq ^ kFileFlip)));
    }
}

TEST(NnueInputs, KingBucketsFollowTheOwnKingsSquare) {
  const InputLayout k = InputLayout::Kings4;
  auto bucket = [&](Color c, Square king) {
    return int(input_frame(k, c, king).row_base) / kInputs;
  };
  // Castled either way, or in the corner: 0; at home: 1; second rank: 2; beyond: 3.
  for (Square s : {Square::G1, Square::H1, Square::F1, Square::C1, Square::B1, Square::A1})
    EXPECT_EQ(bucket(Color::White, s), 0) << int(s);
  EXPECT_EQ(bucket(Color::White, Square::E1), 1);
  EXPECT_EQ(bucket(Color::White, Square::D1), 1);
  EXPECT_EQ(bucket(Color::White, Square::G2), 2);
  EXPECT_EQ(bucket(Color::White, Square::E4), 3);
  EXPECT_EQ(bucket(Color::White, Square::E8), 3);
  EXPECT_EQ(bucket(Color::Black, Square::G8), 0);
  EXPECT_EQ(bucket(Color::Black, Square::E8), 1);
  EXPECT_EQ(bucket(Color::Black, Square::B7), 2);
  EXPECT_EQ(bucket(Color::Black, Square::E1), 3);
  // Every row of every bucket is some feature's.
  std::vector<bool> used(size_t(input_rows(k)));
  for (int king = 0; king < core::kNumSquares; ++king)
    for (Color persp : {Color::White, Color::Black}) {
      const InputFrame f = input_frame(k, persp, Square(king));
      for (int sq = 0; sq < core::kNumSquares; ++sq)
        for (Piece p :
             {Piece::WhitePawn, Piece::WhiteKing, Piece::BlackPawn, Piece::BlackKing,
              Piece::WhiteKnight, Piece::WhiteBishop, Piece::WhiteRook, Piece::WhiteQueen,
              Piece::BlackKnight, Piece::BlackBishop, Piece::BlackRook, Piece::BlackQueen})
          used[size_t(feature_index(f, persp, p, Square(sq)))] = true;
    }
  EXPECT_EQ(std::count(used.begin(), used.end(), true), input_rows(k));
}

core::Move find_move(const core::Position& pos, const std::string& uci) {
  core::MoveList moves;
  core::generate_legal(pos, moves);
  for (core::Move m : moves)
    if (core::to_uci(m, false) == uci) return m;
  ADD_FAILURE() << "no legal move " << uci << " in " << core::to_fen(pos);
  return core::Move::none();
}

TEST(NnueInputs, OnlyKingMovesIntoAnotherFrameChangeIt) {
  const core::Position pos =
      test::must_parse("r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
  const auto plain = make_network(test::random_net(1), "plain");
  const auto mirrored = make_network(test::random_net(1, InputLayout::Mirrored), "mirrored");
  const auto kings4 = make_network(test::random_net(1, InputLayout::Kings4), "kings4");
  struct Case {
    const char* move;
    bool mirrored, kings4;
  };
  // e1 is on the reflected half (bucket 1, as d1): g1, f1 and e2 stay on it, c1
  // and d1 cross; g1, f1 and c1 are bucket 0, e2 bucket 2, and d1 is bucket 1
  // unreflected, another frame all the same.
  for (const Case& c :
       {Case{"e1g1", false, true}, Case{"e1c1", true, true}, Case{"e1f1", false, true},
        Case{"e1d1", true, true}, Case{"e1e2", false, true}, Case{"f3e5", false, false},
        Case{"a2a3", false, false}}) {
    SCOPED_TRACE(c.move);
    const core::Move m = find_move(pos, c.move);
    EXPECT_FALSE(plain->changes_frame(pos, m));
    EXPECT_EQ(mirrored->changes_frame(pos, m), c.mirrored);
    EXPECT_EQ(kings4->changes_frame(pos, m), c.kings4);
  }
}

TEST(NnueInputs, TheSummaryNamesALayoutOtherThanPlain) {
  EXPECT_EQ(make_network(test::random_net(1), "x")->summary().find("inputs"), std::string::npos);
  EXPECT_NE(
      make_network(test::random_net(1, InputLayout::Kings4), "x")->summary().find("kings4 inputs"),
      std::string::npos);
}

}  // namespace
}  // namespace arbiter::eval::nnue
