// UciEngine against the scripted fake engine (tests/fake_engine) and the real binary.
#include "arbiter/match/uci_engine.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/core/notation.h"
#include "test_support.h"

namespace arbiter::match {
namespace {

using std::chrono::milliseconds;

const int kScale = test::kSanitizedTimeoutScale;
const milliseconds kHandshake{3000 * kScale};
// A deliberately short handshake bound, for engines that never finish it.
const milliseconds kShortHandshake{300 * kScale};
// How far past a deadline a Timeout may come back (scheduling, sanitizers): on
// a loaded machine a process may wait a few hundred ms for a core (50 ms failed
// under a parallel build); still far below the handshake and far deadlines
// (3 s, 5 s) that a missed timeout would wait for.
const milliseconds kDeadlineSlack{500 * kScale};
const milliseconds kGrace{1000 * kScale};
constexpr const char* kAfterE4 = "position startpos moves e2e4";

EngineConfig fake(std::vector<std::string> args) {
  return EngineConfig{"fake", ARBITER_FAKE_ENGINE, std::move(args), "", {}};
}

Clock::time_point far_deadline() { return Clock::now() + milliseconds(5000 * kScale); }

using test::ms_since;

// Whether `move` is legal after "position startpos moves <moves>".
bool legal_after(const std::vector<std::string>& moves, const std::string& move) {
  core::Position pos = core::Position::start_position();
  for (const std::string& m : moves) {
    auto parsed = core::parse_uci_move(pos, m, false);
    if (!parsed) return false;
    core::UndoInfo undo;
    pos.make_move(parsed.value(), undo);
  }
  return core::parse_uci_move(pos, move, false).ok();
}

void expect_started(UciEngine& engine, milliseconds timeout = kHandshake) {
  auto r = engine.start(timeout);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_TRUE(engine.alive());
}

TEST(UciEngine, HandshakeReadsIdNameOptionsAndWarnsAboutUndeclaredOnes) {
  EngineConfig config = fake({"--name", "Fake  One"});
  config.options = {{"Hash", "32"}, {"Contempt", "10"}};
  UciEngine engine(config);
  EXPECT_EQ(engine.id_name(), "fake");  // before the handshake: the configured name
  expect_started(engine);
  EXPECT_EQ(engine.id_name(), "Fake One");
  EXPECT_TRUE(engine.declares_option("hash"));
  EXPECT_TRUE(engine.declares_option("uci_chess960"));
  EXPECT_FALSE(engine.declares_option("Contempt"));
  ASSERT_EQ(engine.warnings().size(), 1u);
  EXPECT_NE(engine.warnings()[0].find("Contempt"), std::string::npos);
  EXPECT_TRUE(engine.new_game(kHandshake).ok());
}

TEST(UciEngine, MissingUciokIsAnErrorWithinTheBound) {
  UciEngine engine(fake({"--no-uciok"}));
  auto t0 = Clock::now();
  auto r = engine.start(kShortHandshake);
  int64_t took = ms_since(t0);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("no uciok within " + std::to_string(kShortHandshake.count()) + " ms"),
            std::string::npos)
      << r.error();
  EXPECT_GE(took, kShortHandshake.count());
  EXPECT_LT(took, (kShortHandshake + kDeadlineSlack * 2).count());
  EXPECT_FALSE(engine.alive());
}

TEST(UciEngine, MissingReadyokIsAnError) {
  UciEngine engine(fake({"--no-readyok"}));
  auto r = engine.start(kShortHandshake);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("no readyok"), std::string::npos) << r.error();
  EXPECT_FALSE(engine.alive());
}

TEST(UciEngine, EngineExitingDuringTheHandshakeIsAnError) {
  UciEngine engine(EngineConfig{"sh", "sh", {"-c", "read line; exit 5"}, "", {}});
  auto r = engine.start(kHandshake);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("exited"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("code 5"), std::string::npos) << r.error();
}

