// arbiter._arbiter.Game: one game under the FIDE Laws (rules::Game), fed moves
// and events one at a time, with the verdict as 'arbiter adjudicate --json'
// prints it.
//
// Moves are also made on a board of our own, as the command line does: the
// game ignores moves after it has ended, but they must still be legal, and the
// board (fen, legal_moves) follows them. Every action is kept, so that the
// verdict under another edition replays the same game under its rules.
//
// A method that fails (a bad move, an unknown name) throws before it changes
// anything: the game keeps its previous state.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "arbiter/rules/verdict_format.h"
#include "arbiter/unwinnability/unwinnability.h"
#include "bindings.h"

namespace arbiter::python {

namespace py = pybind11;

namespace {

using core::Color;
using core::Move;
using core::Position;

Color color_of(bool white) { return white ? Color::White : Color::Black; }

std::string_view claim_status_name(rules::ClaimStatus status) {
  switch (status) {
    case rules::ClaimStatus::Correct:
      return "correct";
    case rules::ClaimStatus::Incorrect:
      return "incorrect";
    case rules::ClaimStatus::GameOver:
      return "game-over";
    case rules::ClaimStatus::IllegalAnnouncedMove:
      break;
  }
  return "illegal-move";
}

// What happened to the game, in order, for a replay under other rules.
struct Action {
  enum class Kind : uint8_t { Move, Flag, Resign, IllegalMove, Claim } kind;
  Move move;  // Move: the move; Claim: the announced move or none
  Color side = Color::White;
};

class GameBinding {
 public:
  GameBinding(const std::optional<std::string>& fen, bool chess960, std::string_view rules,
              std::string_view mode)
      : chess960_(chess960),
        options_{.edition = edition_from_name(rules), .claim_mode = claim_mode_from_name(mode)},
        start_(parse_start(fen, chess960)),
        game_(start_, options_),
        board_(start_) {}

  // --- Moves -----------------------------------------------------------------
  void push_san(std::string_view san) { push(core::parse_san(board_, san), san); }
  void push_uci(std::string_view uci) { push(core::parse_uci_move(board_, uci, chess960_), uci); }

  // --- The board ---------------------------------------------------------------
  std::string fen() const { return core::to_fen(board_); }
  std::string start_fen() const { return core::to_fen(start_); }
  bool turn() const { return board_.side_to_move() == Color::White; }
  int ply() const { return moves_played_; }
  bool chess960() const { return chess960_; }
  std::string rules() const { return std::string(game_.ruleset().name); }
  std::vector<std::string> legal_moves() const {
    core::MoveList moves;
    core::generate_legal(board_, moves);
    std::vector<std::string> names;
    names.reserve(moves.size());
    for (Move m : moves) names.push_back(core::to_uci(m, chess960_));
    return names;
  }
  std::vector<std::string> move_stack() const {
    std::vector<std::string> names;
    for (const Action& a : actions_)
      if (a.kind == Action::Kind::Move) names.push_back(core::to_uci(a.move, chess960_));
    return names;
  }

  // --- Events (rules::Game's) ------------------------------------------------
  void flag(bool white) { event({Action::Kind::Flag, Move::none(), color_of(white)}); }
  void resign(bool white) { event({Action::Kind::Resign, Move::none(), color_of(white)}); }
  void illegal_move(bool white) {
    event({Action::Kind::IllegalMove, Move::none(), color_of(white)});
  }
  // A 9.2/9.3 claim by `white` (default: the player having the move in the
  // game's position), optionally announcing a move (UCI or SAN). A claim by the
  // other player is the Laws' to judge (incorrect: only the player having the
  // move may claim).
  std::string claim_draw(const std::optional<std::string>& announced,
                         const std::optional<bool>& white) {
    Move move = Move::none();
    if (announced) {
      const Position& pos = game_.position();
      auto parsed = looks_like_uci(*announced) ? core::parse_uci_move(pos, *announced, chess960_)
                                               : core::parse_san(pos, *announced);
      if (!parsed) throw py::value_error("claim move '" + *announced + "': " + parsed.error());
      move = parsed.value();
    }
    const Color claimant = white ? color_of(*white) : game_.position().side_to_move();
    const Action action{Action::Kind::Claim, move, claimant};
    const int plies_before = game_.ply();
    const rules::ClaimResponse response = apply(game_, action);
    // An incorrect claim with a move plays the move (9.5.3): the board follows.
    if (game_.ply() > plies_before) make_on_board(move);
    actions_.push_back(action);
    return std::string(claim_status_name(response.status));
  }

