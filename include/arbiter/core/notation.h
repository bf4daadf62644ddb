// Move notation: UCI long algebraic (both castling conventions) and SAN.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"
#include "arbiter/core/result.h"

namespace arbiter::core {

std::string square_name(Square s);

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
