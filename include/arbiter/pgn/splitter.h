// The cheap sequential pass: cuts a PGN stream into the raw texts of its games,
// each with the line it starts on, without replaying any move. Parsing a raw
// game (parser.h) is the expensive part and may run on other threads.
//
// Where one game ends and the next begins, even in broken input:
//   - a game ends after its result token (1-0, 0-1, 1/2-1/2, *) outside
//     comments and variations, at the end of that line;
//   - a line that is a whole tag pair ([Name "value"]) after movetext starts a
//     new game, even inside an unterminated comment or variation, so that one
//     broken game never swallows the next ones;
//   - a tag section after a blank line that followed tags starts a new game
//     (the first had no movetext);
//   - a UTF-8 byte order mark is skipped, CR before LF is ignored, and lines
//     starting with '%' (PGN escape lines) are dropped.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::pgn {

struct RawGame {
  std::string text;    // the game's lines, '\n'-separated, escape lines blanked
  std::string source;  // file name, for error messages
  int first_line = 0;  // line of text[0] in the source (1-based)
  uint64_t index = 0;  // position of the game in the source (0-based)
};

class GameSplitter {
 public:
  explicit GameSplitter(std::istream& in, std::string source = "<stdin>");
  // Over text in memory, which must outlive the splitter.
  explicit GameSplitter(std::string_view text, std::string source = "<string>");

  // The next game; false at the end of input. `out`'s buffer is reused.
  bool next(RawGame& out);

 private:
  bool read_line(std::string_view& line);
  bool refill();

  std::istream* in_ = nullptr;  // null when reading from memory
  std::string source_;
  // Stream mode: the bytes read and not yet used are the first `filled_` of
  // `buffer_`, which only grows (a chunk is read into it without clearing it).
  std::vector<char> buffer_;
  size_t filled_ = 0;
  std::string_view data_;  // buffer_'s bytes or the text in memory
  size_t pos_ = 0;         // first unread byte of data_
  bool eof_ = false;
  std::string carry_;  // a line that started the next game
  bool has_carry_ = false;
  int carry_line_ = 0;
  int line_number_ = 0;
  uint64_t games_ = 0;
};

// The whole text at once (a string or a mapped file).
std::vector<RawGame> split_games(std::string_view text, std::string_view source);

}  // namespace arbiter::pgn
