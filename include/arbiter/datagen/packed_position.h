// Arbiter training data: the on-disk format written by `arbiter datagen` and
// read by `arbiter train`. Everything about the format is declared here.
//
// File = FileHeader (256 bytes) followed by PackedPosition records (32 bytes
// each), all integers little-endian. A file only ever grows by whole games:
// the writer appends a game's records, flushes, then rewrites the header's
// counters, so an interrupted run resumes by truncating to
// header + records * 32 and starting again at game `games` (each game's
// randomness is derived from (seed, game index), so the resumed file is
// byte-identical to an uninterrupted one).
//
// PackedPosition (32 bytes):
//   occupancy   u64  squares a1 = bit 0 .. h8 = bit 63 holding a man
//   pieces      16B  one nibble per occupied square, in increasing square
//                    order, low nibble first: colour * 8 + type (Pawn = 1 ..
//                    King = 6); type 7 marks a rook that still has its
//                    castling right (so Chess960 rights survive packing)
//   flags       u8   bit 0: Black to move; bit 1: Chess960 position
//   ep_square   u8   en passant square when a capture there is legal, else 64
//   halfmove    u8   halfmove clock (saturates at 255)
//   fullmove    u8   fullmove number (saturates at 255)
//   score       i16  search score in centipawns, side to move's view
//   result      u8   game result, side to move's view: 0 loss, 1 draw, 2 win
//   reserved    u8   0
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "arbiter/core/position.h"

namespace arbiter::datagen {

inline constexpr std::array<char, 8> kDataMagic = {'A', 'R', 'B', 'D', 'A', 'T', 'A', '\0'};
inline constexpr uint32_t kDataVersion = 1;
inline constexpr size_t kFileHeaderSize = 256;
inline constexpr size_t kSettingsTextSize = 192;
inline constexpr uint8_t kNoEnPassant = 64;

enum class WdlResult : uint8_t { Loss = 0, Draw = 1, Win = 2 };

struct PackedPosition {
  uint64_t occupancy = 0;
  std::array<uint8_t, 16> pieces{};
  uint8_t flags = 0;
  uint8_t ep_square = kNoEnPassant;
  uint8_t halfmove = 0;
  uint8_t fullmove = 1;
  int16_t score = 0;
  uint8_t result = uint8_t(WdlResult::Draw);
  uint8_t reserved = 0;

  static constexpr uint8_t kBlackToMove = 1;
  static constexpr uint8_t kChess960 = 2;
  static constexpr uint8_t kCastlingRookType = 7;
  // A man's code: colour << kColourShift | type, one nibble.
  static constexpr int kCodeBits = 4;
  static constexpr uint8_t kCodeMask = 0xf;
  static constexpr int kColourShift = 3;
  static constexpr uint8_t kTypeMask = 7;

  static constexpr uint8_t man_code(core::Color c, int type) {
    return uint8_t(int(c) << kColourShift | type);
  }
  // The code of the i-th man in increasing square order.
  uint8_t code_at(int i) const { return (pieces[i / 2] >> (kCodeBits * (i % 2))) & kCodeMask; }
  // Writes the i-th man's code into a nibble still zero.
  void add_code(int i, uint8_t code) { pieces[i / 2] |= uint8_t(code << (kCodeBits * (i % 2))); }

  // Score and result are from `pos`'s side to move's point of view.
  static PackedPosition pack(const core::Position& pos, int score, WdlResult result);
  // The position back (castling rights, en passant, counters included); nullopt
  // when the record is not a valid position (corrupt file).
  std::optional<core::Position> unpack() const;
  core::Color side_to_move() const {
    return (flags & kBlackToMove) ? core::Color::Black : core::Color::White;
  }
  WdlResult wdl() const { return WdlResult(result); }

  bool operator==(const PackedPosition&) const = default;
};
static_assert(sizeof(PackedPosition) == 32, "the record is 32 bytes on disk");

// The file header. `settings` is free text (NUL padded) naming how the data was
// made: engine version, evaluation, node budget, random plies, adjudication,
// seed; a resumed run must have the same settings.
struct FileHeader {
  std::array<char, 8> magic = kDataMagic;
  uint32_t version = kDataVersion;
  uint32_t record_size = sizeof(PackedPosition);
  uint64_t games = 0;                        // complete games whose records follow
  uint64_t positions = 0;                    // records that follow
  uint64_t wins = 0, draws = 0, losses = 0;  // games, from White's side
  std::array<char, kSettingsTextSize> settings{};
  std::array<char, 256 - 8 - 4 - 4 - 8 * 5 - kSettingsTextSize> reserved{};

  std::string settings_text() const;
  void set_settings_text(const std::string& text);  // truncated to fit
};
static_assert(sizeof(FileHeader) == kFileHeaderSize, "the header is 256 bytes on disk");

}  // namespace arbiter::datagen
