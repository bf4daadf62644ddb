// Exhaustive reachability: a depth-first walk over every position reachable
// from the root, with a table of visited positions.
//
// Soundness of a NoMate answer: every stored position that is not a leaf has
// been expanded (all its legal moves visited) at least once, so the stored set is
// closed under legal moves; the walk saw no mate in it. A position cut by the
// depth limit and never expanded later makes the answer Incomplete, as does a
// full table or the budget. Positions are identified by their key plus the
// occupancy, so a key collision alone cannot merge two positions.
#include "arbiter/rules/mate_reachability.h"

#include <algorithm>
#include <unordered_set>

#include "arbiter/core/movegen.h"
#include "arbiter/rules/fixed_men.h"
#include "arbiter/rules/structure_proof.h"
#include "arbiter/rules/unwinnability.h"

namespace arbiter::rules {

using core::Bitboard;
using core::Color;
using core::Key;
using core::Move;
using core::Position;

namespace {

constexpr int kMaxDepth = 400;             // recursion bound; deeper nodes stay unexpanded
constexpr size_t kMinTableSize = 1 << 12;  // slots; always a power of two
constexpr size_t kMaxTableSize = 1 << 22;
constexpr int kMaxLoadPercent = 60;  // beyond this the walk gives up (Incomplete)
// The static proof at every position the walk meets: small, since it runs often.
constexpr StructureProofLimits kLeafStructureLimits{.max_structures = 64};

struct Slot {
  Key key = 0;
  Bitboard occupied = 0;
  uint32_t generation = 0;
  int16_t depth = 0;  // the largest remaining depth this position was reached with
  bool expanded = false;
};

// Reused by every walk on this thread; a generation tag marks the live slots.
struct VisitTable {
  std::vector<Slot> slots;
  uint32_t generation = 0;
};
thread_local VisitTable tl_visits;

// Whose mates the walk looks for.
enum class Seeking : uint8_t { OneSide, EitherSide };

class Walker {
 public:
  Walker(const Position& root, Color winner, uint64_t budget, ReachabilityLeaves leaves,
         Seeking seeking = Seeking::OneSide)
      : pos_(root), winner_(winner), budget_(budget), leaves_(leaves), seeking_(seeking) {
    size_t wanted = kMinTableSize;
    while (wanted < kMaxTableSize && wanted * kMaxLoadPercent / 100 < budget) wanted *= 2;
    if (tl_visits.slots.size() < wanted) {
      tl_visits.slots.assign(wanted, Slot{});
      tl_visits.generation = 0;
    }
    if (++tl_visits.generation == 0) {  // wrapped: clear for real
      std::fill(tl_visits.slots.begin(), tl_visits.slots.end(), Slot{});
      tl_visits.generation = 1;
    }
    mask_ = tl_visits.slots.size() - 1;
    capacity_ = tl_visits.slots.size() * kMaxLoadPercent / 100;
  }

  ReachabilityResult run() {
    ReachabilityResult r;
    bool mate = visit(kMaxDepth);
    r.nodes = nodes_;
    if (mate) {
      r.outcome = ReachabilityOutcome::MateFound;
      r.line = line_;
      r.winner = ~pos_.side_to_move();  // the walk stops on the mated position
    } else if (!aborted_ && unexpanded_ == 0) {
      r.outcome = ReachabilityOutcome::NoMate;
    }
    return r;
  }

 private:
  // The slot for the current position, inserted if new; nullptr if the table is full.
  Slot* find_or_insert(bool& inserted) {
    const Key key = pos_.key();
    const Bitboard occupied = pos_.pieces();
    for (size_t i = key & mask_;; i = (i + 1) & mask_) {
      Slot& s = tl_visits.slots[i];
      if (s.generation != tl_visits.generation) {
        if (used_ >= capacity_) return nullptr;
        ++used_;
        s = Slot{key, occupied, tl_visits.generation, -1, false};
        inserted = true;
        return &s;
      }
      if (s.key == key && s.occupied == occupied) return &s;
    }
  }

