// adjudicate::Judge: the verdict on a PGN record, with the event it implies
// (judge.h): 6.9 for "Time forfeit", 5.1.2 for a decisive result, 9.2/9.3 or
// 5.2.3 for a draw, nothing for other terminations; an earlier end stands.
#include "arbiter/adjudicate/judge.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/splitter.h"
#include "test_support.h"

namespace arbiter::adjudicate {
namespace {

using rules::GameResult;
using rules::Reason;

pgn::Game parse(const std::string& text) {
  pgn::ParsedGame parsed = pgn::parse_game(text);
  EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().to_string());
  return parsed.ok() ? std::move(parsed).game() : pgn::Game();
}

std::string record(const std::string& tags, const std::string& movetext) {
  return tags + "\n" + movetext + "\n";
}

const std::string kFoolsMate = "1. f3 e5 2. g4 Qh4# 0-1";

TEST(Judge, MateStandsWhateverTheTerminationSays) {
  Judge judge;
  const Judgement& j = judge.judge(parse(record("[Termination \"Time forfeit\"]", kFoolsMate)));
  EXPECT_EQ(j.verdict.outcome.reason, Reason::Checkmate);
  EXPECT_EQ(j.inferred, Inference::None);
  EXPECT_TRUE(j.flag_after_end);  // 6.9: the flag of an ended game is irrelevant
  EXPECT_EQ(j.verdict.agrees, std::optional<bool>(true));
}

TEST(Judge, TimeForfeitFlagsTheSideToMove_6_9) {
  Judge judge;
  // White to move at the end with K+R v K+R: White flagged, Black can mate.
  const Judgement& j = judge.judge(parse(record(
      "[Termination \"time forfeit\"]\n[SetUp \"1\"]\n[FEN \"4k2r/8/8/8/8/8/8/R3K3 b - - 0 1\"]",
      "1... Kd7 1-0")));
  EXPECT_EQ(j.inferred, Inference::TimeForfeit);
  EXPECT_EQ(j.inferred_side, core::Color::White);
  EXPECT_EQ(j.verdict.outcome.result, GameResult::BlackWins);
  EXPECT_EQ(j.verdict.outcome.article, "6.9");
  EXPECT_EQ(j.verdict.agrees, std::optional<bool>(false));  // the record said 1-0
}

TEST(Judge, TimeForfeitAgainstALoneKingIsADraw_6_9) {
  Judge judge;
  const Judgement& j = judge.judge(parse(record(
      "[Termination \"Time forfeit\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1\"]",
      "1. Qa2 Kd7 1/2-1/2")));
  EXPECT_EQ(j.verdict.outcome.reason, Reason::TimeForfeit);
  EXPECT_EQ(j.verdict.outcome.result, GameResult::Draw);
  EXPECT_EQ(j.verdict.agrees, std::optional<bool>(true));
}

TEST(Judge, DecisiveResultWithoutOtherEndIsAResignation_5_1_2) {
  Judge judge({.game = {.edition = rules::Edition::Fide2023}});
  const Judgement& j =
      judge.judge(parse(record("[Termination \"Normal\"]", "1. e4 e5 2. Qh5 Nc6 0-1")));
  EXPECT_EQ(j.inferred, Inference::Resignation);
  EXPECT_EQ(j.inferred_side, core::Color::White);
  EXPECT_EQ(j.verdict.outcome.reason, Reason::Resignation);
  EXPECT_EQ(j.verdict.outcome.result, GameResult::BlackWins);
  EXPECT_EQ(j.verdict.outcome.ply, 4);
}

TEST(Judge, OtherTerminationsInferNothing) {
  Judge judge;
  const Judgement& j = judge.judge(parse(record("[Termination \"Abandoned\"]", "1. g3 1-0")));
  EXPECT_EQ(j.inferred, Inference::None);
  EXPECT_EQ(j.verdict.outcome.result, GameResult::Ongoing);
  EXPECT_EQ(j.verdict.outcome.ply, 1);
  EXPECT_EQ(j.verdict.agrees, std::optional<bool>(false));
}

TEST(Judge, UnfinishedRecordHasNoAgreement) {
  Judge judge;
  const Judgement& j = judge.judge(parse(record("", "1. e4 *")));
  EXPECT_EQ(j.inferred, Inference::None);
  EXPECT_EQ(j.verdict.recorded, std::optional<std::string>("*"));
  EXPECT_FALSE(j.verdict.agrees.has_value());
}

TEST(Judge, DrawWithAClaimOpenIsAClaim_9_2) {
  Judge judge;
  // The start position appears a third time after 8 plies: White may claim now.
  const Judgement& j =
      judge.judge(parse(record("", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2")));
  EXPECT_EQ(j.inferred, Inference::Claim);
  EXPECT_EQ(j.inferred_side, core::Color::White);
  EXPECT_EQ(j.verdict.outcome.reason, Reason::ThreefoldClaim);
  EXPECT_EQ(j.verdict.outcome.article, "9.2.2");
}

TEST(Judge, DrawBeforeAMoveEachIsNoAgreement_5_2_3) {
  for (rules::Edition edition : {rules::Edition::Fide2018, rules::Edition::Fide2014}) {
    Judge judge({.game = {.edition = edition}});
    const Judgement& j = judge.judge(parse(record("", "1. e4 1/2-1/2")));
    EXPECT_EQ(j.inferred, Inference::Agreement);
    const bool refused = edition == rules::Edition::Fide2018;
    EXPECT_EQ(j.agreement_refused, refused);
    EXPECT_EQ(j.verdict.outcome.result, refused ? GameResult::Ongoing : GameResult::Draw);
  }
}

TEST(Judge, InferenceCanBeTurnedOff) {
  Judge judge({.infer_events = false});
  const Judgement& j = judge.judge(parse(record("[Termination \"Time forfeit\"]", "1. e4 e5 0-1")));
  EXPECT_EQ(j.inferred, Inference::None);
  EXPECT_EQ(j.verdict.outcome.result, GameResult::Ongoing);
}

TEST(Judge, ReusedJudgeForgetsThePreviousGame) {
  Judge judge;
  judge.judge(parse(record("", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2")));
  const Judgement& j = judge.judge(parse(record("", kFoolsMate)));
  EXPECT_EQ(j.verdict.outcome.reason, Reason::Checkmate);
  EXPECT_TRUE(j.verdict.claims.empty());
  EXPECT_EQ(j.plies, 4);
  EXPECT_FALSE(j.flag_after_end);
}

TEST(Judge, MovesAfterAnAutomaticEndChangeNothing) {
  Judge judge;
  // K+B v K after Kxd2: dead (5.2.2); the record goes on and says 0-1.
  const Judgement& j = judge.judge(parse(record(
      "[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/3n4/4KB2 w - - 0 1\"]", "1. Kxd2 Kd4 2. Ke2 Ke4 0-1")));
  EXPECT_EQ(j.verdict.outcome.reason, Reason::DeadPosition);
  EXPECT_EQ(j.verdict.outcome.ply, 1);
  EXPECT_EQ(j.plies, 4);
  EXPECT_EQ(j.inferred, Inference::None);
  EXPECT_EQ(j.verdict.agrees, std::optional<bool>(false));
}

// The judge as the parser's observer (the pipeline's way) must reach the same
// verdict as judge() replaying the parsed record, whatever the options.
void expect_observer_agrees(const std::string& text, const JudgeOptions& options) {
  Judge replaying(options), observing(options);
  pgn::Game game;
  pgn::ParseError error;
  int judged = 0;
  for (const pgn::RawGame& raw : pgn::split_games(text, "t.pgn")) {
    const bool ok = pgn::parse_game_into(
        raw, game, error, {.comments = false, .san_text = false, .observer = &observing});
    if (!ok) continue;
    const std::string observed = rules::to_json(observing.conclude(game).verdict);
    EXPECT_EQ(observed, rules::to_json(replaying.judge(game).verdict)) << "game " << raw.index;
    ++judged;
  }
  EXPECT_GT(judged, 0);
}

std::string read_data(const std::string& name) {
  std::ifstream in(test::data_path(name), std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Judge, FollowingTheParserGivesTheSameVerdicts) {
  for (const char* name :
       {"adjudicate-kinds.pgn", "adjudicate-errors.pgn", "lichess-sample-80.pgn"})
    for (bool trust : {true, false})
      for (rules::ClaimMode mode : {rules::ClaimMode::Strict, rules::ClaimMode::ProxyClaim})
        expect_observer_agrees(read_data(name),
                               {.game = {.claim_mode = mode, .trust_fen_halfmove_clock = trust}});
}

TEST(Judge, FollowingTheParserKeepsItsOwnHalfmoveCount) {
  // The FEN's counter is at 98: two quiet plies open 9.3 only when it is trusted.
  const std::string game = record("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 98 80\"]",
                                  "80. Ra2 Kd7 81. Ra3 Kc7 1/2-1/2");
  for (bool trust : {true, false}) {
    Judge judge({.game = {.trust_fen_halfmove_clock = trust}});
    pgn::Game parsed;
    pgn::ParseError error;
    ASSERT_TRUE(pgn::parse_game_into(pgn::split_games(game, "t.pgn").at(0), parsed, error,
                                     {.observer = &judge}));
    const Judgement& j = judge.conclude(parsed);
    EXPECT_EQ(j.verdict.claims.empty(), !trust);
    EXPECT_EQ(j.inferred, trust ? Inference::Claim : Inference::Agreement);
  }
  expect_observer_agrees(game, {.game = {.trust_fen_halfmove_clock = false}});
}

}  // namespace
}  // namespace arbiter::adjudicate
