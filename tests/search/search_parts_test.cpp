// The search's parts: time allocation, transposition table, SEE, mate scores.
#include <gtest/gtest.h>

#include <chrono>

#include "arbiter/core/notation.h"
#include "arbiter/search/correction.h"
#include "arbiter/search/history.h"
#include "arbiter/search/score.h"
#include "arbiter/search/see.h"
#include "arbiter/search/threads.h"
#include "arbiter/search/timeman.h"
#include "arbiter/search/tt.h"
#include "arbiter/uci/options.h"
#include "test_support.h"

namespace arbiter::search {
namespace {

using core::Color;

SearchLimits clock_limits(int64_t time, int64_t inc, int moves_to_go = 0) {
  SearchLimits l;
  l.time_ms[0] = l.time_ms[1] = time;
  l.increment_ms[0] = l.increment_ms[1] = inc;
  l.moves_to_go = moves_to_go;
  return l;
}

TEST(TimeManagement, MovetimeIsExactLessOverhead) {
  SearchLimits l;
  l.movetime_ms = 1000;
  TimeBudget b = plan_time(l, Color::White, 30);
  EXPECT_TRUE(b.limited);
  EXPECT_TRUE(b.fixed);
  EXPECT_EQ(b.soft_ms, 970);
  EXPECT_EQ(b.hard_ms, 970);
}

TEST(TimeManagement, AClockAtOrBelowZeroGetsTheLeastSearch) {
  for (int64_t time : {int64_t(0), int64_t(-1), int64_t(-5000)}) {
    TimeBudget b = plan_time(clock_limits(time, 0), Color::White, 30);
    EXPECT_TRUE(b.limited) << time;
    EXPECT_EQ(b.hard_ms, 1) << time;
    EXPECT_EQ(b.soft_ms, 1) << time;
  }
  SearchLimits l;
  l.movetime_ms = -5;
  EXPECT_TRUE(plan_time(l, Color::White, 30).fixed);
  EXPECT_EQ(plan_time(l, Color::White, 30).hard_ms, 1);
  // Only the side to move's clock counts; no clock at all is unlimited.
  l = SearchLimits{};
  l.time_ms[core::index(Color::Black)] = -1;
  EXPECT_FALSE(plan_time(l, Color::White, 30).limited);
  EXPECT_TRUE(plan_time(l, Color::Black, 30).limited);
}

TEST(TimeManagement, OnlyMovetimeIsFixed) {
  EXPECT_FALSE(plan_time(clock_limits(60000, 1000), Color::White, 30).fixed);
}

TEST(TimeManagement, MovetimeSearchUsesTheWholeTime) {
  // `go movetime N` answers after N less Move Overhead, not at the first iteration
  // boundary past half of it. Wall time only grows when the machine is loaded, so
  // the lower bound holds anywhere; the upper bound is loose for the same reason.
  constexpr int64_t kMovetime = 400, kOverhead = 30, kSlack = 10;
  constexpr int64_t kLateBy = 3000;
  SearchLimits l;
  l.movetime_ms = kMovetime;
  SearchOptions options;
  options.move_overhead_ms = kOverhead;
  ThreadPool pool;
  const auto start = std::chrono::steady_clock::now();
  SearchResult r = pool.search_sync(core::Position::start_position(), {}, l, options);
  const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - start)
                         .count();
  EXPECT_TRUE(core::Position::start_position().is_legal(r.best));
  EXPECT_GE(spent, kMovetime - kOverhead - kSlack);
  EXPECT_LE(spent, kMovetime + kLateBy * test::kSanitizedTimeoutScale);
}

TEST(TimeManagement, NoClockMeansNoLimit) {
  EXPECT_FALSE(plan_time(SearchLimits{}, Color::White, 30).limited);
  SearchLimits infinite = clock_limits(1000, 0);
  infinite.infinite = true;
  EXPECT_FALSE(plan_time(infinite, Color::White, 30).limited);
}

TEST(TimeManagement, HardLimitNeverExceedsTheClock) {
  for (int64_t time : {1, 10, 50, 100, 1000, 10000, 60000, 600000})
    for (int64_t inc : {0, 10, 100, 1000})
      for (int mtg : {0, 1, 2, 10, 40}) {
        TimeBudget b = plan_time(clock_limits(time, inc, mtg), Color::Black, 30);
        ASSERT_TRUE(b.limited);
        ASSERT_GE(b.soft_ms, 1);
        ASSERT_LE(b.soft_ms, b.hard_ms);
        // Whatever happens, the engine leaves the overhead on its clock (or uses 1 ms).
        ASSERT_LE(b.hard_ms, std::max<int64_t>(1, time - 30))
            << time << "+" << inc << " mtg " << mtg;
      }
}

TEST(TimeManagement, NoMoveTakesAQuarterOfTheClockInSuddenDeath) {
  // At 18.4 s + 1 s one move once took 6.2 s: an iteration that exploded ran to a hard
  // limit of 40% of the clock. Without a time control ahead, no move may cost more
  // than a quarter of what is left, however large the increment.
  for (int64_t time : {500, 2000, 18400, 60000, 600000})
    for (int64_t inc : {0, 100, 1000, 5000}) {
      TimeBudget b = plan_time(clock_limits(time, inc), Color::White, 30);
      EXPECT_LE(b.hard_ms, std::max<int64_t>(1, time / 4)) << time << "+" << inc;
    }
}

TEST(TimeManagement, MoreTimeMeansMoreThinking) {
  TimeBudget little = plan_time(clock_limits(10000, 0), Color::White, 30);
  TimeBudget lots = plan_time(clock_limits(100000, 0), Color::White, 30);
  TimeBudget inc = plan_time(clock_limits(10000, 1000), Color::White, 30);
  TimeBudget last = plan_time(clock_limits(10000, 0, 1), Color::White, 30);
  EXPECT_GT(lots.soft_ms, little.soft_ms);
  EXPECT_GT(inc.soft_ms, little.soft_ms);
  EXPECT_GT(last.soft_ms, little.soft_ms);  // the last move before the control may use much more
}

TEST(TranspositionTable, StoresAndFindsEntries) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1));
  core::Move m(core::Square::E2, core::Square::E4);
  tt.store(0x123456789ABCDEF0ULL, m, 57, 40, 9, Bound::Exact);
  TTData d;
  ASSERT_TRUE(tt.probe(0x123456789ABCDEF0ULL, d));
  EXPECT_EQ(d.move, m);
  EXPECT_EQ(d.score, 57);
  EXPECT_EQ(d.eval, 40);
  EXPECT_EQ(d.depth, 9);
  EXPECT_EQ(d.bound, Bound::Exact);
  EXPECT_FALSE(tt.probe(0x0FEDCBA987654321ULL, d));
  tt.clear();
  EXPECT_FALSE(tt.probe(0x123456789ABCDEF0ULL, d));
}