TEST(UciEngine, MissingProgramIsAnError) {
  UciEngine engine(EngineConfig{"ghost", "/nonexistent/engine", {}, "", {}});
  auto r = engine.start(kHandshake);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("/nonexistent/engine"), std::string::npos) << r.error();
  EXPECT_EQ(engine.last_error(), r.error());
  EXPECT_FALSE(engine.alive());
}

TEST(UciEngine, GoReturnsALegalMoveWithInfoAndElapsedTime) {
  constexpr int kThinkMs = 100;
  UciEngine engine(fake({"--move-ms", std::to_string(kThinkMs), "--score", "37"}));
  expect_started(engine);
  ASSERT_TRUE(engine.new_game(kHandshake).ok());
  GoLimits limits;
  limits.movetime = kThinkMs;
  BestMoveReply reply = engine.go(kAfterE4, limits, far_deadline());
  ASSERT_EQ(reply.status, ReplyStatus::BestMove);
  EXPECT_TRUE(legal_after({"e2e4"}, reply.move)) << reply.move;
  EXPECT_FALSE(reply.ponder.has_value());
  EXPECT_GE(reply.elapsed_ms, kThinkMs);
  EXPECT_LT(reply.elapsed_ms, kThinkMs + kDeadlineSlack.count() * 2);
  EXPECT_EQ(reply.info.depth, 1);
  EXPECT_EQ(reply.info.score_cp, 37);
  EXPECT_FALSE(reply.info.score_mate.has_value());
  EXPECT_EQ(reply.info.nodes, 1);
  EXPECT_EQ(reply.info.pv, reply.move);
  EXPECT_EQ(reply.garbage_lines, 0);
}

TEST(UciEngine, SeededFakesPlayALegalGame) {
  UciEngine white(fake({"--seed", "11"})), black(fake({"--seed", "12"}));
  expect_started(white);
  expect_started(black);
  constexpr int kPlies = 20;
  std::vector<std::string> moves;
  std::string position = "position startpos moves";
  for (int ply = 0; ply < kPlies; ++ply) {
    UciEngine& side = ply % 2 == 0 ? white : black;
    BestMoveReply reply = side.go(position, GoLimits{}, far_deadline());
    ASSERT_EQ(reply.status, ReplyStatus::BestMove);
    if (reply.move == "(none)") break;  // mate or stalemate
    ASSERT_TRUE(legal_after(moves, reply.move)) << "ply " << ply << ": " << reply.move;
    moves.push_back(reply.move);
    position += " " + reply.move;
  }
  EXPECT_GT(moves.size(), 2u);
}

TEST(UciEngine, CrashIsReportedAndRestartBringsTheEngineBack) {
  UciEngine engine(fake({"--crash-at", "2"}));
  expect_started(engine);
  const int64_t first_pid = engine.pid();
  EXPECT_EQ(engine.go(kAfterE4, GoLimits{}, far_deadline()).status, ReplyStatus::BestMove);
  BestMoveReply crashed = engine.go(kAfterE4, GoLimits{}, far_deadline());
  EXPECT_EQ(crashed.status, ReplyStatus::Crashed);
  EXPECT_FALSE(engine.alive());
  EXPECT_EQ(engine.last_error(), "exited with code 3");
  ASSERT_TRUE(engine.restart(kHandshake));
  EXPECT_NE(engine.pid(), first_pid);
  EXPECT_EQ(engine.go(kAfterE4, GoLimits{}, far_deadline()).status, ReplyStatus::BestMove);
}

