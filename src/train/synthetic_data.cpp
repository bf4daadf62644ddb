// Random material-labelled positions: easy for a small net to learn, so a
// falling loss shows the trainer works.
#include "arbiter/train/synthetic_data.h"

#include <algorithm>
#include <array>

#include "arbiter/core/types.h"
#include "arbiter/train/rng.h"

namespace arbiter::train {

namespace {

using datagen::PackedPosition;
using datagen::WdlResult;

constexpr int kMaxExtraMenPerSide = 14;
constexpr int kDecisiveMargin = 300;  // centipawns of material for a win
constexpr int kBoardSquares = 64;
constexpr int kPawnFirstSquare = 8;  // pawns stay off the first and last ranks
constexpr int kPawnLastSquare = 55;

// Piece types a random man may be (King excluded), weighted like real games:
// pawns most often.
constexpr std::array<core::PieceType, 10> kRandomTypes = {
    core::PieceType::Pawn,   core::PieceType::Pawn,   core::PieceType::Pawn,
    core::PieceType::Pawn,   core::PieceType::Knight, core::PieceType::Bishop,
    core::PieceType::Knight, core::PieceType::Bishop, core::PieceType::Rook,
    core::PieceType::Queen};

int material_value(core::PieceType type) {
  switch (type) {
    case core::PieceType::Pawn:
      return 100;
    case core::PieceType::Knight:
    case core::PieceType::Bishop:
      return 300;
    case core::PieceType::Rook:
      return 500;
    case core::PieceType::Queen:
      return 900;
    default:
      return 0;
  }
}

}  // namespace

PackedPosition pack_men(std::vector<PlacedMan> men, bool black_to_move, int score,
                        WdlResult result) {
  std::sort(men.begin(), men.end());
  PackedPosition record;
  for (size_t i = 0; i < men.size(); ++i) {
    record.occupancy |= uint64_t(1) << men[i].first;
    record.add_code(int(i), men[i].second);
  }
  record.flags = black_to_move ? PackedPosition::kBlackToMove : 0;
  record.score = int16_t(score);
  record.result = uint8_t(result);
  return record;
}

std::vector<PackedPosition> synthetic_material_records(size_t count, uint64_t seed) {
  SplitMix64 rng(seed);
  std::vector<PackedPosition> records;
  records.reserve(count);
  std::vector<PlacedMan> men;
  for (size_t n = 0; n < count; ++n) {
    men.clear();
    uint64_t used = 0;
    auto place = [&](uint8_t man, int lowest, int highest) {
      for (;;) {
        const int sq = lowest + int(rng.next_below(uint64_t(highest - lowest + 1)));
        if (used & (uint64_t(1) << sq)) continue;
        used |= uint64_t(1) << sq;
        men.emplace_back(sq, man);
        return;
      }
    };
    int balance = 0;  // White minus Black
    for (int colour = 0; colour < 2; ++colour) {
      place(PackedPosition::man_code(core::Color(colour), core::index(core::PieceType::King)), 0,
            kBoardSquares - 1);
      const int extra = int(rng.next_below(kMaxExtraMenPerSide + 1));
      for (int k = 0; k < extra; ++k) {
        const core::PieceType type = kRandomTypes[rng.next_below(kRandomTypes.size())];
        const bool pawn = type == core::PieceType::Pawn;
        place(PackedPosition::man_code(core::Color(colour), core::index(type)),
              pawn ? kPawnFirstSquare : 0, pawn ? kPawnLastSquare : kBoardSquares - 1);
        balance += (colour == 0 ? 1 : -1) * material_value(type);
      }
    }
    const bool black_to_move = rng.next() & 1;
    const int score = black_to_move ? -balance : balance;
    const WdlResult result = score >= kDecisiveMargin    ? WdlResult::Win
                             : score <= -kDecisiveMargin ? WdlResult::Loss
                                                         : WdlResult::Draw;
    records.push_back(pack_men(men, black_to_move, score, result));
  }
  return records;
}

}  // namespace arbiter::train
