// The PGN mode of 'arbiter adjudicate' on the test corpus (80 lichess games
// with %eval and %clk comments): parse + replay + FIDE verdict per game, then
// the same with the JSON line, and the whole pipeline with 1 and 2 threads.
// Reports games/s and plies/s (one thread unless the name says otherwise).
#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/adjudicate/judge.h"
#include "arbiter/adjudicate/pipeline.h"
#include "arbiter/adjudicate/report.h"
#include "arbiter/pgn/parser.h"
#include "arbiter/pgn/splitter.h"
#include "bench_corpus.h"

namespace arbiter::bench {
namespace {

// Split, parse and judge on one thread: the work per game without output.
void BM_AdjudicateJudge(benchmark::State& state) {
  if (pgn_corpus().empty()) return state.SkipWithError("corpus not found");
  pgn::RawGame raw;
  pgn::Game game;
  pgn::ParseError error;
  adjudicate::Judge judge;
  size_t games = 0, plies = 0;
  for (auto _ : state) {
    pgn::GameSplitter splitter(pgn_corpus(), "bench.pgn");
    while (splitter.next(raw)) {
      if (!pgn::parse_game_into(raw, game, error)) return state.SkipWithError("parse error");
      benchmark::DoNotOptimize(judge.judge(game).verdict.outcome.result);
      ++games;
      plies += game.ply_count();
    }
  }
  set_game_rates(state, games, plies);
}
BENCHMARK(BM_AdjudicateJudge)->Name("Adjudicate/ParseJudge")->Unit(benchmark::kMillisecond);

// The same plus the JSON line of every game.
void BM_AdjudicateJson(benchmark::State& state) {
  if (pgn_corpus().empty()) return state.SkipWithError("corpus not found");
  pgn::RawGame raw;
  pgn::Game game;
  pgn::ParseError error;
  adjudicate::Judge judge;
  std::string out;
  size_t games = 0, plies = 0;
  for (auto _ : state) {
    pgn::GameSplitter splitter(pgn_corpus(), "bench.pgn");
    while (splitter.next(raw)) {
      if (!pgn::parse_game_into(raw, game, error)) return state.SkipWithError("parse error");
      out.clear();
      adjudicate::GameLabel label;
      label.number = games + 1;
      label.source = raw.source;
      label.line = raw.first_line;
      adjudicate::append_game_json(out, label, judge.judge(game));
      benchmark::DoNotOptimize(out.data());
      ++games;
      plies += game.ply_count();
    }
  }
  set_game_rates(state, games, plies);
}
BENCHMARK(BM_AdjudicateJson)->Name("Adjudicate/ParseJudgeJson")->Unit(benchmark::kMillisecond);

// The whole pipeline from a stream, JSON output discarded; argument: threads.
// The corpus is small (80 games): this shows overhead more than scaling.
void BM_AdjudicatePipeline(benchmark::State& state) {
  if (pgn_corpus().empty()) return state.SkipWithError("corpus not found");
  adjudicate::PipelineOptions options;
  options.format = adjudicate::OutputFormat::Json;
  options.threads = int(state.range(0));
  options.batch_games = 16;  // several batches per thread even on 80 games
  adjudicate::PipelineIo io;
  size_t bytes = 0;
  io.write = [&](std::string_view s) { bytes += s.size(); };
  size_t games = 0;
  for (auto _ : state) {
    std::istringstream in(pgn_corpus());
    games += adjudicate::adjudicate_pgn_stream(in, "bench.pgn", options, io).games;
  }
  benchmark::DoNotOptimize(bytes);
  set_game_rates(state, games, 0);
}
BENCHMARK(BM_AdjudicatePipeline)
    ->Name("Adjudicate/Pipeline")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace arbiter::bench
