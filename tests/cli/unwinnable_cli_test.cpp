// `arbiter unwinnable`: verdicts per FEN, labelled input checked and summarised,
// generation and labelling of the hard suite, bad input.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cli/arbiter_run.h"
#include "test_support.h"

namespace arbiter::test {
namespace {

std::string write_file(const std::string& stem, const std::string& text) {
  const std::string path = scratch_path(stem);
  std::ofstream(path) << text;
  return path;
}

TEST(UnwinnableCli, ReportsBothSidesAndTheDeadCheck) {
  const std::string input = write_file(
      "fens.txt",
      "8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -\n# a comment\n\n4k3/8/8/8/8/8/8/R3K3 w - -\n");
  ArbiterRun run = run_arbiter_args("unwinnable " + input);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(
      run.out.find("8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -\n  white: unwinnable (blockade)\n"
                   "  black: unwinnable (blockade)\n  dead (5.2.2): yes (blockade)\n"),
      std::string::npos)
      << run.out;
  // K+R v K: White mates (a replayable line is printed), Black cannot.
  EXPECT_NE(run.out.find("  white: winnable (helpmate) ["), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("  black: unwinnable (material)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("positions: 2 (labelled 0)"), std::string::npos) << run.out;
}

TEST(UnwinnableCli, LabelledInputIsCheckedAndSummarised) {
  const std::string input = write_file("labelled.txt",
                                       "-- 8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -\n"
                                       "W- 4k3/8/8/8/8/8/8/R3K3 w - -\n");
  ArbiterRun run = run_arbiter_args("unwinnable --quiet " + input);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("U(c) questions: 4, undecided 0 (0.00%), wrong 0 (false unwinnable 0)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("dead positions: 1, found by the 5.2.2 check 1 (100.00%), false dead 0"),
            std::string::npos)
      << run.out;

  // A wrong label is reported and makes the exit code 1.
  const std::string wrong = write_file("wrong.txt", "WB 4k3/8/8/8/8/8/8/R3K3 w - -\n");
  run = run_arbiter_args("unwinnable --quiet " + wrong);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("line 1: Black labelled winnable, analysed unwinnable"), std::string::npos)
      << run.err;
}

TEST(UnwinnableCli, GeneratesAndLabelsTheHardSuiteReproducibly) {
  ArbiterRun first = run_arbiter_args("unwinnable --generate 20 --seed 5");
  ArbiterRun again = run_arbiter_args("unwinnable --generate 20 --seed 5");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out, again.out);
  EXPECT_EQ(split_lines(first.out).size(), 20u);

  const std::string input = write_file("generated.txt", first.out);
  ArbiterRun labelled = run_arbiter_args("unwinnable --label --budget 300000 " + input);
  ASSERT_EQ(labelled.exit_code, 0) << labelled.err;
  for (const std::string& line : split_lines(labelled.out)) {
    ASSERT_GE(line.size(), 4u);
    const std::string label = line.substr(0, 2);
    EXPECT_TRUE(label == "WB" || label == "W-" || label == "-B" || label == "--") << line;
    EXPECT_NE(first.out.find(line.substr(3)), std::string::npos) << line;
  }
}

// --side waiting: the 6.9 question alone, U of the side not to move (what the
// public unwinnability analyzers answer for lists of lichess positions, each
// line a FEN and a game id). No 5.2.2 check is asked; the id is echoed.
TEST(UnwinnableCli, SideWaitingAsksOnlyTheFlagFallQuestion) {
  const std::string input = write_file("timeouts.txt",
                                       "8/8/8/1R4B1/4k1p1/2P5/5PKP/8 b - - 1 45 JZyGYIxu\n"
                                       "4k3/8/8/8/8/8/8/R3K3 b - - 0 1 game-2\n"
                                       "4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n");
  ArbiterRun run = run_arbiter_args("unwinnable --side waiting " + input);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("8/8/8/1R4B1/4k1p1/2P5/5PKP/8 b - - 1 45 JZyGYIxu\n"
                         "  white: winnable (helpmate) ["),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("4k3/8/8/8/8/8/8/R3K3 b - - 0 1 game-2\n  white: winnable (helpmate) ["),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n  black: unwinnable (material)\n"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("dead (5.2.2)"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("5.2.2 check time"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("U(c) verdicts: winnable 2, unwinnable 1, undecided 0"), std::string::npos)
      << run.out;

  // Labelled input: only the side asked is checked.
  const std::string labelled = write_file("labelled-side.txt", "W- 4k3/8/8/8/8/8/8/R3K3 w - -\n");
  run = run_arbiter_args("unwinnable --quiet --side white " + labelled);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("U(c) questions: 1, undecided 0 (0.00%), wrong 0"), std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("dead positions:"), std::string::npos) << run.out;
  EXPECT_EQ(run_arbiter_args("unwinnable --side sideways " + labelled).exit_code, 2);
}

TEST(UnwinnableCli, BadInputIsReported) {
  const std::string input = write_file("bad.txt", "not a fen\n4k3/8/8/8/8/8/8/4K3 w - -\n");
  ArbiterRun run = run_arbiter_args("unwinnable --quiet " + input);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("line 1: invalid FEN"), std::string::npos) << run.err;
  EXPECT_NE(run.out.find("positions: 1 (labelled 0)"), std::string::npos) << run.out;

  EXPECT_EQ(run_arbiter_args("unwinnable --threads 0 " + input).exit_code, 2);
  EXPECT_EQ(run_arbiter_args("unwinnable --no-such-option").exit_code, 2);
  EXPECT_EQ(run_arbiter_args("unwinnable /no/such/file").exit_code, 1);
}

}  // namespace
}  // namespace arbiter::test
