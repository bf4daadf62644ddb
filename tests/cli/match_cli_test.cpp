// arbiter match through the command line: real engines (arbiter itself, and
// Debian's stockfish when installed) and the error messages.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "arbiter/pgn/reader.h"
#include "cli/arbiter_run.h"
#include "test_support.h"

namespace arbiter::test {
namespace {

constexpr const char* kStockfish = "/usr/games/stockfish";

std::vector<pgn::Game> read_pgn_file(const std::string& path) {
  std::ifstream file(path);
  pgn::Reader reader(file, path);
  std::vector<pgn::Game> games;
  for (const pgn::ParsedGame& parsed : reader) {
    EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().to_string());
    if (parsed.ok()) games.push_back(parsed.game());
  }
  return games;
}

// Games end by the Laws (or the length limit): never by a time loss, an illegal
// move or a crash of an engine that should do none of these.
void expect_clean_games(const std::vector<pgn::Game>& games, size_t count) {
  ASSERT_EQ(games.size(), count);
  for (const pgn::Game& g : games) {
    std::string termination(g.tag("Termination").value_or(""));
    EXPECT_TRUE(termination.starts_with("normal:") || termination.starts_with("adjudication:"))
        << termination;
    EXPECT_NE(g.result(), pgn::GameResult::Unfinished);
  }
}

TEST(MatchCli, ArbiterAgainstItself) {
  std::string pgn_path = scratch_path("self.pgn");
  ArbiterRun run = run_arbiter_args(
      "match --engine cmd=" + std::string(ARBITER_BINARY) +
      " name=one --engine cmd=" + std::string(ARBITER_BINARY) +
      " name=two --each st=0.05 option.Hash=8 --games 2 --maxmoves 20 "
      "--openings " +
      quote(data_path("openings-8moves-200.pgn")) + " --pgnout " + quote(pgn_path));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("one vs two"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Games: 2 played"), std::string::npos) << run.out;
  std::vector<pgn::Game> games = read_pgn_file(pgn_path);
  expect_clean_games(games, 2);
  EXPECT_GT(games[0].ply_count(), 16u);  // the engines played after the book
  std::filesystem::remove(pgn_path);
}

TEST(MatchCli, ArbiterAgainstStockfish) {
  if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " is not installed";
  std::string pgn_path = scratch_path("sf.pgn");
  ArbiterRun run =
      run_arbiter_args("match --engine cmd=" + std::string(ARBITER_BINARY) +
                       " name=arbiter --engine cmd=" + kStockfish +
                       " name=stockfish --each tc=2+0.05 option.Hash=16 option.Threads=1 --games 2 "
                       "--maxmoves 25 --pgnout " +
                       quote(pgn_path));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  expect_clean_games(read_pgn_file(pgn_path), 2);
  EXPECT_NE(run.out.find("stockfish"), std::string::npos);
  std::filesystem::remove(pgn_path);
}

TEST(MatchCli, BadArgumentsGiveAMessageAndExitCode2) {
  ArbiterRun run = run_arbiter_args("match --engine cmd=x --games 2");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("at least two --engine"), std::string::npos) << run.err;
  ArbiterRun missing = run_arbiter_args("match --engine cmd=/nonexistent/engine --engine cmd=" +
                                        std::string(ARBITER_BINARY) + " --each tc=1+0.1 --games 2");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("does not start"), std::string::npos) << missing.err;
  ArbiterRun openings = run_arbiter_args(
      "match --engine cmd=a --engine cmd=b --each tc=1 --games 2 --openings /nonexistent.epd");
  EXPECT_EQ(openings.exit_code, 1);
  EXPECT_NE(openings.err.find("cannot open"), std::string::npos) << openings.err;
}

TEST(MatchCli, HelpListsTheOptions) {
  ArbiterRun run = run_arbiter_args("match --help");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("--sprt"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::test
