// Micro-benchmarks of the adjudicator: whole lichess games replayed through
// rules::Game (the PGN mode's inner loop, without PGN parsing).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/core/movegen.h"
#include "arbiter/rules/game.h"

namespace arbiter::bench {
namespace {

using namespace core;

struct RecordedGame {
  Position start;
  std::vector<Move> moves;
};

// The move leading from `from` to the position `to`, if one does.
Move move_between(const Position& from, const Position& to) {
  MoveList moves;
  generate_legal(from, moves);
  for (Move m : moves) {
    Position p = from;
    UndoInfo undo;
    p.make_move(m, undo);
    if (p.key() == to.key()) return m;
  }
  return Move::none();
}

// tests/data/lichess-sample-plies.fen holds the position after every ply of a
// sample of lichess games; consecutive lines one move apart form a game.
const std::vector<RecordedGame>& lichess_games() {
  static const std::vector<RecordedGame> games = [] {
    std::vector<RecordedGame> out;
    const auto path = std::filesystem::path(__FILE__).parent_path() / ".." / "tests" / "data" /
                      "lichess-sample-plies.fen";
    std::ifstream in(path);
    std::string line;
    Position current;
    while (std::getline(in, line)) {
      auto parsed = parse_fen(line);
      if (!parsed) continue;
      const Position& next = parsed.value();
      Move m = out.empty() ? Move::none() : move_between(current, next);
      if (!m) {
        out.push_back({Position::start_position(), {}});
        m = move_between(out.back().start, next);
        if (!m) out.back().start = next;
      }
      if (m) out.back().moves.push_back(m);
      current = next;
    }
    return out;
  }();
  return games;
}

void BM_AdjudicateLichessGames(benchmark::State& state) {
  const auto& games = lichess_games();
  rules::Game game;
  size_t plies = 0;
  for (auto _ : state) {
    for (const RecordedGame& g : games) {
      game.reset(g.start);
      for (Move m : g.moves) game.play_legal(m);
      benchmark::DoNotOptimize(game.outcome().result);
      plies += g.moves.size();
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(plies));
  state.counters["games"] = static_cast<double>(games.size());
  state.counters["games/s"] = benchmark::Counter(
      static_cast<double>(games.size()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_AdjudicateLichessGames)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace arbiter::bench
