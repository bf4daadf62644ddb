// The 32-byte training record: every position survives pack/unpack exactly.
#include "arbiter/datagen/packed_position.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "arbiter/core/chess960.h"
#include "arbiter/core/fen.h"
#include "test_support.h"

namespace arbiter::datagen {
namespace {

using core::Position;

void expect_round_trip(const Position& pos, int score, WdlResult result) {
  const PackedPosition packed = PackedPosition::pack(pos, score, result);
  auto back = packed.unpack();
  ASSERT_TRUE(back.has_value()) << core::to_fen(pos);
  // Counters are kept up to 255 (a byte each); everything else exactly.
  auto without_counters = [](const std::string& fen) {
    return fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));
  };
  EXPECT_EQ(without_counters(core::to_fen(*back)), without_counters(core::to_fen(pos)));
  EXPECT_EQ(back->halfmove_clock(), std::min(pos.halfmove_clock(), 255));
  EXPECT_EQ(back->fullmove_number(), std::min(pos.fullmove_number(), 255));
  EXPECT_EQ(back->key(), pos.key());
  EXPECT_EQ(back->is_chess960(), pos.is_chess960());
  EXPECT_EQ(packed.score, score);
  EXPECT_EQ(packed.wdl(), result);
  EXPECT_EQ(packed.side_to_move(), pos.side_to_move());
}

TEST(PackedPosition, RoundTripsThePerftSuiteAndRandomWalks) {
  int n = 0;
  for (const Position& pos : test::random_walk_positions(2, 60)) {
    expect_round_trip(pos, (n * 37) % 2001 - 1000, WdlResult(n % 3));
    ++n;
  }
  EXPECT_GT(n, 500);
}

TEST(PackedPosition, KeepsChess960CastlingRooksAndEnPassant) {
  // Rights on inner and outer rooks, and a legal en passant capture.
  expect_round_trip(core::parse_fen("1r2k1r1/8/8/3pP3/8/8/8/R3K1R1 w GAg d6 0 30", true).value(),
                    55, WdlResult::Win);
  for (int n : {0, 1, 517, 518, 959})
    expect_round_trip(core::chess960_position(n), 0, WdlResult::Draw);
  // An en passant square with no legal capture is not part of the position (9.2.3).
  const Position no_ep = core::parse_fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1").value();
  EXPECT_EQ(PackedPosition::pack(no_ep, 0, WdlResult::Draw).ep_square, kNoEnPassant);
}

TEST(PackedPosition, ClampsCountersAndScores) {
  const Position pos = core::parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 99 300").value();
  const PackedPosition p = PackedPosition::pack(pos, 40000, WdlResult::Loss);
  EXPECT_EQ(p.fullmove, 255);
  EXPECT_EQ(p.halfmove, 99);
  EXPECT_EQ(p.score, 32767);
}

TEST(PackedPosition, RejectsCorruptRecords) {
  PackedPosition p = PackedPosition::pack(Position::start_position(), 0, WdlResult::Draw);
  PackedPosition no_king = p;
  no_king.pieces[2] = 0x22;  // e1's king nibble (the 5th man) becomes a knight
  EXPECT_FALSE(no_king.unpack().has_value());
  PackedPosition bad_result = p;
  bad_result.result = 3;
  EXPECT_FALSE(bad_result.unpack().has_value());
  PackedPosition empty_nibble = p;
  empty_nibble.pieces[0] = 0;
  EXPECT_FALSE(empty_nibble.unpack().has_value());
  PackedPosition bad_ep = p;
  bad_ep.ep_square = 70;
  EXPECT_FALSE(bad_ep.unpack().has_value());
}

TEST(Chess960, NumbersGiveTheSharedStartPositions) {
  EXPECT_EQ(core::to_fen(core::chess960_position(core::kClassicalChess960Number),
                         core::CastlingNotation::XFen),
            core::to_fen(Position::start_position()));
  // Published numbers: 0 is BBQNNRKR, 959 is RKRNNQBB.
  EXPECT_EQ(core::to_fen(core::chess960_position(0)).substr(0, 8), "bbqnnrkr");
  EXPECT_EQ(core::to_fen(core::chess960_position(959)).substr(0, 8), "rkrnnqbb");
  std::set<std::string> seen;
  for (int n = 0; n < core::kChess960Positions; ++n) {
    const Position pos = core::chess960_position(n);
    const core::Bitboard bishops = pos.pieces(core::Color::White, core::PieceType::Bishop);
    EXPECT_TRUE((bishops & core::kLightSquares) && (bishops & core::kDarkSquares)) << n;
    const core::Square king = pos.king_square(core::Color::White);
    EXPECT_LT(int(pos.castling_rook(core::Color::White, core::CastlingSide::Queen)), int(king));
    EXPECT_GT(int(pos.castling_rook(core::Color::White, core::CastlingSide::King)), int(king));
    seen.insert(core::to_fen(pos));
  }
  EXPECT_EQ(seen.size(), size_t(core::kChess960Positions));
}

}  // namespace
}  // namespace arbiter::datagen
