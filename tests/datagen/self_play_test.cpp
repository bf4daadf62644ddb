// Self-play data: reproducible from the seed whatever the thread count, resumable,
// and only positions a quiet evaluation can learn, labelled with the game's result.
#include "arbiter/datagen/self_play.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "arbiter/datagen/data_file.h"
#include "arbiter/search/score.h"
#include "test_support.h"

namespace arbiter::datagen {
namespace {

DatagenOptions self_play_options() {
  DatagenOptions o;
  o.soft_nodes = 400;  // tiny budget: quick games, the same logic
  o.hash_mb = 1;
  o.seed = 11;
  return o;
}

using test::file_bytes;

TEST(SelfPlay, KeepsQuietPositionsLabelledWithTheResult) {
  SelfPlayer player(self_play_options());
  for (uint64_t game = 0; game < 3; ++game) {
    const GameRecord r = player.play(game);
    ASSERT_FALSE(r.records.empty());
    // The game starts after the random plies; one score per searched move.
    const int start_ply = 2 * (r.start.fullmove_number() - 1) +
                          (r.start.side_to_move() == core::Color::Black ? 1 : 0);
    EXPECT_EQ(start_ply, self_play_options().random_plies);
    EXPECT_EQ(r.moves.size(), r.scores.size());
    EXPECT_GE(r.moves.size(), r.records.size());
    for (const PackedPosition& p : r.records) {
      auto pos = p.unpack();
      ASSERT_TRUE(pos.has_value());
      EXPECT_FALSE(pos->in_check());
      EXPECT_LT(std::abs(p.score), search::kMateInMaxPly);
      // The result is the game's, seen from the record's side to move.
      WdlResult expected = r.white_result;
      if (pos->side_to_move() == core::Color::Black && expected != WdlResult::Draw)
        expected = expected == WdlResult::Win ? WdlResult::Loss : WdlResult::Win;
      EXPECT_EQ(p.wdl(), expected);
    }
  }
}

TEST(SelfPlay, SameSeedSameFileWhateverTheThreadsAndInterruptions) {
  const std::string one = test::temp_file("sp-one") + ".bin",
                    two = test::temp_file("sp-two") + ".bin";
  std::filesystem::remove(one);
  std::filesystem::remove(two);
  std::ostringstream log;
  DatagenOptions o = self_play_options();
  o.games = 4;
  o.threads = 1;
  ASSERT_TRUE(run_datagen(o, one, log).ok());
  // Two threads, stopped after 2 games and resumed.
  o.threads = 2;
  o.games = 2;
  ASSERT_TRUE(run_datagen(o, two, log).ok());
  o.games = 4;
  auto resumed = run_datagen(o, two, log);
  ASSERT_TRUE(resumed.ok()) << resumed.error();
  EXPECT_EQ(resumed->new_games, 2u);
  EXPECT_EQ(resumed->games, 4u);
  EXPECT_EQ(file_bytes(one), file_bytes(two));
  EXPECT_NE(log.str().find("resuming"), std::string::npos);

  // Another seed plays other games; other settings are refused for the same file.
  o.seed = 12;
  auto refused = run_datagen(o, one, log);
  EXPECT_FALSE(refused.ok());
  std::filesystem::remove(one);
  std::filesystem::remove(two);
}

TEST(SelfPlay, StopsAtThePositionTargetAfterWholeGames) {
  const std::string path = test::temp_file("sp-positions") + ".bin";
  std::filesystem::remove(path);
  std::ostringstream log;
  DatagenOptions o = self_play_options();
  o.positions = 100;
  auto s = run_datagen(o, path, log);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_GE(s->positions, 100u);
  auto h = read_data_header(path);
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->positions, s->positions);
  EXPECT_EQ(h->wins + h->draws + h->losses, h->games);
  EXPECT_NE(h->settings_text().find("nodes=400"), std::string::npos);
  std::ostringstream dump;
  auto n = dump_data_file(path, dump, 3);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 3u);
  const std::string text = dump.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);
  EXPECT_NE(text.find(" | "), std::string::npos);
  std::filesystem::remove(path);
}

TEST(SelfPlay, NeedsATarget) {
  std::ostringstream log;
  EXPECT_FALSE(run_datagen(self_play_options(), test::temp_file("sp-none") + ".bin", log).ok());
}

}  // namespace
}  // namespace arbiter::datagen
