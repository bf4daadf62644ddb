// The hard unwinnability suite of tests/data: how its positions are generated
// and how they are labelled, independently of the static proofs under test.
#include "unwinnability/suite.h"

#include <random>

#include "arbiter/core/fen.h"
#include "unwinnability/helpmate.h"
#include "unwinnability/helpmate_witness.h"
#include "unwinnability/mate_reachability.h"

namespace arbiter::rules {

namespace {

using core::Color;

constexpr int kFiles = 8;
constexpr int kPlacementTries = 200;
// Helpmate searches tried per side before the exhaustive walk: one per plan.
constexpr HelpmateLimits kLabelSearch{.node_budget = 200000, .max_units = 16, .max_plies = 120};

class Generator {
 public:
  explicit Generator(uint64_t seed) : rng_(seed) {}

  std::string next() {
    for (;;) {
      board_.assign(64, '.');
      switch (rng_() % 4) {
        case 0:
        case 1:
          wall();
          break;
        case 2:
          chain();
          break;
        default:
          one_colour_bishops();
          break;
      }
      const Color stm = rng_() % 2 ? Color::White : Color::Black;
      std::string fen = core::board_fen(board_, stm);
      if (core::parse_fen(fen).ok()) return fen;  // else an illegal placement: try again
    }
  }

 private:
  int roll(int n) { return int(rng_() % unsigned(n)); }

  bool place(char piece, int low_rank, int high_rank, int colour = -1) {
    for (int tries = 0; tries < kPlacementTries; ++tries) {
      const int rank = low_rank + roll(high_rank - low_rank + 1);
      const int file = roll(kFiles);
      if (colour >= 0 && (rank + file) % 2 != colour) continue;
      char& cell = board_[size_t(rank * kFiles + file)];
      if (cell != '.') continue;
      cell = piece;
      return true;
    }
    return false;
  }

  void pawn(char piece, int rank, int file) {
    if (rank >= 1 && rank <= 6) board_[size_t(rank * kFiles + file)] = piece;
  }

  // Pairs (a white pawn blocked head-on by a black one) that cannot take each
  // other: on every other file, or zig-zagging a rank up and down from file to
  // file. Now and then a file is left open, or its white pawn stands a rank or two
  // behind its blocker (pawns that can still move before the wall locks).
  void wall() {
    const int base = 2 + roll(3);
    const bool zigzag = roll(2) == 0;
    const int parity = roll(2);
    const bool full = roll(10) < 7;
    for (int file = 0; file < kFiles; ++file) {
      if (!zigzag && file % 2 != parity) continue;
      if (!full && roll(6) == 0) continue;
      const int rank = zigzag ? base + (file + parity) % 2 : base;
      const int gap = roll(7) == 0 ? 1 + roll(2) : 0;
      pawn('P', rank - gap, file);
      pawn('p', rank + 1, file);
    }
    kings_and_pieces(base);
  }

  // A diagonal pawn chain over part of the board (each pawn protected by the one
  // behind it), the other files zig-zagging.
  void chain() {
    const int start = 1 + roll(2);
    const int first = roll(4);
    for (int file = 0; file < kFiles; ++file) {
      const int step = file - first;
      int rank = step >= 0 && step < 5 ? start + step : start + 4 * (step >= 5) + (file % 2);
      if (rank > 5) rank = 5 - (file % 2);
      if (roll(8) == 0) continue;
      pawn('P', rank, file);
      pawn('p', rank + 1, file);
    }
    kings_and_pieces(start + 1);
  }

  // Bishops all on one square colour, pawns locked on the other colour.
  void one_colour_bishops() {
    const int colour = roll(2);
    const int base = 2 + roll(3);
    for (int file = 0; file < kFiles; ++file) {
      if (roll(3) == 0) continue;
      int rank = base;
      if ((rank + file) % 2 == colour) rank += 1;  // the pawn stands on the other colour
      if (rank + 1 > 6) continue;
      pawn('P', rank, file);
      pawn('p', rank + 1, file);
    }
    place('K', 0, 7);
    place('k', 0, 7);
    const int bishops = 1 + roll(3);
    for (int i = 0; i < bishops; ++i) place(roll(2) ? 'B' : 'b', 0, 7, colour);
  }

  void kings_and_pieces(int wall_rank) {
    const bool mixed = roll(8) == 0;
    place('K', 0, mixed ? 7 : wall_rank);
    place('k', mixed ? 0 : wall_rank + 1, 7);
    const int pieces = roll(4);
    for (int i = 0; i < pieces; ++i) {
      const char piece = "BbBbBbNnRrQq"[roll(12)];
      const bool white = piece >= 'A' && piece <= 'Z';
      const bool own_side = roll(10) != 0;
      if (white == own_side)
        place(piece, 0, wall_rank);
      else
        place(piece, wall_rank + 1, 7);
    }
  }

  std::mt19937_64 rng_;
  std::string board_;
};

// One side: 'W'/'B' when a helpmate line replays to mate, '-' when the pure
// walk explored every reachable position without one, '?' otherwise.
char label_side(const core::Position& pos, Color winner, uint64_t walk_budget) {
  const char can = winner == Color::White ? 'W' : 'B';
  for (int plan = 0; plan < helpmate_plan_count(pos, winner); ++plan) {
    HelpmateLimits limits = kLabelSearch;
    limits.plan = plan;
    const HelpmateResult found = find_helpmate(pos, winner, limits);
    if (found.found && is_helpmate_line(pos, winner, found.line)) return can;
  }
  const ReachabilityResult walk =
      explore_reachable(pos, winner, walk_budget, ReachabilityLeaves::Material);
  if (walk.outcome == ReachabilityOutcome::MateFound && is_helpmate_line(pos, winner, walk.line))
    return can;
  if (walk.outcome == ReachabilityOutcome::NoMate) return '-';
  return '?';
}

}  // namespace

std::vector<std::string> generate_hard_positions(int count, uint64_t seed) {
  Generator generator(seed);
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) out.push_back(generator.next());
  return out;
}

std::string label_position(const core::Position& pos, uint64_t walk_budget) {
  std::string label;
  for (Color c : {Color::White, Color::Black}) label += label_side(pos, c, walk_budget);
  return label;
}

}  // namespace arbiter::rules
