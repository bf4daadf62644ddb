// Static proof of unwinnability for positions whose pawns may still move, but
// only through finitely many pawn structures none of which leaves room for a mate.
//
// The pawns are followed, the other men are abstracted into regions: from the
// position's pawn structure, every pawn move that could ever be played (pushes;
// captures of pawns; captures of a piece where some enemy piece could ever stand
// on the capture square; en passant) and every capture of a pawn by a piece that
// could reach it leads to another structure. In each structure every piece gets
// the squares it could stand on: flooded from where it could be when the structure
// arose, around the pawns (a king also avoids squares the enemy pawns attack),
// other pieces ignored. A mate by `winner` in any structure needs a square of the
// loser's king region where a winner's man could give check and every flight
// square could be closed (the counting of blockade.h). When no structure admits
// one, U(winner) holds. Captured pieces are kept, which only adds possibilities,
// so the argument stays sound. It gives up (proves nothing) when a pawn could
// promote or the structures exceed the limit.
#pragma once

#include <cstdint>

#include "arbiter/core/position.h"

namespace arbiter::rules {

struct StructureProofLimits {
  int max_structures = 512;  // distinct pawn structures followed before giving up
};

struct StructureProof {
  bool unwinnable[core::kNumColors] = {};  // proven for that side
  int structures = 0;                      // pawn structures visited
  bool complete = false;                   // every reachable structure was visited
};

// Tries to prove U(White) and U(Black) at once (the structures are shared);
// `sides` picks which (a side left out is reported unproven). Stops as soon as
// every side asked for has a conceivable mate.
StructureProof prove_by_structures(const core::Position& pos, bool white, bool black,
                                   const StructureProofLimits& limits = {});

// One side.
bool structure_proves_unwinnable(const core::Position& pos, core::Color winner,
                                 const StructureProofLimits& limits = {});

}  // namespace arbiter::rules
