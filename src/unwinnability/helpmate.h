// Heuristic helpmate search: both sides cooperate so that `winner` mates.
//
// Iterative deepening in "units" rather than plies: moves that follow the plan
// of a mating pattern (the loser's king walks to a corner, its pieces crowd
// around it, the winner's king and knights approach, pawns advance and queen,
// the winner captures) are free, other moves cost one unit, moves that rarely
// help (the loser capturing or pushing pawns) two. With move ordering, an
// optional beam on costly moves and a transposition table. In sparse positions
// the corner is a plan the caller picks (see helpmate_plan_count); where the
// winner's king is shut in behind the pawns (or its own pieces that cannot move),
// a last plan has the loser open the wall first (its king takes a man of the wall,
// or one of its pawns runs and promotes into a man a wall pawn takes), and the
// corner plan once the king is out.
// Once the winner queens, a short search with a plan made for the new material
// takes over. It can only prove that a mate exists (the line it returns); failing
// to find one proves nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"

namespace arbiter::rules {

// The transposition table of a search (helpmate.cpp).
class HelpmateTable;

struct HelpmateLimits {
  uint64_t node_budget = 10000;
  int max_units = 6;   // deviations from the planned line (iterative deepening bound)
  int max_plies = 40;  // longest line tried
  int width = 0;       // non-natural moves tried per node (best first); 0: all
  int plan = 0;        // which mating plan to follow, 0 (the likeliest) to plan count - 1
  // Moves of a helpmate found a ply or two earlier in the same game: moves with the
  // same origin and destination are tried first, for free (the old line usually
  // needs only a detour around the move actually played). Ordering only.
  std::span<const core::Move> hint = {};
  // A table the caller keeps for the searches of one root and plan (plan_table);
  // none: one of the thread's shared tables, cleared by each search. With a table
  // and `resume` the search continues in what the previous search of the same root,
  // plan and limits left in `table`: a further slice of nodes for a plan whose
  // search ran out, which then skips what the earlier slices finished.
  HelpmateTable* table = nullptr;
  bool resume = false;
};

struct HelpmateResult {
  bool found = false;
  uint64_t nodes = 0;
  std::vector<core::Move> line;  // legal from the position, ends with the loser mated
};

// One per corner, two beside a shut-in king (bishops of one colour), the prison plan
// (the blocker plan needs a free king: never both).
inline constexpr int kMaxHelpmatePlans = 7;

// How many plans find_helpmate can follow from `pos`: in sparse positions one per
// corner the loser's king may be led to (nearest first), elsewhere one; one more,
// always the last, when the winner's king is shut in (the prison plan) or the
// loser must make its own blocker (the blocker plan; plans::plan_set). A search
// that fails under one plan may succeed quickly under another.
int helpmate_plan_count(const core::Position& pos, core::Color winner);

// The table of plan `plan` (0 to kMaxHelpmatePlans - 1), one per plan and thread,
// for searches of one plan that resume (HelpmateLimits::table).
HelpmateTable* plan_table(int plan);

HelpmateResult find_helpmate(const core::Position& pos, core::Color winner,
                             const HelpmateLimits& limits);

}  // namespace arbiter::rules
