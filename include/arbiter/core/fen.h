// FEN reading and writing: standard FEN, X-FEN and Shredder-FEN castling.
// Reading is strict: a position that could not arise in a game of chess is
// rejected with a message naming the problem.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/core/position.h"
#include "arbiter/core/result.h"

namespace arbiter::core {

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// chess960: castling rights may name any rook (X-FEN or Shredder-FEN letters);
// otherwise they must be the standard ones (king on e1/e8, rooks in the corners).
Result<Position> parse_fen(std::string_view fen, bool chess960 = false);

enum class CastlingNotation {
  Auto,      // KQkq in standard chess, Shredder letters in Chess960
  XFen,      // KQkq where the outermost rook castles, file letters otherwise
  Shredder,  // always the rook's file letter (HAha)
};

// Why a placed position could not arise in a game, or an empty string if it could:
// kings, pawns on the back ranks, material, checks. Castling and en passant are
// checked while reading, since they depend on the FEN's own fields.
std::string impossibility(const Position& pos);

std::string to_fen(const Position& pos, CastlingNotation notation = CastlingNotation::Auto);

// A FEN from a 64-character board (index a1 = 0, '.' empty, piece letters as in
// FEN), no castling or en passant, counters 0 1. Not validated: parse_fen says
// whether it is a legal position.
std::string board_fen(std::string_view board, Color side_to_move);

}  // namespace arbiter::core
