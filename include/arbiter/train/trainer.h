// The training loop: epochs of shuffled mini-batches, data-parallel over
// threads, AdamW steps with clipping, validation loss and a checkpoint after
// every epoch.
//
// Reproducibility: the batch order of epoch e is a shuffle seeded by (seed, e)
// and each thread sums a fixed slice of every batch; the slices are combined
// in thread order. So the same seed, data and thread count give the same
// weights, and a run resumed from a checkpoint ends where an uninterrupted one
// would have.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "arbiter/core/result.h"
#include "arbiter/datagen/packed_position.h"
#include "arbiter/train/checkpoint.h"
#include "arbiter/train/loss.h"
#include "arbiter/train/optimiser.h"

namespace arbiter::train {

inline constexpr int kDefaultEpochs = 10;
inline constexpr size_t kDefaultBatchSize = 16384;

struct TrainerOptions {
  int epochs = kDefaultEpochs;  // total, counting epochs done before a resume
  size_t batch_size = kDefaultBatchSize;
  LrSchedule lr;
  LossSettings loss;
  int threads = 1;
  // Each epoch reflects every training sample a <-> h with probability 1/2
  // (seeded by (seed, epoch, record)): twice the variety from the same games.
  bool mirror_augment = false;
  std::string checkpoint_path;  // written after every epoch; empty: none
};

struct ProgressReport {
  int epoch = 0;  // 0-based
  size_t batch = 0, batches = 0;
  double loss = 0;  // mean over this epoch's batches so far
  double positions_per_second = 0;
  float learning_rate = 0;
};

struct EpochReport {
  int epoch = 0;  // 0-based
  double train_loss = 0;
  double validation_loss = 0;  // NaN without validation records
  double seconds = 0;
  double positions_per_second = 0;
};

struct TrainerCallbacks {
  std::function<void(const ProgressReport&)> progress;  // about once a second
  std::function<void(const EpochReport&)> epoch_done;
};

// Trains `state` from state.epochs_done up to options.epochs. Records must
// decode (filter_records); the error is a checkpoint that cannot be written.
Result<bool> run_training(const TrainerOptions& options, TrainingState& state,
                          const std::vector<datagen::PackedPosition>& train,
                          const std::vector<datagen::PackedPosition>& validation,
                          const TrainerCallbacks& callbacks = {});

// Mean loss of `model` over `records`, computed on `threads` threads.
double mean_loss(const FloatModel& model, const std::vector<datagen::PackedPosition>& records,
                 const LossSettings& loss, int threads);

}  // namespace arbiter::train
