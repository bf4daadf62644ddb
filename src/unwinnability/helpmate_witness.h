// Helpmate lines as proofs: whether a line of moves, replayed, ends in mate.
// HelpmateMemory (arbiter/unwinnability/unwinnability.h) reuses the lines found
// on earlier plies; each is re-checked here before it counts.
#pragma once

#include <span>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/unwinnability/unwinnability.h"

namespace arbiter::rules {

// Whether `line` is legal from `pos` and leaves `~winner` checkmated.
bool is_helpmate_line(const core::Position& pos, core::Color winner,
                      std::span<const core::Move> line);

}  // namespace arbiter::rules