TEST(UciEngine, HangTimesOutAtTheDeadlineAndRecoverRestartsIt) {
  constexpr milliseconds kMoveBudget{200};
  UciEngine engine(fake({"--hang-at", "2"}));
  expect_started(engine);
  EXPECT_EQ(engine.go(kAfterE4, GoLimits{}, far_deadline()).status, ReplyStatus::BestMove);
  const int64_t hung_pid = engine.pid();
  auto t0 = Clock::now();
  BestMoveReply reply = engine.go(kAfterE4, GoLimits{}, t0 + kMoveBudget);
  int64_t took = ms_since(t0);
  EXPECT_EQ(reply.status, ReplyStatus::Timeout);
  EXPECT_GE(took, kMoveBudget.count());
  EXPECT_LT(took, (kMoveBudget + kDeadlineSlack).count());
  EXPECT_TRUE(engine.alive());  // left searching
  constexpr milliseconds kStopGrace{100};
  ASSERT_TRUE(engine.recover(kStopGrace, kHandshake));
  EXPECT_NE(engine.pid(), hung_pid);
  BestMoveReply after = engine.go(kAfterE4, GoLimits{}, far_deadline());
  EXPECT_EQ(after.status, ReplyStatus::BestMove);
  EXPECT_TRUE(legal_after({"e2e4"}, after.move));
}

TEST(UciEngine, LateAnswerIsDiscardedByRecoverWithoutARestart) {
  constexpr int kStallMs = 300;
  constexpr milliseconds kMoveBudget{50};
  UciEngine engine(fake({"--stall-at", "1", "--stall-ms", std::to_string(kStallMs)}));
  expect_started(engine);
  const int64_t pid = engine.pid();
  EXPECT_EQ(engine.go(kAfterE4, GoLimits{}, Clock::now() + kMoveBudget).status,
            ReplyStatus::Timeout);
  ASSERT_TRUE(engine.recover(kGrace, kHandshake));
  EXPECT_EQ(engine.pid(), pid);
  EXPECT_EQ(engine.go(kAfterE4, GoLimits{}, far_deadline()).status, ReplyStatus::BestMove);
}

TEST(UciEngine, StopEndsAnInfiniteSearch) {
  UciEngine engine(fake({}));
  expect_started(engine);
  GoLimits infinite;
  infinite.infinite = true;
  constexpr milliseconds kMoveBudget{50};
  EXPECT_EQ(engine.go(kAfterE4, infinite, Clock::now() + kMoveBudget).status, ReplyStatus::Timeout);
  const int64_t pid = engine.pid();
  ASSERT_TRUE(engine.recover(kGrace, kHandshake));
  EXPECT_EQ(engine.pid(), pid);
}

TEST(UciEngine, GarbageIsCountedAndIgnored) {
  UciEngine engine(fake({"--garbage"}));
  expect_started(engine);
  BestMoveReply reply = engine.go(kAfterE4, GoLimits{}, far_deadline());
  ASSERT_EQ(reply.status, ReplyStatus::BestMove);
  EXPECT_TRUE(legal_after({"e2e4"}, reply.move));
  EXPECT_GE(reply.garbage_lines, 2);
}

TEST(UciEngine, KeepsTheLastScoredInfoOfTheMainLine) {
  UciEngine engine(fake({"--info-line",
                         "info depth 12 seldepth 20 multipv 1 score mate -3 lowerbound nodes "
                         "123456 nps 1000 time 250 pv e2e4  e7e5\tg1f3 ",
                         "--info-line", "info depth 13 multipv 2 score cp 50 pv d2d4",
                         "--info-line", "info string depth 99 score cp 1", "--info-line",
                         "info depth 14 currmove e2e4 currmovenumber 1"}));
  expect_started(engine);
  BestMoveReply reply = engine.go("position startpos", GoLimits{}, far_deadline());
  ASSERT_EQ(reply.status, ReplyStatus::BestMove);
  EXPECT_EQ(reply.info.depth, 12);
  EXPECT_EQ(reply.info.score_mate, -3);
  EXPECT_FALSE(reply.info.score_cp.has_value());
  EXPECT_EQ(reply.info.nodes, 123456);
  EXPECT_EQ(reply.info.time_ms, 250);
  EXPECT_EQ(reply.info.pv, "e2e4 e7e5 g1f3");
  EXPECT_EQ(reply.garbage_lines, 0);
}

