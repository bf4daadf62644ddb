// Correction history: how far searches found the static evaluation off for
// positions with the same pawn structure, and for those with the same pieces of
// one side (by side to move). The static evaluation the pruning decisions see is
// the network's plus a weighted sum of these corrections, so a structure the net
// misjudges stops misleading futility, null move and ProbCut.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "arbiter/core/position.h"
#include "arbiter/search/score.h"
#include "arbiter/search/tunables.h"

namespace arbiter::search {

class CorrectionHistory {
 public:
  static constexpr int kEntries = 16384;      // power of two: indexed by a hash's top bits
  static constexpr int kGrain = 64;           // entries hold 1/kGrain centipawns
  static constexpr int kMaxCorrection = 256;  // centipawns, either way
  static constexpr int kWeightScale = 256;    // update weights are out of this
  static constexpr int kMaxWeight = 16;       // a deep result moves the average this much at most
  static constexpr int kPercent = 100;        // table weights are in percent

  void clear() {
    for (auto& side : pawn_) side.fill(0);
    for (auto& side : non_pawn_)
      for (auto& owner : side) owner.fill(0);
  }

  // The static evaluation corrected, kept inside the non-mate range; left raw
  // where a tuning build switches the step off.
  int corrected(const core::Position& pos, int raw_eval) const {
    if (!tune::kStepCorrectionHistory) return raw_eval;
    const Slots s = slots(pos);
    const int pawn = pawn_[s.side][s.pawn];
    const int non_pawn = non_pawn_[s.side][0][s.non_pawn[0]] + non_pawn_[s.side][1][s.non_pawn[1]];
    const int correction =
        (pawn * tune::kCorrectionPawnWeight + non_pawn * tune::kCorrectionNonPawnWeight) /
        (kPercent * kGrain);
    return std::clamp(raw_eval + correction, -kMateInMaxPly + 1, kMateInMaxPly - 1);
  }

  // A search of `depth` found the position worth `searched`; its raw static
  // evaluation was `raw_eval`. Moves each entry towards the difference, deeper
  // searches more (an exponential moving average).
  void update(const core::Position& pos, int searched, int raw_eval, int depth) {
    if (!tune::kStepCorrectionHistory) return;
    const int target = std::clamp(searched - raw_eval, -kMaxCorrection, kMaxCorrection) * kGrain;
    const int weight = std::min(depth + 1, kMaxWeight);
    const Slots s = slots(pos);
    move_towards(pawn_[s.side][s.pawn], target, weight);
    move_towards(non_pawn_[s.side][0][s.non_pawn[0]], target, weight);
    move_towards(non_pawn_[s.side][1][s.non_pawn[1]], target, weight);
  }

  // A hash of both sides' pawns; the position's Zobrist key mixes in everything else.
  static uint64_t pawn_hash(const core::Position& pos) {
    uint64_t h = pos.pieces(core::Color::White, core::PieceType::Pawn) * kMulWhite;
    h ^= (pos.pieces(core::Color::Black, core::PieceType::Pawn) * kMulBlack) >> 1;
    return finish(h);
  }

  // A hash of one side's pieces other than pawns, king included (where it stands
  // says much about how safe those pieces are).
  static uint64_t non_pawn_hash(const core::Position& pos, core::Color c) {
    using core::PieceType;
    uint64_t h = 0;
    int shift = 0;
    for (PieceType t :
         {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King})
      h ^= (pos.pieces(c, t) * kMulWhite) >> shift++;
    return finish(h ^ (uint64_t(core::index(c)) * kMulBlack));
  }

 private:
  static constexpr int kIndexShift = 64 - 14;
  static constexpr uint64_t kMulWhite = 0x9E3779B97F4A7C15ULL, kMulBlack = 0xC2B2AE3D27D4EB4FULL;
  static_assert(kEntries == 1 << (64 - kIndexShift));
  static_assert(kMaxCorrection * kGrain <= INT16_MAX);

  static uint64_t finish(uint64_t h) {
    h ^= h >> 29;
    return h * kMulWhite;
  }
  static void move_towards(int16_t& e, int target, int weight) {
    e = int16_t((e * (kWeightScale - weight) + target * weight) / kWeightScale);
  }

  struct Slots {
    int side;                           // side to move
    size_t pawn;                        // index into the pawn table
    size_t non_pawn[core::kNumColors];  // index into each side's non-pawn table
  };
  static Slots slots(const core::Position& pos) {
    return {core::index(pos.side_to_move()),
            size_t(pawn_hash(pos) >> kIndexShift),
            {size_t(non_pawn_hash(pos, core::Color::White) >> kIndexShift),
             size_t(non_pawn_hash(pos, core::Color::Black) >> kIndexShift)}};
  }

  using Table = std::array<int16_t, kEntries>;
  std::array<Table, core::kNumColors> pawn_{};
  std::array<std::array<Table, core::kNumColors>, core::kNumColors> non_pawn_{};
};

}  // namespace arbiter::search