// Hash set again to its size (GUIs do before every game) empties the table, as a
// new one would, without a second allocation.
TEST(TranspositionTable, ResizingToTheSameSizeOnlyClears) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1));
  const core::Move m(core::Square::E2, core::Square::E4);
  tt.store(0x1111222233334444ULL, m, 10, 5, 4, Bound::Exact);
  TTData d;
  ASSERT_TRUE(tt.probe(0x1111222233334444ULL, d));
  ASSERT_TRUE(tt.resize(1));
  EXPECT_EQ(tt.megabytes(), 1u);
  EXPECT_FALSE(tt.probe(0x1111222233334444ULL, d));
  ASSERT_TRUE(tt.resize(2));
  EXPECT_EQ(tt.megabytes(), 2u);
  tt.store(0x1111222233334444ULL, m, 10, 5, 4, Bound::Exact);
  EXPECT_TRUE(tt.probe(0x1111222233334444ULL, d));
}

TEST(TranspositionTable, QuiescenceDepthsAndHashfull) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1));
  tt.new_search();
  EXPECT_EQ(tt.hashfull(), 0);
  for (uint64_t k = 1; k < 200000; ++k)
    tt.store(k * 0x9E3779B97F4A7C15ULL, core::Move(), 0, 0, 0, Bound::Upper);
  EXPECT_GT(tt.hashfull(), 900);
  TTData d;
  ASSERT_TRUE(tt.probe(199999 * 0x9E3779B97F4A7C15ULL, d));
  EXPECT_EQ(d.depth, 0);
}

