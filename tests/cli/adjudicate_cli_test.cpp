// 'arbiter adjudicate' as a subprocess: every FIDE case gives the same JSON line
// as the library, and bad input is refused with exit code 2.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "arbiter/rules/verdict_format.h"
#include "rules/fide_cases.h"
#include "test_support.h"

namespace arbiter::cli {
namespace {

using test::kUsageErrorExit;

struct ProcessRun {
  int exit_code = -1;
  std::string out;  // stdout and stderr together
};

// Single quotes survive the shell unchanged except for ' itself.
std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

ProcessRun run_arbiter(const std::string& args) {
  ProcessRun run;
  // Standard input from /dev/null: without files the command reads PGN from it.
  const std::string command = std::string(ARBITER_BINARY) + " " + args + " </dev/null 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  std::array<char, 4096> buffer;
  for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;)
    run.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::string case_args(const test::FideCaseRun& r) {
  std::string args = "adjudicate --format json --fen " + shell_quote(r.c.fen) + " --rules " +
                     std::string(rules::edition_name(r.edition));
  if (!r.c.moves.empty()) args += " --moves " + shell_quote(r.c.moves);
  if (!r.c.event.empty()) args += " --event " + shell_quote(r.c.event);
  return args;
}

class AdjudicateCliCase : public testing::TestWithParam<test::FideCaseRun> {};

TEST_P(AdjudicateCliCase, JsonLineMatchesTheLibrary) {
  const test::FideCaseRun& r = GetParam();
  const ProcessRun run = run_arbiter(case_args(r));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  rules::Game game = test::play_case(r.c, {.edition = r.edition});
  EXPECT_EQ(run.out, rules::to_json(rules::make_verdict(game)) + "\n");
  EXPECT_NE(run.out.find("\"result\":\"" + r.expected + "\""), std::string::npos) << run.out;
}

INSTANTIATE_TEST_SUITE_P(FideCases, AdjudicateCliCase, testing::ValuesIn(test::fide_case_runs()),
                         test::run_name);

TEST(AdjudicateCli, BadFenExitsWithTwoAndAMessage) {
  const ProcessRun run = run_arbiter("adjudicate --fen 'not a fen'");
  EXPECT_EQ(run.exit_code, kUsageErrorExit);
  EXPECT_NE(run.out.find("invalid FEN"), std::string::npos) << run.out;
}

TEST(AdjudicateCli, IllegalMoveExitsWithTwoNamingTheMove) {
  const ProcessRun run = run_arbiter("adjudicate --fen startpos --moves 'e2e4 e7e5 e1e3'");
  EXPECT_EQ(run.exit_code, kUsageErrorExit);
  EXPECT_NE(run.out.find("move 3 'e1e3'"), std::string::npos) << run.out;
}

TEST(AdjudicateCli, MoveAfterMateIsStillCheckedAndRefused) {
  const ProcessRun run = run_arbiter("adjudicate --fen startpos --moves 'f3 e5 g4 Qh4# a3'");
  EXPECT_EQ(run.exit_code, kUsageErrorExit) << run.out;
}

TEST(AdjudicateCli, UnknownOptionsAndValuesExitWithTwo) {
  for (const char* args :
       {"adjudicate --fen startpos --rules fide-1999", "adjudicate --fen startpos --mode lax",
        "adjudicate --fen startpos --event flag:x", "adjudicate --fen startpos --event explode:w",
        "adjudicate --fen startpos --format xml", "adjudicate --fen startpos --illegal never",
        "adjudicate --fen startpos --fen-halfmove maybe", "adjudicate --fen startpos --bogus",
        "adjudicate --moves e4", "adjudicate --fen startpos --event claim:w:e2e5"}) {
    const ProcessRun run = run_arbiter(args);
    EXPECT_EQ(run.exit_code, kUsageErrorExit) << args << "\n" << run.out;
    EXPECT_FALSE(run.out.empty()) << args;
  }
}

TEST(AdjudicateCli, SanMovesWithMoveNumbersAndTextOutput) {
  const ProcessRun run =
      run_arbiter("adjudicate --fen startpos --moves '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#'");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("result: 1-0 (checkmate, fide-2023 article 5.1.1)"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("ply: 7, ended by Qxf7#"), std::string::npos) << run.out;
}

TEST(AdjudicateCli, ProxyClaimEndsAtTheThirdOccurrence) {
  const ProcessRun run = run_arbiter(
      "adjudicate --format json --mode proxy-claim --fen startpos --moves 'Nf3 Nf6 Ng1 Ng8 Nf3 "
      "Nf6 Ng1 Ng8'");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find(R"("result":"1/2-1/2","reason":"threefold-claim","article":"9.2.1",)"
                         R"("ply":8,"move":"Ng8")"),
            std::string::npos)
      << run.out;
}

TEST(AdjudicateCli, ClaimWithAnnouncedMove) {
  const ProcessRun run = run_arbiter(
      "adjudicate --format json --fen startpos --moves 'Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1' --event "
      "claim:b:Ng8");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find(R"("reason":"threefold-claim","article":"9.2.1","ply":7,"move":"Ng8")"),
            std::string::npos)
      << run.out;
}

TEST(AdjudicateCli, IgnoredFenHalfmoveCounterAndChess960) {
  // H07 with the counter ignored: no 75-move draw.
  ProcessRun run = run_arbiter(
      "adjudicate --format json --fen '8/8/4k3/8/8/3K4/8/R7 w - - 150 120' --fen-halfmove ignore");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find(R"("result":"*")"), std::string::npos) << run.out;
  // Chess960 castling is king-takes-rook (king b1, rook a1: queen side).
  run = run_arbiter(
      "adjudicate --format json --chess960 --fen 'rk6/8/8/8/8/8/8/RK6 w Aa - 0 1' "
      "--moves 'b1a1 b8a8'");
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find(R"("result":"*")"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace arbiter::cli
