// AdamW's update and the learning-rate schedules.
#include "arbiter/train/optimiser.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace arbiter::train {

void AdamW::step(std::span<float> params, std::span<const float> grad, float lr) {
  begin_step();
  update(params, grad, lr, 0, params.size());
}

void AdamW::update(std::span<float> params, std::span<const float> grad, float lr, size_t begin,
                   size_t end) {
  // Bias corrections for moments that start at zero.
  const float correction1 = 1.0f - std::pow(kAdamBeta1, float(steps_));
  const float correction2 = 1.0f - std::pow(kAdamBeta2, float(steps_));
  const float step_size = lr / correction1;
  const float inv_sqrt_c2 = 1.0f / std::sqrt(correction2);
  const float decay = 1.0f - lr * weight_decay_;
  float* __restrict p = params.data();
  const float* __restrict g = grad.data();
  float* __restrict m = m_.data();
  float* __restrict v = v_.data();
  for (size_t i = begin; i < end; ++i) {
    m[i] = kAdamBeta1 * m[i] + (1.0f - kAdamBeta1) * g[i];
    v[i] = kAdamBeta2 * v[i] + (1.0f - kAdamBeta2) * g[i] * g[i];
    // Decoupled decay: shrink the weight itself, not through the gradient.
    p[i] = p[i] * decay - step_size * m[i] / (std::sqrt(v[i]) * inv_sqrt_c2 + kAdamEpsilon);
  }
}

float LrSchedule::at(double progress) const {
  if (decay == LrDecay::Step) {
    const int drops = step_epochs > 0 ? int(progress) / step_epochs : 0;
    return initial * std::pow(gamma, float(drops));
  }
  const double fraction = total_epochs > 0 ? std::min(progress / total_epochs, 1.0) : 1.0;
  const double cosine = 0.5 * (1.0 + std::cos(std::numbers::pi * fraction));
  const double final_rate = initial * kCosineFinalFraction;
  return float(final_rate + (initial - final_rate) * cosine);
}

Result<LrDecay> parse_lr_decay(const std::string& name) {
  if (name == "cosine") return LrDecay::Cosine;
  if (name == "step") return LrDecay::Step;
  return Error{"unknown learning-rate decay '" + name + "' (cosine or step)"};
}

}  // namespace arbiter::train
