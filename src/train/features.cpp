// Record -> features: walk the occupied squares in increasing order, reading
// one nibble each (colour * 8 + type), and index both perspectives with the
// same feature_index the engine uses, so trainer and engine cannot disagree.
#include "arbiter/train/features.h"

#include <array>
#include <bit>

namespace arbiter::train {

namespace {

using datagen::PackedPosition;
namespace nnue = eval::nnue;

constexpr int kFileMask = 7;  // square ^ 7 reflects the file, keeps the rank

}  // namespace

bool decode_features(const PackedPosition& record, SampleFeatures& out, bool mirror_files,
                     nnue::InputLayout layout) {
  const int file_flip = mirror_files ? kFileMask : 0;
  const int men = std::popcount(record.occupancy);
  if (men > nnue::kMaxMen) return false;
  const core::Color stm = record.side_to_move();
  const core::Color other = stm == core::Color::White ? core::Color::Black : core::Color::White;
  // The men first, then the rows: a perspective's frame needs its king's square.
  std::array<core::Piece, nnue::kMaxMen> pieces;
  std::array<core::Square, nnue::kMaxMen> squares;
  std::array<core::Square, core::kNumColors> kings = {core::Square::A1, core::Square::A1};
  uint64_t occupied = record.occupancy;
  for (int i = 0; i < men; ++i) {
    const int square = std::countr_zero(occupied);
    occupied &= occupied - 1;
    const uint8_t code = record.code_at(i);
    int type = code & PackedPosition::kTypeMask;
    if (type == 0) return false;
    // A rook that keeps its castling right is still a rook to the network.
    if (type == PackedPosition::kCastlingRookType) type = core::index(core::PieceType::Rook);
    pieces[size_t(i)] =
        core::make_piece(core::Color(code >> PackedPosition::kColourShift), core::PieceType(type));
    squares[size_t(i)] = core::Square(square ^ file_flip);
    if (core::type_of(pieces[size_t(i)]) == core::PieceType::King)
      kings[size_t(core::index(core::color_of(pieces[size_t(i)])))] = squares[size_t(i)];
  }
  const nnue::InputFrame stm_frame =
      nnue::input_frame(layout, stm, kings[size_t(core::index(stm))]);
  const nnue::InputFrame other_frame =
      nnue::input_frame(layout, other, kings[size_t(core::index(other))]);
  for (int i = 0; i < men; ++i) {
    out.stm[size_t(i)] =
        uint16_t(nnue::feature_index(stm_frame, stm, pieces[size_t(i)], squares[size_t(i)]));
    out.other[size_t(i)] =
        uint16_t(nnue::feature_index(other_frame, other, pieces[size_t(i)], squares[size_t(i)]));
  }
  out.count = men;
  out.bucket = nnue::output_bucket(men);
  return true;
}

}  // namespace arbiter::train
