// A quantised network in memory, and its file format (nnue_architecture.h):
// what the trainer exports and the engine loads.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "arbiter/core/position.h"
#include "arbiter/core/result.h"
#include "arbiter/eval/nnue_architecture.h"

namespace arbiter::eval::nnue {

struct QuantisedNet {
  NetHeader header;
  std::vector<int16_t> feature_weights;  // [kInputs][kHidden], row = feature
  std::vector<int16_t> feature_bias;     // [kHidden]
  std::vector<int16_t> output_weights;   // [kOutputBuckets][2 * kHidden], stm half first
  std::vector<int32_t> output_bias;      // [kOutputBuckets]

  // All arrays sized for the architecture, zero.
  static QuantisedNet zeroed();
};

// Checks magic, version, architecture hash, shape and exact size; the error
// says which check failed.
Result<QuantisedNet> parse_net(std::span<const uint8_t> bytes);
Result<QuantisedNet> load_net_file(const std::string& path);
std::vector<uint8_t> serialize_net(const QuantisedNet& net);
Result<bool> save_net_file(const QuantisedNet& net, const std::string& path);

// From-scratch integer evaluation in plain C++: the reference every SIMD back
// end and the incremental accumulators are tested against. Centipawns, side to
// move's view.
int evaluate_reference(const QuantisedNet& net, const core::Position& pos);

}  // namespace arbiter::eval::nnue