  bool visit(int depth) {
    if (aborted_) return false;
    if (++nodes_ > budget_) {
      aborted_ = true;
      return false;
    }
    bool inserted = false;
    Slot* slot = find_or_insert(inserted);
    if (!slot) {
      aborted_ = true;
      return false;
    }
    if (!inserted && slot->depth >= depth) return false;  // seen with at least this depth

    core::MoveList moves;
    if (inserted) {
      core::generate_legal(pos_, moves);
      if (moves.empty()) {  // a leaf: mate of the loser, or a dead end
        slot->depth = kMaxDepth;
        slot->expanded = true;
        return pos_.in_check() &&
               (seeking_ == Seeking::EitherSide || pos_.side_to_move() == ~winner_);
      }
      const bool settled = leaves_ == ReachabilityLeaves::Static
                               ? static_leaf()
                               : unwinnable_by_material(pos_, winner_);
      if (settled) {
        slot->depth = kMaxDepth;
        slot->expanded = true;
        return false;
      }
    }
    slot->depth = int16_t(depth);
    if (depth == 0) {
      if (inserted) ++unexpanded_;
      return false;
    }
    if (!slot->expanded) {
      if (!inserted) --unexpanded_;
      slot->expanded = true;
    }
    if (!inserted) core::generate_legal(pos_, moves);
    for (Move m : moves) {
      core::UndoInfo undo;
      pos_.make_move(m, undo);
      line_.push_back(m);
      bool mate = visit(depth - 1);
      if (mate) return true;  // keep the line; the position no longer matters
      line_.pop_back();
      pos_.unmake_move(m, undo);
      if (aborted_) return false;
    }
    return false;
  }

  // Whether the static proofs settle the current position. They look at the
  // pawns and at where the kings can go, so a failure is remembered for the
  // pawns, the number of men and the kings' squares, and not tried again for
  // a position that differs only in where the other pieces stand (a bishop
  // shuffling in a pocket would otherwise pay for a proof at every square).
  // Only completeness is at stake: a position not settled here is expanded.
  bool static_leaf() {
    if (seeking_ == Seeking::OneSide && unwinnable_by_material(pos_, winner_)) return true;
    const Key shape = static_shape_key();
    if (failed_static_.contains(shape)) return false;
    const bool settled = seeking_ == Seeking::EitherSide ? statically_dead_position(pos_)
                                                         : statically_unwinnable(pos_, winner_);
    if (!settled) failed_static_.insert(shape);
    return settled;
  }

  Key static_shape_key() const {
    constexpr Key kMix = 0x9E3779B97F4A7C15ull;  // golden-ratio multiplier: spreads the fields
    Key key = pos_.pieces(Color::White, core::PieceType::Pawn) * kMix;
    key ^= (pos_.pieces(Color::Black, core::PieceType::Pawn) + key) * kMix;
    key ^= Key(core::popcount(pos_.pieces())) << 48 ^
           Key(core::index(pos_.king_square(Color::White))) << 40 ^
           Key(core::index(pos_.king_square(Color::Black))) << 32 ^
           Key(pos_.castling_rights()) << 24;
    return key;
  }

  Position pos_;
  const Color winner_;
  const uint64_t budget_;
  const ReachabilityLeaves leaves_;
  const Seeking seeking_;
  uint64_t nodes_ = 0;
  size_t mask_ = 0;
  size_t capacity_ = 0;
  size_t used_ = 0;
  int64_t unexpanded_ = 0;
  bool aborted_ = false;
  std::vector<Move> line_;
  std::unordered_set<Key> failed_static_;  // shapes whose static proofs failed
};

}  // namespace

bool statically_unwinnable(const Position& pos, Color winner) {
  return unwinnable_by_material(pos, winner) ||
         prove_by_fixed_men(pos).unwinnable[core::index(winner)] ||
         structure_proves_unwinnable(pos, winner, kLeafStructureLimits);
}

bool statically_dead_position(const Position& pos) {
  bool proven[core::kNumColors];
  for (Color c : {Color::White, Color::Black})
    proven[core::index(c)] = unwinnable_by_material(pos, c);
  if (proven[0] && proven[1]) return true;
  const FixedMenProof fixed = prove_by_fixed_men(pos);
  for (int c : {0, 1}) proven[c] = proven[c] || fixed.unwinnable[c];
  if (proven[0] && proven[1]) return true;
  const StructureProof rest =
      prove_by_structures(pos, !proven[0], !proven[1], kLeafStructureLimits);
  for (int c : {0, 1}) proven[c] = proven[c] || rest.unwinnable[c];
  return proven[0] && proven[1];
}

ReachabilityResult explore_reachable_either(const Position& pos, uint64_t node_budget) {
  return Walker(pos, Color::White, node_budget, ReachabilityLeaves::Static, Seeking::EitherSide)
      .run();
}

ReachabilityResult explore_reachable(const Position& pos, Color winner, uint64_t node_budget,
                                     ReachabilityLeaves leaves) {
  return Walker(pos, winner, node_budget, leaves).run();
}

}  // namespace arbiter::rules
