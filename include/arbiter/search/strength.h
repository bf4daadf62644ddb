// A weaker player on request (UCI_LimitStrength, UCI_Elo): the engine searches
// only so deep, looks at its few best root moves with exact scores (MultiPV),
// and misjudges each by a random error before choosing, the way a weaker player
// overlooks a deeper idea or prefers a plausible second-best move, rather than
// blundering at random. The error shrinks and the depth grows with the Elo.
//
// The levels come from a table of anchors (strength.cpp), interpolated between
// them. The anchors are a first estimate: see the README for their calibration
// against Stockfish's own UCI_Elo levels.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/search/search.h"
#include "arbiter/search/strength_level.h"

namespace arbiter::search {

// The level that plays like `elo` (clamped to [kMinLimitedElo, kMaxLimitedElo];
// at kMaxLimitedElo the engine's full strength, limited() false).
StrengthLevel strength_for_elo(int elo);

// The move a player of `level` chooses among the first `level.candidates` of
// `moves` (a finished search's root moves, best first): the one whose score plus
// a normal error of sd error_cp is highest. Mate scores are seen as they are
// (an error of a few pawns does not hide a mate), and so is a move that loses
// to a forced mate. `moves` must not be empty.
const RootMove& choose_root_move(const std::vector<RootMove>& moves, const StrengthLevel& level,
                                 std::mt19937_64& rng);

}  // namespace arbiter::search
