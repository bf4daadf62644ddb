// Export: the quantised net evaluates like the float model it came from.
//
// The integer evaluation below follows nnue_architecture.h from features. It
// stands in for eval::nnue::evaluate_reference until the inference branch is
// merged; then switch these tests to evaluate_reference (it takes a Position,
// so unpack the records first).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "arbiter/train/features.h"
#include "arbiter/train/quantise.h"
#include "arbiter/train/synthetic_data.h"
#include "arbiter/train/trainer.h"
#include "arbiter/train/training_set.h"

namespace arbiter::train {
namespace {

namespace nnue = eval::nnue;

// Centipawns from the integer net, side to move's view.
int integer_evaluate(const nnue::QuantisedNet& net, const SampleFeatures& f) {
  int64_t sum = 0;
  const int16_t* w = net.output_weights.data() + size_t(f.bucket) * 2 * nnue::kHidden;
  for (int half = 0; half < 2; ++half) {
    const auto& features = half == 0 ? f.stm : f.other;
    for (int i = 0; i < nnue::kHidden; ++i) {
      int32_t acc = net.feature_bias[i];
      for (int k = 0; k < f.count; ++k)
        acc += net.feature_weights[size_t(features[k]) * nnue::kHidden + i];
      EXPECT_LE(std::abs(acc), 32767) << "int16 accumulator overflow";
      const int32_t a = std::clamp(acc, 0, nnue::kQA);
      sum += int32_t(a * w[half * nnue::kHidden + i]) * a;  // a * w fits int16
    }
  }
  EXPECT_LT(std::llabs(sum), int64_t(1) << 31) << "int32 output sum overflow";
  return int((sum / nnue::kQA + net.output_bias[f.bucket]) * nnue::kEvalScale /
             (nnue::kQA * nnue::kQB));
}

struct TrainedNet {
  FloatModel model = FloatModel::for_architecture();
  std::vector<datagen::PackedPosition> held_out;
};

// The architecture's shape trained briefly on material data, so the weights
// are shaped by training rather than random.
const TrainedNet& trained_net() {
  static const TrainedNet net = [] {
    TrainedNet t;
    DataSplit split = split_validation(synthetic_material_records(30000, 21), 0.05, 1);
    TrainingState state(FloatModel::for_architecture(), kDefaultWeightDecay);
    state.seed = 1;
    state.model.initialise(1);
    TrainerOptions options;
    options.epochs = 2;
    options.batch_size = 512;
    options.lr.initial = 3e-3f;
    options.lr.total_epochs = options.epochs;
    options.threads = 2;
    EXPECT_TRUE(run_training(options, state, split.train, split.validation));
    t.model = state.model;
    t.held_out = split.validation;
    return t;
  }();
  return net;
}

TEST(Quantise, RefusesAModelOfAnotherShape) {
  EXPECT_FALSE(quantise(FloatModel(kHiddenGranule, 1), "tiny"));
}

TEST(Quantise, WritesScaledValuesAndDescription) {
  FloatModel model = FloatModel::for_architecture();
  model.parameters()[0] = 0.5f;                                  // W1[0][0]
  model.parameters()[model.feature_bias_offset()] = -0.25f;      // b1[0]
  model.parameters()[model.output_weights_offset() + 1] = 1.0f;  // w2[0][1]
  model.parameters()[model.output_bias_offset()] = 0.1f;         // b2[0]
  auto net = quantise(model, "a description longer than thirty-one characters");
  ASSERT_TRUE(net) << net.error();
  EXPECT_EQ(net->feature_weights[0], 128);  // round(0.5 * 255)
  EXPECT_EQ(net->feature_bias[0], -64);     // round(-0.25 * 255)
  EXPECT_EQ(net->output_weights[1], 64);
  EXPECT_EQ(net->output_bias[0], 1632);  // round(0.1 * 255 * 64)
  EXPECT_EQ(net->header.description.back(), '\0');
  EXPECT_EQ(std::string(net->header.description.data()), "a description longer than thirt");
}

// The float model with the exported values put back (divided by their scales):
// what the integer net computes, up to the final divisions' truncation.
FloatModel dequantised(const nnue::QuantisedNet& net) {
  FloatModel model = FloatModel::for_architecture();
  auto p = model.parameters();
  for (size_t i = 0; i < net.feature_weights.size(); ++i)
    p[i] = float(net.feature_weights[i]) / nnue::kQA;
  for (int i = 0; i < nnue::kHidden; ++i)
    p[model.feature_bias_offset() + i] = float(net.feature_bias[i]) / nnue::kQA;
  for (size_t i = 0; i < net.output_weights.size(); ++i)
    p[model.output_weights_offset() + i] = float(net.output_weights[i]) / nnue::kQB;
  for (size_t b = 0; b < net.output_bias.size(); ++b)
    p[model.output_bias_offset() + b] = float(net.output_bias[b]) / (nnue::kQA * nnue::kQB);
  return model;
}

TEST(Quantise, IntegerNetComputesTheDequantisedFloatModel) {
  const TrainedNet& t = trained_net();
  auto net = quantise(t.model, "test");
  ASSERT_TRUE(net) << net.error();
  const FloatModel back = dequantised(net.value());
  constexpr double kTruncationTolerance = 1.5;
  SampleFeatures f;
  for (const auto& record : t.held_out) {
    ASSERT_TRUE(decode_features(record, f));
    ASSERT_NEAR(back.evaluate(f) * nnue::kEvalScale, integer_evaluate(net.value(), f),
                kTruncationTolerance);
  }
}

TEST(Quantise, IntegerNetAgreesWithFloatModelOnHeldOutPositions) {
  const TrainedNet& t = trained_net();
  auto net = quantise(t.model, "test");
  ASSERT_TRUE(net) << net.error();
  ASSERT_GE(t.held_out.size(), 1000u);
  // Rounding 256 output weights to 1/64 (error std about 0.0045 each, times
  // activations near 0.3) and ~30 rows to 1/255 moves the output by about
  // 10-20 cp on this densely activated net (measured: mean 16, max 47, evals
  // up to 3,800 cp); a scale or layout mismatch moves it by hundreds. The exact
  // check of the integer arithmetic is the dequantised test above.
  constexpr double kMeanTolerance = 25.0, kMaxTolerance = 80.0;
  double total = 0, worst = 0, spread = 0;
  SampleFeatures f;
  for (const auto& record : t.held_out) {
    ASSERT_TRUE(decode_features(record, f));
    const double float_cp = t.model.evaluate(f) * nnue::kEvalScale;
    const double diff = std::fabs(float_cp - integer_evaluate(net.value(), f));
    total += diff;
    worst = std::max(worst, diff);
    spread = std::max(spread, std::fabs(float_cp));
  }
  const double mean = total / double(t.held_out.size());
  EXPECT_LT(mean, kMeanTolerance);
  EXPECT_LT(worst, kMaxTolerance);
  EXPECT_GT(spread, 200.0);  // the net learned something to disagree about
  std::printf("quantised vs float: mean %.2f cp, max %.2f cp, largest eval %.0f cp\n", mean, worst,
              spread);
}

}  // namespace
}  // namespace arbiter::train
