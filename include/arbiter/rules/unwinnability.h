// Unwinnability U(c): "colour c cannot checkmate the opponent by any sequence of
// legal moves" (both sides' moves chosen freely: helpmate semantics). A position
// is dead (FIDE 5.2.2) when neither side can mate. Used for 5.2.2, and for the
// provisos of 6.9 (flag fall), 7.5.5 (illegal moves) and 5.1.2 (resignation).
//
// Soundness comes first: Unwinnable is answered only when proven. When the
// analysis budget runs out the answer is Undecided, which callers must treat as
// "can still mate" (never declare a draw that has not been proven).
//
// Thread safety: the analyses may run on any number of threads at once (their
// scratch tables are per thread, reset for each question); an answer depends on
// the position, the options and the memory passed in, never on earlier calls.
#pragma once

#include <cstdint>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/rules/helpmate_witness.h"

namespace arbiter::rules {

enum class Winnability : uint8_t {
  Winnable,    // a mating sequence exists (found, or guaranteed by material)
  Unwinnable,  // proven: no sequence of legal moves ends in this colour mating
  Undecided,   // budget exhausted; treat as Winnable
};

// Which layer settled the question (diagnostics, tests and statistics).
enum class WinnabilityMethod : uint8_t {
  None,        // Undecided
  Material,    // exact material rules
  Terminal,    // the position (or the end of its forced line) is mate or stalemate
  ForcedLine,  // single legal replies lead into a position settled statically
  Blockade,    // fixed pawn structure: no mating square is reachable with enough force
  Helpmate,    // the heuristic helpmate search found a mate
  Exhaustive,  // every reachable position explored: a mate found, or none exists
};

struct WinnabilityOptions {
  // Upper bound on positions visited by one analysis of U(c) (analyse_winnability:
  // a flag fall, a resignation, an illegal move), besides a round of short helpmate
  // searches of fixed size in sparse positions (bounded by constants of its own).
  // It is asked once a game at most, so it may take longer than the per-ply check:
  // 1,000,000 against 300,000 on the 400 set (arbiter unwinnable --threads 1):
  // undecided 31 -> 19 of 800, p99 of U(c) 108 -> 378 ms, max 128 -> 509 ms.
  uint64_t node_budget = 1000000;
  // The same bound for the 5.2.2 check (analyse_dead_position), which runs after
  // every ply that passes its screens: the budget both shared before (against
  // 200,000 it cost lichess-timeouts +1.4%). 1,000,000 finds no dead position more
  // on the 400 set (176 of 181 either way).
  uint64_t dead_check_node_budget = 300000;
};

struct WinnabilityResult {
  Winnability verdict = Winnability::Undecided;
  WinnabilityMethod method = WinnabilityMethod::None;
  uint64_t nodes = 0;                // positions visited
  std::vector<core::Move> helpmate;  // when found by search: legal moves ending in mate
};

// Can `winner` still checkmate from `pos` (side to move as given)?
WinnabilityResult analyse_winnability(const core::Position& pos, core::Color winner,
                                      const WinnabilityOptions& options = {});

struct DeadPositionResult {
  bool dead = false;       // proven: neither side can mate
  bool undecided = false;  // analysis budget ran out for at least one side
  uint64_t nodes = 0;
  // Which layer settled it: for a dead position the one that proved the second
  // side unwinnable; for a live one the proof that some side can mate.
  WinnabilityMethod method = WinnabilityMethod::None;
};

// 5.2.2. Cheap for ordinary positions: meant to run after every ply of a game.
DeadPositionResult analyse_dead_position(const core::Position& pos,
                                         const WinnabilityOptions& options = {});
// The same for a caller that has counted the legal moves already:
// `legal_moves` is core::count_legal_moves_capped(pos, 1) (a game does that after
// every ply for mate and stalemate; the count also tells a forced reply).
// `memory`: the game's helpmate lines from earlier plies, reused when they still
// verify and updated with the line found now; none: this position alone.
DeadPositionResult analyse_dead_position(const core::Position& pos, uint64_t legal_moves,
                                         const WinnabilityOptions& options = {},
                                         HelpmateMemory* memory = nullptr);

const char* to_string(WinnabilityMethod method);

// Exact material rules only (spec section 4, layers 1 and 2), O(1).
bool dead_by_material(const core::Position& pos);
bool unwinnable_by_material(const core::Position& pos, core::Color winner);

}  // namespace arbiter::rules
