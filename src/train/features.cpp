// Record -> features: walk the occupied squares in increasing order, reading
// one nibble each (colour * 8 + type), and index both perspectives with the
// same feature_index the engine uses, so trainer and engine cannot disagree.
#include "arbiter/train/features.h"

#include <bit>

namespace arbiter::train {

namespace {

using datagen::PackedPosition;
namespace nnue = eval::nnue;

constexpr int kFileMask = 7;  // square ^ 7 reflects the file, keeps the rank

}  // namespace

bool decode_features(const PackedPosition& record, SampleFeatures& out, bool mirror_files) {
  const int file_flip = mirror_files ? kFileMask : 0;
  const int men = std::popcount(record.occupancy);
  if (men > nnue::kMaxMen) return false;
  const core::Color stm = record.side_to_move();
  const core::Color other = stm == core::Color::White ? core::Color::Black : core::Color::White;
  uint64_t occupied = record.occupancy;
  for (int i = 0; i < men; ++i) {
    const int square = std::countr_zero(occupied);
    occupied &= occupied - 1;
    const uint8_t code = record.code_at(i);
    int type = code & PackedPosition::kTypeMask;
    if (type == 0) return false;
    // A rook that keeps its castling right is still a rook to the network.
    if (type == PackedPosition::kCastlingRookType) type = core::index(core::PieceType::Rook);
    const core::Piece piece =
        core::make_piece(core::Color(code >> PackedPosition::kColourShift), core::PieceType(type));
    const core::Square sq = core::Square(square ^ file_flip);
    out.stm[i] = uint16_t(nnue::feature_index(stm, piece, sq));
    out.other[i] = uint16_t(nnue::feature_index(other, piece, sq));
  }
  out.count = men;
  out.bucket = nnue::output_bucket(men);
  return true;
}

}  // namespace arbiter::train
