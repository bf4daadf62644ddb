// Static exchange evaluation: the material outcome of the capture sequence on
// one square, each side capturing with its least valuable attacker.
#pragma once

#include "arbiter/core/position.h"

namespace arbiter::search {

// Exchange values used by SEE and MVV-LVA (king large: it can only capture last).
inline constexpr int kSeeValue[core::kNumPieceTypes] = {0, 100, 320, 330, 500, 950, 20000};

// True when the exchange started by `m` gains at least `threshold` centipawns.
bool see_at_least(const core::Position& pos, core::Move m, int threshold);

}  // namespace arbiter::search
