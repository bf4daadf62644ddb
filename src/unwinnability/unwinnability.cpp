// Unwinnability U(c) and dead positions: the layers of spec section 4, cheapest
// first. Each layer either proves its answer or passes the question on; the
// budget running out gives Undecided, never a guess.
//
//   1. exact material rules (O(1));
//   2. forced line: while the side to move has a single legal move, play it;
//   3. blockade: a fixed pawn structure leaves the winner no mating square;
//   4. a quick, narrow helpmate search (most live positions end here);
//   5. static proofs with men still moving: the men that can never move wall the
//      others in (fixed_men.h), or every pawn structure still to come does
//      (structure_proof.h);
//   6. in sparse positions, short helpmate lines over every plan (kShortLineCaps);
//   7. an exhaustive walk of the reachable positions, settling small blocked
//      or forced positions either way (the static proofs cut it short);
//   8. deeper helpmate searches with what is left of the budget, one per plan
//      (corner to mate in) in sparse positions, in rounds of growing slices.
// The per-ply dead-position check screens first (screens.h, screen_dead_check)
// so that ordinary positions cost a few bit operations.
#include "arbiter/unwinnability/unwinnability.h"

#include <algorithm>
#include <optional>
#include <span>

#include "arbiter/core/movegen.h"
#include "core/attacks.h"
#include "unwinnability/blockade.h"
#include "unwinnability/fixed_men.h"
#include "unwinnability/helpmate.h"
#include "unwinnability/helpmate_plans.h"
#include "unwinnability/helpmate_witness.h"
#include "unwinnability/immediate_endings.h"
#include "unwinnability/mate_reachability.h"
#include "unwinnability/screens_inline.h"
#include "unwinnability/structure_proof.h"

