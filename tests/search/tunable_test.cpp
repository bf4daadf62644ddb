// The tuning build's plumbing, exercised in every build through a tunable the
// test registers itself: registry, UCI option, range clamp, SPSA input line.
#include <gtest/gtest.h>

#include <algorithm>

#include "arbiter/search/tunables.h"
#include "arbiter/uci/options.h"

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

#ifndef ARBITER_TUNE
TEST(Tunables, NormalBuildKeepsSearchConstantsCompileTime) {
  static_assert(tune::kRfpMargin == 75, "a constant expression in a normal build");
  EXPECT_EQ(find_tunable("RfpMargin"), nullptr);
}
#else
TEST(Tunables, TuningBuildOffersEverySearchConstant) {
  EXPECT_NE(find_tunable("RfpMargin"), nullptr);
  EXPECT_NE(find_tunable("LmrDivisorPercent"), nullptr);
}
#endif

}  // namespace
}  // namespace arbiter::search
