// Filtering the training records and splitting off the validation part.
#include "arbiter/train/training_set.h"

#include <algorithm>
#include <cstdlib>

#include "arbiter/train/features.h"
#include "arbiter/train/rng.h"

namespace arbiter::train {

namespace {

using datagen::PackedPosition;

}  // namespace

LoadStats filter_records(std::vector<PackedPosition>& records, int max_abs_score) {
  LoadStats stats;
  stats.read = records.size();
  SampleFeatures features;
  auto keep_end = std::remove_if(records.begin(), records.end(), [&](const PackedPosition& r) {
    if (std::abs(int(r.score)) >= max_abs_score) {
      ++stats.skipped_score;
      return true;
    }
    if (!decode_features(r, features) || r.result > uint8_t(datagen::WdlResult::Win)) {
      ++stats.skipped_invalid;
      return true;
    }
    return false;
  });
  records.erase(keep_end, records.end());
  stats.kept = records.size();
  return stats;
}

DataSplit split_validation(std::vector<PackedPosition> records, double validation_fraction) {
  size_t held_out = size_t(double(records.size()) * std::clamp(validation_fraction, 0.0, 1.0));
  if (validation_fraction > 0 && held_out == 0 && records.size() >= 2) held_out = 1;
  DataSplit split;
  const size_t train_size = records.size() - held_out;
  split.validation.assign(records.begin() + train_size, records.end());
  records.resize(train_size);
  split.train = std::move(records);
  return split;
}

}  // namespace arbiter::train
