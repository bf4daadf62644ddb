// The float model: decoding records to features, and the whole model's
// gradient against central finite differences on a tiny net.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "arbiter/train/features.h"
#include "arbiter/train/float_model.h"
#include "arbiter/train/loss.h"
#include "arbiter/train/rng.h"
#include "arbiter/train/synthetic_data.h"
#include "test_support.h"

namespace arbiter::train {
namespace {

using core::Color;
using core::Piece;
using core::Square;
namespace nnue = eval::nnue;

constexpr uint8_t kWhiteKing = 6, kBlackKing = 14, kWhiteCastlingRook = 7, kBlackPawn = 9;

TEST(Features, DecodesBothPerspectivesAndCastlingRookAsRook) {
  // White Ke1, Rh1 (castling right), Black Ke8, pawn d5; Black to move.
  const auto record =
      pack_men({{60, kBlackKing}, {4, kWhiteKing}, {7, kWhiteCastlingRook}, {35, kBlackPawn}}, true,
               0, datagen::WdlResult::Draw);
  SampleFeatures f;
  ASSERT_TRUE(decode_features(record, f));
  ASSERT_EQ(f.count, 4);
  std::vector<int> stm(f.stm.begin(), f.stm.begin() + 4),
      other(f.other.begin(), f.other.begin() + 4);
  const std::vector<std::pair<Piece, Square>> men = {{Piece::WhiteKing, Square(4)},
                                                     {Piece::WhiteRook, Square(7)},
                                                     {Piece::BlackPawn, Square(35)},
                                                     {Piece::BlackKing, Square(60)}};
  for (size_t i = 0; i < men.size(); ++i) {
    EXPECT_EQ(stm[i], nnue::feature_index(Color::Black, men[i].first, men[i].second)) << i;
    EXPECT_EQ(other[i], nnue::feature_index(Color::White, men[i].first, men[i].second)) << i;
  }
  // Seen from Black, its own king on e8 is an "own king" on e1.
  EXPECT_EQ(stm[3], 5 * 64 + 4);
}

TEST(Features, RejectsEmptyNibbleAndTooManyMen) {
  auto record = pack_men({{4, kWhiteKing}, {60, kBlackKing}}, false, 0, datagen::WdlResult::Draw);
  SampleFeatures f;
  EXPECT_TRUE(decode_features(record, f));
  record.pieces[0] = 0x06;  // second man's nibble 0: no piece
  EXPECT_FALSE(decode_features(record, f));
  record.occupancy = ~uint64_t(0);
  EXPECT_FALSE(decode_features(record, f));
}

// The packed decoding agrees with features read off the real position, for
// the perft suite and random walks from it (castling rooks, Chess960, both
// sides to move).
TEST(Features, MatchPositionBasedFeaturesOnPackedRealPositions) {
  int checked = 0;
  for (const core::Position& pos : test::random_walk_positions(1, 40)) {
    const auto record = datagen::PackedPosition::pack(pos, 0, datagen::WdlResult::Draw);
    SampleFeatures f;
    ASSERT_TRUE(decode_features(record, f));
    std::vector<int> stm, other;
    for (int sq = 0; sq < core::kNumSquares; ++sq) {
      const Piece piece = pos.piece_on(Square(sq));
      if (piece == Piece::None) continue;
      stm.push_back(nnue::feature_index(pos.side_to_move(), piece, Square(sq)));
      other.push_back(
          nnue::feature_index(core::Color(1 - int(pos.side_to_move())), piece, Square(sq)));
    }
    ASSERT_EQ(f.count, int(stm.size()));
    EXPECT_EQ(std::vector<int>(f.stm.begin(), f.stm.begin() + f.count), stm);
    EXPECT_EQ(std::vector<int>(f.other.begin(), f.other.begin() + f.count), other);
    ++checked;
  }
  EXPECT_GT(checked, 200);
}

// In every input layout the trainer's rows are the engine's: each perspective's
// frame from its own king's square (nnue_inputs.h); and in the king-mirrored
// layouts a reflected sample is the same sample.
TEST(Features, EveryLayoutDecodesAsTheEngineIndexes) {
  int checked = 0;
  for (const core::Position& pos : test::random_walk_positions(1, 30)) {
    const auto record = datagen::PackedPosition::pack(pos, 0, datagen::WdlResult::Draw);
    for (nnue::InputLayout layout : nnue::kInputLayouts) {
      SampleFeatures f, reflected;
      ASSERT_TRUE(decode_features(record, f, false, layout));
      ASSERT_TRUE(decode_features(record, reflected, true, layout));
      const Color us = pos.side_to_move(), them = ~us;
      const nnue::InputFrame our_frame = nnue::input_frame(layout, us, pos.king_square(us));
      const nnue::InputFrame their_frame = nnue::input_frame(layout, them, pos.king_square(them));
      std::vector<int> stm, other;
      for (int sq = 0; sq < core::kNumSquares; ++sq) {
        const Piece piece = pos.piece_on(Square(sq));
        if (piece == Piece::None) continue;
        stm.push_back(nnue::feature_index(our_frame, us, piece, Square(sq)));
        other.push_back(nnue::feature_index(their_frame, them, piece, Square(sq)));
      }
      ASSERT_EQ(f.count, int(stm.size()));
      EXPECT_EQ(std::vector<int>(f.stm.begin(), f.stm.begin() + f.count), stm);
      EXPECT_EQ(std::vector<int>(f.other.begin(), f.other.begin() + f.count), other);
      if (layout != nnue::InputLayout::Plain) {
        // The reflection lists the men in another order: compare as sets.
        std::vector<int> a(f.stm.begin(), f.stm.begin() + f.count);
        std::vector<int> b(reflected.stm.begin(), reflected.stm.begin() + f.count);
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        EXPECT_EQ(a, b);
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 200);
}

// Mean loss of the model over the samples, as the trainer defines it.
double batch_loss(const FloatModel& model, const std::vector<SampleFeatures>& samples,
                  const std::vector<float>& targets, float power) {
  double sum = 0;
  for (size_t i = 0; i < samples.size(); ++i)
    sum += loss_term(model.evaluate(samples[i]), targets[i], power).loss;
  return sum / double(samples.size());
}

// A tiny net with weights large enough that accumulators spread over the
// SCReLU's curved part, two buckets, random targets.
void check_gradient(float power) {
  constexpr int kTinyHidden = 8;
  constexpr int kBuckets = 2;
  constexpr int kSamples = 6;
  FloatModel model(kTinyHidden, kBuckets);
  SplitMix64 rng(7);
  auto params = model.parameters();
  for (size_t i = 0; i < params.size(); ++i) {
    const bool output_weight = i >= model.output_weights_offset();
    params[i] = (output_weight ? 1.0f : 0.08f) * rng.next_symmetric();
  }
  for (size_t i = model.feature_bias_offset(); i < model.output_weights_offset(); ++i)
    params[i] = 0.3f + 0.2f * rng.next_symmetric();

  const auto records = synthetic_material_records(kSamples, 11);
  std::vector<SampleFeatures> samples(kSamples);
  std::vector<float> targets;
  for (int i = 0; i < kSamples; ++i) {
    ASSERT_TRUE(decode_features(records[i], samples[i]));
    samples[i].bucket = i % kBuckets;
    targets.push_back(0.5f + 0.5f * rng.next_symmetric());
  }

  Gradient grad(model);
  PassBuffers buffers(kTinyHidden);
  for (int i = 0; i < kSamples; ++i)
    accumulate_gradient(model, samples[i], targets[i], power, 1.0f / kSamples, buffers, grad);

  // Central differences in float: the step trades rounding against curvature.
  constexpr float kStep = 2e-3f;
  constexpr double kAbsTolerance = 2e-5, kRelTolerance = 3e-2;
  int checked = 0;
  double largest = 0;
  for (size_t i = 0; i < params.size(); ++i) {
    const bool row_param = i < model.feature_bias_offset();
    if (row_param && !grad.touched[i / kTinyHidden]) {
      EXPECT_EQ(grad.values[i], 0.0f);
      continue;
    }
    const float saved = params[i];
    params[i] = saved + kStep;
    const double up = batch_loss(model, samples, targets, power);
    params[i] = saved - kStep;
    const double down = batch_loss(model, samples, targets, power);
    params[i] = saved;
    const double numeric = (up - down) / (2.0 * kStep);
    EXPECT_NEAR(grad.values[i], numeric, kAbsTolerance + kRelTolerance * std::fabs(numeric))
        << "parameter " << i;
    largest = std::max(largest, std::fabs(numeric));
    ++checked;
  }
  EXPECT_GT(checked, 100);
  EXPECT_GT(largest, 1e-3);  // the check compared real gradients, not zeros
}

// The reflected sample is the reflected position's features: every feature
// keeps its piece and perspective and moves to the square across the board's
// vertical axis (a <-> h), for both perspectives.
TEST(Features, MirrorReflectsEverySquareAcrossTheFiles) {
  int compared = 0;
  for (const core::Position& pos : test::random_walk_positions(1, 12)) {
    const auto record = datagen::PackedPosition::pack(pos, 0, datagen::WdlResult::Draw);
    SampleFeatures plain, mirrored;
    ASSERT_TRUE(decode_features(record, plain));
    ASSERT_TRUE(decode_features(record, mirrored, true));
    ASSERT_EQ(plain.count, mirrored.count);
    EXPECT_EQ(plain.bucket, mirrored.bucket);
    auto reflect = [](uint16_t f) { return uint16_t((f & ~63) | ((f & 63) ^ 7)); };
    for (int i = 0; i < plain.count; ++i) {
      EXPECT_EQ(mirrored.stm[i], reflect(plain.stm[i]));
      EXPECT_EQ(mirrored.other[i], reflect(plain.other[i]));
    }
    ++compared;
  }
  EXPECT_GT(compared, 1000);
}

TEST(FloatModel, GradientMatchesFiniteDifferencesMse) { check_gradient(2.0f); }
TEST(FloatModel, GradientMatchesFiniteDifferencesPower2p5) { check_gradient(2.5f); }

TEST(FloatModel, ClipKeepsQuantisableRanges) {
  FloatModel model(kHiddenGranule, 1);
  std::fill(model.parameters().begin(), model.parameters().end(), 10.0f);
  model.clip();
  EXPECT_EQ(model.parameters()[0], kMaxFeatureWeightFloat);
  EXPECT_EQ(model.feature_bias()[0], kMaxFeatureWeightFloat);
  EXPECT_EQ(model.output_weights(0)[0], nnue::kMaxOutputWeightFloat);
}

}  // namespace
}  // namespace arbiter::train
