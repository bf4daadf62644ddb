// Opening positions for a match: the positions of an EPD file, or the start
// position and moves of each game of a PGN file. Each opening is played twice,
// with colours reversed, so that neither engine profits from a lopsided one.
//
//   Result<OpeningBook> book = OpeningBook::load("8moves_v3.pgn");
//   OpeningOrder order(book->size(), OpeningOrder::Kind::Random, /*seed=*/42);
//   const Opening& first = book->at(order.at(0));
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/core/result.h"

namespace arbiter::match {

struct Opening {
  std::string fen;                // the starting position
  bool chess960 = false;          // castling in Chess960 style (UCI_Chess960)
  std::vector<core::Move> moves;  // played from `fen` before the engines take over
  int source_line = 0;            // where it was read (for messages)

  core::Position start_position() const;  // `fen`, parsed (it was checked on loading)
  core::Position final_position() const;  // after `moves`
};

class OpeningBook {
 public:
  // EPD (one position per line; the first four fields, and move counters when
  // present) or PGN (by the extension .pgn, or content starting with a tag).
  // Positions that do not parse are skipped, with a message each in `warnings`
  // (at most a few dozen are kept); an empty book is an error.
  static Result<OpeningBook> load(const std::string& path,
                                  std::vector<std::string>* warnings = nullptr);
  static Result<OpeningBook> from_epd(std::string_view text,
                                      std::vector<std::string>* warnings = nullptr);
  static Result<OpeningBook> from_pgn(std::string_view text,
                                      std::vector<std::string>* warnings = nullptr);
  // Only the standard starting position (no --openings given).
  static OpeningBook start_position_only();

  size_t size() const { return openings_.size(); }
  const Opening& at(size_t i) const { return openings_[i]; }
  bool any_chess960() const;

 private:
  std::vector<Opening> openings_;
};

// The order in which openings are used: sequential from `start`, or a shuffle
// fixed by the seed (the same seed gives the same order on every machine).
class OpeningOrder {
 public:
  enum class Kind { Sequential, Random };
  OpeningOrder(size_t book_size, Kind kind, uint64_t seed, size_t start = 0);
  // The opening of round `round` (0-based); wraps around when the book is used up.
  size_t at(size_t round) const;

 private:
  std::vector<size_t> order_;
  size_t start_ = 0;
};

}  // namespace arbiter::match
