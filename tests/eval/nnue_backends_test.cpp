// Every NNUE SIMD back end this build compiled computes what scalar computes:
// the same output on thousands of real positions, through full refreshes and
// incremental updates, and so the same search (bench node counts).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/core/fen.h"
#include "arbiter/eval/nnue_current.h"
#include "arbiter/eval/nnue_network.h"
#include "arbiter/uci/bench.h"
#include "eval/nnue_test_net.h"
#include "test_support.h"

namespace arbiter::test {
namespace {

using eval::nnue::Network;

// Positions from the plies of real lichess games (every 5th: about 5,000).
constexpr int kPositionStride = 5;
// Shallow enough for a unit test, deep enough that pruning and every eval-driven
// decision (futility, LMR by eval, aspiration) shapes the tree.
constexpr int kBenchDepth = 7;
// The random net's evaluations swing so far from ply to ply that the deeper LMR
// re-search keeps lines alive to the maximum ply: at depth 5 one bench position
// takes 28 million nodes (40 s a back end), at depth 4 the whole bench 69,000.
constexpr int kRandomNetBenchDepth = 4;

std::vector<core::Position> lichess_sample_positions() {
  std::ifstream in(data_path("lichess-sample-plies.fen"));
  std::vector<core::Position> positions;
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    if (n++ % kPositionStride != 0) continue;
    auto pos = core::parse_fen(line);
    if (pos) positions.push_back(pos.value());
  }
  return positions;
}

// The nets to compare on: the embedded one when the build has it, and a random one.
std::vector<std::shared_ptr<const Network>> nets() {
  std::vector<std::shared_ptr<const Network>> result;
  if (auto embedded = eval::embedded_network()) result.push_back(embedded);
  result.push_back(eval::nnue::make_network(random_net(7), "random"));
  return result;
}

TEST(NnueBackends, EveryBackendEvaluatesRealPositionsAsScalarDoes) {
  const std::vector<core::Position> positions = lichess_sample_positions();
  ASSERT_GT(positions.size(), 4000u);
  // A random net of king buckets too: refreshes of one perspective on king moves.
  std::vector<std::shared_ptr<const Network>> with_layouts = nets();
  with_layouts.push_back(
      eval::nnue::make_network(random_net(8, eval::nnue::InputLayout::Kings4), "random kings4"));
  for (const auto& net : with_layouts) {
    SCOPED_TRACE(net->source());
    const auto scalar = net->with_simd_backend("scalar");
    ASSERT_TRUE(scalar);
    const std::vector<int> expected = eval::nnue::outputs_around(*scalar, positions);
    for (const std::string& name : eval::nnue::simd_backends()) {
      SCOPED_TRACE(name);
      const auto other = net->with_simd_backend(name);
      ASSERT_TRUE(other);
      EXPECT_STREQ(other->simd_backend(), name.c_str());
      EXPECT_EQ(eval::nnue::outputs_around(*other, positions), expected);
    }
  }
}

TEST(NnueBackends, AnUncompiledBackendIsRefused) {
  const auto net = eval::nnue::make_network(random_net(1), "random");
  EXPECT_EQ(net->with_simd_backend("mmx"), nullptr);
  EXPECT_EQ(net->with_simd_backend(""), nullptr);
  EXPECT_EQ(std::string(net->simd_backend()), eval::nnue::default_simd_backend());
}

TEST(NnueBackends, BenchNodeCountIsTheSameWithEveryBackend) {
  for (const auto& net : nets()) {
    SCOPED_TRACE(net->source());
    const int depth = net->source() == "random" ? kRandomNetBenchDepth : kBenchDepth;
    std::vector<uint64_t> nodes;
    for (const std::string& name : eval::nnue::simd_backends()) {
      ScopedNetwork scoped(net->with_simd_backend(name));
      std::ostringstream log;
      nodes.push_back(uci::run_bench(depth, log));
      EXPECT_EQ(nodes.back(), nodes.front()) << name << " against scalar";
    }
    EXPECT_GT(nodes.front(), 0u);
  }
}

}  // namespace
}  // namespace arbiter::test
