// Broken input: every error names file, line and ply, and the games after the
// broken one are read as if nothing had happened.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <random>

#include "arbiter/pgn/reader.h"
#include "test_support.h"

namespace arbiter::pgn {
namespace {

constexpr std::string_view kGoodBefore =
    "[Event \"before\"]\n\n1. e4 e5 2. Nf3 1-0\n\n";  // lines 1-4
constexpr std::string_view kGoodAfter = "[Event \"after\"]\n\n1. d4 d5 2. c4 0-1\n";

// Reads good game, broken game, good game; checks the two good ones and
// returns the error of the middle one. after_line < 0: not checked.
ParseError broken_between(std::string_view broken, int after_line) {
  std::string text =
      std::string(kGoodBefore) + std::string(broken) + "\n" + std::string(kGoodAfter);
  std::vector<ParsedGame> games = read_games(text, "games.pgn");
  EXPECT_EQ(games.size(), 3u) << text;
  if (games.size() != 3) return {};
  EXPECT_TRUE(games[0].ok());
  EXPECT_FALSE(games[1].ok());
  EXPECT_TRUE(games[2].ok()) << (games[2].ok() ? "" : games[2].error().to_string());
  if (games[0].ok()) {
    EXPECT_EQ(games[0].game().ply_count(), 3u);
  }
  if (games[2].ok()) {
    EXPECT_EQ(games[2].game().tag("Event"), "after");
    EXPECT_EQ(games[2].game().ply_count(), 3u);
    if (after_line >= 0) {
      EXPECT_EQ(games[2].game().first_line(), after_line);
    }
  }
  return games[1].ok() ? ParseError{} : games[1].error();
}

TEST(PgnErrors, SameErrorsWhenCommentsOrSanAreNotKept) {
  // Comments over several lines before the error: the line count must not
  // depend on whether their text is kept.
  for (std::string_view broken : {"[Event \"x\"]\n\n1. e4 {a\nb\n\nc} e5 ; rest\n2. Nf7 Nc6 *\n",
                                  "[Event \"x\"]\n\n1. e4 (1. d4 {x\ny}) e5 {open\n\n *\n",
                                  "[Event \"x\"]\n{lead\n} 1. e4 e5 2. Nf3 {z} $300 *\n"}) {
    const RawGame raw = split_games(broken, "games.pgn").at(0);
    Game game;
    ParseError full, lean, bare;
    EXPECT_FALSE(parse_game_into(raw, game, full));
    EXPECT_FALSE(parse_game_into(raw, game, lean, {.comments = false}));
    EXPECT_FALSE(parse_game_into(raw, game, bare, {.comments = false, .san_text = false}));
    EXPECT_EQ(lean.to_string(), full.to_string());
    EXPECT_EQ(bare.to_string(), full.to_string());
  }
}

TEST(PgnErrors, MessageNamesFileLineAndPly) {
  ParseError e = broken_between("[Event \"x\"]\n\n1. e4 e5 2. Nf7 Nc6 *\n", 9);
  EXPECT_EQ(e.to_string(), "games.pgn:7: ply 3: illegal SAN 'Nf7'");
  EXPECT_EQ(e.game_first_line, 5);
  EXPECT_EQ(e.game_index, 1u);
}

TEST(PgnErrors, UnterminatedComment) {
  ParseError e =
      broken_between("[Event \"x\"]\n\n1. e4 e5 2. Nf3 { never closed\n2... Nc6 *\n", 10);
  EXPECT_EQ(e.line, 7);
  EXPECT_EQ(e.ply, 3);
  EXPECT_NE(e.message.find("unterminated comment"), std::string::npos) << e.message;
}

TEST(PgnErrors, UnterminatedVariation) {
  ParseError e = broken_between("[Event \"x\"]\n\n1. e4 e5\n(1... c5 2. Nf3 *\n", 10);
  EXPECT_EQ(e.line, 8);
  EXPECT_EQ(e.ply, 2);
  EXPECT_NE(e.message.find("unterminated variation"), std::string::npos) << e.message;
}

TEST(PgnErrors, IllegalSan) {
  ParseError e = broken_between("[Event \"x\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n", 10);
  EXPECT_EQ(e.line, 8);
  EXPECT_EQ(e.ply, 3);
  EXPECT_EQ(e.message, "illegal SAN 'Ke3'");
}

TEST(PgnErrors, AmbiguousSan) {
  ParseError e = broken_between("[Event \"x\"]\n\n1. Nf3 d5 2. d3 e5 3. Nd2 *\n", 9);
  EXPECT_EQ(e.line, 7);
  EXPECT_EQ(e.ply, 5);
  EXPECT_EQ(e.message, "ambiguous SAN 'Nd2'") << e.message;
}

TEST(PgnErrors, MissingResultEndsAtTheNextEventTag) {
  ParseError e = broken_between("[Event \"x\"]\n\n1. e4 e5\n2. Nf3\n", 10);
  EXPECT_EQ(e.line, 8);
  EXPECT_EQ(e.ply, 3);
  EXPECT_NE(e.message.find("missing result"), std::string::npos) << e.message;
}

TEST(PgnErrors, BinaryGarbageBetweenGames) {
  static constexpr char kGarbage[] = "\x00\xff\xfe\x01 {( garbage \x7f\x80\n\x1b[1m more";
  std::string garbage(kGarbage, sizeof(kGarbage) - 1);
  ParseError e = broken_between(garbage + "\n", 8);
  EXPECT_EQ(e.line, 5);
  EXPECT_EQ(e.ply, 1);  // where the first move should have been
  EXPECT_NE(e.message.find("unexpected byte 0x00"), std::string::npos) << e.message;
}

TEST(PgnErrors, InvalidFen) {
  ParseError e = broken_between(
      "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\"]\n"
      "\n1. e4 *\n",
      11);
  EXPECT_EQ(e.line, 7);
  EXPECT_EQ(e.ply, 0);
  EXPECT_NE(e.message.find("invalid FEN"), std::string::npos) << e.message;
}

TEST(PgnErrors, TagSectionWithoutMovetext) {
  ParseError e = broken_between("[Event \"x\"]\n[Result \"*\"]\n", 8);
  EXPECT_EQ(e.ply, 0);
  EXPECT_NE(e.message.find("without movetext"), std::string::npos) << e.message;
}

TEST(PgnErrors, TagSectionWithoutMovetextOrBlankLine) {
  // A second Event tag right after the first section: two games.
  std::vector<ParsedGame> games = read_games("[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *\n", "t.pgn");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_FALSE(games[0].ok());
  ASSERT_TRUE(games[1].ok());
  EXPECT_EQ(games[1].game().first_line(), 2);
}

TEST(PgnErrors, MalformedTagsAndTokens) {
  const std::pair<const char*, const char*> cases[] = {
      {"[Event \"x]\n\n1. e4 *\n", "unterminated value"},
      {"[Event x]\n\n1. e4 *\n", "no quoted value"},
      {"[Event \"x\"]\n\n1. e4 $999 *\n", "malformed NAG"},
      {"[Event \"x\"]\n\n1. e4 ) *\n", "without a variation"},
      {"[Event \"x\"]\n\n1. e4 } *\n", "without a comment"},
      {"[Event \"x\"]\n\n1. e4 -- *\n", "null move"},
      {"[Event \"x\"]\n\n1. e4 e5 *  2. Nf3\n", "text after the result"},
      {"[Event \"x\"]\n[Variant \"Atomic\"]\n\n1. e4 *\n", "unsupported variant"},
      {"[Event \"x\"]\n[SetUp \"1\"]\n\n1. e4 *\n", "without a FEN"},
      {"[Event \"x\"]\n\n1. e8=Q *\n", "illegal SAN"},
  };
  for (auto [broken, what] : cases) {
    ParseError e = broken_between(broken, -1);
    EXPECT_NE(e.message.find(what), std::string::npos) << broken << " -> " << e.to_string();
    EXPECT_EQ(e.source, "games.pgn");
    EXPECT_GE(e.line, 5) << broken;
  }
}

TEST(PgnErrors, UnterminatedCommentStillFindsLaterGames) {
  std::string text = std::string(kGoodBefore) + "[Event \"x\"]\n\n1. e4 { open\n" +
                     std::string(kGoodAfter) + "\n" + std::string(kGoodAfter);
  std::vector<ParsedGame> games = read_games(text, "t.pgn");
  ASSERT_EQ(games.size(), 4u);
  EXPECT_TRUE(games[0].ok());
  EXPECT_FALSE(games[1].ok());
  EXPECT_TRUE(games[2].ok());
  EXPECT_TRUE(games[3].ok());
}

// Random damage to real games: never a crash or a hang, and no game is lost
// (every game of the input comes back as a game or an error).
TEST(PgnErrors, RandomDamageNeverLosesGamesAfterward) {
  std::ifstream file(test::data_path("lichess-sample-80.pgn"));
  std::string corpus((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(corpus.empty());
  std::vector<RawGame> raws = split_games(corpus, "c.pgn");
  ASSERT_EQ(raws.size(), 80u);
  std::mt19937 rng(2024);
  const int rounds = test::kSanitized ? 20 : 200;
  const char kNasty[] = {'{', '}', '(', ')', ';', '[', ']', '"', '\n', '\0', '$', '*', '\xff', '%'};
  for (int round = 0; round < rounds; ++round) {
    std::string text;
    std::vector<size_t> intact;  // corpus indexes of the games left undamaged
    for (int k = 0; k < 6; ++k) {
      size_t pick = rng() % raws.size();
      std::string game = raws[pick].text;
      if (rng() % 2) {
        // Damage the movetext only, so the tag lines still mark each game.
        size_t movetext = game.find("\n\n") + 2;
        for (int d = 0; d < 3; ++d) {
          size_t at = movetext + rng() % (game.size() - movetext);
          game[at] = kNasty[rng() % sizeof(kNasty)];
          if (game[at] == '[') game[at] = '(';  // a '[' at a line start would start a game
        }
      } else {
        intact.push_back(pick);
      }
      text += game + "\n";
    }
    std::vector<ParsedGame> games = read_games(text, "d.pgn");
    ASSERT_GE(games.size(), 6u) << text;
    // Every undamaged game comes back whole, whatever came before it.
    for (size_t pick : intact) {
      ParsedGame reference = parse_game(raws[pick]);
      std::string_view site = *reference.game().tag("Site");
      bool found = std::any_of(games.begin(), games.end(), [&](const ParsedGame& g) {
        return g.ok() && g.game().tag("Site") == site &&
               g.game().moves() == reference.game().moves();
      });
      EXPECT_TRUE(found) << site << " lost in\n" << text;
    }
  }
}

// Random bytes weighted towards PGN syntax: never a crash or a hang, and
// every error is located inside the input.
TEST(PgnErrors, RandomBytesAreReadOrLocated) {
  std::mt19937 rng(7);
  const std::string pieces[] = {"[Event \"x\"]\n",
                                "\n",
                                "1. ",
                                "e4 ",
                                "e5 ",
                                "Nf3 ",
                                "{",
                                "}",
                                "(",
                                ")",
                                ";",
                                "$1 ",
                                "1-0",
                                "*",
                                "\"",
                                "\r\n",
                                "O-O ",
                                "\xEF\xBB\xBF",
                                "\0",
                                "%",
                                "[",
                                "]",
                                "\\",
                                "0-0 ",
                                "1/2-1/2\n"};
  const int rounds = test::kSanitized ? 200 : 2000;
  for (int round = 0; round < rounds; ++round) {
    std::string text;
    int parts = 1 + int(rng() % 40);
    for (int k = 0; k < parts; ++k) {
      if (rng() % 8 == 0)
        text += char(rng() % 256);
      else
        text += pieces[rng() % std::size(pieces)];
    }
    int lines = 1 + int(std::count(text.begin(), text.end(), '\n'));
    for (const ParsedGame& g : read_games(text, "r.pgn")) {
      if (g.ok()) continue;
      EXPECT_GE(g.error().line, 1) << g.error().to_string();
      EXPECT_LE(g.error().line, lines) << g.error().to_string();
    }
  }
}

}  // namespace
}  // namespace arbiter::pgn