TEST(TranspositionTable, KeepsThePvFlag) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1));
  tt.store(0xABCDEF0123456789ULL, core::Move(), 10, 5, 4, Bound::Lower, true);
  tt.store(0x1111222233334444ULL, core::Move(), 10, 5, 4, Bound::Upper, false);
  TTData d;
  ASSERT_TRUE(tt.probe(0xABCDEF0123456789ULL, d));
  EXPECT_TRUE(d.pv);
  EXPECT_EQ(d.bound, Bound::Lower);
  ASSERT_TRUE(tt.probe(0x1111222233334444ULL, d));
  EXPECT_FALSE(d.pv);
  EXPECT_EQ(d.bound, Bound::Upper);
}

TEST(TranspositionTable, ReplacesOldEntriesBeforeFreshOnes) {
  // A 1 MB table has 32768 clusters of three; keys with the same top bits share a
  // cluster. Three entries of an old search fill one cluster, then fresh entries
  // of equal depth arrive: they must evict the old ones, never each other. (The
  // age once counted the bound bits, which made fresh entries look oldest.)
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1));
  auto key = [](uint64_t low) { return (uint64_t(7) << 48) | low; };  // one cluster
  for (uint64_t i = 1; i <= 3; ++i) tt.store(key(i), core::Move(), 0, 0, 10, Bound::Exact);
  for (int s = 0; s < 3; ++s) tt.new_search();
  for (uint64_t i = 11; i <= 13; ++i) tt.store(key(i), core::Move(), 0, 0, 10, Bound::Exact);
  TTData d;
  for (uint64_t i = 11; i <= 13; ++i) EXPECT_TRUE(tt.probe(key(i), d)) << i;
  for (uint64_t i = 1; i <= 3; ++i) EXPECT_FALSE(tt.probe(key(i), d)) << i;
}

TEST(History, GravityKeepsValuesWithinTheLimit) {
  int16_t value = 0;
  for (int i = 0; i < 1000; ++i) update_history_value(value, 3000);
  EXPECT_LE(value, kHistoryLimit);
  EXPECT_GT(value, kHistoryLimit * 9 / 10);
  for (int i = 0; i < 1000; ++i) update_history_value(value, -100000);  // clamped bonus
  EXPECT_GE(value, -kHistoryLimit);
  EXPECT_LT(value, -kHistoryLimit * 9 / 10);
}

