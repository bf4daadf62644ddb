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
  // Sized by header.hidden, header.output_buckets and the input layout (kHidden
  // and kOutputBuckets in every net the engine loads).
  std::vector<int16_t> feature_weights;  // [input_rows(layout)][kHidden], row = feature
  std::vector<int16_t> feature_bias;     // [kHidden]
  std::vector<int16_t> output_weights;   // [kOutputBuckets][2 * kHidden], stm half first
  std::vector<int32_t> output_bias;      // [kOutputBuckets]

  // The header's input layout (a parsed net's is always a known one).
  InputLayout layout() const {
    return layout_from_number(header.input_layout).value_or(InputLayout::Plain);
  }

  // All arrays sized for `hidden` units, `buckets` output buckets and `layout`
  // (the architecture's unless said), zero; the header says that shape.
  static QuantisedNet zeroed(int hidden = kHidden, int buckets = kOutputBuckets,
                             InputLayout layout = InputLayout::Plain);
};

// Checks magic, version, input layout, architecture hash, shape and exact size;
// the error says which check failed. Every known input layout is read.
Result<QuantisedNet> parse_net(std::span<const uint8_t> bytes);
Result<QuantisedNet> load_net_file(const std::string& path);
// The same checks, except that any shape the format can hold is read (its
// arrays sized by its header): this engine cannot play such a net, but the
// trainer can start from it (grow_model).
Result<QuantisedNet> parse_net_of_any_shape(std::span<const uint8_t> bytes);
Result<QuantisedNet> load_net_file_of_any_shape(const std::string& path);
std::vector<uint8_t> serialize_net(const QuantisedNet& net);
Result<bool> save_net_file(const QuantisedNet& net, const std::string& path);

// The king square a perspective's input frame is taken from: its own king, or a1
// in a position without one (never in a game; the reference must not fail).
inline core::Square own_king_square(const core::Position& pos, core::Color perspective) {
  return pos.pieces(perspective, core::PieceType::King) ? pos.king_square(perspective)
                                                        : core::Square::A1;
}

// From-scratch integer evaluation in plain C++: the reference every SIMD back
// end and the incremental accumulators are tested against. Centipawns, side to
// move's view.
int evaluate_reference(const QuantisedNet& net, const core::Position& pos);

}  // namespace arbiter::eval::nnue
