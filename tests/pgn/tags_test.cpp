// TimeControl, Termination, Variant and %clk: the tag meanings the adjudicator uses.
#include <gtest/gtest.h>

#include "arbiter/pgn/tags.h"

namespace arbiter::pgn {
namespace {

TEST(PgnTags, TimeControlBasePlusIncrement) {
  auto tc = parse_time_control("180+2");
  ASSERT_TRUE(tc.ok()) << tc.error();
  EXPECT_EQ(tc->kind, TimeControl::Kind::Timed);
  ASSERT_EQ(tc->periods.size(), 1u);
  EXPECT_EQ(tc->periods[0], (TimePeriod{0, 180000, 2000, false}));
}

TEST(PgnTags, TimeControlForms) {
  EXPECT_EQ(parse_time_control("?")->kind, TimeControl::Kind::Unknown);
  EXPECT_EQ(parse_time_control("-")->kind, TimeControl::Kind::Untimed);
  EXPECT_EQ(parse_time_control("300")->periods[0], (TimePeriod{0, 300000, 0, false}));
  EXPECT_EQ(parse_time_control("*60")->periods[0], (TimePeriod{0, 60000, 0, true}));
  auto classical = parse_time_control("40/7200:20/3600:900+30");
  ASSERT_TRUE(classical.ok()) << classical.error();
  ASSERT_EQ(classical->periods.size(), 3u);
  EXPECT_EQ(classical->periods[0], (TimePeriod{40, 7200000, 0, false}));
  EXPECT_EQ(classical->periods[1], (TimePeriod{20, 3600000, 0, false}));
  EXPECT_EQ(classical->periods[2], (TimePeriod{0, 900000, 30000, false}));
}

TEST(PgnTags, TimeControlErrors) {
  for (const char* bad : {"", "abc", "60+", "+5", "0/60", "60:40/7200", "1.5+0", "60+0+0"})
    EXPECT_FALSE(parse_time_control(bad).ok()) << bad;
}

TEST(PgnTags, Termination) {
  EXPECT_EQ(parse_termination("Time forfeit"), Termination::TimeForfeit);
  EXPECT_EQ(parse_termination("time forfeit"), Termination::TimeForfeit);
  EXPECT_EQ(parse_termination("Normal"), Termination::Normal);
  EXPECT_EQ(parse_termination("Abandoned"), Termination::Abandoned);
  EXPECT_EQ(parse_termination("rules infraction"), Termination::RulesInfraction);
  EXPECT_EQ(parse_termination("whatever"), Termination::Unknown);
}

TEST(PgnTags, Variant) {
  EXPECT_EQ(parse_variant("Standard"), Variant::Standard);
  EXPECT_EQ(parse_variant("From Position"), Variant::Standard);
  EXPECT_EQ(parse_variant("Chess960"), Variant::Chess960);
  EXPECT_EQ(parse_variant("fischerandom"), Variant::Chess960);
  EXPECT_EQ(parse_variant("Crazyhouse"), Variant::Unsupported);
}

TEST(PgnTags, ClockCommand) {
  EXPECT_EQ(find_clock_ms("[%clk 0:01:00]"), 60000);
  EXPECT_EQ(find_clock_ms("[%eval 0.3] [%clk 1:00:00.5]"), 3600500);
  EXPECT_EQ(find_clock_ms("[%clk 12:34:56]"), (12 * 3600 + 34 * 60 + 56) * 1000);
  EXPECT_EQ(find_clock_ms("[%clk 0:00:07.25 ]"), 7250);
  EXPECT_EQ(find_clock_ms("no clock"), std::nullopt);
  EXPECT_EQ(find_clock_ms("[%clk 0:1:00]"), std::nullopt);
  EXPECT_EQ(find_clock_ms("[%clk 0:61:00]"), std::nullopt);
  EXPECT_EQ(find_clock_ms("[%clk 0:01:00"), std::nullopt);
  EXPECT_EQ(find_clock_ms("[%clk]"), std::nullopt);
}

TEST(PgnTags, ClockFormatRoundTrips) {
  EXPECT_EQ(format_clock(180000), "0:03:00");
  EXPECT_EQ(format_clock(5300), "0:00:05.3");
  EXPECT_EQ(format_clock(3723456), "1:02:03.456");
  for (int64_t ms : {0LL, 999LL, 1000LL, 59999LL, 3600000LL, 36000010LL})
    EXPECT_EQ(find_clock_ms("[%clk " + format_clock(ms) + "]"), ms) << ms;
}

}  // namespace
}  // namespace arbiter::pgn
