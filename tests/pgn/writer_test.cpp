// The writer, and reader -> writer -> reader round trips.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "arbiter/core/fen.h"
#include "arbiter/pgn/reader.h"
#include "arbiter/pgn/writer.h"
#include "test_support.h"

namespace arbiter::pgn {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  while (!out.empty() && out.back().empty()) out.pop_back();  // the blank line ending a game
  return out;
}

using test::read_one_game;

// Same tags (the written game may add roster tags with placeholder values),
// moves, SAN, comments, NAGs, clocks, start and result.
void expect_same_pgn_game(const Game& a, const Game& b) {
  for (size_t i = 0; i < a.tag_count(); ++i)
    EXPECT_EQ(b.tag(a.tag_name(i)), a.tag(a.tag_name(i))) << a.tag_name(i);
  for (size_t i = 0; i < b.tag_count(); ++i) {
    if (a.tag(b.tag_name(i))) continue;
    std::string_view name = b.tag_name(i);
    // Roster placeholders, and what a game built from a position needs.
    bool added = name == "Round" || name == "Event" || name == "Site" || name == "Date" ||
                 name == "White" || name == "Black" || name == "Result" || name == "SetUp" ||
                 name == "FEN" || name == "Variant";
    EXPECT_TRUE(added) << "extra tag " << name;
  }
  EXPECT_EQ(core::to_fen(a.start_position()), core::to_fen(b.start_position()));
  EXPECT_EQ(a.chess960(), b.chess960());
  ASSERT_EQ(a.ply_count(), b.ply_count());
  for (size_t i = 0; i < a.ply_count(); ++i) {
    EXPECT_EQ(a.move(i), b.move(i)) << i;
    EXPECT_EQ(a.san(i), b.san(i)) << i;
    EXPECT_EQ(a.comment(i), b.comment(i)) << i;
    EXPECT_EQ(a.clock_ms(i), b.clock_ms(i)) << i;
    EXPECT_TRUE(std::ranges::equal(a.nags(i), b.nags(i))) << i;
  }
  EXPECT_EQ(a.leading_comment(), b.leading_comment());
  EXPECT_EQ(a.result(), b.result());
}

// Movetext lines stay under 80 columns; a tag pair must stay on its line, so a
// long value (some lichess Opening names) makes a longer line.
void expect_short_lines(const std::string& text) {
  for (const std::string& line : lines_of(text))
    if (!line.starts_with("[")) {
      EXPECT_LT(line.size(), 80u) << line;
    }
}

TEST(PgnWriter, RosterFirstThenOtherTagsInOrder) {
  Game g;
  g.set_tag("ECO", "C20");
  g.set_tag("Black", "B");
  g.set_tag("Event", "E");
  g.set_tag("TimeControl", "60+0");
  g.set_result(GameResult::WhiteWins);
  std::vector<std::string> lines = lines_of(write_game(g));
  std::vector<std::string> expected = {"[Event \"E\"]",
                                       "[Site \"?\"]",
                                       "[Date \"????.??.??\"]",
                                       "[Round \"?\"]",
                                       "[White \"?\"]",
                                       "[Black \"B\"]",
                                       "[Result \"1-0\"]",
                                       "[ECO \"C20\"]",
                                       "[TimeControl \"60+0\"]",
                                       "",
                                       "1-0"};
  EXPECT_EQ(lines, expected);

  WriterOptions bare;
  bare.complete_roster = false;
  lines = lines_of(write_game(g, bare));
  EXPECT_EQ(lines[0], "[Event \"E\"]");
  EXPECT_EQ(lines[1], "[Black \"B\"]");
}

TEST(PgnWriter, EscapesTagValues) {
  Game g;
  g.set_tag("Event", "The \"Big\" one \\ two");
  std::string text = write_game(g);
  EXPECT_NE(text.find("[Event \"The \\\"Big\\\" one \\\\ two\"]"), std::string::npos) << text;
  EXPECT_EQ(read_one_game(text).tag("Event"), "The \"Big\" one \\ two");
}

TEST(PgnWriter, MoveNumbersCommentsNagsAndClocks) {
  Game g;
  ASSERT_TRUE(g.push_san("e4").ok());
  g.set_clock_ms(180000);
  ASSERT_TRUE(g.push_san("e5").ok());
  g.add_nag(1);
  ASSERT_TRUE(g.push_san("Nf3").ok());
  g.set_comment("a developing move");
  ASSERT_TRUE(g.push_san("Nc6").ok());
  g.set_result(GameResult::Unfinished);
  std::string text = write_game(g);
  std::string movetext = lines_of(text).back();
  EXPECT_EQ(movetext,
            "1. e4 { [%clk 0:03:00] } 1... e5 $1 2. Nf3 { a developing move } 2... Nc6 *");
}

