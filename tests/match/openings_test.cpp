#include "arbiter/match/openings.h"

#include <gtest/gtest.h>

#include <set>

#include "arbiter/core/fen.h"
#include "test_support.h"

namespace arbiter::match {
namespace {

TEST(OpeningBook, ReadsEpdWithAndWithoutCountersAndOperations) {
  std::vector<std::string> warnings;
  Result<OpeningBook> book = OpeningBook::from_epd(
      "# comment\n"
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"x\";\r\n"
      "\n",
      &warnings);
  ASSERT_TRUE(book) << book.error();
  ASSERT_EQ(book->size(), 2u);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(book->at(0).fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(book->at(1).fen, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1");
  EXPECT_EQ(book->at(1).source_line, 3);
  EXPECT_FALSE(book->any_chess960());
}

TEST(OpeningBook, SkipsBadPositionsWithAWarningAndFailsWhenNoneIsLeft) {
  std::vector<std::string> warnings;
  Result<OpeningBook> book = OpeningBook::from_epd(
      "not a fen\n8/8/8/8/8/8/8/8 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", &warnings);
  ASSERT_TRUE(book);
  EXPECT_EQ(book->size(), 1u);
  ASSERT_GE(warnings.size(), 2u);
  EXPECT_NE(warnings[0].find("line 1"), std::string::npos) << warnings[0];
  EXPECT_FALSE(OpeningBook::from_epd("garbage\n\n"));
  EXPECT_FALSE(OpeningBook::from_epd(""));
}

TEST(OpeningBook, RecognisesChess960Positions) {
  // Shredder-FEN castling with the king on f1: only Chess960 can read it.
  Result<OpeningBook> book =
      OpeningBook::from_epd("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\n");
  ASSERT_TRUE(book) << book.error();
  EXPECT_TRUE(book->at(0).chess960);
  EXPECT_TRUE(book->any_chess960());
  EXPECT_TRUE(book->at(0).start_position().is_chess960());
}

TEST(OpeningBook, ReadsPgnOpeningsAsMovesFromTheStart) {
  Result<OpeningBook> book = OpeningBook::load(test::data_path("openings-8moves-200.pgn"));
  ASSERT_TRUE(book) << book.error();
  ASSERT_EQ(book->size(), 200u);
  const Opening& first = book->at(0);  // 1. Nf3 d5 2. g3 c6 ... 8. Qd2 Qxd2+
  EXPECT_EQ(first.fen, std::string(core::kStartFen));
  EXPECT_EQ(first.moves.size(), 16u);
  core::Position end = first.final_position();
  EXPECT_EQ(end.side_to_move(), core::Color::White);
  EXPECT_TRUE(end.in_check());
  for (size_t i = 0; i < book->size(); ++i) EXPECT_EQ(book->at(i).moves.size(), 16u) << i;
}

TEST(OpeningBook, MissingFileIsAnError) {
  Result<OpeningBook> book = OpeningBook::load("/nonexistent/openings.epd");
  ASSERT_FALSE(book);
  EXPECT_NE(book.error().find("cannot open"), std::string::npos);
}

TEST(OpeningOrder, SequentialStartsWhereAskedAndWraps) {
  OpeningOrder order(5, OpeningOrder::Kind::Sequential, 0, 3);
  EXPECT_EQ(order.at(0), 3u);
  EXPECT_EQ(order.at(1), 4u);
  EXPECT_EQ(order.at(2), 0u);
  EXPECT_EQ(order.at(7), 0u);
}

TEST(OpeningOrder, RandomIsAPermutationFixedByTheSeed) {
  constexpr size_t kSize = 100;
  OpeningOrder a(kSize, OpeningOrder::Kind::Random, 42);
  OpeningOrder b(kSize, OpeningOrder::Kind::Random, 42);
  OpeningOrder c(kSize, OpeningOrder::Kind::Random, 43);
  std::set<size_t> seen;
  bool differs = false, shuffled = false;
  for (size_t i = 0; i < kSize; ++i) {
    EXPECT_EQ(a.at(i), b.at(i));
    seen.insert(a.at(i));
    differs |= a.at(i) != c.at(i);
    shuffled |= a.at(i) != i;
  }
  EXPECT_EQ(seen.size(), kSize);
  EXPECT_TRUE(differs);
  EXPECT_TRUE(shuffled);
}

}  // namespace
}  // namespace arbiter::match
