// Growing a model (see grow_model.h). Layout of the parameters: FloatModel's,
// feature rows of `hidden` floats, then the biases, then per bucket the output
// weights of the side to move's half and the other half.
#include "arbiter/train/grow_model.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "arbiter/train/rng.h"

namespace arbiter::train {

namespace {

namespace nnue = eval::nnue;

std::string shape(int hidden, int buckets) {
  return std::to_string(hidden) + " hidden x " + std::to_string(buckets) + " buckets";
}

}  // namespace

Result<FloatModel> grow_model(const FloatModel& from, int hidden, int buckets, uint64_t seed,
                              std::optional<nnue::InputLayout> layout) {
  const int old_hidden = from.hidden();
  const nnue::InputLayout inputs = layout.value_or(from.layout());
  const int old_king_buckets = nnue::king_buckets(from.layout());
  if (hidden < old_hidden || buckets < from.buckets() || hidden % kHiddenGranule != 0 ||
      (from.buckets() != 1 && from.buckets() != buckets) ||
      (old_king_buckets != 1 && inputs != from.layout()))
    return Error{"cannot grow a net of " + shape(old_hidden, from.buckets()) + " with " +
                 nnue::layout_name(from.layout()) + " inputs into " + shape(hidden, buckets) +
                 " with " + nnue::layout_name(inputs) + " inputs"};
  FloatModel grown(hidden, buckets, inputs);
  const std::span<float> p = grown.parameters();

  // The first layer: each feature row keeps its old units (a net of one king
  // bucket lends its rows to every bucket); the new ones are drawn from the
  // range initialise uses, feature by feature.
  SplitMix64 rng(seed);
  const float feature_range = 1.0f / std::sqrt(FloatModel::kTypicalActiveFeatures);
  for (int feature = 0; feature < grown.input_rows(); ++feature) {
    float* row = p.data() + size_t(feature) * size_t(hidden);
    const int source = old_king_buckets == 1 ? feature % nnue::kInputs : feature;
    std::copy_n(from.feature_row(source), old_hidden, row);
    for (int unit = old_hidden; unit < hidden; ++unit)
      row[unit] = feature_range * rng.next_symmetric();
  }
  std::copy_n(from.feature_bias(), old_hidden, p.data() + grown.feature_bias_offset());

  // The output layer: each half keeps its old units' weights; the new ones stay zero.
  for (int bucket = 0; bucket < buckets; ++bucket) {
    const int source = from.buckets() == 1 ? 0 : bucket;
    float* out = p.data() + grown.output_weights_offset() + size_t(bucket) * 2 * size_t(hidden);
    for (int half = 0; half < 2; ++half)
      std::copy_n(from.output_weights(source) + size_t(half) * size_t(old_hidden), old_hidden,
                  out + size_t(half) * size_t(hidden));
    p[grown.output_bias_offset() + size_t(bucket)] = from.output_bias(source);
  }
  grown.clip();
  return grown;
}

}  // namespace arbiter::train
