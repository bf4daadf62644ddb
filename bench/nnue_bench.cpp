// Micro-benchmarks of NNUE inference with the build's SIMD back end, on a
// random net of the real shape: a full accumulator refresh plus output, and one
// incremental update plus output (push, make, evaluate, unmake, pop); the
// hand-written evaluation for comparison. items_per_second = evaluations/s.
#include <benchmark/benchmark.h>

#include <random>

#include "arbiter/core/movegen.h"
#include "arbiter/eval/evaluator.h"
#include "arbiter/eval/nnue_accumulator.h"
#include "arbiter/eval/nnue_current.h"
#include "bench_positions.h"
#include "eval/nnue_simd.h"

namespace arbiter::bench {
namespace {

using namespace eval::nnue;

// Trained-like magnitudes (see tests/eval/nnue_test_net.h); values do not
// change the speed, only the shape does.
std::shared_ptr<const Network> random_network() {
  std::mt19937 rng(5);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  QuantisedNet net = QuantisedNet::zeroed();
  for (int16_t& w : net.feature_weights) w = int16_t(uniform(-64, 64));
  for (int16_t& b : net.feature_bias) b = int16_t(uniform(-40, 160));
  for (int16_t& w : net.output_weights) w = int16_t(uniform(-kMaxOutputWeight, kMaxOutputWeight));
  return make_network(net, "bench");
}

const char* backend_label() { return simd::backend_name(simd::kBuildBackend); }

void BM_NnueRefresh(benchmark::State& state) {
  const auto net = random_network();
  const auto positions = bench_positions();
  Accumulator acc;
  for (auto _ : state) {
    for (const core::Position& pos : positions) {
      net->refresh(pos, acc);
      benchmark::DoNotOptimize(net->output(acc, pos.side_to_move(), core::popcount(pos.pieces())));
    }
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(positions.size()));
  state.SetLabel(backend_label());
}

void BM_NnueIncremental(benchmark::State& state) {
  const auto net = random_network();
  std::vector<std::pair<core::Position, core::MoveList>> work;
  for (const core::Position& pos : bench_positions()) {
    core::MoveList moves;
    core::generate_legal(pos, moves);
    work.emplace_back(pos, moves);
  }
  // One stack per position, its root computed once: after each pop the root is
  // the computed entry the next child is updated from.
  std::vector<AccumulatorStack> stacks(work.size());
  for (size_t i = 0; i < work.size(); ++i) stacks[i].reset(*net, work[i].first);
  int64_t evaluations = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < work.size(); ++i) {
      auto& [pos, moves] = work[i];
      AccumulatorStack& stack = stacks[i];
      for (core::Move m : moves) {
        stack.push_move(pos, m);
        core::UndoInfo undo;
        pos.make_move(m, undo);
        benchmark::DoNotOptimize(stack.evaluate(pos));
        pos.unmake_move(m, undo);
        stack.pop();
        ++evaluations;
      }
    }
  }
  state.SetItemsProcessed(evaluations);
  state.SetLabel(backend_label());
}

void BM_HandWrittenEval(benchmark::State& state) {
  const auto positions = bench_positions();
  eval::set_nnue_enabled(false);
  eval::Evaluator e;
  for (auto _ : state) {
    for (const core::Position& pos : positions) {
      e.reset(pos);
      benchmark::DoNotOptimize(e.evaluate(pos));
    }
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(positions.size()));
}

BENCHMARK(BM_NnueRefresh);
BENCHMARK(BM_NnueIncremental);
BENCHMARK(BM_HandWrittenEval);

}  // namespace
}  // namespace arbiter::bench
