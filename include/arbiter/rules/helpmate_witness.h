// Helpmate lines as proofs: checking one, and reusing recent ones.
//
// A helpmate found for a position usually still works a ply later, minus its
// first move, when the move actually played was that move or one that does not
// disturb the rest of the line. The per-ply dead-position check therefore keeps
// the last line per colour (per thread) and re-checks it before searching. A
// reused line is verified move by move, so it is a proof like any other; the
// memory only decides how fast a proof is found, never what is proven.
//
// When the move played was a reversible one off the line (a king stepping
// aside in a blocked pawn ending, typically), the old position is still within
// reach: the side to move makes a tempo move, the other side steps back, the tempo
// move is taken back. That detour followed by the old line is a helpmate too.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"

namespace arbiter::rules {

// Whether `line` is legal from `pos` and leaves `~winner` checkmated.
bool is_helpmate_line(const core::Position& pos, core::Color winner,
                      std::span<const core::Move> line);

// A remembered line for `winner` that is a helpmate from `pos`, if any.
std::optional<std::vector<core::Move>> recall_helpmate(const core::Position& pos,
                                                       core::Color winner);

// The line last remembered for `winner` (this thread), whatever the position now:
// a hint for the search when it no longer verifies as it stands.
std::span<const core::Move> recent_helpmate(core::Color winner);

// Remembers a helpmate from `root` (this thread only).
void remember_helpmate(const core::Position& root, core::Color winner,
                       std::vector<core::Move> line);

}  // namespace arbiter::rules
