#include "arbiter/match/time_limit.h"

#include <gtest/gtest.h>

namespace arbiter::match {
namespace {

TEST(MatchTimeControl, BasePlusIncrement) {
  Result<TimeLimit> tc = parse_time_control("10+0.1");
  ASSERT_TRUE(tc) << tc.error();
  EXPECT_EQ(*tc->base_ms, 10000);
  EXPECT_EQ(tc->increment_ms, 100);
  EXPECT_EQ(tc->moves_per_period, 0);
  EXPECT_EQ(tc->pgn_tag(), "10+0.1");
}

TEST(MatchTimeControl, MovesPerPeriodWithAndWithoutIncrement) {
  Result<TimeLimit> tc = parse_time_control("40/60");
  ASSERT_TRUE(tc);
  EXPECT_EQ(tc->moves_per_period, 40);
  EXPECT_EQ(*tc->base_ms, 60000);
  EXPECT_EQ(tc->increment_ms, 0);
  EXPECT_EQ(tc->pgn_tag(), "40/60");
  Result<TimeLimit> inc = parse_time_control("40/60+1.5");
  ASSERT_TRUE(inc);
  EXPECT_EQ(inc->increment_ms, 1500);
  EXPECT_EQ(inc->pgn_tag(), "40/60+1.5");
}

TEST(MatchTimeControl, MinutesColonSecondsAndFractions) {
  Result<TimeLimit> tc = parse_time_control("1:30+0.25");
  ASSERT_TRUE(tc);
  EXPECT_EQ(*tc->base_ms, 90000);
  EXPECT_EQ(tc->increment_ms, 250);
  Result<TimeLimit> small = parse_time_control("0.5");
  ASSERT_TRUE(small);
  EXPECT_EQ(*small->base_ms, 500);
  EXPECT_EQ(small->pgn_tag(), "0.5");
}

TEST(MatchTimeControl, InfHasNoClock) {
  Result<TimeLimit> tc = parse_time_control("inf");
  ASSERT_TRUE(tc);
  EXPECT_FALSE(tc->has_clock());
  EXPECT_FALSE(tc->bounded());
  EXPECT_EQ(tc->pgn_tag(), "-");
}

TEST(MatchTimeControl, RejectsMalformedText) {
  for (const char* bad : {"", "abc", "10+", "+1", "0/60", "x/60", "40/", "10+-1", "-5", "1e3",
                          "10 + 1", "0", "0+0", "1:x", "10..5"}) {
    Result<TimeLimit> tc = parse_time_control(bad);
    EXPECT_FALSE(tc) << "'" << bad << "' was accepted";
    if (!tc) {
      EXPECT_FALSE(tc.error().empty());
    }
  }
}

TEST(MatchTimeControl, DescribeNamesEveryLimit) {
  TimeLimit limit;
  limit.movetime_ms = 2000;
  limit.nodes = 5000;
  limit.depth = 7;
  EXPECT_EQ(limit.describe(), "st=2 nodes=5000 depth=7");
  EXPECT_EQ(limit.pgn_tag(), "1/2");
}

TEST(GameClock, IncrementIsAddedAfterEachMove) {
  GameClock clock(*parse_time_control("10+0.1"));
  EXPECT_EQ(clock.remaining_ms(), 10000);
  EXPECT_TRUE(clock.charge(1500, 0));
  EXPECT_EQ(clock.remaining_ms(), 10000 - 1500 + 100);
  EXPECT_FALSE(clock.moves_to_go().has_value());
}

TEST(GameClock, FlagFallsOnlyBeyondTheMargin) {
  GameClock exact(*parse_time_control("1+0"));
  EXPECT_TRUE(exact.charge(1000, 0));  // using all of it is allowed
  EXPECT_EQ(exact.remaining_ms(), 0);
  GameClock over(*parse_time_control("1+0"));
  EXPECT_FALSE(over.charge(1001, 0));
  GameClock margin(*parse_time_control("1+0"));
  EXPECT_TRUE(margin.charge(1040, 50));
  EXPECT_EQ(margin.remaining_ms(), 0);  // within the margin: zero, not a debt
  GameClock beyond(*parse_time_control("1+0"));
  EXPECT_FALSE(beyond.charge(1051, 50));
}

TEST(GameClock, PeriodsRefillAfterTheirMoves) {
  GameClock clock(*parse_time_control("2/10"));
  EXPECT_EQ(clock.moves_to_go(), 2);
  EXPECT_TRUE(clock.charge(3000, 0));
  EXPECT_EQ(clock.moves_to_go(), 1);
  EXPECT_EQ(clock.remaining_ms(), 7000);
  EXPECT_TRUE(clock.charge(2000, 0));
  EXPECT_EQ(clock.remaining_ms(), 5000 + 10000);  // second period starts
  EXPECT_EQ(clock.moves_to_go(), 2);
}

TEST(GameClock, FixedMoveTimeIsRefilledEveryMove) {
  TimeLimit limit;
  limit.movetime_ms = 500;
  GameClock clock(limit);
  EXPECT_TRUE(clock.timed());
  EXPECT_TRUE(clock.charge(500, 0));
  EXPECT_EQ(clock.remaining_ms(), 500);
  EXPECT_FALSE(clock.charge(501, 0));
}

TEST(GameClock, UntimedNeverFlags) {
  TimeLimit limit;
  limit.depth = 5;
  GameClock clock(limit);
  EXPECT_FALSE(clock.timed());
  EXPECT_TRUE(clock.charge(1000000, 0));
}

TEST(GameClock, PenaltyTimeIsAdded) {
  GameClock clock(*parse_time_control("60+0"));
  clock.add_ms(120000);
  EXPECT_EQ(clock.remaining_ms(), 180000);
}

}  // namespace
}  // namespace arbiter::match

namespace arbiter::match {
namespace {

TEST(MatchTimeControl, FideClassFollowsTheEdition) {
  using rules::TimeControlClass;
  EXPECT_EQ(fide_time_control_class(*parse_time_control("10+0.1"), rules::Edition::Fide2023),
            TimeControlClass::Blitz);
  EXPECT_EQ(fide_time_control_class(*parse_time_control("900+10"), rules::Edition::Fide2023),
            TimeControlClass::Rapid);
  EXPECT_EQ(fide_time_control_class(*parse_time_control("5400+30"), rules::Edition::Fide2023),
            TimeControlClass::Standard);
  EXPECT_EQ(fide_time_control_class(*parse_time_control("40/60"), rules::Edition::Fide2023),
            TimeControlClass::Standard);
  TimeLimit nodes;
  nodes.nodes = 1000;
  EXPECT_EQ(fide_time_control_class(nodes, rules::Edition::Fide2023), TimeControlClass::Standard);
}

}  // namespace
}  // namespace arbiter::match
