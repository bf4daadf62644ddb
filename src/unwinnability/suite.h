// The hard unwinnability suite (tests/data/unwinnability-hard.txt): generation
// of its positions and their labelling (used by `arbiter unwinnable --generate`
// and `--label`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/core/position.h"

namespace arbiter::rules {

// Legal positions of the kinds the suite holds: pawn walls with gaps and pawns
// still able to move, kings and a few pieces on either side; diagonal pawn
// chains; bishops all on one square colour with pawns on the other. Same seed,
// same positions.
std::vector<std::string> generate_hard_positions(int count, uint64_t seed);

// "WB", "W-", "-B" or "--" (which sides can mate), each side by a method that
// shares nothing with the static proofs: a helpmate line that replays to mate,
// or an exhaustive walk of every reachable position that expands all but the
// positions the material rules settle ('?' when its budget runs out).
std::string label_position(const core::Position& pos, uint64_t walk_budget);

}  // namespace arbiter::rules
