// The bench: a fixed list of positions searched to a fixed depth on one thread
// with a 16 MB hash. Its node count is the search's signature (OpenBench checks
// that every build of the same code prints the same number).
#pragma once

#include <cstdint>
#include <ostream>
#include <string_view>
#include <vector>

namespace arbiter::uci {

inline constexpr int kDefaultBenchDepth = 13;

// The bench's positions (FEN, and whether it is a Chess960 position).
struct BenchFen {
  std::string_view fen;
  bool chess960 = false;
};
std::vector<BenchFen> bench_fens();

// Prints one line per position, then "<nodes> nodes <nps> nps" as the last line.
// Returns the total node count.
uint64_t run_bench(int depth, std::ostream& out);

}  // namespace arbiter::uci
