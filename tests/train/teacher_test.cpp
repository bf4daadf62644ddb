// Distillation targets: a teacher's evaluation replaces the search scores,
// exactly as the model evaluates, the same on any thread count, within the
// score range; and a student trained towards them comes to evaluate as the
// teacher does.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "arbiter/eval/nnue_architecture.h"
#include "arbiter/train/features.h"
#include "arbiter/train/synthetic_data.h"
#include "arbiter/train/teacher.h"
#include "arbiter/train/trainer.h"
#include "arbiter/train/training_set.h"

namespace arbiter::train {
namespace {

constexpr int kTeacherHidden = 32;
constexpr uint64_t kTeacherSeed = 11;
constexpr uint64_t kStudentSeed = 12;
constexpr size_t kRecords = 4000;

FloatModel random_model(uint64_t seed) {
  FloatModel model(kTeacherHidden, 1);
  model.initialise(seed);
  return model;
}

TEST(Teacher, ScoreIsTheModelsEvaluationInCentipawns) {
  const FloatModel teacher = random_model(kTeacherSeed);
  const auto records = synthetic_material_records(200, 3);
  int differing = 0;
  for (const auto& record : records) {
    SampleFeatures features;
    ASSERT_TRUE(decode_features(record, features));
    const float expected = teacher.evaluate(features) * float(eval::nnue::kEvalScale);
    EXPECT_EQ(teacher_score(teacher, record), int(std::lround(expected)));
    differing += teacher_score(teacher, record) != record.score;
  }
  EXPECT_GT(differing, 150);  // a random net does not evaluate as material does
}

TEST(Teacher, RescoringIsTheSameOnAnyThreadCountAndReportsTheChange) {
  const FloatModel teacher = random_model(kTeacherSeed);
  const auto original = synthetic_material_records(kRecords, 4);
  auto one = original, three = original;
  const double change_one = rescore_with_teacher(teacher, one, 1);
  const double change_three = rescore_with_teacher(teacher, three, 3);
  double expected_change = 0;
  for (size_t i = 0; i < original.size(); ++i) {
    ASSERT_EQ(one[i].score, teacher_score(teacher, original[i])) << i;
    ASSERT_EQ(three[i].score, one[i].score) << i;
    EXPECT_EQ(one[i].wdl(), original[i].wdl());  // the result is the game's
    expected_change += std::abs(int(one[i].score) - int(original[i].score));
  }
  EXPECT_NEAR(change_one, expected_change / double(kRecords), 1e-9);
  EXPECT_DOUBLE_EQ(change_three, change_one);
}

TEST(Teacher, ScoresStayWithinTheLimit) {
  FloatModel teacher = random_model(kTeacherSeed);
  auto params = teacher.parameters();
  params[teacher.output_bias_offset()] = 1000.0f;  // 400,000 cp before the clamp
  auto records = synthetic_material_records(50, 5);
  rescore_with_teacher(teacher, records, 2);
  for (const auto& record : records) EXPECT_EQ(record.score, kMaxTeacherScore);
  params[teacher.output_bias_offset()] = -1000.0f;
  rescore_with_teacher(teacher, records, 2);
  for (const auto& record : records) EXPECT_EQ(record.score, -kMaxTeacherScore);
}

// The point of it: a student trained with the result's weight at 0 towards the
// teacher's scores comes far closer to the teacher than it started, and than
// the same student trained on the records' own scores.
TEST(Teacher, StudentLearnsToEvaluateAsTheTeacher) {
  const FloatModel teacher = random_model(kTeacherSeed);
  const auto original = synthetic_material_records(20000, 6);
  auto rescored = original;
  rescore_with_teacher(teacher, rescored, 2);
  DataSplit taught = split_validation(std::move(rescored), 0.1);
  DataSplit untaught = split_validation(std::vector(original), 0.1);
  TrainerOptions options;
  options.epochs = 4;
  options.batch_size = 256;
  options.lr.initial = 5e-3f;
  options.lr.total_epochs = options.epochs;
  options.threads = 2;
  options.loss.wdl_weight = 0.0f;
  TrainingState student(random_model(kStudentSeed), kDefaultWeightDecay);
  student.seed = kStudentSeed;
  TrainingState control = student;
  const double before = mean_loss(student.model, taught.validation, options.loss, 1);
  ASSERT_TRUE(run_training(options, student, taught.train, taught.validation));
  ASSERT_TRUE(run_training(options, control, untaught.train, untaught.validation));
  // Every loss here is measured against the teacher's scores.
  const double after = mean_loss(student.model, taught.validation, options.loss, 1);
  const double without = mean_loss(control.model, taught.validation, options.loss, 1);
  EXPECT_LT(after, 0.5 * before) << before << " -> " << after;
  EXPECT_LT(after, 0.01 * without) << after << " against " << without;
  // The teacher misses its own targets only by their rounding to centipawns.
  EXPECT_LT(mean_loss(teacher, taught.validation, options.loss, 1), 1e-6);
}

}  // namespace
}  // namespace arbiter::train
