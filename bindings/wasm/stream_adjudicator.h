// PGN text in chunks of any size in, one JSON verdict line per game out, in
// order: what `arbiter adjudicate --format json` prints for the same text, game
// for game (the same splitter, parser, judge and report code), so that a page
// can read a file of any size piece by piece.
//
// A game is judged once the text shows where it ends: when the next game has
// begun (or at finish()). Chunks may split lines, UTF-8 sequences or CRLF pairs
// anywhere: only whole lines are handed to the splitter, and the unfinished
// last game is cut again from its first line when more text comes, which
// gives the same games as one pass because the splitter starts every game in
// the same state (pgn/splitter.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/adjudicate/report.h"
#include "arbiter/pgn/game.h"
#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/splitter.h"

namespace arbiter::wasm {

struct StreamOptions {
  adjudicate::JudgeOptions judge{};
  std::string source = "<string>";  // the "source" of every verdict
  // Each verdict also gets "startFen" and "moves" (the main line in SAN, as
  // far as it was read), for a page that replays the game.
  bool with_moves = false;
};

class StreamAdjudicator {
 public:
  explicit StreamAdjudicator(StreamOptions options);

  // The verdicts of the games this chunk completed: JSON lines, each ending in '\n'.
  std::string push(std::string_view chunk);
  // The verdicts of the rest of the text; push() is not called after it.
  std::string finish();
  // {"summary":{...}} as the command line's last line (no newline).
  std::string summary_json() const;

 private:
  // Judges the games of the pending whole lines; all of them when `at_end`,
  // else all but the last, which may go on in the next chunk.
  std::string judge_pending(bool at_end);
  void judge_game(const pgn::RawGame& raw, std::string& out);
  void append_moves(std::string& line) const;

  StreamOptions options_;
  adjudicate::Judge judge_;
  pgn::Game game_;
  pgn::ParseError error_;
  pgn::RawGame raw_;
  std::string pending_;   // text not yet judged, from the start of a line
  int pending_line_ = 1;  // the line number of pending_[0] in the whole text
  uint64_t games_ = 0;    // judged so far
  adjudicate::Summary summary_;
  bool finished_ = false;
};

}  // namespace arbiter::wasm
