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
//
// The prover's one public header: rules::Game, the claims and the verdicts ask
// through it; its layers (helpmate search, static proofs, walks) are internal,
// in src/unwinnability/.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"

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

// Helpmate lines as proofs, reused: a helpmate found for a position usually still
// works a ply later, minus its first move, when the move actually played was that
// move or one that does not disturb the rest of the line. The per-ply dead-position
// check therefore keeps the last line per colour (per game) and re-checks it move
// by move before searching, so a reused line is a proof like any other; the
// memory only decides how fast a proof is found, never what is proven.
//
// When the move played was a reversible one off the line (a king stepping
// aside in a blocked pawn ending, typically), the old position is still within
// reach: the side to move makes a tempo move, the other side steps back, the tempo
// move is taken back. That detour followed by the old line is a helpmate too.
//
// The memory holds the last helpmate line found per colour, for one game: what the per-ply
// dead-position check reuses. It belongs to the game (rules::Game owns one), never
// to a thread, so a verdict and the work spent on it depend on the game alone,
// whatever judged other games before on the same thread.
class HelpmateMemory {
 public:
  // A remembered line for `winner` that is a helpmate from `pos`, if any.
  std::optional<std::vector<core::Move>> recall(const core::Position& pos,
                                                core::Color winner) const;
  // The line last remembered for `winner`, whatever the position now: a hint for
  // the search when it no longer verifies as it stands.
  std::span<const core::Move> recent(core::Color winner) const;
  // Remembers a helpmate for `winner` from `root`.
  void remember(const core::Position& root, core::Color winner, std::vector<core::Move> line);
  void clear();

  // The static proofs (fixed men, pawn structures) failed on a position with the
  // same pawns, castling rights and number of men, and nothing but reversible
  // piece moves since: each such move stays within the regions those proofs
  // computed, so they would almost always fail again (the exception: a piece
  // that walked into a cage it can never leave). A position in check or with an
  // en-passant square is never noted: leaving a check or an en-passant chance can
  // shrink the regions. Saves work; costs completeness at most, never soundness.
  bool static_proofs_failed_before(const core::Position& pos) const;
  void note_static_proofs_failed(const core::Position& pos);

  // The same for the search of a walled position that ran out of budget: a later
  // ply with the same pawns and men is not searched again (the kings and pieces
  // that moved roam the same regions).
  bool search_gave_up_before(const core::Position& pos) const;
  void note_search_gave_up(const core::Position& pos);

 private:
  struct Line {
    core::Position root;  // the position the line starts from
    bool has_root = false;
    std::vector<core::Move> moves;
  };
  struct StaticKey {
    core::Bitboard pawns[core::kNumColors] = {};
    core::Bitboard castling_rooks = 0;
    int men = 0;
    bool operator==(const StaticKey&) const = default;
  };
  static StaticKey static_key(const core::Position& pos);

  Line side_[core::kNumColors];
  std::optional<StaticKey> static_failed_;
  std::optional<StaticKey> search_gave_up_;
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
// "winnable", "unwinnable" or "undecided": the word every front end prints.
const char* to_string(Winnability verdict);

// Exact material rules only (spec section 4, layers 1 and 2), O(1).
bool dead_by_material(const core::Position& pos);
bool unwinnable_by_material(const core::Position& pos, core::Color winner);
// Neither side can mate by those rules: the position is dead (a wider test than
// dead_by_material, which keeps to the material 5.2.2 names).
inline bool neither_side_can_mate_by_material(const core::Position& pos) {
  return unwinnable_by_material(pos, core::Color::White) &&
         unwinnable_by_material(pos, core::Color::Black);
}

}  // namespace arbiter::rules
