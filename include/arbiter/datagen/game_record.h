// One self-play game as it was played: where it started, each searched ply's
// best move and score, and how it ended. The training records are derived from
// these (training_records), so a game kept as moves (game_archive.h) gives back
// exactly the records self-play wrote.
#pragma once

#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/datagen/packed_position.h"

namespace arbiter::datagen {

struct GameRecord {
  core::Position start;           // after the random opening plies
  std::vector<core::Move> moves;  // the best move of every search, in order; the
                                  // last is not played when the game was adjudicated
  std::vector<int> scores;        // each search's score, its side to move's view
  WdlResult white_result = WdlResult::Draw;
  bool adjudicated = false;
  std::vector<PackedPosition> records;  // training_records of the above
};

// Positions whose score a quiet evaluation can learn: not in check, a quiet best
// move, no mate found. Part of the data's definition (and of game_archive.h's).
bool keep_for_training(const core::Position& pos, core::Move best, int score);

// Replays `moves` from `start` and keeps, in order, each position that
// keep_for_training accepts, with its score and the game's result from that
// position's side to move. `scores` has one score per move.
std::vector<PackedPosition> training_records(const core::Position& start,
                                             const std::vector<core::Move>& moves,
                                             const std::vector<int>& scores,
                                             WdlResult white_result);

// The result from `side`'s point of view.
WdlResult result_for(WdlResult white_result, core::Color side);

}  // namespace arbiter::datagen