TEST(CorrectionHistory, LearnsTheErrorOfPawnsAndOfEachSidesPieces) {
  CorrectionHistory correction;
  correction.clear();
  const int pawn_weight = tune::kCorrectionPawnWeight,
            piece_weight = tune::kCorrectionNonPawnWeight;
  const auto expected = [](int raw, int error, int weight_percent) {
    return raw + error * weight_percent / CorrectionHistory::kPercent;
  };
  core::Position pos = core::Position::start_position();
  EXPECT_EQ(correction.corrected(pos, 30), 30);
  // Searches keep finding this position 80 cp better than the net says: every table learns it.
  for (int i = 0; i < 200; ++i) correction.update(pos, 110, 30, 10);
  EXPECT_NEAR(correction.corrected(pos, 30), expected(30, 80, pawn_weight + 2 * piece_weight), 3);
  // Other pawns, same pieces (white to move): only the two non-pawn tables apply.
  const core::Position other_pawns =
      test::must_parse("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_NEAR(correction.corrected(other_pawns, 30), expected(30, 80, 2 * piece_weight), 3);
  // Same pawns, a white knight moved: the pawn table and Black's pieces apply.
  const core::Position other_knight =
      test::must_parse("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
  EXPECT_NEAR(correction.corrected(other_knight, 30), expected(30, 80, pawn_weight + piece_weight),
              3);
  // The other side to move has tables of its own.
  const core::Position black_to_move =
      test::must_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(correction.corrected(black_to_move, 30), 30);
  // A huge error is capped, and a corrected score never reaches the mate range.
  for (int i = 0; i < 200; ++i) correction.update(pos, 30000, 0, 20);
  const int cap = expected(0, CorrectionHistory::kMaxCorrection, pawn_weight + 2 * piece_weight);
  EXPECT_LE(correction.corrected(pos, 0), cap);
  EXPECT_GE(correction.corrected(pos, 0), cap - 3);
  EXPECT_LT(correction.corrected(pos, kMateInMaxPly), kMateInMaxPly);
}

TEST(TimeManagement, UnsettledSearchesEarnMoreTime) {
  const double settled = soft_limit_scale(6, 0.9, 0);
  EXPECT_LT(settled, 1.0);
  EXPECT_GT(soft_limit_scale(0, 0.9, 0), settled);   // the best move just changed
  EXPECT_GT(soft_limit_scale(6, 0.3, 0), settled);   // rivals took most of the nodes
  EXPECT_GT(soft_limit_scale(6, 0.9, 80), settled);  // the score fell
  EXPECT_LT(soft_limit_scale(6, 0.9, -80), settled + 1e-9);
  // Bounded: a search never gets more than a few times its planned share.
  EXPECT_LT(soft_limit_scale(0, 0.0, 10000), 4.0);
  EXPECT_GT(soft_limit_scale(100, 1.0, -10000), 0.3);
}

TEST(MateScores, AreStoredRelativeToTheNode) {
  int mate_in_3_from_root = mate_in(5);
  int stored = score_to_tt(mate_in_3_from_root, 2);
  EXPECT_EQ(score_from_tt(stored, 2), mate_in_3_from_root);
  EXPECT_EQ(score_from_tt(stored, 4), mate_in(7));
  EXPECT_EQ(mate_distance_moves(mate_in(1)), 1);
  EXPECT_EQ(mate_distance_moves(mate_in(5)), 3);
  EXPECT_EQ(mate_distance_moves(mated_in(4)), -2);
}

TEST(Exchange, SeeOfTypicalCaptures) {
  auto see = [](const char* fen, const char* move, int threshold) {
    core::Position pos = test::must_parse(fen);
    return see_at_least(pos, core::parse_uci_move(pos, move, false).value(), threshold);
  };
  // Pawn takes an undefended knight: +320.
  EXPECT_TRUE(see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 300));
  // Queen takes a pawn defended by a pawn: loses the queen.
  EXPECT_FALSE(see("4k3/2p5/3p4/8/8/8/8/3QK3 w - - 0 1", "d1d6", 0));
  // Rook takes a rook defended by a rook, with a second rook behind: even trade.
  EXPECT_TRUE(see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 0));
  EXPECT_FALSE(see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 1));
  // A quiet move onto a square a pawn attacks loses the piece.
  EXPECT_FALSE(see("4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1", "b1d2", 0));
  EXPECT_TRUE(see("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "b1d2", 0));
}

TEST(UciOptions, ValidationKeepsOldValues) {
  uci::Options o;
  EXPECT_EQ(o.spin("Hash"), 16);
  EXPECT_TRUE(o.set("hash", "64").ok());  // names are case-insensitive
  EXPECT_EQ(o.spin("Hash"), 64);
  EXPECT_FALSE(o.set("Hash", "0").ok());
  EXPECT_FALSE(o.set("Hash", "12abc").ok());
  EXPECT_EQ(o.spin("Hash"), 64);
  EXPECT_FALSE(o.set("Ponder", "yes").ok());
  EXPECT_TRUE(o.set("Ponder", "TRUE").ok());
  EXPECT_TRUE(o.check("Ponder"));
  EXPECT_FALSE(o.set("Nonsense", "1").ok());
}

}  // namespace
}  // namespace arbiter::search
