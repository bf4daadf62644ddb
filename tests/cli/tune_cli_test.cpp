// `arbiter tune`: in a tuning build, SPSA iterations of real games through the
// match runner, a state file after each, and a resume that picks up where the
// state stands; in any other build a clear error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "arbiter/search/tunable.h"
#include "arbiter/tune/spsa.h"
#include "cli/arbiter_run.h"
#include "test_support.h"

namespace arbiter::test {
namespace {

#ifdef ARBITER_TUNE
using test::file_bytes;

TEST(TuneCli, PlaysIterationsSavesTheStateAndResumes) {
  const std::string state = scratch_path("spsa.state"), log = scratch_path("spsa.log");
  // Short games: what is tested is the loop, not the tuning.
  const std::string args = "tune --state " + quote(state) + " --log " + quote(log) +
                           " --iterations 3 --until 2 --params AspirationDelta,FutilityBase "
                           "--tc 0.5+0.01 --hash 1";
  ArbiterRun run = run_arbiter_args(args);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("iteration 1/3: "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("iteration 2/3: "), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("iteration 3/3"), std::string::npos) << run.out;
  auto saved = tune::parse_state(file_bytes(state));
  ASSERT_TRUE(saved.ok()) << saved.error();
  EXPECT_EQ(saved->iteration, 2);
  ASSERT_EQ(saved->parameters.size(), 2u);
  EXPECT_EQ(saved->parameters[0].name, "AspirationDelta");
  EXPECT_EQ(saved->parameters[1].name, "FutilityBase");
  for (const tune::SpsaParameter& p : saved->parameters) {
    EXPECT_GE(p.value, p.min);
    EXPECT_LE(p.value, p.max);
  }

  // The same command without --until resumes at iteration 3 and ends the run.
  run = run_arbiter_args("tune --state " + quote(state) + " --log " + quote(log) +
                         " --tc 0.5+0.01 --hash 1");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("resuming"), std::string::npos) << run.err;
  EXPECT_NE(run.out.find("iteration 3/3: "), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("iteration 1/3"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("tuned after 3 of 3 iterations: option.AspirationDelta="),
            std::string::npos)
      << run.out;
  const std::string logged = file_bytes(log);
  EXPECT_NE(logged.find("iteration 1/3"), std::string::npos);
  EXPECT_NE(logged.find("iteration 3/3"), std::string::npos);
  std::filesystem::remove(state);
  std::filesystem::remove(log);
}

// At a node budget the engines' games do not depend on the clock: two runs from
// scratch play the same games and move theta alike, which a timed run would not.
TEST(TuneCli, ANodeBudgetPlaysTheSameIterationsEveryTime) {
  std::string states[2], logs[2];
  for (int run_index = 0; run_index < 2; ++run_index) {
    const std::string state = scratch_path("spsa-nodes-" + std::to_string(run_index) + ".state");
    const std::string log = scratch_path("spsa-nodes-" + std::to_string(run_index) + ".log");
    std::filesystem::remove(state);
    std::filesystem::remove(log);
    ArbiterRun run = run_arbiter_args("tune --state " + quote(state) + " --log " + quote(log) +
                                      " --iterations 2 --pairs 2 --params AspirationDelta,"
                                      "FutilityBase,LmrBasePercent --nodes 1500 --hash 1");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    states[run_index] = file_bytes(state);
    logs[run_index] = file_bytes(log);
    std::filesystem::remove(state);
    std::filesystem::remove(log);
  }
  EXPECT_NE(logs[0].find("iteration 2/2: "), std::string::npos) << logs[0];
  EXPECT_EQ(logs[0], logs[1]);
  EXPECT_EQ(states[0], states[1]);
}

TEST(TuneCli, RefusesUnknownParametersAndDamagedStates) {
  const std::string state = scratch_path("spsa-bad.state");
  ArbiterRun run = run_arbiter_args("tune --state " + quote(state) + " --params NoSuchThing");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("no tunable named 'NoSuchThing'"), std::string::npos) << run.err;
  std::ofstream(state) << "arbiter-spsa-state 1\niterations ten\n";
  run = run_arbiter_args("tune --state " + quote(state));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("line 2"), std::string::npos) << run.err;
  std::filesystem::remove(state);
}
#else
TEST(TuneCli, SaysWhichBuildItNeeds) {
  ArbiterRun run = run_arbiter_args("tune --state " + quote(scratch_path("spsa.state")));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("build with -DARBITER_TUNE=ON"), std::string::npos) << run.err;
}
#endif

TEST(TuneCli, TakesEitherAClockOrANodeBudget) {
  const std::string state = quote(scratch_path("spsa-limit.state"));
  ArbiterRun run = run_arbiter_args("tune --state " + state + " --nodes 0");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--nodes must be positive"), std::string::npos) << run.err;
  run = run_arbiter_args("tune --state " + state + " --tc 1+0.01 --nodes 1000");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("give --tc or --nodes, not both"), std::string::npos) << run.err;
}

TEST(TuneCli, NeedsAStateFile) {
  ArbiterRun run = run_arbiter_args("tune");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--state FILE is required"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace arbiter::test