TEST(UciEngine, ParsesInfoLines) {
  auto cp = parse_info_line("info  depth 7 score cp -25 upperbound nodes 99 time 12 pv a2a3");
  ASSERT_TRUE(cp.has_value());
  EXPECT_TRUE(cp->has_score);
  EXPECT_EQ(cp->info.depth, 7);
  EXPECT_EQ(cp->info.score_cp, -25);
  EXPECT_EQ(cp->info.nodes, 99);
  EXPECT_EQ(cp->info.time_ms, 12);
  EXPECT_EQ(cp->info.pv, "a2a3");
  EXPECT_FALSE(parse_info_line("info string hello").has_value());
  EXPECT_FALSE(parse_info_line("bestmove e2e4").has_value());
  auto broken = parse_info_line("info depth x score cp nodes");
  ASSERT_TRUE(broken.has_value());
  EXPECT_FALSE(broken->has_score);
  EXPECT_FALSE(broken->has_depth_or_pv);
  auto bare = parse_info_line("info nodes 5");
  ASSERT_TRUE(bare.has_value());
  EXPECT_FALSE(bare->has_depth_or_pv);
}

TEST(UciEngine, NullAndIllegalMovesAreReportedAsSent) {
  UciEngine engine(fake({"--null-at", "1", "--illegal-at", "2"}));
  expect_started(engine);
  EXPECT_EQ(engine.go(kAfterE4, GoLimits{}, far_deadline()).move, "0000");
  BestMoveReply illegal = engine.go(kAfterE4, GoLimits{}, far_deadline());
  ASSERT_EQ(illegal.status, ReplyStatus::BestMove);
  EXPECT_FALSE(legal_after({"e2e4"}, illegal.move)) << illegal.move;
}

TEST(UciEngine, FakeReadsFenPositionsAndReportsNoMoveWhenThereIsNone) {
  UciEngine engine(fake({}));
  expect_started(engine);
  // Black to move is stalemated.
  BestMoveReply stalemate =
      engine.go("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", GoLimits{}, far_deadline());
  EXPECT_EQ(stalemate.move, "(none)");
  // The only legal reply to the check is to take the queen.
  BestMoveReply forced = engine.go("position fen 7k/8/8/8/8/8/8/K5Q1 w - - 0 1 moves g1g7",
                                   GoLimits{}, far_deadline());
  EXPECT_EQ(forced.move, "h8g7");
}

TEST(UciEngine, FormatsGo) {
  EXPECT_EQ(UciEngine::format_go(GoLimits{}), "go");
  GoLimits clock;
  clock.wtime = 1000;
  clock.btime = 900;
  clock.winc = 10;
  clock.binc = 20;
  clock.movestogo = 5;
  EXPECT_EQ(UciEngine::format_go(clock), "go wtime 1000 btime 900 winc 10 binc 20 movestogo 5");
  GoLimits fixed;
  fixed.depth = 8;
  fixed.nodes = 5000;
  fixed.movetime = 250;
  EXPECT_EQ(UciEngine::format_go(fixed), "go depth 8 nodes 5000 movetime 250");
  GoLimits infinite;
  infinite.infinite = true;
  EXPECT_EQ(UciEngine::format_go(infinite), "go infinite");
  GoLimits ponder = clock;
  ponder.ponder = true;
  EXPECT_EQ(UciEngine::format_go(ponder),
            "go ponder wtime 1000 btime 900 winc 10 binc 20 movestogo 5");
}

