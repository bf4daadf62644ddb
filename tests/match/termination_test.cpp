#include "arbiter/match/termination.h"

#include <gtest/gtest.h>

#include "arbiter/pgn/tags.h"

namespace arbiter::match {
namespace {

rules::Outcome outcome(rules::GameResult result, rules::Reason reason, std::string_view article) {
  rules::Outcome o;
  o.result = result;
  o.reason = reason;
  o.article = article;
  return o;
}

TEST(MatchTermination, NamesReasonAndArticleAfterAStandardValue) {
  TerminationText mate =
      describe_termination(outcome(rules::GameResult::WhiteWins, rules::Reason::Checkmate, "5.1.1"),
                           rules::Edition::Fide2023, "", "", false);
  EXPECT_EQ(mate.tag, "normal: checkmate, FIDE 5.1.1 (fide-2023)");
  EXPECT_EQ(mate.summary, "checkmate, FIDE 5.1.1 (fide-2023)");

  TerminationText flag =
      describe_termination(outcome(rules::GameResult::BlackWins, rules::Reason::TimeForfeit, "6.9"),
                           rules::Edition::Fide2023, "", "", false);
  EXPECT_EQ(flag.tag, "time forfeit: flag fall, FIDE 6.9 (fide-2023)");

  TerminationText drawn =
      describe_termination(outcome(rules::GameResult::Draw, rules::Reason::TimeForfeit, "6.9"),
                           rules::Edition::Fide2023, "", "", false);
  EXPECT_EQ(drawn.tag,
            "time forfeit: flag fall, drawn: the opponent cannot checkmate, FIDE 6.9 (fide-2023)");

  TerminationText illegal = describe_termination(
      outcome(rules::GameResult::WhiteWins, rules::Reason::IllegalMove, "7.5.5"),
      rules::Edition::Fide2023, "", "", false);
  EXPECT_EQ(illegal.tag, "rules infraction: illegal move, FIDE 7.5.5 (fide-2023)");

  TerminationText threefold =
      describe_termination(outcome(rules::GameResult::Draw, rules::Reason::ThreefoldClaim, "9.2.2"),
                           rules::Edition::Fide2018, "", "", false);
  EXPECT_EQ(threefold.tag, "normal: threefold claim, FIDE 9.2.2 (fide-2018)");
}

TEST(MatchTermination, AbandonedAndNonFideEndsSaySo) {
  TerminationText crash =
      describe_termination(outcome(rules::GameResult::WhiteWins, rules::Reason::TimeForfeit, "6.9"),
                           rules::Edition::Fide2023, "engine crashed", "", false);
  EXPECT_EQ(crash.tag.rfind("abandoned: engine crashed; taken as a flag fall", 0), 0u) << crash.tag;

  rules::Outcome ongoing;
  TerminationText length = describe_termination(ongoing, rules::Edition::Fide2023, "",
                                                "maximum length of 100 moves", true);
  EXPECT_EQ(length.tag, "adjudication: maximum length of 100 moves (not FIDE)");

  TerminationText resign = describe_termination(
      outcome(rules::GameResult::BlackWins, rules::Reason::Resignation, "5.1.2"),
      rules::Edition::Fide2023, "", "resignation by score", false);
  EXPECT_EQ(resign.tag,
            "adjudication: resignation by score (not FIDE), scored as resignation, FIDE 5.1.2 "
            "(fide-2023)");
}

TEST(MatchTermination, TagsReadBackAsTheirStandardValue) {
  // The adjudicator reads "time forfeit: ..." as a time forfeit (6.9 on re-judging).
  EXPECT_EQ(pgn::parse_termination("time forfeit: flag fall, FIDE 6.9 (fide-2023)"),
            pgn::Termination::TimeForfeit);
  EXPECT_EQ(pgn::parse_termination("normal: checkmate, FIDE 5.1.1"), pgn::Termination::Normal);
  EXPECT_EQ(pgn::parse_termination("abandoned: engine crashed"), pgn::Termination::Abandoned);
  EXPECT_EQ(pgn::parse_termination("Time forfeit"), pgn::Termination::TimeForfeit);
  EXPECT_EQ(pgn::parse_termination("timeforfeit: x"), pgn::Termination::Unknown);
}

TEST(MatchTermination, RulesTagListsTheSettings) {
  rules::GameOptions options;
  options.claim_mode = rules::ClaimMode::ProxyClaim;
  options.illegal_moves = rules::IllegalMovePolicy::Forfeit;
  options.time_control = rules::TimeControlClass::Blitz;
  EXPECT_EQ(rules_description(options),
            "fide-2023, claims: proxy-claim, illegal moves: forfeit, blitz");
}

}  // namespace
}  // namespace arbiter::match
