// Target blending and the power loss with its derivative.
#include "arbiter/train/loss.h"

#include <cmath>

#include "arbiter/eval/nnue_architecture.h"

namespace arbiter::train {

namespace {

constexpr float kWin = 1.0f;
constexpr float kDraw = 0.5f;
constexpr float kLoss = 0.0f;

float result_value(datagen::WdlResult r) {
  switch (r) {
    case datagen::WdlResult::Win:
      return kWin;
    case datagen::WdlResult::Loss:
      return kLoss;
    default:
      return kDraw;
  }
}

}  // namespace

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

float training_target(const datagen::PackedPosition& record, float wdl_weight) {
  const float from_score = sigmoid(float(record.score) / float(eval::nnue::kEvalScale));
  return (1.0f - wdl_weight) * from_score + wdl_weight * result_value(record.wdl());
}

LossTerm loss_term(float out, float target, float power) {
  const float p = sigmoid(out);
  const float diff = p - target;
  const float magnitude = std::fabs(diff);
  LossTerm term;
  // |d|^power, derivative power * |d|^(power - 1) * sign(d) * sigmoid'(out).
  term.loss = std::pow(magnitude, power);
  const float d_p =
      magnitude > 0 ? power * std::pow(magnitude, power - 1.0f) * (diff > 0 ? 1 : -1) : 0.0f;
  term.d_output = d_p * p * (1.0f - p);
  return term;
}

}  // namespace arbiter::train
