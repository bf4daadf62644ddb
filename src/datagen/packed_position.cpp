// Packing positions into 32-byte training records and back.
#include "arbiter/datagen/packed_position.h"

#include <algorithm>
#include <cstring>

#include "arbiter/core/fen.h"

namespace arbiter::datagen {

namespace {

using core::Color;
using core::Piece;
using core::PieceType;
using core::Square;

constexpr int kMaxPackedMen = 32;
constexpr int kByteMax = 255;

// Rooks that carry a castling right, as a bitboard.
core::Bitboard castling_rooks(const core::Position& pos) {
  core::Bitboard rooks = 0;
  for (Color c : {Color::White, Color::Black})
    for (core::CastlingSide side : {core::CastlingSide::King, core::CastlingSide::Queen})
      if (pos.can_castle(c, side)) rooks |= core::square_bb(pos.castling_rook(c, side));
  return rooks;
}

}  // namespace

PackedPosition PackedPosition::pack(const core::Position& pos, int score, WdlResult result) {
  PackedPosition p;
  p.occupancy = pos.pieces();
  const core::Bitboard rights = castling_rooks(pos);
  int i = 0;
  for (Square s : core::squares(p.occupancy)) {
    if (i == kMaxPackedMen) break;  // a legal position never has more
    Piece piece = pos.piece_on(s);
    const uint8_t code = core::contains(rights, s)
                             ? man_code(core::color_of(piece), kCastlingRookType)
                             : man_code(core::color_of(piece), core::index(core::type_of(piece)));
    p.add_code(i++, code);
  }
  p.flags =
      (pos.side_to_move() == Color::Black ? kBlackToMove : 0) | (pos.is_chess960() ? kChess960 : 0);
  p.ep_square = pos.en_passant_square() == Square::None ? kNoEnPassant
                                                        : uint8_t(index(pos.en_passant_square()));
  p.halfmove = uint8_t(std::min(pos.halfmove_clock(), kByteMax));
  p.fullmove = uint8_t(std::clamp(pos.fullmove_number(), 1, kByteMax));
  p.score = int16_t(std::clamp(score, -32767, 32767));
  p.result = uint8_t(result);
  return p;
}

std::optional<core::Position> PackedPosition::unpack() const {
  if (core::popcount(occupancy) > kMaxPackedMen || result > uint8_t(WdlResult::Win) ||
      (ep_square != kNoEnPassant && ep_square >= core::kNumSquares))
    return std::nullopt;
  core::Position pos;
  pos.clear();
  pos.set_chess960(flags & kChess960);
  core::Bitboard castle_rooks = 0;
  int i = 0;
  for (Square s : core::squares(occupancy)) {
    const uint8_t code = code_at(i++);
    const int type = code & kTypeMask;
    if (type == 0) return std::nullopt;
    const Color c = Color(code >> kColourShift);
    if (type == kCastlingRookType) {
      castle_rooks |= core::square_bb(s);
      pos.put_piece(core::make_piece(c, PieceType::Rook), s);
    } else {
      pos.put_piece(core::make_piece(c, PieceType(type)), s);
    }
  }
  for (Color c : {Color::White, Color::Black})
    if (core::popcount(pos.pieces(c, PieceType::King)) != 1) return std::nullopt;
  for (Square s : core::squares(castle_rooks)) {
    const Color c = core::color_of(pos.piece_on(s));
    if (core::rank_of(s) != core::relative_rank(c, 0) ||
        core::rank_of(pos.king_square(c)) != core::rank_of(s))
      return std::nullopt;
    pos.add_castling_right(c, s);
  }
  pos.set_side_to_move(side_to_move());
  if (ep_square != kNoEnPassant) pos.set_en_passant_candidate(Square(ep_square));
  pos.set_counters(halfmove, std::max<int>(fullmove, 1));
  pos.finish_setup();
  if (!core::impossibility(pos).empty()) return std::nullopt;
  return pos;
}

std::string FileHeader::settings_text() const {
  return std::string(settings.data(), strnlen(settings.data(), settings.size()));
}

void FileHeader::set_settings_text(const std::string& text) {
  settings.fill('\0');
  std::memcpy(settings.data(), text.data(), std::min(text.size(), settings.size() - 1));
}

}  // namespace arbiter::datagen