  // --- Verdicts ----------------------------------------------------------------
  // The verdict as one JSON object ('arbiter adjudicate --json'), under the
  // game's rules or, replayed, under `rules`.
  std::string verdict_json(const std::optional<std::string>& rules) const {
    if (!rules || edition_from_name(*rules) == options_.edition)
      return rules::to_json(rules::make_verdict(game_));
    rules::GameOptions options = options_;
    options.edition = edition_from_name(*rules);
    rules::Game replay(start_, options);
    for (const Action& a : actions_) apply(replay, a);
    return rules::to_json(rules::make_verdict(replay));
  }
  // (type, claimant, announced move in SAN or None for a claim now), for the
  // player having the move in the game's position.
  std::vector<std::tuple<std::string, std::string, std::optional<std::string>>> open_claims()
      const {
    const rules::ClaimAvailability open = game_.claimable();
    const Position& pos = game_.position();
    const std::string side(rules::color_name(pos.side_to_move()));
    const std::string threefold(rules::claim_type_name(rules::ClaimType::Threefold));
    const std::string fifty(rules::claim_type_name(rules::ClaimType::FiftyMoves));
    std::vector<std::tuple<std::string, std::string, std::optional<std::string>>> claims;
    if (open.threefold_now) claims.emplace_back(threefold, side, std::nullopt);
    for (Move m : open.threefold_moves) claims.emplace_back(threefold, side, core::to_san(pos, m));
    if (open.fifty_now) claims.emplace_back(fifty, side, std::nullopt);
    if (open.fifty_move) claims.emplace_back(fifty, side, core::to_san(pos, open.fifty_move));
    return claims;
  }
  bool can_claim_threefold() const { return game_.claimable().threefold(); }
  bool can_claim_fifty_moves() const { return game_.claimable().fifty(); }

  // The analyses may take a while (their node budgets): they run on a copy of
  // the board without the GIL, so other Python threads go on meanwhile.
  bool is_dead_position() const {
    const Position pos = board_;
    const rules::WinnabilityOptions options = options_.winnability;
    py::gil_scoped_release release;
    return rules::analyse_dead_position(pos, options).dead;
  }
  std::string winnability(bool white) const {
    const Position pos = board_;
    const rules::WinnabilityOptions options = options_.winnability;
    rules::Winnability verdict;
    {
      py::gil_scoped_release release;
      verdict = rules::analyse_winnability(pos, color_of(white), options).verdict;
    }
    return std::string(rules::to_string(verdict));
  }

 private:
  static Position parse_start(const std::optional<std::string>& fen, bool chess960) {
    auto pos = core::parse_fen(fen ? *fen : std::string(core::kStartFen), chess960);
    if (!pos) throw py::value_error("invalid FEN: " + pos.error());
    return pos.value();
  }

  // The command line's test (adjudicate_single.cpp): four or five characters,
  // square to square, is UCI; anything else is SAN.
  static bool looks_like_uci(std::string_view t) {
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    return (t.size() == 4 || t.size() == 5) && file(t[0]) && rank(t[1]) && file(t[2]) && rank(t[3]);
  }

  void push(const Result<Move>& move, std::string_view text) {
    if (!move)
      throw py::value_error("move '" + std::string(text) + "': " + move.error() + " in " +
                            core::to_fen(board_));
    const Action action{Action::Kind::Move, move.value(), board_.side_to_move()};
    apply(game_, action);
    make_on_board(move.value());
    actions_.push_back(action);
  }

  void event(const Action& action) {
    apply(game_, action);
    actions_.push_back(action);
  }

  void make_on_board(Move m) {
    core::UndoInfo undo;
    board_.make_move(m, undo);
    ++moves_played_;
  }

  static rules::ClaimResponse apply(rules::Game& game, const Action& a) {
    switch (a.kind) {
      case Action::Kind::Move:
        game.play_legal(a.move);
        break;
      case Action::Kind::Flag:
        game.flag(a.side);
        break;
      case Action::Kind::Resign:
        game.resign(a.side);
        break;
      case Action::Kind::IllegalMove:
        game.illegal_move(a.side);
        break;
      case Action::Kind::Claim:
        return game.claim_draw(a.side, a.move);
    }
    return {};
  }

  bool chess960_;
  rules::GameOptions options_;
  Position start_;
  rules::Game game_;
  Position board_;
  int moves_played_ = 0;
  std::vector<Action> actions_;
};

}  // namespace

void bind_game(py::module_& m) {
  py::class_<GameBinding>(m, "Game", "One game under the FIDE Laws (see arbiter.Game).")
      .def(py::init<const std::optional<std::string>&, bool, std::string_view, std::string_view>(),
           py::arg("fen") = py::none(), py::arg("chess960") = false,
           py::arg("rules") = std::string(rules::edition_name(rules::kDefaultEdition)),
           py::arg("mode") = "strict")
      .def("push_san", &GameBinding::push_san, py::arg("san"))
      .def("push_uci", &GameBinding::push_uci, py::arg("uci"))
      .def("fen", &GameBinding::fen)
      .def("start_fen", &GameBinding::start_fen)
      .def_property_readonly("turn", &GameBinding::turn)
      .def_property_readonly("ply", &GameBinding::ply)
      .def_property_readonly("chess960", &GameBinding::chess960)
      .def_property_readonly("rules", &GameBinding::rules)
      .def_property_readonly("legal_moves", &GameBinding::legal_moves)
      .def_property_readonly("move_stack", &GameBinding::move_stack)
      .def("flag", &GameBinding::flag, py::arg("white"))
      .def("resign", &GameBinding::resign, py::arg("white"))
      .def("illegal_move", &GameBinding::illegal_move, py::arg("white"))
      .def("claim_draw", &GameBinding::claim_draw, py::arg("move") = py::none(),
           py::arg("white") = py::none())
      .def("verdict_json", &GameBinding::verdict_json, py::arg("rules") = py::none())
      .def("open_claims", &GameBinding::open_claims)
      .def("can_claim_threefold", &GameBinding::can_claim_threefold)
      .def("can_claim_fifty_moves", &GameBinding::can_claim_fifty_moves)
      .def("is_dead_position", &GameBinding::is_dead_position)
      .def("winnability", &GameBinding::winnability, py::arg("white"));
}

}  // namespace arbiter::python
