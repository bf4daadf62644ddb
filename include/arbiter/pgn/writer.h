// PGN export: the seven-tag roster first (Event, Site, Date, Round, White,
// Black, Result), then the other tags in their order; SAN movetext with move
// numbers ("N..." at the start when Black moves first and after a comment),
// comments, NAGs as "$n", the result token; lines shorter than 80 columns.
//
//   pgn::Game game;                      // the standard starting position
//   game.set_tag("White", "Arbiter");
//   game.push_san("e4");
//   game.set_clock_ms(180000);           // written as { [%clk 0:03:00] }
//   game.set_result(pgn::GameResult::Draw);
//   std::string text = pgn::write_game(game);
#pragma once

#include <ostream>
#include <string>

#include "arbiter/pgn/game.h"

namespace arbiter::pgn {

struct WriterOptions {
  // Longest line written (a single word longer than this, e.g. a long tag
  // value, still gets a line of its own).
  int max_line_length = 79;
  // Write the seven roster tags even when the game lacks them ("?" values,
  // "????.??.??" for Date, the result token for Result), as export format asks.
  bool complete_roster = true;
};

// One game, ending with a blank line, so that games can be concatenated.
std::string write_game(const Game& game, const WriterOptions& options = {});
void write_game(std::ostream& out, const Game& game, const WriterOptions& options = {});

// A tag value with '"' and '\' escaped.
std::string escape_tag_value(std::string_view value);

}  // namespace arbiter::pgn
