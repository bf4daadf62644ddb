// Rescoring records with a teacher net's evaluation (see teacher.h).
#include "arbiter/train/teacher.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>

#include "arbiter/eval/nnue_architecture.h"
#include "arbiter/train/features.h"
#include "arbiter/train/parallel_slices.h"

namespace arbiter::train {

namespace {

int score_of(const FloatModel& teacher, const datagen::PackedPosition& record,
             SampleFeatures& features, PassBuffers& buffers) {
  if (!decode_features(record, features, false, teacher.layout())) return record.score;
  const float cp = teacher.evaluate(features, buffers) * float(eval::nnue::kEvalScale);
  return int(std::lround(std::clamp(cp, -float(kMaxTeacherScore), float(kMaxTeacherScore))));
}

}  // namespace

int teacher_score(const FloatModel& teacher, const datagen::PackedPosition& record) {
  SampleFeatures features;
  PassBuffers buffers(teacher.hidden());
  return score_of(teacher, record, features, buffers);
}

double rescore_with_teacher(const FloatModel& teacher,
                            std::vector<datagen::PackedPosition>& records, int threads) {
  if (records.empty()) return 0.0;
  threads = std::max(1, threads);
  std::vector<double> changes(size_t(threads), 0.0);
  parallel_slices(threads, records.size(), [&](int t, size_t begin, size_t end) {
    SampleFeatures features;
    PassBuffers buffers(teacher.hidden());
    for (size_t i = begin; i < end; ++i) {
      const int score = score_of(teacher, records[i], features, buffers);
      changes[size_t(t)] += std::abs(score - int(records[i].score));
      records[i].score = int16_t(score);
    }
  });
  return std::accumulate(changes.begin(), changes.end(), 0.0) / double(records.size());
}

}  // namespace arbiter::train
