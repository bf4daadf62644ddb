// Training checkpoints: the float weights, the optimiser's moments and how far
// the run got, so `arbiter train --resume FILE` continues exactly where an
// interrupted run stopped.
//
// File (little-endian, no padding):
//   char magic[8] = "ARBTRCK\0", u32 version, u32 hidden, u32 buckets,
//   u32 epochs_done, u64 optimiser steps, u64 seed, u64 parameter count,
//   f32 parameters[count], f32 first_moment[count], f32 second_moment[count]
#pragma once

#include <cstdint>
#include <string>

#include "arbiter/core/result.h"
#include "arbiter/train/float_model.h"
#include "arbiter/train/optimiser.h"

namespace arbiter::train {

// Everything that changes during a run.
struct TrainingState {
  TrainingState(FloatModel m, float weight_decay)
      : model(std::move(m)), optimiser(model.parameter_count(), weight_decay) {}
  FloatModel model;
  AdamW optimiser;
  int epochs_done = 0;
  uint64_t seed = 0;
};

// Written to a temporary file first and renamed, so a crash mid-write leaves
// the previous checkpoint intact.
Result<bool> save_checkpoint(const TrainingState& state, const std::string& path);
// The error says what is wrong (missing, not a checkpoint, truncated).
Result<TrainingState> load_checkpoint(const std::string& path, float weight_decay);

}  // namespace arbiter::train