TEST(PgnWriter, BlackToMoveFromFenStartsWithEllipsis) {
  core::Position pos =
      test::must_parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12");
  Game g;
  g.set_start_position(pos);
  ASSERT_TRUE(g.push_san("c5").ok());
  ASSERT_TRUE(g.push_san("Nf3").ok());
  std::string text = write_game(g);
  EXPECT_NE(text.find("[SetUp \"1\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[FEN \"" + core::to_fen(pos) + "\"]"), std::string::npos) << text;
  EXPECT_EQ(lines_of(text).back(), "12... c5 13. Nf3 *");
  expect_same_pgn_game(g, read_one_game(text));
}

TEST(PgnWriter, Chess960GetsVariantAndFen) {
  Game g;
  g.set_start_position(test::must_parse("rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1", true));
  ASSERT_TRUE(g.push_san("O-O").ok());
  std::string text = write_game(g);
  EXPECT_NE(text.find("[Variant \"Chess960\"]"), std::string::npos) << text;
  Game back = read_one_game(text);
  EXPECT_TRUE(back.chess960());
  expect_same_pgn_game(g, back);
}

TEST(PgnWriter, WrapsLongMovetextAndComments) {
  Game g;
  const char* moves[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  for (int i = 0; i < 60; ++i) {
    ASSERT_TRUE(g.push_san(moves[i % 4]).ok());
    if (i % 7 == 0)
      g.set_comment(
          "a long comment that goes on and on, well past the end of any reasonable "
          "line, so that it must be wrapped over several lines");
    if (i % 3 == 0) g.add_nag(uint8_t(i));
  }
  g.set_result(GameResult::Draw);
  std::string text = write_game(g);
  expect_short_lines(text);
  EXPECT_GT(lines_of(text).size(), 15u);
  expect_same_pgn_game(g, read_one_game(text));
}

TEST(PgnWriter, PushRejectsIllegalMoves) {
  Game g;
  EXPECT_FALSE(g.push_san("e5").ok());
  EXPECT_FALSE(g.push_move(core::Move(core::Square::E2, core::Square::E5)).ok());
  EXPECT_EQ(g.ply_count(), 0u);
  EXPECT_TRUE(g.push_move(core::Move(core::Square::E2, core::Square::E4)).ok());
  EXPECT_EQ(g.san(0), "e4");
}

TEST(PgnRoundTrip, HandMadeEdgeCases) {
  const char* cases[] = {
      "{ opening remarks } 1. e4 e5 *\n",
      "[Event \"x\"]\n\n1. e4! $14 e5?? { [%clk 0:00:59.9] tail } 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# "
      "1-0\n",
      "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 50\"]\n\n50. a8=Q+ Kd7 "
      "*\n",
      "[Event \"x\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1\"]\n\n1... O-O-O 2. O-O *\n",
      "[Event \"x\"]\n\n1. e4 (1. d4 d5) e5 ; line comment\n2. Nf3 { multi\nline } 0-1\n",
      "[Event \"x\"]\n[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. exd6 Kd7 2. Kd2 Kxd6 "
      "1/2-1/2\n",
  };
  for (const char* text : cases) {
    Game a = read_one_game(text);
    std::string written = write_game(a);
    expect_short_lines(written);
    Game b = read_one_game(written);
    expect_same_pgn_game(a, b);
    EXPECT_EQ(written, write_game(b)) << "writing is not stable for\n" << text;
  }
}

TEST(PgnRoundTrip, EveryCorpusGame) {
  std::ifstream file(test::data_path("lichess-sample-80.pgn"));
  std::string corpus((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  std::vector<ParsedGame> games = read_games(corpus, "lichess-sample-80.pgn");
  ASSERT_EQ(games.size(), 80u);
  std::string all;
  for (const ParsedGame& parsed : games) {
    ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
    all += write_game(parsed.game());
  }
  expect_short_lines(all);
  std::vector<ParsedGame> again = read_games(all, "written.pgn");
  ASSERT_EQ(again.size(), games.size());
  for (size_t i = 0; i < games.size(); ++i) {
    ASSERT_TRUE(again[i].ok()) << again[i].error().to_string();
    SCOPED_TRACE(i);
    expect_same_pgn_game(games[i].game(), again[i].game());
    EXPECT_EQ(again[i].game().tag("Round"), "?");  // completed roster
  }
}

}  // namespace
}  // namespace arbiter::pgn
