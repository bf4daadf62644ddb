// The tuning build's plumbing, exercised in every build through a tunable the
// test registers itself: registry, UCI option, range clamp, SPSA input line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/search/threads.h"
#include "arbiter/search/tunables.h"
#include "arbiter/uci/options.h"
#include "test_support.h"

namespace arbiter::search {
namespace {

ARBITER_REGISTERED_TUNABLE(kTestMarginForTheTest, 40, 10, 90, 5)

const Tunable* find_tunable(const std::string& name) {
  for (const Tunable& t : tunables())
    if (t.name == name) return &t;
  return nullptr;
}

TEST(Tunables, RegisteredConstantIsFoundWithoutItsPrefix) {
  const Tunable* t = find_tunable("TestMarginForTheTest");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->value, &kTestMarginForTheTest);
  EXPECT_EQ(t->default_value, 40);
  EXPECT_EQ(t->min, 10);
  EXPECT_EQ(t->max, 90);
  EXPECT_EQ(t->step, 5);
}

TEST(Tunables, SetChangesTheVariableWithinItsRange) {
  EXPECT_TRUE(set_tunable("testmarginforthetest", 55));
  EXPECT_EQ(kTestMarginForTheTest, 55);
  EXPECT_TRUE(set_tunable("TestMarginForTheTest", 1000));
  EXPECT_EQ(kTestMarginForTheTest, 90);
  EXPECT_FALSE(set_tunable("NoSuchConstant", 1));
  EXPECT_TRUE(set_tunable("TestMarginForTheTest", 40));
  EXPECT_EQ(kTestMarginForTheTest, 40);
}

TEST(Tunables, OfferedAsUciSpinOptionsAndSpsaInputs) {
  uci::Options options;
  const auto lines = options.declarations();
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      "option name TestMarginForTheTest type spin default 40 min 10 max 90"),
            lines.end());
  EXPECT_FALSE(options.set("TestMarginForTheTest", "91"));  // outside the range: refused
  EXPECT_TRUE(options.set("TestMarginForTheTest", "60"));
  const auto spsa = spsa_inputs();
  EXPECT_NE(std::find(spsa.begin(), spsa.end(), "TestMarginForTheTest, int, 40, 10, 90, 5, 0.002"),
            spsa.end());
}

ARBITER_REGISTERED_STEP(kStepForTheTest)

TEST(Tunables, StepSwitchIsAnOptionButNoSpsaInput) {
  const Tunable* t = find_tunable("StepForTheTest");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->default_value, 1);
  EXPECT_EQ(t->min, 0);
  EXPECT_EQ(t->max, 1);
  EXPECT_FALSE(t->spsa);
  uci::Options options;
  const auto lines = options.declarations();
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      "option name StepForTheTest type spin default 1 min 0 max 1"),
            lines.end());
  for (const std::string& line : spsa_inputs())
    EXPECT_EQ(line.find("StepForTheTest"), std::string::npos);
  EXPECT_TRUE(set_tunable("StepForTheTest", 0));
  EXPECT_EQ(kStepForTheTest, 0);
  EXPECT_TRUE(set_tunable("StepForTheTest", 1));
}

#ifndef ARBITER_TUNE
TEST(Tunables, NormalBuildKeepsSearchConstantsCompileTime) {
  static_assert(tune::kFutilityBase == 100, "a constant expression in a normal build");
  static_assert(tune::kStepProbcut == 1, "every step on, at compile time");
  EXPECT_EQ(find_tunable("FutilityBase"), nullptr);
  EXPECT_EQ(find_tunable("StepProbcut"), nullptr);
}
#else
TEST(Tunables, TuningBuildOffersEverySearchConstant) {
  EXPECT_NE(find_tunable("FutilityBase"), nullptr);
  EXPECT_NE(find_tunable("LmrDivisorPercent"), nullptr);
}

// The nodes of depth-limited searches of a few positions (a fresh pool each: same
// tree every time), one count per position.
std::vector<std::uint64_t> nodes_at_depth(int depth) {
  static const char* const kFens[] = {
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  };
  std::vector<std::uint64_t> counts;
  for (const char* fen : kFens) {
    ThreadPool pool;
    SearchLimits limits;
    limits.depth = depth;
    counts.push_back(pool.search_sync(test::must_parse(fen), {}, limits, SearchOptions{}).nodes);
  }
  return counts;
}

// Each switch must reach its step: the search without it visits another tree. A
// switch wired to nothing would measure 0 Elo for a step that is there.
TEST(Tunables, EveryStepSwitchChangesTheSearch) {
  constexpr int kDepth = 13;
  const std::vector<std::uint64_t> with_every_step = nodes_at_depth(kDepth);
  int switches = 0;
  for (const Tunable& t : tunables()) {
    if (t.spsa || t.name == "StepForTheTest") continue;
    ++switches;
    ASSERT_TRUE(set_tunable(t.name, 0));
    EXPECT_NE(nodes_at_depth(kDepth), with_every_step) << t.name << " off";
    ASSERT_TRUE(set_tunable(t.name, 1));
  }
  EXPECT_GE(switches, 17);  // every step of tunables.h: none may go missing from the list
  EXPECT_EQ(nodes_at_depth(kDepth), with_every_step);  // all back on: the same trees
}
#endif

}  // namespace
}  // namespace arbiter::search
