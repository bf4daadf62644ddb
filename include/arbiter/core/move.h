// A move in 16 bits: from (6), to (6), kind (2), promotion piece (2).
// Castling is stored as "king takes own rook" so Chess960 needs no special case.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

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
// The storage is raw bytes, so that a new list costs nothing: an array of Move
// (zero by its member initialiser) was zero-filled on every construction, 512
// bytes for each list of every node, which was most of the move picker's set-up.
// Only the first size() moves are ever read; each was constructed by push_back.
class MoveList {
 public:
  static constexpr size_t kCapacity = 256;

  MoveList() {}
  MoveList(const MoveList& other) : size_(other.size_) { copy_from(other); }
  MoveList& operator=(const MoveList& other) {
    if (this == &other) return *this;  // memcpy onto itself is undefined
    size_ = other.size_;
    copy_from(other);
    return *this;
  }

  void push_back(Move m) { new (&storage_[size_++ * sizeof(Move)]) Move(m); }
  constexpr size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr void clear() { size_ = 0; }
  Move operator[](size_t i) const { return data()[i]; }
  Move& operator[](size_t i) { return data()[i]; }
  const Move* begin() const { return data(); }
  const Move* end() const { return data() + size_; }
  Move* begin() { return data(); }
  Move* end() { return data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  // Move is trivially copyable and destructible: a byte array holds it.
  static_assert(std::is_trivially_copyable_v<Move> && std::is_trivially_destructible_v<Move>);
  Move* data() { return std::launder(reinterpret_cast<Move*>(storage_)); }
  const Move* data() const { return std::launder(reinterpret_cast<const Move*>(storage_)); }
  // Only the moves in use: the rest of the storage was never written.
  void copy_from(const MoveList& other) {
    std::memcpy(storage_, other.storage_, size_ * sizeof(Move));
  }

  alignas(Move) std::byte storage_[kCapacity * sizeof(Move)];
  size_t size_ = 0;
};

}  // namespace arbiter::core
