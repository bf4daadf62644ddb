// Stop-to-bestmove latency of the real `arbiter` binary, seen from the GUI side
// over pipes: "position", "go infinite" (or "go ponder"), a pause of 0 to
// kMaxThinkMs, then "stop"; the time from writing "stop" to reading "bestmove" is
// one sample. GUIs stop analysis and ponder misses this way, and a match runner
// charges the latency to the engine's clock. Counters: median, p99 and max in
// milliseconds over the samples (the reported time is their mean).
//   build/release/bench/arbiter_bench --benchmark_filter=StopToBestmove
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/match/engine_process.h"
#include "bench_positions.h"

namespace arbiter::bench {
namespace {

using match::Clock;
using match::EngineProcess;
using match::ReadStatus;

constexpr int kMaxThinkMs = 100;  // how long the engine searches before "stop"
constexpr int kSamples = 400;     // stops per benchmark run
constexpr auto kReplyTimeout = std::chrono::seconds(10);  // a hung engine fails the run
constexpr unsigned kPauseSeed = 2026;                     // the same pauses on every run

// Reads lines until one starting with `token`; false on timeout or closed output.
bool wait_for(EngineProcess& engine, std::string_view token) {
  const Clock::time_point deadline = Clock::now() + kReplyTimeout;
  std::string line;
  while (engine.read_line(line, deadline) == ReadStatus::Line)
    if (line.starts_with(token)) return true;
  return false;
}

bool start_engine(EngineProcess& engine) {
  if (!engine.start({ARBITER_BINARY})) return false;
  engine.write_line("uci");
  if (!wait_for(engine, "uciok")) return false;
  engine.write_line("setoption name Hash value 16");
  engine.write_line("isready");
  return wait_for(engine, "readyok");
}

double percentile(std::vector<double> sorted, double fraction) {
  std::sort(sorted.begin(), sorted.end());
  const size_t index = std::min(sorted.size() - 1, size_t(fraction * double(sorted.size())));
  return sorted[index];
}

// state.range(0): 0 for "go infinite", 1 for "go ponder" (stopped like a ponder miss).
void BM_StopToBestmove(benchmark::State& state) {
  const bool ponder = state.range(0) == 1;
  EngineProcess engine;
  if (!start_engine(engine)) {
    state.SkipWithError("the arbiter binary did not start");
    return;
  }
  std::mt19937 rng(kPauseSeed);
  std::uniform_int_distribution<int> pause_ms(0, kMaxThinkMs);
  std::vector<double> samples;
  size_t next_fen = 0;
  for (auto _ : state) {
    const std::string_view fen = kBenchFens[next_fen++ % kBenchFens.size()];
    engine.write_line("position fen " + std::string(fen));
    engine.write_line(ponder ? "go ponder wtime 60000 btime 60000" : "go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms(rng)));
    const Clock::time_point stop_sent = Clock::now();
    engine.write_line("stop");
    if (!wait_for(engine, "bestmove")) {
      state.SkipWithError("no bestmove after stop");
      break;
    }
    const std::chrono::duration<double> latency = Clock::now() - stop_sent;
    state.SetIterationTime(latency.count());
    samples.push_back(latency.count() * 1000.0);
  }
  engine.write_line("quit");
  engine.wait_exit(std::chrono::seconds(2));
  if (samples.empty()) return;
  state.counters["median_ms"] = percentile(samples, 0.5);
  state.counters["p99_ms"] = percentile(samples, 0.99);
  state.counters["max_ms"] = *std::max_element(samples.begin(), samples.end());
}

BENCHMARK(BM_StopToBestmove)
    ->ArgName("ponder")
    ->Arg(0)
    ->Arg(1)
    ->Iterations(kSamples)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace arbiter::bench
