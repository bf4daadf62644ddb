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

// Whether the static proofs stand a chance of proving both sides unwinnable:
// walls of pawns, and no queen, rook or knight roaming.
bool static_proof_may_apply(const core::Position& pos);
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
Walls walls_may_hold(const core::Position& pos, bool static_may_apply);

// The per-ply check's screen: whether the layers stand a chance of proving the
// position dead. `root_moves` is count_legal_moves_capped(root, 1).
bool dead_is_provable(const core::Position& root, uint64_t root_moves);

}  // namespace arbiter::rules::screens
