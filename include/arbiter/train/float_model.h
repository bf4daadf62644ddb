// The network in floats, as the trainer sees it (shape: nnue_architecture.h,
// with the hidden width and bucket count chosen at run time so tests can use a
// tiny net):
//
//   acc_p = b1 + sum of rows W1[f] over perspective p's active features
//   act   = SCReLU(x) = clamp(x, 0, 1)^2
//   out   = w2[bucket] . [act(acc_stm), act(acc_other)] + b2[bucket]
//
// All parameters live in one flat vector (W1, b1, w2, b2 in that order), so the
// optimiser and checkpoints treat them as one array; the gradient uses the same
// layout.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "arbiter/train/features.h"

namespace arbiter::train {

// Clipping keeps every exported value representable by the integer engine:
// output weights to the architecture's bound; feature weights and biases so
// that 32 active rows plus the bias, times kQA, cannot overflow an int16
// accumulator (33 * 1.98 * 255 = 16,662 < 32,767).
inline constexpr float kMaxFeatureWeightFloat = 1.98f;
static_assert((eval::nnue::kMaxMen + 1) * int(kMaxFeatureWeightFloat * eval::nnue::kQA + 1) < 32767,
              "clipped feature weights must not overflow the int16 accumulator");

// Hidden widths are multiples of this so the dense loops vectorise without a
// scalar tail.
inline constexpr int kHiddenGranule = 8;

struct PassBuffers;

class FloatModel {
 public:
  // Zero weights of the given shape (hidden a multiple of kHiddenGranule).
  FloatModel(int hidden, int buckets,
             eval::nnue::InputLayout layout = eval::nnue::InputLayout::Plain);
  // The shape the engine loads (kHidden, kOutputBuckets), with `layout`'s inputs.
  static FloatModel for_architecture(
      eval::nnue::InputLayout layout = eval::nnue::InputLayout::Plain);

  int hidden() const { return hidden_; }
  int buckets() const { return buckets_; }
  eval::nnue::InputLayout layout() const { return layout_; }
  int input_rows() const { return eval::nnue::input_rows(layout_); }
  size_t parameter_count() const { return params_.size(); }
  std::span<float> parameters() { return params_; }
  std::span<const float> parameters() const { return params_; }

  // Offsets into parameters() of each block.
  size_t feature_bias_offset() const { return size_t(input_rows()) * hidden_; }
  size_t output_weights_offset() const { return feature_bias_offset() + hidden_; }
  size_t output_bias_offset() const {
    return output_weights_offset() + size_t(buckets_) * 2 * hidden_;
  }

  const float* feature_row(int feature) const { return params_.data() + size_t(feature) * hidden_; }
  const float* feature_bias() const { return params_.data() + feature_bias_offset(); }
  const float* output_weights(int bucket) const {
    return params_.data() + output_weights_offset() + size_t(bucket) * 2 * hidden_;
  }
  float output_bias(int bucket) const { return params_[output_bias_offset() + bucket]; }

  // A position has about 30 active features: the first layer is scaled by the
  // active count rather than 768 so the accumulators start near unit range.
  static constexpr float kTypicalActiveFeatures = 30.0f;
  // Uniform in +-1/sqrt(fan-in) per layer, biases zero; deterministic in `seed`.
  void initialise(uint64_t seed);
  // Clamps every parameter into the range its quantisation allows.
  void clip() { clip(0, params_.size()); }
  // The same for parameters [begin, end) only.
  void clip(size_t begin, size_t end);

  // The raw output (cp / kEvalScale) for one position.
  float evaluate(const SampleFeatures& features) const;
  // The same with caller-owned scratch space (no allocation).
  float evaluate(const SampleFeatures& features, PassBuffers& buffers) const;

  bool operator==(const FloatModel&) const = default;

 private:
  int hidden_;
  int buckets_;
  eval::nnue::InputLayout layout_;
  std::vector<float> params_;
};

// One thread's gradient sum over its slice of a batch. The feature-weight part
// is sparse: only rows of active features are written, and `touched` records
// which, so combining and clearing skip the rest.
struct Gradient {
  explicit Gradient(const FloatModel& model);
  std::vector<float> values;     // same layout as FloatModel::parameters()
  std::vector<uint8_t> touched;  // per feature row
  double loss_sum = 0;
};

// Scratch space for one position's forward and backward pass.
struct PassBuffers {
  explicit PassBuffers(int hidden) : acc(2 * size_t(hidden)), d_acc(2 * size_t(hidden)) {}
  std::vector<float> acc;    // [stm | other] pre-activation
  std::vector<float> d_acc;  // d loss / d acc
};

// Forward and backward for one sample: adds `scale` times the gradient of the
// loss against `target` to `grad` and returns the (unscaled) loss.
float accumulate_gradient(const FloatModel& model, const SampleFeatures& features, float target,
                          float loss_power, float scale, PassBuffers& buffers, Gradient& grad);

}  // namespace arbiter::train
