// The float network's forward and backward passes. The hot loops run over the
// hidden width in blocks of kHiddenGranule floats: the row sums hold a block
// in a register across all active rows (GCC/Clang vector type), the dense
// loops keep one partial sum per lane so they vectorise at -O3 without
// -ffast-math reordering a float reduction.
#include "arbiter/train/float_model.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "arbiter/train/loss.h"
#include "arbiter/train/rng.h"

namespace arbiter::train {

namespace {

namespace nnue = eval::nnue;
constexpr int kLanes = kHiddenGranule;

// kLanes floats as one value: GCC and Clang map it to one SIMD register of
// the target (or to several narrower ones, or scalars, where it is wider).
#if defined(__GNUC__) || defined(__clang__)
using Block = float __attribute__((vector_size(kLanes * sizeof(float))));
#else
// Portable fallback: the same arithmetic lane by lane.
struct Block {
  float lane[kLanes];
  Block& operator+=(const Block& o) {
    for (int j = 0; j < kLanes; ++j) lane[j] += o.lane[j];
    return *this;
  }
  friend Block operator+(Block a, const Block& b) { return a += b; }
};
#endif

// Unaligned loads through a reference: a vector returned by value would change
// the calling convention in a build without AVX (clang's -Wpsabi).
void load_block(Block& out, const float* p) { std::memcpy(&out, p, sizeof out); }
void add_block(Block& acc, const float* p) {
  Block b;
  load_block(b, p);
  acc += b;
}

// acc = bias + sum of the listed rows, one block at a time: the block stays in
// a register while every row adds to it. (A loop over the whole width compiled
// to gathers, and a float[kLanes] block to scalar adds.)
void accumulate(float* __restrict acc, const float* __restrict bias, const float* weights,
                const uint16_t* features, int count, int hidden) {
  for (int b = 0; b < hidden; b += kLanes) {
    Block block;
    load_block(block, bias + b);
    for (int k = 0; k < count; ++k) add_block(block, weights + size_t(features[k]) * hidden + b);
    std::memcpy(acc + b, &block, sizeof block);
  }
}

// sum_i screlu(acc_i) * w_i, one partial sum per lane.
float activated_dot(const float* __restrict acc, const float* __restrict w, int hidden) {
  float lanes[kLanes] = {};
  for (int i = 0; i < hidden; i += kLanes)
    for (int j = 0; j < kLanes; ++j) {
      const float c = std::min(std::max(acc[i + j], 0.0f), 1.0f);
      lanes[j] += c * c * w[i + j];
    }
  float sum = 0;
  for (int j = 0; j < kLanes; ++j) sum += lanes[j];
  return sum;
}

// d_acc_i = g * w_i * screlu'(acc_i), and grad_w_i += g * screlu(acc_i).
void backward_half(const float* __restrict acc, const float* __restrict w, float g,
                   float* __restrict d_acc, float* __restrict grad_w, int hidden) {
  for (int i = 0; i < hidden; ++i) {
    const float x = acc[i];
    const float c = std::min(std::max(x, 0.0f), 1.0f);
    grad_w[i] += g * c * c;
    // The derivative of clamp(x)^2 is 2x inside (0, 1) and zero outside.
    d_acc[i] = (x > 0.0f && x < 1.0f) ? g * w[i] * 2.0f * x : 0.0f;
  }
}

void add_into(float* __restrict dst, const float* __restrict src, int n) {
  for (int b = 0; b < n; b += kLanes)
    for (int j = 0; j < kLanes; ++j) dst[b + j] += src[b + j];
}

// Every listed row += d, block by block with d's block held in a register
// (the backward image of accumulate).
void scatter_add(float* grad, const float* __restrict d, const uint16_t* features, int count,
                 int hidden) {
  for (int b = 0; b < hidden; b += kLanes) {
    Block block;
    load_block(block, d + b);
    for (int k = 0; k < count; ++k) {
      float* row = grad + size_t(features[k]) * hidden + b;
      Block sum = block;
      add_block(sum, row);
      std::memcpy(row, &sum, sizeof sum);
    }
  }
}

}  // namespace

FloatModel::FloatModel(int hidden, int buckets, nnue::InputLayout layout)
    : hidden_(hidden),
      buckets_(buckets),
      layout_(layout),
      params_(size_t(nnue::input_rows(layout)) * hidden + hidden + size_t(buckets) * 2 * hidden +
              buckets) {}

FloatModel FloatModel::for_architecture(nnue::InputLayout layout) {
  return FloatModel(nnue::kHidden, nnue::kOutputBuckets, layout);
}

void FloatModel::initialise(uint64_t seed) {
  SplitMix64 rng(seed);
  const float feature_range = 1.0f / std::sqrt(kTypicalActiveFeatures);
  const float output_range = 1.0f / std::sqrt(2.0f * float(hidden_));
  std::fill(params_.begin(), params_.end(), 0.0f);
  for (size_t i = 0; i < feature_bias_offset(); ++i)
    params_[i] = feature_range * rng.next_symmetric();
  for (size_t i = output_weights_offset(); i < output_bias_offset(); ++i)
    params_[i] = output_range * rng.next_symmetric();
  clip();
}

void FloatModel::clip(size_t begin, size_t end) {
  auto clamp_range = [&](size_t from, size_t to, float bound) {
    for (size_t i = std::max(from, begin); i < std::min(to, end); ++i)
      params_[i] = std::clamp(params_[i], -bound, bound);
  };
  clamp_range(0, output_weights_offset(), kMaxFeatureWeightFloat);
  clamp_range(output_weights_offset(), output_bias_offset(), nnue::kMaxOutputWeightFloat);
}

float FloatModel::evaluate(const SampleFeatures& f) const {
  PassBuffers buffers(hidden_);
  return evaluate(f, buffers);
}

float FloatModel::evaluate(const SampleFeatures& f, PassBuffers& buffers) const {
  float* acc = buffers.acc.data();
  accumulate(acc, feature_bias(), params_.data(), f.stm.data(), f.count, hidden_);
  accumulate(acc + hidden_, feature_bias(), params_.data(), f.other.data(), f.count, hidden_);
  const float* w = output_weights(f.bucket);
  return activated_dot(acc, w, hidden_) + activated_dot(acc + hidden_, w + hidden_, hidden_) +
         output_bias(f.bucket);
}

Gradient::Gradient(const FloatModel& model)
    : values(model.parameter_count()), touched(size_t(model.input_rows())) {}

float accumulate_gradient(const FloatModel& model, const SampleFeatures& f, float target,
                          float loss_power, float scale, PassBuffers& buffers, Gradient& grad) {
  const int h = model.hidden();
  float* acc = buffers.acc.data();
  float* d_acc = buffers.d_acc.data();
  const float* weights = model.parameters().data();
  accumulate(acc, model.feature_bias(), weights, f.stm.data(), f.count, h);
  accumulate(acc + h, model.feature_bias(), weights, f.other.data(), f.count, h);
  const float* w = model.output_weights(f.bucket);
  const float out =
      activated_dot(acc, w, h) + activated_dot(acc + h, w + h, h) + model.output_bias(f.bucket);

  const LossTerm term = loss_term(out, target, loss_power);
  const float g = term.d_output * scale;
  float* grad_values = grad.values.data();
  float* grad_w = grad_values + model.output_weights_offset() + size_t(f.bucket) * 2 * h;
  grad_values[model.output_bias_offset() + f.bucket] += g;
  backward_half(acc, w, g, d_acc, grad_w, h);
  backward_half(acc + h, w + h, g, d_acc + h, grad_w + h, h);

  // Each active row receives its perspective's accumulator gradient; the
  // bias is shared by both perspectives, so it receives both.
  float* grad_bias = grad_values + model.feature_bias_offset();
  add_into(grad_bias, d_acc, h);
  add_into(grad_bias, d_acc + h, h);
  scatter_add(grad_values, d_acc, f.stm.data(), f.count, h);
  scatter_add(grad_values, d_acc + h, f.other.data(), f.count, h);
  for (int k = 0; k < f.count; ++k) {
    grad.touched[f.stm[k]] = 1;
    grad.touched[f.other[k]] = 1;
  }
  return term.loss;
}

}  // namespace arbiter::train
