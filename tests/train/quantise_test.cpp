// Export: the quantised net evaluates like the float model it came from, as
// the engine's integer reference (evaluate_reference) computes it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "arbiter/train/features.h"
#include "arbiter/train/quantise.h"
#include "arbiter/train/synthetic_data.h"
#include "arbiter/train/trainer.h"
#include "arbiter/train/training_set.h"
#include "test_support.h"

namespace arbiter::train {
namespace {

namespace nnue = eval::nnue;

// Positions the nets never trained on: random walks from the perft suite,
// with the features the trainer reads from their packed records.
struct HeldOut {
  core::Position position;
  SampleFeatures features;
};

const std::vector<HeldOut>& held_out_positions() {
  static const std::vector<HeldOut> positions = [] {
    std::vector<HeldOut> out;
    for (const core::Position& pos : test::random_walk_positions(1, 60)) {
      HeldOut h{pos, {}};
      const auto record = datagen::PackedPosition::pack(pos, 0, datagen::WdlResult::Draw);
      if (decode_features(record, h.features)) out.push_back(h);
    }
    return out;
  }();
  return positions;
}

struct TrainedNet {
  FloatModel model = FloatModel::for_architecture();
};

// The architecture's shape trained briefly on material data, so the weights
// are shaped by training rather than random.
const TrainedNet& trained_net() {
  static const TrainedNet net = [] {
    TrainedNet t;
    DataSplit split = split_validation(synthetic_material_records(30000, 21), 0.05);
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

TEST(Quantise, IntegerNetComputesTheDequantisedFloatModel) {
  auto net = quantise(trained_net().model, "test");
  ASSERT_TRUE(net) << net.error();
  const FloatModel back = dequantise(net.value());
  constexpr double kTruncationTolerance = 1.5;
  ASSERT_GT(held_out_positions().size(), 200u);
  for (const HeldOut& h : held_out_positions())
    ASSERT_NEAR(back.evaluate(h.features) * nnue::kEvalScale,
                nnue::evaluate_reference(net.value(), h.position), kTruncationTolerance);
}

// Training from an existing net starts from its dequantised weights: quantising
// them again must give the same integers, or --init would start from another net.
TEST(Quantise, DequantisedNetQuantisesBackToItself) {
  auto net = quantise(trained_net().model, "round trip");
  ASSERT_TRUE(net) << net.error();
  auto again = quantise(dequantise(net.value()), "round trip");
  ASSERT_TRUE(again) << again.error();
  EXPECT_EQ(again->feature_weights, net->feature_weights);
  EXPECT_EQ(again->feature_bias, net->feature_bias);
  EXPECT_EQ(again->output_weights, net->output_weights);
  EXPECT_EQ(again->output_bias, net->output_bias);
}

TEST(Quantise, IntegerNetAgreesWithFloatModelOnHeldOutPositions) {
  const TrainedNet& t = trained_net();
  auto net = quantise(t.model, "test");
  ASSERT_TRUE(net) << net.error();
  // Rounding 256 output weights to 1/64 (error std about 0.0045 each, times
  // activations near 0.3) and ~30 rows to 1/255 moves the output by about
  // 10-20 cp on this densely activated net (measured on the held-out walks:
  // mean 17, max 60, evals up to 2,700 cp); a scale or layout mismatch moves
  // it by hundreds. The exact check of the integer arithmetic
  // is the dequantised test above.
  constexpr double kMeanTolerance = 25.0, kMaxTolerance = 80.0;
  double total = 0, worst = 0, spread = 0;
  for (const HeldOut& h : held_out_positions()) {
    const double float_cp = t.model.evaluate(h.features) * nnue::kEvalScale;
    const double diff = std::fabs(float_cp - nnue::evaluate_reference(net.value(), h.position));
    total += diff;
    worst = std::max(worst, diff);
    spread = std::max(spread, std::fabs(float_cp));
  }
  const double mean = total / double(held_out_positions().size());
  EXPECT_LT(mean, kMeanTolerance);
  EXPECT_LT(worst, kMaxTolerance);
  EXPECT_GT(spread, 200.0);  // the net learned something to disagree about
  std::printf("quantised vs float: mean %.2f cp, max %.2f cp, largest eval %.0f cp\n", mean, worst,
              spread);
}

// The clipping bounds keep the worst case (32 men, every weight and the bias
// at the bound) inside the engine's int16 accumulator and int16 output lanes.
TEST(Quantise, ClippedExtremesFitTheIntegerRanges) {
  FloatModel model = FloatModel::for_architecture();
  std::fill(model.parameters().begin(), model.parameters().end(), 100.0f);
  model.clip();
  auto net = quantise(model, "");
  ASSERT_TRUE(net) << net.error();
  const int worst_accumulator = (nnue::kMaxMen + 1) * int(net->feature_weights[0]);
  EXPECT_EQ(net->feature_bias[0], net->feature_weights[0]);
  EXPECT_LE(worst_accumulator, 32767);
  EXPECT_EQ(net->output_weights[0], nnue::kMaxOutputWeight);
  EXPECT_TRUE(nnue::parse_net(nnue::serialize_net(net.value())));
}

}  // namespace
}  // namespace arbiter::train
