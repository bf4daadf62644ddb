// The pawn-structure proof of unwinnability: a walk over the pawn structures a
// position can reach, with the other men abstracted into regions (see the header).
#include "unwinnability/structure_proof.h"

#include <array>
#include <span>
#include <vector>

#include "core/attacks.h"
#include "unwinnability/piece_regions.h"

namespace arbiter::rules {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Position;
using core::Square;

namespace {

constexpr int kMaxMen = 32;  // kings and pieces; pawns are the structure
constexpr int kWhite = core::index(Color::White);
constexpr int kBlack = core::index(Color::Black);

struct Man {
  PieceType type;
  Color color;
};

struct Structure {
  Bitboard pawns[core::kNumColors] = {};
  Square ep = Square::None;  // a pawn may be taken en passant on this square
  std::array<Bitboard, kMaxMen> region{};
  bool queued = false;
};

// Open addressing over structure indices, by a hash of the pawns and the
// en-passant square. Reused by every proof on this thread.
struct Scratch {
  std::vector<Structure> structures;
  std::vector<int> table;  // -1: empty
  std::vector<int> work;
};
thread_local Scratch tl_scratch;

uint64_t structure_hash(const Bitboard (&pawns)[core::kNumColors], Square ep) {
  uint64_t h = pawns[kWhite] * 0x9E3779B97F4A7C15ULL;
  h ^= (pawns[kBlack] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
  h ^= uint64_t(core::index(ep)) * 0x165667B19E3779F9ULL;
  return h ^ (h >> 29);
}

bool on_last_rank(Color c, Square s) {
  return core::rank_of(s) == core::relative_rank(c, core::kRank8);
}

class StructureWalk {
 public:
  StructureWalk(const Position& pos, bool white, bool black, const StructureProofLimits& limits)
      : limits_(limits), s_(tl_scratch) {
    asked_[kWhite] = white;
    asked_[kBlack] = black;
    s_.structures.clear();
    s_.work.clear();
    size_t table_size = 16;
    while (table_size < size_t(limits.max_structures) * 2) table_size *= 2;
    s_.table.assign(table_size, -1);

    Structure root;
    for (Color c : {Color::White, Color::Black}) {
      root.pawns[core::index(c)] = pos.pieces(c, PieceType::Pawn);
      for (Square sq : core::squares(pos.pieces(c) & ~pos.pieces(PieceType::Pawn))) {
        const PieceType type = core::type_of(pos.piece_on(sq));
        if (type == PieceType::King) king_[core::index(c)] = men_count_;
        root.region[men_count_] = regions::castling_seed(pos, c, sq);
        men_[men_count_++] = {type, c};
      }
    }
    root.ep = pos.en_passant_square();
    insert(root.pawns, root.ep, root.region);
  }

  StructureProof run() {
    StructureProof proof;
    while (!aborted_ && !s_.work.empty()) {
      const int i = s_.work.back();
      s_.work.pop_back();
      s_.structures[i].queued = false;
      visit(i);
    }
    proof.structures = int(s_.structures.size());
    proof.complete = !aborted_;
    for (int c : {kWhite, kBlack})
      proof.unwinnable[c] = asked_[c] && !aborted_ && !mate_conceivable_[c];
    return proof;
  }

 private:
  // Adds the structure, or widens its regions by `seeds`; queues it when either
  // is new. Reaching the limit stops the walk (aborted_).
  void insert(const Bitboard (&pawns)[core::kNumColors], Square ep,
              const std::array<Bitboard, kMaxMen>& seeds) {
    const Bitboard occupied = pawns[kWhite] | pawns[kBlack];
    const size_t mask = s_.table.size() - 1;
    for (size_t slot = structure_hash(pawns, ep) & mask;; slot = (slot + 1) & mask) {
      int& entry = s_.table[slot];
      if (entry < 0) {
        if (int(s_.structures.size()) >= limits_.max_structures) {
          aborted_ = true;
          return;
        }
        entry = int(s_.structures.size());
        Structure& fresh = s_.structures.emplace_back();
        fresh.pawns[kWhite] = pawns[kWhite];
        fresh.pawns[kBlack] = pawns[kBlack];
        fresh.ep = ep;
        for (int m = 0; m < men_count_; ++m) fresh.region[m] = seeds[m] & ~occupied;
        fresh.queued = true;
        s_.work.push_back(entry);
        return;
      }
      Structure& known = s_.structures[entry];
      if (known.pawns[kWhite] != pawns[kWhite] || known.pawns[kBlack] != pawns[kBlack] ||
          known.ep != ep)
        continue;
      bool grew = false;
      for (int m = 0; m < men_count_; ++m) {
        const Bitboard added = seeds[m] & ~occupied & ~known.region[m];
        known.region[m] |= added;
        grew |= added != 0;
      }
      if (grew && !known.queued) {
        known.queued = true;
        s_.work.push_back(entry);
      }
      return;
    }
  }

  void visit(int index) {
    // Copied: inserting successors may move the vector.
    Structure st = s_.structures[index];
    const Bitboard occupied = st.pawns[kWhite] | st.pawns[kBlack];
    const Bitboard pawn_attacks[core::kNumColors] = {
        core::pawn_attacks_bb(Color::White, st.pawns[kWhite]),
        core::pawn_attacks_bb(Color::Black, st.pawns[kBlack])};

    // 1. Regions: flood each man around the pawns; a king avoids the enemy pawns' attacks.
    std::array<regions::PieceRegion, kMaxMen> pieces;
    int piece_count = 0;
    Bitboard piece_squares[core::kNumColors] = {};  // where a pawn may find a piece to take
    for (int m = 0; m < men_count_; ++m) {
      const Man man = men_[m];
      Bitboard allowed = ~occupied;
      if (man.type == PieceType::King) allowed &= ~pawn_attacks[core::index(~man.color)];
      st.region[m] = regions::flood(man.type, st.region[m], allowed);
      if (man.type == PieceType::King) continue;
      pieces[piece_count++] = {man.type, man.color, st.region[m]};
      piece_squares[core::index(man.color)] |= st.region[m];
    }
    s_.structures[index].region = st.region;

    // 2. A mate in this structure, for each side not yet shown able to mate somewhere.
    const std::span<const regions::PieceRegion> piece_span(pieces.data(), piece_count);
    for (Color winner : {Color::White, Color::Black}) {
      const int w = core::index(winner);
      if (!asked_[w] || mate_conceivable_[w]) continue;
      const Bitboard flight_space = ~occupied & ~pawn_attacks[w];
      const Bitboard winner_king = st.region[king_[w]];
      for (Square k : core::squares(st.region[king_[core::index(~winner)]])) {
        if (regions::mate_conceivable_on(piece_span, winner, k, flight_space, winner_king,
                                         pawn_attacks[w])) {
          mate_conceivable_[w] = true;
          break;
        }
      }
    }
    if ((!asked_[kWhite] || mate_conceivable_[kWhite]) &&
        (!asked_[kBlack] || mate_conceivable_[kBlack])) {
      aborted_ = true;  // nothing left to prove
      return;
    }

    // 3. Successors: every pawn move that could ever be played here.
    for (Color c : {Color::White, Color::Black}) {
      const int us = core::index(c), them = core::index(~c);
      const int forward = core::pawn_push(c);
      for (Square from : core::squares(st.pawns[us])) {
        const Square to = from + forward;
        if (!core::contains(occupied, to)) {
          if (!pawn_move(st, c, from, to, Square::None, Square::None)) return;
          const Square two = to + forward;
          if (core::rank_of(from) == core::relative_rank(c, core::kRank2) &&
              !core::contains(occupied, two)) {
            // En passant is possible next if an enemy pawn attacks the square passed.
            const Square ep = core::pawn_attacks(c, to) & st.pawns[them] ? to : Square::None;
            if (!pawn_move(st, c, from, two, Square::None, ep)) return;
          }
        }
        for (Square target : core::squares(core::pawn_attacks(c, from))) {
          if (core::contains(st.pawns[them], target)) {
            if (!pawn_move(st, c, from, target, target, Square::None)) return;
            continue;
          }
          if (target == st.ep && core::rank_of(target) == core::relative_rank(c, core::kRank6) &&
              !pawn_move(st, c, from, target, target - forward, Square::None))
            return;
          if (core::contains(piece_squares[them], target) &&
              !pawn_move(st, c, from, target, Square::None, Square::None))
            return;
        }
      }
    }
    // 4. Successors: a piece (or an unprotected pawn's king neighbour) takes a pawn.
    for (int m = 0; m < men_count_ && !aborted_; ++m) {
      const Man man = men_[m];
      const int them = core::index(~man.color);
      Bitboard targets = regions::step(man.type, st.region[m]) & st.pawns[them];
      if (man.type == PieceType::King) targets &= ~pawn_attacks[them];
      for (Square target : core::squares(targets)) {
        Bitboard pawns[core::kNumColors] = {st.pawns[kWhite], st.pawns[kBlack]};
        pawns[them] &= ~core::square_bb(target);
        std::array<Bitboard, kMaxMen> seeds = st.region;
        seeds[m] |= core::square_bb(target);
        insert(pawns, Square::None, seeds);
        if (aborted_) return;
      }
    }
  }

  // A pawn of colour c moves from `from` to `to`, taking the pawn on `taken`
  // (Square::None: none, or a piece). False when the walk must stop: a promotion
  // (the new piece could go anywhere) or the limit.
  bool pawn_move(const Structure& st, Color c, Square from, Square to, Square taken, Square ep) {
    if (on_last_rank(c, to)) {
      aborted_ = true;
      return false;
    }
    Bitboard pawns[core::kNumColors] = {st.pawns[kWhite], st.pawns[kBlack]};
    pawns[core::index(c)] ^= core::square_bb(from) | core::square_bb(to);
    if (taken != Square::None) pawns[core::index(~c)] &= ~core::square_bb(taken);
    insert(pawns, ep, st.region);
    return !aborted_;
  }

  const StructureProofLimits limits_;
  Scratch& s_;
  std::array<Man, kMaxMen> men_{};
  int men_count_ = 0;
  int king_[core::kNumColors] = {};
  bool asked_[core::kNumColors] = {};
  bool mate_conceivable_[core::kNumColors] = {};
  bool aborted_ = false;
};

}  // namespace

StructureProof prove_by_structures(const Position& pos, bool white, bool black,
                                   const StructureProofLimits& limits) {
  return StructureWalk(pos, white, black, limits).run();
}

bool structure_proves_unwinnable(const Position& pos, Color winner,
                                 const StructureProofLimits& limits) {
  const bool white = winner == Color::White;
  return prove_by_structures(pos, white, !white, limits).unwinnable[core::index(winner)];
}

}  // namespace arbiter::rules
