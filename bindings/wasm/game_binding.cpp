// The move-by-move Game of the JavaScript API.
#include "game_binding.h"

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/rules/verdict_format.h"
#include "arbiter/unwinnability/unwinnability.h"

namespace arbiter::wasm {

namespace {

std::optional<core::Color> parse_side(const std::string& side) {
  if (side == "white") return core::Color::White;
  if (side == "black") return core::Color::Black;
  return std::nullopt;
}

// A move given either way, as `arbiter adjudicate --moves` reads it.
Result<core::Move> parse_any_move(const core::Position& pos, const std::string& text,
                                  bool chess960) {
  auto uci = core::parse_uci_move(pos, text, chess960);
  if (uci) return uci;
  return core::parse_san(pos, text);
}

}  // namespace

GameBinding::GameBinding(const std::string& fen, bool chess960, const JsOptions& options)
    : chess960_(chess960) {
  auto game_options = read_game_options(options);
  if (!game_options) {
    error_ = game_options.error();
    game_.emplace();
    return;
  }
  if (fen.empty()) {
    game_.emplace(game_options.value());
    return;
  }
  auto setup = rules::Game::from_fen(fen, game_options.value(), chess960);
  if (!setup) {
    error_ = "invalid FEN: " + setup.error();
    game_.emplace(game_options.value());
    return;
  }
  game_.emplace(std::move(setup).value());
}

std::string GameBinding::play(const Result<core::Move>& move, const std::string& text) {
  if (!move) return "illegal move '" + text + "': " + move.error();
  // The rules ignore moves after the end (3.1); a page that offers one has lost track.
  if (game_->finished()) return "the game is over: '" + text + "' not played";
  game_->play_legal(move.value());
  return {};
}

std::string GameBinding::push_san(const std::string& san) {
  return play(core::parse_san(game_->position(), san), san);
}

std::string GameBinding::push_uci(const std::string& uci) {
  return play(core::parse_uci_move(game_->position(), uci, chess960_), uci);
}

std::string GameBinding::fen() const { return core::to_fen(game_->position()); }

std::string GameBinding::legal_moves() const {
  core::MoveList moves;
  core::generate_legal(game_->position(), moves);
  std::string out;
  for (core::Move m : moves) {
    if (!out.empty()) out += ' ';
    out += core::to_uci(m, chess960_);
  }
  return out;
}

std::string GameBinding::turn() const {
  return std::string(rules::color_name(game_->position().side_to_move()));
}

std::string GameBinding::outcome() const { return rules::to_json(rules::make_verdict(*game_)); }

std::string GameBinding::flag(const std::string& side) {
  const auto color = parse_side(side);
  if (!color) return {};
  game_->flag(*color);
  return outcome();
}

std::string GameBinding::resign(const std::string& side) {
  const auto color = parse_side(side);
  if (!color) return {};
  game_->resign(*color);
  return outcome();
}

std::string GameBinding::claim_draw(const std::string& announced) {
  core::Move move = core::Move::none();
  if (!announced.empty()) {
    auto m = parse_any_move(game_->position(), announced, chess960_);
    if (!m) return "error:claimed move '" + announced + "': " + m.error();
    move = m.value();
  }
  const rules::ClaimResponse response = game_->claim_draw(game_->position().side_to_move(), move);
  if (response.status == rules::ClaimStatus::IllegalAnnouncedMove)
    return "error:claimed move '" + announced + "' is not legal";
  return outcome();
}

bool GameBinding::is_dead_position() const {
  return rules::analyse_dead_position(game_->position(), game_->options().winnability).dead;
}

bool GameBinding::can_checkmate(const std::string& side) const {
  const auto color = parse_side(side);
  if (!color) return false;
  return rules::analyse_winnability(game_->position(), *color, game_->options().winnability)
             .verdict != rules::Winnability::Unwinnable;
}

}  // namespace arbiter::wasm
