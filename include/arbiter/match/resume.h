// Resuming an interrupted match: the games already in its PGN file, identified
// by Round ("3.2": round 3, second game of the pair), White and Black.
#pragma once

#include <string>
#include <vector>

#include "arbiter/pgn/game.h"

namespace arbiter::match {

struct FinishedGame {
  std::string round;
  std::string white;
  std::string black;
  pgn::GameResult result = pgn::GameResult::Unfinished;
};

// The finished games of a PGN file (result other than "*"); games that do not
// parse (a game cut off by a crash of the runner itself) are left out. A
// missing file is an empty list.
std::vector<FinishedGame> read_finished_games(const std::string& path);

}  // namespace arbiter::match
