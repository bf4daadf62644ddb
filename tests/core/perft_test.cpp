// Move generation checked against the published perft counts.
#include <gtest/gtest.h>

#include "test_support.h"

namespace arbiter::core {
namespace {

using test::kSanitized;
using test::must_parse;
using test::perft_suite;

uint64_t expected_at(const PerftCase& c, int depth) {
  for (auto [d, n] : c.expected)
    if (d == depth) return n;
  return 0;
}

// The data README speaks of 103 Chess960 positions; 100 lines carry the ";960"
// marker, and the other positions read the same either way.
TEST(Perft, SuiteHas270PositionsOf100MarkedChess960) {
  ASSERT_EQ(perft_suite().size(), 270u);
  int chess960 = 0;
  for (const PerftCase& c : perft_suite()) chess960 += c.chess960;
  EXPECT_EQ(chess960, 100);
}

TEST(Perft, EverySuitePositionToShallowDepth) {
  const int max_depth = kSanitized ? 2 : 4;
  for (const PerftCase& c : perft_suite()) {
    Position pos = must_parse(c.fen, c.chess960);
    for (auto [depth, expected] : c.expected) {
      if (depth > max_depth) continue;
      ASSERT_EQ(perft(pos, depth), expected) << c.fen << " depth " << depth;
    }
  }
}

// The classic positions at (near) their full listed depth.
TEST(Perft, ClassicPositionsDeep) {
  struct Deep {
    int line;  // index into the suite
    int depth;
  };
  const int cut = kSanitized ? 2 : 0;
  for (Deep d : {Deep{0, 5}, Deep{1, 4}, Deep{2, 6}, Deep{3, 5}, Deep{4, 4}, Deep{167, 5}}) {
    const PerftCase& c = perft_suite().at(d.line);
    int depth = d.depth - cut;
    Position pos = must_parse(c.fen, c.chess960);
    EXPECT_EQ(perft(pos, depth), expected_at(c, depth)) << c.fen;
  }
}

TEST(Perft, DivideSumsToTotal) {
  Position pos = Position::start_position();
  auto divided = perft_divide(pos, 3);
  ASSERT_EQ(divided.size(), 20u);
  uint64_t sum = 0;
  for (auto [move, n] : divided) sum += n;
  EXPECT_EQ(sum, 8902u);
}

TEST(Perft, DepthZeroIsOne) {
  Position pos = Position::start_position();
  EXPECT_EQ(perft(pos, 0), 1u);
}

TEST(PerftLine, ParsesDepthsAndChess960Marker) {
  auto c = parse_perft_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9 ;960");
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
  EXPECT_TRUE(c->chess960);
  ASSERT_EQ(c->expected.size(), 2u);
  EXPECT_EQ(c->expected[1], (std::pair<int, uint64_t>{2, 9}));
}

TEST(PerftLine, RejectsMalformedFields) {
  EXPECT_FALSE(parse_perft_line(";D1 20").ok());
  EXPECT_FALSE(parse_perft_line("startfen ;X1 20").ok());
  EXPECT_FALSE(parse_perft_line("startfen ;D1 twenty").ok());
  EXPECT_FALSE(parse_perft_line("startfen ;D0 1").ok());
  EXPECT_FALSE(parse_perft_line("startfen ;D1 20x").ok());
}

}  // namespace
}  // namespace arbiter::core
