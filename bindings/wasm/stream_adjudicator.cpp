// The chunked PGN adjudicator: pipeline.cpp's worker, one game at a time.
#include "stream_adjudicator.h"

#include <algorithm>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/rules/verdict_format.h"

namespace arbiter::wasm {

StreamAdjudicator::StreamAdjudicator(StreamOptions options)
    : options_(std::move(options)), judge_(options_.judge) {
  summary_.files = 1;  // one input, as the command line counts a file
}

std::string StreamAdjudicator::push(std::string_view chunk) {
  if (finished_) return {};
  pending_.append(chunk);
  // Nothing new can end before a new line does.
  if (chunk.find('\n') == std::string_view::npos) return {};
  return judge_pending(false);
}

std::string StreamAdjudicator::finish() {
  if (finished_) return {};
  finished_ = true;
  return judge_pending(true);
}

std::string StreamAdjudicator::summary_json() const { return adjudicate::summary_json(summary_); }

std::string StreamAdjudicator::judge_pending(bool at_end) {
  const size_t whole = at_end ? pending_.size() : pending_.rfind('\n') + 1;
  const std::string_view text(pending_.data(), whole);
  pgn::GameSplitter splitter(text, options_.source);
  std::vector<pgn::RawGame> games;
  for (pgn::RawGame raw; splitter.next(raw);) games.push_back(raw);
  std::string out;
  const size_t complete = at_end || games.empty() ? games.size() : games.size() - 1;
  for (size_t i = 0; i < complete; ++i) {
    games[i].first_line += pending_line_ - 1;
    judge_game(games[i], out);
  }
  if (at_end) {
    pending_.clear();
    return out;
  }
  // Keep the text from the first line of the game that may go on (none: the
  // lines read so far hold no game yet, so keep them all).
  if (!games.empty()) {
    const int keep_from = games.back().first_line;  // relative to pending_
    size_t offset = 0;
    for (int line = 1; line < keep_from; ++line) offset = pending_.find('\n', offset) + 1;
    pending_.erase(0, offset);
    pending_line_ += keep_from - 1;
  }
  return out;
}

void StreamAdjudicator::judge_game(const pgn::RawGame& raw, std::string& out) {
  // As pipeline.cpp's worker reads a game: the judge follows the moves as they
  // are read, comments are not kept.
  const bool ok = pgn::parse_game_into(
      raw, game_, error_,
      {.comments = false, .san_text = options_.with_moves, .observer = &judge_});
  adjudicate::GameLabel label;
  label.number = ++games_;
  label.source = options_.source;
  label.line = raw.first_line;
  label.white = game_.tag("White").value_or("");
  label.black = game_.tag("Black").value_or("");
  label.plies = static_cast<int>(game_.ply_count());
  summary_.bytes += raw.text.size();
  std::string line;
  if (ok) {
    const adjudicate::Judgement& j = judge_.conclude(game_);
    adjudicate::append_game_json(line, label, j);
    summary_.add(j);
  } else {
    adjudicate::append_error_json(line, label, judge_.game().ruleset().name, error_);
    summary_.add_error();
  }
  if (options_.with_moves) append_moves(line);
  out += line;
}

// Before the object's closing brace: ,"startFen":"...","moves":["e4",...]
void StreamAdjudicator::append_moves(std::string& line) const {
  const size_t brace = line.rfind('}');
  std::string extra = ",\"startFen\":";
  rules::append_json_string(extra, core::to_fen(game_.start_position()));
  extra += ",\"moves\":[";
  for (size_t i = 0; i < game_.ply_count(); ++i) {
    if (i > 0) extra += ',';
    rules::append_json_string(extra, game_.san(i));
  }
  extra += ']';
  line.insert(brace, extra);
}

}  // namespace arbiter::wasm
