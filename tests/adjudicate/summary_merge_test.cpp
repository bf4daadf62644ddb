// Summary lines read back and added up (--merge-summaries): exact round trips,
// strict refusal of anything else, and merged pieces equal to one run.
#include "arbiter/adjudicate/summary_merge.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "cli/arbiter_run.h"
#include "test_support.h"

namespace arbiter::adjudicate {
namespace {

Summary random_summary(std::mt19937_64& rng) {
  std::uniform_int_distribution<uint64_t> count(0, 1'000'000);
  Summary s;
  s.errors = count(rng);
  s.games = s.errors + count(rng);
  for (auto& r : s.reasons) r = count(rng);
  for (auto& r : s.results) r = count(rng);
  for (auto& i : s.inferred) i = count(rng);
  s.agreements = count(rng);
  s.disagreements = count(rng);
  s.unrecorded = count(rng);
  s.undecided = count(rng);
  s.flag_wins = count(rng);
  s.flag_draws = count(rng);
  s.flag_after_end = count(rng);
  s.files = count(rng);
  s.unreadable_files = count(rng);
  return s;
}

TEST(SummaryMerge, ParsesWhatSummaryJsonWrites) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 100; ++i) {
    const Summary s = random_summary(rng);
    auto parsed = parse_summary_json(summary_json(s));
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    EXPECT_EQ(summary_json(parsed.value()), summary_json(s));
  }
}

TEST(SummaryMerge, RefusesAnythingButItsOwnFormat) {
  const std::string good = summary_json(Summary{});
  EXPECT_TRUE(parse_summary_json(good).ok());
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    text.replace(text.find(from), from.size(), to);
    return parse_summary_json(text);
  };
  auto missing = replaced("\"games\":0,", "");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("summary.games"), std::string::npos) << missing.error();
  auto unknown = replaced("\"files\":0", "\"files\":0,\"extra\":1");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("summary.extra"), std::string::npos) << unknown.error();
  EXPECT_FALSE(replaced("\"errors\":0", "\"errors\":-1").ok());
  EXPECT_FALSE(replaced("\"errors\":0", "\"errors\":1.5").ok());
  EXPECT_FALSE(replaced("\"errors\":0", "\"errors\":\"0\"").ok());
  EXPECT_FALSE(replaced("\"errors\":0", "\"errors\":0,\"errors\":0").ok());
  EXPECT_FALSE(replaced("\"errors\":0", "\"errors\":99999999999999999999999").ok());
  EXPECT_FALSE(replaced("\"errors\":0", "\"errors\":1").ok());  // more errors than games
  EXPECT_FALSE(parse_summary_json(good + " x").ok());
  EXPECT_FALSE(parse_summary_json(good.substr(0, good.size() - 1)).ok());
  EXPECT_FALSE(parse_summary_json("").ok());
  EXPECT_FALSE(parse_summary_json("{\"summary\":").ok());
}

TEST(SummaryMerge, AddsTheSummaryLinesOfAStreamAndSkipsGameLines) {
  std::mt19937_64 rng(12);
  const Summary a = random_summary(rng), b = random_summary(rng);
  std::istringstream in("{\"game\":1,\"result\":\"1-0\"}\n" + summary_json(a) + "\n\n" +
                        summary_json(b) + "\n");
  Summary total;
  auto merged = merge_summaries(in, "pieces.json", total);
  ASSERT_TRUE(merged.ok()) << merged.error();
  EXPECT_EQ(merged.value(), 2u);
  Summary expected = a;
  expected.merge(b);
  EXPECT_EQ(summary_json(total), summary_json(expected));

  std::istringstream broken("{\"game\":1}\n{\"summary\":{\"games\":1}}\n");
  auto error = merge_summaries(broken, "pieces.json", total);
  ASSERT_FALSE(error.ok());
  EXPECT_EQ(error.error().rfind("pieces.json:2: ", 0), 0u) << error.error();
}

// Two files judged apart and merged give the summary of one run over both.
TEST(SummaryMerge, CommandMergesRunsIntoTheSummaryOfOneRun) {
  const std::string sample = test::quote(test::data_path("lichess-sample-80.pgn"));
  const std::string timeouts = test::quote(test::data_path("lichess-timeouts-200.pgn"));
  const std::string first = test::scratch_path("first.json"),
                    second = test::scratch_path("second.json");
  test::ArbiterRun one =
      test::run_arbiter_args("adjudicate --format json " + sample + " >" + first);
  test::ArbiterRun two =
      test::run_arbiter_args("adjudicate --format json " + timeouts + " >" + second);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  test::ArbiterRun both =
      test::run_arbiter_args("adjudicate --format json " + sample + " " + timeouts);
  test::ArbiterRun merged = test::run_arbiter_args("adjudicate --merge-summaries --format json " +
                                                   test::quote(first) + " " + test::quote(second));
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  const std::vector<std::string> lines = test::split_lines(both.out);
  ASSERT_EQ(lines.size(), 281u);
  EXPECT_EQ(merged.out, lines.back() + "\n");
  test::ArbiterRun text = test::run_arbiter_args("adjudicate --merge-summaries " +
                                                 test::quote(first) + " " + test::quote(second));
  EXPECT_NE(text.out.find("summary: 280 games"), std::string::npos) << text.out;
  test::ArbiterRun none = test::run_arbiter_args(
      "adjudicate --merge-summaries " + test::quote(test::data_path("adjudicate-errors.pgn")));
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("no summary line"), std::string::npos) << none.err;
  std::filesystem::remove(first);
  std::filesystem::remove(second);
}

}  // namespace
}  // namespace arbiter::adjudicate
