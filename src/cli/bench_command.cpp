// arbiter bench [depth] [--simd NAME]: the fixed-depth search benchmark
// (OpenBench's signature); --simd runs the net on another compiled back end,
// which must give the same node count.
#include <charconv>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

#include "arbiter/eval/nnue_current.h"
#include "arbiter/eval/nnue_network.h"
#include "arbiter/uci/bench.h"
#include "arbiter/uci/protocol.h"
#include "commands.h"

namespace arbiter::cli {

namespace {

int bench_usage() {
  std::cerr << "usage: arbiter bench [DEPTH] [--simd NAME]   NAME: one of";
  for (const std::string& name : eval::nnue::simd_backends()) std::cerr << " " << name;
  std::cerr << "\n";
  return kUsageError;
}

}  // namespace

int run_bench(int argc, char** argv) {
  int depth = uci::kDefaultBenchDepth;
  bool depth_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--simd" && i + 1 < argc) {
      const std::string_view name = argv[++i];
      auto net = eval::current_network();
      auto other = net ? net->with_simd_backend(name) : nullptr;
      if (!other) {
        std::cerr << "arbiter bench: "
                  << (net ? "no SIMD back end '" + std::string(name) + "'"
                          : std::string("no net to run"))
                  << " in this build\n";
        return bench_usage();
      }
      eval::set_current_network(other);
      continue;
    }
    auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), depth);
    if (depth_given || ec != std::errc() || end != arg.data() + arg.size() || depth < 1)
      return bench_usage();
    depth_given = true;
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
