// One game's verdict as the PGN mode of 'arbiter adjudicate' prints it, and the
// summary of a run.
//
// JSON: one object per game on one line; the fields of rules::to_json follow
// the game's identity:
//   {"game":1,"source":"a.pgn","line":1,"white":"A","black":"B","plies":99,
//    "inferred":"resignation","result":"1-0","reason":"resignation",...}
// The summary is one more line, an object with the single key "summary", so
// that every other line is a game.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/pgn/parser.h"
#include "arbiter/rules/outcome.h"

namespace arbiter::adjudicate {

// Where a game came from.
struct GameLabel {
  uint64_t number = 0;      // 1-based, over all inputs, in input order
  std::string_view source;  // file name ("<stdin>")
  int line = 0;             // the line the game starts on
  std::string_view white;   // the tags; empty when missing
  std::string_view black;
  int plies = 0;  // in the record (read before the error, for a broken game)
};

void append_game_json(std::string& out, const GameLabel& label, const Judgement& judgement);
void append_game_text(std::string& out, const GameLabel& label, const Judgement& judgement);
// A game that could not be read: result "*", reason "none", error located as
// "file:line: ply N: message".
void append_error_json(std::string& out, const GameLabel& label, std::string_view rules,
                       const pgn::ParseError& error);
void append_error_text(std::string& out, const GameLabel& label, const pgn::ParseError& error);

// Counts over a run.
struct Summary {
  uint64_t games = 0;                                  // read, with or without an error
  uint64_t errors = 0;                                 // games that could not be read
  std::array<uint64_t, rules::kNumReasons> reasons{};  // judged games by reason
  std::array<uint64_t, 4> results{};                   // by rules::GameResult
  uint64_t agreements = 0;                             // recorded result equals the verdict
  uint64_t disagreements = 0;                          // it does not
  uint64_t unrecorded = 0;                             // "*" in the record
  uint64_t undecided = 0;  // an unwinnability analysis ran out of budget
  // Games whose record says time forfeit: a win under 6.9, a draw under 6.9
  // (the opponent could not mate), or already ended by the moves.
  uint64_t flag_wins = 0;
  uint64_t flag_draws = 0;
  uint64_t flag_after_end = 0;
  std::array<uint64_t, kNumInferences> inferred{};
  uint64_t bytes = 0;             // PGN text of the games (for rates; not in the output)
  uint64_t files = 0;             // inputs read
  uint64_t unreadable_files = 0;  // inputs that could not be opened or read

  void add(const Judgement& judgement);
  void add_error();
  void merge(const Summary& other);
  uint64_t judged() const { return games - errors; }
};

// {"summary":{"games":..,"errors":..,...}} on one line, no newline.
std::string summary_json(const Summary& summary);
// A few lines for people, each ending in a newline.
std::string summary_text(const Summary& summary);

}  // namespace arbiter::adjudicate
