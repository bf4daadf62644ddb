// Judges every game of a PGN file under the FIDE Laws (2023 edition) and prints
// one line per game: its number, the players, the verdict and the article.
//   judge_pgn games.pgn
#include <fstream>
#include <iostream>
#include <string>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/pgn/reader.h"
#include "arbiter/rules/outcome.h"

int main(int argc, char** argv) {
  using namespace arbiter;
  if (argc != 2) {
    std::cerr << "usage: judge_pgn FILE.pgn\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    std::cerr << "judge_pgn: cannot open " << argv[1] << "\n";
    return 1;
  }
  adjudicate::Judge judge({.game = {.edition = rules::Edition::Fide2023}});
  pgn::Reader reader(file, argv[1]);
  int number = 0;
  for (const pgn::ParsedGame& parsed : reader) {
    ++number;
    if (!parsed.ok()) {
      std::cout << number << ": unreadable: " << parsed.error().to_string() << "\n";
      continue;
    }
    const pgn::Game& game = parsed.game();
    const adjudicate::Judgement& j = judge.judge(game);
    const rules::Outcome& outcome = j.verdict.outcome;
    std::cout << number << ": " << game.tag("White").value_or("?") << " - "
              << game.tag("Black").value_or("?") << ": " << rules::result_name(outcome.result)
              << ", " << rules::reason_name(outcome.reason);
    if (!outcome.article.empty()) std::cout << ", FIDE " << outcome.article;
    std::cout << "\n";
  }
  return 0;
}
