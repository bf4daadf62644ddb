// The PGN corpus the benchmarks share (80 lichess games with %eval and %clk
// comments, kept with the tests), and the games/s and plies/s counters.
#pragma once

#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <string>

namespace arbiter::bench {

// Found from this file's path so that the benchmarks run from any directory.
inline const std::string& pgn_corpus() {
  static const std::string text = [] {
    std::string here = __FILE__;
    std::string dir = here.substr(0, here.find_last_of('/'));
    std::ifstream file(dir + "/../tests/data/lichess-sample-80.pgn");
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  }();
  return text;
}

inline void set_game_rates(benchmark::State& state, size_t games, size_t plies) {
  state.counters["games/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
  state.counters["plies/s"] = benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(pgn_corpus().size()));
}

}  // namespace arbiter::bench
