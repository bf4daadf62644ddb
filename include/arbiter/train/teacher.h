// Distillation: a teacher net's evaluation as the training target in place of
// the search score. A net of a new shape or input layout (nnue_inputs.h) can
// first learn to evaluate as the current net does, from the same positions,
// without the search scores' noise, and only then be fine-tuned on the games.
// The teacher is one of our own nets, so this is self-distillation, not
// learning from another engine.
#pragma once

#include <cstddef>
#include <vector>

#include "arbiter/datagen/packed_position.h"
#include "arbiter/train/float_model.h"

namespace arbiter::train {

// The largest score a teacher writes, in centipawns: within int16 and far
// beyond where the target's sigmoid saturates.
inline constexpr int kMaxTeacherScore = 30000;

// The teacher's evaluation of `record`'s position in centipawns, side to move's
// view (the engine's scale: output x kEvalScale, rounded, within
// +-kMaxTeacherScore). A record that does not decode keeps its score.
int teacher_score(const FloatModel& teacher, const datagen::PackedPosition& record);

// Replaces every record's score with teacher_score on `threads` threads (the
// result does not depend on the count). Returns the mean absolute change in
// centipawns, which says how far the teacher is from the searches.
double rescore_with_teacher(const FloatModel& teacher,
                            std::vector<datagen::PackedPosition>& records, int threads);

}  // namespace arbiter::train
