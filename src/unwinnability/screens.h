// Screens of the unwinnability layers (unwinnability.cpp): cheap tests on a
// position that decide which of the costly proofs are worth trying: the static
// proofs (fixed men, pawn structures) and the exhaustive walk of the reachable
// positions. A screen decides completeness only, never soundness: a position it
// turns away is left to the helpmate search or reported undecided (alive).
#pragma once

#include <cstdint>

#include "arbiter/core/position.h"

namespace arbiter::rules::screens {

// A forced line (single legal replies) longer than this is left to the search.
inline constexpr int kMaxForcedPlies = 64;

// A pawn with no pawn ahead on its file, unless a king that cannot move stands
// right in front of it: it may promote, and then the reachable set is too big to walk.
bool has_runner(const core::Position& pos);
// A pawn with no man at all ahead on its file: free to promote now.
bool has_open_runner(const core::Position& pos);

// Whether the static proofs show both sides unwinnable (the per-ply check's
// cheaper version: the pawn structures only once the fixed men proved one side).
bool statically_dead(const core::Position& pos);

// Whether the reachable set might be small enough to walk: every pawn blocked
// head-on, or few legal moves.
bool looks_closed(const core::Position& pos);
// How many pieces other than kings and pawns have a pseudo-legal move.
int mobile_pieces(const core::Position& pos);
// Whether `side` has at most two legal moves (as if it were its turn; not in check).
bool nearly_stuck(const core::Position& pos, core::Color side);

// Whether some king is held in place by pawns, so that a walk may prove a
// position with many moves dead: Hold where the static proofs may apply too,
// HoldAStuckSide where the held side is nearly out of moves (a longer walk).
enum class Walls : uint8_t { None, Hold, HoldAStuckSide };

// What the screens of the per-ply dead-position check say of a position. One
// call for the three, since the check runs after every ply: the screens stay
// inlined together, as they were before they had a file of their own.
struct DeadCheckScreens {
  // The layers stand a chance of proving the position dead: material, a forced
  // line, a blockade, or a walk of a position with few moves on both sides.
  bool few_moves = false;
  // Otherwise: the static proofs may apply (walls of pawns, no queen, rook or
  // knight roaming) ...
  bool static_may_apply = false;
  // ... and whether some king is held in place by pawns.
  Walls walls = Walls::None;
};
// `legal_moves` is count_legal_moves_capped(pos, 1).
DeadCheckScreens screen_dead_check(const core::Position& pos, uint64_t legal_moves);

}  // namespace arbiter::rules::screens
