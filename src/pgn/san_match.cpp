// Fast SAN matching: reverse attacks from the destination give the few
// candidate origins; a pin and check test keeps the legal ones. Castling is
// tested directly.
#include "arbiter/pgn/san_match.h"

#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"
#include "core/attacks.h"

namespace arbiter::pgn {

namespace {

using core::Bitboard;
using core::Color;
using core::Move;
using core::MoveKind;
using core::PieceType;
using core::Position;
using core::Square;

struct Pattern {
  PieceType piece = PieceType::Pawn;
  int from_file = -1, from_rank = -1;
  Square to = Square::None;
  PieceType promotion = PieceType::None;
};

// The same reading as core::parse_san (castling aside), but giving up (false)
// on anything core would reject, so that core reports it.
bool parse_pattern(std::string_view s, Pattern& p) {
  s = core::strip_san_decorations(s);
  if (s.size() < 2) return false;
  if (PieceType pt = core::san_piece_from_letter(s.front()); pt != PieceType::None) {
    p.piece = pt;
    s.remove_prefix(1);
  }
  if (s.size() >= 3 && !core::is_rank_char(s.back())) {
    char c = s.back();
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    PieceType promo = core::san_piece_from_letter(c);
    if (promo == PieceType::None || promo == PieceType::King || p.piece != PieceType::Pawn)
      return false;
    p.promotion = promo;
    s.remove_suffix(1);
    if (!s.empty() && s.back() == '=') s.remove_suffix(1);
  }
  if (s.size() < 2 || !core::is_file_char(s[s.size() - 2]) || !core::is_rank_char(s.back()))
    return false;
  p.to = core::make_square(s[s.size() - 2] - 'a', s.back() - '1');
  s.remove_suffix(2);
  for (char c : s) {
    if (core::is_file_char(c) && p.from_file < 0)
      p.from_file = c - 'a';
    else if (core::is_rank_char(c) && p.from_rank < 0)
      p.from_rank = c - '1';
    else if (c != 'x' && c != ':' && c != '-')
      return false;
  }
  return true;
}

// Whether moving from -> to (not castling) leaves the mover's king safe.
bool is_legal_step(const Position& pos, Square from, Square to, bool en_passant, Bitboard pinned) {
  Color us = pos.side_to_move();
  Square king = pos.king_square(us);
  if (from == king) {
    Bitboard occupied = pos.pieces() ^ core::square_bb(from);
    return !pos.attacked_by(~us, to, occupied);
  }
  if (en_passant) return pos.en_passant_is_legal(from, to);
  Bitboard checkers = pos.checkers();
  if (checkers) {
    if (core::more_than_one(checkers)) return false;
    Square checker = core::lsb(checkers);
    if (!core::contains(core::between(king, checker) | checkers, to)) return false;
  }
  return !core::contains(pinned, from) || core::aligned(from, to, king);
}

// Pieces of type `pt` (not a pawn) of colour `us` that attack `to`.
Bitboard attackers_of_type(const Position& pos, Color us, PieceType pt, Square to,
                           Bitboard occupied) {
  const Bitboard own = pos.pieces(us, pt);
  switch (pt) {
    case PieceType::Knight:
      return core::knight_attacks(to) & own;
    case PieceType::King:
      return core::king_attacks(to) & own;
    case PieceType::Bishop:
      return core::unblocked(to, core::bishop_rays(to) & own, occupied);
    case PieceType::Rook:
      return core::unblocked(to, core::rook_rays(to) & own, occupied);
    case PieceType::Queen:
      return core::unblocked(to, (core::rook_rays(to) | core::bishop_rays(to)) & own, occupied);
    default:
      return 0;
  }
}

// Origins of the legal moves of piece type `pt` onto `to` (castling aside).
// Pawns: pushes only when `captures` is false, pushes and captures otherwise.
// `en_passant` tells whether pawn captures onto `to` are en passant.
Bitboard legal_origins(const Position& pos, PieceType pt, Square to, bool captures,
                       bool& en_passant) {
  Color us = pos.side_to_move();
  Bitboard own = pos.pieces(us);
  en_passant = false;
  if (core::contains(own, to)) return 0;
  Bitboard occupied = pos.pieces();
  Bitboard origins = 0;
  if (pt != PieceType::Pawn) {
    origins = attackers_of_type(pos, us, pt, to, occupied);
  } else {
    Bitboard pawns = pos.pieces(us, PieceType::Pawn);
    int push = core::pawn_push(us);
    if (pos.empty(to)) {
      Square one = to - push;
      if (core::is_ok(one) && core::contains(pawns, one)) {
        origins |= core::square_bb(one);
      } else if (core::is_ok(one) && pos.empty(one) &&
                 core::relative_rank(us, core::rank_of(to)) == core::kRank4) {
        Square two = one - push;
        if (core::contains(pawns, two)) origins |= core::square_bb(two);
      }
    }
    if (captures) {
      Bitboard capturers = core::pawn_attacks(~us, to) & pawns;
      if (core::contains(pos.pieces(~us), to)) {
        origins |= capturers;
      } else if (to == pos.en_passant_square() && capturers) {
        origins |= capturers;
        en_passant = true;
      }
    }
  }
  if (!origins) return 0;
  // Only a man on a line from its king can be pinned (most moves: none).
  const Square king = pos.king_square(us);
  const bool may_be_pinned = origins & (core::rook_rays(king) | core::bishop_rays(king));
  Bitboard pinned = may_be_pinned ? pos.pinned(us, us) : 0;
  Bitboard legal = 0;
  for (Square from : core::squares(origins)) {
    bool ep = en_passant && core::file_of(from) != core::file_of(to);
    if (is_legal_step(pos, from, to, ep, pinned)) legal |= core::square_bb(from);
  }
  return legal;
}

void push_square(SanText& t, Square s) {
  t.push(char('a' + core::file_of(s)));
  t.push(char('1' + core::rank_of(s)));
}

// SAN of a non-castling move given the other legal origins of its piece type.
SanText spell(const Position& pos, Move m, PieceType pt, Bitboard origins) {
  SanText t;
  Square from = m.from(), to = m.to();
  bool capture = pos.is_capture(m);
  if (pt == PieceType::Pawn) {
    if (capture) t.push(char('a' + core::file_of(from)));
  } else {
    t.push(core::kSanPieceLetters[core::index(pt)]);
    Bitboard others = origins & ~core::square_bb(from);
    if (others) {
      if (!(others & core::file_bb(from)))
        t.push(char('a' + core::file_of(from)));
      else if (!(others & core::rank_bb(from)))
        t.push(char('1' + core::rank_of(from)));
      else
        push_square(t, from);
    }
  }
  if (capture) t.push('x');
  push_square(t, to);
  if (m.is_promotion()) {
    t.push('=');
    t.push(core::kSanPieceLetters[core::index(m.promotion())]);
  }
  return t;
}

// The castling `san` names if it is castling and legal; none otherwise.
Move legal_castling(const Position& pos, std::string_view san) {
  const std::string_view s = core::strip_san_decorations(san);
  core::CastlingSide side;
  if (s == "O-O" || s == "0-0")
    side = core::CastlingSide::King;
  else if (s == "O-O-O" || s == "0-0-0")
    side = core::CastlingSide::Queen;
  else
    return Move::none();
  if (!pos.castling_is_legal(side)) return Move::none();
  const Color us = pos.side_to_move();
  return Move(pos.king_square(us), pos.castling_rook(us, side), MoveKind::Castling);
}

Move make(Square from, Square to, PieceType pt, bool en_passant, PieceType promotion) {
  if (en_passant) return Move(from, to, MoveKind::EnPassant);
  if (pt == PieceType::Pawn && promotion != PieceType::None)
    return Move(from, to, MoveKind::Promotion, promotion);
  return Move(from, to);
}

}  // namespace

namespace {

// match_san's search: the move, and the legal origins of its piece type onto its
// destination (for spelling it); castling gives no origins.
bool find_san_move(const Position& pos, std::string_view san, Move& move, PieceType& piece,
                   Bitboard& origins) {
  if (san[0] == 'O' || san[0] == '0') {
    move = legal_castling(pos, san);
    return bool(move);
  }
  Pattern p;
  if (!parse_pattern(san, p)) return false;
  Color us = pos.side_to_move();
  // A pawn named without its file moves straight ahead (as in core).
  bool captures = p.piece != PieceType::Pawn || p.from_file >= 0;
  bool en_passant;
  origins = legal_origins(pos, p.piece, p.to, captures, en_passant);
  Bitboard matched = origins;
  if (p.from_file >= 0) matched &= core::file_bb(p.from_file);
  if (p.from_rank >= 0) matched &= core::rank_bb(p.from_rank);
  if (!matched || core::more_than_one(matched)) return false;
  if (p.piece == PieceType::Pawn) {
    bool last_rank = core::relative_rank(us, core::rank_of(p.to)) == core::kRank8;
    if (last_rank != (p.promotion != PieceType::None)) return false;
  }
  Square from = core::lsb(matched);
  bool ep = en_passant && core::file_of(from) != core::file_of(p.to);
  move = make(from, p.to, p.piece, ep, p.promotion);
  piece = p.piece;
  return true;
}

}  // namespace

bool match_san(const Position& pos, std::string_view san, Move& move, SanText& text) {
  PieceType piece = PieceType::None;
  Bitboard origins = 0;
  if (!find_san_move(pos, san, move, piece, origins)) return false;
  text = move.is_castling() ? san_without_suffix(pos, move) : spell(pos, move, piece, origins);
  return true;
}

bool match_san(const Position& pos, std::string_view san, Move& move) {
  PieceType piece = PieceType::None;
  Bitboard origins = 0;
  return find_san_move(pos, san, move, piece, origins);
}

SanText san_without_suffix(const Position& pos, Move m) {
  if (m.is_castling()) {
    SanText t;
    bool king_side = core::castling_side(m.from(), m.to()) == core::CastlingSide::King;
    for (char c : king_side ? std::string_view("O-O") : std::string_view("O-O-O")) t.push(c);
    return t;
  }
  PieceType pt = core::type_of(pos.moved_piece(m));
  bool en_passant;
  Bitboard origins = legal_origins(pos, pt, m.to(), true, en_passant);
  return spell(pos, m, pt, origins);
}

char check_suffix(const Position& after) {
  if (!after.in_check()) return 0;
  return core::has_no_legal_moves(after) ? '#' : '+';
}

}  // namespace arbiter::pgn
