// The game record: tags, moves and annotations over one text buffer.
#include "arbiter/pgn/game.h"

#include <algorithm>

#include "arbiter/core/notation.h"

namespace arbiter::pgn {

std::string_view result_token(GameResult r) {
  switch (r) {
    case GameResult::WhiteWins:
      return "1-0";
    case GameResult::BlackWins:
      return "0-1";
    case GameResult::Draw:
      return "1/2-1/2";
    case GameResult::Unfinished:
      break;
  }
  return "*";
}

std::optional<GameResult> parse_result_token(std::string_view token) {
  if (token == "1-0") return GameResult::WhiteWins;
  if (token == "0-1") return GameResult::BlackWins;
  if (token == "1/2-1/2") return GameResult::Draw;
  if (token == "*") return GameResult::Unfinished;
  return std::nullopt;
}

Game::Game() : start_(core::Position::start_position()), current_(start_) {}

std::optional<std::string_view> Game::tag(std::string_view name) const {
  for (const TagSpan& t : tags_)
    if (text(t.name) == name) return text(t.value);
  return std::nullopt;
}

void Game::set_tag(std::string_view name, std::string_view value) {
  for (TagSpan& t : tags_) {
    if (text(t.name) != name) continue;
    t.value = store(value);
    return;
  }
  add_tag(name, value);
}

void Game::add_tag(std::string_view name, std::string_view value) {
  TextSpan n = store(name);
  tags_.push_back({n, store(value)});
}

bool Game::remove_tag(std::string_view name) {
  auto it = std::find_if(tags_.begin(), tags_.end(),
                         [&](const TagSpan& t) { return text(t.name) == name; });
  if (it == tags_.end()) return false;
  tags_.erase(it);
  return true;
}

void Game::set_start_position(const core::Position& pos) {
  start_ = pos;
  current_ = pos;
  plies_.clear();
  nags_.clear();
}

std::vector<core::Move> Game::moves() const {
  std::vector<core::Move> out;
  out.reserve(plies_.size());
  for (const Ply& p : plies_) out.push_back(p.move);
  return out;
}

Termination Game::termination() const {
  auto value = tag("Termination");
  return value ? parse_termination(*value) : Termination::Unknown;
}

Result<TimeControl> Game::time_control() const {
  auto value = tag("TimeControl");
  if (!value) return TimeControl{};
  return parse_time_control(*value);
}

Result<core::Move> Game::push_move(core::Move m) {
  if (!current_.is_legal(m)) return Error{"illegal move " + core::to_uci(m, chess960())};
  std::string san = core::to_san(current_, m);
  TextSpan span = store(san);
  push_ply(m, span, span);
  return m;
}

Result<core::Move> Game::push_san(std::string_view san) {
  Result<core::Move> m = core::parse_san(current_, san);
  if (!m) return m;
  TextSpan written = store(san);
  push_ply(m.value(), written, store(core::to_san(current_, m.value())));
  return m;
}

void Game::set_comment(std::string_view comment) {
  TextSpan span = store(comment);
  if (plies_.empty())
    leading_comment_ = span;
  else
    plies_.back().comment = span;
}

void Game::add_nag(uint8_t nag) {
  if (!plies_.empty()) push_nag(plies_.back(), nag);
}

void Game::set_clock_ms(int64_t ms) {
  if (!plies_.empty()) plies_.back().clock_ms = ms;
}

void Game::set_leading_comment(std::string_view comment) { leading_comment_ = store(comment); }

TextSpan Game::store(std::string_view s) {
  TextSpan span{uint32_t(text_.size()), uint32_t(s.size())};
  // Text taken from this game's own buffer must survive the append's reallocation.
  if (!s.empty() && s.data() >= text_.data() && s.data() < text_.data() + text_.size()) {
    std::string copy(s);
    text_.append(copy);
  } else {
    text_.append(s);
  }
  return span;
}

TextSpan Game::append_text(TextSpan span, std::string_view more) {
  if (span.size == 0) return store(more);
  if (span.offset + span.size != text_.size()) span = store(std::string(text(span)));
  text_.push_back(' ');
  store(more);
  span.size += uint32_t(more.size()) + 1;
  return span;
}

Ply& Game::push_ply(core::Move m, TextSpan written_san, TextSpan san) {
  core::UndoInfo undo;
  current_.make_move(m, undo);
  Ply& ply = plies_.emplace_back();
  ply.move = m;
  ply.written_san = written_san;
  ply.san = san;
  return ply;
}

void Game::push_nag(Ply& ply, uint8_t nag) {
  // A ply's NAGs are contiguous; move them to the end if others came after.
  if (ply.nag_count > 0 && ply.nag_begin + ply.nag_count != nags_.size()) {
    uint32_t begin = uint32_t(nags_.size());
    for (uint32_t i = 0; i < ply.nag_count; ++i) nags_.push_back(nags_[ply.nag_begin + i]);
    ply.nag_begin = begin;
  }
  if (ply.nag_count == 0) ply.nag_begin = uint32_t(nags_.size());
  nags_.push_back(nag);
  ++ply.nag_count;
}

void Game::reserve(size_t text_bytes, size_t plies) {
  text_.reserve(text_bytes);
  plies_.reserve(plies);
}

void Game::clear() {
  text_.clear();
  tags_.clear();
  plies_.clear();
  nags_.clear();
  leading_comment_ = {};
  // Built once: a reader clears its game before every record.
  static const core::Position kStart = core::Position::start_position();
  start_ = kStart;
  current_ = kStart;
  result_ = GameResult::Unfinished;
  first_line_ = 0;
}

}  // namespace arbiter::pgn
