// PGN reading speed on the test corpus (80 lichess games with %eval and %clk
// comments): the split alone, the parse and SAN replay alone, both together as
// the adjudicator uses them, and writing. Reports games/s and plies/s.
#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <string>

#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/splitter.h"
#include "arbiter/pgn/writer.h"
#include "bench_corpus.h"

namespace arbiter::bench {
namespace {

// What the sequential reader does: split, then parse into a reused Game.
void BM_PgnReadReplay(benchmark::State& state) {
  if (pgn_corpus().empty()) return state.SkipWithError("corpus not found");
  pgn::RawGame raw;
  pgn::Game game;
  pgn::ParseError error;
  size_t games = 0, plies = 0;
  for (auto _ : state) {
    pgn::GameSplitter splitter(pgn_corpus(), "bench.pgn");
    while (splitter.next(raw)) {
      if (!pgn::parse_game_into(raw, game, error)) return state.SkipWithError("parse error");
      ++games;
      plies += game.ply_count();
    }
  }
  set_game_rates(state, games, plies);
}
BENCHMARK(BM_PgnReadReplay)->Name("Pgn/ReadReplay")->Unit(benchmark::kMillisecond);

void BM_PgnSplit(benchmark::State& state) {
  if (pgn_corpus().empty()) return state.SkipWithError("corpus not found");
  pgn::RawGame raw;
  size_t games = 0;
  for (auto _ : state) {
    pgn::GameSplitter splitter(pgn_corpus(), "bench.pgn");
    while (splitter.next(raw)) ++games;
  }
  set_game_rates(state, games, 0);
}
BENCHMARK(BM_PgnSplit)->Name("Pgn/Split")->Unit(benchmark::kMillisecond);

// The part a worker thread does in the parallel adjudicator.
void BM_PgnParse(benchmark::State& state) {
  if (pgn_corpus().empty()) return state.SkipWithError("corpus not found");
  std::vector<pgn::RawGame> raws = pgn::split_games(pgn_corpus(), "bench.pgn");
  pgn::Game game;
  pgn::ParseError error;
  size_t games = 0, plies = 0;
  for (auto _ : state) {
    for (const pgn::RawGame& raw : raws) {
      if (!pgn::parse_game_into(raw, game, error)) return state.SkipWithError("parse error");
      ++games;
      plies += game.ply_count();
    }
  }
  set_game_rates(state, games, plies);
}
BENCHMARK(BM_PgnParse)->Name("Pgn/Parse")->Unit(benchmark::kMillisecond);

void BM_PgnWrite(benchmark::State& state) {
  if (pgn_corpus().empty()) return state.SkipWithError("corpus not found");
  std::vector<pgn::Game> parsed;
  for (const pgn::RawGame& raw : pgn::split_games(pgn_corpus(), "bench.pgn"))
    parsed.push_back(pgn::parse_game(raw).game());
  size_t games = 0, plies = 0;
  for (auto _ : state) {
    for (const pgn::Game& game : parsed) {
      benchmark::DoNotOptimize(pgn::write_game(game));
      ++games;
      plies += game.ply_count();
    }
  }
  set_game_rates(state, games, plies);
}
BENCHMARK(BM_PgnWrite)->Name("Pgn/Write")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace arbiter::bench
