// Static proof of unwinnability from the men that can never move again, while
// others still may.
//
// A greatest fixpoint splits the men into fixed ones and the rest. It starts by
// assuming every man fixed and every pawn bound to its file, then drops each
// assumption that the others refute:
//   - a piece is fixed while it has no move: every square it could step to holds
//     a fixed man of its own side (or, for a king, is attacked by a fixed enemy pawn);
//   - a pawn is bound while it can neither leave its file nor be taken; it is fixed
//     while also bound to its square. Its pushes stop at fixed men and at enemy pawns
//     bound to their file (the two only come closer); its captures need an enemy
//     man that could stand on the capture square;
//   - a man is not fixed when an enemy man could take it (a king only where no fixed
//     pawn guards it);
//   - a pawn that could promote becomes a piece that may go anywhere the fixed men
//     leave free.
// The other men get the squares they could ever stand on: flooded from where they
// are around the fixed men (other moving men ignored), kings also avoiding squares
// fixed enemy pawns attack. A mate by `winner` needs a square of the loser's king
// region where the winner could check and every flight square could be closed
// (the counting of piece_regions.h). Sound by induction over any game: until the
// first fixed man moves or is taken, the others stay within their regions, and by
// the fixpoint none of them can make it move or take it.
//
// Where that leaves a side unproven, a king penned on two squares is tried (see
// prove_in_pen in fixed_men.cpp): if the loser's king can only walk between two
// squares and nothing else of the loser can move, the winner's king stepping next
// to the pen ends the game (the loser has no move left), so the fixpoint is worked
// out again with the winner's king kept out of there. It counts only where its
// result confirms the pen and the loser's fixed men, and, for the winner, where
// that step could not uncover a check (a mate by the step itself).
#pragma once

#include "arbiter/core/position.h"

namespace arbiter::rules {

struct FixedMenProof {
  bool unwinnable[core::kNumColors] = {};
  core::Bitboard fixed = 0;  // the squares of the men that never move or leave
};

// `both_or_none`: only both sides proven matters (a dead position): stop at the
// first side that could mate, the other side then left unproven.
FixedMenProof prove_by_fixed_men(const core::Position& pos, bool both_or_none = false);

}  // namespace arbiter::rules
