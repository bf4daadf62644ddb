// The NNUE's input features: which of the first layer's rows a man on a square
// selects, seen from one perspective. A net says its input layout in its header,
// so one engine plays nets of every layout (a new layout is screened against the
// default net in the same binary):
//
//   plain     768 rows: (own/their) x 6 types x 64 squares, the square seen from
//             the perspective's side (Black flips ranks: sq ^ 56)
//   mirrored  the same rows, but the board is also reflected a <-> h while the
//             perspective's own king stands on files e-h, so the net always sees
//             its king on files a-d and can tell "the king's wing" from the other
//   kings4    mirrored, with four sets of 768 rows chosen by where the own king
//             stands (kKingBucketOfSquare): the pieces' values depend on it
//
// A perspective's frame (square transform and first row) changes only when its
// own king moves to another half of the board or another bucket; the
// accumulators then compute that perspective afresh (nnue_accumulator.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "arbiter/core/types.h"

namespace arbiter::eval::nnue {

inline constexpr int kPieceTypes = 6;
inline constexpr int kInputs = 2 * kPieceTypes * core::kNumSquares;  // 768 rows per king bucket

enum class InputLayout : uint32_t { Plain = 0, Mirrored = 1, Kings4 = 2 };
inline constexpr InputLayout kInputLayouts[] = {InputLayout::Plain, InputLayout::Mirrored,
                                                InputLayout::Kings4};

constexpr const char* layout_name(InputLayout layout) {
  switch (layout) {
    case InputLayout::Mirrored:
      return "mirrored";
    case InputLayout::Kings4:
      return "kings4";
    default:
      return "plain";
  }
}

// The layout of a header's number, if this engine knows it.
constexpr std::optional<InputLayout> layout_from_number(uint32_t number) {
  for (InputLayout layout : kInputLayouts)
    if (uint32_t(layout) == number) return layout;
  return std::nullopt;
}

constexpr std::optional<InputLayout> layout_from_name(std::string_view name) {
  for (InputLayout layout : kInputLayouts)
    if (name == layout_name(layout)) return layout;
  return std::nullopt;
}

// kings4's buckets, indexed by the own king's square as the perspective sees it
// after mirroring (files a-d only; a8-side rows are the perspective's far side):
// 0 the castled corner (a1-c1, where g1, h1 and f1 land), 1 the home square (d1,
// where e1 lands), 2 the second rank, 3 anywhere further up (endings, walks).
inline constexpr int kKings4Buckets = 4;
inline constexpr std::array<uint8_t, core::kNumSquares> kKingBucketOfSquare = [] {
  std::array<uint8_t, core::kNumSquares> buckets{};
  for (int sq = 0; sq < core::kNumSquares; ++sq) {
    const int rank = sq / 8, file = sq % 8;
    buckets[size_t(sq)] = rank == 0 ? (file <= 2 ? 0 : 1) : (rank == 1 ? 2 : 3);
  }
  return buckets;
}();

constexpr int king_buckets(InputLayout layout) {
  return layout == InputLayout::Kings4 ? kKings4Buckets : 1;
}
// The first layer's rows for a layout.
constexpr int input_rows(InputLayout layout) { return kInputs * king_buckets(layout); }

// How one perspective indexes its rows while its king stays in one place class.
struct InputFrame {
  uint8_t square_xor = 0;  // 56 flips ranks for Black, 7 reflects files
  uint32_t row_base = 0;   // first row of the king bucket
  constexpr bool operator==(const InputFrame&) const = default;
};

inline constexpr int kRankFlip = 56;          // sq ^ 56: the same file, the rank seen from Black
inline constexpr int kFileFlip = 7;           // sq ^ 7: the same rank, the file reflected a <-> h
inline constexpr int kFirstMirroredFile = 4;  // files e-h are reflected to d-a

constexpr InputFrame input_frame(InputLayout layout, core::Color perspective,
                                 core::Square own_king) {
  InputFrame frame;
  frame.square_xor = perspective == core::Color::White ? 0 : kRankFlip;
  if (layout == InputLayout::Plain) return frame;
  const int king = core::index(own_king) ^ frame.square_xor;
  if (king % 8 >= kFirstMirroredFile) frame.square_xor ^= kFileFlip;
  if (layout == InputLayout::Kings4)
    frame.row_base =
        uint32_t(kKingBucketOfSquare[size_t(core::index(own_king) ^ frame.square_xor)]) * kInputs;
  return frame;
}

// The row of `piece` on `sq` for a perspective in `frame`.
constexpr int feature_index(InputFrame frame, core::Color perspective, core::Piece piece,
                            core::Square sq) {
  const bool own = core::color_of(piece) == perspective;
  return int(frame.row_base) + (own ? 0 : 1) * kPieceTypes * core::kNumSquares +
         (core::index(core::type_of(piece)) - 1) * core::kNumSquares +
         (core::index(sq) ^ frame.square_xor);
}

// The plain layout's row (its frame does not depend on the king).
constexpr int feature_index(core::Color perspective, core::Piece piece, core::Square sq) {
  return feature_index(input_frame(InputLayout::Plain, perspective, core::Square::A1), perspective,
                       piece, sq);
}

}  // namespace arbiter::eval::nnue
