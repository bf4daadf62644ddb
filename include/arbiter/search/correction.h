// Correction history: how far searches found the static evaluation off for
// positions with the same pawn structure (by side to move). The static
// evaluation the pruning decisions see is the network's plus this correction,
// so a structure the net misjudges stops misleading RFP, futility and null move.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "arbiter/core/position.h"
#include "arbiter/search/score.h"

namespace arbiter::search {

class CorrectionHistory {
 public:
  static constexpr int kEntries = 16384;      // power of two: indexed by the key's top bits
  static constexpr int kGrain = 64;           // entries hold 1/kGrain centipawns
  static constexpr int kMaxCorrection = 256;  // centipawns, either way
  static constexpr int kWeightScale = 256;    // update weights are out of this
  static constexpr int kMaxWeight = 16;       // a deep result moves the average this much at most

  void clear() {
    for (auto& side : table_) side.fill(0);
  }

  // The static evaluation corrected, kept inside the non-mate range.
  int corrected(const core::Position& pos, int raw_eval) const {
    const int corrected = raw_eval + entry(pos) / kGrain;
    return std::clamp(corrected, -kMateInMaxPly + 1, kMateInMaxPly - 1);
  }

  // A search of `depth` found the position worth `searched`; its raw static
  // evaluation was `raw_eval`. Moves the entry towards the difference, deeper
  // searches more (an exponential moving average).
  void update(const core::Position& pos, int searched, int raw_eval, int depth) {
    const int target = std::clamp(searched - raw_eval, -kMaxCorrection, kMaxCorrection) * kGrain;
    const int weight = std::min(depth + 1, kMaxWeight);
    int16_t& e = entry(pos);
    e = int16_t((e * (kWeightScale - weight) + target * weight) / kWeightScale);
  }

  // A hash of both sides' pawns; the position's Zobrist key mixes in everything else.
  static uint64_t pawn_hash(const core::Position& pos) {
    constexpr uint64_t kMulWhite = 0x9E3779B97F4A7C15ULL, kMulBlack = 0xC2B2AE3D27D4EB4FULL;
    uint64_t h = pos.pieces(core::Color::White, core::PieceType::Pawn) * kMulWhite;
    h ^= (pos.pieces(core::Color::Black, core::PieceType::Pawn) * kMulBlack) >> 1;
    h ^= h >> 29;
    return h * kMulWhite;
  }

 private:
  static constexpr int kIndexShift = 64 - 14;
  static_assert(kEntries == 1 << (64 - kIndexShift));
  static_assert(kMaxCorrection * kGrain <= INT16_MAX);

  int16_t& entry(const core::Position& pos) {
    return table_[core::index(pos.side_to_move())][pawn_hash(pos) >> kIndexShift];
  }
  int entry(const core::Position& pos) const {
    return table_[core::index(pos.side_to_move())][pawn_hash(pos) >> kIndexShift];
  }

  std::array<std::array<int16_t, kEntries>, core::kNumColors> table_{};
};

}  // namespace arbiter::search
