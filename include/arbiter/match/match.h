// A match or tournament between UCI engines: who plays whom with which opening
// and colour, N games at once, every finished game appended to the PGN file at
// once, running statistics, and an SPRT that can stop the match early.
//
// Scheduling: every pairing (round robin: each pair of engines; gauntlet: the
// first engine against each other one) plays openings in rounds; in each round
// a pairing plays one opening twice with colours reversed (a game pair), which
// is what the pentanomial statistics count.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "arbiter/match/game_runner.h"
#include "arbiter/match/openings.h"
#include "arbiter/match/stats.h"
#include "arbiter/match/time_limit.h"
#include "arbiter/match/uci_engine.h"

namespace arbiter::match {

struct EngineEntry {
  EngineConfig config;
  TimeLimit limit;
  bool ponder = false;  // think on the opponent's time (ponder=true)
};

enum class Tournament { RoundRobin, Gauntlet };

struct MatchConfig {
  std::vector<EngineEntry> engines;  // names must be distinct
  Tournament tournament = Tournament::RoundRobin;
  int games_per_pairing = 2;
  int concurrency = 1;
  OpeningOrder::Kind order = OpeningOrder::Kind::Sequential;
  uint64_t seed = 0;
  size_t first_opening = 0;  // where a sequential order starts
  std::string pgn_out;       // empty: no PGN file
  bool resume = false;       // skip the games already in pgn_out
  GameSettings game;
  std::optional<SprtConfig> sprt;  // two engines only
  bool progress = true;            // a line per finished game on the progress stream
};

// One engine's results over the whole match.
struct EngineTally {
  std::string name;
  WDL wdl;
  int time_losses = 0;
  int illegal_moves = 0;
  int crashes = 0;
  // Pondering (ponder=true): expected moves played and not, and how long each
  // stop of a ponder search took to its bestmove.
  int ponder_hits = 0;
  int ponder_misses = 0;
  std::vector<int64_t> stop_latencies_ms;
};

// The results of one pairing, from the first engine's point of view.
struct PairingTally {
  int first = 0, second = 0;  // engine indices
  WDL wdl;
  Pentanomial pentanomial;
};

struct MatchSummary {
  std::vector<EngineTally> engines;
  std::vector<PairingTally> pairings;
  int games_played = 0;   // in this run
  int games_resumed = 0;  // read back from the PGN file
  int games_planned = 0;
  std::optional<SprtStatus> sprt;
  bool stopped_by_sprt = false;
  bool interrupted = false;
  std::string error;  // set when the match could not go on (an engine that cannot start)
};

// Plays the match. `stop` (may be null) is polled between games: when it turns
// true no new game starts and games in progress are abandoned unrecorded.
MatchSummary run_match(const MatchConfig& config, const OpeningBook& openings,
                       std::ostream& progress, const std::atomic<bool>* stop = nullptr);

// The final table: one line per engine, then one per pairing with the Elo,
// error bar, LOS, draw ratio and pentanomial counts.
// "median 1 ms, p99 4 ms, max 9 ms" (nearest rank), or "(none measured)".
std::string format_latencies(std::vector<int64_t> ms);
std::string format_summary(const MatchSummary& summary, const MatchConfig& config);

}  // namespace arbiter::match
