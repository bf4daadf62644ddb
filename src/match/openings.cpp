#include "arbiter/match/openings.h"

#include <fstream>
#include <random>
#include <sstream>

#include "arbiter/core/fen.h"
#include "arbiter/pgn/reader.h"

namespace arbiter::match {

namespace {

// Enough to see what is wrong with a file without flooding the terminal.
constexpr size_t kMaxWarnings = 20;
constexpr int kEpdBoardFields = 4;  // placement, side, castling, en passant

void warn(std::vector<std::string>* warnings, size_t& count, std::string message) {
  ++count;
  if (warnings && warnings->size() < kMaxWarnings) warnings->push_back(std::move(message));
}

bool is_number(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// A FEN from an EPD line: the four board fields, the two counters when the line
// has them, "0 1" otherwise (EPD operations such as "bm Nf3;" are ignored).
std::string fen_of_epd_line(std::string_view line) {
  std::istringstream in{std::string(line)};
  std::vector<std::string> fields;
  std::string field;
  while (fields.size() < kEpdBoardFields + 2 && in >> field) fields.push_back(field);
  if (fields.size() < kEpdBoardFields) return std::string(line);
  std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3];
  if (fields.size() == kEpdBoardFields + 2 && is_number(fields[4]) && is_number(fields[5]))
    return fen + " " + fields[4] + " " + fields[5];
  return fen + " 0 1";
}

// Standard chess when the castling rights allow it, Chess960 otherwise (a king
// off e1 with rights, Shredder letters, ...).
Result<core::Position> parse_either(const std::string& fen, bool& chess960) {
  Result<core::Position> standard = core::parse_fen(fen, false);
  if (standard) {
    chess960 = false;
    return standard;
  }
  Result<core::Position> fischer = core::parse_fen(fen, true);
  if (fischer) chess960 = true;
  return fischer.ok() ? fischer : standard;
}

std::string finish_summary(size_t skipped, std::string_view what) {
  return std::to_string(skipped) + " " + std::string(what) + " skipped";
}

}  // namespace

core::Position Opening::start_position() const { return core::parse_fen(fen, chess960).value(); }

core::Position Opening::final_position() const {
  core::Position pos = start_position();
  core::UndoInfo undo;
  for (core::Move m : moves) pos.make_move(m, undo);
  return pos;
}

Result<OpeningBook> OpeningBook::from_epd(std::string_view text,
                                          std::vector<std::string>* warnings) {
  OpeningBook book;
  size_t skipped = 0;
  int line_number = 0;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_number;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    Opening opening;
    opening.fen = fen_of_epd_line(line);
    opening.source_line = line_number;
    Result<core::Position> pos = parse_either(opening.fen, opening.chess960);
    if (!pos) {
      warn(warnings, skipped, "line " + std::to_string(line_number) + ": " + pos.error());
      continue;
    }
    opening.fen = core::to_fen(*pos);
    book.openings_.push_back(std::move(opening));
  }
  if (skipped > 0 && warnings) warnings->push_back(finish_summary(skipped, "positions"));
  if (book.openings_.empty()) return Error{"no usable opening position"};
  return book;
}

Result<OpeningBook> OpeningBook::from_pgn(std::string_view text,
                                          std::vector<std::string>* warnings) {
  OpeningBook book;
  size_t skipped = 0;
  std::istringstream in{std::string(text)};
  pgn::Reader reader(in, "openings");
  pgn::Game game;
  pgn::ParseError error;
  bool ok = false;
  while (reader.next(game, error, ok)) {
    if (!ok) {
      warn(warnings, skipped, error.to_string());
      continue;
    }
    Opening opening;
    opening.chess960 = game.chess960();
    opening.fen = core::to_fen(game.start_position());
    opening.moves = game.moves();
    opening.source_line = game.first_line();
    book.openings_.push_back(std::move(opening));
  }
  if (skipped > 0 && warnings) warnings->push_back(finish_summary(skipped, "games"));
  if (book.openings_.empty()) return Error{"no usable opening in the PGN"};
  return book;
}

Result<OpeningBook> OpeningBook::load(const std::string& path, std::vector<std::string>* warnings) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return Error{"cannot open opening file '" + path + "'"};
  std::ostringstream content;
  content << file.rdbuf();
  std::string text = content.str();
  bool pgn = path.ends_with(".pgn") || path.ends_with(".PGN") ||
             text.find_first_not_of(" \t\r\n") == text.find('[');
  Result<OpeningBook> book = pgn ? from_pgn(text, warnings) : from_epd(text, warnings);
  if (!book) return Error{path + ": " + book.error()};
  return book;
}

OpeningBook OpeningBook::start_position_only() {
  OpeningBook book;
  Opening opening;
  opening.fen = std::string(core::kStartFen);
  book.openings_.push_back(std::move(opening));
  return book;
}

bool OpeningBook::any_chess960() const {
  for (const Opening& o : openings_)
    if (o.chess960) return true;
  return false;
}

OpeningOrder::OpeningOrder(size_t book_size, Kind kind, uint64_t seed, size_t start)
    : order_(book_size), start_(start) {
  for (size_t i = 0; i < book_size; ++i) order_[i] = i;
  if (kind == Kind::Random) {
    // Fisher-Yates with mt19937_64, whose output the standard fixes, so the
    // order is the same everywhere (std::shuffle's is not).
    std::mt19937_64 rng(seed);
    for (size_t i = book_size; i > 1; --i) std::swap(order_[i - 1], order_[rng() % i]);
  }
}

size_t OpeningOrder::at(size_t round) const { return order_[(start_ + round) % order_.size()]; }

}  // namespace arbiter::match
