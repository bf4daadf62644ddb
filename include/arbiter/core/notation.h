// Move notation: UCI long algebraic (both castling conventions) and SAN.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/core/result.h"

namespace arbiter::core {

std::string square_name(Square s);

// Piece letters of SAN, indexed by PieceType ("N" for knights; pawns have none).
inline constexpr std::string_view kSanPieceLetters = "  NBRQK";
// The piece a SAN letter names (N B R Q K), or PieceType::None.
constexpr PieceType san_piece_from_letter(char c) {
  size_t i = kSanPieceLetters.find(c);
  return (i == std::string_view::npos || i < 2) ? PieceType::None : PieceType(i);
}
// SAN without its trailing check, mate and annotation marks (+ # ! ?).
constexpr std::string_view strip_san_decorations(std::string_view s) {
  while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?'))
    s.remove_suffix(1);
  return s;
}
constexpr bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank_char(char c) { return c >= '1' && c <= '8'; }

// "e2e4", "e7e8q", "0000" for the null move. Castling is king-to-destination
// ("e1g1") in standard chess and king-takes-rook ("e1h1") when chess960 is set.
std::string to_uci(Move m, bool chess960);

// Parses a UCI move and checks that it is legal here. In standard chess both
// castling spellings are accepted; in Chess960 only king-takes-rook.
Result<Move> parse_uci_move(const Position& pos, std::string_view text, bool chess960);

// Standard algebraic notation with minimal disambiguation, "=Q", "+" and "#".
std::string to_san(const Position& pos, Move m);

// Reads SAN leniently as to decoration (O-O or 0-0, e8=Q or e8Q, trailing + # ! ?)
// and strictly as to meaning: the move must be legal and unambiguous.
Result<Move> parse_san(const Position& pos, std::string_view text);

}  // namespace arbiter::core
