// Exhaustive search of every position reachable from a given one, looking for a
// mate by `winner`. Positions where the winner provably cannot mate (material,
// blockade) are not expanded. When the whole reachable set is explored within
// the budget and no mate appears, U(winner) is proven; this is how forced lines
// into blocked or dead positions (and small blocked structures) are settled.
#pragma once

#include <cstdint>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "unwinnability/structure_proof.h"

namespace arbiter::rules {

enum class ReachabilityOutcome : uint8_t {
  MateFound,   // `line` leads to the loser being mated
  NoMate,      // every reachable position explored: the winner can never mate
  Incomplete,  // budget or table exhausted
};

struct ReachabilityResult {
  ReachabilityOutcome outcome = ReachabilityOutcome::Incomplete;
  uint64_t nodes = 0;
  std::vector<core::Move> line;
  core::Color winner = core::Color::White;  // with MateFound: the side that mates
};

// Which positions the walk does not expand.
enum class ReachabilityLeaves : uint8_t {
  Static,    // those statically_unwinnable proves unwinnable (the analysis)
  Material,  // only those the material rules settle: a walk that shares nothing
             // with the static proofs, for labelling test positions
};

ReachabilityResult explore_reachable(const core::Position& pos, core::Color winner,
                                     uint64_t node_budget,
                                     ReachabilityLeaves leaves = ReachabilityLeaves::Static);

// The same walk looking for a mate by either side: NoMate proves the position
// dead. Its leaves are the positions statically proven dead (both sides). One
// walk instead of one per side: a dead position needs every reachable position
// free of mate, and the two walks would each pay for the whole reachable set.
ReachabilityResult explore_reachable_either(const core::Position& pos, uint64_t node_budget);

// Whether a position needs no expansion because `winner` provably cannot mate
// from it (material or blockade). Does not test for mate itself.
bool statically_unwinnable(const core::Position& pos, core::Color winner);
// Whether neither side can mate, by the same static proofs (pawn structures
// followed up to `limits`; the walk's leaves use a small limit by default).
bool statically_dead_position(const core::Position& pos, const StructureProofLimits& limits);
bool statically_dead_position(const core::Position& pos);

}  // namespace arbiter::rules
