// What the network is trained towards and how a miss is measured.
//
//   target t = (1 - w) * sigmoid(score / kEvalScale) + w * result
//   loss     = |sigmoid(out) - t|^power   (power 2 = mean squared error)
//
// w (--wdl) is the weight of the game's result; result is 1 / 0.5 / 0 from the
// side to move's view; out is the network's output, cp / kEvalScale.
#pragma once

#include "arbiter/datagen/packed_position.h"

namespace arbiter::train {

inline constexpr float kDefaultWdlWeight = 0.3f;
inline constexpr float kDefaultLossPower = 2.0f;

struct LossSettings {
  float wdl_weight = kDefaultWdlWeight;
  float power = kDefaultLossPower;
};

float sigmoid(float x);

// The blended target in [0, 1] for one record.
float training_target(const datagen::PackedPosition& record, float wdl_weight);

struct LossTerm {
  float loss = 0;      // |sigmoid(out) - t|^power
  float d_output = 0;  // d loss / d out
};

// The loss of output `out` against target `t`, and its derivative by `out`.
LossTerm loss_term(float out, float target, float power);

}  // namespace arbiter::train
