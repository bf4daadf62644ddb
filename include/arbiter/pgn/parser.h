// Parsing one raw game: tags, movetext, SAN replay. A pure function of its
// input, safe to call from several threads at once.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "arbiter/pgn/game.h"
#include "arbiter/pgn/splitter.h"

namespace arbiter::pgn {

// A located error: "games.pgn:123: ply 17: illegal SAN 'Nf7'".
// ply is the number of the half-move that failed (1 = White's first move from
// the standard position), or, for errors that are not about a move, the number
// of half-moves read before the error (0 in the tag section).
struct ParseError {
  std::string source;
  int line = 0;
  int ply = 0;
  std::string message;
  int game_first_line = 0;  // where the broken game starts
  uint64_t game_index = 0;  // its position in the source (0-based)

  std::string to_string() const;
};

// A game, or why it could not be read.
class ParsedGame {
 public:
  ParsedGame(Game game) : data_(std::move(game)) {}          // NOLINT: implicit by design
  ParsedGame(ParseError error) : data_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<Game>(data_); }
  explicit operator bool() const { return ok(); }
  const Game& game() const& { return std::get<Game>(data_); }
  Game& game() & { return std::get<Game>(data_); }
  Game&& game() && { return std::get<Game>(std::move(data_)); }
  const ParseError& error() const { return std::get<ParseError>(data_); }

 private:
  std::variant<Game, ParseError> data_;
};

ParsedGame parse_game(const RawGame& raw);

// Follows the main line as the parser replays it, so that a consumer (the
// adjudicator's judge) need not make every move a second time. On a parse
// error the calls made so far describe a prefix of a broken game.
class PlyObserver {
 public:
  virtual ~PlyObserver() = default;
  // The main line's starting position, once the tags are read (before any ply).
  virtual void start(const core::Position& start) = 0;
  // A legal ply of the main line; `after` is the position it produced.
  virtual void ply(core::Move move, const core::Position& after) = 0;
};

struct ParseOptions {
  // Keep comments (and the clocks read from them). Without, comments are
  // still checked (an unterminated one is an error) but not stored: readers
  // that need only tags, moves and the result skip that work.
  bool comments = true;
  // Keep each ply's SAN, as written and normalised (Ply::written_san, Ply::san).
  // Without, both spans are empty and no move is spelled: readers that need only
  // the moves skip that work.
  bool san_text = true;
  PlyObserver* observer = nullptr;  // told of every main-line ply (optional)
};

// The same, filling `out` (whose buffers are reused: the fastest way to read
// many games on one thread). Returns false and sets `error` on failure.
bool parse_game_into(const RawGame& raw, Game& out, ParseError& error,
                     const ParseOptions& options = {});

// A whole game from a string (tests, tools): first_line 1, index 0.
ParsedGame parse_game(std::string_view text, std::string_view source = "<string>");

}  // namespace arbiter::pgn
