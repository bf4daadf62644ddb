// Legal move generation, by category, for the search, the rules and perft.
// Pure functions of the position: safe on any number of threads at once.
#pragma once

#include <cstdint>

#include "arbiter/core/move.h"
#include "arbiter/core/position.h"

namespace arbiter::core {

enum class GenType : uint8_t {
  All,    // every legal move
  Noisy,  // captures (en passant included) and promotions (all four pieces)
  Quiet,  // everything else, castling included
};

// Appends the legal moves of the category to `moves` (which is not cleared first).
template <GenType Type>
void generate(const Position& pos, MoveList& moves);

inline void generate_legal(const Position& pos, MoveList& moves) {
  generate<GenType::All>(pos, moves);
}

// Number of legal moves, counted without building a list (perft's last ply).
uint64_t count_legal_moves(const Position& pos);

// Whether the side to move has any legal move, answered at the first one found
// (mate and stalemate tests run after every ply of every adjudicated game).
bool has_legal_move(const Position& pos);

// The number of legal moves when it is at most `cap`, otherwise some number
// above `cap`: a lower bound counted without generating the moves (the moves of
// pieces that are not pinned, pawn pushes, safe king steps) settles most
// positions, the full count the rest. The adjudicator asks it after every ply
// (no move: mate or stalemate; one: a forced line).
uint64_t count_legal_moves_capped(const Position& pos, uint64_t cap);

// True when the side to move has no legal move: checkmate or stalemate.
inline bool has_no_legal_moves(const Position& pos) { return !has_legal_move(pos); }
inline bool is_checkmate(const Position& pos) { return pos.in_check() && has_no_legal_moves(pos); }
inline bool is_stalemate(const Position& pos) { return !pos.in_check() && has_no_legal_moves(pos); }

}  // namespace arbiter::core
