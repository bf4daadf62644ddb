// Helpmate lines as proofs: checking one, and reusing recent ones.
//
// A helpmate found for a position usually still works a ply later, minus its
// first move, when the move actually played was that move or one that does not
// disturb the rest of the line. The per-ply dead-position check therefore keeps
// the last line per colour (per game) and re-checks it before searching. A
// reused line is verified move by move, so it is a proof like any other; the
// memory only decides how fast a proof is found, never what is proven.
//
// When the move played was a reversible one off the line (a king stepping
// aside in a blocked pawn ending, typically), the old position is still within
// reach: the side to move makes a tempo move, the other side steps back, the tempo
// move is taken back. That detour followed by the old line is a helpmate too.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"

namespace arbiter::rules {

// Whether `line` is legal from `pos` and leaves `~winner` checkmated.
bool is_helpmate_line(const core::Position& pos, core::Color winner,
                      std::span<const core::Move> line);

// The last helpmate line found per colour, for one game: what the per-ply
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

}  // namespace arbiter::rules
