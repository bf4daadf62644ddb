// UCI long algebraic moves.
#include <string>

#include "arbiter/core/movegen.h"
#include "arbiter/core/notation.h"

namespace arbiter::core {

namespace {

constexpr std::string_view kPromotionLetters = "  nbrq";  // indexed by PieceType

// Castling as the king's two-square step: how standard chess writes it.
std::string castling_as_king_step(Move m) {
  Color c = rank_of(m.from()) == kRank1 ? Color::White : Color::Black;
  Square king_to = castled_king_square(c, castling_side(m.from(), m.to()));
  return square_name(m.from()) + square_name(king_to);
}

}  // namespace

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::string to_uci(Move m, bool chess960) {
  if (m == Move::null() || !m) return "0000";
  if (m.is_castling() && !chess960) return castling_as_king_step(m);
  std::string text = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion()) text += kPromotionLetters[index(m.promotion())];
  return text;
}

Result<Move> parse_uci_move(const Position& pos, std::string_view text, bool chess960) {
  bool well_formed = (text.size() == 4 || text.size() == 5) && is_file_char(text[0]) &&
                     is_rank_char(text[1]) && is_file_char(text[2]) && is_rank_char(text[3]);
  if (well_formed && text.size() == 5) {
    char promo = char(std::tolower(static_cast<unsigned char>(text[4])));
    well_formed = promo == 'n' || promo == 'b' || promo == 'r' || promo == 'q';
  }
  if (!well_formed) return Error{"malformed move '" + std::string(text) + "'"};

  std::string wanted(text);
  if (wanted.size() == 5) wanted[4] = char(std::tolower(static_cast<unsigned char>(wanted[4])));
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    if (to_uci(m, chess960) == wanted) return m;
    // Standard chess also accepts the king-takes-rook spelling of castling.
    if (!chess960 && m.is_castling() && to_uci(m, true) == wanted) return m;
  }
  return Error{"illegal move '" + std::string(text) + "'"};
}

}  // namespace arbiter::core
