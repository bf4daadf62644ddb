// Export: the float model rounded to the integer net the engine loads
// (scales and layout: nnue_architecture.h).
//   feature weights, feature biases  int16  round(x * kQA)
//   output weights                   int16  round(x * kQB)
//   output bias                      int32  round(x * kQA * kQB)
// Training clips every value into a range where these cannot overflow.
#pragma once

#include <string>

#include "arbiter/core/result.h"
#include "arbiter/eval/nnue_net_file.h"
#include "arbiter/train/float_model.h"

namespace arbiter::train {

// Fails unless the model has the architecture's shape. `description` goes
// into the net header (truncated to fit, always NUL terminated).
Result<eval::nnue::QuantisedNet> quantise(const FloatModel& model, const std::string& description);

}  // namespace arbiter::train
