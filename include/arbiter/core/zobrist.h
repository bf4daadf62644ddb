// Zobrist keys, generated at compile time from a fixed seed so every build
// hashes identically (the engine's bench node count depends on it).
#pragma once

#include <array>
#include <cstdint>

#include "arbiter/core/types.h"

namespace arbiter::core {

using Key = uint64_t;

namespace zobrist {

struct Keys {
  std::array<std::array<Key, kNumSquares>, kNumPieces> piece_square{};
  // Castling keyed per colour and rook file: rights are per rook (Chess960, FIDE 9.2.3).
  std::array<std::array<Key, 8>, kNumColors> castling{};
  std::array<Key, 8> en_passant_file{};
  Key side_to_move = 0;
};

constexpr Keys make_keys() {
  // splitmix64: well-distributed, trivially constexpr.
  uint64_t state = 0x41524249544552ULL;  // "ARBITER"
  auto next = [&state]() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  Keys k;
  for (auto& row : k.piece_square)
    for (auto& key : row) key = next();
  for (auto& row : k.castling)
    for (auto& key : row) key = next();
  for (auto& key : k.en_passant_file) key = next();
  k.side_to_move = next();
  return k;
}

inline constexpr Keys kKeys = make_keys();

constexpr Key piece_square(Piece p, Square s) { return kKeys.piece_square[index(p)][index(s)]; }
constexpr Key castling(Color c, int rook_file) { return kKeys.castling[index(c)][rook_file]; }
constexpr Key en_passant(Square s) { return kKeys.en_passant_file[file_of(s)]; }
constexpr Key side_to_move() { return kKeys.side_to_move; }

}  // namespace zobrist
}  // namespace arbiter::core
