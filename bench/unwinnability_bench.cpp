// Unwinnability timings on real positions (tests/data):
//   lichess-timeouts-final.fen: final positions of games lost on time; the 6.9
//     question is U(opponent of the side that flagged), usually the side to move;
//   lichess-sample-plies.fen: every ply of 300 games, the per-ply 5.2.2 check.
// The *Statistics benchmarks make one pass over a whole file and report the
// distribution as counters (microseconds): median, p99, max, the share decided,
// and how many timeouts are draws under 6.9. Example:
//   ./build/release/bench/arbiter_bench --benchmark_filter=Unwinnability
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/unwinnability/unwinnability.h"

namespace {

using arbiter::core::Color;
using arbiter::core::Position;
using arbiter::rules::Winnability;

std::vector<Position> load(const char* name) {
  const auto path = std::filesystem::path(__FILE__).parent_path() / ".." / "tests" / "data" / name;
  std::vector<Position> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    auto pos = arbiter::core::parse_fen(line);
    if (pos.ok()) out.push_back(pos.value());
  }
  return out;
}

const std::vector<Position>& timeouts() {
  static const std::vector<Position> positions = load("lichess-timeouts-final.fen");
  return positions;
}

const std::vector<Position>& plies() {
  static const std::vector<Position> positions = load("lichess-sample-plies.fen");
  return positions;
}

struct Distribution {
  std::vector<double> us;
  void report(benchmark::State& state) {
    std::sort(us.begin(), us.end());
    double sum = 0;
    for (double t : us) sum += t;
    const size_t n = us.size();
    state.counters["analyses"] = double(n);
    state.counters["mean_us"] = n ? sum / double(n) : 0;
    state.counters["median_us"] = n ? us[n / 2] : 0;
    state.counters["p99_us"] = n ? us[n * 99 / 100] : 0;
    state.counters["max_us"] = n ? us.back() : 0;
  }
};

template <class F>
double time_us(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
      .count();
}

// U(opponent of the side to move) on timeout positions, one per iteration.
void BM_UnwinnabilityTimeoutOpponent(benchmark::State& state) {
  const auto& positions = timeouts();
  size_t i = 0;
  for (auto _ : state) {
    const Position& pos = positions[i++ % positions.size()];
    benchmark::DoNotOptimize(arbiter::rules::analyse_winnability(pos, ~pos.side_to_move()));
  }
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_UnwinnabilityTimeoutOpponent);

// The per-ply dead-position check over consecutive plies of real games.
void BM_UnwinnabilityDeadPositionPerPly(benchmark::State& state) {
  const auto& positions = plies();
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        arbiter::rules::analyse_dead_position(positions[i++ % positions.size()]));
  }
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_UnwinnabilityDeadPositionPerPly);

// Both colours of every timeout position, once.
void BM_UnwinnabilityTimeoutStatistics(benchmark::State& state) {
  for (auto _ : state) {
    Distribution d;
    size_t decided = 0, opponent_draws = 0;
    for (const Position& pos : timeouts()) {
      for (Color c : {Color::White, Color::Black}) {
        arbiter::rules::WinnabilityResult r;
        d.us.push_back(time_us([&] { r = arbiter::rules::analyse_winnability(pos, c); }));
        decided += r.verdict != Winnability::Undecided;
        opponent_draws += c != pos.side_to_move() && r.verdict == Winnability::Unwinnable;
      }
    }
    d.report(state);
    state.counters["decided_pct"] = 100.0 * double(decided) / double(d.us.size());
    state.counters["undecided"] = double(d.us.size() - decided);
    state.counters["draws_6_9"] = double(opponent_draws);
  }
}
BENCHMARK(BM_UnwinnabilityTimeoutStatistics)->Iterations(1)->Unit(benchmark::kSecond);

// The dead-position check on every sampled ply, once, in game order.
void BM_UnwinnabilityPerPlyStatistics(benchmark::State& state) {
  for (auto _ : state) {
    Distribution d;
    size_t undecided = 0, dead = 0;
    for (const Position& pos : plies()) {
      arbiter::rules::DeadPositionResult r;
      d.us.push_back(time_us([&] { r = arbiter::rules::analyse_dead_position(pos); }));
      undecided += r.undecided;
      dead += r.dead;
    }
    d.report(state);
    state.counters["decided_pct"] = 100.0 * double(d.us.size() - undecided) / double(d.us.size());
    state.counters["undecided"] = double(undecided);
    state.counters["dead"] = double(dead);
  }
}
BENCHMARK(BM_UnwinnabilityPerPlyStatistics)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
