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

// The inverse: each integer divided by its scale, in a model of the net's
// shape (the architecture's for any net the engine loads). What the integer net
// computes (up to the truncation of its final divisions), and where training
// from an existing net starts (`arbiter train --init`, through grow_model when
// the net is smaller); quantising it again gives the same integers.
FloatModel dequantise(const eval::nnue::QuantisedNet& net);

}  // namespace arbiter::train
