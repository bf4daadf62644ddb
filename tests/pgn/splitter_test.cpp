// The sequential split and the parallel parse it enables.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/reader.h"
#include "arbiter/pgn/splitter.h"
#include "test_support.h"

namespace arbiter::pgn {
namespace {

std::string corpus() {
  std::ifstream file(test::data_path("lichess-sample-80.pgn"));
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

TEST(PgnSplitter, GamesWithFirstLinesAndIndexes) {
  std::string text = "\n\n[Event \"a\"]\n\n1. e4 *\n\n\n[Event \"b\"]\n\n1. d4\n1-0\n1. c4 *";
  std::vector<RawGame> raws = split_games(text, "s.pgn");
  ASSERT_EQ(raws.size(), 3u);
  EXPECT_EQ(raws[0].first_line, 3);
  EXPECT_EQ(raws[1].first_line, 8);
  EXPECT_EQ(raws[2].first_line, 12);
  EXPECT_EQ(raws[2].index, 2u);
  EXPECT_EQ(raws[1].source, "s.pgn");
  EXPECT_EQ(raws[2].text, "1. c4 *\n");
}

TEST(PgnSplitter, TagLikeLinesInsideCommentsNeedAWholeTagPair) {
  std::string text = "[Event \"a\"]\n\n1. e4 {\n[%clk 0:01:00]\n} e5 *\n";
  std::vector<RawGame> raws = split_games(text, "s.pgn");
  ASSERT_EQ(raws.size(), 1u);
  ParsedGame g = parse_game(raws[0]);
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  EXPECT_EQ(g.game().clock_ms(0), 60000);
}

TEST(PgnSplitter, StreamAndMemoryGiveTheSameGames) {
  std::string text = corpus();
  std::vector<RawGame> from_memory = split_games(text, "c.pgn");
  std::istringstream in(text);
  GameSplitter splitter(in, "c.pgn");
  RawGame raw;
  size_t n = 0;
  while (splitter.next(raw)) {
    ASSERT_LT(n, from_memory.size());
    EXPECT_EQ(raw.text, from_memory[n].text);
    EXPECT_EQ(raw.first_line, from_memory[n].first_line);
    ++n;
  }
  EXPECT_EQ(n, 80u);
}

TEST(PgnSplitter, ParallelParsingMatchesSequential) {
  std::string text = corpus();
  std::vector<RawGame> raws = split_games(text, "c.pgn");
  std::vector<ParsedGame> sequential = read_games(text, "c.pgn");
  ASSERT_EQ(raws.size(), sequential.size());
  constexpr size_t kThreads = 4;
  std::vector<std::vector<size_t>> plies(kThreads);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Game game;
      ParseError error;
      for (size_t i = t; i < raws.size(); i += kThreads)
        plies[t].push_back(parse_game_into(raws[i], game, error) ? game.ply_count() : 0);
    });
  }
  for (std::thread& th : threads) th.join();
  for (size_t i = 0; i < raws.size(); ++i) {
    ASSERT_TRUE(sequential[i].ok());
    EXPECT_EQ(plies[i % kThreads][i / kThreads], sequential[i].game().ply_count()) << i;
  }
}

TEST(PgnSplitter, ReusedGameMatchesFreshGame) {
  std::string text = corpus();
  std::vector<RawGame> raws = split_games(text, "c.pgn");
  Game reused;
  ParseError error;
  for (const RawGame& raw : raws) {
    ASSERT_TRUE(parse_game_into(raw, reused, error)) << error.to_string();
    ParsedGame fresh = parse_game(raw);
    ASSERT_TRUE(fresh.ok());
    EXPECT_EQ(reused.moves(), fresh.game().moves());
    EXPECT_EQ(reused.tag_count(), fresh.game().tag_count());
  }
}

TEST(PgnSplitter, EmptyAndBlankInputs) {
  EXPECT_TRUE(split_games("", "e.pgn").empty());
  EXPECT_TRUE(split_games("\n\n  \r\n", "e.pgn").empty());
  EXPECT_TRUE(split_games("\xEF\xBB\xBF", "e.pgn").empty());
}

}  // namespace
}  // namespace arbiter::pgn
