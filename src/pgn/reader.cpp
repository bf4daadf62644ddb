// The sequential reader: the splitter and the parser, one game at a time.
#include "arbiter/pgn/reader.h"

namespace arbiter::pgn {

Reader::Reader(std::istream& in, std::string source) : splitter_(in, std::move(source)) {}

std::optional<ParsedGame> Reader::next() {
  if (!splitter_.next(raw_)) return std::nullopt;
  ParsedGame parsed = parse_game(raw_);
  ++(parsed.ok() ? games_ : errors_);
  return parsed;
}

bool Reader::next(Game& game, ParseError& error, bool& ok) {
  if (!splitter_.next(raw_)) return false;
  ok = parse_game_into(raw_, game, error);
  ++(ok ? games_ : errors_);
  return true;
}

std::vector<ParsedGame> read_games(std::string_view text, std::string_view source) {
  GameSplitter splitter(text, std::string(source));
  std::vector<ParsedGame> out;
  RawGame raw;
  while (splitter.next(raw)) out.push_back(parse_game(raw));
  return out;
}

}  // namespace arbiter::pgn