// Pondering against the real engine: a hit answers after ponderhit with a move
// legal after the expected reply; a miss is stopped and the engine goes on normally.
TEST(UciEngine, PondersThenHitsOrStops) {
  UciEngine engine(EngineConfig{"arbiter", ARBITER_BINARY, {}, "", {{"Hash", "8"}}});
  expect_started(engine);
  GoLimits clock;
  clock.wtime = clock.btime = 2000;
  clock.winc = clock.binc = 20;
  ASSERT_TRUE(engine.start_ponder("position startpos moves e2e4 e7e5", clock));
  EXPECT_TRUE(engine.pondering());
  BestMoveReply hit = engine.ponderhit(far_deadline());
  EXPECT_FALSE(engine.pondering());
  ASSERT_EQ(hit.status, ReplyStatus::BestMove);
  EXPECT_TRUE(legal_after({"e2e4", "e7e5"}, hit.move)) << hit.move;

  ASSERT_TRUE(engine.start_ponder("position startpos moves e2e4 e7e5 g1f3 b8c6", clock));
  std::optional<int64_t> latency = engine.stop_ponder(milliseconds(2000 * kScale), kHandshake);
  ASSERT_TRUE(latency.has_value());  // it answered stop (how fast is the benchmark's business)
  EXPECT_GE(*latency, 0);
  EXPECT_FALSE(engine.stop_ponder(milliseconds(100), kHandshake).has_value());  // not pondering
  BestMoveReply after =
      engine.go("position startpos moves e2e4 e7e5 g1f3 g8f6", clock, far_deadline());
  ASSERT_EQ(after.status, ReplyStatus::BestMove);
  EXPECT_TRUE(legal_after({"e2e4", "e7e5", "g1f3", "g8f6"}, after.move)) << after.move;
}

TEST(UciEngine, QuitEndsTheProcessAndKillsOneThatIgnoresIt) {
  UciEngine polite(fake({}));
  expect_started(polite);
  auto t0 = Clock::now();
  polite.quit(kGrace);
  EXPECT_FALSE(polite.alive());
  EXPECT_LT(ms_since(t0), kGrace.count());

  UciEngine stubborn(fake({"--ignore-quit"}));
  expect_started(stubborn);
  constexpr milliseconds kQuitGrace{100};
  stubborn.quit(kQuitGrace);
  EXPECT_FALSE(stubborn.alive());
}

// Match concurrency: engines started, played and stopped from several threads.
TEST(UciEngine, ManyEnginesFromManyThreads) {
  constexpr int kThreads = 8;
  constexpr int kEnginesPerThread = 3;
  constexpr int kMovesPerEngine = 5;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&failures, t] {
      std::vector<UciEngine> engines;
      for (int e = 0; e < kEnginesPerThread; ++e) {
        engines.emplace_back(fake({"--seed", std::to_string(t * kEnginesPerThread + e)}));
        if (!engines.back().start(kHandshake).ok()) ++failures;
      }
      for (int move = 0; move < kMovesPerEngine; ++move)
        for (UciEngine& engine : engines) {
          BestMoveReply reply = engine.go(kAfterE4, GoLimits{}, far_deadline());
          if (reply.status != ReplyStatus::BestMove || !legal_after({"e2e4"}, reply.move))
            ++failures;
        }
      for (UciEngine& engine : engines) {
        engine.quit(kGrace);
        if (engine.alive()) ++failures;
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(UciEngine, DrivesTheRealArbiterEngine) {
  EngineConfig config{"Arbiter", ARBITER_BINARY, {}, "", {{"Hash", "16"}}};
  UciEngine engine(config);
  expect_started(engine);
  EXPECT_NE(engine.id_name().find("Arbiter"), std::string::npos) << engine.id_name();
  EXPECT_TRUE(engine.declares_option("hash"));
  EXPECT_TRUE(engine.warnings().empty());
  ASSERT_TRUE(engine.new_game(kHandshake).ok());
  GoLimits limits;
  limits.depth = 4;
  BestMoveReply reply = engine.go(kAfterE4, limits, far_deadline());
  ASSERT_EQ(reply.status, ReplyStatus::BestMove);
  EXPECT_TRUE(legal_after({"e2e4"}, reply.move)) << reply.move;
  EXPECT_GE(reply.info.depth, 1);
  EXPECT_TRUE(reply.info.score_cp.has_value() || reply.info.score_mate.has_value());
  EXPECT_FALSE(reply.info.pv.empty());
  EXPECT_EQ(reply.garbage_lines, 0);
  engine.quit(kGrace);
  EXPECT_FALSE(engine.alive());
}

}  // namespace
}  // namespace arbiter::match
