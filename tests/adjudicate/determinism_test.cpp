// A verdict depends on the game alone: not on which games the same judge, or the
// same thread, judged before, nor on their order. The per-ply dead-position check
// reuses helpmate lines from earlier plies; that memory belongs to the game
// (rules::Game), where it once was a thread's and leaked from game to game.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/splitter.h"
#include "arbiter/rules/verdict_format.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "test_support.h"

namespace arbiter::adjudicate {
namespace {

std::vector<pgn::Game> read_games(const char* name) {
  std::ifstream in(test::data_path(name), std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::vector<pgn::Game> games;
  for (const pgn::RawGame& raw : pgn::split_games(text.str(), name)) {
    pgn::ParsedGame parsed = pgn::parse_game(raw);
    if (parsed) games.push_back(std::move(parsed).game());
  }
  return games;
}

// Everything a verdict says, the undecided flag included.
std::string verdict_of(Judge& judge, const pgn::Game& game) {
  const Judgement& j = judge.judge(game);
  return rules::to_json(j.verdict) + (j.verdict.outcome.undecided ? " undecided" : "");
}

TEST(Determinism, VerdictsDoNotDependOnWhatWasJudgedBefore) {
  // 200 lichess time forfeits (sparse endings: the dead-position check and 6.9 work hard).
  const std::vector<pgn::Game> games = read_games("lichess-timeouts-200.pgn");
  ASSERT_EQ(games.size(), 200u);
  std::vector<std::string> alone(games.size());
  for (size_t i = 0; i < games.size(); ++i) {
    Judge fresh;
    alone[i] = verdict_of(fresh, games[i]);
  }
  // One judge, forwards and backwards.
  Judge forwards, backwards;
  for (size_t i = 0; i < games.size(); ++i)
    EXPECT_EQ(verdict_of(forwards, games[i]), alone[i]) << "game " << i + 1 << " in order";
  for (size_t i = games.size(); i-- > 0;)
    EXPECT_EQ(verdict_of(backwards, games[i]), alone[i]) << "game " << i + 1 << " reversed";
  // Two threads taking every other game, each with its own judge.
  std::vector<std::string> threaded(games.size());
  std::vector<std::thread> threads;
  for (size_t first : {size_t(0), size_t(1)})
    threads.emplace_back([&, first] {
      Judge judge;
      for (size_t i = first; i < games.size(); i += 2) threaded[i] = verdict_of(judge, games[i]);
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(threaded, alone);
}

TEST(Determinism, DeadPositionWorkDoesNotDependOnEarlierCalls) {
  // A pawn ending (from a lichess time forfeit) that needs a helpmate search. The line
  // found for it also proves
  // the position after the line's first move: a memory kept by the thread made
  // the second analysis free, so its work (and, at the budget's edge, its verdict)
  // depended on the call before. Only a game's own memory may carry the line over.
  const core::Position root = test::must_parse("8/4k3/7p/5K2/8/7P/8/8 b - - 0 59");
  rules::HelpmateMemory memory;
  const rules::DeadPositionResult first =
      rules::analyse_dead_position(root, core::count_legal_moves_capped(root, 1), {}, &memory);
  ASSERT_FALSE(first.dead);
  ASSERT_GT(first.nodes, 0u) << "the test needs a position that takes a search";
  std::span<const core::Move> line = memory.recent(core::Color::White);
  if (line.empty()) line = memory.recent(core::Color::Black);
  ASSERT_GE(line.size(), 2u);
  core::Position next = root;
  core::UndoInfo undo;
  next.make_move(line[0], undo);

  const rules::DeadPositionResult fresh = rules::analyse_dead_position(next);
  ASSERT_FALSE(fresh.dead);
  ASSERT_GT(fresh.nodes, 0u) << "the test needs a position that takes a search";
  (void)rules::analyse_dead_position(root);  // no memory passed: nothing is kept
  const rules::DeadPositionResult again = rules::analyse_dead_position(next);
  EXPECT_EQ(again.nodes, fresh.nodes);
  EXPECT_EQ(again.method, fresh.method);

  // The game's memory does carry the line to the next ply: that is its purpose.
  const rules::DeadPositionResult reused =
      rules::analyse_dead_position(next, core::count_legal_moves_capped(next, 1), {}, &memory);
  EXPECT_FALSE(reused.dead);
  EXPECT_LT(reused.nodes, fresh.nodes);
}

}  // namespace
}  // namespace arbiter::adjudicate
