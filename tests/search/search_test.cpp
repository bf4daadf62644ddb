// Search sanity: mates found with the right score, draws recognised, the PV
// legal, and the cheap draw-by-material test equal to the rules' version.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "arbiter/core/notation.h"
#include "arbiter/search/strength.h"
#include "arbiter/search/threads.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "test_support.h"

namespace arbiter::search {
namespace {

using core::Position;
using test::must_parse;

struct Game {
  Position pos;
  std::vector<core::Key> history;
};

Game play_game(const std::string& fen, std::initializer_list<const char*> moves) {
  Game g{must_parse(fen), {}};
  for (const char* text : moves) {
    auto m = core::parse_uci_move(g.pos, text, false);
    EXPECT_TRUE(m.ok()) << text;
    if (!m.ok()) break;
    g.history.push_back(g.pos.key());
    core::UndoInfo undo;
    g.pos.make_move(m.value(), undo);
  }
  return g;
}

SearchResult search_depth(const Game& g, int depth, std::vector<SearchInfo>* infos = nullptr) {
  ThreadPool pool;
  SearchLimits limits;
  limits.depth = depth;
  return pool.search_sync(g.pos, g.history, limits, SearchOptions{}, [infos](const SearchInfo& i) {
    if (infos) infos->push_back(i);
  });
}

void expect_legal_pv(const Position& root, const std::vector<core::Move>& pv) {
  Position pos = root;
  for (core::Move m : pv) {
    ASSERT_TRUE(pos.is_legal(m)) << core::to_fen(pos) << " " << core::to_uci(m, false);
    core::UndoInfo undo;
    pos.make_move(m, undo);
  }
}

struct MateCase {
  const char* fen;
  const char* best;  // every move that mates this fast, space separated
  int mate_in;
};

// Whether `move` is one of the space-separated moves in `accepted`.
bool one_of(const std::string& move, const std::string& accepted) {
  return (" " + accepted + " ").find(" " + move + " ") != std::string::npos;
}

class MateSearch : public ::testing::TestWithParam<MateCase> {};

TEST_P(MateSearch, FindsTheMateWithTheRightScore) {
  const MateCase& c = GetParam();
  Game g = play_game(c.fen, {});
  std::vector<SearchInfo> infos;
  SearchResult r = search_depth(g, 2 * c.mate_in + 2, &infos);
  EXPECT_PRED2(one_of, core::to_uci(r.best, false), c.best);
  EXPECT_EQ(mate_distance_moves(r.score), c.mate_in);
  ASSERT_FALSE(infos.empty());
  const SearchInfo& last = infos.back();
  expect_legal_pv(g.pos, last.pv);
  // A mate in N is 2N-1 plies long and ends in checkmate.
  ASSERT_EQ(int(last.pv.size()), 2 * c.mate_in - 1);
  Position end = g.pos;
  for (core::Move m : last.pv) {
    core::UndoInfo undo;
    end.make_move(m, undo);
  }
  EXPECT_TRUE(core::is_checkmate(end));
}

INSTANTIATE_TEST_SUITE_P(
    Mates, MateSearch,
    ::testing::Values(
        MateCase{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", 1},
        // Any rook move from d2 to d6 mates in 2 (1... Kb8 2. Rd8#).
        MateCase{"2k5/8/1K6/8/8/8/8/3R4 w - - 0 1", "d1d2 d1d3 d1d4 d1d5 d1d6", 2},
        MateCase{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10", "d5f6", 2},
        MateCase{"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3}));

TEST(SearchDraws, FiftyMoveRuleScoresZero) {
  // Any move White makes is the 100th without capture or pawn move.
  Game drawn = play_game("8/8/4k3/8/8/3K4/8/R7 w - - 99 80", {});
  EXPECT_EQ(search_depth(drawn, 6).score, 0);
  Game fresh = play_game("8/8/4k3/8/8/3K4/8/R7 w - - 0 80", {});
  EXPECT_GT(search_depth(fresh, 6).score, 300);
}

TEST(SearchDraws, ThreefoldRepetitionFromGameHistoryIsTaken) {
  // White is a queen down; Nf3 repeats the position for the third time.
  const char* fen = "1q5k/8/8/8/8/8/8/6NK w - - 0 1";
  Game g = play_game(fen, {"g1f3", "b8c8", "f3g1", "c8b8", "g1f3", "b8c8", "f3g1", "c8b8"});
  SearchResult r = search_depth(g, 6);
  EXPECT_EQ(core::to_uci(r.best, false), "g1f3");
  EXPECT_EQ(r.score, 0);
  // Without that history the same position is simply lost.
  EXPECT_LT(search_depth(play_game(fen, {}), 6).score, -500);
}

TEST(SearchDraws, InsufficientMaterialScoresZero) {
  EXPECT_EQ(search_depth(play_game("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1", {}), 4).score, 0);
}

TEST(SearchDraws, DrawByMaterialAgreesWithTheRules) {
  for (const Position& pos : test::random_walk_positions(1, 60))
    ASSERT_EQ(draw_by_material(pos), rules::dead_by_material(pos)) << core::to_fen(pos);
  for (const char* fen :
       {"8/8/4k3/8/8/8/8/4K3 w - - 0 1", "8/8/4k3/8/8/8/8/2B1K3 w - - 0 1",
        "2b4k/8/b7/8/8/8/8/1B1B1BK1 w - - 0 1", "2b5/8/4k3/8/8/8/8/2B1K3 w - - 0 1",
        "8/8/4k3/8/8/8/8/1N2KN2 w - - 0 1"}) {
    Position pos = must_parse(fen);
    EXPECT_EQ(draw_by_material(pos), rules::dead_by_material(pos)) << fen;
  }
}

TEST(Search, PvIsLegalAndStartsWithTheBestMove) {
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}) {
    Game g = play_game(fen, {});
    std::vector<SearchInfo> infos;
    SearchResult r = search_depth(g, test::kSanitized ? 5 : 9, &infos);
    ASSERT_FALSE(infos.empty());
    for (const SearchInfo& i : infos) expect_legal_pv(g.pos, i.pv);
    EXPECT_EQ(infos.back().pv.front(), r.best);
    EXPECT_TRUE(g.pos.is_legal(r.best));
    if (r.ponder) {
      Position after = g.pos;
      core::UndoInfo undo;
      after.make_move(r.best, undo);
      EXPECT_TRUE(after.is_legal(r.ponder));
    }
  }
}

// After 1.e4 e5 2.Nf3 Qh4? only Nxh4 wins the queen. Every other move leaves
// Black's queen an escape; shallow searches pruned those escapes (late move
// pruning at depth 1 kept three quiets, none of them a queen move) and scored
// Qe2, Nc3, d3 as if they too won it. The limited strength levels choose among
// such shallow MultiPV lines, so with them (threat-aware ordering) no depth may
// believe that.
TEST(Search, ShallowSearchesLetAnAttackedQueenEscape) {
  Game g = play_game("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", {});
  const core::Move capture = core::parse_uci_move(g.pos, "f3h4", false).value();
  constexpr int kQueenWon = 500;  // centipawns: only a line that wins the queen scores this
  ThreadPool pool;
  SearchOptions options;
  options.multipv = 4;
  options.strength = strength_for_elo(kMaxLimitedElo - 1);  // limited, but deeper than 7
  ASSERT_GT(options.strength.depth, 7);
  for (int depth = 1; depth <= 7; ++depth) {
    SearchLimits limits;
    limits.depth = depth;
    std::vector<SearchInfo> infos;
    pool.search_sync(g.pos, g.history, limits, options,
                     [&infos](const SearchInfo& i) { infos.push_back(i); });
    std::set<int> lines;  // multipv numbers (the line played is sent again last)
    for (const SearchInfo& i : infos) {
      if (i.depth != depth || i.progress || i.bound != Bound::Exact) continue;
      lines.insert(i.multipv);
      if (i.pv.front() == capture)
        EXPECT_GT(i.score, kQueenWon) << "depth " << depth;
      else
        EXPECT_LT(i.score, kQueenWon)
            << "depth " << depth << " " << core::to_uci(i.pv.front(), false);
    }
    EXPECT_EQ(lines.size(), 4u) << "depth " << depth;
  }
}

TEST(Search, SameDepthGivesSameNodeCount) {
  Game g =
      play_game("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", {});
  EXPECT_EQ(search_depth(g, 7).nodes, search_depth(g, 7).nodes);
}

TEST(Search, NodeLimitIsHonoured) {
  ThreadPool pool;
  SearchLimits limits;
  limits.nodes = 20000;
  SearchResult r = pool.search_sync(Position::start_position(), {}, limits, SearchOptions{});
  EXPECT_TRUE(Position::start_position().is_legal(r.best));
  EXPECT_LE(r.nodes, 20000u + 1024u);
}

TEST(Search, SearchmovesRestrictTheRoot) {
  ThreadPool pool;
  SearchLimits limits;
  limits.depth = 6;
  Position start = Position::start_position();
  limits.searchmoves = {core::parse_uci_move(start, "a2a3", false).value(),
                        core::parse_uci_move(start, "h2h3", false).value()};
  SearchResult r = pool.search_sync(start, {}, limits, SearchOptions{});
  EXPECT_TRUE(r.best == limits.searchmoves[0] || r.best == limits.searchmoves[1]);
}

TEST(Search, TwoThreadsFindTheSameMate) {
  ThreadPool pool;
  pool.set_threads(2);
  SearchLimits limits;
  limits.depth = 6;
  SearchResult r =
      pool.search_sync(must_parse("2k5/8/1K6/8/8/8/8/3R4 w - - 0 1"), {}, limits, SearchOptions{});
  EXPECT_PRED2(one_of, core::to_uci(r.best, false), "d1d2 d1d3 d1d4 d1d5 d1d6");
  EXPECT_EQ(mate_distance_moves(r.score), 2);
}

TEST(Search, LongIterationsShowTheRootMoveOncePerSecond) {
  // GUIs get a progress line at least once a second (SearchOptions' default); here
  // every 50 ms, so that a one-second search surely has iterations longer than that.
  // Progress lines name a legal root move and its number, and never come sooner
  // than the interval after the last line (wall time only stretches under load,
  // so that bound holds on any machine).
  constexpr int64_t kMovetimeMs = 1000, kIntervalMs = 50;
  EXPECT_EQ(SearchOptions{}.progress_interval_ms, 1000);
  const Position root =
      must_parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ThreadPool pool;
  SearchLimits limits;
  limits.movetime_ms = kMovetimeMs;
  SearchOptions options;
  options.progress_interval_ms = kIntervalMs;
  std::vector<SearchInfo> infos;
  pool.search_sync(root, {}, limits, options, [&](const SearchInfo& i) { infos.push_back(i); });
  int progress_lines = 0;
  int64_t last_time_ms = 0;
  for (const SearchInfo& info : infos) {
    if (info.progress) {
      ++progress_lines;
      EXPECT_TRUE(root.is_legal(info.currmove)) << core::to_uci(info.currmove, false);
      EXPECT_GE(info.currmovenumber, 1);
      EXPECT_LE(info.currmovenumber, int(core::count_legal_moves(root)));
      EXPECT_TRUE(info.pv.empty());
      EXPECT_GE(info.time_ms - last_time_ms, kIntervalMs);
    }
    last_time_ms = info.time_ms;
  }
  EXPECT_GE(progress_lines, 1);
}

}  // namespace
}  // namespace arbiter::search
