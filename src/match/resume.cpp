#include "arbiter/match/resume.h"

#include <fstream>

#include "arbiter/pgn/reader.h"

namespace arbiter::match {

std::vector<FinishedGame> read_finished_games(const std::string& path) {
  std::vector<FinishedGame> games;
  std::ifstream file(path, std::ios::binary);
  if (!file) return games;
  pgn::Reader reader(file, path);
  pgn::Game game;
  pgn::ParseError error;
  bool ok = false;
  while (reader.next(game, error, ok)) {
    if (!ok || game.result() == pgn::GameResult::Unfinished) continue;
    FinishedGame g;
    g.round = std::string(game.tag("Round").value_or(""));
    g.white = std::string(game.tag("White").value_or(""));
    g.black = std::string(game.tag("Black").value_or(""));
    g.result = game.result();
    games.push_back(std::move(g));
  }
  return games;
}

}  // namespace arbiter::match
