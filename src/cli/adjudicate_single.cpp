// arbiter adjudicate --fen: the FIDE verdict for one game given as a start
// position, moves and an optional closing event.
#include <cctype>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "adjudicate_settings.h"
#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/rules/game.h"
#include "arbiter/rules/verdict_format.h"

namespace arbiter::cli {

namespace {

using core::Color;
using core::Move;
using core::Position;

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// Move numbers ("12." or "12...") are skipped; "12.e4" keeps the move.
std::string_view strip_move_number(std::string_view token) {
  size_t i = 0;
  while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
  if (i == 0 || i == token.size() || token[i] != '.') return token;
  while (i < token.size() && token[i] == '.') ++i;
  return token.substr(i);
}

// A game-termination marker at the end of pasted movetext ("1-0", "*", ...).
bool is_result_token(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

bool looks_like_uci(std::string_view t) {
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  return (t.size() == 4 || t.size() == 5) && file(t[0]) && rank(t[1]) && file(t[2]) && rank(t[3]);
}

Result<Move> parse_move(const Position& pos, std::string_view token, bool chess960) {
  if (looks_like_uci(token)) return core::parse_uci_move(pos, token, chess960);
  return core::parse_san(pos, token);
}

std::optional<Color> parse_side(std::string_view s) {
  if (s == "w" || s == "white") return Color::White;
  if (s == "b" || s == "black") return Color::Black;
  return std::nullopt;
}

// Applies one event ("flag:w", "claim:b", "claim:w:Ng8", ...); an error message
// when it cannot be read.
std::string apply_event(rules::Game& game, std::string_view event, bool chess960) {
  const size_t colon = event.find(':');
  const std::string_view kind = event.substr(0, colon);
  std::string_view rest = colon == std::string_view::npos ? "" : event.substr(colon + 1);
  std::string_view move_text;
  if (const size_t second = rest.find(':'); second != std::string_view::npos) {
    move_text = rest.substr(second + 1);
    rest = rest.substr(0, second);
  }
  if (kind == "both-flags") {
    game.both_flags(rest == "last");
    return {};
  }
  const std::optional<Color> side = parse_side(rest);
  if (!side)
    return "event '" + std::string(event) + "' needs a side: " + std::string(kind) + ":w or :b";
  if (!move_text.empty() && kind != "claim")
    return "only a claim takes a move: '" + std::string(event) + "'";
  if (kind == "flag") {
    game.flag(*side);
  } else if (kind == "resign") {
    game.resign(*side);
  } else if (kind == "illegal") {
    game.illegal_move(*side);
  } else if (kind == "illegal2") {  // the player's second completed illegal move
    game.illegal_move(*side);
    game.illegal_move(*side);
  } else if (kind == "offer") {
    game.offer_draw(*side);
  } else if (kind == "accept") {
    game.accept_draw(*side);
  } else if (kind == "claim") {
    Move announced = Move::none();
    if (!move_text.empty()) {
      auto m = parse_move(game.position(), move_text, chess960);
      if (!m) return "claim move: " + m.error();
      announced = m.value();
    }
    auto response = game.claim_draw(*side, announced);
    if (response.status == rules::ClaimStatus::IllegalAnnouncedMove)
      return "claim move '" + std::string(move_text) + "' is not legal";
  } else {
    return "unknown event '" + std::string(event) +
           "' (flag, resign, illegal, illegal2, offer, accept, claim, both-flags)";
  }
  return {};
}

int adjudicate_one(const AdjudicateSettings& settings, std::string fen, const std::string& moves,
                   const std::vector<std::string>& events) {
  if (fen == "startpos") fen = std::string(core::kStartFen);
  auto start = core::parse_fen(fen, settings.chess960);
  if (!start) return adjudicate_usage_error("invalid FEN: " + start.error());
  rules::Game game(start.value(), settings.options);

  // Moves are read on a shadow board that goes on after the game has ended, so
  // that every move is still checked (the game itself ignores them).
  Position board = start.value();
  int ply = 0;
  for (const std::string& word : split_words(moves)) {
    const std::string_view token = strip_move_number(word);
    if (token.empty() || is_result_token(token)) continue;
    auto m = parse_move(board, token, settings.chess960);
    if (!m)
      return adjudicate_usage_error("move " + std::to_string(ply + 1) + " '" + std::string(token) +
                                    "': " + m.error() + " in " + core::to_fen(board));
    game.play_legal(m.value());
    core::UndoInfo undo;
    board.make_move(m.value(), undo);
    ++ply;
  }
  for (const std::string& event : events) {
    std::string error = apply_event(game, event, settings.chess960);
    if (!error.empty()) return adjudicate_usage_error(error);
  }
  const rules::Verdict verdict = rules::make_verdict(game);
  if (settings.format == adjudicate::OutputFormat::Json)
    std::cout << rules::to_json(verdict) << "\n";
  else
    std::cout << rules::to_text(verdict);
  return 0;
}

}  // namespace

int adjudicate_single(const AdjudicateSettings& settings, std::string fen, const std::string& moves,
                      const std::vector<std::string>& events) {
  return adjudicate_one(settings, std::move(fen), moves, events);
}

}  // namespace arbiter::cli
