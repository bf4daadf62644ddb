// arbiter adjudicate: the FIDE verdict for one game given as a start position,
// moves and an optional closing event.
#include <cctype>
#include <cxxopts.hpp>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/rules/game.h"
#include "arbiter/rules/verdict_format.h"
#include "commands.h"

namespace arbiter::cli {

namespace {

using core::Color;
using core::Move;
using core::Position;

constexpr int kUsageError = 2;
constexpr std::string_view kName = "arbiter adjudicate";

struct Settings {
  rules::GameOptions options;
  bool chess960 = false;
  bool json = false;
};

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

Result<Settings> read_settings(const cxxopts::ParseResult& args) {
  Settings s;
  const std::string rules = args["rules"].as<std::string>();
  auto edition = rules::parse_edition(rules);
  if (!edition) return Error{"unknown --rules '" + rules + "'"};
  s.options.edition = *edition;
  const std::string mode = args["mode"].as<std::string>();
  if (mode == "strict")
    s.options.claim_mode = rules::ClaimMode::Strict;
  else if (mode == "proxy-claim")
    s.options.claim_mode = rules::ClaimMode::ProxyClaim;
  else
    return Error{"unknown --mode '" + mode + "' (strict, proxy-claim)"};
  const std::string illegal = args["illegal"].as<std::string>();
  if (illegal == "fide")
    s.options.illegal_moves = rules::IllegalMovePolicy::Fide;
  else if (illegal == "forfeit")
    s.options.illegal_moves = rules::IllegalMovePolicy::Forfeit;
  else
    return Error{"unknown --illegal '" + illegal + "' (fide, forfeit)"};
  const std::string halfmove = args["fen-halfmove"].as<std::string>();
  if (halfmove != "trust" && halfmove != "ignore")
    return Error{"unknown --fen-halfmove '" + halfmove + "' (trust, ignore)"};
  s.options.trust_fen_halfmove_clock = halfmove == "trust";
  const std::string tc = args["time-control"].as<std::string>();
  auto tc_class = rules::parse_time_control_class(tc);
  if (!tc_class) return Error{"unknown --time-control '" + tc + "' (standard, rapid, blitz)"};
  s.options.time_control = *tc_class;
  const std::string format = args["format"].as<std::string>();
  if (format != "text" && format != "json")
    return Error{"unknown --format '" + format + "' (text, json)"};
  s.json = format == "json";
  s.chess960 = args.count("chess960") > 0;
  return s;
}

int usage_error(const std::string& message) {
  std::cerr << kName << ": " << message << "\n";
  return kUsageError;
}

int adjudicate_one(const Settings& settings, std::string fen, const std::string& moves,
                   const std::vector<std::string>& events) {
  if (fen == "startpos") fen = std::string(core::kStartFen);
  auto start = core::parse_fen(fen, settings.chess960);
  if (!start) return usage_error("invalid FEN: " + start.error());
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
      return usage_error("move " + std::to_string(ply + 1) + " '" + std::string(token) +
                         "': " + m.error() + " in " + core::to_fen(board));
    game.play_legal(m.value());
    core::UndoInfo undo;
    board.make_move(m.value(), undo);
    ++ply;
  }
  for (const std::string& event : events) {
    std::string error = apply_event(game, event, settings.chess960);
    if (!error.empty()) return usage_error(error);
  }
  const rules::Verdict verdict = rules::make_verdict(game);
  if (settings.json)
    std::cout << rules::to_json(verdict) << "\n";
  else
    std::cout << rules::to_text(verdict);
  return 0;
}

}  // namespace

int run_adjudicate(int argc, char** argv) {
  cxxopts::Options options(std::string(kName),
                           "The FIDE verdict for a game: start position, moves, closing event");
  options.add_options()("fen", "start position (FEN, or 'startpos')",
                        cxxopts::value<std::string>())(
      "moves", "moves played from it, UCI or SAN, separated by spaces",
      cxxopts::value<std::string>()->default_value(""))(
      "event",
      "after the moves: flag:w|b, resign:w|b, illegal2:w|b, illegal:w|b, claim:w|b[:MOVE], "
      "offer:w|b, accept:w|b, both-flags[:last] (repeat or separate by commas)",
      cxxopts::value<std::vector<std::string>>())(
      "rules", "fide-2023, fide-2018, fide-2014, fide-2009 or fide-2001",
      cxxopts::value<std::string>()->default_value("fide-2023"))(
      "mode", "strict (claims only when made) or proxy-claim (the arbiter claims at once)",
      cxxopts::value<std::string>()->default_value("strict"))(
      "illegal", "fide (the edition's strikes) or forfeit (the first illegal move loses)",
      cxxopts::value<std::string>()->default_value("fide"))(
      "fen-halfmove", "trust or ignore the FEN's halfmove counter",
      cxxopts::value<std::string>()->default_value("trust"))(
      "time-control", "standard, rapid or blitz (penalty sizes, illegal-move rule)",
      cxxopts::value<std::string>()->default_value("standard"))(
      "format", "text or json", cxxopts::value<std::string>()->default_value("text"))(
      "chess960", "read FEN castling rights and UCI castling as Chess960")("h,help",
                                                                           "print this help");
  try {
    auto args = options.parse(argc, argv);
    if (args.count("help")) {
      std::cout << options.help() << "\n";
      return 0;
    }
    if (!args.unmatched().empty())
      return usage_error("unexpected argument '" + args.unmatched().front() +
                         "' (PGN input is not available in this build; use --fen)");
    if (!args.count("fen")) return usage_error("give --fen FEN (or --fen startpos)");
    auto settings = read_settings(args);
    if (!settings) return usage_error(settings.error());
    std::vector<std::string> events;
    if (args.count("event"))
      for (const std::string& e : args["event"].as<std::vector<std::string>>())
        if (!e.empty()) events.push_back(e);
    return adjudicate_one(settings.value(), args["fen"].as<std::string>(),
                          args["moves"].as<std::string>(), events);
  } catch (const cxxopts::exceptions::exception& e) {
    return usage_error(e.what());
  }
}

}  // namespace arbiter::cli
