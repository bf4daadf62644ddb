// UCI_LimitStrength / UCI_Elo: levels that grow with the Elo, a choice that
// errs like a weaker player (never past a mate), and the engine obeying both.
#include "arbiter/search/strength.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "arbiter/search/score.h"
#include "test_support.h"
#include "uci/uci_session.h"

namespace arbiter::search {
namespace {

RootMove root_move(const char* uci, int score) {
  static const core::Position start = core::Position::start_position();
  RootMove rm;
  rm.move = core::parse_uci_move(start, uci, false).value();
  rm.score = score;
  return rm;
}

TEST(Strength, LevelsGrowWithTheElo) {
  StrengthLevel previous = strength_for_elo(kMinLimitedElo);
  EXPECT_TRUE(previous.limited());
  EXPECT_EQ(strength_for_elo(0).depth, previous.depth);  // clamped to the lowest level
  EXPECT_EQ(strength_for_elo(0).elo, kMinLimitedElo);
  for (int elo = kMinLimitedElo + 10; elo < kMaxLimitedElo; elo += 10) {
    const StrengthLevel level = strength_for_elo(elo);
    ASSERT_TRUE(level.limited()) << elo;
    EXPECT_GE(level.depth, previous.depth) << elo;
    EXPECT_LE(level.error_cp, previous.error_cp) << elo;
    EXPECT_GT(level.candidates, 1) << elo;
    EXPECT_LE(level.candidates, previous.candidates) << elo;  // the strong weigh fewer
    previous = level;
  }
  EXPECT_FALSE(strength_for_elo(kMaxLimitedElo).limited());
  EXPECT_FALSE(strength_for_elo(kMaxLimitedElo + 500).limited());
}

TEST(Strength, FullStrengthOrNoErrorTakesTheBestMove) {
  const std::vector<RootMove> moves = {root_move("e2e4", 50), root_move("d2d4", 45)};
  std::mt19937_64 rng(1);
  EXPECT_EQ(&choose_root_move(moves, strength_for_elo(kMaxLimitedElo), rng), &moves[0]);
  StrengthLevel exact = strength_for_elo(kMinLimitedElo);
  exact.error_cp = 0;
  EXPECT_EQ(&choose_root_move(moves, exact, rng), &moves[0]);
  StrengthLevel single = strength_for_elo(kMinLimitedElo);
  single.candidates = 1;
  EXPECT_EQ(&choose_root_move(moves, single, rng), &moves[0]);
}

// The weakest level sometimes prefers a close second, rarely a clearly worse
// move, never a move past the candidates, and always sees a mate either way.
TEST(Strength, ErrorsLikeAWeakerPlayer) {
  const StrengthLevel weakest = strength_for_elo(kMinLimitedElo);
  ASSERT_EQ(weakest.candidates, 4);
  const std::vector<RootMove> moves = {root_move("e2e4", 60), root_move("d2d4", 40),
                                       root_move("g1f3", 30), root_move("a2a3", -400),
                                       root_move("h2h4", 59)};
  std::mt19937_64 rng(7);
  std::map<std::string, int> chosen;
  const int kDraws = 4000;
  for (int i = 0; i < kDraws; ++i)
    ++chosen[core::to_uci(choose_root_move(moves, weakest, rng).move, false)];
  EXPECT_GT(chosen["e2e4"], chosen["g1f3"]);
  EXPECT_GT(chosen["d2d4"], kDraws / 10);
  EXPECT_GT(chosen["g1f3"], kDraws / 10);
  EXPECT_LT(chosen["a2a3"], kDraws / 10);
  EXPECT_EQ(chosen.count("h2h4"), 0u);  // fifth: not a candidate

  const std::vector<RootMove> mating = {root_move("g1h3", mate_in(3)), root_move("e2e4", 900),
                                        root_move("d2d4", 880)};
  const std::vector<RootMove> mated = {root_move("e2e4", -50), root_move("a2a3", mated_in(2)),
                                       root_move("d2d4", -60)};
  for (int i = 0; i < 1000; ++i) {
    EXPECT_EQ(&choose_root_move(mating, weakest, rng), &mating[0]);
    EXPECT_NE(&choose_root_move(mated, weakest, rng), &mated[1]);
  }
}

TEST(Strength, TheSameSeedMakesTheSameChoices) {
  const std::vector<RootMove> moves = {root_move("e2e4", 10), root_move("d2d4", 9),
                                       root_move("g1f3", 8)};
  const StrengthLevel level = strength_for_elo(1500);
  std::mt19937_64 a(42), b(42);
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(&choose_root_move(moves, level, a), &choose_root_move(moves, level, b));
}

int deepest_info_depth(const std::vector<std::string>& lines) {
  int deepest = 0;
  for (const std::string& l : lines) {
    if (!test::starts_with(l, "info depth ")) continue;
    deepest = std::max(deepest, std::stoi(l.substr(11)));
  }
  return deepest;
}

// Over UCI: the level's depth is the limit, its candidates are searched as
// MultiPV lines, and the moves are legal and not always the engine's best.
TEST(Strength, EngineObeysUciLimitStrength) {
  test::UciSession s;
  s.handshake();
  s.send("setoption name UCI_LimitStrength value true");
  s.send("setoption name UCI_Elo value " + std::to_string(kMinLimitedElo));
  s.sync();
  const StrengthLevel weakest = strength_for_elo(kMinLimitedElo);
  std::set<std::string> moves;
  for (int i = 0; i < 12; ++i) {
    s.send("position startpos moves e2e4 e7e5");
    auto lines = s.go("go wtime 60000 btime 60000");
    EXPECT_EQ(deepest_info_depth(lines), weakest.depth);
    bool saw_last_candidate = false;
    for (const std::string& l : lines)
      if (l.find(" multipv " + std::to_string(weakest.candidates) + " ") != std::string::npos)
        saw_last_candidate = true;
    EXPECT_TRUE(saw_last_candidate);
    ASSERT_FALSE(lines.empty());
    const std::string best = lines.back().substr(9, lines.back().find(' ', 9) - 9);
    core::Position pos =
        core::parse_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").value();
    EXPECT_TRUE(core::parse_uci_move(pos, best, false).ok()) << best;
    // The last PV sent starts with the move played, whichever candidate it was.
    std::string last_pv;
    for (const std::string& l : lines)
      if (const size_t at = l.find(" pv "); at != std::string::npos) last_pv = l.substr(at + 4);
    EXPECT_EQ(last_pv.substr(0, last_pv.find(' ')), best);
    moves.insert(best);
  }
  EXPECT_GT(moves.size(), 1u);  // twelve games, not one move: the choice varies
  s.send("setoption name UCI_LimitStrength value false");
  s.sync();
  s.send("position startpos moves e2e4 e7e5");
  EXPECT_GT(deepest_info_depth(s.go("go depth 6")), weakest.depth);
}

}  // namespace
}  // namespace arbiter::search
