// Searches a position with Arbiter's engine (embedded net, one thread) and
// prints the best move in UCI notation, as `bestmove` would.
//   best_move [FEN] [DEPTH]        (default: the start position, depth 10)
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/notation.h"
#include "arbiter/eval/nnue_current.h"
#include "arbiter/search/threads.h"

int main(int argc, char** argv) {
  using namespace arbiter;
  const std::string fen =
      argc > 1 ? argv[1] : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const int depth = argc > 2 ? std::atoi(argv[2]) : 10;
  Result<core::Position> position = core::parse_fen(fen);
  if (!position) {
    std::cerr << "best_move: bad FEN: " << position.error() << "\n";
    return 2;
  }
  const auto net = eval::active_network();
  std::cout << "evaluation: " << (net ? net->summary() : "hand-written") << "\n";
  search::ThreadPool pool;
  search::SearchLimits limits;
  limits.depth = depth < 1 ? 1 : depth;
  search::SearchResult result;
  // The keys of the positions before the root, for repetitions: none from a bare FEN.
  const std::vector<core::Key> history;
  pool.start(
      position.value(), history, limits, search::SearchOptions{}, [](const search::SearchInfo&) {},
      [&result](const search::SearchResult& r) { result = r; });
  pool.wait();
  if (result.best == core::Move::none()) {
    std::cout << "no legal move\n";
    return 0;
  }
  std::cout << "bestmove " << core::to_uci(result.best, false) << " score " << result.score
            << " depth " << result.depth << "\n";
  return 0;
}
