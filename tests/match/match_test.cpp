#include "arbiter/match/match.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "arbiter/pgn/reader.h"
#include "cli/arbiter_run.h"
#include "match/fake_engine.h"

namespace arbiter::match {
namespace {

EngineEntry fake_entry(const std::string& name, std::vector<std::string> flags,
                       const char* tc = "10+0.1") {
  return {test::fake_engine_config(name, std::move(flags)), parse_time_control(tc).value()};
}

MatchConfig quick_config(std::vector<EngineEntry> engines, int games) {
  MatchConfig config;
  config.engines = std::move(engines);
  config.games_per_pairing = games;
  config.game.handshake_timeout = test::kFakeHandshake;
  config.game.stop_grace = std::chrono::milliseconds(200);
  config.game.adjudication.max_moves = 30;  // keeps random games short
  config.pgn_out = test::scratch_path("match.pgn");
  return config;
}

const OpeningBook& book() {
  static const OpeningBook b =
      OpeningBook::load(test::data_path("openings-8moves-200.pgn")).value();
  return b;
}

TEST(Match, PairsPlayEachOpeningWithColoursReversed) {
  MatchConfig config =
      quick_config({fake_entry("A", {"--seed", "3"}), fake_entry("B", {"--seed", "4"})}, 6);
  config.concurrency = 2;
  std::ostringstream progress;
  MatchSummary summary = run_match(config, book(), progress);
  EXPECT_TRUE(summary.error.empty()) << summary.error;
  EXPECT_EQ(summary.games_played, 6);
  EXPECT_EQ(summary.pairings[0].wdl.games(), 6);
  EXPECT_EQ(summary.pairings[0].pentanomial.pairs(), 3);
  EXPECT_EQ(summary.engines[0].wdl.games(), 6);
  EXPECT_EQ(summary.engines[0].wdl.wins, summary.engines[1].wdl.losses);
  std::vector<pgn::Game> games = test::read_pgn_file(config.pgn_out);
  ASSERT_EQ(games.size(), 6u);
  std::map<std::string, const pgn::Game*> by_round;
  for (const pgn::Game& g : games) by_round[std::string(*g.tag("Round"))] = &g;
  for (int round = 1; round <= 3; ++round) {
    const pgn::Game* first = by_round[std::to_string(round) + ".1"];
    const pgn::Game* second = by_round[std::to_string(round) + ".2"];
    ASSERT_TRUE(first && second) << round;
    EXPECT_EQ(first->tag("White"), second->tag("Black"));
    EXPECT_EQ(first->tag("White").value_or(""), "A");
    for (size_t ply = 0; ply < 16; ++ply) EXPECT_EQ(first->san(ply), second->san(ply));
    // Sequential openings: round r plays opening r.
    EXPECT_EQ(first->move(0), book().at(round - 1).moves[0]);
  }
  EXPECT_NE(progress.str().find("Game 6/6"), std::string::npos) << progress.str();
  std::string table = format_summary(summary, config);
  EXPECT_NE(table.find("A vs B"), std::string::npos) << table;
  EXPECT_NE(table.find("pentanomial"), std::string::npos) << table;
  std::filesystem::remove(config.pgn_out);
}

TEST(Match, ResumeSkipsTheGamesAlreadyInThePgn) {
  MatchConfig config = quick_config({fake_entry("A", {}), fake_entry("B", {})}, 4);
  std::ostringstream progress;
  ASSERT_EQ(run_match(config, book(), progress).games_played, 4);
  config.games_per_pairing = 6;
  config.resume = true;
  MatchSummary summary = run_match(config, book(), progress);
  EXPECT_EQ(summary.games_resumed, 4);
  EXPECT_EQ(summary.games_played, 2);
  EXPECT_EQ(summary.pairings[0].wdl.games(), 6);
  EXPECT_EQ(summary.pairings[0].pentanomial.pairs(), 3);
  EXPECT_EQ(test::read_pgn_file(config.pgn_out).size(), 6u);
  std::filesystem::remove(config.pgn_out);
}

TEST(Match, MisbehavingEnginesLoseGamesButTheMatchGoesOn) {
  // B crashes on its 3rd search and on every 3rd after its restart; C is too slow.
  MatchConfig config = quick_config({fake_entry("A", {}), fake_entry("B", {"--crash-at", "3"}),
                                     fake_entry("C", {"--slow-ms", "300"}, "0.2+0")},
                                    4);
  config.tournament = Tournament::Gauntlet;
  std::ostringstream progress;
  MatchSummary summary = run_match(config, book(), progress);
  EXPECT_TRUE(summary.error.empty()) << summary.error;
  EXPECT_EQ(summary.games_played, 8);  // gauntlet: A-B and A-C only
  ASSERT_EQ(summary.pairings.size(), 2u);
  EXPECT_EQ(summary.engines[1].crashes, 4);
  EXPECT_EQ(summary.engines[1].wdl.losses, 4);
  EXPECT_EQ(summary.engines[2].time_losses, 4);
  EXPECT_EQ(summary.engines[2].wdl.losses, 4);
  EXPECT_EQ(summary.engines[0].wdl.wins, 8);
  EXPECT_EQ(test::read_pgn_file(config.pgn_out).size(), 8u);
  std::filesystem::remove(config.pgn_out);
}

TEST(Match, HostileEnginesCannotStopTheMatchOrLoseGames) {
  // F floods a megabyte of info lines before every move; M closes its output on its
  // 3rd search and lives on, mute, ignoring SIGTERM (only SIGKILL ends it); H hangs on
  // its 2nd search and ignores SIGTERM too. Every game is played, recorded and counted.
  constexpr int kGames = 2;
  MatchConfig config =
      quick_config({fake_entry("F", {"--flood-kb", "1024", "--seed", "1"}),
                    fake_entry("M", {"--close-stdout-at", "3", "--ignore-sigterm"}),
                    fake_entry("H", {"--hang-at", "2", "--ignore-sigterm"}, "0.5+0")},
                   kGames);
  config.tournament = Tournament::Gauntlet;
  std::ostringstream progress;
  MatchSummary summary = run_match(config, book(), progress);
  EXPECT_TRUE(summary.error.empty()) << summary.error;
  EXPECT_EQ(summary.games_played, 2 * kGames);  // F-M and F-H
  EXPECT_EQ(summary.engines[0].wdl.wins, 2 * kGames) << progress.str();
  EXPECT_EQ(summary.engines[0].crashes + summary.engines[0].time_losses, 0);
  EXPECT_EQ(summary.engines[1].crashes, kGames);  // mute at its 3rd search, then after restart
  EXPECT_EQ(summary.engines[2].time_losses, kGames);
  EXPECT_EQ(test::read_pgn_file(config.pgn_out).size(), size_t(2 * kGames));
  std::filesystem::remove(config.pgn_out);
}

TEST(Match, SprtStopsTheMatchWhenABoundIsCrossed) {
  // B always loses on time, so A wins every game and H1 is accepted early.
  MatchConfig config =
      quick_config({fake_entry("A", {}), fake_entry("B", {"--slow-ms", "300"}, "0.1+0")}, 200);
  // Wide hypotheses: with elo1 near elo0 the GSPRT needs ~100 all-win pairs.
  config.sprt = SprtConfig{.elo0 = 0, .elo1 = 300, .alpha = 0.05, .beta = 0.05};
  config.concurrency = 2;
  std::ostringstream progress;
  MatchSummary summary = run_match(config, book(), progress);
  EXPECT_TRUE(summary.stopped_by_sprt);
  ASSERT_TRUE(summary.sprt);
  EXPECT_EQ(summary.sprt->decision, SprtDecision::AcceptH1);
  EXPECT_LT(summary.games_played, 200);
  EXPECT_NE(format_summary(summary, config).find("H1 accepted"), std::string::npos);
  std::filesystem::remove(config.pgn_out);
}

TEST(Match, EngineThatCannotStartStopsTheMatchWithAMessage) {
  MatchConfig config = quick_config({fake_entry("A", {}), fake_entry("B", {"--no-uciok"})}, 2);
  config.game.handshake_timeout = std::chrono::milliseconds(300);
  std::ostringstream progress;
  MatchSummary summary = run_match(config, book(), progress);
  EXPECT_NE(summary.error.find("'B' does not start"), std::string::npos) << summary.error;
  EXPECT_EQ(summary.games_played, 0);
}

TEST(Match, SummaryNeverShowsAZeroErrorBarForVaryingResults) {
  // Two pairs, each a win and a loss: the pair scores do not vary, the games do.
  MatchConfig config = quick_config({fake_entry("A", {}), fake_entry("B", {})}, 4);
  MatchSummary summary;
  EngineTally a, b;
  a.name = "A";
  a.wdl = {2, 0, 2};
  b.name = "B";
  b.wdl = {2, 0, 2};
  summary.engines = {a, b};
  PairingTally pairing;
  pairing.second = 1;
  pairing.wdl = {2, 0, 2};
  pairing.pentanomial.counts = {0, 0, 2, 0, 0};
  summary.pairings = {pairing};
  std::string table = format_summary(summary, config);
  EXPECT_EQ(table.find("+/- 0.0"), std::string::npos) << table;
  EXPECT_NE(table.find("draws 0.0%"), std::string::npos) << table;  // per game, not per pair
}

TEST(Match, StopFlagEndsTheMatchKeepingFinishedGames) {
  MatchConfig config = quick_config({fake_entry("A", {}), fake_entry("B", {})}, 50);
  std::atomic<bool> stop{true};
  std::ostringstream progress;
  MatchSummary summary = run_match(config, book(), progress, &stop);
  EXPECT_TRUE(summary.interrupted);
  EXPECT_EQ(summary.games_played, 0);
}

}  // namespace
}  // namespace arbiter::match
