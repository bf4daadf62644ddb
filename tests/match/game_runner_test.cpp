#include "arbiter/match/game_runner.h"

#include <gtest/gtest.h>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/writer.h"
#include "match/fake_engine.h"

namespace arbiter::match {
namespace {

using test::start_fake;

Opening opening_from_fen(const std::string& fen) {
  Opening o;
  o.fen = core::to_fen(core::parse_fen(fen).value());
  return o;
}

Opening start_opening() { return opening_from_fen(std::string(core::kStartFen)); }

TimeLimit clock_limit(const char* tc) { return parse_time_control(tc).value(); }

GameSettings quick_settings() {
  GameSettings settings;
  settings.handshake_timeout = test::kFakeHandshake;
  settings.hang_timeout = std::chrono::milliseconds(400 * test::kSanitizedTimeoutScale);
  settings.stop_grace = std::chrono::milliseconds(200);
  return settings;
}

// The PGN the runner wrote reads back, and the adjudicator reading it agrees.
void expect_pgn_consistent(const GameRecord& record) {
  std::string text = pgn::write_game(record.pgn);
  pgn::ParsedGame parsed = pgn::parse_game(text);
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string() << "\n" << text;
  EXPECT_EQ(parsed.game().result(), record.result);
  EXPECT_EQ(parsed.game().ply_count(), record.pgn.ply_count());
  EXPECT_EQ(parsed.game().tag("Termination").value_or(""), record.termination);
}

TEST(GameRunner, PlaysAGameToAnEndTheLawsRecognise) {
  auto white = start_fake("W", {"--seed", "1"});
  auto black = start_fake("B", {"--seed", "2"});
  GameRecord record = play_game(start_opening(), {white.get(), clock_limit("10+0.1")},
                                {black.get(), clock_limit("10+0.1")}, quick_settings());
  ASSERT_TRUE(record.outcome.finished());
  EXPECT_NE(record.outcome.reason, rules::Reason::TimeForfeit);
  EXPECT_NE(record.outcome.reason, rules::Reason::IllegalMove);
  EXPECT_FALSE(record.outcome.article.empty());
  EXPECT_EQ(record.pgn.tag("White").value_or(""), "W");
  EXPECT_EQ(record.pgn.tag("Black").value_or(""), "B");
  EXPECT_EQ(record.pgn.tag("TimeControl").value_or(""), "10+0.1");
  EXPECT_NE(record.pgn.tag("Rules").value_or("").find("fide-2023, claims: proxy-claim"),
            std::string::npos);
  EXPECT_FALSE(record.pgn.tag("Adjudication").has_value());
  // Every move carries the engine's evaluation and the clock.
  ASSERT_GT(record.pgn.ply_count(), 0u);
  for (size_t i = 0; i < record.pgn.ply_count(); ++i) {
    EXPECT_NE(record.pgn.clock_ms(i), pgn::kNoClock) << i;
    EXPECT_EQ(record.pgn.comment(i).substr(0, 7), "+0.00/1") << record.pgn.comment(i);
  }
  expect_pgn_consistent(record);
  // Re-judging the record with the same rules gives the same verdict.
  adjudicate::Judge judge({.game = {.claim_mode = rules::ClaimMode::ProxyClaim}});
  const adjudicate::Judgement& j = judge.judge(record.pgn);
  EXPECT_EQ(j.verdict.outcome.reason, record.outcome.reason);
  EXPECT_EQ(j.verdict.outcome.ply, record.outcome.ply);
}

TEST(GameRunner, OpeningMovesAreSentAndRecorded) {
  Opening opening = start_opening();
  core::Position pos = opening.start_position();
  for (const char* uci : {"e2e4", "e7e5", "g1f3"}) {
    core::Move m = core::parse_uci_move(pos, uci, false).value();
    opening.moves.push_back(m);
    core::UndoInfo undo;
    pos.make_move(m, undo);
  }
  auto white = start_fake("W");
  auto black = start_fake("B");
  GameSettings settings = quick_settings();
  settings.adjudication.max_moves = 4;
  GameRecord record = play_game(opening, {white.get(), clock_limit("10+0.1")},
                                {black.get(), clock_limit("10+0.1")}, settings);
  ASSERT_GE(record.pgn.ply_count(), 4u);
  EXPECT_EQ(record.pgn.san(0), "e4");
  EXPECT_EQ(record.pgn.san(2), "Nf3");
  EXPECT_EQ(record.pgn.comment(2), "book");
  EXPECT_EQ(record.pgn.ply_count(), 8u);  // 4 moves, then the (non-FIDE) length limit
  EXPECT_EQ(record.result, pgn::GameResult::Draw);
  EXPECT_FALSE(record.outcome.finished());  // the Laws did not end it
  EXPECT_EQ(record.termination, "adjudication: maximum length of 4 moves (not FIDE)");
  EXPECT_NE(record.pgn.tag("Adjudication").value_or("").find("not FIDE"), std::string::npos);
  expect_pgn_consistent(record);
}

TEST(GameRunner, CrashIsTakenAsAFlagFallAndTheEngineRestarts) {
  auto white = start_fake("W", {"--crash-at", "3"});
  auto black = start_fake("B");
  GameRecord record = play_game(start_opening(), {white.get(), clock_limit("10+0.1")},
                                {black.get(), clock_limit("10+0.1")}, quick_settings());
  EXPECT_EQ(record.result, pgn::GameResult::BlackWins);
  EXPECT_EQ(record.outcome.reason, rules::Reason::TimeForfeit);
  EXPECT_TRUE(record.sides[0].crashed);
  EXPECT_FALSE(record.sides[0].restart_failed);
  EXPECT_EQ(record.pgn.ply_count(), 4u);  // two moves by each side, then the crash
  EXPECT_EQ(record.termination.rfind("abandoned: engine crashed (exited with code 3)", 0), 0u)
      << record.termination;
  EXPECT_TRUE(white->alive());
  expect_pgn_consistent(record);
}

TEST(GameRunner, HangWithAClockIsAFlagFallAtTheDeadline) {
  auto white = start_fake("W");
  auto black = start_fake("B", {"--hang-at", "2"});
  auto before = Clock::now();
  GameRecord record = play_game(start_opening(), {white.get(), clock_limit("10+0.1")},
                                {black.get(), clock_limit("0.3+0")}, quick_settings());
  auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - before);
  EXPECT_EQ(record.result, pgn::GameResult::WhiteWins);
  EXPECT_EQ(record.outcome.reason, rules::Reason::TimeForfeit);
  EXPECT_EQ(record.outcome.article, "6.9");
  EXPECT_TRUE(record.sides[1].lost_on_time);
  EXPECT_EQ(record.termination, "time forfeit: flag fall, FIDE 6.9 (fide-2023)");
  EXPECT_GE(took.count(), 300);
  EXPECT_LT(took.count(), 3000 * test::kSanitizedTimeoutScale);
  EXPECT_TRUE(black->alive());  // recovered (stopped or restarted) for the next game
  expect_pgn_consistent(record);
}

TEST(GameRunner, LateMoveLosesOnTimeAndItsMoveDoesNotCount) {
  auto white = start_fake("W", {"--stall-at", "2", "--stall-ms", "500"});
  auto black = start_fake("B");
  GameRecord record = play_game(start_opening(), {white.get(), clock_limit("0.2+0")},
                                {black.get(), clock_limit("10+0")}, quick_settings());
  EXPECT_EQ(record.result, pgn::GameResult::BlackWins);
  EXPECT_TRUE(record.sides[0].lost_on_time);
  EXPECT_EQ(record.pgn.ply_count(), 2u);  // White's second move came after its flag fell
}

TEST(GameRunner, FlagFallIsADrawWhenTheOpponentCannotMate) {
  // Black has a bare king: when White's flag falls, Black cannot mate (6.9).
  Opening opening = opening_from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  auto white = start_fake("W", {"--hang-at", "1"});
  auto black = start_fake("B");
  GameRecord record = play_game(opening, {white.get(), clock_limit("0.2+0")},
                                {black.get(), clock_limit("10+0")}, quick_settings());
  EXPECT_EQ(record.result, pgn::GameResult::Draw);
  EXPECT_EQ(record.outcome.reason, rules::Reason::TimeForfeit);
  EXPECT_EQ(record.termination,
            "time forfeit: flag fall, drawn: the opponent cannot checkmate, FIDE 6.9 (fide-2023)");
  EXPECT_NE(pgn::write_game(record.pgn).find("[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]"),
            std::string::npos);
}

TEST(GameRunner, UntimedHangIsAbandoned) {
  auto white = start_fake("W");
  auto black = start_fake("B", {"--hang-at", "1"});
  TimeLimit depth;
  depth.depth = 3;
  GameRecord record =
      play_game(start_opening(), {white.get(), depth}, {black.get(), depth}, quick_settings());
  EXPECT_EQ(record.result, pgn::GameResult::WhiteWins);
  EXPECT_TRUE(record.sides[1].crashed);
  EXPECT_EQ(record.termination.rfind("abandoned: no answer within", 0), 0u) << record.termination;
  EXPECT_EQ(record.pgn.tag("TimeControl").value_or(""), "-");
}

TEST(GameRunner, IllegalMoveUnderForfeitLosesAtOnce) {
  for (const char* flag : {"--illegal-at", "--null-at"}) {
    auto white = start_fake("W", {flag, "2"});
    auto black = start_fake("B");
    GameSettings settings = quick_settings();
    settings.rules.illegal_moves = rules::IllegalMovePolicy::Forfeit;
    GameRecord record = play_game(start_opening(), {white.get(), clock_limit("10+0.1")},
                                  {black.get(), clock_limit("10+0.1")}, settings);
    EXPECT_EQ(record.result, pgn::GameResult::BlackWins) << flag;
    EXPECT_EQ(record.outcome.reason, rules::Reason::IllegalMove) << flag;
    EXPECT_EQ(record.sides[0].illegal_moves, 1) << flag;
    EXPECT_EQ(record.termination.rfind("rules infraction: illegal move", 0), 0u)
        << record.termination;
    EXPECT_NE(std::string(record.pgn.comment(record.pgn.ply_count() - 1)).find("illegal move"),
              std::string::npos);
    expect_pgn_consistent(record);
  }
}

TEST(GameRunner, FirstIllegalMoveUnderFideAddsTimeAndTheGameGoesOn) {
  // 10+0.1 is blitz: the 2023 Laws (A.4.2 via 7.5.5) give the opponent one minute.
  auto white = start_fake("W", {"--illegal-at", "2"});
  auto black = start_fake("B");
  GameSettings settings = quick_settings();
  settings.adjudication.max_moves = 4;
  GameRecord record = play_game(start_opening(), {white.get(), clock_limit("10+0.1")},
                                {black.get(), clock_limit("10+0.1")}, settings);
  EXPECT_EQ(record.sides[0].illegal_moves, 1);
  EXPECT_EQ(record.result, pgn::GameResult::Draw);  // the length limit, not the illegal move
  EXPECT_EQ(record.pgn.ply_count(), 8u);
  // Black's clock after its second move (ply 4) holds the bonus.
  EXPECT_GT(record.pgn.clock_ms(3), 60000);
  EXPECT_LT(record.pgn.clock_ms(2), 10000 + 1000);  // White got nothing
}

TEST(GameRunner, GarbageAroundRepliesIsIgnored) {
  auto white = start_fake("W", {"--garbage"});
  auto black = start_fake("B", {"--garbage"});
  GameSettings settings = quick_settings();
  settings.adjudication.max_moves = 5;
  GameRecord record = play_game(start_opening(), {white.get(), clock_limit("10+0.1")},
                                {black.get(), clock_limit("10+0.1")}, settings);
  EXPECT_EQ(record.pgn.ply_count(), 10u);
  EXPECT_EQ(record.sides[0].illegal_moves + record.sides[1].illegal_moves, 0);
}

TEST(GameRunner, ResignationByScoreKeepsThe2023Proviso) {
  auto white = start_fake("W", {"--score", "-2000"});
  auto black = start_fake("B", {"--score", "2000"});
  GameSettings settings = quick_settings();
  settings.adjudication.resign = true;
  settings.adjudication.resign_move_count = 2;
  settings.adjudication.resign_score_cp = 1000;
  GameRecord record = play_game(start_opening(), {white.get(), clock_limit("10+0.1")},
                                {black.get(), clock_limit("10+0.1")}, settings);
  EXPECT_EQ(record.result, pgn::GameResult::BlackWins);
  EXPECT_EQ(record.outcome.reason, rules::Reason::Resignation);
  EXPECT_EQ(record.pgn.ply_count(), 3u);  // White's second move, then it resigns
  EXPECT_EQ(record.termination.rfind("adjudication: resignation by score (not FIDE)", 0), 0u);

  // Against a bare king the resignation is a draw under 2023 5.1.2.
  auto white2 = start_fake("W2", {"--score", "-2000"});
  auto black2 = start_fake("B2", {"--score", "2000"});
  GameRecord bare = play_game(opening_from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"),
                              {white2.get(), clock_limit("10+0.1")},
                              {black2.get(), clock_limit("10+0.1")}, settings);
  EXPECT_EQ(bare.result, pgn::GameResult::Draw);
  EXPECT_EQ(bare.outcome.reason, rules::Reason::Resignation);
}

TEST(GameRunner, Chess960OpeningsArePlayedInChess960) {
  Opening opening;
  opening.fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
  opening.chess960 = true;
  for (int seed = 1; seed <= 3; ++seed) {
    auto white = start_fake("W", {"--seed", std::to_string(seed)});
    auto black = start_fake("B", {"--seed", std::to_string(seed + 10)});
    white->set_option("UCI_Chess960", "true");
    black->set_option("UCI_Chess960", "true");
    GameSettings settings = quick_settings();
    settings.adjudication.max_moves = 40;
    GameRecord record = play_game(opening, {white.get(), clock_limit("10+0.1")},
                                  {black.get(), clock_limit("10+0.1")}, settings);
    EXPECT_EQ(record.sides[0].illegal_moves + record.sides[1].illegal_moves, 0) << seed;
    EXPECT_TRUE(record.pgn.chess960());
    std::string text = pgn::write_game(record.pgn);
    EXPECT_NE(text.find("[Variant \"Chess960\"]"), std::string::npos) << text;
    expect_pgn_consistent(record);
  }
}

TEST(GameRunner, FormatScore) {
  SearchInfo info;
  EXPECT_EQ(format_score(info), "");
  info.score_cp = 35;
  EXPECT_EQ(format_score(info), "+0.35");
  info.score_cp = -120;
  EXPECT_EQ(format_score(info), "-1.20");
  info.score_cp = -5;
  EXPECT_EQ(format_score(info), "-0.05");
  info.score_mate = 3;
  EXPECT_EQ(format_score(info), "+M3");
  info.score_mate = -2;
  EXPECT_EQ(format_score(info), "-M2");
}

}  // namespace
}  // namespace arbiter::match
