// A move in 16 bits: from (6), to (6), kind (2), promotion piece (2).
// Castling is stored as "king takes own rook" so Chess960 needs no special case.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "arbiter/core/types.h"

namespace arbiter::core {

enum class MoveKind : uint8_t { Normal, Promotion, EnPassant, Castling };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal,
                 PieceType promotion = PieceType::Knight)
      : bits_(uint16_t(index(from) | (index(to) << 6) | (int(kind) << 12) |
                       ((int(promotion) - int(PieceType::Knight)) << 14))) {}

  static constexpr Move none() { return Move(); }
  // "0000" in UCI: not a move, but a value the protocol layers need to talk about.
  static constexpr Move null() { return from_bits(kNullBits); }
  static constexpr Move from_bits(uint16_t bits) {
    Move m;
    m.bits_ = bits;
    return m;
  }

  constexpr Square from() const { return Square(bits_ & 63); }
  constexpr Square to() const { return Square((bits_ >> 6) & 63); }
  constexpr MoveKind kind() const { return MoveKind((bits_ >> 12) & 3); }
  constexpr PieceType promotion() const {
    return PieceType(((bits_ >> 14) & 3) + int(PieceType::Knight));
  }
  constexpr bool is_promotion() const { return kind() == MoveKind::Promotion; }
  constexpr bool is_castling() const { return kind() == MoveKind::Castling; }
  constexpr bool is_en_passant() const { return kind() == MoveKind::EnPassant; }
  constexpr uint16_t bits() const { return bits_; }
  constexpr bool is_ok() const { return bits_ != 0 && bits_ != kNullBits; }
  constexpr explicit operator bool() const { return bits_ != 0; }

  constexpr bool operator==(const Move&) const = default;

 private:
  // from == to == b1 cannot be a real move; it marks the null move.
  static constexpr uint16_t kNullBits = 1 | (1 << 6);
  uint16_t bits_ = 0;
};

// Fixed-capacity list: no chess position has more than 218 legal moves.
class MoveList {
 public:
  static constexpr size_t kCapacity = 256;

  constexpr void push_back(Move m) { moves_[size_++] = m; }
  constexpr size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr void clear() { size_ = 0; }
  constexpr Move operator[](size_t i) const { return moves_[i]; }
  constexpr Move& operator[](size_t i) { return moves_[i]; }
  constexpr const Move* begin() const { return moves_.data(); }
  constexpr const Move* end() const { return moves_.data() + size_; }
  constexpr Move* begin() { return moves_.data(); }
  constexpr Move* end() { return moves_.data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, kCapacity> moves_;
  size_t size_ = 0;
};

}  // namespace arbiter::core
