// The optimiser: AdamW (Adam with decoupled weight decay) and the learning
// rate's schedule over the run. The decay applies to every parameter, biases
// included (they are few; a separate rule for them would buy little).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "arbiter/core/result.h"

namespace arbiter::train {

inline constexpr float kDefaultLearningRate = 1e-3f;
inline constexpr float kDefaultWeightDecay = 1e-2f;
inline constexpr float kAdamBeta1 = 0.9f;
inline constexpr float kAdamBeta2 = 0.999f;
inline constexpr float kAdamEpsilon = 1e-8f;

class AdamW {
 public:
  explicit AdamW(size_t parameter_count, float weight_decay = kDefaultWeightDecay)
      : m_(parameter_count), v_(parameter_count), weight_decay_(weight_decay) {}

  // One step on `params` with gradient `grad` (same layout) at learning rate `lr`.
  void step(std::span<float> params, std::span<const float> grad, float lr);
  // The same in parts, so threads can update disjoint ranges: begin_step()
  // once, then update() over ranges covering every parameter once.
  void begin_step() { ++steps_; }
  void update(std::span<float> params, std::span<const float> grad, float lr, size_t begin,
              size_t end);

  uint64_t steps() const { return steps_; }
  // The moment estimates, for checkpoints.
  std::vector<float>& first_moment() { return m_; }
  std::vector<float>& second_moment() { return v_; }
  const std::vector<float>& first_moment() const { return m_; }
  const std::vector<float>& second_moment() const { return v_; }
  void set_steps(uint64_t steps) { steps_ = steps; }

 private:
  std::vector<float> m_, v_;
  float weight_decay_;
  uint64_t steps_ = 0;
};

enum class LrDecay : uint8_t { Cosine, Step };

inline constexpr int kDefaultLrStepEpochs = 8;
inline constexpr float kDefaultLrGamma = 0.3f;
// Cosine decay ends at this fraction of the initial rate, not at zero.
inline constexpr float kCosineFinalFraction = 0.01f;

struct LrSchedule {
  float initial = kDefaultLearningRate;
  LrDecay decay = LrDecay::Cosine;
  int step_epochs = kDefaultLrStepEpochs;  // Step: multiply by gamma every this many epochs
  float gamma = kDefaultLrGamma;
  int total_epochs = 1;

  // The rate at `progress` epochs into the run (fractional within an epoch for
  // cosine, so it decays smoothly batch by batch).
  float at(double progress) const;
};

Result<LrDecay> parse_lr_decay(const std::string& name);

}  // namespace arbiter::train
