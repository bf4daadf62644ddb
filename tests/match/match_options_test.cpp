#include "arbiter/match/match_options.h"

#include <gtest/gtest.h>

namespace arbiter::match {
namespace {

std::vector<std::string> words(std::string_view text) { return split_arguments(text).value(); }

TEST(MatchOptions, ReadsEnginesEachAndMatchSettings) {
  Result<MatchCommand> cmd = parse_match_command({"--engine",
                                                  "cmd=/usr/bin/eng1",
                                                  "name=One",
                                                  "option.Hash=64",
                                                  "args=-u --fast 'a b'",
                                                  "--engine",
                                                  "cmd=eng2",
                                                  "option.Move Overhead=30",
                                                  "tc=5+0.05",
                                                  "--each",
                                                  "tc=10+0.1",
                                                  "option.Threads=1",
                                                  "option.Hash=16",
                                                  "--games",
                                                  "20",
                                                  "--concurrency",
                                                  "3",
                                                  "--openings",
                                                  "book.pgn",
                                                  "--order",
                                                  "random",
                                                  "--seed",
                                                  "7",
                                                  "--pgnout",
                                                  "out.pgn",
                                                  "--rules",
                                                  "fide-2018",
                                                  "--mode",
                                                  "strict",
                                                  "--illegal",
                                                  "forfeit",
                                                  "--margin",
                                                  "25"});
  ASSERT_TRUE(cmd) << cmd.error();
  const MatchConfig& c = cmd->config;
  ASSERT_EQ(c.engines.size(), 2u);
  const EngineEntry& one = c.engines[0];
  EXPECT_EQ(one.config.name, "One");
  EXPECT_EQ(one.config.command, "/usr/bin/eng1");
  EXPECT_EQ(one.config.args, (std::vector<std::string>{"-u", "--fast", "a b"}));
  EXPECT_EQ(*one.limit.base_ms, 10000);  // from --each
  // --each options first, the engine's own after them, so that they win.
  EXPECT_EQ(one.config.options, (std::vector<std::pair<std::string, std::string>>{
                                    {"Threads", "1"}, {"Hash", "16"}, {"Hash", "64"}}));
  const EngineEntry& two = c.engines[1];
  EXPECT_EQ(two.config.name, "eng2");   // the program's name when name= is missing
  EXPECT_EQ(*two.limit.base_ms, 5000);  // its own tc wins over --each
  EXPECT_EQ(two.config.options.back(),
            (std::pair<std::string, std::string>{"Move Overhead", "30"}));
  EXPECT_EQ(c.games_per_pairing, 20);
  EXPECT_EQ(c.concurrency, 3);
  EXPECT_EQ(cmd->openings_path, "book.pgn");
  EXPECT_EQ(c.order, OpeningOrder::Kind::Random);
  EXPECT_EQ(c.seed, 7u);
  EXPECT_EQ(c.pgn_out, "out.pgn");
  EXPECT_EQ(c.game.rules.edition, rules::Edition::Fide2018);
  EXPECT_EQ(c.game.rules.claim_mode, rules::ClaimMode::Strict);
  EXPECT_EQ(c.game.rules.illegal_moves, rules::IllegalMovePolicy::Forfeit);
  EXPECT_EQ(c.game.flag_margin_ms, 25);
  EXPECT_FALSE(c.sprt.has_value());
  EXPECT_FALSE(c.game.adjudication.any());
}

TEST(MatchOptions, DefaultsFollowTheIssue) {
  Result<MatchCommand> cmd =
      parse_match_command(words("--engine cmd=a --engine cmd=b --each tc=1+0.01 --rounds 3"));
  ASSERT_TRUE(cmd) << cmd.error();
  const MatchConfig& c = cmd->config;
  EXPECT_EQ(c.games_per_pairing, 6);
  EXPECT_EQ(c.concurrency, 1);
  EXPECT_EQ(c.game.rules.edition, rules::Edition::Fide2023);
  EXPECT_EQ(c.game.rules.claim_mode, rules::ClaimMode::ProxyClaim);
  EXPECT_EQ(c.game.rules.illegal_moves, rules::IllegalMovePolicy::Fide);
  EXPECT_EQ(c.game.flag_margin_ms, 0);
  EXPECT_EQ(c.order, OpeningOrder::Kind::Sequential);
  EXPECT_FALSE(c.game.adjudication.any());  // no convenience is on unless asked for
}

TEST(MatchOptions, SprtAndScoreAdjudication) {
  Result<MatchCommand> cmd = parse_match_command(
      words("--engine cmd=a --engine cmd=b --each st=0.5 nodes=1000 depth=4 --games 10 "
            "--sprt elo0=-1.5 elo1=3 alpha=0.1 beta=0.05 model=normalized "
            "--draw movenumber=30 movecount=6 score=5 --resign movecount=4 score=800 "
            "twosided=true --maxmoves 150"));
  ASSERT_TRUE(cmd) << cmd.error();
  const MatchConfig& c = cmd->config;
  ASSERT_TRUE(c.sprt);
  EXPECT_DOUBLE_EQ(c.sprt->elo0, -1.5);
  EXPECT_DOUBLE_EQ(c.sprt->elo1, 3);
  EXPECT_DOUBLE_EQ(c.sprt->alpha, 0.1);
  EXPECT_EQ(c.sprt->model, EloModel::Normalized);
  const ScoreAdjudication& adj = c.game.adjudication;
  EXPECT_TRUE(adj.draw);
  EXPECT_EQ(adj.draw_move_number, 30);
  EXPECT_EQ(adj.draw_move_count, 6);
  EXPECT_EQ(adj.draw_score_cp, 5);
  EXPECT_TRUE(adj.resign);
  EXPECT_TRUE(adj.resign_two_sided);
  EXPECT_EQ(adj.resign_move_count, 4);
  EXPECT_EQ(adj.resign_score_cp, 800);
  EXPECT_EQ(adj.max_moves, 150);
  const TimeLimit& limit = c.engines[0].limit;
  EXPECT_EQ(*limit.movetime_ms, 500);
  EXPECT_EQ(*limit.nodes, 1000);
  EXPECT_EQ(*limit.depth, 4);
  EXPECT_NE(adj.describe().find("resignation"), std::string::npos);
}

TEST(MatchOptions, ErrorsNameTheProblem) {
  struct Case {
    const char* args;
    const char* message;
  };
  const Case cases[] = {
      {"--engine cmd=a --games 2 --each tc=1", "at least two --engine"},
      {"--engine cmd=a --engine cmd=b --games 2", "no limit"},
      {"--engine cmd=a --engine name=b --each tc=1 --games 2", "cmd=PATH is missing"},
      {"--engine cmd=a --engine cmd=a --each tc=1 --games 2", "distinct name"},
      {"--engine cmd=a --engine cmd=b --each tc=1", "--games N"},
      {"--engine cmd=a --engine cmd=b --each tc=1 --games 2 --rounds 1", "not both"},
      {"--engine cmd=a --engine cmd=b --each tc=1 --games 0", "bad --games"},
      {"--engine cmd=a --engine cmd=b --each tc=x --games 2", "bad time"},
      {"--engine cmd=a --engine cmd=b --each tc=1 color=red --games 2", "unknown engine key"},
      {"--engine cmd=a --engine cmd=b --each tc=1 --games 2 --frobnicate 1", "unknown option"},
      {"--engine cmd=a --engine cmd=b --each tc=1 --games 2 --rules fide-1999", "--rules"},
      {"--engine cmd=a --engine cmd=b --each tc=1 --games 2 --mode lax", "--mode"},
      {"--engine cmd=a --engine cmd=b --each tc=1 --games 2 --illegal never", "--illegal"},
      {"--engine cmd=a --engine cmd=b --each tc=1 --games 2 --sprt elo0=5 elo1=0", "elo1 > elo0"},
      {"--engine cmd=a --engine cmd=b --engine cmd=c --each tc=1 --games 2 --sprt", "exactly two"},
      {"--engine cmd=a --engine cmd=b --each tc=1 --games 2 --concurrency", "needs a value"},
      {"--engine cmd=a --engine cmd=b --each tc=1 --games 2 --order shuffled", "--order"},
      {"--engine cmd=a --engine --each tc=1 --games 2", "key=value"},
      {"--engine cmd=a args='unterminated --engine cmd=b --each tc=1 --games 2", "quote"},
  };
  for (const Case& c : cases) {
    Result<std::vector<std::string>> split = split_arguments(c.args);
    std::string error = split ? std::string() : split.error();
    if (split) {
      Result<MatchCommand> cmd = parse_match_command(*split);
      ASSERT_FALSE(cmd) << c.args;
      error = cmd.error();
    }
    EXPECT_NE(error.find(c.message), std::string::npos) << c.args << " -> " << error;
  }
}

TEST(MatchOptions, HelpAndUsage) {
  Result<MatchCommand> cmd = parse_match_command({"--help"});
  ASSERT_TRUE(cmd);
  EXPECT_TRUE(cmd->help);
  for (const char* flag :
       {"--engine", "--each", "--games", "--rounds", "--concurrency", "--openings", "--order",
        "--seed", "--pgnout", "--rules", "--mode", "--illegal", "--sprt", "--margin"})
    EXPECT_NE(match_usage().find(flag), std::string::npos) << flag;
}

TEST(SplitArguments, QuotesGroupWords) {
  EXPECT_EQ(words("a  'b c' \"d e\"f g"), (std::vector<std::string>{"a", "b c", "d ef", "g"}));
  EXPECT_EQ(words(""), std::vector<std::string>{});
  EXPECT_EQ(words("''"), std::vector<std::string>{""});
}

}  // namespace
}  // namespace arbiter::match
