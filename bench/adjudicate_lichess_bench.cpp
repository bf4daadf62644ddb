// 'arbiter adjudicate --threads 1 --format json' on real lichess files, the figure
// issue 37 asks to double: the whole pipeline (split, parse, SAN, make, repetition
// keys, the per-ply 5.2.2 check, U(c) at flag fall or resignation, the JSON line)
// on one thread, in games/s and bytes/s of PGN.
//   0: the first 3,000 games of lichess-timeouts.pgn (every game lost on time),
//   1: the first 3,000 games of lichess-sample.pgn (every kind of ending).
// The files live in ../shared/data/games beside the checkout (ARBITER_SHARED_DATA
// overrides the folder); where they are absent, the 200 time forfeits kept in
// tests/data stand in for both, and the label says so.
//   ./build/release/bench/arbiter_bench --benchmark_filter=Adjudicate/Lichess
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "arbiter/adjudicate/pipeline.h"

namespace arbiter::bench {
namespace {

namespace fs = std::filesystem;

constexpr size_t kGamesPerFile = 3000;  // the size the figures use

struct LichessFile {
  std::string label;
  std::string text;  // the first kGamesPerFile games
};

fs::path shared_games_dir() {
  if (const char* dir = std::getenv("ARBITER_SHARED_DATA")) return fs::path(dir) / "games";
  return fs::path(__FILE__).parent_path() / ".." / ".." / "shared" / "data" / "games";
}

// The text of the first `games` games: everything before the tag section of the
// game after them ("[Event" at the start of a line).
std::string first_games(const std::string& text, size_t games) {
  size_t seen = 0;
  for (size_t at = 0; at < text.size();) {
    if (text.compare(at, 6, "[Event") == 0 && ++seen > games) return text.substr(0, at);
    const size_t newline = text.find('\n', at);
    if (newline == std::string::npos) break;
    at = newline + 1;
  }
  return text;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

LichessFile load(const char* name) {
  const fs::path shared = shared_games_dir() / name;
  if (fs::exists(shared))
    return {std::string(name) + ", first 3000 games",
            first_games(read_file(shared), kGamesPerFile)};
  const fs::path kept =
      fs::path(__FILE__).parent_path() / ".." / "tests" / "data" / "lichess-timeouts-200.pgn";
  return {std::string(name) + " absent: tests/data/lichess-timeouts-200.pgn", read_file(kept)};
}

const LichessFile& lichess_file(int which) {
  static const LichessFile timeouts = load("lichess-timeouts.pgn");
  static const LichessFile sample = load("lichess-sample.pgn");
  return which == 0 ? timeouts : sample;
}

void BM_AdjudicateLichess(benchmark::State& state) {
  const LichessFile& file = lichess_file(int(state.range(0)));
  if (file.text.empty()) return state.SkipWithError("no lichess file found");
  adjudicate::PipelineOptions options;
  options.format = adjudicate::OutputFormat::Json;
  options.threads = 1;
  adjudicate::PipelineIo io;
  size_t bytes = 0;
  io.write = [&](std::string_view s) { bytes += s.size(); };
  size_t games = 0;
  for (auto _ : state) {
    std::istringstream in(file.text);
    const adjudicate::Summary summary =
        adjudicate::adjudicate_pgn_stream(in, "bench.pgn", options, io);
    games += summary.games;
  }
  benchmark::DoNotOptimize(bytes);
  state.counters["games/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(file.text.size()));
  state.SetLabel(file.label);
}
BENCHMARK(BM_AdjudicateLichess)
    ->Name("Adjudicate/Lichess")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace arbiter::bench
