// Growing a net into a wider shape or more output buckets (arbiter train --init
// with a smaller net): the grown model evaluates exactly as the smaller one, its
// new units start silent but trainable, and shapes it cannot grow into are refused.
#include "arbiter/train/grow_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "arbiter/train/features.h"
#include "arbiter/train/synthetic_data.h"

namespace arbiter::train {
namespace {

constexpr int kGrowFromHidden = 16, kGrowToHidden = 40, kGrowBuckets = 4;
constexpr uint64_t kModelSeed = 7, kGrowSeed = 11;

std::vector<SampleFeatures> grow_samples(size_t count) {
  std::vector<SampleFeatures> out;
  for (const auto& record : synthetic_material_records(count, /*seed=*/3)) {
    SampleFeatures f;
    if (decode_features(record, f)) out.push_back(f);
  }
  return out;
}

FloatModel grown_from_model(int buckets) {
  FloatModel model(kGrowFromHidden, buckets);
  model.initialise(kModelSeed);
  return model;
}

TEST(GrowModel, TheGrownModelEvaluatesAsTheSmallOneInEveryBucket) {
  const FloatModel small = grown_from_model(1);
  auto grown = grow_model(small, kGrowToHidden, kGrowBuckets, kGrowSeed);
  ASSERT_TRUE(grown) << grown.error();
  EXPECT_EQ(grown->hidden(), kGrowToHidden);
  EXPECT_EQ(grown->buckets(), kGrowBuckets);
  const std::vector<SampleFeatures> positions = grow_samples(200);
  ASSERT_GT(positions.size(), 150u);
  for (SampleFeatures f : positions) {
    f.bucket = 0;
    const float expected = small.evaluate(f);
    for (int bucket = 0; bucket < kGrowBuckets; ++bucket) {
      f.bucket = bucket;
      EXPECT_EQ(grown->evaluate(f), expected) << "bucket " << bucket;
    }
  }
}

// A model with as many buckets keeps each one: bucket b starts as the old bucket b.
TEST(GrowModel, WideningKeepsEachBucketOfAModelWithBuckets) {
  const FloatModel small = grown_from_model(kGrowBuckets);
  auto grown = grow_model(small, kGrowToHidden, kGrowBuckets, kGrowSeed);
  ASSERT_TRUE(grown) << grown.error();
  for (SampleFeatures f : grow_samples(50)) {
    for (int bucket = 0; bucket < kGrowBuckets; ++bucket) {
      f.bucket = bucket;
      EXPECT_EQ(grown->evaluate(f), small.evaluate(f)) << "bucket " << bucket;
    }
  }
}

// The new units have feature weights to learn with and no say in the output yet;
// they are drawn from the seed alone.
TEST(GrowModel, NewUnitsStartSilentButNotDead) {
  const FloatModel small = grown_from_model(1);
  auto grown = grow_model(small, kGrowToHidden, 1, kGrowSeed);
  ASSERT_TRUE(grown);
  int nonzero_new_feature_weights = 0;
  for (int feature = 0; feature < eval::nnue::kInputs; ++feature)
    for (int unit = kGrowFromHidden; unit < kGrowToHidden; ++unit)
      nonzero_new_feature_weights += grown->feature_row(feature)[unit] != 0.0f;
  EXPECT_GT(nonzero_new_feature_weights, eval::nnue::kInputs * (kGrowToHidden - kGrowFromHidden) / 2);
  for (int half = 0; half < 2; ++half)
    for (int unit = kGrowFromHidden; unit < kGrowToHidden; ++unit) {
      EXPECT_EQ(grown->output_weights(0)[half * kGrowToHidden + unit], 0.0f) << unit;
      EXPECT_EQ(grown->feature_bias()[unit], 0.0f) << unit;
    }

  auto again = grow_model(small, kGrowToHidden, 1, kGrowSeed);
  auto other_seed = grow_model(small, kGrowToHidden, 1, kGrowSeed + 1);
  ASSERT_TRUE(again && other_seed);
  EXPECT_TRUE(*again == *grown);
  EXPECT_FALSE(*other_seed == *grown);
}

TEST(GrowModel, RefusesShapesItCannotGrowInto) {
  const FloatModel small = grown_from_model(2);
  EXPECT_FALSE(grow_model(small, kGrowFromHidden - 8, 2, kGrowSeed));  // narrower
  EXPECT_FALSE(grow_model(small, kGrowToHidden + 1, 2, kGrowSeed));   // not a whole granule
  EXPECT_FALSE(grow_model(small, kGrowToHidden, 1, kGrowSeed));       // fewer buckets
  auto other_buckets = grow_model(small, kGrowToHidden, kGrowBuckets, kGrowSeed);
  ASSERT_FALSE(other_buckets);  // which old bucket would a new one start from?
  EXPECT_NE(other_buckets.error().find("cannot grow a net of 16 hidden x 2 buckets"),
            std::string::npos)
      << other_buckets.error();
  EXPECT_TRUE(grow_model(small, kGrowFromHidden, 2, kGrowSeed));  // the same shape: a copy
}

// A mirrored net grown into kings4 gives its rows to every king bucket, so it
// evaluates every position as before (each decoded in its own layout); plain
// rows become mirrored ones unchanged; king buckets cannot be taken away.
TEST(GrowModel, AMirroredNetGrownIntoKingBucketsEvaluatesAsBefore) {
  namespace nnue = eval::nnue;
  FloatModel mirrored(kGrowFromHidden, 1, nnue::InputLayout::Mirrored);
  mirrored.initialise(kModelSeed);
  auto kings = grow_model(mirrored, kGrowFromHidden, 1, kGrowSeed, nnue::InputLayout::Kings4);
  ASSERT_TRUE(kings) << kings.error();
  EXPECT_EQ(kings->layout(), nnue::InputLayout::Kings4);
  EXPECT_EQ(kings->input_rows(), 4 * nnue::kInputs);
  int compared = 0, buckets_seen = 0;
  std::vector<bool> seen(4);
  for (const auto& record : synthetic_material_records(300, /*seed=*/5)) {
    SampleFeatures as_mirrored, as_kings;
    if (!decode_features(record, as_mirrored, false, nnue::InputLayout::Mirrored)) continue;
    ASSERT_TRUE(decode_features(record, as_kings, false, nnue::InputLayout::Kings4));
    EXPECT_EQ(kings->evaluate(as_kings), mirrored.evaluate(as_mirrored));
    seen[size_t(as_kings.stm[0] / nnue::kInputs)] = true;
    ++compared;
  }
  for (bool b : seen) buckets_seen += b;
  EXPECT_GT(compared, 200);
  EXPECT_GE(buckets_seen, 2);  // the comparison reached rows beyond the first bucket

  const FloatModel plain = grown_from_model(1);
  auto relabelled = grow_model(plain, kGrowFromHidden, 1, kGrowSeed, nnue::InputLayout::Mirrored);
  ASSERT_TRUE(relabelled) << relabelled.error();
  EXPECT_EQ(relabelled->layout(), nnue::InputLayout::Mirrored);
  EXPECT_TRUE(std::equal(plain.parameters().begin(), plain.parameters().end(),
                         relabelled->parameters().begin()));
  auto shrunk = grow_model(*kings, kGrowFromHidden, 1, kGrowSeed, nnue::InputLayout::Mirrored);
  ASSERT_FALSE(shrunk);
  EXPECT_NE(shrunk.error().find("kings4 inputs into"), std::string::npos) << shrunk.error();
}

}  // namespace
}  // namespace arbiter::train
