// The training loop on hand-built material data: the loss falls, a seed
// reproduces the weights, a resumed run matches an uninterrupted one, and the
// data set's filter and split.
#include <gtest/gtest.h>

#include <algorithm>

#include <cstdio>
#include <filesystem>
#include <string>

#include "arbiter/train/checkpoint.h"
#include "arbiter/train/synthetic_data.h"
#include "arbiter/train/trainer.h"
#include "arbiter/train/training_set.h"
#include "test_support.h"

namespace arbiter::train {
namespace {

constexpr int kSmallHidden = 32;
constexpr uint64_t kSeed = 5;

TrainerOptions small_options(int epochs, int threads) {
  TrainerOptions options;
  options.epochs = epochs;
  options.batch_size = 256;
  options.lr.initial = 5e-3f;
  options.lr.total_epochs = epochs;
  options.threads = threads;
  return options;
}

TrainingState fresh_state(uint64_t seed) {
  TrainingState state(FloatModel(kSmallHidden, 1), kDefaultWeightDecay);
  state.seed = seed;
  state.model.initialise(seed);
  return state;
}

TEST(Trainer, LossFallsOnMaterialData) {
  DataSplit split = split_validation(synthetic_material_records(20000, 1), 0.1);
  TrainingState state = fresh_state(kSeed);
  const LossSettings loss;
  const double before = mean_loss(state.model, split.validation, loss, 1);
  std::vector<EpochReport> reports;
  TrainerCallbacks callbacks;
  callbacks.epoch_done = [&](const EpochReport& r) { reports.push_back(r); };
  ASSERT_TRUE(run_training(small_options(4, 2), state, split.train, split.validation, callbacks));
  ASSERT_EQ(reports.size(), 4u);
  EXPECT_EQ(state.epochs_done, 4);
  EXPECT_LT(reports.back().validation_loss, 0.5 * before);
  EXPECT_LT(reports.back().train_loss, reports.front().train_loss);
}

TEST(Trainer, SameSeedAndThreadsGiveIdenticalWeights) {
  const auto records = synthetic_material_records(3000, 2);
  TrainingState a = fresh_state(kSeed), b = fresh_state(kSeed), c = fresh_state(kSeed + 1);
  ASSERT_TRUE(run_training(small_options(2, 2), a, records, {}));
  ASSERT_TRUE(run_training(small_options(2, 2), b, records, {}));
  ASSERT_TRUE(run_training(small_options(2, 2), c, records, {}));
  EXPECT_TRUE(a.model == b.model);
  EXPECT_FALSE(a.model == c.model);
}

TEST(Trainer, MirrorAugmentationIsReproducibleAndChangesTheRun) {
  const auto records = synthetic_material_records(3000, 4);
  TrainerOptions mirror = small_options(2, 1);
  mirror.mirror_augment = true;
  TrainingState a = fresh_state(kSeed), b = fresh_state(kSeed), plain = fresh_state(kSeed);
  ASSERT_TRUE(run_training(mirror, a, records, {}));
  ASSERT_TRUE(run_training(mirror, b, records, {}));
  ASSERT_TRUE(run_training(small_options(2, 1), plain, records, {}));
  EXPECT_TRUE(a.model == b.model);
  EXPECT_FALSE(a.model == plain.model);
}

TEST(Trainer, ResumedRunMatchesUninterruptedRun) {
  const auto records = synthetic_material_records(3000, 3);
  const std::string path = test::temp_file("arbiter_trainer_resume.ckpt");
  TrainingState straight = fresh_state(kSeed);
  ASSERT_TRUE(run_training(small_options(3, 1), straight, records, {}));

  TrainingState first = fresh_state(kSeed);
  TrainerOptions stop_early = small_options(3, 1);
  stop_early.epochs = 2;  // same schedule, interrupted after two epochs
  stop_early.checkpoint_path = path;
  ASSERT_TRUE(run_training(stop_early, first, records, {}));
  auto resumed = load_checkpoint(path, kDefaultWeightDecay);
  ASSERT_TRUE(resumed) << resumed.error();
  EXPECT_EQ(resumed->epochs_done, 2);
  ASSERT_TRUE(run_training(small_options(3, 1), resumed.value(), records, {}));
  EXPECT_TRUE(resumed->model == straight.model);
  std::remove(path.c_str());
}

TEST(TrainingSet, FilterDropsMateScoresAndCorruptRecords) {
  auto records = synthetic_material_records(10, 4);
  records[2].score = 15000;
  records[5].score = -10000;
  records[7].pieces[0] = 0;  // first man: no piece
  const LoadStats stats = filter_records(records, kDefaultMaxAbsScore);
  EXPECT_EQ(stats.read, 10u);
  EXPECT_EQ(stats.skipped_score, 2u);
  EXPECT_EQ(stats.skipped_invalid, 1u);
  EXPECT_EQ(stats.kept, 7u);
  EXPECT_EQ(records.size(), 7u);
}

TEST(TrainingSet, SplitHoldsOutTheFractionDeterministically) {
  const auto records = synthetic_material_records(1000, 5);
  const DataSplit a = split_validation(records, 0.05);
  EXPECT_EQ(a.validation.size(), 50u);
  EXPECT_EQ(a.train.size(), 950u);
  // The held-out part is the tail in file order (whole games), the rest trains.
  EXPECT_TRUE(std::equal(a.validation.begin(), a.validation.end(), records.end() - 50));
  EXPECT_TRUE(std::equal(a.train.begin(), a.train.end(), records.begin()));
  EXPECT_EQ(split_validation(records, 0.0).validation.size(), 0u);
}

}  // namespace
}  // namespace arbiter::train
