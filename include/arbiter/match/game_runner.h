// One game between two UCI engines, under the Laws as rules::Game applies them:
// the runner keeps both clocks, asks the side to move for its move, and hands
// every event (move, flag fall, illegal move, crash) to the arbiter.
//
// How engine failures map onto the Laws:
//   - bestmove later than the time left plus the margin: the flag fell (6.9);
//   - a bestmove that is not a legal move here ("0000", garbage, a move of the
//     wrong side): a completed illegal move (7.5; --illegal forfeit: the first loses);
//     under the two-strike rule the engine is asked again, with its clock running;
//   - a crash, or no answer to an untimed search within the hang timeout: the
//     engine can never complete its move, so its flag is taken as fallen (6.9:
//     a loss unless the opponent cannot mate); the PGN says "abandoned".
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "arbiter/core/types.h"
#include "arbiter/match/openings.h"
#include "arbiter/match/time_limit.h"
#include "arbiter/match/uci_engine.h"
#include "arbiter/pgn/game.h"
#include "arbiter/rules/game.h"

namespace arbiter::match {

// Conveniences of engine testing that are not in the Laws. All off by default;
// when one is on, the PGN says so (tag "Adjudication").
struct ScoreAdjudication {
  // Draw when both engines' scores stayed within +/- draw_score_cp for
  // draw_move_count moves each, from full move draw_move_number on (an
  // agreement, 5.2.3).
  bool draw = false;
  int draw_move_number = 40;
  int draw_move_count = 8;
  int draw_score_cp = 10;
  // Resignation when an engine's score stayed at or below -resign_score_cp for
  // resign_move_count moves (5.1.2, with the 2023 proviso); two-sided: the
  // opponent's score must agree.
  bool resign = false;
  int resign_move_count = 3;
  int resign_score_cp = 1000;
  bool resign_two_sided = false;
  // Draw after this many full moves (0: no limit).
  int max_moves = 0;

  bool any() const { return draw || resign || max_moves > 0; }
  std::string describe() const;  // for the PGN tag
};

struct GameSettings {
  rules::GameOptions rules{.claim_mode = rules::ClaimMode::ProxyClaim};
  int64_t flag_margin_ms = 0;
  // An untimed search (depth=, nodes=) that gives no answer within this hangs.
  std::chrono::milliseconds hang_timeout{std::chrono::seconds(60)};
  std::chrono::milliseconds handshake_timeout{std::chrono::seconds(10)};
  // After a flag fall: how long "stop" may take before the engine is restarted.
  std::chrono::milliseconds stop_grace{std::chrono::seconds(1)};
  ScoreAdjudication adjudication;
  // Polled before each move: when it turns true the game is abandoned (aborted).
  const std::atomic<bool>* abort = nullptr;
  // PGN tags.
  std::string event = "Arbiter match";
  std::string site = "?";
  std::string round = "?";
};

struct Player {
  UciEngine* engine = nullptr;
  TimeLimit limit;
  bool ponder = false;  // "go ponder" on the opponent's time, as GUIs do
};

// What happened to one side in a game (for the match's table).
struct SideReport {
  int ponder_hits = 0;                     // the opponent played the expected move: ponderhit
  int ponder_misses = 0;                   // it did not (or the game ended): stop
  std::vector<int64_t> stop_latencies_ms;  // each stop of a ponder search, to its bestmove
  bool lost_on_time = false;
  int illegal_moves = 0;
  bool crashed = false;  // or hung in an untimed search
  bool restart_failed = false;
};

struct GameRecord {
  pgn::Game pgn;
  pgn::GameResult result = pgn::GameResult::Unfinished;
  rules::Outcome outcome;   // the arbiter's verdict (ongoing if a non-FIDE rule ended it)
  std::string termination;  // the PGN Termination tag
  std::string summary;      // "checkmate (5.1.1)", "draw: maximum length (not FIDE)"
  std::array<SideReport, core::kNumColors> sides{};
  bool aborted = false;  // stopped from outside before it ended: not a result
};

// Plays `opening` with `white` and `black` (both already started). Never throws
// on engine misbehaviour: every failure ends in a recorded result.
GameRecord play_game(const Opening& opening, const Player& white, const Player& black,
                     const GameSettings& settings);

// "+0.35", "-1.20", "+M3", "-M2": a score as PGN comments show it.
std::string format_score(const SearchInfo& info);

}  // namespace arbiter::match
