// Every case of tests/data/fide-cases.tsv through rules::Game, under the 2023
// Laws and under the other editions the 'ed' column gives a verdict for.
#include <gtest/gtest.h>

#include "arbiter/rules/outcome.h"
#include "fide_cases.h"

namespace arbiter::rules {
namespace {

using test::FideCaseRun;

class FideCaseTest : public testing::TestWithParam<FideCaseRun> {};

TEST_P(FideCaseTest, VerdictMatchesTheLaws) {
  const FideCaseRun& run = GetParam();
  SCOPED_TRACE(run.c.id + " (" + run.c.why + ")");
  Game game = test::play_case(run.c, {.edition = run.edition});
  EXPECT_EQ(result_name(game.outcome().result), run.expected)
      << "reason " << reason_name(game.outcome().reason) << ", article " << game.outcome().article;
  if (!run.expected_claim.empty() || !game.finished()) {
    EXPECT_EQ(test::describe_claims(game), run.expected_claim);
  }
  EXPECT_EQ(game.outcome().ambiguous_wording, run.expect_ambiguous);
  // A finished game always names its article in the chosen edition.
  if (game.finished()) {
    EXPECT_FALSE(game.outcome().article.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(FideCases, FideCaseTest, testing::ValuesIn(test::fide_case_runs()),
                         test::run_name);

TEST(FideCasesFile, HasAllEightyCases) { EXPECT_EQ(test::fide_cases().size(), 80u); }

// The reason and article the TSV's 'art' column names, for rows where it is one
// article of 2023 (a sharper check than the result alone).
TEST(FideCasesFile, ReasonsMatchTheArticleColumn) {
  struct Expected {
    const char* id;
    Reason reason;
    const char* article;
  };
  const Expected expected[] = {
      {"A01", Reason::Checkmate, "5.1.1"},          {"A03", Reason::Checkmate, "5.1.1"},
      {"A05", Reason::DeadPosition, "5.2.2"},       {"A07", Reason::Checkmate, "5.1.1"},
      {"B03", Reason::Stalemate, "5.2.1"},          {"B05", Reason::Stalemate, "5.2.1"},
      {"C06", Reason::DeadPosition, "5.2.2"},       {"F01", Reason::TimeForfeit, "6.9"},
      {"F18", Reason::Checkmate, "5.1.1"},          {"F19", Reason::SeventyFiveMoves, "9.6.2"},
      {"G08", Reason::FivefoldRepetition, "9.6.1"}, {"G12", Reason::ThreefoldClaim, "9.2.2"},
      {"H03", Reason::SeventyFiveMoves, "9.6.2"},   {"H05", Reason::SeventyFiveMoves, "9.6.2"},
      {"H07", Reason::SeventyFiveMoves, "9.6.2"},   {"H08", Reason::FiftyMovesClaim, "9.3.2"},
      {"I01", Reason::Resignation, "5.1.2"},        {"I03", Reason::IllegalMove, "7.5.5"},
  };
  for (const Expected& e : expected) {
    for (const test::FideCase& c : test::fide_cases()) {
      if (c.id != e.id) continue;
      Game game = test::play_case(c, {});
      EXPECT_EQ(reason_name(game.outcome().reason), reason_name(e.reason)) << c.id;
      EXPECT_EQ(game.outcome().article, std::string_view(e.article)) << c.id;
    }
  }
}

}  // namespace
}  // namespace arbiter::rules
