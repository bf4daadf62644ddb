// Micro-benchmark of the transposition table: probes of random keys into a
// filled table, the access pattern of a search (nearly every probe misses the
// caches, and with small pages the TLB too). Sizes in MB.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "arbiter/search/tt.h"

namespace arbiter::bench {
namespace {

constexpr int kKeys = 1 << 16;

void BM_TranspositionProbe(benchmark::State& state) {
  search::TranspositionTable tt;
  if (!tt.resize(size_t(state.range(0)))) {
    state.SkipWithError("table refused");
    return;
  }
  std::mt19937_64 rng(11);
  std::vector<core::Key> keys(kKeys);
  for (core::Key& k : keys) k = rng();
  // Fill: every probe below finds some entry in its cluster, as in a long search.
  for (size_t i = 0; i < size_t(state.range(0)) * 40000; ++i)
    tt.store(rng(), core::Move::none(), 0, 0, 1, search::Bound::Upper);
  for (core::Key k : keys) tt.store(k, core::Move::none(), 0, 0, 1, search::Bound::Exact);
  search::TTData data;
  for (auto _ : state) {
    int hits = 0;
    for (core::Key k : keys) hits += tt.probe(k, data);
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(state.iterations() * kKeys);
}
BENCHMARK(BM_TranspositionProbe)->Arg(16)->Arg(256)->ArgName("MB");

}  // namespace
}  // namespace arbiter::bench
