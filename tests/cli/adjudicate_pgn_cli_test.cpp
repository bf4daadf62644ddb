// 'arbiter adjudicate FILE.pgn ...' as a subprocess: one verdict per game in
// input order whatever the threads, every kind of ending read from PGN, the
// inferred events, the summary, errors and exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "cli/arbiter_run.h"
#include "test_support.h"

namespace arbiter::cli {
namespace {

using test::ArbiterRun;
using test::quote;
using test::run_arbiter_args;
using test::split_lines;

constexpr int kSomeInputUnread = 1;
using test::kUsageErrorExit;
constexpr int kKindsGames = 12;  // games in adjudicate-kinds.pgn
constexpr int kSample80Games = 80;

std::string kinds() { return quote(test::data_path("adjudicate-kinds.pgn")); }
std::string errors() { return quote(test::data_path("adjudicate-errors.pgn")); }
std::string sample80() { return quote(test::data_path("lichess-sample-80.pgn")); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The JSON line of game `number` (1-based), or "" if there is none.
std::string game_line(const std::string& out, int number) {
  const std::string prefix = "{\"game\":" + std::to_string(number) + ",";
  for (const std::string& line : split_lines(out))
    if (line.rfind(prefix, 0) == 0) return line;
  return {};
}

std::string summary_line(const std::string& out) {
  const std::vector<std::string> lines = split_lines(out);
  return lines.empty() ? std::string() : lines.back();
}

// The verdict fields of one game, as to_json writes them in a row.
std::string verdict(const std::string& result, const std::string& reason,
                    const std::string& article, int ply, const std::string& move) {
  return "\"result\":\"" + result + "\",\"reason\":\"" + reason +
         "\",\"article\":" + (article.empty() ? std::string("null") : "\"" + article + "\"") +
         ",\"ply\":" + std::to_string(ply) +
         ",\"move\":" + (move.empty() ? std::string("null") : "\"" + move + "\"") + ",";
}

ArbiterRun json_run(const std::string& args) {
  return run_arbiter_args("adjudicate --format json " + args);
}

TEST(AdjudicatePgnCli, JsonLinesAreTheSameBytesWithOneTwoAndFourThreads) {
  // Batches of 3 games: many batches per thread, so that they finish out of order.
  const ArbiterRun one = json_run("--threads 1 --batch-games 3 " + sample80());
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const std::vector<std::string> lines = split_lines(one.out);
  ASSERT_EQ(lines.size(), size_t(kSample80Games + 1));  // the games, then the summary
  for (int i = 0; i < kSample80Games; ++i)
    EXPECT_EQ(lines[size_t(i)].rfind("{\"game\":" + std::to_string(i + 1) + ",", 0), 0u)
        << lines[size_t(i)];
  EXPECT_EQ(lines.back().rfind("{\"summary\":{", 0), 0u);
  for (const char* threads : {"2", "4"}) {
    const ArbiterRun many =
        json_run(std::string("--threads ") + threads + " --batch-games 3 " + sample80());
    ASSERT_EQ(many.exit_code, 0) << many.err;
    EXPECT_EQ(many.out, one.out) << "threads " << threads;
  }
}

TEST(AdjudicatePgnCli, EveryKindOfEndingFromPgn) {
  const ArbiterRun run = json_run(kinds());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(run.err.empty()) << run.err;
  struct Expected {
    int game;
    std::string fields;
  };
  const Expected expected[] = {
      {1, verdict("0-1", "checkmate", "5.1.1", 4, "Qh4#")},
      {2, verdict("1/2-1/2", "stalemate", "5.2.1", 19, "Qe6")},
      // K+B v K after a capture; the move after it changes nothing.
      {3, verdict("1/2-1/2", "dead-position", "5.2.2", 1, "Kxd2")},
      {4,
       verdict("1/2-1/2", "fivefold-repetition", "9.6.1", 16, "Ng8") +
           R"("rules":"fide-2023","claims":[{"type":"threefold","ply":7,"side":"black","move":"Ng8"}])"},
      {5, verdict("1/2-1/2", "seventyfive-moves", "9.6.2", 1, "Ra2")},
      // White flagged; K+N cannot mate K+Q: a draw, not lichess's 0-1.
      {6, verdict("1/2-1/2", "time-forfeit", "6.9", 1, "")},
      {7, verdict("0-1", "time-forfeit", "6.9", 1, "")},
      {8, verdict("1-0", "resignation", "5.1.2", 6, "")},
      // 2023 5.1.2: the resigner's opponent has a lone king.
      {9, verdict("1/2-1/2", "resignation", "5.1.2", 2, "")},
      {10, verdict("1/2-1/2", "agreement", "5.2.3", 2, "")},
      // 5.2.3: no agreement before each player has moved; the game goes on.
      {11, verdict("*", "none", "", 0, "")},
      {12, verdict("1-0", "checkmate", "5.1.1", 1, "O-O-O#")},
  };
  for (const Expected& e : expected) {
    const std::string line = game_line(run.out, e.game);
    EXPECT_TRUE(contains(line, e.fields)) << "game " << e.game << "\n" << line;
    EXPECT_TRUE(contains(line, "\"error\":null}")) << line;
  }
  EXPECT_TRUE(contains(game_line(run.out, 6), R"("inferred":"time-forfeit",)") &&
              contains(game_line(run.out, 6), R"("recorded":"0-1","agrees":false,)"));
  EXPECT_TRUE(contains(game_line(run.out, 7), R"("recorded":"0-1","agrees":true,)"));
  EXPECT_TRUE(contains(game_line(run.out, 8), R"("inferred":"resignation",)"));
  EXPECT_TRUE(contains(game_line(run.out, 9), R"("recorded":"0-1","agrees":false,)"));
  EXPECT_TRUE(contains(game_line(run.out, 10), R"("inferred":"agreement",)"));
  EXPECT_TRUE(contains(game_line(run.out, 11), R"("recorded":"1/2-1/2","agrees":false,)"));
  EXPECT_TRUE(contains(game_line(run.out, 1),
                       R"({"game":1,"source":)" + std::string("\"") +
                           test::data_path("adjudicate-kinds.pgn") +
                           R"(","line":1,"white":"W1","black":"B1","plies":4,"inferred":"none",)"))
      << game_line(run.out, 1);
}

TEST(AdjudicatePgnCli, Fide2009HasNoFivefoldSoTheDrawWasAClaim) {
  const ArbiterRun run = json_run("--rules fide-2009 " + kinds());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string line = game_line(run.out, 4);
  EXPECT_TRUE(contains(
      line, R"("inferred":"claim",)" + verdict("1/2-1/2", "threefold-claim", "9.2(b)", 16, "")))
      << line;
  // 2009 5.1(b): a resignation always loses.
  EXPECT_TRUE(contains(game_line(run.out, 9), verdict("0-1", "resignation", "5.1(b)", 2, "")));
}

TEST(AdjudicatePgnCli, ProxyClaimEndsTheThreefoldGameAtTheThirdOccurrence) {
  const ArbiterRun run = json_run("--mode proxy-claim " + kinds());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(
      contains(game_line(run.out, 4),
               R"("inferred":"none",)" + verdict("1/2-1/2", "threefold-claim", "9.2.1", 8, "Ng8")))
      << game_line(run.out, 4);
}

TEST(AdjudicatePgnCli, FenHalfmoveIgnoreStartsTheCountAtZero) {
  const ArbiterRun run = json_run("--fen-halfmove ignore " + kinds());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // No 75-move draw any more: the recorded draw is read as an agreement.
  const std::string line = game_line(run.out, 5);
  EXPECT_TRUE(contains(line, verdict("1/2-1/2", "agreement", "5.2.3", 2, "") +
                                 R"("rules":"fide-2023","claims":[],)"))
      << line;
}

TEST(AdjudicatePgnCli, OlderEditionsOnResignationAndEarlyAgreement) {
  ArbiterRun run = json_run("--rules fide-2018 " + kinds());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(game_line(run.out, 9), verdict("0-1", "resignation", "5.1.2", 2, "")));
  run = json_run("--rules fide-2014 " + kinds());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(game_line(run.out, 11), verdict("1/2-1/2", "agreement", "5.2c", 0, "")));
}

// With the full unwinnability analysis every proviso in this file is decided
// (a helpmate is found for the winner), so nothing is undecided.
TEST(AdjudicatePgnCli, SummaryCountsTheVerdicts) {
  const ArbiterRun run = json_run(kinds());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(summary_line(run.out),
            R"({"summary":{"games":12,"judged":12,"errors":0,"agreements":9,"disagreements":3,)"
            R"("unrecorded":0,"undecided":0,"results":{"1-0":2,"0-1":2,"1/2-1/2":7,"*":1},)"
            R"("reasons":{"none":1,"checkmate":2,"stalemate":1,"dead-position":1,)"
            R"("fivefold-repetition":1,"seventyfive-moves":1,"threefold-claim":0,)"
            R"("fifty-moves-claim":0,"time-forfeit":2,"illegal-move":0,"resignation":2,)"
            R"("agreement":1},"inferred":{"none":6,"time-forfeit":2,"resignation":2,)"
            R"("agreement":2,"claim":0},"time_forfeits":{"recorded":2,"wins":1,"draws":1,)"
            R"("ended_before":0},"files":1,"unreadable_files":0}})");
}

TEST(AdjudicatePgnCli, TextOutputAndSummary) {
  const ArbiterRun run = run_arbiter_args("adjudicate " + kinds());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string source = test::data_path("adjudicate-kinds.pgn");
  EXPECT_TRUE(contains(run.out, "game 6: W6 - B6 (" + source +
                                    ":42)\n"
                                    "result: 1/2-1/2 (time-forfeit, fide-2023 article 6.9)\n"
                                    "ply: 1\n"
                                    "claims available: none\n"
                                    "recorded: 0-1 (disagrees)\n"
                                    "inferred: white lost on time (Termination time forfeit, "
                                    "white to move at the end)\n\n"))
      << run.out;
  EXPECT_TRUE(contains(run.out, "claims available: threefold by black at ply 7 announcing Ng8\n"));
  EXPECT_TRUE(contains(run.out,
                       "summary: 12 games, 12 judged, 0 with errors\n"
                       "results: 1-0 2 0-1 2 1/2-1/2 7 * 1\n"));
  EXPECT_TRUE(contains(run.out,
                       "time forfeits recorded: 2 (6.9: 1 won, 1 drawn; ended before "
                       "the flag: 0)\n"));
}

TEST(AdjudicatePgnCli, IllegalSanIsLocatedAndTheNextGameIsJudged) {
  const ArbiterRun run = json_run(errors());
  EXPECT_EQ(run.exit_code, kSomeInputUnread) << run.err;
  EXPECT_TRUE(contains(game_line(run.out, 1), verdict("1-0", "checkmate", "5.1.1", 7, "Qxf7#")));
  const std::string broken = game_line(run.out, 2);
  EXPECT_TRUE(contains(broken, verdict("*", "none", "", 0, ""))) << broken;
  EXPECT_TRUE(contains(broken, R"("recorded":null,"agrees":null,)")) << broken;
  EXPECT_TRUE(contains(broken, "\"error\":\"" + test::data_path("adjudicate-errors.pgn") +
                                   ":14: ply 3: illegal SAN 'Ke3'\"}"))
      << broken;
  EXPECT_TRUE(contains(game_line(run.out, 3), verdict("1/2-1/2", "agreement", "5.2.3", 2, "")));
  EXPECT_TRUE(contains(summary_line(run.out), R"("games":3,"judged":2,"errors":1,)"));
}

TEST(AdjudicatePgnCli, ReadsStandardInputWithoutFilesOrWithDash) {
  const ArbiterRun file = json_run(kinds());
  for (const char* dash : {"", "-"}) {
    const ArbiterRun run = run_arbiter_args(std::string("adjudicate --format json ") + dash,
                                            test::data_path("adjudicate-kinds.pgn"));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(split_lines(run.out).size(), size_t(kKindsGames + 1));
    EXPECT_TRUE(contains(game_line(run.out, 1), R"("source":"<stdin>","line":1,)"));
    EXPECT_EQ(summary_line(run.out), summary_line(file.out));
  }
}

TEST(AdjudicatePgnCli, UnreadableFileIsReportedAndTheOthersAreRead) {
  const std::string missing = test::scratch_path("missing.pgn");
  const std::string directory = testing::TempDir();
  const ArbiterRun run = json_run(quote(missing) + " " + kinds() + " " + quote(directory));
  EXPECT_EQ(run.exit_code, kSomeInputUnread);
  EXPECT_TRUE(contains(run.err, "cannot read '" + missing + "'")) << run.err;
  EXPECT_TRUE(contains(run.err, "is a directory")) << run.err;
  EXPECT_EQ(split_lines(run.out).size(), size_t(kKindsGames + 1)) << run.out;
  EXPECT_TRUE(contains(summary_line(run.out), R"("files":1,"unreadable_files":2}})"));
}

TEST(AdjudicatePgnCli, GamesAreNumberedAcrossFiles) {
  const ArbiterRun run = json_run(errors() + " " + kinds());
  EXPECT_EQ(run.exit_code, kSomeInputUnread);
  EXPECT_TRUE(contains(game_line(run.out, 4), R"("line":1,"white":"W1",)")) << run.out;
  EXPECT_TRUE(contains(summary_line(run.out), R"("games":15,)"));
}

TEST(AdjudicatePgnCli, GarbageBytesNeverCrash) {
  std::mt19937 rng(20240607);
  const int kFiles = test::kSanitized ? 2 : 6;
  const size_t kBytes = 30000;
  for (int f = 0; f < kFiles; ++f) {
    const std::string path = test::scratch_path("garbage.pgn");
    {
      std::ofstream out(path, std::ios::binary);
      // Random bytes, with PGN-looking pieces mixed in so that the parser
      // gets past its first line now and then.
      const char* pieces[] = {"[Event \"x\"]\n",
                              "1. e4 ",
                              "{",
                              "}",
                              "(",
                              ")",
                              "1-0\n",
                              "\n\n",
                              "[SetUp \"1\"]\n",
                              "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n",
                              "O-O "};
      for (size_t n = 0; n < kBytes;) {
        if (rng() % 4 == 0) {
          const std::string piece = pieces[rng() % std::size(pieces)];
          out << piece;
          n += piece.size();
        } else {
          out.put(static_cast<char>(rng() & 0xFF));
          ++n;
        }
      }
    }
    const ArbiterRun run = json_run("--threads 2 --batch-games 2 " + quote(path));
    std::filesystem::remove(path);
    EXPECT_TRUE(run.exit_code == 0 || run.exit_code == kSomeInputUnread) << run.exit_code;
    EXPECT_EQ(summary_line(run.out).rfind("{\"summary\":{", 0), 0u) << run.out;
  }
}

TEST(AdjudicatePgnCli, LichessSample80EveryGameGetsAVerdict) {
  const ArbiterRun run = json_run(sample80());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::vector<std::string> lines = split_lines(run.out);
  ASSERT_EQ(lines.size(), size_t(kSample80Games + 1));
  for (int i = 0; i < kSample80Games; ++i) {
    EXPECT_TRUE(contains(lines[size_t(i)], "\"error\":null}")) << lines[size_t(i)];
    EXPECT_FALSE(contains(lines[size_t(i)], "\"reason\":\"none\"")) << lines[size_t(i)];
  }
  // 8 games end "Time forfeit" (games 3, 5, 16, 17, 29, 43, 57, 76); in every
  // final position the player with time has a queen, a rook or a pawn that can
  // still promote (checked by hand), so all 8 are wins under 6.9, as recorded.
  const std::string summary = summary_line(run.out);
  EXPECT_TRUE(contains(summary, R"("time_forfeits":{"recorded":8,"wins":8,"draws":0,)")) << summary;
  EXPECT_TRUE(contains(summary, R"("games":80,"judged":80,"errors":0,)")) << summary;
  EXPECT_TRUE(contains(summary, R"("disagreements":0,)")) << summary;
  for (int game : {3, 5, 16, 17, 29, 43, 57, 76})
    EXPECT_TRUE(contains(game_line(run.out, game), R"("inferred":"time-forfeit",)")) << game;
  // Game 2 ends with Kxg6 leaving bare kings and the record's draw agrees.
  EXPECT_TRUE(
      contains(game_line(run.out, 2), verdict("1/2-1/2", "dead-position", "5.2.2", 108, "Kxg6")));
}

TEST(AdjudicatePgnCli, BadUsageExitsWithTwo) {
  for (const std::string& args :
       {"adjudicate --fen startpos " + kinds(), "adjudicate --moves e4 " + kinds(),
        "adjudicate --chess960 " + kinds(), "adjudicate --threads -1 " + kinds(),
        "adjudicate --batch-games 0 " + kinds(), "adjudicate --format yaml " + kinds()}) {
    const ArbiterRun run = run_arbiter_args(args);
    EXPECT_EQ(run.exit_code, kUsageErrorExit) << args << "\n" << run.err;
    EXPECT_TRUE(run.out.empty()) << args << "\n" << run.out;
    EXPECT_FALSE(run.err.empty()) << args;
  }
}

TEST(AdjudicatePgnCli, EmptyInputGivesAnEmptySummary) {
  const ArbiterRun run = json_run("");  // standard input is /dev/null
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(split_lines(run.out).size(), 1u);
  EXPECT_TRUE(contains(run.out, R"({"summary":{"games":0,)"));
}

}  // namespace
}  // namespace arbiter::cli
