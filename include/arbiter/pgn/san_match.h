// The reader's fast path for SAN: finds the move from the few pieces that can
// reach the destination instead of generating every legal move, and writes
// the normalised SAN (core::to_san's spelling) from the same candidates.
//
// It answers only when sure: malformed, illegal or ambiguous SAN return
// false, and the caller asks core::parse_san, whose verdict and error message
// are authoritative. Tests check it agrees with core on every legal move of
// many positions.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"

namespace arbiter::pgn {

// SAN text without heap allocation: "exd8=Q#" (7) is as long as SAN gets.
struct SanText {
  static constexpr size_t kCapacity = 8;
  std::array<char, kCapacity> chars{};
  uint8_t size = 0;

  void push(char c) { chars[size++] = c; }
  std::string_view view() const { return {chars.data(), size}; }
};

// The move `san` names in `pos` and its normalised SAN without the check
// suffix; false when the fast path is unsure (see above).
bool match_san(const core::Position& pos, std::string_view san, core::Move& move, SanText& text);

// The same without the spelling, for readers that keep no SAN text.
bool match_san(const core::Position& pos, std::string_view san, core::Move& move);

// Any legal move's SAN without the check suffix, as core::to_san writes it.
SanText san_without_suffix(const core::Position& pos, core::Move m);

// '+', '#' or 0 for the position after a move.
char check_suffix(const core::Position& after);

}  // namespace arbiter::pgn
