// Standard algebraic notation (SAN), written and read against the legal moves.
#include <string>

#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"

namespace arbiter::core {

namespace {

std::string check_suffix(const Position& pos, Move m) {
  Position after = pos;
  UndoInfo undo;
  after.make_move(m, undo);
  if (!after.in_check()) return {};
  return has_no_legal_moves(after) ? "#" : "+";
}

// What a SAN string asks for, before it is matched against the legal moves.
struct SanPattern {
  bool castling = false;
  CastlingSide castling_side = CastlingSide::King;
  PieceType piece = PieceType::Pawn;
  int from_file = -1, from_rank = -1;
  Square to = Square::None;
  PieceType promotion = PieceType::None;
};

std::string parse_pattern(std::string_view s, SanPattern& p) {
  if (s == "O-O" || s == "0-0") {
    p.castling = true;
    return {};
  }
  if (s == "O-O-O" || s == "0-0-0") {
    p.castling = true;
    p.castling_side = CastlingSide::Queen;
    return {};
  }
  if (s.empty()) return "empty move";
  if (PieceType pt = san_piece_from_letter(s.front()); pt != PieceType::None) {
    p.piece = pt;
    s.remove_prefix(1);
  }
  // Promotion suffix: "=Q", "Q" or "q" after the destination.
  if (s.size() >= 3 && !is_rank_char(s.back())) {
    char c = char(std::toupper(static_cast<unsigned char>(s.back())));
    PieceType promo = san_piece_from_letter(c);
    if (promo == PieceType::None || promo == PieceType::King) return "bad promotion piece";
    p.promotion = promo;
    s.remove_suffix(1);
    if (!s.empty() && s.back() == '=') s.remove_suffix(1);
  }
  if (s.size() < 2 || !is_file_char(s[s.size() - 2]) || !is_rank_char(s.back()))
    return "no destination square";
  p.to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
  s.remove_suffix(2);
  for (char c : s) {
    if (is_file_char(c) && p.from_file < 0)
      p.from_file = c - 'a';
    else if (is_rank_char(c) && p.from_rank < 0)
      p.from_rank = c - '1';
    else if (c != 'x' && c != ':' && c != '-')
      return std::string("unexpected '") + c + "'";
  }
  if (p.promotion != PieceType::None && p.piece != PieceType::Pawn) return "only pawns promote";
  return {};
}

bool matches(const Position& pos, Move m, const SanPattern& p) {
  if (p.castling) return m.is_castling() && castling_side(m.from(), m.to()) == p.castling_side;
  if (m.is_castling() || m.to() != p.to) return false;
  if (type_of(pos.moved_piece(m)) != p.piece) return false;
  if (p.from_file >= 0 && file_of(m.from()) != p.from_file) return false;
  if (p.from_rank >= 0 && rank_of(m.from()) != p.from_rank) return false;
  // A pawn named without its file moves straight ahead.
  if (p.piece == PieceType::Pawn && p.from_file < 0 && file_of(m.from()) != file_of(m.to()))
    return false;
  PieceType promotion = m.is_promotion() ? m.promotion() : PieceType::None;
  return promotion == p.promotion;
}

}  // namespace

std::string to_san(const Position& pos, Move m) {
  if (m.is_castling())
    return (castling_side(m.from(), m.to()) == CastlingSide::King ? "O-O" : "O-O-O") +
           check_suffix(pos, m);
  PieceType pt = type_of(pos.moved_piece(m));
  std::string san;
  if (pt == PieceType::Pawn) {
    if (pos.is_capture(m)) san += char('a' + file_of(m.from()));
  } else {
    san += kSanPieceLetters[index(pt)];
    MoveList moves;
    generate_legal(pos, moves);
    bool others = false, same_file = false, same_rank = false;
    for (Move o : moves) {
      if (o == m || o.to() != m.to() || o.is_castling() || type_of(pos.moved_piece(o)) != pt)
        continue;
      others = true;
      same_file |= file_of(o.from()) == file_of(m.from());
      same_rank |= rank_of(o.from()) == rank_of(m.from());
    }
    if (others) {
      if (!same_file)
        san += char('a' + file_of(m.from()));
      else if (!same_rank)
        san += char('1' + rank_of(m.from()));
      else
        san += square_name(m.from());
    }
  }
  if (pos.is_capture(m)) san += 'x';
  san += square_name(m.to());
  if (m.is_promotion()) {
    san += '=';
    san += kSanPieceLetters[index(m.promotion())];
  }
  return san + check_suffix(pos, m);
}

Result<Move> parse_san(const Position& pos, std::string_view text) {
  SanPattern pattern;
  if (std::string e = parse_pattern(strip_san_decorations(text), pattern); !e.empty())
    return Error{"malformed SAN '" + std::string(text) + "': " + e};
  MoveList moves;
  generate_legal(pos, moves);
  Move found;
  int count = 0;
  for (Move m : moves) {
    if (!matches(pos, m, pattern)) continue;
    found = m;
    ++count;
  }
  if (count == 1) return found;
  if (count > 1) return Error{"ambiguous SAN '" + std::string(text) + "'"};
  // Say what is missing when only the promotion piece is.
  if (pattern.piece == PieceType::Pawn && pattern.promotion == PieceType::None) {
    pattern.promotion = PieceType::Queen;
    for (Move m : moves)
      if (matches(pos, m, pattern))
        return Error{"SAN '" + std::string(text) + "' lacks the promotion piece"};
  }
  return Error{"illegal SAN '" + std::string(text) + "'"};
}

}  // namespace arbiter::core