namespace arbiter::rules {

using core::Color;
using core::Move;
using core::Position;
using screens::has_open_runner;
using screens::has_runner;
using screens::kMaxForcedPlies;
using screens::looks_closed;
using screens::mobile_pieces;
using screens::nearly_stuck;
using screens::statically_dead;
using screens::Walls;

namespace {

// Quick helpmate search: short lines through the best few moves of each node.
constexpr HelpmateLimits kQuickSearch{.node_budget = 3000, .max_units = 3, .max_plies = 80};
// The per-ply dead-position screen: tiny, since one mate for either side ends it.
constexpr HelpmateLimits kScreenSearch{.node_budget = 200, .max_units = 1, .max_plies = 24};
// The per-ply search that follows the line remembered from the previous plies.
constexpr HelpmateLimits kHintedSearch{.node_budget = 1500, .max_units = 2, .max_plies = 80};
// A prison or blocker plan that goes first in the wide search (last_plan_goes_first)
// gets this many times the corner plans' slices together in each round, and of
// what is left when the budget runs short: those plans cannot mate before it has
// opened the wall or made a blocker.
// Public vectors undecided 17 -> 16 (`k7/p1p1p3/8/8/8/P5p1/2P1P1Pp/7K w` for White,
// whose prison plan needs 562,000 nodes), the 400 set 5 -> 4, U(c) nodes +1.7% and
// +1.3%; at 1 as much as the corners, at 2 no position more; at 8 two positions
// whose corner plans mate were lost.
constexpr uint64_t kFirstPlanWeight = 3;
// Share of the budget the exhaustive walk may use (the wide search gets the rest).
constexpr uint64_t kReachabilityShareDivisor = 4;
// A visit of the breadth-first walk (a table probe; for a new position its moves
// and a static test, remembered per pawn structure) costs a small fraction of a
// helpmate search's node: the walk may make this many visits per node of the
// budget. Measured with `arbiter unwinnable --threads 2` on the 400 set (U(c)
// undecided, p99 of U(c)): 8 visits 80 of 800, 58 ms; 16: 69, 102 ms; 32: 62,
// 188 ms. No U(c) walk happens in either lichess file.
constexpr uint64_t kWalkVisitsPerBudgetNode = 16;
// The same for the per-ply check's walk of both sides: it runs after every ply
// that passes the screens, and 16 found 4 more of the 1,754 public vectors' 781
// dead positions than 8 at twice the p99.
constexpr uint64_t kJointWalkVisitsPerBudgetNode = 8;
// Share of the per-ply check's budget for its walk of both sides at once (the
// analyses of each side get the rest): 2 finds 3 more of the 181 dead positions
// of tests/data/unwinnability-400.txt than 4; walks are rare in real games (3 in
// lichess-sample), so it costs nothing there.
constexpr uint64_t kJointWalkShareDivisor = 2;
// The per-ply check's walk in walled positions with many moves (walls_may_hold),
// which ends their check. Four of the six dead ones of the 400 set that pass the
// screen need 9,000 to 19,000 visits, two need 395,000; a live bishop ending of
// lichess-timeouts whose helpmate no search finds walked 500,000 for nothing
// (8% on that file's time against 2% with 100,000).
constexpr uint64_t kWalledWalkVisits = 100000;
// The same where the held king's side is also nearly out of moves: each line soon
// ends in its stalemate or a mate, so a walk of many roaming men still ends. The
// dead 8/8/k6p/5p1P/3b1p2/2b2PpK/6P1/8 w (White's king penned on h3 and h4, two
// black bishops and king roaming) needs 684,000 visits.
constexpr uint64_t kStuckWalkVisits = 1000000;
// A walk of a position with more moves than that may still end within budget
// when at most this many pieces (kings and pawns aside) can move at all.
constexpr int kMaxMobilePiecesToWalk = 1;
constexpr HelpmateLimits kWideSearch{.node_budget = 0, .max_units = 16, .max_plies = 80};
// Node slices of the wide search per plan in its first round, and their growth per round.
constexpr uint64_t kFirstPlanSlice = 4096;
constexpr uint64_t kPlanSliceGrowth = 4;
// The first slice of an analysis for a verdict (flag fall, resignation), which has no
// quick search of the first plan before it: 8192 against 4096 took the U(c) nodes of
// lichess-timeouts' final positions from 1,799,260 to 1,756,124 (the first 3,000:
// 365,749 -> 318,531) and the public vectors' undecided from 30 to 28 of 3,508;
// 16384 left them at 30. The per-ply check keeps kFirstPlanSlice: its rounds try
// both sides, and the larger slice only cost it nodes (public vectors +27%).
constexpr uint64_t kVerdictFirstPlanSlice = 8192;

// Short lines over every plan, for sparse positions before the wide search: the
// wide search follows free natural moves down to its 80-ply cap and tries the
// plans (corners) one after another, so a short helpmate towards another corner
// (12 to 40 plies in most minor-piece and pawn endings of real games) often turns
// up only after tens of thousands of nodes. A small budget per plan, with lines
// capped at 64 plies (past the longest shuffles), finds most of them in a few
// hundred nodes; tighter caps (16 then 32 plies) cost more nodes on the timeout
// positions of lichess-timeouts and on the win analyses of lichess-sample alike.
// Its nodes are not taken from the analysis budget: when it finds nothing the
// layers after it run exactly as without it (the budget only bounds their work, and
// this round adds a fixed amount at most: kShortLineCaps * plans * the budget below).
constexpr int kShortLineCaps[] = {64};
// The budget per plan and cap: small in the per-ply dead-position check, which
// tries both sides and has the plan rounds after it, larger in the analysis of one
// side for a verdict (resignation, flag fall).
constexpr HelpmateLimits kShortLineScreen{.node_budget = 300, .max_units = 6, .max_plies = 0};
constexpr HelpmateLimits kShortLineAnalysis{.node_budget = 500, .max_units = 6, .max_plies = 0};

struct FoundLine {
  Color winner;
  std::vector<Move> line;
};

// One search per side and plan (corner) for each ply cap in turn (every side and
// plan at one cap before the next cap), with the limits of `each` otherwise;
// the first helpmate found ends it. `nodes` counts what it visited.
std::optional<FoundLine> plan_round(const Position& pos, std::span<const Color> sides,
                                    const HelpmateLimits& each, std::span<const int> ply_caps,
                                    uint64_t& nodes) {
  for (int plies : ply_caps) {
    for (Color winner : sides) {
      const int plans = helpmate_plan_count(pos, winner);
      if (plans == 1 || unwinnable_by_material(pos, winner)) continue;
      for (int plan = 0; plan < plans; ++plan) {
        HelpmateLimits limits = each;
        limits.plan = plan;
        limits.max_plies = plies;
        HelpmateResult result = find_helpmate(pos, winner, limits);
        nodes += result.nodes;
        if (result.found) return FoundLine{winner, std::move(result.line)};
      }
    }
  }
  return std::nullopt;
}

WinnabilityResult proven(Winnability verdict, WinnabilityMethod method, uint64_t nodes) {
  WinnabilityResult r;
  r.verdict = verdict;
  r.method = method;
  r.nodes = nodes;
  return r;
}

WinnabilityResult mate_found(std::vector<Move> prefix, const std::vector<Move>& line,
                             WinnabilityMethod method, uint64_t nodes) {
  WinnabilityResult r = proven(Winnability::Winnable, method, nodes);
  r.helpmate = std::move(prefix);
  r.helpmate.insert(r.helpmate.end(), line.begin(), line.end());
  return r;
}

}  // namespace

const char* to_string(Winnability verdict) {
  switch (verdict) {
    case Winnability::Winnable:
      return "winnable";
    case Winnability::Unwinnable:
      return "unwinnable";
    case Winnability::Undecided:
      return "undecided";
  }
  return "?";
}

const char* to_string(WinnabilityMethod method) {
  switch (method) {
    case WinnabilityMethod::None:
      return "none";
    case WinnabilityMethod::Material:
      return "material";
    case WinnabilityMethod::Terminal:
      return "terminal";
    case WinnabilityMethod::ForcedLine:
      return "forced-line";
    case WinnabilityMethod::Blockade:
      return "blockade";
    case WinnabilityMethod::Helpmate:
      return "helpmate";
    case WinnabilityMethod::Exhaustive:
      return "exhaustive";
  }
  return "?";
}

namespace {

// Whether the prison plan (the loser opens the wall around the winner's king)
// is tried first in each round, with the corners' share: when the winner's king
// is shut in and it has no rook or queen, whose mates need no king, the corner
// plans wait on the same opening and search the whole board for it. U(c) nodes:
// lichess-timeouts final positions 2,342,762 -> 2,010,977 (one flag fall
// 390,474 -> 58,689), 400 set 44.6M -> 43.1M, public vectors 164.5M -> 157.7M
// with undecided 31 -> 30 of 3,508; verdicts otherwise the same. The blocker
// plan goes first for the same reason: the corner plans cannot mate before the
// loser has made a blocker.
bool last_plan_goes_first(const Position& pos, Color winner, const plans::PlanSet& set) {
  const int last = set.count() - 1;
  if (set.is_blocker(last)) return true;
  return set.is_prison(last) && !pos.pieces(winner, core::PieceType::Rook) &&
         !pos.pieces(winner, core::PieceType::Queen);
}

// The analysis of one side's U(c): `for_verdict`, the question of a flag fall or a
// resignation (the short-line round in sparse positions, larger first slices);
// otherwise one side's part of the per-ply check, which made its own rounds.
WinnabilityResult analyse(const Position& root, Color winner, const WinnabilityOptions& options,
                          bool for_verdict) {
  const Color loser = ~winner;
  if (unwinnable_by_material(root, winner))
    return proven(Winnability::Unwinnable, WinnabilityMethod::Material, 0);

  // Layer 2: the forced line. Every continuation passes through its end, so what
  // holds there holds here.
  Position pos = root;
  std::vector<Move> prefix;
  uint64_t nodes = 1;
  for (;;) {
    core::MoveList moves;
    core::generate_legal(pos, moves);
    const auto method =
        prefix.empty() ? WinnabilityMethod::Terminal : WinnabilityMethod::ForcedLine;
    if (moves.empty()) {
      if (pos.in_check() && pos.side_to_move() == loser)
        return mate_found(std::move(prefix), {}, method, nodes);
      return proven(Winnability::Unwinnable, method, nodes);
    }
    if (!prefix.empty() && unwinnable_by_material(pos, winner))
      return proven(Winnability::Unwinnable, WinnabilityMethod::ForcedLine, nodes);
    if (moves.size() != 1 || int(prefix.size()) >= kMaxForcedPlies) break;
    core::UndoInfo undo;
    pos.make_move(moves[0], undo);
    prefix.push_back(moves[0]);
    ++nodes;
  }

  // Layer 3: a fixed pawn structure (cheap).
  const auto static_method =
      prefix.empty() ? WinnabilityMethod::Blockade : WinnabilityMethod::ForcedLine;
  if (blockade_proves_unwinnable(pos, winner))
    return proven(Winnability::Unwinnable, static_method, nodes);

  const uint64_t budget = options.node_budget;
  auto left = [&] { return budget > nodes ? budget - nodes : 0; };

  // Layer 4: short lines, then a quick helpmate search (most positions that reach
  // this are winnable: both go before the costlier static proofs of layer 5).
  // In sparse positions (several plans) the short lines over every plan come
  // first, outside the budget, and no quick search follows: it would follow the
  // first plan only, which the first round of the wide search (layer 8) does
  // with a larger slice. A helpmate towards another corner used to wait for the
  // quick search to spend its 3,000 nodes: U(c) nodes on the first 3,000 final
  // positions of lichess-timeouts 422,555 -> 365,749, verdicts the same on both
  // lichess files, both suites and the public vectors.
  const plans::PlanSet plan_set = plans::plan_set(pos, winner);
  const int plans = plan_set.count();
  uint64_t off_budget = 0;
  // What is reported counts the short-line round's nodes; `nodes` (the budget) does not.
  auto with_off_budget = [&](WinnabilityResult result) {
    result.nodes += off_budget;
    return result;
  };
  if (for_verdict) {
    const Color sides[] = {winner};
    std::optional<FoundLine> short_line =
        plan_round(pos, sides, kShortLineAnalysis, kShortLineCaps, off_budget);
    if (short_line)
      return with_off_budget(
          mate_found(std::move(prefix), short_line->line, WinnabilityMethod::Helpmate, nodes));
  }
  if (!for_verdict || plans == 1) {
    HelpmateLimits quick = kQuickSearch;
    quick.node_budget = std::min(quick.node_budget, left());
    HelpmateResult quick_result = find_helpmate(pos, winner, quick);
    nodes += quick_result.nodes;
    if (quick_result.found)
      return with_off_budget(
          mate_found(std::move(prefix), quick_result.line, WinnabilityMethod::Helpmate, nodes));
  }

  // Layer 5: men that never move, and the pawn structures that may still arise.
  if (prove_by_fixed_men(pos).unwinnable[core::index(winner)] ||
      structure_proves_unwinnable(pos, winner))
    return with_off_budget(proven(Winnability::Unwinnable, static_method, nodes));

  // Layer 8 (used around layer 7): wider helpmate searches in rounds. With
  // several plans (corners to mate in) each plan gets a slice per round and the
  // slices grow, so the nearest corner is not searched to exhaustion while another
  // corner would have given a short helpmate. A plan whose search ended within its
  // slice has no more to find and is not searched again. Each plan keeps its own
  // table from round to round, so that a slice goes on from where the plan's last
  // one stopped instead of searching its tree again from the root (U(c) nodes: 400
  // set 41.1M -> 36.1M, public vectors 150.4M -> 137.0M with undecided 25 -> 23 of
  // 3,508; the per-ply check's 781 of 781 dead and both lichess files unchanged).
  bool exhausted[kMaxHelpmatePlans] = {};
  bool searched[kMaxHelpmatePlans] = {};
  std::optional<WinnabilityResult> found;
  const bool last_first = last_plan_goes_first(pos, winner, plan_set);
  auto plan_at = [&](int i) { return last_first ? (i + plans - 1) % plans : i; };
  // A last plan that goes first weighs kFirstPlanWeight times as much as the
  // others together.
  auto weight = [&](int i) {
    return last_first && i == 0 ? uint64_t(plans - 1) * kFirstPlanWeight : 1;
  };
  auto wide_round = [&](uint64_t slice, uint64_t reserved) {
    for (int i = 0; i < plans && !found && left() > reserved; ++i) {
      const int plan = plan_at(i);
      if (exhausted[plan]) continue;
      HelpmateLimits wide = kWideSearch;
      wide.plan = plan;
      // When the budget runs short of a round's slices, the plans still to be
      // searched share what is left: the first took it all, though another corner
      // is often the shorter helpmate (400 set: undecided 39 -> 36 of 800).
      // By weight, so that a last plan that goes first keeps its weight there too.
      uint64_t open_weight = 0;
      for (int k = i; k < plans; ++k) open_weight += exhausted[plan_at(k)] ? 0 : weight(k);
      const uint64_t share = slice * weight(i);
      wide.node_budget =
          std::min(share, std::max<uint64_t>(1, (left() - reserved) * weight(i) / open_weight));
      wide.table = plan_table(plan);
      wide.resume = searched[plan];
      searched[plan] = true;
      HelpmateResult result = find_helpmate(pos, winner, wide);
      nodes += result.nodes;
      exhausted[plan] = result.nodes < wide.node_budget;
      if (result.found) found = mate_found(prefix, result.line, WinnabilityMethod::Helpmate, nodes);
    }
    return found.has_value() || std::count(exhausted, exhausted + plans, false) == 0;
  };

  // Layer 7: exhaustive reachability, where the reachable set may be small. In a
  // closed position with pawns but no rook, queen or runner, one short round of
  // the wide search comes first, within what the walk leaves, since most closed
  // positions still have a quick helpmate (a king takes a pawn), and the walk
  // next. Elsewhere the walk seldom ends within budget while a helpmate usually
  // exists: the wide search goes first and the walk last, with the same share of
  // the budget. A walk last is worth its share in the other closed positions and
  // in open ones where no pawn has a free file and at most one piece besides the
  // kings and pawns can move: kings roaming behind a wall of pawns, in a reachable
  // set of some thousands of positions (on the 400 set it cuts U(c) undecided from
  // 69 of 800 to 53, on all 1,754 public vectors from 269 to 223; an open
  // position with two free bishops and a pawn race in lichess-timeouts took a
  // walk of 80 ms for nothing when any open position could be walked).
  const bool closed = looks_closed(pos);
  const bool walk_first = closed && pos.pieces(core::PieceType::Pawn) &&
                          !pos.pieces(core::PieceType::Rook, core::PieceType::Queen) &&
                          !has_runner(pos);
  const bool walk_last =
      !walk_first &&
      (closed || (!has_open_runner(pos) && mobile_pieces(pos) <= kMaxMobilePiecesToWalk) ||
       nearly_stuck(pos, winner) || nearly_stuck(pos, loser));
  const uint64_t walk_budget = left() / kReachabilityShareDivisor;
  std::optional<WinnabilityResult> walked;
  auto walk = [&](uint64_t budget_nodes) {
    ReachabilityResult reach =
        explore_reachable(pos, winner, budget_nodes * kWalkVisitsPerBudgetNode);
    nodes += reach.nodes / kWalkVisitsPerBudgetNode;
    if (reach.outcome == ReachabilityOutcome::MateFound)
      walked = mate_found(prefix, reach.line, WinnabilityMethod::Exhaustive, nodes);
    if (reach.outcome == ReachabilityOutcome::NoMate)
      walked = proven(Winnability::Unwinnable, WinnabilityMethod::Exhaustive, nodes);
  };
  const uint64_t first_slice = for_verdict ? kVerdictFirstPlanSlice : kFirstPlanSlice;
  uint64_t slice = plans > 1 ? first_slice : budget;
  if (walk_first) {
    wide_round(first_slice, walk_budget);
    if (found) return with_off_budget(*found);
    if (plans > 1) slice *= kPlanSliceGrowth;
    walk(walk_budget);
    if (walked) return with_off_budget(*walked);
  }

  const uint64_t reserved = walk_last ? walk_budget : 0;
  for (; left() > reserved; slice *= kPlanSliceGrowth)
    if (wide_round(slice, reserved)) break;
  if (found) return with_off_budget(*found);
  if (walk_last) {
    walk(walk_budget);
    if (walked) return with_off_budget(*walked);
  }
  // Every plan's search ended within its slice, with no mate and most of the budget
  // left, in a position the screens above gave no walk: what is left goes to one
  // (8/8/8/6p1/6P1/4p1PK/3pPp1p/4Rnkr b for White: each promotion stalemates White
  // or leaves it a rook move that stalemates Black, proven in a few hundred visits
  // after 2,201 nodes of search had ended with nothing). Only positions that would
  // be undecided get here.
  if (!walk_first && !walk_last && std::count(exhausted, exhausted + plans, true) == plans &&
      left() > 0) {
    walk(left());
    if (walked) return with_off_budget(*walked);
  }
  WinnabilityResult r;
  r.nodes = nodes;
  return with_off_budget(r);
}

}  // namespace

WinnabilityResult analyse_winnability(const Position& root, Color winner,
                                      const WinnabilityOptions& options) {
  return analyse(root, winner, options, /*for_verdict=*/true);
}

DeadPositionResult analyse_dead_position(const Position& pos, const WinnabilityOptions& options) {
  return analyse_dead_position(pos, core::count_legal_moves_capped(pos, 1), options);
}

namespace {

// A check answered by this many legal moves at most is followed a ply when the
// screens pass the position itself by: a queen or rook giving check roams, yet
// every reply may take it (7b/3B2Q1/4Bk2/p1p1p1p1/P1P1P1P1/8/8/4K3 b).
constexpr size_t kRepliesFollowed = 2;
// How many such checks in a row are followed.
constexpr int kChecksFollowed = 2;

DeadPositionResult dead_position(const Position& pos, uint64_t legal_moves,
                                 const WinnabilityOptions& options, HelpmateMemory& memory,
                                 int checks_to_follow);

// A side not in check with at most one piece besides king and pawns, whose king
// is shut in by its own men and the squares the enemy king and pawns cover, and
// that has at most kRepliesFollowed legal moves in all
// (8/8/8/6p1/6P1/4p1PK/4Pp1p/3rRnkr w: the rook's two captures): every line
// goes through one of those few moves. Bit tests first, the capped count last:
// on the first 3,000 time forfeits of lichess-timeouts the count alone cost 1%
// of adjudicate's instructions, in endings where the king walks freely.
constexpr int kMaxPiecesForFewReplies = 1;

bool few_replies_without_check(const Position& pos) {
  const core::Color us = pos.side_to_move();
  const core::Bitboard pieces =
      pos.pieces(us) & ~pos.pieces(core::PieceType::Pawn, core::PieceType::King);
  if (core::popcount(pieces) > kMaxPiecesForFewReplies) return false;
  if (king_steps_past_pawns_and_king(pos)) return false;
  return core::count_legal_moves_capped(pos, kRepliesFollowed) <= kRepliesFollowed;
}

// A position not itself mate or stalemate is dead exactly when every position a
// legal move leads to is. Asked only in check with few replies; false when some
// reply is not proven dead.
DeadPositionResult every_reply_dead(const Position& pos, const WinnabilityOptions& options,
                                    int checks_to_follow) {
  DeadPositionResult r;
  core::MoveList replies;
  core::generate_legal(pos, replies);
  if (replies.empty()) return r;
  if (replies.size() > kRepliesFollowed) {
    // More replies: only lines that soon end in stalemate or bare material.
    r.dead = has_a_side_of_king_and_pawns(pos) && every_reply_ends_dead_at_once(pos, replies);
    if (r.dead) r.method = WinnabilityMethod::Exhaustive;
    return r;
  }
  for (Move m : replies) {
    Position next = pos;
    core::UndoInfo undo;
    next.make_move(m, undo);
    HelpmateMemory this_position_only;  // no game: nothing carries over from the reply before
    const DeadPositionResult d = dead_position(next, core::count_legal_moves_capped(next, 1),
                                               options, this_position_only, checks_to_follow - 1);
    r.nodes += d.nodes;
    if (!d.dead) return r;
    r.method = d.method;
  }
  r.dead = true;
  return r;
}

// `memory` is the game's, or one made for this position alone: built by the
// caller, since an empty one in this frame (760 bytes zeroed on every ply) cost
// 2% of adjudicate's instructions on lichess-timeouts.pgn.
DeadPositionResult dead_position(const Position& pos, uint64_t legal_moves,
                                 const WinnabilityOptions& options, HelpmateMemory& memory,
                                 int checks_to_follow) {
  DeadPositionResult r;
  if (dead_by_material(pos)) {
    r.dead = true;
    r.method = WinnabilityMethod::Material;
    return r;
  }
  // A check with one reply is examined whatever the material: the forced line may
  // strip it (k1q5/1Q6/K1P5/PP6/8/8/8/8 b: Qxb7+ cxb7+ Kb8, and each White move stalemates).
  // So is a position whose side not to move has no man but its king that can move.
  if ((has_a_side_of_king_and_pawns(pos) || (legal_moves == 1 && pos.in_check()) ||
       men_besides_king_stuck(pos, ~pos.side_to_move())) &&
      every_line_ends_dead_at_once(pos, legal_moves)) {
    r.dead = true;
    r.method = WinnabilityMethod::Exhaustive;  // every line, to its end
    return r;
  }
  const screens::DeadCheckScreens screened = screens::screen_dead_check(pos, legal_moves);
  const bool few_moves = screened.few_moves;
  const bool static_may_apply = screened.static_may_apply;
  // Walled positions with more moves get a walk, but not again in this game once
  // a walk of the same pawns and men gave up.
  const Walls walls = screened.walls;
  const bool walled = walls != Walls::None;
  if (!few_moves && !static_may_apply && !walled) {
    if (checks_to_follow > 0 && (pos.in_check() || few_replies_without_check(pos)))
      return every_reply_dead(pos, options, checks_to_follow);
    return r;  // alive as far as any proof can tell
  }
  if (walled && memory.search_gave_up_before(pos)) return r;
  const bool searchable = few_moves || walled;
  if (!memory.static_proofs_failed_before(pos)) {
    if (statically_dead(pos) && !core::has_no_legal_moves(pos)) {
      r.dead = true;
      r.method = WinnabilityMethod::Blockade;
      return r;
    }
    memory.note_static_proofs_failed(pos);
  }
  if (!searchable) return r;
  // Screen: a helpmate for either side proves the position alive. First the
  // lines remembered from the previous plies (re-verified), then a short search;
  // the side with more material is tried first.
  const Color stronger =
      core::popcount(pos.pieces(Color::White)) >= core::popcount(pos.pieces(Color::Black))
          ? Color::White
          : Color::Black;
  // A helpmate for side c: the position is alive; the line is kept for the next ply.
  auto alive = [&](Color c, std::vector<Move> line) {
    memory.remember(pos, c, std::move(line));
    r.method = WinnabilityMethod::Helpmate;
    return r;
  };
  for (Color c : {stronger, ~stronger})
    if (auto line = memory.recall(pos, c)) return alive(c, std::move(*line));
  // A line from a ply or two ago that no longer verifies mostly needs a detour
  // around the move played since: a short search that follows it first.
  for (Color c : {stronger, ~stronger}) {
    HelpmateLimits hinted = kHintedSearch;
    hinted.hint = memory.recent(c);
    if (hinted.hint.empty() || unwinnable_by_material(pos, c)) continue;
    HelpmateResult screen = find_helpmate(pos, c, hinted);
    r.nodes += screen.nodes;
    if (screen.found) return alive(c, std::move(screen.line));
  }
  for (const HelpmateLimits& limits : {kScreenSearch, kQuickSearch}) {
    for (Color c : {stronger, ~stronger}) {
      if (unwinnable_by_material(pos, c)) continue;
      HelpmateResult screen = find_helpmate(pos, c, limits);
      r.nodes += screen.nodes;
      if (screen.found) return alive(c, std::move(screen.line));
    }
  }
  // Sparse endings: short lines first, for both sides (see kShortLineCaps); its
  // nodes are kept out of the budget of what follows.
  uint64_t off_budget = 0;
  const Color sides[] = {stronger, ~stronger};
  std::optional<FoundLine> found =
      plan_round(pos, sides, kShortLineScreen, kShortLineCaps, off_budget);
  r.nodes += off_budget;
  if (found) return alive(found->winner, std::move(found->line));
  // Then one short round over every plan for each side before either
  // side's full analysis, since the side with the quick helpmate is often not the
  // one tried first (K+N v K+N: one side's mate may take six times the nodes).
  // A walled position goes to its walk instead, the only analysis it gets.
  if (!walled) {
    HelpmateLimits round = kWideSearch;
    round.node_budget = kFirstPlanSlice;
    const int wide_cap[] = {kWideSearch.max_plies};
    found = plan_round(pos, sides, round, wide_cap, r.nodes);
    if (found) return alive(found->winner, std::move(found->line));
  }
  auto budget_left = [&] {
    const uint64_t used = r.nodes - off_budget;
    return options.dead_check_node_budget > used ? options.dead_check_node_budget - used : 0;
  };
  // The static proofs at full size next (the per-ply screen above capped the
  // structures), before any walk: a wall that locks is settled at a fraction of
  // a walk's cost. (Mate and stalemate are left to the walk, as above.)
  if (legal_moves != 0 && statically_dead_position(pos, StructureProofLimits{})) {
    r.dead = true;
    r.method = WinnabilityMethod::Blockade;
    return r;
  }
  // One walk for both sides first: the positions that get here have few moves,
  // and one walk over the reachable set settles what two one-sided walks (each
  // with a share of the budget) would have to settle apiece.
  const uint64_t walk_visits =
      walled ? std::min(walls == Walls::HoldAStuckSide ? kStuckWalkVisits : kWalledWalkVisits,
                        budget_left() * kJointWalkVisitsPerBudgetNode)
             : budget_left() / kJointWalkShareDivisor * kJointWalkVisitsPerBudgetNode;
  const ReachabilityResult walk = explore_reachable_either(pos, walk_visits);
  r.nodes += walk.nodes / kJointWalkVisitsPerBudgetNode;
  if (walk.outcome == ReachabilityOutcome::MateFound) return alive(walk.winner, walk.line);
  if (walk.outcome == ReachabilityOutcome::NoMate) {
    r.dead = true;
    r.method = WinnabilityMethod::Exhaustive;
    return r;
  }
  if (walled) {  // the analyses of each side would take the rest of the budget
    r.undecided = true;
    memory.note_search_gave_up(pos);
    return r;
  }
  bool all_unwinnable = true;
  for (Color c : {stronger, ~stronger}) {
    WinnabilityOptions rest = options;
    rest.node_budget = budget_left();
    // Without its own short-line round: the one above covered both sides.
    WinnabilityResult w = analyse(pos, c, rest, /*for_verdict=*/false);
    r.nodes += w.nodes;
    r.method = w.method;
    if (w.verdict == Winnability::Winnable) {
      memory.remember(pos, c, std::move(w.helpmate));
      r.undecided = false;  // one side can mate: alive, whatever the other side's status
      return r;
    }
    if (w.verdict == Winnability::Undecided) {
      r.undecided = true;
      all_unwinnable = false;
    }
  }
  r.dead = all_unwinnable;
  if (!r.dead) r.method = WinnabilityMethod::None;
  return r;
}

}  // namespace

DeadPositionResult analyse_dead_position(const Position& pos, uint64_t legal_moves,
                                         const WinnabilityOptions& options,
                                         HelpmateMemory* game_memory) {
  if (game_memory) return dead_position(pos, legal_moves, options, *game_memory, kChecksFollowed);
  HelpmateMemory this_position_only;
  return dead_position(pos, legal_moves, options, this_position_only, kChecksFollowed);
}
}  // namespace arbiter::rules
