// arbiter bench [depth]: the fixed-depth search benchmark (OpenBench's signature).
#include <charconv>
#include <cstring>
#include <iostream>

#include "arbiter/uci/bench.h"
#include "arbiter/uci/protocol.h"
#include "commands.h"

namespace arbiter::cli {

int run_bench(int argc, char** argv) {
  int depth = uci::kDefaultBenchDepth;
  if (argc > 1) {
    auto [end, ec] = std::from_chars(argv[1], argv[1] + std::strlen(argv[1]), depth);
    if (ec != std::errc() || *end != '\0' || depth < 1) {
      std::cerr << "usage: arbiter bench [depth]\n";
      return 2;
    }
  }
  uci::run_bench(depth, std::cout);
  return 0;
}

int run_uci() {
  uci::Protocol protocol(std::cout);
  protocol.run(std::cin);
  return 0;
}

}  // namespace arbiter::cli
