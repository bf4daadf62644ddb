// Self-play for training data: the engine plays itself at a fixed soft node
// budget per move from randomised starts; the Laws (rules::Game) end each game,
// optionally sooner by score adjudication; quiet, decided-by-search positions
// are kept with the search score and the game's result.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "arbiter/core/result.h"
#include "arbiter/datagen/data_file.h"
#include "arbiter/datagen/game_record.h"
#include "arbiter/datagen/packed_position.h"

namespace arbiter::datagen {

struct DatagenOptions {
  uint64_t soft_nodes = 5000;     // per move: no new iteration past this
  uint64_t hard_node_factor = 8;  // and never more than soft_nodes * this
  int random_plies = 8;           // uniformly random legal plies before the search plays
  bool chess960 = false;          // random Chess960 starts (else the classical array)
  int max_opening_score = 400;    // starts a search scores beyond this are skipped
  // Score adjudication (off: only the Laws end games).
  bool adjudicate = true;
  int win_score = 1500;  // both sides' scores beyond this for win_plies plies: a win
  int win_plies = 6;
  int draw_score = 10;  // |score| within this for draw_plies plies after draw_min_ply: a draw
  int draw_plies = 12;
  int draw_min_ply = 80;
  // Per generating thread. 1 MB (98,304 entries: some ten searches of a game)
  // made 1.28x the positions a second of 8 MB, which gen-0 to gen-6 data used
  // (scripts/train-net passes --hash 8 for those), and played level with it at
  // 5,000 nodes a move: -3.5 +/- 8.9 in 1,000 games (docs/engine.md).
  int hash_mb = 1;
  uint64_t seed = 1;
  int threads = 1;
  uint64_t games = 0;                    // stop after this many games in the file (0: no limit)
  uint64_t positions = 0;                // or this many positions (0: no limit)
  std::string evaluation = "classical";  // written into the header: which eval played

  // What the file header records; a resumed run must match it.
  std::string settings_text() const;
};

// Plays games; one per generating thread. Everything a game does follows from
// (options.seed, game index), so any thread plays a given game identically.
class SelfPlayer {
 public:
  explicit SelfPlayer(const DatagenOptions& options);
  ~SelfPlayer();
  SelfPlayer(const SelfPlayer&) = delete;
  SelfPlayer& operator=(const SelfPlayer&) = delete;
  GameRecord play(uint64_t game_index);

 private:
  struct Impl;
  Impl* impl_;
};

struct DatagenSummary {
  uint64_t games = 0, positions = 0;  // in the file at the end
  uint64_t new_games = 0, new_positions = 0;
  double seconds = 0;
};

// Runs until the file holds options.games games or options.positions positions
// (appending to what is there, checked against the settings), writing games in
// index order so the same seed gives the same bytes whatever the thread count.
// Progress lines go to `log`.
Result<DatagenSummary> run_datagen(const DatagenOptions& options, const std::string& path,
                                   std::ostream& log);
// The same into any sink (a store's chunks), whose totals say where the run
// stands: game numbers go on from its games.
Result<DatagenSummary> run_datagen(const DatagenOptions& options, GameSink& sink,
                                   std::ostream& log);

// One line per record: FEN | score | result (text dump for inspection).
Result<uint64_t> dump_data_file(const std::string& path, std::ostream& out, uint64_t limit = 0);

}  // namespace arbiter::datagen
