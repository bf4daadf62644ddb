// Trainer throughput: one epoch over synthetic material records with the
// architecture's network, per thread count (items = positions).
#include <benchmark/benchmark.h>

#include "arbiter/train/synthetic_data.h"
#include "arbiter/train/trainer.h"

namespace arbiter::bench {
namespace {

constexpr size_t kBenchPositions = 1 << 20;

const std::vector<datagen::PackedPosition>& bench_records() {
  static const auto records = train::synthetic_material_records(kBenchPositions, 1);
  return records;
}

void BM_TrainEpoch(benchmark::State& state) {
  const auto& records = bench_records();
  train::TrainerOptions options;
  options.epochs = 1;
  options.threads = int(state.range(0));
  for (auto _ : state) {
    train::TrainingState training(train::FloatModel::for_architecture(),
                                  train::kDefaultWeightDecay);
    training.model.initialise(1);
    auto ok = train::run_training(options, training, records, {});
    benchmark::DoNotOptimize(ok);
  }
  state.SetItemsProcessed(state.iterations() * int64_t(records.size()));
}
BENCHMARK(BM_TrainEpoch)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace arbiter::bench
