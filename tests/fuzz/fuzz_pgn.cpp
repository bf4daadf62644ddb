// The PGN splitter and reader: anything may come in. The streaming splitter and
// the in-memory one cut the same games at the same lines; every game read without
// error writes back to PGN that reads as the same moves from the same start.
#include <sstream>

#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/reader.h"
#include "arbiter/pgn/splitter.h"
#include "arbiter/pgn/writer.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  const std::string_view text = fuzz::as_text(data, size);

  const std::vector<pgn::RawGame> in_memory = pgn::split_games(text, "<fuzz>");
  std::istringstream stream{std::string(text)};
  pgn::GameSplitter streaming(stream, "<fuzz>");
  size_t count = 0;
  for (pgn::RawGame raw; streaming.next(raw); ++count) {
    fuzz::require(count < in_memory.size(), "both splitters find the same number of games");
    fuzz::require(raw.text == in_memory[count].text, "both splitters cut the same text");
    fuzz::require(raw.first_line == in_memory[count].first_line, "both count lines alike");
  }
  fuzz::require(count == in_memory.size(), "both splitters find the same number of games");

  for (const pgn::RawGame& raw : in_memory) {
    pgn::ParsedGame parsed = pgn::parse_game(raw);
    if (!parsed) {
      fuzz::require(!parsed.error().to_string().empty(), "a rejected game says why");
      continue;
    }
    const pgn::Game& game = parsed.game();
    pgn::ParsedGame again = pgn::parse_game(pgn::write_game(game));
    fuzz::require(bool(again), "a written game reads back");
    fuzz::require(again.game().moves() == game.moves(), "a written game has the same moves");
    fuzz::require(again.game().start_position().key() == game.start_position().key(),
                  "a written game has the same start");
  }
  return 0;
}
