// One game as PGN describes it: tags in order, a starting position, the main
// line with its SAN, comments, NAGs and clocks, and the result token.
//
// All text (tag names and values, SAN, comments) lives in one buffer per game,
// so that reading a game costs a handful of allocations rather than one per
// token; accessors hand out string_views into it, valid until the game changes.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/core/result.h"
#include "arbiter/pgn/tags.h"

namespace arbiter::pgn {

// Clock value of a ply whose comment had no [%clk ...].
inline constexpr int64_t kNoClock = -1;

// The game termination marker at the end of the movetext.
enum class GameResult : uint8_t { WhiteWins, BlackWins, Draw, Unfinished };

std::string_view result_token(GameResult r);  // "1-0", "0-1", "1/2-1/2", "*"
std::optional<GameResult> parse_result_token(std::string_view token);

// Where a piece of text lives in a game's buffer.
struct TextSpan {
  uint32_t offset = 0;
  uint32_t size = 0;
};

// One half-move of the main line.
struct Ply {
  core::Move move;
  int64_t clock_ms = kNoClock;  // from "[%clk h:mm:ss]" in the comment after the move
  TextSpan written_san;         // as written, without "!"/"?" suffixes (those are NAGs)
  TextSpan san;                 // normalised: core::to_san of the move
  TextSpan comment;             // comments after the move, joined by a space
  uint32_t nag_begin = 0;       // into the game's NAG list
  uint32_t nag_count = 0;
};

class Game {
 public:
  // The standard starting position, no tags, no moves, result "*".
  Game();

  // --- Tags, in the order read or set -----------------------------------------
  size_t tag_count() const { return tags_.size(); }
  std::string_view tag_name(size_t i) const { return text(tags_[i].name); }
  std::string_view tag_value(size_t i) const { return text(tags_[i].value); }
  // The value of the first tag with this name (case-sensitive, as PGN says).
  std::optional<std::string_view> tag(std::string_view name) const;
  // Replaces the value of an existing tag, or appends a new one.
  void set_tag(std::string_view name, std::string_view value);
  // Appends without looking for an existing tag (the reader keeps duplicates).
  void add_tag(std::string_view name, std::string_view value);
  bool remove_tag(std::string_view name);

  // --- Starting position --------------------------------------------------------
  const core::Position& start_position() const { return start_; }
  bool chess960() const { return start_.is_chess960(); }
  // Clears the moves. Does not touch the tags (the writer adds FEN/SetUp itself).
  void set_start_position(const core::Position& pos);

  // --- Main line -------------------------------------------------------------------
  size_t ply_count() const { return plies_.size(); }
  const std::vector<Ply>& plies() const { return plies_; }
  core::Move move(size_t i) const { return plies_[i].move; }
  std::vector<core::Move> moves() const;
  std::string_view written_san(size_t i) const { return text(plies_[i].written_san); }
  std::string_view san(size_t i) const { return text(plies_[i].san); }
  std::string_view comment(size_t i) const { return text(plies_[i].comment); }
  std::span<const uint8_t> nags(size_t i) const {
    return {nags_.data() + plies_[i].nag_begin, plies_[i].nag_count};
  }
  int64_t clock_ms(size_t i) const { return plies_[i].clock_ms; }
  // Comment before the first move (the reader joins several with a space).
  std::string_view leading_comment() const { return text(leading_comment_); }
  // The position after the last move.
  const core::Position& final_position() const { return current_; }

  // Plays a legal move from the final position; the SAN is computed.
  Result<core::Move> push_move(core::Move m);
  // Plays a move given in SAN (lenient decoration, strict meaning, as core::parse_san).
  Result<core::Move> push_san(std::string_view san);
  // Annotations of the last played move (or the leading comment before any move).
  void set_comment(std::string_view comment);
  void add_nag(uint8_t nag);
  void set_clock_ms(int64_t ms);
  void set_leading_comment(std::string_view comment);

  // --- Tags the adjudicator reads (tags.h) -------------------------------------------
  Termination termination() const;  // Unknown when the tag is missing
  // Unknown kind when the tag is missing; an error when it is malformed.
  Result<TimeControl> time_control() const;

  // --- Result --------------------------------------------------------------------
  GameResult result() const { return result_; }
  void set_result(GameResult r) { result_ = r; }

  // --- Where it came from (0 / empty for games built in code) ----------------------
  int first_line() const { return first_line_; }
  void set_first_line(int line) { first_line_ = line; }

  // Low-level building blocks for the reader: append text, record a ply with its
  // SAN already known (the move must be legal in final_position()).
  TextSpan store(std::string_view s);
  // `span` (the last text stored, or empty) extended by a space and `more`.
  TextSpan append_text(TextSpan span, std::string_view more);
  std::string_view text(TextSpan span) const { return {text_.data() + span.offset, span.size}; }
  Ply& push_ply(core::Move m, TextSpan written_san, TextSpan san);
  Ply& last_ply() { return plies_.back(); }
  void push_nag(Ply& ply, uint8_t nag);
  TextSpan leading_comment_span() const { return leading_comment_; }
  void set_leading_comment_span(TextSpan span) { leading_comment_ = span; }
  void reserve(size_t text_bytes, size_t plies);
  // Forgets tags, moves and text but keeps the buffers' capacity (for reuse).
  void clear();

 private:
  struct TagSpan {
    TextSpan name, value;
  };

  std::string text_;
  std::vector<TagSpan> tags_;
  std::vector<Ply> plies_;
  std::vector<uint8_t> nags_;
  TextSpan leading_comment_;
  core::Position start_;
  core::Position current_;
  GameResult result_ = GameResult::Unfinished;
  int first_line_ = 0;
};

}  // namespace arbiter::pgn
