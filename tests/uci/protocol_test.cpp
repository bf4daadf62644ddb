// UCI scenarios against the real binary over pipes.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "test_support.h"
#include "uci_session.h"

namespace arbiter::test {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr int64_t kSchedulingSlackMs = 80;

using test::ms_since;

TEST(UciProtocol, HandshakeFollowsTheGrammar) {
  UciSession s;
  auto lines = s.handshake();
  ASSERT_GE(lines.size(), 3u);
  EXPECT_TRUE(starts_with(lines[0], "id name Arbiter"));
  EXPECT_TRUE(starts_with(lines[1], "id author "));
  EXPECT_EQ(lines.back(), "uciok");
  std::set<std::string> names;
  for (const std::string& l : lines) {
    EXPECT_FALSE(l.empty());
    EXPECT_NE(l.back(), ' ') << "trailing space: '" << l << "'";
    if (!starts_with(l, "option ")) continue;
    auto w = words(l);
    auto type = l.find(" type ");
    ASSERT_NE(type, std::string::npos) << l;
    names.insert(l.substr(12, type - 12));
    std::string kind = field(l, "type");
    if (kind == "button") continue;
    EXPECT_NE(l.find(" default "), std::string::npos) << "no default: " << l;
    if (kind == "spin") {
      EXPECT_FALSE(field(l, "min").empty()) << l;
      EXPECT_FALSE(field(l, "max").empty()) << l;
    }
  }
  for (const char* expected :
       {"Hash", "Threads", "Clear Hash", "MultiPV", "Ponder", "Move Overhead", "UCI_Chess960"})
    EXPECT_TRUE(names.count(expected)) << expected;
}

TEST(UciProtocol, IsReadyIsAnsweredMidSearch) {
  UciSession s;
  s.sync();
  s.send("go infinite");
  std::this_thread::sleep_for(milliseconds(200));
  auto t = Clock::now();
  s.send("isready");
  bool ok = false;
  auto lines =
      s.process().read_until([](const std::string& l) { return l == "readyok"; }, 1000, &ok);
  EXPECT_TRUE(ok);
  EXPECT_LT(ms_since(t), 500 * kSanitizedTimeoutScale);
  for (const std::string& l : lines)
    EXPECT_FALSE(starts_with(l, "bestmove")) << "search ended early";
  s.send("stop");
  s.until_bestmove();
}

TEST(UciProtocol, StopAnswersWithinMilliseconds) {
  UciSession s;
  s.sync();
  s.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  s.send("go infinite");
  std::this_thread::sleep_for(milliseconds(500));
  auto t = Clock::now();
  s.send("stop");
  auto lines = s.until_bestmove(2000);
  int64_t latency = ms_since(t);
  std::cout << "stop-to-bestmove latency: " << latency << " ms\n";
  EXPECT_LT(latency, 100 * kSanitizedTimeoutScale);
  EXPECT_FALSE(bestmove_of(lines).empty());
}

TEST(UciProtocol, InfiniteNeverAnswersBeforeStop) {
  UciSession s;
  s.sync();
  // Mate in one: the search itself is over at once, yet bestmove must wait.
  s.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  s.send("go infinite depth 3");
  auto early =
      s.process().read_until([](const std::string& l) { return starts_with(l, "bestmove"); }, 700);
  for (const std::string& l : early)
    EXPECT_FALSE(starts_with(l, "bestmove")) << "answered before stop";
  s.send("stop");
  EXPECT_EQ(bestmove_of(s.until_bestmove()), "a1a8");
}

TEST(UciProtocol, PonderNeverAnswersBeforePonderhit) {
  UciSession s;
  s.sync();
  s.send("position startpos moves e2e4 e7e5");
  s.send("go ponder wtime 1000 btime 1000 depth 4");
  auto early =
      s.process().read_until([](const std::string& l) { return starts_with(l, "bestmove"); }, 700);
  for (const std::string& l : early)
    EXPECT_FALSE(starts_with(l, "bestmove")) << "answered before ponderhit";
  auto t = Clock::now();
  s.send("ponderhit");
  auto lines = s.until_bestmove(2000);
  EXPECT_LT(ms_since(t), 300 * kSanitizedTimeoutScale);
  EXPECT_FALSE(bestmove_of(lines).empty());
}

TEST(UciProtocol, GoStraightAfterBestmoveAndRacingCommands) {
  UciSession s;
  s.sync();
  for (int i = 0; i < 20; ++i) {
    auto lines = s.go("go depth 2");
    EXPECT_FALSE(bestmove_of(lines).empty());
  }
  // stop, position, go in a burst: two searches, two bestmoves, the second for the new position.
  s.send("go infinite");
  s.send("stop");
  s.send("position startpos moves e2e4");
  s.send("go depth 3");
  auto first = s.until_bestmove();
  auto second = s.until_bestmove();
  core::Position after_e4;
  ASSERT_TRUE(legal_line(core::Position::start_position(), {"e2e4", bestmove_of(second)}, false,
                         &after_e4));
  s.sync();
}

TEST(UciProtocol, InvalidFenIsRejectedAndPositionKept) {
  UciSession s;
  s.send("position startpos moves e2e4");
  const std::string before = s.current_fen();
  ASSERT_FALSE(before.empty());
  for (const char* bad :
       {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1", "position fen 4k3/8/8/8/8/8/8/3KR3 w - - 0 1",
        "position fen garbage", "position", "position sideways"}) {
    auto replies = s.replies_to(bad);
    ASSERT_FALSE(replies.empty()) << bad;
    EXPECT_TRUE(starts_with(replies[0], "info string")) << replies[0];
    EXPECT_EQ(s.current_fen(), before) << bad;
  }
}

TEST(UciProtocol, IllegalMoveIsRejectedAndPositionKept) {
  UciSession s;
  s.send("position startpos moves e2e4");
  const std::string before = s.current_fen();
  auto replies = s.replies_to("position startpos moves e2e4 e7e5 g1g3");
  ASSERT_FALSE(replies.empty());
  EXPECT_TRUE(starts_with(replies[0], "info string illegal move g1g3 at ply 3")) << replies[0];
  EXPECT_EQ(s.current_fen(), before);
  replies = s.replies_to("position startpos moves e2e4 zz99");
  ASSERT_FALSE(replies.empty());
  EXPECT_NE(replies[0].find("zz99"), std::string::npos);
  EXPECT_EQ(s.current_fen(), before);
}

TEST(UciProtocol, BadOptionsAndGarbageGetInfoStrings) {
  UciSession s;
  for (const char* bad : {"setoption name Hash value lots", "setoption name Hash value 0",
                          "setoption name NoSuchOption value 3", "setoption name Threads value -2",
                          "setoption name UCI_Chess960 value maybe", "setoption", "xyzzy",
                          "\x01\x02\xff garbage \x7f"}) {
    auto replies = s.replies_to(bad);
    ASSERT_EQ(replies.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(replies[0], "info string")) << replies[0];
  }
  // Still fully working afterwards.
  EXPECT_FALSE(bestmove_of(s.go("go depth 3")).empty());
}

TEST(UciProtocol, TwoThousandPlyMoveList) {
  UciSession s;
  std::string cmd = "position startpos moves";
  for (int i = 0; i < 500; ++i) cmd += " g1f3 g8f6 f3g1 f6g8";
  auto t = Clock::now();
  auto replies = s.replies_to(cmd);
  EXPECT_TRUE(replies.empty()) << replies[0];
  EXPECT_LT(ms_since(t), 2000 * kSanitizedTimeoutScale);
  EXPECT_EQ(s.current_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2000 1001");
  auto lines = s.go("go depth 6");
  ASSERT_TRUE(legal_line(core::Position::start_position(), {bestmove_of(lines)}, false));
  // Any knight move back repeats the start a 502nd time: the engine sees draws everywhere.
  EXPECT_EQ(field(lines[lines.size() - 2], "score"), "cp");
}

TEST(UciProtocol, Chess960CastlingBothWays) {
  UciSession s;
  s.send("setoption name UCI_Chess960 value true");
  // King f1, rooks a1 and h1 (Shredder rights HA).
  const std::string fen = "r4kr1/pppppppp/8/8/8/8/PPPPPPPP/R4K1R w HAga - 0 1";
  s.send("position fen " + fen + " moves f1h1");
  EXPECT_EQ(s.current_fen().substr(0, 50), "r4kr1/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ga - 1 1");
  s.send("position fen " + fen + " moves f1a1");
  EXPECT_TRUE(starts_with(s.current_fen(), "r4kr1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b ga"));
  s.send("position fen " + fen);
  EXPECT_EQ(bestmove_of(s.go("go depth 2 searchmoves f1h1")), "f1h1");
  // Standard chess writes castling as the king's step and reads both spellings.
  s.send("setoption name UCI_Chess960 value false");
  s.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1");
  EXPECT_TRUE(starts_with(s.current_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq"));
  s.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(bestmove_of(s.go("go depth 2 searchmoves e1c1")), "e1c1");
}

TEST(UciProtocol, MultiPvPrintsDistinctLines) {
  UciSession s;
  s.send("setoption name MultiPV value 3");
  auto lines = s.go("go depth 7");
  std::set<std::string> firsts;
  for (const std::string& l : lines) {
    if (!starts_with(l, "info depth 7 ")) continue;
    EXPECT_FALSE(field(l, "multipv").empty()) << l;
    auto pv = pv_of(l);
    ASSERT_FALSE(pv.empty());
    firsts.insert(pv[0]);
    EXPECT_TRUE(legal_line(core::Position::start_position(), pv, false)) << l;
  }
  EXPECT_EQ(firsts.size(), 3u);
}

TEST(UciProtocol, SearchmovesAreRespected) {
  UciSession s;
  auto best = bestmove_of(s.go("go depth 6 searchmoves a2a3 h2h3"));
  EXPECT_TRUE(best == "a2a3" || best == "h2h3") << best;
}

// A token of the list that is no legal move is named and skipped; the list goes
// on to the next keyword, and with no legal move left every move is searched.
TEST(UciProtocol, BadSearchmovesAreNamedAndSkipped) {
  UciSession s;
  auto lines = s.go("go searchmoves a2a3 e2e5 h2h3 depth 5");
  const std::string best = bestmove_of(lines);
  EXPECT_TRUE(best == "a2a3" || best == "h2h3") << best;
  int warnings = 0;
  for (const std::string& l : lines)
    if (starts_with(l, "info string go: searchmoves: ")) {
      ++warnings;
      EXPECT_NE(l.find("e2e5"), std::string::npos) << l;
    }
  EXPECT_EQ(warnings, 1);
  EXPECT_EQ(field(lines[lines.size() - 2], "depth"), "5");

  lines = s.go("go depth 2 searchmoves zz");
  bool widened = false;
  for (const std::string& l : lines)
    widened |= l == "info string go: no legal move in searchmoves; searching every move";
  EXPECT_TRUE(widened);
  EXPECT_TRUE(legal_line(core::Position::start_position(), {bestmove_of(lines)}, false));
}

TEST(UciProtocol, InfoLinesAreConsistent) {
  UciSession s;
  s.send("position fen r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10");
  auto lines = s.go("go depth 8");
  std::string last_info;
  core::Position root =
      test::must_parse("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10");
  for (const std::string& l : lines) {
    if (!starts_with(l, "info depth")) continue;
    auto w = words(l);
    const bool progress = l.find(" currmove ") != std::string::npos;
    // Field order: depth seldepth [multipv] score nodes nps hashfull time pv; a progress
    // line in a long iteration (a slow build) has the root move instead of score and PV.
    const std::vector<std::string> keys =
        progress ? std::vector<std::string>{"depth",    "seldepth", "nodes",    "nps",
                                            "hashfull", "time",     "currmove", "currmovenumber"}
                 : std::vector<std::string>{"depth", "seldepth", "score", "nodes",
                                            "nps",   "hashfull", "time",  "pv"};
    size_t at = 0;
    for (const std::string& k : keys) {
      auto it = std::find(w.begin() + long(at), w.end(), k);
      ASSERT_NE(it, w.end()) << k << " missing or out of order in: " << l;
      at = size_t(it - w.begin());
    }
    if (progress) {
      EXPECT_TRUE(legal_line(root, {field(l, "currmove")}, false)) << l;
      continue;
    }
    last_info = l;
    EXPECT_TRUE(legal_line(root, pv_of(l), false)) << l;
  }
  ASSERT_FALSE(last_info.empty());
  EXPECT_EQ(pv_of(last_info)[0], bestmove_of(lines));
  // Mate in 2: "score mate 2" with a 3-ply PV ending in checkmate.
  EXPECT_EQ(field(last_info, "score"), "mate");
  auto w = words(last_info);
  auto score_at = std::find(w.begin(), w.end(), "mate");
  EXPECT_EQ(*(score_at + 1), "2");
  core::Position end;
  ASSERT_TRUE(legal_line(root, pv_of(last_info), false, &end));
  EXPECT_EQ(pv_of(last_info).size(), 3u);
  EXPECT_TRUE(core::is_checkmate(end));
}

TEST(UciProtocol, NoLegalMoveGivesBestmove0000WithReason) {
  UciSession s;
  s.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  auto lines = s.go("go depth 5");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_TRUE(starts_with(lines[lines.size() - 2], "info string no legal moves: checkmate"));
  EXPECT_EQ(lines.back(), "bestmove 0000");
  s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  lines = s.go("go movetime 50");
  EXPECT_TRUE(starts_with(lines[lines.size() - 2], "info string no legal moves: stalemate"));
}

TEST(UciProtocol, ClockedSearchesFinishInTime) {
  UciSession s;
  s.sync();
  struct Case {
    const char* go;
    int64_t budget_ms;  // the time the engine must not exceed (its remaining clock)
  };
  for (Case c : {Case{"go wtime 1000 btime 1000", 1000},
                 Case{"go wtime 300 btime 300 winc 100 binc 100", 300},
                 Case{"go wtime 2000 btime 2000 movestogo 1", 2000},
                 Case{"go wtime 20 btime 20", 20}, Case{"go movetime 200", 200 + 50}}) {
    auto t = Clock::now();
    auto lines = s.go(c.go);
    int64_t used = ms_since(t);
    // The exact budget is unit-tested (TimeManagement); here the process as a whole
    // must not overrun by more than scheduling noise on a loaded 2-core machine.
    EXPECT_LT(used, c.budget_ms + kSchedulingSlackMs * kSanitizedTimeoutScale) << c.go;
    EXPECT_FALSE(bestmove_of(lines).empty()) << c.go;
  }
}

TEST(UciProtocol, NoTimeLeftOrAbsurdLimitsStillAnswerWithALegalMove) {
  // A clock at or below zero is a clock (no time left), never "no clock": before the
  // sentinel went, `go wtime -1` searched without end. Depth or mate below one still
  // asks for a move (a mate search ends on its own only when it finds one, so that
  // case has a depth). The deadline is generous: only an endless search misses it.
  constexpr int kDeadlineMs = 10000;
  UciSession s;
  s.sync();
  s.send("position startpos moves e2e4");
  for (const char* go : {"go wtime -1 btime -1", "go wtime 5000 btime -1", "go btime 0",
                         "go wtime -1 btime -400 winc -50 binc -50 movestogo -3", "go movetime 0",
                         "go movetime -5", "go depth 0", "go depth -3", "go mate -2 depth 2"}) {
    auto lines = s.go(go, kDeadlineMs);
    const std::string best = bestmove_of(lines);
    core::Position after_e4;
    EXPECT_TRUE(legal_line(core::Position::start_position(), {"e2e4", best}, false, &after_e4))
        << go << ": bestmove '" << best << "'";
  }
  s.sync();
}

TEST(UciProtocol, EveryPerftPositionGetsALegalBestmove) {
  UciSession s;
  bool chess960 = false;
  int checked = 0;
  for (const core::PerftCase& c : perft_suite()) {
    if (c.chess960 != chess960) {
      chess960 = c.chess960;
      s.send(std::string("setoption name UCI_Chess960 value ") + (chess960 ? "true" : "false"));
    }
    core::Position pos = must_parse(c.fen, c.chess960);
    s.send("position fen " + c.fen);
    auto lines = s.go(kSanitized ? "go depth 1" : "go movetime 10");
    std::string best = bestmove_of(lines);
    if (core::count_legal_moves(pos) == 0) {
      EXPECT_EQ(best, "0000") << c.fen;
      EXPECT_TRUE(starts_with(lines[lines.size() - 2], "info string no legal moves")) << c.fen;
    } else {
      EXPECT_TRUE(legal_line(pos, {best}, c.chess960)) << c.fen << " bestmove " << best;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 270);
}

TEST(UciProtocol, QuitEndsTheProcessDuringASearch) {
  UciSession s;
  s.sync();
  s.send("go infinite");
  std::this_thread::sleep_for(milliseconds(100));
  auto t = Clock::now();
  s.send("quit");
  while (!s.process().exited() && ms_since(t) < 2000) std::this_thread::sleep_for(milliseconds(5));
  EXPECT_TRUE(s.process().exited());
  EXPECT_LT(ms_since(t), 500 * kSanitizedTimeoutScale);
}

}  // namespace
}  // namespace arbiter::test
