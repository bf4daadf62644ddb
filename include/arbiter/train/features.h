// A training record's network inputs, decoded straight from the packed
// occupancy and piece nibbles (no Position needed: this runs once per sample
// per epoch, so it must be cheap).
#pragma once

#include <array>
#include <cstdint>

#include "arbiter/datagen/packed_position.h"
#include "arbiter/eval/nnue_architecture.h"

namespace arbiter::train {

// The active features of both perspectives and the output bucket.
struct SampleFeatures {
  std::array<uint16_t, eval::nnue::kMaxMen> stm{};    // side to move's view
  std::array<uint16_t, eval::nnue::kMaxMen> other{};  // the other side's view
  int count = 0;                                      // men on the board
  int bucket = 0;
};

// False when the record cannot be a position: more men than kMaxMen or a
// nibble naming no piece (a corrupt file). With `mirror_files` the position is
// reflected a <-> h first: an augmentation, since the network sees no castling
// rights and chess is otherwise symmetric under that reflection (a no-op for
// the king-mirrored layouts, which see a position and its reflection alike).
// The rows are those of `layout` (nnue_inputs.h), as the engine indexes them.
bool decode_features(const datagen::PackedPosition& record, SampleFeatures& out,
                     bool mirror_files = false,
                     eval::nnue::InputLayout layout = eval::nnue::InputLayout::Plain);

}  // namespace arbiter::train
