// Could this placement arise in a game? Kings, pawns, material and checks.
#include <string>

#include "arbiter/core/fen.h"
#include "core/attacks.h"

namespace arbiter::core {

namespace {

constexpr int kMaxPiecesPerSide = 16;
constexpr int kMaxPawns = 8;

const char* color_name(Color c) { return c == Color::White ? "White" : "Black"; }

bool is_slider(Piece p) {
  PieceType t = type_of(p);
  return t == PieceType::Bishop || t == PieceType::Rook || t == PieceType::Queen;
}

// Pieces beyond the initial set must be promoted pawns: at most one per missing pawn.
std::string material_impossibility(const Position& pos, Color c) {
  int total = popcount(pos.pieces(c));
  int pawns = pos.count(c, PieceType::Pawn);
  if (total > kMaxPiecesPerSide)
    return std::string(color_name(c)) + " has " + std::to_string(total) + " pieces (at most 16)";
  if (pawns > kMaxPawns)
    return std::string(color_name(c)) + " has " + std::to_string(pawns) + " pawns (at most 8)";
  auto extra = [&](PieceType pt, int initial) { return std::max(0, pos.count(c, pt) - initial); };
  int promoted = extra(PieceType::Queen, 1) + extra(PieceType::Rook, 2) +
                 extra(PieceType::Bishop, 2) + extra(PieceType::Knight, 2);
  if (promoted > kMaxPawns - pawns)
    return std::string(color_name(c)) + " has more pieces than promotions of its " +
           std::to_string(pawns) + " remaining pawns allow";
  return {};
}

std::string check_impossibility(const Position& pos) {
  Color us = pos.side_to_move();
  Square king = pos.king_square(us);
  Bitboard checkers = pos.attackers_to(king) & pos.pieces(~us);
  int n = popcount(checkers);
  if (n > 2) return std::to_string(n) + " pieces give check at once (at most 2 can)";
  if (n == 2) {
    Square a = lsb(checkers), b = msb(checkers);
    // A double check is a direct check plus a discovered one, and only sliders can be discovered.
    if (!is_slider(pos.piece_on(a)) && !is_slider(pos.piece_on(b)))
      return "double check by two pieces that cannot both give check after one move";
    // Two checkers on one line through the king: no single move reveals one and places the other.
    if (aligned(a, b, king)) return "double check along a single line is impossible";
  }
  return {};
}

}  // namespace

std::string impossibility(const Position& pos) {
  for (Color c : {Color::White, Color::Black}) {
    int kings = pos.count(c, PieceType::King);
    if (kings != 1)
      return std::string(color_name(c)) + " has " + std::to_string(kings) +
             " kings (needs exactly 1)";
  }
  if (pos.pieces(PieceType::Pawn) & (rank_bb(kRank1) | rank_bb(kRank8)))
    return "a pawn stands on the first or eighth rank";
  for (Color c : {Color::White, Color::Black})
    if (std::string e = material_impossibility(pos, c); !e.empty()) return e;
  Color them = ~pos.side_to_move();
  if (pos.attackers_to(pos.king_square(them)) & pos.pieces(pos.side_to_move()))
    return std::string("the side not to move (") + color_name(them) + ") is in check";
  return check_impossibility(pos);
}

}  // namespace arbiter::core
