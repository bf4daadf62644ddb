// The training loop. Per batch: every thread runs forward and backward passes
// over its slice into its own Gradient (sparse in the first layer); the
// gradients are summed into thread 0's in thread order (deterministic), then
// one AdamW step and clipping.
#include "arbiter/train/trainer.h"

#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

#include "arbiter/train/features.h"
#include "arbiter/train/parallel_slices.h"
#include "arbiter/train/rng.h"
#include "arbiter/train/training_set.h"

namespace arbiter::train {

namespace {

using datagen::PackedPosition;
using Clock = std::chrono::steady_clock;

constexpr uint64_t kShufflePurpose = 2;
constexpr uint64_t kMirrorPurpose = 3;
constexpr double kProgressIntervalSeconds = 1.0;
constexpr size_t kPrefetchDistance = 8;  // records ahead: a few passes cover a miss

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Whether record `index` is reflected this epoch (salt 0: augmentation off).
bool mirrored(uint64_t salt, uint32_t index) {
  return salt && (derive_seed(salt, kMirrorPurpose, index) & 1);
}

void gradient_slice(const FloatModel& model, const PackedPosition* records, const uint32_t* order,
                    size_t begin, size_t end, const LossSettings& loss, float scale,
                    uint64_t mirror_salt, PassBuffers& buffers, Gradient& grad) {
  SampleFeatures features;
  for (size_t i = begin; i < end; ++i) {
    // The order is shuffled, so each record is a cache miss unless fetched early.
    if (i + kPrefetchDistance < end) __builtin_prefetch(&records[order[i + kPrefetchDistance]]);
    const PackedPosition& record = records[order[i]];
    if (!decode_features(record, features, mirrored(mirror_salt, order[i]), model.layout()))
      continue;
    const float target = training_target(record, loss.wdl_weight);
    grad.loss_sum += accumulate_gradient(model, features, target, loss.power, scale, buffers, grad);
  }
}

// The step after the gradient pass, for parameters [begin, end) (whole
// feature rows): sums the threads' gradients into grads[0] in thread order
// (only rows some thread touched; the others are zero), updates with AdamW,
// clips, and clears every thread's gradient there. Ranges are disjoint, so
// threads run this in parallel and the result does not depend on timing.
void step_range(TrainingState& state, std::vector<Gradient>& grads, float lr, size_t begin,
                size_t end) {
  const size_t hidden = size_t(state.model.hidden());
  const size_t rows_end = grads[0].touched.size() * hidden;
  Gradient& total = grads[0];
  for (size_t t = 1; t < grads.size(); ++t) {
    const Gradient& g = grads[t];
    for (size_t i = begin; i < std::min(end, rows_end); i += hidden) {
      if (!g.touched[i / hidden]) continue;
      float* __restrict dst = total.values.data() + i;
      const float* __restrict src = g.values.data() + i;
      for (size_t j = 0; j < hidden; ++j) dst[j] += src[j];
    }
    for (size_t i = std::max(begin, rows_end); i < end; ++i) total.values[i] += g.values[i];
  }
  state.optimiser.update(state.model.parameters(), total.values, lr, begin, end);
  state.model.clip(begin, end);
  for (Gradient& g : grads) {
    for (size_t i = begin; i < std::min(end, rows_end); i += hidden) {
      if (!g.touched[i / hidden]) continue;
      std::fill_n(g.values.begin() + i, hidden, 0.0f);
      g.touched[i / hidden] = 0;
    }
    for (size_t i = std::max(begin, rows_end); i < end; ++i) g.values[i] = 0.0f;
  }
}

}  // namespace

double mean_loss(const FloatModel& model, const std::vector<PackedPosition>& records,
                 const LossSettings& loss, int threads) {
  if (records.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::vector<double> sums(threads, 0.0);
  parallel_slices(threads, records.size(), [&](int t, size_t begin, size_t end) {
    PassBuffers buffers(model.hidden());
    SampleFeatures features;
    for (size_t i = begin; i < end; ++i) {
      if (!decode_features(records[i], features, false, model.layout())) continue;
      const float out = model.evaluate(features, buffers);
      sums[t] += loss_term(out, training_target(records[i], loss.wdl_weight), loss.power).loss;
    }
  });
  return std::accumulate(sums.begin(), sums.end(), 0.0) / double(records.size());
}

Result<bool> run_training(const TrainerOptions& options, TrainingState& state,
                          const std::vector<PackedPosition>& train,
                          const std::vector<PackedPosition>& validation,
                          const TrainerCallbacks& callbacks) {
  if (train.empty()) return Error{"no training records"};
  if (train.size() > std::numeric_limits<uint32_t>::max())
    return Error{"too many training records for 32-bit batch indices"};
  const int threads = std::max(1, options.threads);
  const size_t batch_size = std::max<size_t>(1, options.batch_size);
  const int hidden = state.model.hidden();
  std::vector<Gradient> grads(threads, Gradient(state.model));
  std::vector<PassBuffers> buffers(threads, PassBuffers(hidden));
  std::vector<uint32_t> order(train.size());
  const size_t batches = (train.size() + batch_size - 1) / batch_size;

  for (int epoch = state.epochs_done; epoch < options.epochs; ++epoch) {
    const auto epoch_start = Clock::now();
    auto last_progress = epoch_start;
    std::iota(order.begin(), order.end(), 0u);
    seeded_shuffle(order, derive_seed(state.seed, kShufflePurpose, uint64_t(epoch)));
    const uint64_t mirror_salt =
        options.mirror_augment ? derive_seed(state.seed, kMirrorPurpose, uint64_t(epoch)) | 1 : 0;
    double epoch_loss_sum = 0;
    size_t seen = 0;
    for (size_t batch = 0; batch < batches; ++batch) {
      const size_t begin = batch * batch_size;
      const size_t end = std::min(train.size(), begin + batch_size);
      const float scale = 1.0f / float(end - begin);
      parallel_slices(threads, end - begin, [&](int t, size_t b, size_t e) {
        gradient_slice(state.model, train.data(), order.data() + begin, b, e, options.loss, scale,
                       mirror_salt, buffers[t], grads[t]);
      });
      for (Gradient& g : grads) {
        epoch_loss_sum += g.loss_sum;  // in thread order
        g.loss_sum = 0;
      }
      const float lr = options.lr.at(double(epoch) + double(begin) / double(train.size()));
      state.optimiser.begin_step();
      // Ranges split on feature-row boundaries; the last takes the dense tail.
      parallel_slices(
          threads, size_t(state.model.input_rows()), [&](int t, size_t row_begin, size_t row_end) {
            const size_t range_end =
                t == threads - 1 ? state.model.parameter_count() : row_end * size_t(hidden);
            step_range(state, grads, lr, row_begin * size_t(hidden), range_end);
          });
      seen += end - begin;

      if (callbacks.progress &&
          (seconds_since(last_progress) >= kProgressIntervalSeconds || batch + 1 == batches)) {
        last_progress = Clock::now();
        const double elapsed = seconds_since(epoch_start);
        callbacks.progress({epoch, batch + 1, batches, epoch_loss_sum / double(seen),
                            elapsed > 0 ? double(seen) / elapsed : 0.0, lr});
      }
    }
    const double train_seconds = seconds_since(epoch_start);
    state.epochs_done = epoch + 1;
    EpochReport report;
    report.epoch = epoch;
    report.train_loss = epoch_loss_sum / double(seen);
    report.validation_loss = mean_loss(state.model, validation, options.loss, threads);
    report.seconds = train_seconds;
    report.positions_per_second = train_seconds > 0 ? double(seen) / train_seconds : 0.0;
    if (!options.checkpoint_path.empty()) {
      auto saved = save_checkpoint(state, options.checkpoint_path);
      if (!saved) return Error{saved.error()};
    }
    if (callbacks.epoch_done) callbacks.epoch_done(report);
  }
  return true;
}

}  // namespace arbiter::train
