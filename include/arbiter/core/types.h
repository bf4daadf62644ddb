// Basic chess vocabulary shared by every module: colours, pieces, squares.
#pragma once

#include <cstdint>

namespace arbiter::core {

enum class Color : uint8_t { White, Black };
constexpr int kNumColors = 2;

constexpr Color operator~(Color c) { return Color(uint8_t(c) ^ 1); }
constexpr int index(Color c) { return int(c); }

enum class PieceType : uint8_t { None, Pawn, Knight, Bishop, Rook, Queen, King };
constexpr int kNumPieceTypes = 7;  // including None, so PieceType indexes arrays directly

constexpr int index(PieceType pt) { return int(pt); }

// Piece = colour * 8 + type; 0 is the empty square.
enum class Piece : uint8_t {
  None = 0,
  WhitePawn = 1,
  WhiteKnight,
  WhiteBishop,
  WhiteRook,
  WhiteQueen,
  WhiteKing,
  BlackPawn = 9,
  BlackKnight,
  BlackBishop,
  BlackRook,
  BlackQueen,
  BlackKing,
};
constexpr int kNumPieces = 16;

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(int(c) * 8 + int(pt)); }
constexpr PieceType type_of(Piece p) { return PieceType(int(p) & 7); }
constexpr Color color_of(Piece p) { return Color(int(p) >> 3); }
constexpr int index(Piece p) { return int(p); }

// Squares a1 = 0 .. h8 = 63; None = 64.
enum class Square : uint8_t {
  A1,
  B1,
  C1,
  D1,
  E1,
  F1,
  G1,
  H1,
  A2,
  B2,
  C2,
  D2,
  E2,
  F2,
  G2,
  H2,
  A3,
  B3,
  C3,
  D3,
  E3,
  F3,
  G3,
  H3,
  A4,
  B4,
  C4,
  D4,
  E4,
  F4,
  G4,
  H4,
  A5,
  B5,
  C5,
  D5,
  E5,
  F5,
  G5,
  H5,
  A6,
  B6,
  C6,
  D6,
  E6,
  F6,
  G6,
  H6,
  A7,
  B7,
  C7,
  D7,
  E7,
  F7,
  G7,
  H7,
  A8,
  B8,
  C8,
  D8,
  E8,
  F8,
  G8,
  H8,
  None
};
constexpr int kNumSquares = 64;

constexpr int index(Square s) { return int(s); }
constexpr Square square_at(int i) { return Square(i); }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return int(s) & 7; }
constexpr int rank_of(Square s) { return int(s) >> 3; }
constexpr bool is_ok(Square s) { return int(s) < kNumSquares; }
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }
// The same square seen from the other side of the board (a1 <-> a8).
constexpr Square flip_rank(Square s) { return Square(int(s) ^ 56); }
// The square as seen by colour c (White sees it as is).
constexpr Square relative_square(Color c, Square s) { return c == Color::White ? s : flip_rank(s); }
constexpr int relative_rank(Color c, int rank) { return c == Color::White ? rank : 7 - rank; }

constexpr int kFileA = 0, kFileH = 7;
constexpr int kRank1 = 0, kRank2 = 1, kRank3 = 2, kRank4 = 3, kRank5 = 4, kRank6 = 5, kRank7 = 6,
              kRank8 = 7;

// One step forward for colour c, in square-index units.
constexpr int pawn_push(Color c) { return c == Color::White ? 8 : -8; }

// Castling rights: one bit per colour and side. "King side" is the rook on the
// king's h-file side, "queen side" the rook on its a-file side (Chess960 too).
enum class CastlingSide : uint8_t { King, Queen };
constexpr int kNumCastlingRights = 4;
constexpr int castling_index(Color c, CastlingSide s) { return int(c) * 2 + int(s); }
constexpr uint8_t castling_bit(Color c, CastlingSide s) {
  return uint8_t(1u << castling_index(c, s));
}
constexpr uint8_t kAllCastling = 0xF;
constexpr uint8_t castling_bits_of(Color c) { return c == Color::White ? 0x3 : 0xC; }

}  // namespace arbiter::core
