// SPSA on a synthetic objective with a known optimum: simulated games whose
// winning chances follow the distance of each side's parameters from the
// optimum. It must get there from a distant start, stay within the ranges, and
// resume from a saved state exactly as if it had never stopped.
#include "arbiter/tune/spsa.h"

#include <gtest/gtest.h>

#include <cmath>

#include "arbiter/core/split_mix.h"

namespace arbiter::tune {
namespace {

struct Synthetic {
  std::vector<double> optimum;
  std::vector<double> elo_per_unit_squared;  // what a unit off the optimum costs, squared
  core::SplitMix64 rng{99};

  double strength(const std::vector<int>& theta) const {
    double elo = 0;
    for (size_t i = 0; i < theta.size(); ++i) {
      const double d = theta[i] - optimum[i];
      elo -= elo_per_unit_squared[i] * d * d;
    }
    return elo;
  }

  // `games` games of theta+ against theta- (no draws): wins minus losses.
  int play(const SpsaProbe& probe, int games) {
    const double diff = strength(probe.plus) - strength(probe.minus);
    const double expected = 1.0 / (1.0 + std::pow(10.0, -diff / 400.0));
    int result = 0;
    for (int g = 0; g < games; ++g) {
      const double u = double(rng.next() >> 11) / double(uint64_t(1) << 53);
      result += u < expected ? 1 : -1;
    }
    return result;
  }
};

SpsaState start_state(int iterations) {
  SpsaState s;
  s.settings.iterations = iterations;
  s.settings.seed = 5;
  s.parameters = {{"Wide", 75, 0, 100, 4}, {"Signed", -30, -50, 50, 2}, {"Narrow", 2, 0, 10, 1}};
  return s;
}

constexpr int kGamesPerIteration = 16;

TEST(Spsa, FindsTheOptimumOfASyntheticObjective) {
  Synthetic objective{{40, 10, 6}, {0.1, 0.2, 2.0}};
  SpsaState state = start_state(20000);
  const SpsaState start = state;
  int calls = 0;
  const bool done = run_spsa(
      state, state.settings.iterations,
      [&](const SpsaProbe& probe) {
        for (size_t i = 0; i < probe.plus.size(); ++i) {
          EXPECT_GE(probe.minus[i], state.parameters[i].min);
          EXPECT_LE(probe.plus[i], state.parameters[i].max);
          EXPECT_EQ(std::abs(probe.delta[i]), 1);
        }
        return objective.play(probe, kGamesPerIteration);
      },
      [&](const SpsaState&, const SpsaProbe&, int) {
        ++calls;
        return true;
      });
  EXPECT_TRUE(done);
  EXPECT_EQ(calls, 20000);
  EXPECT_EQ(state.iteration, 20000);
  for (size_t i = 0; i < state.parameters.size(); ++i) {
    const double before = std::abs(start.parameters[i].value - objective.optimum[i]);
    const double after = std::abs(state.parameters[i].value - objective.optimum[i]);
    // From 35, 40 and 4 units away to within a tenth of that or a step (the run
    // ends 0.05, 0.05 and 0.37 away; with the gradient's sign flipped each
    // parameter ends at the far end of its range).
    EXPECT_LT(after, std::max(0.1 * before, state.parameters[i].c_end))
        << state.parameters[i].name << " ended at " << state.parameters[i].value;
  }
}

TEST(Spsa, GainsFollowTheSchedules) {
  const SpsaState state = start_state(1000);
  const SpsaProbe first = next_probe(state);
  EXPECT_EQ(first.iteration, 1);
  // c_1 = c_end * N^gamma; a_1 = r_end * c_end^2 * (A + N)^alpha / (A + 1)^alpha.
  EXPECT_NEAR(first.c[0], 4 * std::pow(1000.0, 0.101), 1e-9);
  EXPECT_NEAR(first.a[0], 0.002 * 16 * std::pow(1100.0, 0.602) / std::pow(101.0, 0.602), 1e-9);
  SpsaState last = state;
  last.iteration = 999;
  const SpsaProbe final_probe = next_probe(last);
  EXPECT_NEAR(final_probe.c[1], 2.0, 1e-9);          // c_end at the last iteration
  EXPECT_NEAR(final_probe.a[1], 0.002 * 4.0, 1e-9);  // r_end * c_end^2
  EXPECT_EQ(final_probe.plus[0] - final_probe.minus[0], 8 * final_probe.delta[0]);  // 75 +- 4
}

TEST(Spsa, ResumesFromItsSavedStateExactly) {
  Synthetic straight_objective{{40, 10, 6}, {0.1, 0.2, 2.0}};
  Synthetic resumed_objective = straight_objective;
  SpsaState straight = start_state(400);
  run_spsa(straight, 400, [&](const SpsaProbe& p) { return straight_objective.play(p, 4); }, {});

  SpsaState first = start_state(400);
  run_spsa(first, 150, [&](const SpsaProbe& p) { return resumed_objective.play(p, 4); }, {});
  EXPECT_EQ(first.iteration, 150);
  auto reloaded = parse_state(format_state(first));
  ASSERT_TRUE(reloaded.ok()) << reloaded.error();
  EXPECT_EQ(reloaded.value(), first);
  SpsaState second = reloaded.value();
  run_spsa(second, 400, [&](const SpsaProbe& p) { return resumed_objective.play(p, 4); }, {});
  EXPECT_EQ(second, straight);

  // A play that gives up leaves the state where it was.
  SpsaState stopped = start_state(400);
  EXPECT_FALSE(run_spsa(stopped, 400, [](const SpsaProbe&) { return std::optional<int>(); }, {}));
  EXPECT_EQ(stopped, start_state(400));
}

TEST(Spsa, StateTextRejectsDamage) {
  const std::string good = format_state(start_state(100));
  EXPECT_TRUE(parse_state(good).ok());
  EXPECT_FALSE(parse_state("").ok());
  EXPECT_FALSE(parse_state("something else\n").ok());
  std::string no_params = good.substr(0, good.find("param"));
  EXPECT_FALSE(parse_state(no_params).ok());
  std::string bad_value = good;
  bad_value.replace(bad_value.find("param Wide 75"), 13, "param Wide x5");
  auto r = parse_state(bad_value);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("line 9"), std::string::npos) << r.error();
  std::string unknown = good + "colour blue\n";
  EXPECT_FALSE(parse_state(unknown).ok());
  std::string missing_seed = good;
  missing_seed.erase(missing_seed.find("seed"), missing_seed.find('\n', missing_seed.find("seed")) -
                                                    missing_seed.find("seed") + 1);
  EXPECT_FALSE(parse_state(missing_seed).ok());
}

}  // namespace
}  // namespace arbiter::tune
