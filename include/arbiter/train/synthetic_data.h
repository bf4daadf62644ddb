// Hand-built training records for tests and benchmarks: random men placed on
// the board and labelled by a simple material rule, packed in the documented
// record format (packed_position.h) without going through core::Position.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "arbiter/datagen/packed_position.h"

namespace arbiter::train {

// One man: square index (a1 = 0) and nibble (colour * 8 + type).
using PlacedMan = std::pair<int, uint8_t>;

// Packs men (any order, distinct squares) with the given side to move, score
// and result into a record.
datagen::PackedPosition pack_men(std::vector<PlacedMan> men, bool black_to_move, int score,
                                 datagen::WdlResult result);

// `count` records, deterministic in `seed`: two kings and up to 14 further men
// per side; score = material balance for the side to move (pawn 100, knight
// and bishop 300, rook 500, queen 900), result a win or loss beyond a margin,
// else a draw.
std::vector<datagen::PackedPosition> synthetic_material_records(size_t count, uint64_t seed);

}  // namespace arbiter::train
