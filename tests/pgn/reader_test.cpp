// The reader on well-formed input: tags, movetext syntax, set-up positions,
// Chess960, clocks, line ends.
#include <gtest/gtest.h>

#include <sstream>

#include "arbiter/core/fen.h"
#include "arbiter/pgn/reader.h"
#include "test_support.h"

namespace arbiter::pgn {
namespace {

using core::Square;

using test::read_one_game;

std::vector<std::string> sans(const Game& g) {
  std::vector<std::string> out;
  for (size_t i = 0; i < g.ply_count(); ++i) out.emplace_back(g.san(i));
  return out;
}

TEST(PgnReader, TagsInOrderWithLookupAndEscapes) {
  Game g = read_one_game(
      "[Event \"Club \\\"Open\\\"\"]\n[Site \"C:\\\\chess\"]\n[White \"A\"]\n"
      "[Black \"B\"]\n[White \"duplicate\"]\n\n1. e4 *\n");
  ASSERT_EQ(g.tag_count(), 5u);
  EXPECT_EQ(g.tag_name(0), "Event");
  EXPECT_EQ(g.tag_value(0), "Club \"Open\"");
  EXPECT_EQ(g.tag_value(1), "C:\\chess");
  EXPECT_EQ(g.tag_name(4), "White");
  EXPECT_EQ(g.tag("White"), "A");  // the first of duplicates
  EXPECT_EQ(g.tag("Round"), std::nullopt);
  EXPECT_EQ(g.first_line(), 1);
}

TEST(PgnReader, MoveNumberForms) {
  Game g = read_one_game("[Event \"x\"]\n\n1. e4 1... e5 2.Nf3 2...Nc6 3 Bb5 a6 4.  Ba4 *\n");
  EXPECT_EQ(sans(g), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"}));
}

TEST(PgnReader, GameWithoutTags) {
  Game g = read_one_game("1. d4 d5 2. c4 1/2-1/2\n");
  EXPECT_EQ(g.tag_count(), 0u);
  EXPECT_EQ(g.ply_count(), 3u);
  EXPECT_EQ(g.result(), GameResult::Draw);
}

TEST(PgnReader, SanWrittenAndNormalised) {
  Game g = read_one_game("1. e2e4?? e5 *\n");
  EXPECT_EQ(g.written_san(0), "e2e4");
  EXPECT_EQ(g.san(0), "e4");
  Game h = read_one_game("1. e4 e5 2. Ng1f3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. 0-0+ Qd6 *\n");
  ASSERT_EQ(h.ply_count(), 10u);
  EXPECT_EQ(h.written_san(2), "Ng1f3");
  EXPECT_EQ(h.san(2), "Nf3");
  EXPECT_EQ(h.written_san(8), "0-0+");
  EXPECT_EQ(h.san(8), "O-O");
  EXPECT_TRUE(h.move(8).is_castling());
}

TEST(PgnReader, CommentsOfEveryKind) {
  Game g = read_one_game(
      "{ before the game }\n1. e4 {best by test}   {second\n  comment} e5 ; rest of line\n"
      "2. Nf3 *\n");
  EXPECT_EQ(g.leading_comment(), "before the game");
  ASSERT_EQ(g.ply_count(), 3u);
  EXPECT_EQ(g.comment(0), "best by test second comment");
  EXPECT_EQ(g.comment(1), "rest of line");
  EXPECT_EQ(g.comment(2), "");
}

TEST(PgnReader, NestedVariationsAreSkipped) {
  Game g = read_one_game(
      "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 {a comment with ) inside} Nc6) d6 ; ) in a line "
      "comment\n 3. d4 (3. Qxx9 illegal moves are not replayed)) 2. Nf3 Nc6 *\n");
  EXPECT_EQ(sans(g), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6"}));
}

TEST(PgnReader, NagsAndSuffixAnnotations) {
  Game g = read_one_game("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 $32 Nf6 $1 *\n");
  ASSERT_EQ(g.ply_count(), 8u);
  std::vector<std::vector<uint8_t>> expected = {{1}, {2}, {3}, {4}, {5}, {6}, {14, 32}, {1}};
  for (size_t i = 0; i < expected.size(); ++i) {
    std::vector<uint8_t> nags(g.nags(i).begin(), g.nags(i).end());
    EXPECT_EQ(nags, expected[i]) << "ply " << i;
  }
  EXPECT_EQ(g.written_san(0), "e4");
}

TEST(PgnReader, ResultTokens) {
  const std::pair<const char*, GameResult> cases[] = {{"1-0", GameResult::WhiteWins},
                                                      {"0-1", GameResult::BlackWins},
                                                      {"1/2-1/2", GameResult::Draw},
                                                      {"*", GameResult::Unfinished}};
  for (auto [token, result] : cases) {
    Game g =
        read_one_game(std::string("[Result \"") + token + "\"]\n\n1. f3 e5 2. g4 Qh4# " + token);
    EXPECT_EQ(g.result(), result) << token;
    EXPECT_EQ(g.ply_count(), 4u);
    EXPECT_EQ(g.san(3), "Qh4#");
  }
}

TEST(PgnReader, FenWithBlackToMove) {
  Game g = read_one_game(
      "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n"
      "1... e5 2. Nf3 *\n");
  EXPECT_EQ(g.start_position().side_to_move(), core::Color::Black);
  EXPECT_EQ(sans(g), (std::vector<std::string>{"e5", "Nf3"}));
  EXPECT_FALSE(g.chess960());
}

TEST(PgnReader, Chess960CastlingWithUnusualFiles) {
  // King on b1, rooks on a1 and c1: O-O brings the king to g1 and the c-rook to f1.
  Game g = read_one_game(
      "[Variant \"Chess960\"]\n[FEN \"rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1\"]\n\n"
      "1. O-O O-O 2. Rfe1 *\n");
  EXPECT_TRUE(g.chess960());
  ASSERT_EQ(g.ply_count(), 3u);
  EXPECT_TRUE(g.move(0).is_castling());
  const core::Position& end = g.final_position();
  EXPECT_EQ(end.piece_on(Square::G1), core::Piece::WhiteKing);
  EXPECT_EQ(end.piece_on(Square::G8), core::Piece::BlackKing);
  EXPECT_EQ(end.piece_on(Square::F8), core::Piece::BlackRook);
  EXPECT_EQ(end.piece_on(Square::E1), core::Piece::WhiteRook);
  EXPECT_EQ(end.piece_on(Square::A1), core::Piece::WhiteRook);
  EXPECT_EQ(g.san(0), "O-O");
}

TEST(PgnReader, Chess960FromTheStandardArrangement) {
  Game g = read_one_game("[Variant \"chess 960\"]\n\n1. e4 *\n");
  EXPECT_TRUE(g.chess960());
  EXPECT_EQ(g.ply_count(), 1u);
}

TEST(PgnReader, ClockCommands) {
  Game g = read_one_game(
      "1. e4 { [%eval 0.3] [%clk 0:03:00] } 1... e5 { [%clk 1:02:03.4] } 2. Nf3 {no clock} "
      "2... Nc6 { [%clk 0:00:05.25] } *\n");
  ASSERT_EQ(g.ply_count(), 4u);
  EXPECT_EQ(g.clock_ms(0), 180000);
  EXPECT_EQ(g.clock_ms(1), 3723400);
  EXPECT_EQ(g.clock_ms(2), kNoClock);
  EXPECT_EQ(g.clock_ms(3), 5250);
  EXPECT_EQ(g.comment(0), "[%eval 0.3] [%clk 0:03:00]");
}

TEST(PgnReader, CrlfLineEndsAndByteOrderMark) {
  std::string text =
      "\xEF\xBB\xBF[Event \"a\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 {x\r\ny} e5 1-0\r\n\r\n"
      "[Event \"b\"]\r\n\r\n1. d4 *\r\n";
  std::vector<ParsedGame> games = read_games(text, "t.pgn");
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0].ok());
  ASSERT_TRUE(games[1].ok());
  EXPECT_EQ(games[0].game().tag("Event"), "a");
  EXPECT_EQ(games[0].game().comment(0), "x y");
  EXPECT_EQ(games[1].game().first_line(), 7);
  EXPECT_EQ(games[1].game().tag("Event"), "b");
}

TEST(PgnReader, EscapeLinesAreIgnored) {
  Game g = read_one_game("% produced by a tool\n[Event \"x\"]\n% another\n\n1. e4 *\n");
  EXPECT_EQ(g.first_line(), 2);
  EXPECT_EQ(g.ply_count(), 1u);
}

TEST(PgnReader, StreamingAndIteratorAgree) {
  std::string text;
  for (int i = 0; i < 50; ++i) {
    text += "[Event \"g";
    text += std::to_string(i);
    text += "\"]\n\n1. e4 e5 2. Nf3 *\n\n";
  }
  std::istringstream in(text);
  Reader reader(in, "s.pgn");
  int n = 0;
  for (const ParsedGame& parsed : reader) {
    ASSERT_TRUE(parsed.ok());
    std::string event = "g";
    event += std::to_string(n);
    EXPECT_EQ(parsed.game().tag("Event"), event);
    EXPECT_EQ(parsed.game().first_line(), 1 + 4 * n);
    ++n;
  }
  EXPECT_EQ(n, 50);
  EXPECT_EQ(reader.games(), 50u);
  EXPECT_EQ(reader.errors(), 0u);
}

TEST(PgnReader, ReadsTheCorpusSample) {
  std::ifstream file(test::data_path("lichess-sample-80.pgn"));
  ASSERT_TRUE(file);
  Reader reader(file, "lichess-sample-80.pgn");
  Game game;
  ParseError error;
  bool ok = false;
  size_t plies = 0, clocks = 0, time_forfeits = 0;
  while (reader.next(game, error, ok)) {
    ASSERT_TRUE(ok) << error.to_string();
    plies += game.ply_count();
    for (size_t i = 0; i < game.ply_count(); ++i) clocks += game.clock_ms(i) != kNoClock;
    time_forfeits += game.termination() == Termination::TimeForfeit;
    auto tc = game.time_control();
    ASSERT_TRUE(tc.ok()) << tc.error();
    ASSERT_EQ(tc->kind, TimeControl::Kind::Timed);
    EXPECT_GT(tc->periods[0].base_ms, 0);
  }
  EXPECT_EQ(reader.games(), 80u);
  EXPECT_EQ(clocks, plies);
  EXPECT_GT(plies, 80u * 40);
  EXPECT_EQ(time_forfeits, 8u);
}

// Records what an observing consumer is told.
struct RecordingObserver : PlyObserver {
  std::vector<core::Key> keys;  // the start position's, then one per ply
  std::vector<core::Move> moves;
  void start(const core::Position& start) override {
    keys.assign(1, start.key());
    moves.clear();
  }
  void ply(core::Move move, const core::Position& after) override {
    moves.push_back(move);
    keys.push_back(after.key());
  }
};

// Without comments, and without SAN text as well (the adjudicator's reading):
// tags, result and moves as in a full reading, the observer told of every ply.
TEST(PgnReader, WithoutCommentsOrSanKeepsEverythingElse) {
  std::ifstream file(test::data_path("lichess-sample-80.pgn"), std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  for (const bool san_text : {true, false}) {
    Game full, lean;
    ParseError error;
    RecordingObserver observer;
    int games = 0;
    for (const RawGame& raw : split_games(text, "s.pgn")) {
      ASSERT_TRUE(parse_game_into(raw, full, error)) << error.to_string();
      ASSERT_TRUE(parse_game_into(
          raw, lean, error, {.comments = false, .san_text = san_text, .observer = &observer}));
      ASSERT_EQ(lean.tag_count(), full.tag_count());
      for (size_t i = 0; i < full.tag_count(); ++i) EXPECT_EQ(lean.tag_value(i), full.tag_value(i));
      EXPECT_EQ(lean.result(), full.result());
      ASSERT_EQ(lean.ply_count(), full.ply_count());
      ASSERT_EQ(observer.moves.size(), full.ply_count());
      EXPECT_EQ(lean.final_position().key(), full.final_position().key());
      core::Position replay = full.start_position();
      EXPECT_EQ(observer.keys[0], replay.key());
      for (size_t i = 0; i < full.ply_count(); ++i) {
        EXPECT_EQ(lean.move(i), full.move(i));
        EXPECT_EQ(lean.san(i), san_text ? full.san(i) : "");
        EXPECT_EQ(lean.written_san(i), san_text ? full.written_san(i) : "");
        EXPECT_EQ(lean.comment(i), "");
        EXPECT_EQ(lean.clock_ms(i), kNoClock);
        EXPECT_EQ(observer.moves[i], full.move(i));
        core::UndoInfo undo;
        replay.make_move(full.move(i), undo);
        EXPECT_EQ(observer.keys[i + 1], replay.key());
      }
      ++games;
    }
    EXPECT_EQ(games, 80);
  }
}

}  // namespace
}  // namespace arbiter::pgn
