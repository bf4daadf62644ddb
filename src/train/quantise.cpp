// Float -> integer export with saturating rounding (clipping in training
// should make saturation unreachable; saturating keeps a bad run's net sane).
#include "arbiter/train/quantise.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace arbiter::train {

namespace {

namespace nnue = eval::nnue;

template <class Int>
Int round_saturated(float value, double scale) {
  const double scaled = std::round(double(value) * scale);
  return Int(std::clamp(scaled, double(std::numeric_limits<Int>::min()),
                        double(std::numeric_limits<Int>::max())));
}

}  // namespace

Result<nnue::QuantisedNet> quantise(const FloatModel& model, const std::string& description) {
  if (model.hidden() != nnue::kHidden || model.buckets() != nnue::kOutputBuckets)
    return Error{"the model's shape (hidden " + std::to_string(model.hidden()) + ", buckets " +
                 std::to_string(model.buckets()) + ") is not the architecture's (hidden " +
                 std::to_string(nnue::kHidden) + ", buckets " +
                 std::to_string(nnue::kOutputBuckets) + ")"};
  nnue::QuantisedNet net =
      nnue::QuantisedNet::zeroed(nnue::kHidden, nnue::kOutputBuckets, model.layout());
  const std::span<const float> p = model.parameters();
  const double qa = nnue::kQA, qb = nnue::kQB;
  for (size_t i = 0; i < net.feature_weights.size(); ++i)
    net.feature_weights[i] = round_saturated<int16_t>(p[i], qa);
  for (int i = 0; i < nnue::kHidden; ++i)
    net.feature_bias[i] = round_saturated<int16_t>(model.feature_bias()[i], qa);
  for (int b = 0; b < nnue::kOutputBuckets; ++b) {
    const float* w = model.output_weights(b);
    for (int i = 0; i < 2 * nnue::kHidden; ++i)
      net.output_weights[size_t(b) * 2 * nnue::kHidden + i] = round_saturated<int16_t>(w[i], qb);
    net.output_bias[b] = round_saturated<int32_t>(model.output_bias(b), qa * qb);
  }
  const size_t length = std::min(description.size(), net.header.description.size() - 1);
  std::fill(net.header.description.begin(), net.header.description.end(), '\0');
  std::copy_n(description.begin(), length, net.header.description.begin());
  return net;
}

FloatModel dequantise(const nnue::QuantisedNet& net) {
  const int hidden = int(net.feature_bias.size());
  FloatModel model(hidden, int(net.output_bias.size()), net.layout());
  const std::span<float> p = model.parameters();
  const float qa = nnue::kQA, qb = nnue::kQB;
  for (size_t i = 0; i < net.feature_weights.size(); ++i) p[i] = float(net.feature_weights[i]) / qa;
  for (int i = 0; i < hidden; ++i)
    p[model.feature_bias_offset() + i] = float(net.feature_bias[size_t(i)]) / qa;
  for (size_t i = 0; i < net.output_weights.size(); ++i)
    p[model.output_weights_offset() + i] = float(net.output_weights[i]) / qb;
  for (size_t b = 0; b < net.output_bias.size(); ++b)
    p[model.output_bias_offset() + b] = float(net.output_bias[b]) / (qa * qb);
  return model;
}

}  // namespace arbiter::train
