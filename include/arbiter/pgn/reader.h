// The convenient sequential reader: one game (or one located error) at a time.
//
//   std::ifstream file("games.pgn");
//   pgn::Reader reader(file, "games.pgn");
//   while (auto parsed = reader.next()) {
//     if (!parsed->ok()) { std::cerr << parsed->error().to_string() << '\n'; continue; }
//     const pgn::Game& game = parsed->game();
//     ...
//   }
//
// For parallel work, use GameSplitter (splitter.h) and parse_game (parser.h)
// directly: split on one thread, parse on many.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/splitter.h"

namespace arbiter::pgn {

class Reader {
 public:
  explicit Reader(std::istream& in, std::string source = "<stdin>");

  // The next game or error; nullopt at the end of the input.
  std::optional<ParsedGame> next();

  // Faster variant that reuses `game`'s buffers: false at the end of input;
  // otherwise true with either `game` filled (ok set) or `error` set.
  bool next(Game& game, ParseError& error, bool& ok);

  uint64_t games() const { return games_; }  // read without error
  uint64_t errors() const { return errors_; }

  // for (const pgn::ParsedGame& parsed : reader) ...
  class Iterator {
   public:
    using value_type = ParsedGame;
    using difference_type = std::ptrdiff_t;
    Iterator() = default;
    explicit Iterator(Reader* reader) : reader_(reader) { ++*this; }
    const ParsedGame& operator*() const { return *current_; }
    ParsedGame& operator*() { return *current_; }
    const ParsedGame* operator->() const { return &*current_; }
    Iterator& operator++() {
      current_ = reader_->next();
      if (!current_) reader_ = nullptr;
      return *this;
    }
    void operator++(int) { ++*this; }
    bool operator==(const Iterator& other) const { return reader_ == other.reader_; }

   private:
    Reader* reader_ = nullptr;
    std::optional<ParsedGame> current_;
  };
  Iterator begin() { return Iterator(this); }
  Iterator end() { return Iterator(); }

 private:
  GameSplitter splitter_;
  RawGame raw_;
  uint64_t games_ = 0, errors_ = 0;
};

// Every game of a string, in order (tests and small tools).
std::vector<ParsedGame> read_games(std::string_view text, std::string_view source = "<string>");

}  // namespace arbiter::pgn
